"""A military phase of a case: each power's orders from its commander's mails, the
standard adjudication, and on the way out of the Fall the year-end step (capitalist.md
3.1, D17-D19, D30)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.batch.market import Mail, Refusals, not_a_player
from judge.batch.standard import result_fields
from judge.engine.adjudicate import adjudicate
from judge.engine.board import Map
from judge.engine.legality import check_order
from judge.engine.orders import Order
from judge.engine.outcomes import Reason
from judge.engine.phase import PhaseKind, Season
from judge.engine.position import Position
from judge.money.capitalist.calendar import Commerce, GamePhase, after_military
from judge.money.capitalist.command import command_refusal
from judge.money.capitalist.params import Params
from judge.money.capitalist.score import scores
from judge.money.capitalist.state import Economy
from judge.money.capitalist.year_end import Ending, year_end
from judge.text.orders import parse_order
from judge.text.problems import OrderSyntaxError

NO_POWER = "military orders must be sent signed on as the power you command"


@dataclass(frozen=True, slots=True)
class MilitaryOutcome:
    """The board and economy when the next held phase opens, the engine's outcomes, the
    refused lines, and the end if the year-end step ended the game."""

    position: Position
    phase: GamePhase
    economy: Economy
    results: dict[str, str]
    errors: dict[str, list[str]]
    ending: Ending | None
    orders: dict[str, dict[str, object]]
    points: dict[str, int] | None


@dataclass(slots=True)
class _Submission:
    """The orders a power's commander has standing: the mail that sent them and each
    order with its line as received."""

    mail: Mail
    orders: list[tuple[Order, str]]


def play_military(position: Position, economy: Economy, mails: Sequence[Mail], board: Map,
                  params: Params) -> MilitaryOutcome:
    """Strangers, mails not signed on as a power and mails from anyone but the power's
    commander are refused whole; a commander's mail replaces the power's orders."""
    refusals = Refusals()
    standing: dict[str, _Submission] = {}
    for mail in mails:
        name = mail.sender.strip().upper()
        if name not in economy.players:
            refusals.refuse_all(mail, not_a_player(mail.sender))
            continue
        if mail.power is None:
            refusals.refuse_all(mail, NO_POWER)
            continue
        refusal = command_refusal(economy.commanders, name, mail.power)
        if refusal is not None:
            refusals.refuse_all(mail, refusal)
            continue
        built = _read(mail, position, board, refusals)
        if built:  # a mail with no accepted order leaves the standing set (section 1)
            standing[mail.power] = _Submission(mail, built)
    given = {power: [order for order, _ in s.orders] for power, s in standing.items()}
    result = adjudicate(position, given, board)
    for power, errors in result.errors.items():
        submission = standing[power]
        lines = {str(order): line for order, line in submission.orders}
        for error in errors:
            refusals.add(submission.mail, lines.get(error.text, error.text), error.reason.value)
    after = result.next
    ending = None
    points = None
    if _ownership_changed(position, after):
        owned = {p: len(cs) for p, cs in after.centers.items()}
        step = year_end(economy, owned, position.phase.year, params)
        economy, ending = step.economy, step.ending
        points = scores(economy.players.values(), owned, params.POINT_BLOCK)
    phase = after_military(after.phase)
    if isinstance(phase, Commerce):
        economy = economy.with_commanders({})
    results = result_fields(result, {})["results"]
    # for the reports (spec 7; not a contract key): each power's orders under its commander
    orders: dict[str, dict[str, object]] = {
        power: {"by": s.mail.sender.strip().upper(), "lines": [str(o) for o, _ in s.orders]}
        for power, s in sorted(standing.items())}
    return MilitaryOutcome(after, phase, economy, results, refusals.as_dict(), ending, orders,
                           points)


def _read(mail: Mail, position: Position, board: Map,
          refusals: Refusals) -> list[tuple[Order, str]]:
    """The mail's orders that read and are legal for its power, in order; the others
    refused."""
    assert mail.power is not None
    built: list[tuple[Order, str]] = []
    for line in mail.lines:
        try:
            order = parse_order(line, board)
        except OrderSyntaxError as e:
            refusals.add(mail, line, str(e))
            continue
        checked = check_order(order, mail.power, position, board)
        if isinstance(checked, Reason):
            refusals.add(mail, line, checked.value)
            continue
        built.append((order, line))
    return built


def _ownership_changed(before: Position, after: Position) -> bool:
    """Whether the Fall centre ownership change happened in this phase: a Fall movement
    or retreat phase not followed by the Fall retreats."""
    phase = before.phase
    return (phase.season is Season.FALL
            and phase.kind in (PhaseKind.MOVEMENT, PhaseKind.RETREAT)
            and after.phase.kind is not PhaseKind.RETREAT)
