"""Offer sheets as values, and their expansion into elementary offers with positions (spec 3)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from judge.engine.orders import Hold, Move, Order, SupportHold, SupportMove, Waive
from judge.engine.position import Unit


class OfferType(Enum):
    """The five offer types; the value is the character players type (spec 3.5)."""

    DIRECT = ":"
    NEGATIVE = "!"
    MOVE = ">"
    HOLD = "@"
    GIFT = "&"


_DIRECT, _NEGATIVE, _MOVE, _GIFT = (OfferType.DIRECT, OfferType.NEGATIVE, OfferType.MOVE,
                                    OfferType.GIFT)
_NOTHING: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Term:
    """One augmentation term ``count * amount # plateau``; ``plateau_written`` records a ``#``."""

    amount: int
    count: int = 1
    plateau: int = 0
    plateau_written: bool = False

    def __str__(self) -> str:
        text = f"{self.count}*{self.amount}" if self.count != 1 else str(self.amount)
        if self.plateau_written:
            text += "#" if self.plateau == self.amount else f"#{self.plateau}"
        return text


@dataclass(frozen=True, slots=True)
class Signal:
    """A geographically impossible support offered as a message (SIGNAL_SUPPORT, spec 3.6);
    it is adjudicated as a void support."""

    order: SupportHold | SupportMove

    @property
    def unit(self) -> Unit:
        return self.order.unit

    def __str__(self) -> str:
        return f"{self.order} ?"


OfferedOrder = Order | Signal


def order_text(order: OfferedOrder) -> str:
    """The canonical text that identifies an order for summing money (OQ-20)."""
    return str(order)


def order_tail(order: OfferedOrder) -> str:
    """The order without its unit (``- BUR``, ``S A PAR``), as sheets print alternatives."""
    text = str(order)
    if isinstance(order, Waive):  # no unit: never offered, but an order all the same
        return text
    return text[len(str(order.unit)) :].strip()


@dataclass(frozen=True, slots=True)
class Offer:
    """One offer line: terms, type, the bribed unit and its listed orders (already resolved
    against the board); ``written_amount`` is False for a bare order (``0 :``)."""

    terms: tuple[Term, ...]
    type: OfferType
    unit: Unit
    orders: tuple[OfferedOrder, ...]
    comment: str | None = None
    written_amount: bool = True

    def __str__(self) -> str:
        return _offer_text(self, [_tail(o) for o in self.orders])

    @property
    def total(self) -> int:
        """Everything this line could cost if one listed order were issued."""
        return sum(t.amount * t.count for t in self.terms)


def _tail(order: OfferedOrder) -> str:
    """``order_tail``, fast: an order's text is its unit's (``Unit.text``), a space, then
    the rest."""
    return order_tail(order) if isinstance(order, Waive) else str(order)[len(order.unit.text) + 1:]


def _offer_text(offer: Offer, tails: list[str]) -> str:
    """An offer line as printed, its orders' ``tails`` given (``str(offer)``)."""
    terms = offer.terms
    if len(terms) == 1 and terms[0].count == 1 and not terms[0].plateau_written:
        amount = str(terms[0].amount)  # Term.__str__, inlined for a plain amount (most lines)
    else:
        amount = "+".join([str(t) for t in terms])
    text = f"{amount} {offer.type._value_} {offer.unit.text} {' | '.join(tails)}"
    return text + f" % {offer.comment}" if offer.comment else text


def sheet_texts(lines: Iterable[SheetLine], tails: dict[int, str]) -> list[str]:
    """``str(line)`` of every line, as statements print a sheet: each order's tail (the
    order without its unit) printed once and kept in ``tails`` by the order's identity
    (the lines hold their orders, so an identity stays theirs while ``tails`` is used;
    the sheets of a phase name the same orders many times)."""
    out: list[str] = []
    for line in lines:
        if line.__class__ is not Offer:
            out.append(str(line))
            continue
        assert isinstance(line, Offer)
        alts: list[str] = []
        for o in line.orders:
            tail = tails.get(id(o))
            if tail is None:
                tail = tails[id(o)] = _tail(o)
            alts.append(tail)
        out.append(_offer_text(line, alts))
    return out


