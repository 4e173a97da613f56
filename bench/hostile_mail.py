"""Benchmark: what one hostile mail costs the inbox worker (issue 26), the worst shape of
each kind, each within the 256 KiB limit.

    .venv/bin/python bench/hostile_mail.py [--runs 3] [--scrypt-n 16384]

Each shape is stored in a scratch SQLite database and handled by ``handle_next`` (decoded,
what is kept of it redacted, read by the real service handler, its reply queued): the
time it takes is the time every other sender's mail waits behind it. The shapes:

- ``join``: 20,160 lines of ``JOIN g<n> <password>``, every password a new one (each
  was a secret scrubbed from every line);
- ``join-over-budget``: the same from a sender already over its reply budget (its mail
  is read and undone);
- ``signon``: 200 wrong ``SIGNON FRANCE@alpha <guess>`` lines (each was a scrypt hash);
- ``wrote``: 18,000 ``... wrote:`` lines (each sliced the rest of the mail);
- ``wrote-blank``: 9,000 ``x wrote:`` lines, then blank lines to the limit (each
  attribution looked past every blank line for a quote);
- ``press``: one press block of ``JOIN`` lines (every line of it is read);
- ``orders``: different order lines to the limit, signed on nowhere;
- ``create``: 200 ``CREATE`` lines (each a new password hashed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mail_database import scratch_database  # noqa: E402
from sqlalchemy.orm import Session, sessionmaker  # noqa: E402

from judge.config import Settings, settings_from_text  # noqa: E402
from judge.mail.worker import handle_next  # noqa: E402
from judge.service.inbound import handle_mail  # noqa: E402
from judge.storage.mailqueue import store_inbound  # noqa: E402
from judge.storage.session import make_sessionmaker, unit_of_work  # noqa: E402
from tests.e2e.hostile_shapes import SHAPES as TEST_SHAPES  # noqa: E402
from tests.e2e.hostile_shapes import raw  # noqa: E402

# the shapes the stall tests send (tests/e2e/hostile_shapes.py), and one more: the join
# shape from a sender already over its reply budget
SHAPES: dict[str, Callable[[], str]] = {**TEST_SHAPES, "join-over-budget": TEST_SHAPES["join"]}


def _raw(sender: str, body: str, n: int) -> bytes:
    return raw(body, n, sender)


def _handled(factory: sessionmaker[Session], settings: Settings, raw: bytes) -> float:
    """Seconds ``handle_next`` takes over the one stored mail ``raw``."""
    with unit_of_work(factory) as s:
        store_inbound(s, raw, "sender@evil.example", ["judge@example.org"])
    start = time.perf_counter()
    handle_next(factory, settings, handle_mail)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scrypt-n", type=int, default=16384)
    parser.add_argument("--shape", choices=sorted(SHAPES), action="append")
    args = parser.parse_args()
    count = 0
    for name in args.shape or list(SHAPES):
        body = SHAPES[name]()
        times = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as tmp, scratch_database("", tmp) as (url, engine):
                settings = settings_from_text(
                    f"[judge]\naddress = judge@example.org\n[database]\nurl = {url}\n"
                    f"[security]\nscrypt_n = {args.scrypt_n}\n", Path(tmp))
                factory = make_sessionmaker(engine)
                gm = "GM@example.org"
                count += 1
                _handled(factory, settings, _raw(gm, "CREATE alpha gmpass STANDARD", count))
                count += 1
                _handled(factory, settings, _raw("fr@example.org", "JOIN alpha frpass FRANCE",
                                                 count))
                sender = "stranger@evil.example"
                if name.endswith("over-budget"):
                    for _ in range(10):
                        count += 1
                        _handled(factory, settings, _raw(sender, "HELP", count))
                count += 1
                raw = _raw(sender, body, count)
                times.append(_handled(factory, settings, raw))
        print(f"{name:17} {len(raw):7} bytes, {body.count(chr(10)):6} lines: best "
              f"{min(times):7.3f} s, median {statistics.median(times):7.3f} s "
              f"({args.runs} runs, scrypt_n {args.scrypt_n})", flush=True)


if __name__ == "__main__":
    main()
