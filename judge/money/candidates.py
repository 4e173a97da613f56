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
        self._applying: dict[int, list[int]] = {}
        self._keys: list[tuple] | None = None

    def totals(self, amt: list[int]) -> list[int]:
        """T(o) for every candidate (spec 5.2.2) in time linear in the unit's offers."""
        t = [0] * len(self.cands)
        for i, c in self.direct:
            t[c] += amt[i]
        g = sum(amt[i] for i in self.gift)
        mv = g + sum(amt[i] for i in self.moves)
        hd = g + sum(amt[i] for i in self.holds)
        if mv or hd:
            for c, is_move in enumerate(self.is_move):
                if self.open[c]:
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
            order = self.cands[c]
            found = [i for i, b in self.bribes if b.applies_to(order, self.restrict_signal)]
            self._applying[c] = found
        return found

    def contributions(self, c: int, amt: list[int], power: list[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for i in self.applying(c):
            out[power[i]] = out.get(power[i], 0) + amt[i]
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
