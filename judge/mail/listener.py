"""The SMTP listener: mail for the judge's addresses only, size-limited, stored before 250."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AnyStr

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope
from aiosmtpd.smtp import Session as SMTPSession
from sqlalchemy import Connection, Engine
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.storage.mailqueue import store_inbound
from judge.storage.session import let_go, sync_later, sync_log, unit_of_work

log = logging.getLogger(__name__)


class WriteGate:
    """Hands SQLite's write lock between the listener's writer and the worker without
    SQLite's busy handler (which sleeps 1, 2, 5, 10... ms between tries, the lock idle
    meanwhile): SMTP clients wait for their 250, the worker need not.

    Between processes the writer waits until the worker is between two mails; the
    worker, before each mail, lets the writer go first once arrivals have waited
    ``PATIENCE`` seconds, so a write stores what came meanwhile in one transaction (one
    fsync) and a steady stream of mail neither starves the worker nor waits long. The
    sender also lets waiting arrivals go first. Shared with child processes (``judge
    serve``'s ``[serve]``) when made with a multiprocessing context, else between
    threads only."""

    PATIENCE = 0.01
    WRITER_WAITS = 0.2  # at most, for the worker's mail to end (then SQLite's handler)

    # _counts: arrivals waiting, writes done, the worker in a transaction (0 or 1),
    # when the oldest waiting arrival came (time.monotonic_ns; monotonic is machine-wide)
    _WAITING, _DONE, _BUSY, _SINCE = range(4)

    def __init__(self, context: Any = None, one_writer: bool = True) -> None:
        # ``one_writer``: the database takes one writer at a time (SQLite). PostgreSQL
        # does not: there a worker in another process neither waits nor is waited for.
        self._turns = one_writer
        # Between threads the worker lets every waiting arrival go first and the writer
        # does not wait for it: the interpreter lock already runs one at a time, and
        # measured so (branch speed-serve) this answered faster than being patient.
        self._shared = context is not None
        if context is None:
            self._cond: Any = threading.Condition()
            self._counts: Any = [0, 0, 0, 0]
        else:
            # Between processes a lock, and waits that look every half millisecond: a
            # process killed while waiting on a multiprocessing Condition leaves it
            # waiting for that process for ever; a lock is held for a few instructions.
            self._cond = _PolledCondition(context.Lock())
            self._counts = context.Array("q", 4, lock=False)  # guarded by _cond

    @property
    def waiting(self) -> int:
        """Arrivals waiting to be stored."""
        with self._cond:
            return int(self._counts[self._WAITING])

    def arrived(self) -> None:
        with self._cond:
            if not self._counts[self._WAITING]:
                self._counts[self._SINCE] = time.monotonic_ns()
            self._counts[self._WAITING] += 1

    def writing(self) -> None:
        """The writer is about to write: wait (a little at most) for the worker's mail."""
        if not (self._shared and self._turns):
            return
        with self._cond:
            self._cond.wait_for(lambda: not self._counts[self._BUSY], self.WRITER_WAITS)

    def written(self, count: int) -> None:
        """A write ended that stored (or failed to store) ``count`` arrivals."""
        with self._cond:
            self._counts[self._WAITING] -= count
            if self._counts[self._WAITING]:
                self._counts[self._SINCE] = time.monotonic_ns()
            self._counts[self._DONE] += 1
            self._cond.notify_all()

    def wait_for_writes(self, timeout: float = 1.0) -> None:
        """When arrivals wait to be stored, wait (at most ``timeout``) until the next write
        ends: called by the sender between its transactions, so that the writer gets the
        database first instead of polling for SQLite's lock while others take it again
        and again (mail was accepted four times slower while the worker was busy). One
        write only, so a steady stream of mail never starves the caller."""
        with self._cond:
            if self._counts[self._WAITING]:
                done = self._counts[self._DONE]
                self._cond.wait_for(lambda: self._counts[self._DONE] != done, timeout)

    def _writer_first(self) -> bool:
        """Whether arrivals have waited long enough for the writer to go before the
        worker's next mail (called holding ``_cond``)."""
        if not self._counts[self._WAITING] or not (self._turns or not self._shared):
            return False
        waited = time.monotonic_ns() - self._counts[self._SINCE]
        return waited >= (self.PATIENCE * 1e9 if self._shared else 0)

    def writer_waits(self) -> bool:
        """Whether the worker, in the middle of a write transaction of many mails (on
        SQLite: judge.mail.worker.handle_batch), should end it and let the writer store
        the arrivals that have waited long enough."""
        with self._cond:
            return self._writer_first()

    def worker_starts(self, timeout: float = 1.0) -> None:
        """The worker is about to handle a mail (or a batch of them): first the writer's
        turn, if arrivals have waited long enough; then the writer waits for this mail."""
        with self._cond:
            if self._writer_first():
                done = self._counts[self._DONE]
                self._cond.wait_for(lambda: self._counts[self._DONE] != done, timeout)
            self._counts[self._BUSY] = 1

    def worker_ends(self) -> None:
        with self._cond:
            self._counts[self._BUSY] = 0
            self._cond.notify_all()


class _PolledCondition:
    """What WriteGate needs of a condition variable, on a lock shared between processes:
    waiting looks again every half millisecond instead of being woken."""

    LOOK_EVERY = 0.0005

    def __init__(self, lock: Any) -> None:
        self._lock = lock

    def __enter__(self) -> bool:
        return bool(self._lock.acquire())

    def __exit__(self, *exc: object) -> None:
        self._lock.release()

    def wait_for(self, predicate: Callable[[], Any], timeout: float) -> Any:
        deadline = time.monotonic() + timeout
        while not (result := predicate()) and time.monotonic() < deadline:
            self._lock.release()
            try:
                time.sleep(self.LOOK_EVERY)
            finally:
                self._lock.acquire()
        return result

    def notify_all(self) -> None:
        pass


@dataclass(frozen=True, slots=True)
class _Arrival:
    raw: bytes
    mail_from: str
    rcpt_to: tuple[str, ...]
    peer: str


class _Stored:
    """Called when a write of ``count`` arrivals has ended (once, however often called):
    the gate hears of it, and the worker is woken."""

    def __init__(self, handler: InboxHandler, count: int) -> None:
        self._handler = handler
        self._count = count
        self._done = False

    def __call__(self) -> None:
        if self._done:
            return
        self._done = True
        self._handler.gate.written(self._count)
        if self._handler.on_stored is not None:
            self._handler.on_stored()


class InboxHandler:
    """aiosmtpd handler: refuses unknown recipients at RCPT and answers 250 to DATA only
    once the raw message is committed to the inbox.

    Arrivals that come while a commit is under way are written together in the next
    transaction (group commit), so twenty clients cost a few fsyncs, not twenty.
    """

    def __init__(
        self,
        settings: Settings,
        factory: sessionmaker[Session],
        on_stored: Callable[[], None] | None = None,
        gate: WriteGate | None = None,
    ) -> None:
        self.settings = settings
        self.factory = factory
        self.on_stored = on_stored
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="inbox-writer")
        self._pending: list[tuple[_Arrival, asyncio.Future[int | None]]] = []
        self._flushing: asyncio.Task[None] | None = None
        self.gate = gate or WriteGate()
        # the writer thread's own connection and the log it syncs (_transaction)
        self._connection: Connection | None = None
        self._log: Path | None = None
        self._own = True  # until a connection found that commits wait for the disk anyway

    async def handle_RCPT(
        self, server: SMTP, session: SMTPSession, envelope: Envelope, address: str,
        rcpt_options: list[str],
    ) -> str:
        if not self.settings.is_judge_address(address):
            return f"550 5.1.1 <{address}>: no such mailbox here (this is a Diplomacy judge)"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: SMTPSession, envelope: Envelope) -> str:
        raw = envelope.original_content
        if raw is None:
            content = envelope.content
            raw = content if isinstance(content, bytes) else str(content).encode("utf-8")
        peer = session.peer
        arrival = _Arrival(
            raw=raw,
            mail_from=(envelope.mail_from or "").strip().removeprefix("<").removesuffix(">"),
            rcpt_to=tuple(envelope.rcpt_tos),
            peer=peer[0] if isinstance(peer, tuple) else str(peer or ""),
        )
        try:
            row_id = await self._store(arrival)
        except Exception:
            log.exception("could not store mail from %s", arrival.mail_from)
            return "451 4.3.0 the judge could not store your message; try again later"
        if row_id is None:
            return "250 2.0.0 already received (same Message-ID and text); stored once"
        return f"250 2.0.0 stored as #{row_id}"

    async def _store(self, arrival: _Arrival) -> int | None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int | None] = loop.create_future()
        self._pending.append((arrival, future))
        self.gate.arrived()
        if self._flushing is None or self._flushing.done():
            self._flushing = loop.create_task(self._flush())
        return await future

    def wait_for_writes(self, timeout: float = 1.0) -> None:
        """See ``WriteGate.wait_for_writes``."""
        self.gate.wait_for_writes(timeout)

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending:
            batch, self._pending = self._pending, []
            arrivals = [a for a, _ in batch]
            stored = _Stored(self, len(batch))
            try:
                ids = await loop.run_in_executor(self._writer, self._gated_write, arrivals,
                                                 stored)
            except Exception as error:
                stored()
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, future), outcome in zip(batch, ids, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, Exception):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

    def _gated_write(self, arrivals: Sequence[_Arrival],
                     stored: Callable[[], None]) -> list[int | None | Exception]:
        self.gate.writing()
        try:
            return self._write(arrivals, stored)
        finally:
            stored()

    def _write(self, arrivals: Sequence[_Arrival],
               stored: Callable[[], None] = lambda: None) -> list[int | None | Exception]:
        """Store ``arrivals`` in one transaction; ``stored()`` once it has committed (the
        write lock let go: the worker may go on, and look for them), before the commit
        is known to be on disk (``_synced``), which is when the clients are answered."""
        try:
            with self._transaction() as session:
                ids: list[int | None | Exception] = [self._insert(session, a) for a in arrivals]
            stored()
            self._synced()
            return ids
        except Exception as error:
            self._forget_connection()
            if len(arrivals) == 1:
                return [error]
        # One bad message must not refuse the others written with it: each on its own.
        out: list[int | None | Exception] = []
        for arrival in arrivals:
            try:
                with self._transaction() as session:
                    row_id = self._insert(session, arrival)
                self._synced()
                out.append(row_id)
            except Exception as error:
                self._forget_connection()
                out.append(error)
        return out

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A write transaction, on the writer's own connection where it has one: on a
        SQLite file (WAL) its commits do not wait for the disk, ``_synced`` does, once
        SQLite's write lock is let go, so the worker writes meanwhile."""
        engine = self.factory.kw.get("bind")
        if self._connection is None and self._own and isinstance(engine, Engine):
            connection = engine.connect()
            try:
                self._log = sync_later(connection)
            except Exception:
                let_go(connection)
                raise
            if self._log is None:  # commits wait for the disk: the factory's sessions
                connection.close()
                self._own = False
            else:
                self._connection = connection
        if self._connection is None:
            with unit_of_work(self.factory) as session:
                yield session
            return
        with Session(bind=self._connection, expire_on_commit=False) as session, \
                session.begin():
            yield session

    def _synced(self) -> None:
        """The commit just made is on disk (nothing to do where commits wait for it)."""
        if self._connection is not None and self._log is not None:
            sync_log(self._log)

    def _forget_connection(self) -> None:
        """After a failed write the writer's connection is opened afresh."""
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                let_go(connection)
            except Exception:
                log.exception("closing the inbox writer's connection")

    @staticmethod
    def _insert(session: Session, arrival: _Arrival) -> int | None:
        return store_inbound(
            session, arrival.raw, arrival.mail_from, arrival.rcpt_to, peer=arrival.peer
        )

    def close(self) -> None:
        """Stop the writer thread (after the SMTP server has stopped)."""
        self._writer.shutdown(wait=True)
        self._forget_connection()


