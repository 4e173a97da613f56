"""A unit's candidate orders, which offers reach each of them, and the running sums of the
money on them while the reduction rounds lower amounts (spec 5.2.1-5.2.3)."""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.orders import Hold, Move, SupportHold, SupportMove
from judge.engine.position import Unit
from judge.money.payola.offers import Bribe, OfferedOrder, OfferType, Signal, order_text

_INF = 1 << 40
_NO_TEXTS: frozenset[str] = frozenset()
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
        # The offers that count their AgP in the same places: a power's direct offers for
        # one candidate, keyed (power, candidate), and its wildcards of one type with the
        # same exclusions, keyed (power, type, excluded texts).
        self._direct: dict[tuple[str, int], list[int]] = {}
        # (wildcards keyed by the type's character: an Enum member hashes through Python)
        self._wild: dict[tuple[str, str, frozenset[str]], list[int]] = {}
        direct, wild = self._direct, self._wild
        # one pass over the offers: a direct offer names its order, a wildcard its kind
        for entry in bribes:
            i, b = entry
            power_of[i] = p = b.power
            order = b.order
            if order is None:
                kind = b.kind
                key = (p, kind._value_, _NO_TEXTS)
                if kind is _GIFT:
                    self.gifts.append(i)
                elif kind is _MOVE:
                    self.moves.append(i)
                elif kind is _HOLD:
                    self.holds.append(i)
                else:
                    negatives.append(entry)
                    key = (p, key[1], b.excluded)
                found = wild.get(key)
                if found is None:
                    wild[key] = [i]
                else:
                    found.append(i)
            else:
                text = texts.get(id(order))
                if text is None:
                    text = texts[id(order)] = order_text(order)
                c = index.get(text)
                if c is None:
                    c = index[text] = len(cands)
                    cands.append(order)
                    direct_of.append([])
                direct_of[c].append(i)
                found = direct.get((p, c))
                if found is None:
                    direct[p, c] = [i]
                else:
                    found.append(i)
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
        self._wild_powers: tuple[tuple[str, ...], ...] | None = None

    def groups(self, width: int) -> list[tuple[str, int, list[int]]]:
        """The offers of this unit that count their AgP in the same places, together: the
        direct offers of one power for one candidate, and the wildcard offers of one power
        with the same type and exclusions (power, mask, global indices). The mask is the
        packed vector (``width`` bits a candidate, candidate 0 lowest) with a 1 for each
        candidate an AgP of these offers counts for (spec 5.2.2)."""
        out = [(p, 1 << (width * c), offers) for (p, c), offers in self._direct.items()]
        index, slot = self.index, self.slot
        masks: dict[tuple[str, frozenset[str]], int] = {}
        for (p, kind, excluded), offers in self._wild.items():
            mask = masks.get((kind, excluded))
            if mask is None:
                slots = _SLOTS[kind]
                out_ = {index[t] for t in excluded if t in index}
                mask = masks[kind, excluded] = sum(
                    1 << (width * c) for c, s in enumerate(slot) if s in slots and c not in out_)
            out.append((p, mask, offers))
        return out

    def contributors(self, c: int) -> tuple[str, ...]:
        """The powers with at least one offer that applies to ``c``; fixed for the phase,
        since an offer lowered to 0 still applies (good intentions count, spec 5.4)."""
        found = self._contributors.get(c)
        if found is None:
            # the powers in the order they first appear in applying(c), without walking it
            power_of = self.power_of
            powers = dict.fromkeys(power_of[i] for i in self.direct_of[c])
            if self.open[c]:
                wild = self._wild_powers
                if wild is None:
                    wild = self._wild_powers = tuple(
                        tuple(dict.fromkeys(power_of[i] for i in offers))
                        for offers in (self.gifts, self.moves, self.holds))
                powers.update(dict.fromkeys(wild[0]))
                powers.update(dict.fromkeys(wild[1] if self.is_move[c] else wild[2]))
                powers.update(dict.fromkeys(
                    power_of[i] for i, out in self.excluding if c not in out))
            found = self._contributors[c] = tuple(powers)
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