# Offer's fields set one by one through their slot descriptors: a sheet makes an Offer per
# line, and the generated __init__ of a frozen dataclass sets each field through
# object.__setattr__ (about twice the cost). The same value as Offer(...), every field given.
_offer_new = object.__new__
_set_terms, _set_type, _set_unit, _set_orders, _set_comment, _set_written = (
    Offer.__dict__[name].__set__
    for name in ("terms", "type", "unit", "orders", "comment", "written_amount"))


_set_amount, _set_count, _set_plateau, _set_plateau_written = (
    Term.__dict__[name].__set__ for name in ("amount", "count", "plateau", "plateau_written"))


def new_term(amount: int, count: int, plateau: int, plateau_written: bool) -> Term:
    """``Term(amount, count, plateau, plateau_written)``, made faster (see new_offer)."""
    term = _offer_new(Term)
    _set_amount(term, amount)
    _set_count(term, count)
    _set_plateau(term, plateau)
    _set_plateau_written(term, plateau_written)
    return term


def new_offer(terms: tuple[Term, ...], kind: OfferType, unit: Unit,
              orders: tuple[OfferedOrder, ...], comment: str | None,
              written_amount: bool) -> Offer:
    """``Offer(terms, kind, unit, orders, comment, written_amount)``, made faster."""
    offer = _offer_new(Offer)
    _set_terms(offer, terms)
    _set_type(offer, kind)
    _set_unit(offer, unit)
    _set_orders(offer, orders)
    _set_comment(offer, comment)
    _set_written(offer, written_amount)
    return offer


@dataclass(frozen=True, slots=True)
class Savings:
    """A savings request ``a $`` (spec 3.7); several add up."""

    terms: tuple[Term, ...]
    comment: str | None = None

    @property
    def amount(self) -> int:
        return sum(t.amount * t.count for t in self.terms)

    def __str__(self) -> str:
        text = "+".join(str(t) for t in self.terms) + " $"
        return text + (f" % {self.comment}" if self.comment else "")


@dataclass(frozen=True, slots=True)
class Comment:
    """A line holding only a comment: kept on the sheet, no effect."""

    text: str

    def __str__(self) -> str:
        return f"% {self.text}"


SheetLine = Offer | Savings | Comment


@dataclass(frozen=True, slots=True)
class OfferSheet:
    """A power's accepted sheet for one movement phase."""

    lines: tuple[SheetLine, ...] = ()

    # (a list made first, and a plain loop: a generator costs more per line, and a phase
    # asks a heavy sheet of 150 lines for these several times)
    @property
    def offers(self) -> tuple[Offer, ...]:
        return tuple([x for x in self.lines if isinstance(x, Offer)])

    @property
    def savings(self) -> int:
        total = 0
        for x in self.lines:
            if isinstance(x, Savings):
                total += x.amount
        return total


class Bribe(NamedTuple):
    """One elementary offer (spec 3.8): a direct offer for ``order``, or a wildcard of
    ``kind`` (``!`` excluding ``excluded``, ``>``, ``@``, ``&``) for ``unit``. A named tuple,
    because a heavy phase makes thousands of them."""

    power: str
    position: int
    unit: Unit
    kind: OfferType
    amount: int
    plateau: int = 0
    order: OfferedOrder | None = None
    excluded: frozenset[str] = frozenset()
    generated: bool = False


