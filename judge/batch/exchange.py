"""The ``"game": "exchange"`` cases of ``judge adjudicate`` (market-contract.md section 2):
one phase, the mail read during it, and the state when the next held phase opens."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.batch.case import CaseError, board_of, field
from judge.batch.exchange_state import game_from_state, state_of
from judge.batch.market import Refusals, params_of, read_mails, seed_of
from judge.engine.board import Map
from judge.money.exchange.calendar import process
from judge.money.exchange.game import Game
from judge.money.exchange.mail import read_mail
from judge.money.exchange.params import DEFAULTS, ParamError, Params
from judge.money.exchange.start import StartError, opening
from judge.money.payola.rules import RuleError, RuleSet
from judge.money.payola.statement_json import statement_json
from judge.text.exchange import read_mail_line

_INCOME_FLAGS = {"ZEROSUM", "FLAT_TAX"}


def play_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """Apply the mails in order, then process the phase unless a DRAW ended the game."""
    board = board_of(case)
    params, rules = _params(case, board), _rules(case, board)
    if "start" in case and "state" not in case:
        return _start(case, board, params, rules)
    game = game_from_state(field(case, "state", dict), board, params, rules, seed_of(case))
    refusals = Refusals()
    said: list[list[list[str]]] = []
    for mail in read_mails(case, board):
        if game.end is not None:
            break  # the draw ended the game: the rest of the mail is ignored (D34)
        lines = [(text, read_mail_line(text, board, game.kind, i + 1))
                 for i, text in enumerate(mail.lines) if text.strip()]
        confirmed: list[tuple[str, str]] = []
        for text, reason in read_mail(game, mail.sender.strip().upper(), mail.power, lines,
                                      confirmed):
            refusals.add(mail, text, _reason(reason))
        said.append([[text, done] for text, done in confirmed])
    # Beyond the contract (whose comparison ignores extra keys): what each mail's
    # immediate commands did, and the events of the phase, for the mail service's
    # replies and reports (exchange.md 7).
    out: dict[str, Any] = {"said": said, "standing": _standing(game)}
    if game.end is None:
        movement = game.kind == "M"
        game.note("processed", phase=game.phase)  # the events before it are the mail's
        report = process(game)
        if report is not None:
            for key, line, reason in report.refusals:
                refusals.add_keyed(key, line, _reason(reason))
            if movement:
                out["orders"] = dict(sorted(report.orders.items()))
                out["paid"] = report.paid
                # each account's Payola statement, for its reader alone (exchange.md 7)
                out["statements"] = {name: statement_json(s) for name, s
                                     in sorted(report.statements.items())}
            out["results"] = dict(sorted(report.results.items()))
    out.update(errors=refusals.as_dict(), state=state_of(game), end=_end(game),
               events=game.journal)
    return out


def _standing(game: Game) -> dict[str, dict[str, Any]]:
    """Beyond the contract: what each investor's mail has in force once it is read (cash
    after the immediate commands, standing bids, purchase list and cap, votes, approvals),
    for STATUS by mail (exchange.md 4: standing bids, lists and votes)."""
    out: dict[str, dict[str, Any]] = {}
    for name, inv in sorted(game.investors.items()):
        out[name] = {
            "cash": inv.cash,
            "bids": {p: {"amount": b.amount, "shares": b.shares, "price": b.price}
                     for p, b in sorted(inv.bids.items())},
            "purchases": list(inv.purchases), "cap": inv.cap,
            "votes": dict(sorted(inv.votes.items())),
            "approvals": dict(sorted(inv.approvals.items())),
        }
    return out


def _start(case: Mapping[str, Any], board: Map, params: Params,
           rules: RuleSet) -> dict[str, Any]:
    """A ``start`` case: the investors' names (and, PREFLOATED, ``holdings``) in, the
    opening state out (X 3.5)."""
    names = field(case, "start", list)
    holdings = case.get("holdings")
    if not all(isinstance(n, str) for n in names) or (
            holdings is not None and not isinstance(holdings, dict)):
        raise CaseError("'start' must list the investors' names; 'holdings' is an object")
    try:
        game = opening(board, params, rules, seed_of(case), names, holdings)
    except (StartError, TypeError) as e:
        raise CaseError(str(e)) from None
    return {"errors": {}, "state": state_of(game), "end": None}


def _reason(text: str) -> str:
    """A reason with no ``": "`` inside, so that ``<line>: <reason>`` splits back at its
    last colon even for offer lines, which hold colons of their own."""
    return text.replace(": ", " - ")


def _end(game: Game) -> dict[str, Any] | None:
    if game.end is None:
        return None
    return {"kind": game.end.kind, "winners": list(game.end.winners),
            "scores": dict(game.end.scores)}


def _params(case: Mapping[str, Any], board: Map) -> Params:
    try:
        return Params.from_names(params_of(case, DEFAULTS), map_victory=board.victory_centers)
    except ParamError as e:
        raise CaseError(str(e)) from None


def _rules(case: Mapping[str, Any], board: Map) -> RuleSet:
    names = field(case, "rules", list, default=[])
    if any(str(n).strip().upper() in _INCOME_FLAGS for n in names):
        raise CaseError("use INCOME_MODE")
    try:
        return RuleSet.parse([str(n) for n in names], board.centers)
    except RuleError as e:
        raise CaseError(str(e)) from None
