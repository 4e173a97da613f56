"""Benchmark: mails per second the SMTP listener accepts (stored before 250) from 20 clients.

    .venv/bin/python bench/mail_listener.py                      # SQLite in a temp directory
    .venv/bin/python bench/mail_listener.py --database-url "$(.ci/postgres.sh)"

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
from judge.mail.listener import Listener  # noqa: E402
from judge.storage.mailqueue import InboundMessage  # noqa: E402
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
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
