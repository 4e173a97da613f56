"""A corporation's ledger in Exchange (exchange.md 7): what moved its treasury in a
phase, as its leader reads it in his statement, and its whole ledger over the game's
processed phases (sent with LEDGER, and to a leader on taking office for the first time).
The phase's events are read typed (judge.games.exchange.rules.events)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.games.exchange.rules.events import (
    Acceptance,
    Auction,
    Dividend,
    Event,
    Income,
    Proceeds,
    Transfer,
    events_of,
)
from judge.games.exchange.rules.game import Corporation, ExchangeGame, Status
from judge.games.market.mail.kind import Past


def treasury_lines(events: Sequence[Event], paid: Mapping[str, Mapping[str, int]],
                   power: str, anonymous: bool) -> list[str]:
    """What moved ``power``'s treasury in a phase: transfers received (the sender hidden
    when ``anonymous``), the start, IPO proceeds, income, dividends, the acceptance list,
    and the bribes it paid (``paid``: per payer and unit)."""
    lines: list[str] = []
    for e in events:
        if isinstance(e, Transfer):
            if e.to == power:
                who = "an investor" if anonymous else e.sender
                lines.append(f"received {e.amount} AgP from {who}")
        elif getattr(e, "corporation", None) != power:
            continue
        elif isinstance(e, Auction):
            lines.append(f"started: the founder paid {e.paid} AgP")
        elif isinstance(e, Proceeds) and e.to == "treasury":
            lines.append(f"IPO proceeds {e.amount} AgP")
        elif isinstance(e, Proceeds):
            lines.append(f"IPO sales {e.amount} AgP (to the bank: {power} had not floated)")
        elif isinstance(e, Income):
            lines.append(f"income {e.amount} AgP")
        elif isinstance(e, Dividend):
            total = sum(e.paid.values())
            lines.append(f"dividend {e.per_share} AgP a share, {total} AgP paid"
                         if e.per_share else "no dividend")
        elif isinstance(e, Acceptance):
            lines.append(f"acceptance list now {e.accepted}")
    bribes = paid.get(power, {})
    if bribes:
        lines.append("bribes paid: " + ", ".join(f"{u} {n}" for u, n in sorted(bribes.items())))
    return lines


def corporate_ledger(history: Sequence[Past[ExchangeGame]], power: str) -> list[str]:
    """A corporation's ledger from the game's processed phases (each with the state it
    opened with, typed, and what the store kept of its result: its events and the
    bribes paid): its treasury when each phase opened and what moved it."""
    out: list[str] = []
    for record in history:
        done = record.kept
        corp = record.state.corporations.get(power) or Corporation(power)
        lines = treasury_lines(events_of(done.get("events")), done.get("paid") or {},
                               power, True)
        if corp.status is Status.UNSTARTED and not lines:
            continue
        out.append(f"{record.phase}: treasury {corp.treasury} AgP"
                   + (f"; {'; '.join(lines)}" if lines else ""))
    return out or [f"{power} has no ledger yet."]
