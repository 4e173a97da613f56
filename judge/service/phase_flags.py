"""What a member sets for one phase only: ``SET WAIT``, ``SET DRAW`` and ``SET CONCEDE``,
cleared when the phase is processed, in every kind of game."""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.storage.games import members
from judge.storage.schema import Game


def clear_phase_flags(session: Session, game: Game) -> None:
    """``SET WAIT``, ``SET DRAW`` and ``SET CONCEDE`` hold one phase: they are cleared when
    the phase is processed, as njudge does (its draw and concession votes are "good for
    one phase only"; DPjudge clears the wait flag too), so a player sets them again for
    each phase. A vote is thus always cast on the position in front of the voter: one
    left standing from years before would let the last voter end the game on terms the
    others agreed to in another position.

    Only a flag that is set is written: a member left unchanged stays out of the
    session's dirty set, so the members read here serve the rest of the phase's
    processing (``members`` reads them again while a player is pending)."""
    for member in members(session, game):
        if member.wait is not False:
            member.wait = False
        if member.draw is not None:
            member.draw = None
        if member.concede is not None:
            member.concede = None
