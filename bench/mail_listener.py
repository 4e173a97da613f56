"""Benchmark: mails per second the SMTP listener accepts (stored before 250) from 20 clients.

    .venv/bin/python bench/mail_listener.py                      # SQLite in a temp directory
    .venv/bin/python bench/mail_listener.py --database-url "$(.ci/postgres.sh)"
    .venv/bin/python bench/mail_listener.py --serve              # the whole judge serve

With ``--serve`` the listener runs inside the whole daemon, as ``judge serve`` runs it: the
worker (the real service handler) answers each mail while more arrive, and the sender
writes the answers to the Maildir, all in one process sharing one interpreter lock. It
prints how fast mail was accepted, and when the last answer was queued and delivered.

Clients run in a separate process (20 threads, each with its own SMTP connection), so
the listener does not share its interpreter lock with them. Target: 200 mails/s.
"""

from __future__ import annotations

import argparse
import multiprocessing
import smtplib
import socket
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mail_database import scratch_database  # noqa: E402
from sqlalchemy import func, select  # noqa: E402

from judge.config import settings_from_text  # noqa: E402
from judge.mail.daemon import Daemon  # noqa: E402
from judge.mail.listener import Listener  # noqa: E402
from judge.service.bounces import note_bounces  # noqa: E402
from judge.service.inbound import handle_mail  # noqa: E402
from judge.storage.mailqueue import InboundMessage, InboxState, OutboundMessage  # noqa: E402
from judge.storage.session import make_sessionmaker  # noqa: E402

BODY = (
    "signon france@alpha secret\r\nA PAR - BUR\r\nA MAR S A PAR - BUR\r\nF BRE - MAO\r\n"
    "PRESS TO E\r\nThe Channel stays empty.\r\nENDPRESS\r\n" + ("x" * 70 + "\r\n") * 20
)


def _mail(n: int, run: str) -> bytes:
    return (
        f"From: player{n % 7}@example.org\r\nTo: judge@example.org\r\n"
        f"Subject: orders {n}\r\nMessage-ID: <{run}.{n}@example.org>\r\n\r\n{BODY}"
    ).encode()


def _clients(port: int, clients: int, per_client: int, run: str, reconnect: bool) -> None:
    errors: list[BaseException] = []

    def client(c: int) -> None:
        try:
            smtp = smtplib.SMTP("127.0.0.1", port, timeout=60)
            for i in range(per_client):
                if reconnect and i:
                    smtp.quit()
                    smtp = smtplib.SMTP("127.0.0.1", port, timeout=60)
                smtp.sendmail(
                    "p@example.org", ["judge@example.org"], _mail(c * per_client + i, run)
                )
            smtp.quit()
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=client, args=(c,)) for c in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise SystemExit(f"{len(errors)} clients failed: {errors[0]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--mails", type=int, default=2000, help="mails in all")
    parser.add_argument(
        "--reconnect",
        action="store_true",
        help="one SMTP connection per mail (as most MTAs deliver)",
    )
    parser.add_argument("--serve", action="store_true",
                        help="the whole judge serve: listener, worker and sender together")
    args = parser.parse_args()
    if args.serve:
        serve(args)
        return
    with tempfile.TemporaryDirectory() as tmp, scratch_database(
        args.database_url, tmp
    ) as (url, engine):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        settings = settings_from_text(
            f"[judge]\naddress = judge@example.org\n[smtp]\nport = {port}\n", Path(tmp)
        )
        per_client = args.mails // args.clients
        with Listener(settings, make_sessionmaker(engine)):
            proc = multiprocessing.Process(
                target=_clients,
                args=(port, args.clients, per_client, uuid.uuid4().hex, args.reconnect),
            )
            start = time.perf_counter()
            proc.start()
            proc.join()
            elapsed = time.perf_counter() - start
        with engine.connect() as conn:
            stored = conn.execute(select(func.count()).select_from(InboundMessage)).scalar_one()
    total = per_client * args.clients
    if proc.exitcode != 0 or stored != total:
        raise SystemExit(f"clients exit {proc.exitcode}, stored {stored} of {total}")
    backend = url.split(":", 1)[0]
    mode = "connection per mail" if args.reconnect else "connection per client"
    print(
        f"listener {backend}: {total} mails from {args.clients} clients ({mode}) in "
        f"{elapsed:.2f} s = {total / elapsed:.0f} mails/s accepted (target 200)"
    )


def serve(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp, scratch_database(
        args.database_url, tmp
    ) as (url, engine):
        settings = settings_from_text(
            f"[judge]\naddress = judge@example.org\n[smtp]\nport = 0\n"
            f"[outgoing]\nmaildir = {tmp}/outbox\n"
            "[security]\nreplies_per_hour = 1000000\n", Path(tmp))
        factory = make_sessionmaker(engine)
        per_client = args.mails // args.clients
        total = per_client * args.clients
        with Daemon(settings, factory, handle_mail, bounces=note_bounces) as daemon:
            proc = multiprocessing.Process(
                target=_clients,
                args=(daemon.port, args.clients, per_client, uuid.uuid4().hex, args.reconnect),
            )
            start = time.perf_counter()
            proc.start()
            proc.join()
            accepted = time.perf_counter() - start
            answered = delivered = None
            while time.perf_counter() - start < 600:
                with factory() as s:
                    waiting = s.scalar(select(func.count()).select_from(InboundMessage)
                                       .where(InboundMessage.state == InboxState.RECEIVED))
                    sent = s.scalar(select(func.count()).select_from(OutboundMessage)
                                    .where(OutboundMessage.state == "sent"))
                if not waiting and answered is None:
                    answered = time.perf_counter() - start
                if answered is not None and sent == total:
                    delivered = time.perf_counter() - start
                    break
                time.sleep(0.05)
    if proc.exitcode != 0 or delivered is None or answered is None:
        raise SystemExit(f"clients exit {proc.exitcode}, not every mail answered and sent")
    backend = url.split(":", 1)[0]
    mode = "connection per mail" if args.reconnect else "connection per client"
    print(f"judge serve {backend}: {total} mails from {args.clients} clients ({mode}) "
          f"accepted in {accepted:.2f} s = {total / accepted:.0f} mails/s (target 200); "
          f"all answered after {answered:.2f} s = {total / answered:.0f} mails/s, "
          f"all answers delivered after {delivered:.2f} s")


if __name__ == "__main__":
    main()
