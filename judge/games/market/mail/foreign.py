"""A member's line that is none of his game's: a classic judge's word (``WHOIS``), an
option no game has (``SET PREFERENCE``), or a command of the board games that a market
game or the Bourse does not use (``CLEAR``, ``SET ZONE``, ``SET DRAW``). The service
answers it in the words it uses in every kind of game (issue 22), before the kind's
reader sees the mail; a line whose first word is the kind's own stays the kind's."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from judge.games import Kind
from judge.games.market.mail.kind import MarketKind
from judge.service.context import Result
from judge.service.master import is_option, not_an_option
from judge.service.reports.replies import caret
from judge.text import commands as c
from judge.text.commands import Step


def not_the_kinds(step: Step, kind: MarketKind[Any, Any, Any]) -> str | None:
    """``not_ours`` for a line of a member of a market game of this kind."""
    return not_ours(step, kind.words, kind.game)


def not_ours(step: Step, words: Collection[str], game: Kind) -> str | None:
    """Why a member's line is none of his game's (or attachment's), answered as in every
    game: a classic judge's word (``WHOIS``), an option no game has (``SET
    PREFERENCE``), a judge's command it could not read (``HISTORY x y``: the grammar's
    reason, as a board game's player reads it), or a command of the other games
    (``CLEAR``, ``RESIGN``, ``SET DRAW``); None for a line whose first word is one of
    ``words`` (the game's own), a unit order, or a line the game reads and answers
    itself (with its "did you mean")."""
    first = step.text.split(None, 1)[0].upper() if step.text.strip() else ""
    command = step.command
    if first in words or isinstance(command, c.Orders):
        return None
    if isinstance(command, c.Unreadable):  # a classic judge's word (WHOIS), a judge's
        return command.problem.message  # command miswritten (HISTORY x y): as every game
    if isinstance(command, c.SetOption) and not is_option(command.name):
        return not_an_option(command.name)
    said = (f"SET {command.name}" if isinstance(command, c.SetOption)
            else "SET DRAW" if isinstance(command, c.SetDraw)
            else "SET ABSENCE" if isinstance(command, c.SetAbsence)
            else " ".join(step.text.split()[:2]).upper() if first == "SET" else first)
    return (f"{said} is not used in {game.title} games (HELP {game.word} lists "
            "their commands)")


def refused(step: Step, why: str) -> Result:
    """The answer to a line ``not_ours`` refused (``why``), as every game answers it: a
    line the judge could not read is echoed with a caret under the word not understood
    (``caret``, as a board game's player reads it)."""
    data = caret(step.command.problem) if isinstance(step.command, c.Unreadable) else {}
    return Result(step.line, step.text, False, [why], template="refused", data=data)
