"""The ``"game": "capitalist"`` cases of ``judge adjudicate`` (market-contract.md section 4,
capitalist.md): one phase with the mail read during it, commerce or military."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from judge.batch.capitalist_commerce import play_commerce
from judge.batch.capitalist_military import play_military
from judge.batch.capitalist_state import read_economy, read_position, write_state
from judge.batch.case import CaseError, board_of, field
from judge.batch.market import params_of, read_mails, seed_of
from judge.money.capitalist.calendar import Commerce, read_phase
from judge.money.capitalist.currency import CURRENCIES
from judge.money.capitalist.params import DEFAULTS, ParamError, Params
from judge.money.capitalist.year_end import Ending

__all__ = ["play_case"]


def play_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """One case: the state when the next held phase opens, the refused lines, and the end
    when the year-end step ends the game."""
    board = board_of(case)
    if set(board.powers) != set(CURRENCIES.powers):
        raise CaseError("Capitalist Diplomacy is played on the standard map")
    rules = field(case, "rules", list, default=[])
    if rules:
        raise CaseError(f"unknown rule flag(s) for Capitalist Diplomacy: "
                        f"{', '.join(map(str, rules))}")
    try:
        params = Params.of(params_of(case, DEFAULTS))
    except ParamError as e:
        raise CaseError(str(e)) from None
    seed = seed_of(case)
    state = field(case, "state", dict)
    try:
        phase = read_phase(str(state.get("phase", "")))
    except ValueError as e:
        raise CaseError(str(e)) from None
    economy = read_economy(state, board, params)
    problem = params.player_count_problem(len(economy.players))
    if problem is not None:
        raise CaseError(problem)
    position = read_position(state, phase, board)
    # a blank line is no command: skipped, neither accepted nor refused
    mails = [replace(m, lines=tuple(x for x in m.lines if x.strip()))
             for m in read_mails(case, board)]
    if isinstance(phase, Commerce):
        traded = play_commerce(phase, economy, mails, params, seed)
        return {
            "errors": traded.errors,
            "state": write_state(position, phase.movement, traded.economy, board),
            "end": None,
            "warnings": traded.warnings,
            "trades": traded.trades,
        }
    fought = play_military(position, economy, mails, board, params)
    return {
        "results": fought.results,
        "errors": fought.errors,
        "state": write_state(fought.position, fought.phase, fought.economy, board),
        "end": _end(fought.ending),
        "warnings": {},
        "orders": fought.orders,
        **({"points": fought.points} if fought.points is not None else {}),
    }


def _end(ending: Ending | None) -> dict[str, Any] | None:
    if ending is None:
        return None
    return {"kind": ending.kind, "winners": sorted(ending.winners),
            "scores": dict(sorted(ending.scores.items()))}
