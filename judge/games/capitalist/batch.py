"""The ``"game": "capitalist"`` cases of ``judge adjudicate`` (market-contract.md section 4,
capitalist.md): one phase with the mail read during it, commerce or military."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.batch.case import CaseError, board_of, field
from judge.batch.market import Mail, params_of, read_mails, seed_of
from judge.games.capitalist.rules.currency import CURRENCIES
from judge.games.capitalist.rules.params import DEFAULTS, ParamError, Params
from judge.games.capitalist.rules.reading import Line, Reading
from judge.games.capitalist.text import read_mail_lines

__all__ = ["lines_of", "opened", "play_case"]


def play_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """One case: the state when the next held phase opens, the refused lines, and the end
    when the year-end step ends the game (judge.games.capitalist.rules.reading)."""
    reading, mails = opened(case)
    read = [reading.read(mail, lines_of(reading, mail)) for mail in mails]
    return reading.close(read)


def opened(case: Mapping[str, Any]) -> tuple[Reading, list[Mail]]:
    """A phase case's reading as the phase opened, and its mails, not yet read."""
    board = board_of(case)
    if set(board.powers) != set(CURRENCIES.powers):
        raise CaseError("Capitalist Diplomacy is played on the standard map")
    rules = field(case, "rules", list, default=[])
    if rules:
        raise CaseError(f"unknown rule flag(s) for Capitalist Diplomacy: "
                        f"{', '.join(map(str, rules))}")
    try:
        params = Params.from_names(params_of(case, DEFAULTS))
    except ParamError as e:
        raise CaseError(str(e)) from None
    seed = seed_of(case)
    reading = Reading.open(field(case, "state", dict), board, params, seed)
    return reading, read_mails(case, board)


def lines_of(reading: Reading, mail: Mail) -> list[Line]:
    """A mail's lines as its phase reads them."""
    return read_mail_lines(mail.lines, reading.board, reading.commerce)
