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
# (By the type's character: an Enum member hashes through a Python call.)
_SLOTS = {OfferType.GIFT.value: (1, 2), OfferType.NEGATIVE.value: (1, 2),
          OfferType.MOVE.value: (1,), OfferType.HOLD.value: (2,)}
_GIFT, _MOVE, _HOLD = OfferType.GIFT, OfferType.MOVE, OfferType.HOLD

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
        self.direct_of: list[list[int]] = []
        self.power_of: dict[int, str] = {}
        self.gifts: list[int] = []
        self.moves: list[int] = []
        self.holds: list[int] = []
        cands, index, direct_of, power_of = self.cands, self.index, self.direct_of, self.power_of
        texts = {} if texts is None else texts
        negatives: list[tuple[int, Bribe]] = []
        # one pass over the offers: a direct offer names its order, a wildcard its kind
        for entry in bribes:
            i, b = entry
            power_of[i] = b.power
            order = b.order
            if order is None:
                kind = b.kind
                if kind is _GIFT:
                    self.gifts.append(i)
                elif kind is _MOVE:
                    self.moves.append(i)
                elif kind is _HOLD:
                    self.holds.append(i)
                else:
                    negatives.append(entry)
                continue
            text = texts.get(id(order))
            if text is None:
                text = texts[id(order)] = order_text(order)
            c = index.get(text)
            if c is None:
                c = index[text] = len(cands)
                cands.append(order)
                direct_of.append([])
            direct_of[c].append(i)
        self.is_move = [isinstance(c, Move) for c in self.cands]
        self.open = [not (restrict_signal and isinstance(c, Signal)) for c in self.cands]
        self.slot = [0 if not o else 1 if m else 2
                     for o, m in zip(self.open, self.is_move, strict=True)]
        self.excluding = [
            (i, frozenset(index[t] for t in b.excluded if t in index)) for i, b in negatives
        ]
        self.direct_sum = [0] * len(self.cands)
        self.wild_sum = [0, 0, 0]
        self.rows: dict[str, tuple[list[int], list[int]]] = {}
        self._applying: dict[int, list[int]] = {}
        self._contributors: dict[int, tuple[str, ...]] = {}
        self._rows_of: dict[int, list[tuple[str, list[int], list[int]]]] = {}
        self._by_power: dict[int, dict[str, tuple[int, ...]]] = {}

    def effects(self) -> tuple[list[tuple[str, int, list[int]]],
                               list[tuple[str, Effect, list[int]]]]:
        """Where one AgP of each offer of this unit is counted, the offers that count it in
        the same place together: the direct offers of one power for one candidate (power,
        candidate, global indices), and the wildcard offers of one power with the same
        Effect (power, Effect, global indices)."""
        rows = self.rows
        for power in dict.fromkeys(self.power_of.values()):
            rows[power] = ([0] * len(self.cands), [0, 0, 0])
        power_of = self.power_of
        direct: list[tuple[str, int, list[int]]] = []
        for c, offers in enumerate(self.direct_of):
            by_power: dict[str, list[int]] = {}
            for i in offers:
                p = power_of[i]
                found = by_power.get(p)
                if found is None:
                    by_power[p] = [i]
                else:
                    found.append(i)
            direct += [(p, c, found) for p, found in by_power.items()]
        excluded = dict(self.excluding)
        open_ = self.open
        groups: dict[tuple[str, tuple[int, ...], tuple[int, ...]], list[int]] = {}
        for i, b in self.bribes:
            if b.order is None:
                out = excluded.get(i)
                cells = () if not out else tuple(c for c in sorted(out) if open_[c])
                key = (power_of[i], cells, _SLOTS[b.kind._value_])
                found = groups.get(key)
                if found is None:
                    groups[key] = [i]
                else:
                    found.append(i)
        wild: list[tuple[str, Effect, list[int]]] = []
        for (p, cells, slots), offers in groups.items():
            row = rows[p]
            wild.append((p, (row[0], self.direct_sum, cells, -1, row[1], self.wild_sum, slots),
                         offers))
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

    def best(self, tied: Sequence[int], ranking: Sequence[str], pos: list[int]) -> int:
        """The candidate of ``tied`` (two or more) that the tie-break of spec 5.2.3 steps
        2-3, with OQ-4's extension, picks: the smallest key. The keys are made for the
        tied candidates alone: padding positions with infinity to any common width at
        least the longest list among the candidates compared orders them the same way."""
        lists = [self._positions(c, pos) for c in tied]
        width = {p: max(len(x.get(p, ())) for x in lists) for p in ranking}
        keys: list[TieKey] = []
        for c, by_power in zip(tied, lists, strict=True):
            first = tuple(by_power[p][0] if p in by_power else _INF for p in ranking)
            full = tuple(_padded(by_power.get(p, ()), width[p]) for p in ranking)
            keys.append((first, full, _tie_rank(self.cands[c])))
        return tied[min(range(len(tied)), key=keys.__getitem__)]

    def _positions(self, c: int, pos: list[int]) -> dict[str, tuple[int, ...]]:
        """Each contributor's positions of the offers applying to ``c``, ascending; fixed
        for the phase because contributors and positions never change (good intentions
        count)."""
        found = self._by_power.get(c)
        if found is None:
            lists: dict[str, list[int]] = {}
            for i in self.applying(c):
                lists.setdefault(self.power_of[i], []).append(pos[i])
            found = self._by_power[c] = {p: tuple(sorted(x)) for p, x in lists.items()}
        return found


def _padded(positions: tuple[int, ...], width: int) -> tuple[int, ...]:
    """Ascending positions padded with infinity, so an extra earlier offer wins (OQ-4)."""
    return positions + (_INF,) * (width - len(positions))
