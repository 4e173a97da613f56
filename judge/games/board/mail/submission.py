"""A power's orders or offer sheet for the phase: submitted whole, cleared, and shown back."""

from __future__ import annotations

from judge.engine.adjustments import adjustment_due, buildable_centers
from judge.engine.board import Map
from judge.engine.hints import order_fault
from judge.engine.legality import check_order
from judge.engine.orders import Build, Order, Remove, Waive
from judge.engine.outcomes import Reason
from judge.engine.phase import PhaseKind
from judge.engine.position import Position, Unit
from judge.engine.retreats import options_in
from judge.games import kind_of
from judge.games.board.mail.oversight import overview
from judge.games.payola.mail.accounts import rules_of
from judge.games.payola.mail.control import control_of
from judge.money.payola.offers import OfferSheet
from judge.money.payola.sheets import SheetContext, SheetError
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.reports import order_confirmation_mails, roster_of
from judge.service.reports.roster import deadline_text
from judge.service.schedule import open_deadline, zone_of
from judge.storage.phases import current_record, position_of
from judge.storage.schema import PhaseRecord, SubmissionKind
from judge.storage.submissions import SubmittedLine, current_submission, submit, submitted_lines
from judge.text import commands as c
from judge.text.commands import Step
from judge.text.offers import read_sheet
from judge.text.orders import parse_order
from judge.text.problems import OrderSyntaxError
from judge.text.remarks import closing_remark


def _phase(ctx: Context, who: Identity) -> tuple[PhaseRecord, Position, Map, str]:
    """The phase being played, its position, the map, and what this power submits in it."""
    ctx.active(who.game)
    record = current_record(ctx.session, who.game)
    if record is None:
        raise Refusal(f"game {who.game.name} has no phase to play yet")
    board = ctx.board(who.game)
    position = position_of(record, board)
    money = kind_of(who.game.variant).bank and position.phase.kind is PhaseKind.MOVEMENT
    return record, position, board, SubmissionKind.OFFERS if money else SubmissionKind.ORDERS


def orders(ctx: Context, cmd: c.Orders, step: Step) -> Result:
    """Rules: a mail's lines replace the power's whole set for the phase; if any line is
    wrong the whole set is refused, every error listed, and the previous set stays."""
    who = ctx.player()
    assert who.power is not None
    record, position, board, kind = _phase(ctx, who)
    given, remark = closing_remark(cmd.lines, board)
    if kind == SubmissionKind.OFFERS:
        refusal = control_of(who.game, board, position).sheet_refusal(who.power.name)
        if refusal is not None:  # a vassal's units are bribed by its controller (2.9)
            raise Refusal(refusal)
        lines, errors, read = read_offers(given, _sheet_context(who, position, board))
        checked: list[Order] = []
    else:
        lines, errors, checked = read_orders(given, who.power.name, position, board)
        read = None
    left_out = _left_out(remark)
    if errors:
        kept = submitted_lines(current_submission(ctx.session, record, who.power.name, kind))
        raise Refusal(*errors, *left_out, data={
            "kind": kind, "kept": [x.canonical for x in kept], "phase": record.phase})
    submit(ctx.session, record, who.power.name, kind, lines, who.player, ctx.now)
    # units left to hold: only in a movement phase (a retreat or an adjustment orders no
    # standing unit), and not on a Payola sheet (other powers' offers may move them)
    idle: list[str] = []
    if kind == SubmissionKind.ORDERS and position.phase.kind is PhaseKind.MOVEMENT:
        ordered = {o.unit.province for o in checked if not isinstance(o, Waive)}
        idle = [str(u) for u in position.units.get(who.power.name, ())
                if u.province not in ordered]
    risk = None
    if read is not None:  # a Payola sheet: what it risks, and the units it leaves alone
        offered = {o.unit.province for o in read.offers}
        idle = [str(u) for u in position.units.get(who.power.name, ())
                if u.province not in offered]
        risk = {"offered": sum(o.total for o in read.offers), "balance": who.power.balance,
                "savings": read.savings}
    _confirm(ctx, who, record.phase, kind, [x.canonical for x in lines],
             idle if read is None else [])
    return Result(step.line, step.text, True, template="orders", data={
        "kind": kind, "phase": record.phase, "power": who.power.name,
        "lines": lines, "idle": idle, "left_out": left_out, "risk": risk,
    })


