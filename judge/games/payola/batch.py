"""The ``"game": "payola"`` cases of ``judge adjudicate`` (contract section "Payola and the
other money games"): balances and acceptance lists travel in ``state``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from judge.batch.case import CaseError, board_of, field
from judge.engine.board import Map
from judge.engine.phase import PhaseKind
from judge.engine.position import Position
from judge.engine.state import lines_by_power, position_from_state, state_from_position
from judge.games.standard.batch import parse_orders, result_fields
from judge.money.payola.acceptance import AcceptanceError, AcceptanceList
from judge.money.payola.control import Control, ControlError
from judge.money.payola.income import starting_balance
from judge.money.payola.offers import Signal
from judge.money.payola.phase import PayolaPhase, PlayedPhase, carried, play_payola_phase
from judge.money.payola.rules import RuleError, RuleSet
from judge.money.payola.year import Books
from judge.text.offers import read_sheet


class PayolaCaseError(CaseError):
    """A Payola case that cannot be played; its message becomes the result's ``error``."""


def play_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """One Payola case: a movement phase from offers, any other phase from orders, and the
    income step whenever the next phase starts a new year."""
    board = board_of(case)
    position = position_from_state(field(case, "state", dict), board)
    try:
        return _play(case, position, board)
    except (RuleError, AcceptanceError) as e:
        raise PayolaCaseError(str(e)) from None


def _play(case: Mapping[str, Any], position: Position, board: Map) -> dict[str, Any]:
    rules = RuleSet.parse(_list(case, "rules"), board.centers)
    state = case.get("state") or {}
    dummies = frozenset(str(p).strip().upper() for p in state.get("dummies") or ())
    for name in sorted(dummies - set(board.powers)):
        raise PayolaCaseError(f"unknown power {name!r} in dummies")
    control = _control(state, board, dummies, rules)
    balances = _balances(state, position, board, rules, control)
    accept, refused = _accept(state, board)
    profits, captures = carried(state)
    phase = PayolaPhase(position, board, rules, control, Books(balances, profits, captures),
                        accept, read_sheet=read_sheet)
    if position.phase.kind is PhaseKind.MOVEMENT:
        offers = lines_by_power(case.get("offers") or {}, board, "offers")
        seed = case.get("seed")
        if seed is not None and not isinstance(seed, int):
            raise PayolaCaseError("'seed' must be an integer")
        played = play_payola_phase(replace(phase, offers=offers, seed=seed))
        out = _movement(played)
    else:
        orders, unread = parse_orders(field(case, "orders", dict, default={}), board)
        played = play_payola_phase(replace(phase, orders=orders))
        out = result_fields(played.result, unread)
    if refused:  # a refused list is the power's own error, before its sheet's
        errors = out.get("errors") or {}
        out["errors"] = {p: [*refused.get(p, []), *errors.get(p, [])]
                         for p in sorted(set(errors) | set(refused))}
    out["state"] = {**(out.get("state") or {}),
                    **_money_state(state, played, accept, control, board)}
    return out


def _money_state(given: Mapping[str, Any], played: PlayedPhase,
                 accept: dict[str, AcceptanceList], control: Control,
                 board: Map) -> dict[str, Any]:
    """The money keys of the next ``state``: the powers the case named are echoed (all of
    them when balances were defaulted), and ZEROSUM's profits and captures carried on."""
    books = played.closing.books
    shown = set(given.get("balances") or books.balances)
    named_lists = {str(p).strip().upper() for p in given.get("accept") or ()}
    money: dict[str, Any] = {
        "balances": {p: b for p, b in sorted(books.balances.items()) if p in shown or b},
        "accept": {p: a.text(board.powers) for p, a in sorted(accept.items())
                   if p in named_lists},
    }
    if control.dummies:
        money["dummies"] = sorted(control.dummies)
    if control.controllers:
        money["control"] = dict(sorted(control.controllers.items()))
    money.update(played.carry)
    return money


