"""A unit's candidate orders, which offers reach each of them, and the running sums of the
money on them while the reduction rounds lower amounts (spec 5.2.1-5.2.3)."""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.orders import Hold, Move, SupportHold, SupportMove
from judge.engine.position import Unit
from judge.money.offers import Bribe, OfferedOrder, OfferType, Signal, order_text

_INF = 1 << 40
_NONE: frozenset[int] = frozenset()
# The tie-break key of one candidate: first positions, padded positions, kind and text.
TieKey = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, str]]
_KIND_RANK = {Hold: 0, Move: 1, SupportHold: 2, SupportMove: 2}
# Which wildcard sums an offer type feeds: slot 1 pays moves, slot 2 every other order.
# (By the type's character: an Enum member hashes through a Python call.)
_SLOTS = {OfferType.GIFT.value: (1, 2), OfferType.NEGATIVE.value: (1, 2),
          OfferType.MOVE.value: (1,), OfferType.HOLD.value: (2,)}
_GIFT, _MOVE, _HOLD = OfferType.GIFT, OfferType.MOVE, OfferType.HOLD


def _tie_rank(order: OfferedOrder) -> tuple[int, str]:
    """OQ-4's last resort: HOLD, then moves, supports, convoys, each alphabetically."""
    base = order.order if isinstance(order, Signal) else order
    return (_KIND_RANK.get(type(base), 3), order_text(order))


class Candidates:
    """Everything about one unit that stays fixed during the phase: its candidates, which
    offers reach which candidate, the tie-break keys. (The money on the candidates lives
    in the determination, packed per unit; see ``groups``.) A candidate's slot says which
    wildcards pay for it: 1 moves, 2 every other order, 0 none (a signal order under
    RESTRICT_SIGNAL)."""

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
        self._applying: dict[int, list[int]] = {}
        self._contributors: dict[int, tuple[str, ...]] = {}
        self._by_power: dict[int, dict[str, tuple[int, ...]]] = {}

    def groups(self, width: int) -> list[tuple[str, int, list[int]]]:
        """The offers of this unit that count their AgP in the same places, together: the
        direct offers of one power for one candidate, and the wildcard offers of one power
        with the same type and exclusions (power, mask, global indices). The mask is the
        packed vector (``width`` bits a candidate, candidate 0 lowest) with a 1 for each
        candidate an AgP of these offers counts for (spec 5.2.2)."""
        power_of = self.power_of
        out: list[tuple[str, int, list[int]]] = []
        for c, offers in enumerate(self.direct_of):
            by_power: dict[str, list[int]] = {}
            for i in offers:
                p = power_of[i]
                found = by_power.get(p)
                if found is None:
                    by_power[p] = [i]
                else:
                    found.append(i)
            mask = 1 << (width * c)
            out += [(p, mask, found) for p, found in by_power.items()]
        excluded = dict(self.excluding)
        slot = self.slot
        groups: dict[tuple[str, frozenset[int], tuple[int, ...]], list[int]] = {}
        for i, b in self.bribes:
            if b.order is None:
                key = (power_of[i], excluded.get(i, _NONE), _SLOTS[b.kind._value_])
                found = groups.get(key)
                if found is None:
                    groups[key] = [i]
                else:
                    found.append(i)
        masks: dict[tuple[frozenset[int], tuple[int, ...]], int] = {}
        for (p, out_, slots), offers in groups.items():
            known = masks.get((out_, slots))
            if known is None:
                known = masks[out_, slots] = sum(
                    1 << (width * c) for c, s in enumerate(slot) if s in slots and c not in out_)
            out.append((p, known, offers))
        return out

    def contributors(self, c: int) -> tuple[str, ...]:
        """The powers with at least one offer that applies to ``c``; fixed for the phase,
        since an offer lowered to 0 still applies (good intentions count, spec 5.4)."""
        found = self._contributors.get(c)
        if found is None:
            found = self._contributors[c] = tuple(
                dict.fromkeys(self.power_of[i] for i in self.applying(c)))
        return found

    def contributors_all(self) -> tuple[str, ...]:
        """Every power with an offer for this unit."""
        return tuple(dict.fromkeys(self.power_of.values()))

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
