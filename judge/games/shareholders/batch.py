"""The ``"game": "shareholders"`` cases of ``judge adjudicate`` (market-contract.md
section 3): one turn of 1901-Shareholders from the mail read during it, or the opening of a
new game from a ``start`` list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.batch.case import CaseError, board_of, field
from judge.batch.market import Mail, params_of, read_mails
from judge.engine.board import Map
from judge.games.shareholders.rules.outcome import turned_json
from judge.games.shareholders.rules.params import (
    DEFAULTS,
    ParamError,
    Params,
    player_count_problem,
)
from judge.games.shareholders.rules.reading import Line, Reading
from judge.games.shareholders.rules.results import started
from judge.games.shareholders.text import read_mail_lines


def play_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """A start case or a turn case; CaseError for a line that is neither."""
    if "start" in case:
        board = board_of(case)
        return _start(case["start"], _params(case), board)
    reading, mails = opened(case)
    # beyond the contract (its comparison ignores them), for the mail service's replies
    # and reports: the submission warnings of 4.1/4.2, February's details, cancellations
    # and the Codirectors' disagreements (judge.games.shareholders.rules.reading)
    return reading.close([reading.read(mail, lines_of(reading, mail)) for mail in mails])


def opened(case: Mapping[str, Any]) -> tuple[Reading, list[Mail]]:
    """A turn case's reading as the turn opened, and its mails, not yet read."""
    board = board_of(case)
    params = _params(case)
    reading = Reading.open(field(case, "state", dict), board, params)
    problem = player_count_problem(len(reading.game.players), params)
    if problem is not None:
        raise CaseError(problem)
    return reading, read_mails(case, board)


def lines_of(reading: Reading, mail: Mail) -> list[Line]:
    """A mail's non-blank lines as the turn reads them, each with its place."""
    return read_mail_lines(mail.lines, reading.board)


def _params(case: Mapping[str, Any]) -> Params:
    rules = field(case, "rules", list, default=[])
    if rules:
        raise CaseError(f"1901-Shareholders has no rule flags: {', '.join(map(str, rules))}")
    try:
        return Params.from_names(params_of(case, DEFAULTS))
    except ParamError as e:
        raise CaseError(str(e)) from None


def _start(names: Any, params: Params, board: Map) -> dict[str, Any]:
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise CaseError("'start' must be a list of player names")
    if len(set(names)) != len(names):
        raise CaseError("a player name appears twice in 'start'")
    try:
        return turned_json(started(names, params, board), board)
    except ValueError as e:
        raise CaseError(str(e)) from None


