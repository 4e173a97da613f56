"""Database engines and sessions from a URL, and the unit of work every change runs in."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

DEFAULT_URL = "sqlite:///var/judge.db"


def make_engine(url: str = DEFAULT_URL, durable: bool = True, **kwargs: Any) -> Engine:
    """An Engine for ``url``; for SQLite the file's directory is created on demand.

    SQLite runs in WAL mode with foreign keys on, and every transaction starts with
    ``BEGIN IMMEDIATE``: writers queue on the busy timeout instead of failing with
    "database is locked" when a read transaction later tries to write.
    PostgreSQL URLs without a driver get psycopg (version 3).

    Every commit waits until it is on disk, unless ``durable`` is false: then a commit
    returns once it is in the log (SQLite's ``synchronous=NORMAL`` in WAL mode,
    PostgreSQL's ``synchronous_commit = off``), and is on disk as soon as any later
    commit that waits is (the log is written and synced in order), or when the system
    writes its caches back. A power cut may lose it, never half of it. ``judge serve``'s
    worker commits so: a handling lost means the mail is handled again, and nothing
    leaves the judge before a waiting commit (the sender's claim) has made it durable.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() != "sqlite":
        kwargs.setdefault("pool_pre_ping", True)
        engine = create_engine(parsed, **kwargs)
        if not durable and parsed.get_backend_name() == "postgresql":
            _postgresql_async_commit(engine)
        return engine
    database = parsed.database or ""
    memory = database in ("", ":memory:") or database.startswith("file::memory:")
    if not memory:
        _create_private(Path(database).expanduser())
    connect_args = kwargs.pop("connect_args", {})
    connect_args.setdefault("timeout", 30)
    connect_args.setdefault("check_same_thread", False)
    if memory:
        kwargs.setdefault("poolclass", StaticPool)
    engine = create_engine(parsed, connect_args=connect_args, **kwargs)
    _sqlite_pragmas(engine, wal=not memory, durable=durable)
    return engine


def shown_url(url: str) -> str:
    """The URL as it may be printed or logged: any password replaced by ``***``."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not even a URL: show only its scheme
        return url.partition(":")[0] + ":..."


def _create_private(database: Path) -> None:
    """A new SQLite file (and its new directory) readable by the judge's user only: it
    holds password hashes and mail. SQLite gives its -wal and -shm files the database
    file's permissions. An existing file keeps the permissions it has."""
    if not database.parent.exists():
        database.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not database.exists():
        os.close(os.open(database, os.O_CREAT | os.O_WRONLY, 0o600))


def _postgresql_async_commit(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("SET synchronous_commit TO off")
        cursor.close()
        dbapi_connection.commit()


def _sqlite_pragmas(engine: Engine, wal: bool, durable: bool = True) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control away from the sqlite3 module so BEGIN is ours.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if wal:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        # what is deleted or written over is overwritten with zeros, not left in free
        # pages (issue 26: whole raw mails, passwords and all, stayed in the file's free
        # pages after their rows were redacted); the log is emptied by ``checkpoint``
        cursor.execute("PRAGMA secure_delete=ON")
        # FULL: a message answered 250 must survive a power cut, not only a crash.
        # NORMAL (not durable, WAL only): a commit is on disk with the next FULL one.
        cursor.execute(f"PRAGMA synchronous={'FULL' if durable or not wal else 'NORMAL'}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN" if connection.info.get(_READING) else "BEGIN IMMEDIATE")


_READING = "judge.read_snapshot"  # Connection.info: the next transaction only reads


@contextmanager
def read_snapshot(connection: Connection) -> Iterator[Connection]:
    """A transaction on ``connection`` that only reads: on SQLite a plain (deferred)
    ``BEGIN``, which takes no write lock (in WAL mode it reads one snapshot while others
    write), instead of the ``BEGIN IMMEDIATE`` every other transaction starts with.
    Elsewhere an ordinary transaction. Rolled back at the end: it must write nothing."""
    connection.info[_READING] = True
    try:
        transaction = connection.begin()
    finally:
        del connection.info[_READING]
    try:
        yield connection
    finally:
        transaction.rollback()


def sync_later(connection: Connection) -> Path | None:
    """Let ``connection``'s commits return before they are on disk, if it is SQLite's on
    a file in WAL mode; then the write-ahead log returned must be synced (``sync_log``)
    after each commit, before anyone is told the write is kept. The log is synced after
    the write lock is let go, so others write meanwhile (with ``synchronous=FULL``
    SQLite syncs it holding the lock). None, and nothing changed, for other databases:
    their commits wait for the disk as before. ``connection`` must be kept for the
    writes (it is changed, not the engine's others)."""
    if connection.dialect.name != "sqlite":
        return None
    raw = connection.connection.driver_connection
    if raw is None:
        return None
    mode = raw.execute("PRAGMA journal_mode").fetchone()
    files = {name: path for _, name, path in raw.execute("PRAGMA database_list")}
    if not mode or str(mode[0]).lower() != "wal" or not files.get("main"):
        return None
    raw.execute("PRAGMA synchronous=NORMAL")
    return Path(files["main"] + "-wal")


def let_go(connection: Connection) -> None:
    """Close a connection ``sync_later`` changed: its database connection is dropped,
    not put back in the pool, where others would get its commits that do not wait."""
    try:
        connection.invalidate()
    finally:
        connection.close()


def sync_log(log: Path) -> None:
    """Wait until the write-ahead log ``log`` (``sync_later``) is on disk, every commit in
    it: the file's data and size, whoever wrote them. A commit no longer in it was
    copied to the database file by a checkpoint, which syncs both before the log is
    written over. A log that is gone was removed after a checkpoint that synced the
    database file (SQLite removes it when its last connection closes), so nothing is
    left to wait for."""
    try:
        descriptor = os.open(log, os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def checkpoint(factory: sessionmaker[Session]) -> None:
    """On a SQLite file in WAL mode, copy the write-ahead log into the database and empty
    it (``wal_checkpoint(TRUNCATE)``): the log keeps every page as it was written, the
    raw mail the listener stored with its passwords too, until it is written over; after
    the worker has redacted what it handled, this leaves no copy of it but the redacted
    one (with ``secure_delete``, the old one is zeroed in the file). Elsewhere nothing.
    The log is emptied only if no reader holds an older snapshot; the next checkpoint
    empties it then."""
    engine = factory.kw.get("bind")
    if not isinstance(engine, Engine) or engine.dialect.name != "sqlite":
        return
    with engine.connect() as connection:
        raw = connection.connection.driver_connection
        if raw is not None:
            raw.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    """Sessions bound to ``engine``; objects stay readable after commit."""
    return sessionmaker(engine, expire_on_commit=False)


@contextmanager
def unit_of_work(factory: sessionmaker[Session]) -> Iterator[Session]:
    """One transaction: committed when the block ends, rolled back if it raises."""
    with factory() as session, session.begin():
        yield session
