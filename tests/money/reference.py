"""A deliberately plain order determination, written line by line from the pseudocode of
spec 5.9 with the rules of 5.2-5.3 and OQ-4 to OQ-8, to check the fast one against.

It re-reads every offer for every candidate of every unit in every pass; nothing is
cached and nothing is skipped, so it is slow and obviously right. (Only what never changes
is written down once: each offer's order text and type sign, and which offers name which
unit; the amounts are read again every time.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.engine.orders import Hold, Move, SupportHold, SupportMove
from judge.engine.position import Unit
from judge.money.payola.offers import Bribe, OfferedOrder, Signal

INF = float("inf")


@dataclass
class Live:
    """An elementary offer whose amount and plateau the reduction rounds lower."""

    bribe: Bribe
    amount: int
    plateau: int
    text: str = ""  # the offered order's text ("" for a wildcard offer)
    kind: str = ""  # the offer type's sign


@dataclass(frozen=True)
class Chosen:
    """A unit's issued order, payments and reported total, and every candidate's
    contributions in the last pass."""

    order: str
    paid: dict[str, int]
    total: int
    candidates: dict[str, dict[str, int]]


def determine(bribes: Mapping[str, Sequence[Bribe]], units: Mapping[str, tuple[str, Unit]],
              funds: Mapping[str, int], rankings: Mapping[str, Sequence[str]],
              ebayola: bool = False, public_totals: bool = False,
              restrict_signal: bool = False, dummies: frozenset[str] = frozenset(),
              ) -> tuple[dict[str, Chosen], dict[str, int], dict[str, int], int]:
    """(choice per unit location's province, spent, reduction rounds, passes)."""
    offers = {p: [Live(b, b.amount, b.plateau, "" if b.order is None else str(b.order),
                       b.kind.value) for b in bs]
              for p, bs in bribes.items()}
    by_unit: dict[str, list[tuple[str, int, Live]]] = {}  # unit's province -> its offers
    for p, os in offers.items():
        for k, o in enumerate(os):
            by_unit.setdefault(o.bribe.unit.province, []).append((p, k, o))
    rounds = dict.fromkeys(offers, 0)
    passes = 0
    while True:
        passes += 1
        chosen = {}
        spent = dict.fromkeys(offers, 0)
        for province, (owner, unit) in units.items():
            mine = by_unit.get(province, [])
            if not any(o.bribe.order is not None for _, _, o in mine):
                continue
            choice = _one_unit(unit, owner, mine, rankings.get(owner, ()), ebayola,
                               public_totals, restrict_signal, owner in dummies)
            chosen[province] = choice
            for p, x in choice.paid.items():
                spent[p] += x
        over = [p for p in offers if spent[p] > max(0, funds.get(p, 0))]
        if not over:
            return chosen, spent, rounds, passes
        for p in over:
            rounds[p] += 1
            if any(o.amount > o.plateau for o in offers[p]):
                for o in offers[p]:
                    if o.amount > o.plateau:
                        o.amount -= 1
            else:
                for o in offers[p]:
                    o.plateau = 0
                    o.amount = max(0, o.amount - 1)


def _applies(offer: Live, order: OfferedOrder, text: str, restrict_signal: bool) -> bool:
    """Spec 5.2.2, typed out again rather than borrowed from the code under test;
    ``text`` is the order's."""
    if offer.kind == ":":
        return offer.text == text
    if restrict_signal and isinstance(order, Signal):
        return False
    if offer.kind == "&":
        return True
    if offer.kind == "!":
        return text not in offer.bribe.excluded
    moving = isinstance(order, Move)
    return moving if offer.kind == ">" else not moving


def _one_unit(unit: Unit, owner: str, mine: list[tuple[str, int, Live]],
              ranking: Sequence[str], ebayola: bool, public_totals: bool,
              restrict_signal: bool, dummy: bool) -> Chosen:
    cands: list[OfferedOrder] = []
    texts: list[str] = []
    for _, _, o in mine:
        if o.bribe.order is not None and o.text not in texts:
            cands.append(o.bribe.order)
            texts.append(o.text)
    contrib: dict[str, dict[str, int]] = {}
    where: dict[str, dict[str, list[int]]] = {}
    plateaus: dict[str, dict[str, int]] = {}
    for c, key in zip(cands, texts, strict=True):
        contrib[key], where[key], plateaus[key] = {}, {}, {}
        for p, _, o in mine:
            if _applies(o, c, key, restrict_signal):
                contrib[key][p] = contrib[key].get(p, 0) + o.amount
                where[key].setdefault(p, []).append(o.bribe.position)
                plateaus[key][p] = plateaus[key].get(p, 0) + o.plateau
    total = {k: sum(v.values()) for k, v in contrib.items()}
    top = max(total.values())
    tied = [k for k in texts if total[k] == top]
    hold = str(Hold(unit))
    if dummy and len(tied) > 1 and hold in total:
        backers = {frozenset(contrib[k]) for k in tied}
        if len(backers) > 1 or len(next(iter(backers))) != 1:
            return Chosen(hold, dict(contrib[hold]), top + 1, contrib)
    for p in ranking:  # 5.2.3 step 2: acceptance rank, then sequence
        if len(tied) == 1:
            break
        best = min(min(where[k].get(p, [INF])) for k in tied)
        if best < INF:
            tied = [k for k in tied if min(where[k].get(p, [INF])) == best]
    for p in ranking:  # OQ-4: every position, an extra earlier offer wins
        if len(tied) == 1:
            break
        lists = {k: sorted(where[k].get(p, [])) for k in tied}
        width = max(len(x) for x in lists.values())
        padded = {k: x + [INF] * (width - len(x)) for k, x in lists.items()}
        least = min(padded.values())
        tied = [k for k in tied if padded[k] == least]
    by_text = dict(zip(texts, cands, strict=True))
    winner = min(tied, key=lambda k: (_kind(by_text[k]), k))
    paid = dict(contrib[winner])
    if not ebayola:
        return Chosen(winner, paid, sum(paid.values()), contrib)
    rival = 0
    for k in total:
        if k != winner:
            rival = max(rival, sum(max(0, x - paid.get(p, 0)) for p, x in contrib[k].items()))
    pool = max(0, total[winner] - (rival + 1))
    order = [p for p in ranking if paid.get(p, 0) > 0]
    for p in order:
        floor = plateaus[winner][p] if (p != owner or public_totals) else 0
        saving = min(max(0, paid[p] - floor), pool)
        paid[p] -= saving
        pool -= saving
    return Chosen(winner, paid, sum(paid.values()), contrib)


def _kind(order: OfferedOrder) -> int:
    base = order.order if isinstance(order, Signal) else order
    if isinstance(base, Hold):
        return 0
    if isinstance(base, Move):
        return 1
    if isinstance(base, (SupportHold, SupportMove)):
        return 2
    return 3