def _sheet_context(who: Identity, position: Position, board: Map) -> SheetContext:
    """What checking the signed-on power's offer sheet needs to know."""
    assert who.power is not None
    control = control_of(who.game, board, position)
    return SheetContext(who.power.name, position, board, rules_of(who.game),
                        who.power.balance, control.dummies, control.controllers)


def _offered(who: Identity, position: Position, board: Map, lines: list[str]) -> int:
    """What the sheet in force offers in all (what it could cost at most)."""
    read = read_sheet("\n".join(lines), _sheet_context(who, position, board))
    return 0 if isinstance(read, list) else sum(o.total for o in read.offers)


def _left_out(remark: tuple[c.OrderLine, ...]) -> list[str]:
    if not remark:
        return []
    first, last = remark[0].line, remark[-1].line
    where = f"line {first}" if first == last else f"lines {first}-{last}"
    return [f"{where} ({remark[0].text!r}{', ...' if len(remark) > 1 else ''}) read as a "
            "closing remark, not orders, and left out; end your commands with SIGNOFF "
            "to be sure"]


def _confirm(ctx: Context, who: Identity, phase: str, kind: str, lines: list[str],
             idle: list[str]) -> None:
    """ALWAYS_CONFIRM: the master's copy of the orders now in force (the player's own
    confirmation is the reply)."""
    if not rules_of(who.game).always_confirm:
        return
    assert who.power is not None
    for mail in order_confirmation_mails(roster_of(who.game, ctx.settings.name),
                                         who.power.name, phase, lines, idle, kind):
        ctx.notify(mail.to, mail.subject, mail.body)


def read_orders(
    given: tuple[c.OrderLine, ...], power: str, position: Position, board: Map
) -> tuple[list[SubmittedLine], list[str], list[Order]]:
    """Each line parsed and checked against the position: the accepted lines, the errors,
    and the accepted lines' orders as the engine will carry them out."""
    lines: list[SubmittedLine] = []
    checked_orders: list[Order] = []
    errors: list[str] = []
    seen: dict[str, int] = {}
    for row in given:
        try:
            order = parse_order(row.text, board)
        except OrderSyntaxError as e:
            expected = e.problem.expected
            hint = f" (expected {' or '.join(expected)})" if expected else ""
            errors.append(f"line {row.line}: {row.text!r}: {e.problem.message}{hint}")
            continue
        checked = check_order(order, power, position, board)
        if isinstance(checked, Reason):
            errors.append(f"line {row.line}: {row.text!r} read as {order}: "
                          + order_fault(checked, order, power, position, board))
            continue
        if not isinstance(checked, Waive):
            key = checked.unit.province
            if key in seen:
                errors.append(f"line {row.line}: {row.text!r}: {checked.unit} already has an "
                              f"order on line {seen[key]}; give each unit one order")
                continue
            seen[key] = row.line
        lines.append(SubmittedLine(row.line, row.text, str(checked)))
        checked_orders.append(checked)
    errors.extend(_adjustment_count(checked_orders, power, position, board))
    return lines, errors, checked_orders


def _retreats(unit: Unit, position: Position, board: Map) -> str:
    """A unit to retreat and where it may go: ``A BUR (to GAS, RUH or disband)``."""
    options = options_in(position, board, unit) or ()
    return f"{unit} (to {', '.join(options)} or disband)" if options else \
        f"{unit} (can only disband)"


def _adjustment_count(
    orders: list[Order], power: str, position: Position, board: Map
) -> list[str]:
    """More builds (or waives) or removals than the engine's own count for the power
    (the count the results and STATUS show) are refused."""
    if position.phase.kind is not PhaseKind.ADJUSTMENT:
        return []
    due = adjustment_due(position, board, power)
    builds = sum(1 for o in orders if isinstance(o, Build | Waive))
    removes = sum(1 for o in orders if isinstance(o, Remove))
    if builds > max(due, 0):
        return [f"{builds} builds or waives given, but {power} may build {max(due, 0)}"]
    if removes > max(-due, 0):
        return [f"{removes} removals given, but {power} must remove {max(-due, 0)}"]
    return []


