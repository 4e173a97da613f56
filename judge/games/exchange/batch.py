"""The ``"game": "exchange"`` cases of ``judge adjudicate`` (market-contract.md section 2):
one phase, the mail read during it, and the state when the next held phase opens."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.batch.case import CaseError, board_of, field
from judge.batch.market import Mail, params_of, read_mails, seed_of
from judge.engine.board import Map
from judge.games.exchange.rules.params import DEFAULTS, ParamError, Params
from judge.games.exchange.rules.reading import Line, Reading, rules_of
from judge.games.exchange.rules.start import StartError, opening
from judge.games.exchange.rules.state_json import state_of
from judge.games.exchange.text.lines import read_mail_lines
from judge.money.market.reading import MailRead
from judge.money.payola.rules import RuleError, RuleSet


def play_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """Open the phase, read each mail once in order, then play it (unless a DRAW ended
    the game): judge.games.exchange.rules.reading does each step, this writes the JSON."""
    if "start" in case and "state" not in case:
        board = board_of(case)
        return _start(case, board, _params(case, board), _rules(case, board))
    reading, mails = opened(case)
    read: list[MailRead] = []
    for mail in mails:
        if reading.ended:
            break  # the draw ended the game: the rest of the mail is ignored (D34)
        read.append(reading.read(mail, lines_of(reading, mail)))
    return reading.close(read)


def opened(case: Mapping[str, Any]) -> tuple[Reading, list[Mail]]:
    """A phase case's reading as the phase opened, and its mails, not yet read."""
    board = board_of(case)
    params, rules = _params(case, board), _rules(case, board)
    reading = Reading.open(field(case, "state", dict), board, params, rules, seed_of(case))
    return reading, read_mails(case, board)


def lines_of(reading: Reading, mail: Mail) -> list[Line]:
    """A mail's lines as its phase reads them."""
    return read_mail_lines(mail.lines, reading.game.board, reading.kind)


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


def _params(case: Mapping[str, Any], board: Map) -> Params:
    try:
        return Params.from_names(params_of(case, DEFAULTS), map_victory=board.victory_centers)
    except ParamError as e:
        raise CaseError(str(e)) from None


def _rules(case: Mapping[str, Any], board: Map) -> RuleSet:
    try:
        return rules_of(field(case, "rules", list, default=[]), board)
    except RuleError as e:
        raise CaseError(str(e)) from None
