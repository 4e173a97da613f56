"""Checking a written offer sheet against the board and the game's rules (spec 3.9, E3-E27)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine.board import Map
from judge.engine.orders import Convoy, MovementOrder, Order, SupportHold, SupportMove, Waive
from judge.engine.position import Position, Unit
from judge.money.payola.offers import (
    Comment,
    Offer,
    OfferedOrder,
    OfferSheet,
    OfferType,
    Savings,
    Signal,
    new_offer,
    order_text,
)
from judge.money.payola.rules import RuleSet
from judge.money.payola.validity import Invalid, looked_up, remembered_answers, resolve


@dataclass(frozen=True, slots=True)
class SheetError:
    """One refused line: the error number (``E9``), the line as typed and the message."""

    code: str
    line: int
    text: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.text.strip()}: {self.message}"


@dataclass(frozen=True, slots=True)
class WrittenLine:
    """A line that passed the grammar: its number, its text and its value, whose orders
    still carry the unit types and coasts exactly as the player wrote them."""

    number: int
    text: str
    value: Offer | Savings | Comment


# WrittenLine's fields set through their slot descriptors (see money.offers.new_offer): a
# sheet makes one per line. The same value as WrittenLine(number, text, value).
_line_new = object.__new__
_set_number, _set_text, _set_value = (
    WrittenLine.__dict__[name].__set__ for name in ("number", "text", "value"))


def written_line(number: int, text: str, value: Offer | Savings | Comment) -> WrittenLine:
    """``WrittenLine(number, text, value)``, made faster."""
    line = _line_new(WrittenLine)
    _set_number(line, number)
    _set_text(line, text)
    _set_value(line, value)
    return line


@dataclass(frozen=True, slots=True)
class SheetContext:
    """What checking a sheet needs to know besides the lines."""

    power: str
    position: Position
    board: Map
    rules: RuleSet
    balance: int = 0
    dummies: Collection[str] = frozenset()
    controlled: Mapping[str, str] = field(default_factory=dict)  # power -> its controller


def check_sheet(
    lines: Sequence[WrittenLine], ctx: SheetContext
) -> OfferSheet | list[SheetError]:
    """The accepted sheet, or every error found: one bad line refuses the whole sheet
    (spec 3.1, OQ-14)."""
    errors: list[SheetError] = []
    out: list[Offer | Savings | Comment] = []
    savings = 0 if ctx.rules.no_savings else sum(
        x.value.amount for x in lines if isinstance(x.value, Savings)
    )
    # the answers of resolve for this sheet's position, and who stands where: looked up
    # once per sheet, not once per line
    state = _Running(liquid=max(0, ctx.balance - savings),
                     answers=remembered_answers(ctx.position, ctx.board,
                                                ctx.rules.signal_support),
                     occupant=ctx.position.occupant)
    for line in lines:
        try:
            out.append(_check_line(line.value, ctx, state))
        except Invalid as e:
            errors.append(SheetError(e.code, line.number, line.text, e.message))
    rules = ctx.rules
    if rules.pay_dummies and not rules.default_unordered and state.offered:
        own = ctx.position.units.get(ctx.power, ())
        if any(u.province not in state.units_seen for u in own):
            last = lines[-1] if lines else WrittenLine(0, "", Comment(""))
            errors.append(
                SheetError("E22", last.number, last.text, "ALL OWNED UNITS NOT ORDERED")
            )
    return errors if errors else OfferSheet(tuple(out))


@dataclass
class _Running:
    liquid: int
    total: int = 0
    offered: bool = False
    units_seen: set[str] = field(default_factory=set)
    signals_seen: set[str] = field(default_factory=set)
    answers: dict[int, Any] = field(default_factory=dict)  # validity.remembered_answers
    occupant: Mapping[str, tuple[str, Unit]] = field(default_factory=dict)


def _check_line(value: Offer | Savings | Comment, ctx: SheetContext,
                state: _Running) -> Offer | Savings | Comment:
    # Each check tests the game's rule first: a sheet of a game without the rule skips it
    # for the price of an attribute (a heavy sheet has 150 lines, a phase 7 sheets).
    rules = ctx.rules
    if isinstance(value, Comment):
        return value
    if isinstance(value, Savings):
        if rules.no_savings:
            raise Invalid("E4", "SAVINGS NOT ALLOWED IN THIS GAME")
        return value
    if (rules.no_plateau or rules.no_savings) and any(t.plateau_written for t in value.terms):
        raise Invalid("E3", "PLATEAUS NOT ALLOWED")
    if rules.direct_only:
        if value.type is not OfferType.DIRECT or len(value.orders) > 1:
            raise Invalid("E17", "WILDCARD BRIBES NOT ALLOWED")
        if len(value.terms) > 1 or any(t.count > 1 for t in value.terms):
            raise Invalid("E18", "REPETITION AND AUGMENTATION NOT ALLOWED")
    if rules.blind and any(u.type is None for u in _units_named(value)):
        raise Invalid("E15", "UNIT TYPE REQUIRED")
    offer = _resolved(value, ctx, state.answers)
    # _owner, inlined with the sheet's table of who stands where
    unit = offer.unit
    found = state.occupant.get(unit.province)
    if found is None or (unit.type is not None and unit.type is not found[1].type) or (
            "/" in unit.location and unit.location != found[1].location):
        owner = None
    else:
        owner = found[0]
    # E24 wants a signal at 0 AgP and E25 lets the controller send it, so E14 must not
    # stop a controller's signal to a unit of the power it controls (OQ-21 otherwise holds)
    terms = offer.terms
    if (owner != ctx.power and not rules.zero_foreign
            and (terms[0].amount == 0 if len(terms) == 1
                 else any(t.amount == 0 for t in terms))
            and not (rules.restrict_signal and owner is not None
                     and ctx.controlled.get(owner) == ctx.power
                     and any(isinstance(o, Signal) for o in offer.orders))):
        raise Invalid("E14", "ZERO AgP OFFER TO FOREIGN UNIT (offer it 1 AgP or more)")
    if rules.pay_dummies:
        _check_dummies(offer, owner, ctx, state)
    if rules.touch_bribe or rules.remote_bribe:
        _check_touch(offer, owner, ctx)
    if rules.restrict_signal:
        _check_signals(offer, owner, ctx, state)
    if rules.direct_only and unit.province in state.units_seen:
        raise Invalid("E16", "MULTIPLE OFFERS TO A SINGLE UNIT FORBIDDEN")
    if rules.limit_offers:
        state.total += offer.total
        if state.total > state.liquid:  # OQ-10: the line that overshoots is refused
            state.total -= offer.total
            raise Invalid("E19", "TOTAL OFFERS EXCEED AMOUNT AVAILABLE")
    state.units_seen.add(unit.province)
    state.offered = True
    return offer


def _resolved(value: Offer, ctx: SheetContext, answers: dict[int, Any]) -> Offer:
    """Unit types and coasts filled in from the board; duplicates refused (E9).

    ``answers`` are resolve's answers remembered for the sheet's position
    (validity.remembered_answers): the sheets of a phase share their orders."""
    position = ctx.position
    board, signals = ctx.board, ctx.rules.signal_support
    if ctx.rules.blind and not _mentioned_exist(value, position):
        # a position made for this line alone: nothing to remember
        return _resolved_on(value, _imagined(position, _units_named(value)), board, signals)
    written = value.orders
    if len(written) == 1:
        order = written[0]
        base = order.order if isinstance(order, Signal) else order
        found = looked_up(base, position, board, signals, answers)
        resolved = found[1]
        if resolved is None:
            raise Invalid(*found[2])  # type: ignore[misc]
        if resolved is order:
            return value  # already as the board has it
        return new_offer(value.terms, value.type, resolved.unit, (resolved,), value.comment,
                         value.written_amount)
    orders: list[MovementOrder | Signal] = []
    texts: set[str] = set()
    same = True
    for order in written:
        base = order.order if isinstance(order, Signal) else order
        found = looked_up(base, position, board, signals, answers)
        resolved = found[1]
        if resolved is None:
            raise Invalid(*found[2])  # type: ignore[misc]
        same = same and resolved is order
        orders.append(resolved)
        texts.add(found[3])  # order_text(resolved)
    if len(texts) != len(orders):
        raise Invalid("E9", "DUPLICATE ORDER IN OFFER")
    if same:
        return value
    # not dataclasses.replace: a heavy sheet resolves a thousand lines, and replace costs
    # several times the constructor
    return new_offer(value.terms, value.type, orders[0].unit, tuple(orders), value.comment,
                     value.written_amount)


def _resolved_on(value: Offer, position: Position, board: Map, signals: bool) -> Offer:
    """_resolved against a position made for one line (BLIND), nothing remembered."""
    orders: list[MovementOrder | Signal] = []
    same = True
    for order in value.orders:
        base = order.order if isinstance(order, Signal) else order
        resolved = resolve(base, position, board, signals)
        same = same and resolved is order
        orders.append(resolved)
    if len(orders) > 1 and len({order_text(o) for o in orders}) != len(orders):
        raise Invalid("E9", "DUPLICATE ORDER IN OFFER")
    if same:
        return value
    return new_offer(value.terms, value.type, orders[0].unit, tuple(orders), value.comment,
                     value.written_amount)


def _order_units(order: OfferedOrder) -> list[Unit]:
    """The units an order names: its own, and the one it supports or convoys."""
    base: Order = order.order if isinstance(order, Signal) else order
    if isinstance(base, (SupportHold, SupportMove, Convoy)):
        return [base.unit, base.target]
    return [] if isinstance(base, Waive) else [base.unit]


def _units_named(value: Offer) -> list[Unit]:
    return [value.unit, *(u for order in value.orders for u in _order_units(order))]


def _owner(unit: Unit, position: Position) -> str | None:
    found = position.unit_at(unit.province)
    if found is None or (unit.type is not None and unit.type is not found[1].type):
        return None
    if "/" in unit.location and unit.location != found[1].location:
        return None
    return found[0]


def _mentioned_exist(value: Offer, position: Position) -> bool:
    return all(_owner(u, position) is not None for u in _units_named(value))


def exists(item: OfferedOrder | Unit, position: Position) -> bool:
    """BLIND: whether a unit, or every unit an order mentions, is really on the board."""
    units = [item] if isinstance(item, Unit) else _order_units(item)
    return all(_owner(u, position) is not None for u in units)


def _imagined(position: Position, units: Sequence[Unit]) -> Position:
    """The board with the named units put where the player says they are, so that a
    BLIND sheet is checked for geography without revealing what is really there."""
    placed = {u.province: u for u in units if u.type is not None}
    kept = {p: tuple(u for u in us if u.province not in placed)
            for p, us in position.units.items()}
    kept[""] = tuple(placed.values())
    return Position(position.phase, kept, position.centers)


def _check_dummies(offer: Offer, owner: str | None, ctx: SheetContext, state: _Running) -> None:
    if not ctx.rules.pay_dummies or owner is None:
        return
    if owner == ctx.power:
        plain = (offer.type is OfferType.DIRECT and len(offer.orders) == 1
                 and all(t.amount == 0 for t in offer.terms) and len(offer.terms) == 1)
        if not plain or offer.unit.province in state.units_seen:
            raise Invalid("E20", "BRIBE TO DOMESTIC UNIT")
    elif owner not in ctx.dummies:
        raise Invalid("E21", "BRIBE TO OWNED UNIT")


def _check_touch(offer: Offer, owner: str | None, ctx: SheetContext) -> None:
    rules = ctx.rules
    if not (rules.touch_bribe or rules.remote_bribe) or owner in (None, ctx.power):
        return
    if rules.cd_dummies and owner in ctx.dummies:
        return
    target = offer.unit
    assert target.type is not None
    near = False
    for own in ctx.position.units.get(ctx.power, ()):
        assert own.type is not None
        if ctx.board.reaches_province(own.type, own.location, target.province) or \
                ctx.board.reaches_province(target.type, target.location, own.province):
            near = True
            break
    if rules.touch_bribe and not near:
        raise Invalid("E23", "BRIBED UNIT MUST BE ADJACENT")
    if rules.remote_bribe and near:
        raise Invalid("E23", "BRIBED UNIT MAY NOT BE ADJACENT")


def _check_signals(offer: Offer, owner: str | None, ctx: SheetContext, state: _Running) -> None:
    if not ctx.rules.restrict_signal or not any(isinstance(o, Signal) for o in offer.orders):
        return
    if offer.type is not OfferType.DIRECT or any(t.amount for t in offer.terms):
        raise Invalid("E24", "SIGNAL_SUPPORT ORDER MUST BE 0 AgP DIRECT BRIBE")
    controller = ctx.controlled.get(owner or "")
    if owner != ctx.power and controller != ctx.power:
        raise Invalid("E25", "SIGNAL_SUPPORT ORDER TO FOREIGN UNIT")
    if len(offer.orders) > 1:
        raise Invalid("E26", "BRANCHING NOT ALLOWED IN SIGNAL_SUPPORT ORDER")
    if offer.unit.province in state.signals_seen:
        raise Invalid("E27", "MORE THAN ONE SIGNAL_SUPPORT ORDER FOR UNIT")
    state.signals_seen.add(offer.unit.province)