def expand_offer(power: str, offer: Offer, start: int) -> list[Bribe]:
    """The elementary offers of one line, positions counted from ``start`` (spec 3.8):
    augmentation terms left to right, each repeated ``count`` times."""
    kind, unit, terms = offer.type, offer.unit, offer.terms
    make = _make_bribe  # tuple.__new__: a heavy sheet makes thousands of them
    if kind is _DIRECT and len(terms) == 1 and (terms[0].count == 1 or not terms[0].amount):
        # one direct offer per listed order, once (the loop below, for the common line)
        a, p = terms[0].amount, terms[0].plateau
        return [make(Bribe, (power, start + j, unit, _DIRECT, a, p, o, _NOTHING, False))
                for j, o in enumerate(offer.orders)]
    # One copy as (order, kind, paid by the wildcard, excluded); amounts come per term.
    shape: list[tuple[OfferedOrder | None, OfferType, bool, frozenset[str]]] = []
    if kind is _NEGATIVE:
        excluded = frozenset(order_text(o) for o in offer.orders)
        hold = Hold(unit)
        if order_text(hold) not in excluded:  # OQ-2: no implicit HOLD when HOLD is excluded
            shape.append((hold, _DIRECT, True, _NOTHING))
        shape.append((None, kind, False, excluded))
    else:
        for o in offer.orders:
            by_wildcard = kind is _GIFT or (
                kind is not _DIRECT and isinstance(o, Move) == (kind is _MOVE))
            shape.append((o, _DIRECT, by_wildcard, _NOTHING))
        if kind is not _DIRECT:
            shape.append((None, kind, False, _NOTHING))
    out: list[Bribe] = []
    pos = start
    for term in terms:
        a, p = term.amount, term.plateau
        for _ in range(1 if a == 0 else term.count):
            for order, k, generated, excluded in shape:
                if generated:
                    out.append(make(Bribe, (power, pos, unit, k, 0, 0, order, excluded, True)))
                else:
                    out.append(make(Bribe, (power, pos, unit, k, a, p, order, excluded, False)))
                pos += 1
    return out


_make_bribe = tuple.__new__


def expand_sheets(
    sheets: Mapping[str, OfferSheet],
    units: Mapping[str, Iterable[Unit]],
    powers: Sequence[str],
    exists: Callable[[OfferedOrder | Unit], bool] | None = None,
) -> dict[str, list[Bribe]]:
    """Every power's elementary offers in position order, with the default zero HOLD offers
    of rule D appended (spec 3.8).

    ``exists`` (BLIND games) tells whether a unit, or every unit an order mentions, is on
    the board: other offers are silently dropped but still count as direct offers for
    rule D; a unit left without any candidate gets its owner's zero HOLD (spec 5.2.1).
    """
    out: dict[str, list[Bribe]] = {p: [] for p in powers}
    ordered: dict[str, set[str]] = {p: set() for p in powers}
    for power in powers:
        sheet = sheets.get(power)
        if sheet is None:
            continue
        mine = out[power]
        for offer in sheet.offers:
            bribes = expand_offer(power, offer, len(mine))
            # only a negative offer that excludes HOLD starts with anything but a direct one
            if bribes and bribes[0].kind is _DIRECT:
                ordered[power].add(offer.unit.location)
            if exists is None:
                mine.extend(bribes)
                continue
            if not exists(offer.unit):
                continue
            bribes = [b for b in bribes if b.order is None or exists(b.order)]
            # renumber: positions only order a power's offers, dropped ones leave no gap
            base = len(mine)
            mine.extend(_at(b, base + i) for i, b in enumerate(bribes))
    # the units some offer names an order for: with nothing dropped, those of the lines
    # that start with a direct offer (every direct offer names an order, every wildcard
    # none), so the sets above; not walking the elementary offers again
    candidates: set[str] = (set().union(*ordered.values()) if exists is None else
                            {b.unit.location for bs in out.values() for b in bs
                             if b.order is not None})
    for power in powers:
        for unit in units.get(power, ()):
            if unit.location not in ordered[power] or unit.location not in candidates:
                out[power].append(Bribe(power, len(out[power]), unit, OfferType.DIRECT, 0, 0,
                                        Hold(unit), generated=True))
    return out


def _at(bribe: Bribe, position: int) -> Bribe:
    if bribe.position == position:
        return bribe
    return Bribe(bribe.power, position, bribe.unit, bribe.kind, bribe.amount, bribe.plateau,
                 bribe.order, bribe.excluded, bribe.generated)
