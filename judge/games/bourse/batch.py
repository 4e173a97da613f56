"""A Bourse beside its host game (market-contract.md section 5): a case of the host
(standard or Payola) whose ``state`` carries ``bourse``.

The Bourse's mails (``"to": "bourse"``, or no ``to``) go to the Bourse's desk in order;
the host plays its phase from the case without them; the turn open with the host phase
is processed; after the host's Fall ownership change the currencies of powers left
without a centre are eliminated; ``host_end`` ends and scores the Bourse.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from judge.batch.case import CaseError, board_of, field
from judge.batch.market import Mail, params_of, read_mails
from judge.engine.board import Map
from judge.engine.phase import Phase, Season
from judge.engine.state import position_from_state, state_from_position
from judge.games import BOURSE
from judge.games.bourse.rules.currencies import Currencies
from judge.games.bourse.rules.desk import Desk
from judge.games.bourse.rules.params import DEFAULTS, BourseParams, ParamError
from judge.games.bourse.rules.scoring import eliminate, score
from judge.games.bourse.rules.state import Bourse
from judge.games.bourse.rules.state_json import bourse_json, read_bourse
from judge.games.bourse.rules.turn import process_turn, turn_open
from judge.games.bourse.text import read_command
from judge.money.market.reading import MailRead, errors_of

HostRunner = Callable[[Mapping[str, Any]], dict[str, Any]]
HOST_ENDS = (None, "solo", "draw")

KEY = BOURSE.name  # a case's state.bourse, and a mail's "to" the Bourse


def play_case(case: Mapping[str, Any], play_host: HostRunner) -> dict[str, Any]:
    """One host phase with the Bourse turn attached to it."""
    board = board_of(case)
    state = field(case, "state", dict)
    params = _params(case)
    bourse = read_bourse(state.get(KEY), board, params)
    host_end = case.get("host_end")
    if host_end not in HOST_ENDS:
        raise CaseError("'host_end' must be \"solo\", \"draw\" or null")
    try:
        phase = position_from_state(state, board).phase
    except ValueError as e:  # a phase that is no phase, or the engine's StateError
        raise CaseError(str(e)) from None
    mails = read_mails(case, board)
    desk = Desk(bourse, Currencies.of(board.powers), params, turn_open(phase, params))
    reads: list[MailRead] = []
    warnings: dict[str, list[str]] = {}
    for mail in mails:
        if _for_bourse(mail):
            lines = tuple(line for line in mail.lines if line.strip())
            read = desk.handle(Mail(mail.sender, lines, mail.power, mail.to),
                               [read_command(line) for line in lines])
            reads.append(read)
            warnings.setdefault(read.key, []).extend(read.noted)
    if host_end == "draw":
        out, after = _unplayed(state, board), desk.bourse
    else:
        out = play_host(_host_case(case, state, [m for m in mails if not _for_bourse(m)]))
        after = _processed(desk, phase, params, out.get("state") or {}, board)
    for key, refused in errors_of(reads, ()).items():
        out.setdefault("errors", {}).setdefault(key, []).extend(refused)
    out["state"] = {**(out.get("state") or {}), KEY: bourse_json(after)}
    out["end"] = None if host_end is None else _end(host_end, after, out["state"], board)
    out["warnings"] = {k: ws for k, ws in warnings.items() if ws}
    return out


def _params(case: Mapping[str, Any]) -> BourseParams:
    try:
        return BourseParams.from_names(params_of(case, DEFAULTS))
    except ParamError as e:
        raise CaseError(str(e)) from None


def _for_bourse(mail: Mail) -> bool:
    return mail.to in (None, KEY)


def _host_case(case: Mapping[str, Any], state: Mapping[str, Any],
               mails: list[Mail]) -> dict[str, Any]:
    """The case as the host sees it: no ``bourse`` in its state, no Bourse mail, no
    Bourse parameters, no ``host_end``."""
    host = {k: v for k, v in case.items() if k not in ("host_end", "params", "mails")}
    host["state"] = {k: v for k, v in state.items() if k != KEY}
    if mails:
        host["mails"] = [m for m in case.get("mails") or []
                         if isinstance(m, Mapping) and str(m.get("to") or "").lower()
                         not in ("", KEY)]
    return host


def _unplayed(state: Mapping[str, Any], board: Map) -> dict[str, Any]:
    """The host's fields when it ends during the phase without processing it: nothing
    happened on the board, the state keeps its phase (D12)."""
    host_state = {k: v for k, v in state.items() if k != KEY}
    canonical = state_from_position(position_from_state(state, board))
    return {"results": {}, "errors": {}, "state": {**host_state, **canonical}}


def _processed(desk: Desk, phase: Phase, params: BourseParams, host_state: Mapping[str, Any],
               board: Map) -> Bourse:
    """The turn processed (when one is open), then the Fall ownership change's
    eliminations when the host went through it."""
    after = desk.bourse
    if turn_open(phase, params):
        after, _report = process_turn(after, desk.sets, params)
    if phase.season is Season.FALL and _next_phase(host_state).season is not Season.FALL:
        after, _gone = eliminate(after, _centers(host_state, board))
    return after


def _next_phase(host_state: Mapping[str, Any]) -> Phase:
    try:
        return Phase.parse(str(host_state.get("phase")))
    except ValueError as e:
        raise CaseError(f"the host answered no next phase: {e}") from None


def _centers(host_state: Mapping[str, Any], board: Map) -> dict[str, int]:
    """Centres owned per power in a host state."""
    return {p: len(cs) for p, cs in position_from_state(host_state, board).centers.items()}


def _end(kind: str, bourse: Bourse, state: Mapping[str, Any], board: Map) -> dict[str, Any]:
    """The Bourse scored on the centres ``state`` shows (5.4): credits exact to the
    hundredth."""
    standing = score(bourse, _centers(state, board))
    return {
        "kind": kind,
        "winners": sorted(standing.winners),
        "scores": {name: c / 100 for name, c in standing.credits.items()},
    }
