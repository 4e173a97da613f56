"""A unit's candidate orders, which offers reach each of them, and the running sums of the
money on them while the reduction rounds lower amounts (spec 5.2.1-5.2.3)."""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.orders import Hold, Move, SupportHold, SupportMove
from judge.engine.position import Unit
from judge.money.offers import Bribe, OfferedOrder, OfferType, Signal, order_text

_INF = 1 << 40
# The tie-break key of one candidate: first positions, padded positions, kind and text.
TieKey = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, str]]
_KIND_RANK = {Hold: 0, Move: 1, SupportHold: 2, SupportMove: 2}
# Which wildcard sums an offer type feeds: slot 1 pays moves, slot 2 every other order.
_SLOTS = {OfferType.GIFT: (1, 2), OfferType.NEGATIVE: (1, 2), OfferType.MOVE: (1,),
          OfferType.HOLD: (2,)}

# What one AgP of an offer moves: (power's direct row, unit's direct sums, candidates, sign,
# power's wildcard sums, unit's wildcard sums, slots); see Candidates.effects.
Effect = tuple[list[int], list[int], tuple[int, ...], int, list[int], list[int], tuple[int, ...]]


def _tie_rank(order: OfferedOrder) -> tuple[int, str]:
    """OQ-4's last resort: HOLD, then moves, supports, convoys, each alphabetically."""
    base = order.order if isinstance(order, Signal) else order
    return (_KIND_RANK.get(type(base), 3), order_text(order))


