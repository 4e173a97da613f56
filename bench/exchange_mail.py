"""Benchmark: what one more mail costs in a busy Exchange phase.

    .venv/bin/python bench/exchange_mail.py [--investors 12] [--mails 200]

Twelve investors join an Exchange game, which starts in its first bids phase (W1900B);
then ``--mails`` mails arrive in it, each an investor's signed-on BID lines, and each is
handled by the service as the inbox worker would (``handle_mail``, one transaction).
Prints the CPU time a mail costs, block by block (the first mail of each investor also
checks his password's hash, which costs most of the first block), the 200th mail alone
(the median of ``--repeat`` runs), and the phase played at its deadline (the processor's
run, one transaction). Each mail is read once, into the phase's reading kept with the
phase (issue 22), so the n-th mail costs about what the first does; before, each mail
replayed the phase's earlier mail through the batch runner and cost in proportion to n.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from processing_setup import scratch_judge  # noqa: E402
from sqlalchemy import select  # noqa: E402

from judge.service.inbound import handle_mail  # noqa: E402
from judge.service.processing import process_due  # noqa: E402
from judge.storage.mailqueue import DecodedMail, OutboundMessage  # noqa: E402
from judge.storage.schema import PhaseRecord  # noqa: E402
from judge.storage.session import unit_of_work  # noqa: E402

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
_ids = itertools.count(1)


def _mail(sender: str, *lines: str) -> DecodedMail:
    return DecodedMail(sender=sender, reply_to=None, subject="bids",
                       message_id=f"<b{next(_ids)}@bench.example>", body_lines=tuple(lines),
                       auto_reply=False, auto_reason="")


def one_run(investors: int, mails: int) -> tuple[list[float], float]:
    """The CPU time of each mail of the phase, and of the phase played at its deadline."""
    names = [f"INV{n:02d}" for n in range(investors)]
    with scratch_judge("") as (settings, factory):
        def send(sender: str, *lines: str) -> float:
            start = time.process_time()
            with unit_of_work(factory) as s:
                handle_mail(s, _mail(sender, *lines), settings, NOW)
            return time.process_time() - start

        gm = "gm@bench.example"
        send(gm, "CREATE xb masterpw EXCHANGE")
        for name in names:
            send(f"{name.lower()}@bench.example", f"JOIN xb pw{name.lower()} {name}")
        send(gm, "SIGNON MASTER@xb masterpw", "START")
        costs = []
        for n in range(mails):
            name = names[n % len(names)]
            bids = [f"BID {POWERS[(n + k) % 7]} {100 + n % 50 + k}" for k in range(3)]
            costs.append(send(f"{name.lower()}@bench.example",
                              f"SIGNON {name}@xb pw{name.lower()}", *bids))
        with factory() as s:
            last = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id.desc())
                             .limit(1)).one()
            if "accepted" not in last.body:
                raise SystemExit(f"the bids were not accepted:\n{last.body}")
            deadline = max(r.deadline for r in s.scalars(select(PhaseRecord))
                           if r.deadline is not None)
        start = time.process_time()
        process_due(factory, settings, deadline + timedelta(minutes=1))
        due = time.process_time() - start
        with factory() as s:
            if s.scalar(select(PhaseRecord).where(PhaseRecord.processed_at.is_not(None))) is None:
                raise SystemExit("the phase was not played at its deadline")
    return costs, due


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--investors", type=int, default=12)
    parser.add_argument("--mails", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = [one_run(args.investors, args.mails) for _ in range(args.repeat)]
    costs = runs[0][0]
    print(f"Exchange, {args.investors} investors, {args.mails} mails of 3 bids in W1900B "
          "(CPU per mail, mean and median over each block of 25 mails, first run):")
    for first in range(0, args.mails, 25):
        block = costs[first:first + 25]
        print(f"  mails {first + 1:4d}-{first + len(block):4d}: "
              f"mean {statistics.mean(block) * 1000:6.1f} ms, "
              f"median {statistics.median(block) * 1000:6.1f} ms")
    last = statistics.median(run[0][-1] for run in runs)
    due = statistics.median(run[1] for run in runs)
    print(f"  mail {args.mails} alone: {last * 1000:.1f} ms (median of {args.repeat} runs)")
    print(f"  the phase played at its deadline: {due * 1000:.1f} ms "
          f"(median of {args.repeat} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