def too_big_reply(limit: int) -> str:
    """The 552 the sending MTA puts in its bounce, so the player learns what to change."""
    size = f"{limit // 1024} KiB" if limit % 1024 == 0 else f"{limit} bytes"
    return (f"552 5.3.4 message too big for the judge (at most {size}); send the commands "
            "as plain text, without attachments or quoted mail")


class _JudgeSMTP(SMTP):
    """aiosmtpd's SMTP session with the size refusals worded for players (aiosmtpd words
    them for mail admins, in two places, as fixed strings)."""

    async def push(self, status: AnyStr) -> None:
        if isinstance(status, str) and status.startswith("552 Error"):
            status = too_big_reply(self.data_size_limit or 0)
        await super().push(status)


class AnyPortController(Controller):
    """An aiosmtpd Controller that may be given port 0 (any free port, as tests ask):
    ``port`` is then the one the system bound."""

    def _trigger_server(self) -> None:
        # aiosmtpd connects once to the port it was given, to start the server
        # an asyncio.Server once started, though aiosmtpd types it an AbstractServer
        sockets = getattr(self.server, "sockets", None)
        if self.port == 0 and sockets:
            self.port = int(sockets[0].getsockname()[1])
        super()._trigger_server()


class _JudgeController(AnyPortController):
    def factory(self) -> SMTP:
        return _JudgeSMTP(self.handler, **self.SMTP_kwargs)


class Listener:
    """The running SMTP server of ``judge serve`` (an aiosmtpd Controller in its own thread)."""

    def __init__(
        self,
        settings: Settings,
        factory: sessionmaker[Session],
        on_stored: Callable[[], None] | None = None,
        gate: WriteGate | None = None,
        **smtp_options: Any,
    ) -> None:
        self.handler = InboxHandler(settings, factory, on_stored, gate)
        smtp_options.setdefault("data_size_limit", settings.max_message_size)
        smtp_options.setdefault("enable_SMTPUTF8", True)
        smtp_options.setdefault("ident", f"{settings.name} Diplomacy judge")
        self.controller = _JudgeController(
            self.handler,
            hostname=settings.smtp_host,
            port=settings.smtp_port,
            server_hostname=settings.address.partition("@")[2] or None,
            **smtp_options,
        )

    @property
    def port(self) -> int:
        """The port listened on (the one bound when the configuration asked for port 0)."""
        return int(self.controller.port)

    def start(self) -> None:
        self.controller.start()
        log.info("listening for mail on %s:%s", self.controller.hostname, self.port)

    def stop(self) -> None:
        self.controller.stop()
        self.handler.close()

    def __enter__(self) -> Listener:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
