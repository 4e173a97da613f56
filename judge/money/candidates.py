"""A unit's candidate orders and which offers reach each of them (spec 5.2.1-5.2.3)."""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.orders import Hold, Move, SupportHold, SupportMove
from judge.engine.position import Unit
from judge.money.offers import Bribe, OfferedOrder, OfferType, Signal, order_text

_INF = 1 << 40
_KIND_RANK = {Hold: 0, Move: 1, SupportHold: 2, SupportMove: 2}


def _tie_rank(order: OfferedOrder) -> tuple[int, str]:
    """OQ-4's last resort: HOLD, then moves, supports, convoys, each alphabetically."""
    base = order.order if isinstance(order, Signal) else order
    return (_KIND_RANK.get(type(base), 3), order_text(order))


class Candidates:
    """Everything about one unit that stays fixed during the phase: its candidates and which
    offers reach which candidate. Only the amounts change from pass to pass (spec 5.3)."""

    def __init__(self, unit: Unit, owner: str, bribes: list[tuple[int, Bribe]],
                 restrict_signal: bool) -> None:
        self.unit, self.owner = unit, owner
        self.cands: list[OfferedOrder] = []
        index: dict[str, int] = {}
        for _, b in bribes:
            if b.order is not None and order_text(b.order) not in index:
                index[order_text(b.order)] = len(self.cands)
                self.cands.append(b.order)
        self.index = index
        self.bribes = bribes
        self.is_move = [isinstance(c, Move) for c in self.cands]
        self.open = [not (restrict_signal and isinstance(c, Signal)) for c in self.cands]
        self.direct: list[tuple[int, int]] = []
        self.gift: list[int] = []
        self.moves: list[int] = []
        self.holds: list[int] = []
        self.negatives: list[tuple[int, tuple[int, ...]]] = []
        for i, b in bribes:
            if b.kind is OfferType.DIRECT:
                assert b.order is not None
                self.direct.append((i, index[order_text(b.order)]))
            elif b.kind is OfferType.GIFT:
                self.gift.append(i)
            elif b.kind is OfferType.MOVE:
                self.moves.append(i)
            elif b.kind is OfferType.HOLD:
                self.holds.append(i)
            else:
                self.gift.append(i)
                out = tuple(index[t] for t in b.excluded if t in index and self.open[index[t]])
                if out:
                    self.negatives.append((i, out))
        self.restrict_signal = restrict_signal
        self.direct_of: list[list[int]] = [[] for _ in self.cands]
        for i, c in self.direct:
            self.direct_of[c].append(i)
        self.gifts_only = [i for i, b in bribes if b.kind is OfferType.GIFT]
        self.excluding = [
            (i, frozenset(index[t] for t in b.excluded if t in index))
            for i, b in bribes
            if b.kind is OfferType.NEGATIVE
        ]
        self._applying: dict[int, list[int]] = {}
        self._by_power: dict[str, Candidates] | None = None
        self._keys: list[tuple] | None = None

    def totals(self, amt: list[int]) -> list[int]:
        """T(o) for every candidate (spec 5.2.2) in time linear in the unit's offers."""
        t = [0] * len(self.cands)
        for i, c in self.direct:
            t[c] += amt[i]
        g = 0
        for i in self.gift:
            g += amt[i]
        mv = hd = g
        for i in self.moves:
            mv += amt[i]
        for i in self.holds:
            hd += amt[i]
        if mv or hd:
            open_ = self.open
            for c, is_move in enumerate(self.is_move):
                if open_[c]:
                    t[c] += mv if is_move else hd
            for i, out in self.negatives:
                a = amt[i]
                if a:
                    for c in out:
                        t[c] -= a
        return t

    def applying(self, c: int) -> list[int]:
        """Global indices of the offers that apply to candidate ``c``, cached."""
        found = self._applying.get(c)
        if found is None:
            found = list(self.direct_of[c])
            if self.open[c]:
                found += self.gifts_only
                found += self.moves if self.is_move[c] else self.holds
                found += [i for i, out in self.excluding if c not in out]
            self._applying[c] = found
        return found

    def table(self, amt: list[int], power: list[str]) -> dict[str, list[int]]:
        """c_P(o) for every contributor P and every candidate o at once (eBayola needs
        them all), one totals() sweep over each power's own offers."""
        if self._by_power is None:
            groups: dict[str, list[tuple[int, Bribe]]] = {}
            for i, b in self.bribes:
                groups.setdefault(power[i], []).append((i, b))
            self._by_power = {p: self._part(entries) for p, entries in groups.items()}
        return {p: part.totals(amt) for p, part in self._by_power.items()}

    def _part(self, entries: list[tuple[int, Bribe]]) -> Candidates:
        """The same candidates, reached only by some of the offers."""
        part = object.__new__(Candidates)
        part.cands, part.index, part.is_move, part.open = (self.cands, self.index,
                                                           self.is_move, self.open)
        mine = {i for i, _ in entries}
        part.direct = [(i, c) for i, c in self.direct if i in mine]
        part.gift = [i for i in self.gift if i in mine]
        part.moves = [i for i in self.moves if i in mine]
        part.holds = [i for i in self.holds if i in mine]
        part.negatives = [(i, out) for i, out in self.negatives if i in mine]
        return part

    def contributions(self, c: int, amt: list[int], power: list[str]) -> dict[str, int]:
        """c_P(o) for every contributor P, zero contributions included (spec 5.2.2)."""
        out: dict[str, int] = {}
        get = out.get
        for i in self.applying(c):
            p = power[i]
            out[p] = get(p, 0) + amt[i]
        return out

    def key(self, c: int, ranking: Sequence[str], pos: list[int], power: list[str]) -> tuple:
        """The tie-break key of spec 5.2.3 steps 2-3 with OQ-4's extension; fixed for the
        phase because contributors and positions never change (good intentions count)."""
        if self._keys is None:
            lists = []
            for k in range(len(self.cands)):
                by_power: dict[str, list[int]] = {}
                for i in self.applying(k):
                    by_power.setdefault(power[i], []).append(pos[i])
                lists.append(by_power)
            width = {p: max((len(x.get(p, ())) for x in lists), default=0) for p in ranking}
            keys = []
            for k, by_power in enumerate(lists):
                first = tuple(min(by_power[p]) if p in by_power else _INF for p in ranking)
                full = tuple(_padded(by_power.get(p, []), width[p]) for p in ranking)
                keys.append((first, full, _tie_rank(self.cands[k])))
            self._keys = keys
        return self._keys[c]




def _padded(positions: list[int], width: int) -> tuple[int, ...]:
    """Ascending positions padded with infinity, so an extra earlier offer wins (OQ-4)."""
    return tuple(sorted(positions)) + (_INF,) * (width - len(positions))