def _movement(played: PlayedPhase) -> dict[str, Any]:
    """A movement phase's fields: the order each unit issued, the payments, the errors
    (a sheet refused whole, then the engine's, less the void signal orders) and results."""
    result = played.movement
    assert result is not None and result.phase is not None
    phase = result.phase
    errors = {p: list(es) for p, es in played.refused.items()}
    signals = {str(o.order) for o in result.orders.values() if isinstance(o, Signal)}
    for power, es in phase.errors.items():
        for e in es:
            if e.text not in signals:  # a signal order is meant to be void
                errors.setdefault(power, []).append(str(e))
    issued = {
        str(d.unit): str(d.order.order if isinstance(d.order, Signal) else d.order)
        for d in result.determination.decisions.values()
    }
    out: dict[str, Any] = {
        "orders": dict(sorted(issued.items())),
        "paid": {p: dict(sorted(u.items())) for p, u in sorted(result.paid.items())},
        "errors": {p: es for p, es in sorted(errors.items()) if es},
        "results": {str(u): o.value for u, o in phase.outcomes.items()},
        "state": state_from_position(phase.next),
    }
    if phase.victory is not None:
        out["victory"] = phase.victory
    return out


def _balances(state: Mapping[str, Any], position: Position, board: Map, rules: RuleSet,
              control: Control) -> dict[str, int]:
    given = state.get("balances")
    if given is None:
        return {
            p: starting_balance(position.centers.get(p, ()), len(position.units.get(p, ())),
                                rules, board.victory_centers, len(board.powers))
            if control.has_account(p) else 0
            for p in board.powers
        }
    if not isinstance(given, Mapping):
        raise PayolaCaseError("state 'balances' must be a JSON object")
    out = dict.fromkeys(board.powers, 0)
    for power, amount in given.items():
        name = str(power).strip().upper()
        if name not in out:
            raise PayolaCaseError(f"unknown power {power!r} in balances")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise PayolaCaseError(f"balance of {name} must be a whole number of AgP, 0 or more")
        if amount and not control.has_account(name):
            raise PayolaCaseError(f"{name} is a DUMMY power and has no bank account under "
                                  "VASSAL_DUMMIES; its balance must be 0")
        out[name] = amount
    return out


def _control(state: Mapping[str, Any], board: Map, dummies: frozenset[str],
             rules: RuleSet) -> Control:
    given = state.get("control") or {}
    if not isinstance(given, Mapping):
        raise PayolaCaseError("state 'control' must be a JSON object: controlled -> controller")
    try:
        return Control.parse(given, board.powers, dummies, rules.vassal_dummies)
    except ControlError as e:
        raise PayolaCaseError(str(e)) from None


def _accept(state: Mapping[str, Any],
            board: Map) -> tuple[dict[str, AcceptanceList], dict[str, list[str]]]:
    """Each power's acceptance list, and the refusals of lists that break spec 4.2: such
    a list is refused for its power only, which plays with its default list (spec 4.3;
    the contract's Payola section)."""
    given = state.get("accept") or {}
    if not isinstance(given, Mapping):
        raise PayolaCaseError("state 'accept' must be a JSON object")
    out = {p: AcceptanceList.default(p) for p in board.powers}
    refused: dict[str, list[str]] = {}
    for power, text in given.items():
        name = str(power).strip().upper()
        if name not in out:
            raise PayolaCaseError(f"unknown power {power!r} in accept")
        if not isinstance(text, str):
            raise PayolaCaseError(f"acceptance list of {name} must be a JSON string")
        try:
            out[name] = AcceptanceList.parse(text, board.powers)
        except AcceptanceError as e:
            refused[name] = [f"ACCEPT {' '.join(text.split()).upper()}: {e}"]
    return out, refused


def _list(case: Mapping[str, Any], name: str) -> list:
    value = case.get(name) or []
    if not isinstance(value, list):
        raise PayolaCaseError(f"{name!r} must be a JSON array")
    return value
