"""The master's view of a game (``STATUS`` signed on as master, and the master's
``SUMMARY``): per power who plays it, whether it must act and has sent its orders or
sheet (never their content), its wait flag, draw vote and lateness; and the deadline.
Addresses are not shown."""

from __future__ import annotations

from typing import Any

from judge.games.board.mail.phases import acting_players, submission_kind
from judge.service.context import Context, Identity
from judge.service.reports.roster import deadline_text
from judge.service.schedule import open_deadline, zone_of
from judge.storage.games import members
from judge.storage.phases import current_record, position_of
from judge.storage.schema import Role
from judge.storage.submissions import submissions_in_force


def overview(ctx: Context, who: Identity) -> dict[str, Any]:
    """What the master sees of ``who.game`` now, as template data."""
    game = who.game
    record = current_record(ctx.session, game)
    players = {m.power.name: m for m in members(ctx.session, game)
               if m.role == Role.PLAYER and m.power is not None}
    acting: set[str] = set()
    sent: set[str] = set()
    deadline = None
    if record is not None:
        board = ctx.board(game)
        position = position_of(record, board)
        acting = set(acting_players(ctx.session, game, position, board))
        given = submissions_in_force(ctx.session, record, submission_kind(game, position))
        sent = {p for p, lines in given.items() if lines}
        deadline = open_deadline(game, record)
    overdue = deadline is not None and ctx.now > deadline
    powers = []
    for power in game.powers:
        player = players.get(power.name)
        powers.append({
            "name": power.name, "state": power.state, "played": player is not None,
            "acts": power.name in acting, "sent": power.name in sent,
            "wait": bool(player and player.wait), "draw": player.draw if player else None,
            "late": overdue and power.name in acting and power.name not in sent,
        })
    return {"game": game.name, "state": game.state, "phase": game.phase or "not started",
            "deadline": deadline_text(deadline, zone_of(game)), "powers": powers}