def read_offers(
    given: tuple[c.OrderLine, ...], sheet: SheetContext
) -> tuple[list[SubmittedLine], list[str], OfferSheet | None]:
    """Payola offer lines read and checked as one sheet (spec 3.1: one bad line refuses
    the whole sheet, every error listed); each line echoed in its normal form, and the
    sheet read (None when refused)."""
    text = "\n".join(row.text for row in given)
    read = read_sheet(text, sheet)
    if isinstance(read, list):
        return [], [_sheet_error(e, given) for e in read], None
    if len(read.lines) != len(given):  # the sheet reader dropped or split a line
        return [SubmittedLine(r.line, r.text, r.text) for r in given], [], read
    pairs = zip(given, read.lines, strict=True)
    return [SubmittedLine(r.line, r.text, str(x)) for r, x in pairs], [], read


def _sheet_error(error: SheetError, given: tuple[c.OrderLine, ...]) -> str:
    row = given[error.line - 1] if 0 < error.line <= len(given) else None
    where = f"line {row.line}: {row.text!r}" if row else f"line {error.line}"
    return f"{where}: {error.message}"


def clear(ctx: Context, cmd: c.Clear, step: Step) -> Result:
    who = ctx.player()
    assert who.power is not None
    record, _, _, kind = _phase(ctx, who)
    submit(ctx.session, record, who.power.name, kind, [], who.player, ctx.now)
    _confirm(ctx, who, record.phase, kind, [], [])
    what = "offer sheet" if kind == SubmissionKind.OFFERS else "orders"
    verb = "is" if kind == SubmissionKind.OFFERS else "are"
    return Result(step.line, step.text, True,
                  [f"Your {what} for {record.phase} {verb} cleared."])


def status(ctx: Context, cmd: c.Status, step: Step) -> Result:
    if ctx.identity is not None and ctx.identity.role == "master":
        return Result(step.line, step.text, True, template="master_status",
                      data=overview(ctx, ctx.identity))
    who = ctx.player()
    assert who.power is not None and who.player is not None
    game = who.game
    record = current_record(ctx.session, game)
    data: dict = {"game": game.name, "state": game.state, "power": who.power.name,
                  "phase": game.phase or "not started", "units": [], "centers": [],
                  "lines": [], "kind": SubmissionKind.ORDERS, "wait": who.player.wait,
                  "draw": who.player.draw, "absence": who.player.absence,
                  "bank": kind_of(game.variant).bank, "balance": who.power.balance,
                  "acceptance": who.power.acceptance or f"{who.power.name[0]}?",
                  "adjust": None, "buildable": [], "dislodged": [], "submitted": False,
                  "offered": None, "deadline": None}
    if record is not None:
        board = ctx.board(game)
        position = position_of(record, board)
        kind = SubmissionKind.ORDERS
        if kind_of(game.variant).bank and position.phase.kind is PhaseKind.MOVEMENT:
            kind = SubmissionKind.OFFERS
        sub = current_submission(ctx.session, record, who.power.name, kind)
        data.update(
            units=[str(u) for u in position.units.get(who.power.name, ())],
            dislodged=[_retreats(d.unit, position, board)
                       for d in position.dislodged.get(who.power.name, ())],
            centers=sorted(position.centers.get(who.power.name, ())),
            lines=[x.canonical for x in submitted_lines(sub)], kind=kind,
            submitted=sub is not None,
            deadline=deadline_text(open_deadline(game, record),
                                   who.player.zone or zone_of(game)),
        )
        if kind == SubmissionKind.OFFERS and data["lines"]:
            data["offered"] = _offered(who, position, board, data["lines"])
        if position.phase.kind is PhaseKind.ADJUSTMENT:  # what the results' count promised
            data.update(adjust=adjustment_due(position, board, who.power.name),
                        buildable=buildable_centers(position, board, who.power.name))
    return Result(step.line, step.text, True, template="status", data=data)