class Candidates:
    """Everything about one unit that stays fixed during the phase (its candidates, which
    offers reach which candidate, the tie-break keys) and the running sums of money.

    The sums: c_P(o) = ``rows[P][0][o] + rows[P][1][slot[o]]``. A power's wildcard money is
    one number per slot (slot 1 moves, slot 2 every other order, slot 0 nothing: a signal
    order under RESTRICT_SIGNAL), and a negative offer counts as a gift that takes its
    amount back from the candidates it excludes. ``direct_sum`` and ``wild_sum`` are the
    same over all powers, so T(o) needs no sweep over the offers (spec 5.2.2).
    """

    def __init__(self, unit: Unit, owner: str, bribes: list[tuple[int, Bribe]],
                 restrict_signal: bool, texts: dict[int, str] | None = None) -> None:
        """``texts`` may hold order texts already made, by the order's id (the bribes of
        one offer line share their order values)."""
        self.unit, self.owner, self.bribes = unit, owner, bribes
        self.cands: list[OfferedOrder] = []
        self.index: dict[str, int] = {}
        direct: list[tuple[int, int]] = []
        texts = {} if texts is None else texts
        for i, b in bribes:
            order = b.order
            if order is None:
                continue
            text = texts.get(id(order))
            if text is None:
                text = texts[id(order)] = order_text(order)
            c = self.index.get(text)
            if c is None:
                c = self.index[text] = len(self.cands)
                self.cands.append(order)
            direct.append((i, c))
        self.is_move = [isinstance(c, Move) for c in self.cands]
        self.open = [not (restrict_signal and isinstance(c, Signal)) for c in self.cands]
        self.slot = [0 if not o else 1 if m else 2
                     for o, m in zip(self.open, self.is_move, strict=True)]
        self.direct_of: list[list[int]] = [[] for _ in self.cands]
        for i, c in direct:
            self.direct_of[c].append(i)
        self.gifts = [i for i, b in bribes if b.kind is OfferType.GIFT]
        self.moves = [i for i, b in bribes if b.kind is OfferType.MOVE]
        self.holds = [i for i, b in bribes if b.kind is OfferType.HOLD]
        self.excluding = [
            (i, frozenset(self.index[t] for t in b.excluded if t in self.index))
            for i, b in bribes if b.kind is OfferType.NEGATIVE
        ]
        self.power_of = {i: b.power for i, b in bribes}
        self.direct_sum = [0] * len(self.cands)
        self.wild_sum = [0, 0, 0]
        self.rows: dict[str, tuple[list[int], list[int]]] = {}
        self._applying: dict[int, list[int]] = {}
        self._contributors: dict[int, tuple[str, ...]] = {}
        self._rows_of: dict[int, list[tuple[str, list[int], list[int]]]] = {}
        self._keys: list[TieKey] | None = None

    def effects(self) -> tuple[list[tuple[int, int, list[int]]], list[tuple[int, Effect]]]:
        """Where one AgP of each offer of this unit is counted: for a direct offer (global
        index, candidate, its power's row), for a wildcard offer its Effect."""
        rows = self.rows
        for power in dict.fromkeys(self.power_of.values()):
            rows[power] = ([0] * len(self.cands), [0, 0, 0])
        power_of = self.power_of
        direct = [(i, c, rows[power_of[i]][0])
                  for c, offers in enumerate(self.direct_of) for i in offers]
        excluded = dict(self.excluding)
        wild: list[tuple[int, Effect]] = []
        for i, b in self.bribes:
            if b.order is None:
                cells = tuple(c for c in sorted(excluded.get(i, ())) if self.open[c])
                row = rows[power_of[i]]
                wild.append((i, (row[0], self.direct_sum, cells, -1, row[1], self.wild_sum,
                                 _SLOTS[b.kind])))
        return direct, wild

    def totals(self) -> list[int]:
        """T(o) for every candidate, from the running sums."""
        wild = self.wild_sum
        return [d + wild[s] for d, s in zip(self.direct_sum, self.slot, strict=False)]

    def contributions(self, c: int) -> dict[str, int]:
        """c_P(o) for every contributor P of candidate ``c``, zero contributions included."""
        found = self._rows_of.get(c)
        if found is None:
            found = self._rows_of[c] = [(p, *self.rows[p]) for p in self.contributors(c)]
        s = self.slot[c]
        return {p: row[c] + wild[s] for p, row, wild in found}

    def contributors(self, c: int) -> tuple[str, ...]:
        """The powers with at least one offer that applies to ``c``; fixed for the phase,
        since an offer lowered to 0 still applies (good intentions count, spec 5.4)."""
        found = self._contributors.get(c)
        if found is None:
            found = self._contributors[c] = tuple(
                dict.fromkeys(self.power_of[i] for i in self.applying(c)))
        return found

    def applying(self, c: int) -> list[int]:
        """Global indices of the offers that apply to candidate ``c`` (spec 5.2.2)."""
        found = self._applying.get(c)
        if found is None:
            found = list(self.direct_of[c])
            if self.open[c]:
                found += self.gifts
                found += self.moves if self.is_move[c] else self.holds
                found += [i for i, out in self.excluding if c not in out]
            self._applying[c] = found
        return found

    def key(self, c: int, ranking: Sequence[str], pos: list[int]) -> TieKey:
        """The tie-break key of spec 5.2.3 steps 2-3 with OQ-4's extension; fixed for the
        phase because contributors and positions never change (good intentions count)."""
        if self._keys is None:
            lists = []
            for k in range(len(self.cands)):
                by_power: dict[str, list[int]] = {}
                for i in self.applying(k):
                    by_power.setdefault(self.power_of[i], []).append(pos[i])
                lists.append(by_power)
            width = {p: max((len(x.get(p, ())) for x in lists), default=0) for p in ranking}
            keys: list[TieKey] = []
            for k, by_power in enumerate(lists):
                first = tuple(min(by_power[p]) if p in by_power else _INF for p in ranking)
                full = tuple(_padded(by_power.get(p, []), width[p]) for p in ranking)
                keys.append((first, full, _tie_rank(self.cands[k])))
            self._keys = keys
        return self._keys[c]


def _padded(positions: list[int], width: int) -> tuple[int, ...]:
    """Ascending positions padded with infinity, so an extra earlier offer wins (OQ-4)."""
    return tuple(sorted(positions)) + (_INF,) * (width - len(positions))
