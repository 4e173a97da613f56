"""The ``judge adjudicate`` JSON Lines contract: one case in, one result out, per line.

See ``docs/adjudicate.md`` (and the contracts it implements). Everything here is
callable from Python: ``run_case(dict) -> dict`` and ``run(lines) -> lines``.

Every game is a kind of the registry (judge.games): its name is a case's ``"game"``,
and its ``batch`` part the runner that plays its cases (imported on first use, so a
standard run never loads the money games). A runner takes the case and answers the
result's fields; it raises CaseError (or the engine's StateError) for a line that is no
case of its game. An attachment (the Bourse) runs beside a host game: a case whose
``state`` carries the attachment's name goes to the attachment's runner, which plays
the host through the host's own runner.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, Any

from judge.batch.case import CaseError
from judge.engine.state import StateError
from judge.games import DEFAULT, attachments, games

__all__ = ["GAMES", "CaseError", "main", "run", "run_case"]

Runner = Callable[[Mapping[str, Any]], dict[str, Any]]
HostedRunner = Callable[[Mapping[str, Any], Runner], dict[str, Any]]

# a case's "game" -> its kind (the registry's games with a runner)
GAMES = {k.name: k for k in games() if k.batch is not None}
ATTACHMENTS = tuple(k for k in attachments() if k.batch is not None)
DEFAULT_GAME = DEFAULT.name

# json.dumps with its defaults, less the circular-reference check: a result is a tree of
# fresh dicts and lists (never a cycle), and the check costs a dict entry per container.
_encode = json.JSONEncoder(check_circular=False).encode


def runner(game: Any) -> Runner:
    """The runner of a game named in a case; CaseError for a name that is not a game."""
    kind = GAMES.get(game) if isinstance(game, str) else None
    if kind is None:
        raise CaseError(f"unknown game {game!r} (known: {', '.join(sorted(GAMES))})")
    play: Runner = kind.part("batch")
    return play


def run_case(case: Any) -> dict[str, Any]:
    """Play one case; never raises for bad input, answering ``{"id", "error"}`` instead."""
    case_id = case.get("id") if isinstance(case, dict) else None
    try:
        if not isinstance(case, dict):
            raise CaseError("a case must be a JSON object")
        play = runner(case.get("game", DEFAULT_GAME))
        state = case.get("state")
        if isinstance(state, dict):
            for attachment in ATTACHMENTS:
                if attachment.name in state:
                    beside: HostedRunner = attachment.part("batch")
                    return {"id": case_id, **beside(case, play)}
        return {"id": case_id, **play(case)}
    except (CaseError, StateError) as e:
        return {"id": case_id, "error": str(e)}


def run(lines: Iterable[str]) -> Iterator[str]:
    """One result line per input line, in order; blank lines are answered too."""
    for line in lines:
        try:
            case = json.loads(line)
        except ValueError as e:
            yield _encode({"id": None, "error": f"not valid JSON: {e}"})
            continue
        try:
            result = run_case(case)
        except Exception as e:  # noqa: BLE001 - one bad case must not end the run
            result = {
                "id": case.get("id") if isinstance(case, dict) else None,
                "error": f"internal error: {type(e).__name__}: {e}",
            }
        yield _encode(result)


def main(stdin: IO[str], stdout: IO[str]) -> int:
    write = stdout.write
    for out in run(stdin):
        write(out + "\n")  # one write a line: with PYTHONUNBUFFERED each is a system call
    stdout.flush()
    return 0
