"""Benchmark: queued mails per second the outbox sender delivers, to the Maildir or to a relay.

    .venv/bin/python bench/mail_sender.py                        # Maildir, SQLite
    .venv/bin/python bench/mail_sender.py --relay                # a local SMTP sink as relay
    .venv/bin/python bench/mail_sender.py --database-url "$(.ci/postgres.sh)"

The outbox is filled first with ``--mails`` replies (a typical reply body, each to its own
player), then the sender drains it as ``judge serve``'s sender does (``send_due`` until
nothing is due), claiming, delivering and marking every mail. With ``--relay`` the mail goes
over SMTP to a sink in a separate process that answers 250 to everything. Target: 300
mails/s to the Maildir.
"""

from __future__ import annotations

import argparse
import multiprocessing
import socket
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mail_database import scratch_database  # noqa: E402
from sqlalchemy import func, select  # noqa: E402

from judge.config import settings_from_text  # noqa: E402
from judge.mail.delivery import delivery_for  # noqa: E402
from judge.mail.send import send_due  # noqa: E402
from judge.storage.mailqueue import OutboundMessage, OutboxState, queue_mail  # noqa: E402
from judge.storage.session import make_sessionmaker, unit_of_work  # noqa: E402

BODY = "".join(
    f"{n}. A PAR - BUR\n   ok\n" for n in range(1, 8)
) + "\nThe orders above replace your earlier ones.\n" + "x" * 60 + "\n" * 3 + (
    "-- \njudge (judge@example.org). HELP lists the commands.\n")


def _sink(port: int, ready: multiprocessing.synchronize.Event,
          stop: multiprocessing.synchronize.Event) -> None:
    from aiosmtpd.controller import Controller

    class Sink:
        async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
            return "250 2.0.0 OK"

    controller = Controller(Sink(), hostname="127.0.0.1", port=port)
    controller.start()
    ready.set()
    stop.wait()
    controller.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="")
    parser.add_argument("--mails", type=int, default=2000)
    parser.add_argument("--relay", action="store_true", help="deliver to a local SMTP sink")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, scratch_database(
        args.database_url, tmp
    ) as (url, engine):
        relay = ""
        sink = None
        stop = multiprocessing.Event()
        if args.relay:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
            ready = multiprocessing.Event()
            sink = multiprocessing.Process(target=_sink, args=(port, ready, stop))
            sink.start()
            ready.wait(30)
            relay = f"relay = 127.0.0.1:{port}\n"
        settings = settings_from_text(
            f"[judge]\naddress = judge@example.org\n[outgoing]\nmaildir = {tmp}/outbox\n"
            f"{relay}", Path(tmp))
        factory = make_sessionmaker(engine)
        with unit_of_work(factory) as s:
            for n in range(args.mails):
                queue_mail(s, f"player{n}@example.org", f"Re: orders {n}", BODY,
                           sender=settings.address, in_reply_to=f"<m{n}@example.org>")
        delivery = delivery_for(settings)
        start, cpu = time.perf_counter(), time.process_time()
        sent = 0
        while True:  # as judge serve's sender: send_due until nothing is left
            done = send_due(factory, settings, delivery)
            sent += done
            if not done:
                break
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        with factory() as s:
            states = dict(s.execute(select(OutboundMessage.state, func.count())
                                    .group_by(OutboundMessage.state)).all())
        if sink is not None:
            stop.set()
            sink.join()
        files = len(list((Path(tmp) / "outbox" / "new").glob("*"))) if not relay else None
    backend = url.split(":", 1)[0]
    where = "relay (local SMTP sink)" if relay else f"Maildir ({files} files)"
    print(f"sender {backend} to {where}: {sent} mails in {elapsed:.2f} s = "
          f"{sent / elapsed:.0f} mails/s (target 300); sender CPU {cpu:.2f} s = "
          f"{cpu / max(sent, 1) * 1000:.2f} ms a mail; outbox {states}")
    if states != {OutboxState.SENT.value: args.mails}:
        raise SystemExit("not every mail was sent exactly once")


if __name__ == "__main__":
    main()
