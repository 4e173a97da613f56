"""Benchmark: stored mails per second the inbox worker handles (decoded, handled, reply queued).

    .venv/bin/python bench/mail_worker.py                        # the real service handler
    .venv/bin/python bench/mail_worker.py --handler echo         # the worker's own cost
    .venv/bin/python bench/mail_worker.py --database-url "$(.ci/postgres.sh)"

The inbox is filled first with a realistic mix (Gmail-style multipart mail with quoted
replies; HELP, LIST, a sign-on to a game that does not exist, press), then drained by
the worker as ``judge serve``'s drains it: up to 20 mails a transaction, over one
connection. Targets for the game mix: 150 mails/s on SQLite, 100/s on PostgreSQL.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mail_database import scratch_database  # noqa: E402
from processing_setup import OPENING  # noqa: E402
from sqlalchemy import func, select  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402

from judge.config import Settings, settings_from_text  # noqa: E402
from judge.mail.decode import DecodedMail  # noqa: E402
from judge.mail.worker import MailHandler, drain_inbox  # noqa: E402
from judge.storage.mailqueue import OutboundMessage, queue_mail, store_inbound  # noqa: E402
from judge.storage.session import make_sessionmaker, unit_of_work  # noqa: E402

BODIES = [
    "HELP\n",
    "LIST\n",
    "signon france@nosuchgame secret\nA PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO\n",
    "signon Fnosuchgame secret\nPRESS TO E\nThe Channel stays empty.\nENDPRESS\n",
]
QUOTE = "\n\nOn Sat, 21 Nov 2026 at 10:00, Judge <judge@example.org> wrote:\n" + "".join(
    f"> old line {i}\n" for i in range(30))


ORDERS = {power: "\n".join(lines) for power, lines in OPENING.items()}
POWERS = sorted(ORDERS)


def _game_mail(n: int) -> tuple[str, str]:
    """(sender, body) of mail n of a game: created, joined by seven, started, then orders."""
    if n == 0:
        return "gm@example.org", "CREATE alpha gmpass STANDARD"
    if n <= 7:
        power = POWERS[n - 1]
        return f"{power.lower()}@example.org", f"JOIN alpha pw{power.lower()} {power}"
    if n == 8:
        return "gm@example.org", "SIGNON MASTER@alpha gmpass\nSTART"
    power = POWERS[n % 7]
    return (f"{power.lower()}@example.org",
            f"SIGNON {power}@alpha pw{power.lower()}\n{ORDERS[power]}")


def _mail(n: int, mix: str) -> bytes:
    if mix == "game":
        sender, body = _game_mail(n)
    else:
        sender, body = f"player{n % 50}@example.org", BODIES[n % len(BODIES)]
    m = EmailMessage()
    m["From"] = f"Player <{sender}>"
    m["To"] = "judge@example.org"
    m["Subject"] = f"Re: Diplomacy orders {n}"
    m["Message-ID"] = f"<bench.{n}@example.org>"
    text = body + "\n\n-- \nPlayer" + QUOTE
    m.set_content(text)
    m.add_alternative(f"<div>{text.replace(chr(10), '<br>')}</div>", subtype="html")
    return m.as_bytes()


def echo(session: Session, mail: DecodedMail, settings: Settings) -> None:
    queue_mail(session, mail.reply_address, f"Re: {mail.subject}", "\n".join(mail.body_lines),
               sender=settings.address, in_reply_to=mail.message_id, inbox_id=mail.inbox_id)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="")
    parser.add_argument("--mails", type=int, default=1000)
    parser.add_argument("--handler", choices=["service", "echo"], default="service")
    parser.add_argument("--mix", choices=["commands", "game"], default="commands",
                        help="game: one game created, joined by seven and ordered in, "
                        "each order mail a password sign-on")
    parser.add_argument("--scrypt-n", type=int, default=16384,
                        help="[security] scrypt_n: the cost of each password check")
    parser.add_argument("--replies-per-hour", type=int, default=1_000_000,
                        help="[security] replies_per_hour; the commands mix sends each of "
                        "its 50 senders 20 unsigned mails at once, which the judge's "
                        "default budget (10) would stop reading half way")
    args = parser.parse_args()
    handler: MailHandler = echo
    if args.handler == "service":
        from judge.service.inbound import handle_mail

        handler = handle_mail
    with tempfile.TemporaryDirectory() as tmp, scratch_database(
        args.database_url, tmp
    ) as (url, engine):
        settings = settings_from_text(
            f"[judge]\naddress = judge@example.org\n[database]\nurl = {url}\n"
            f"[security]\nscrypt_n = {args.scrypt_n}\n"
            f"replies_per_hour = {args.replies_per_hour}\n", Path(tmp))
        factory = make_sessionmaker(engine)
        with unit_of_work(factory) as s:
            for n in range(args.mails):
                store_inbound(s, _mail(n, args.mix), "bench@example.org", ["judge@example.org"])
        start, cpu = time.perf_counter(), time.process_time()
        # as judge serve's worker drains it: many mails a transaction, one connection
        counts = drain_inbox(factory, settings, handler)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        outcomes = {k.value: v for k, v in counts.items()}
        with factory() as s:
            replies = s.scalar(select(func.count()).select_from(OutboundMessage))
    backend = url.split(":", 1)[0]
    # issue 14's targets for game mail: 150/s on SQLite, 100/s on PostgreSQL
    target = 150 if backend == "sqlite" else 100
    print(f"worker {backend} ({args.handler} handler, {args.mix}, scrypt_n {args.scrypt_n}): "
          f"{args.mails} mails in "
          f"{elapsed:.2f} s = {args.mails / elapsed:.0f} mails/s handled (target {target}); "
          f"worker CPU {cpu:.2f} s = {cpu / args.mails * 1000:.2f} ms a mail; {outcomes}, "
          f"{replies} replies queued")


if __name__ == "__main__":
    main()
