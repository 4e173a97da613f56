"""How a game ends: victory, a draw every survivor voted for, a concession, and the mail
that tells everyone."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.board import Map
from judge.engine.position import Position
from judge.games.payola.mail.chartbook import open_books
from judge.service.kinds import attachments_of
from judge.service.powers import initials
from judge.service.reports import Ending, end_mails, roster_of
from judge.storage.games import members
from judge.storage.mailqueue import queue_mail
from judge.storage.schema import Game, GameState, Player, Role


def survivors(position: Position) -> frozenset[str]:
    """Powers still in the game: owning a centre or a unit."""
    return frozenset(p for p, cs in position.centers.items() if cs) | frozenset(
        p for p, us in position.units.items() if us)


def _voters(session: Session, game: Game, alive: frozenset[str]) -> dict[str, Player]:
    """The players of surviving powers. A power nobody plays cannot vote and does not
    stop the others (civil disorder accepts what the players agree)."""
    return {m.power.name: m for m in members(session, game)
            if m.role == Role.PLAYER and m.power is not None and m.power.name in alive}


def agreed_ending(session: Session, game: Game, position: Position,
                  board: Map) -> Ending | None:
    """A draw when every surviving power's player votes the same ``SET DRAW`` (no list:
    all survivors; njudge's DIAS); a concession when every other survivor's player
    concedes to the same surviving power (``SET CONCEDE``). Votes hold one phase, so
    they agree on the current position."""
    alive = survivors(position)
    voters = _voters(session, game, alive)
    if not voters:
        return None
    letters = initials(board)
    votes: set[frozenset[str]] = set()
    for player in voters.values():
        if player.draw is None:
            votes = set()
            break
        among = alive if not player.draw else frozenset(letters[ch] for ch in player.draw
                                                         if ch in letters)
        votes.add(frozenset(among))
    if len(votes) == 1:
        drawn = next(iter(votes))
        if drawn and drawn <= alive:
            return Ending("draw", tuple(p for p in board.powers if p in drawn))
    for winner in {p.concede for p in voters.values()} - {None}:
        others = [n for n in voters if n != winner]
        if winner in alive and others and all(voters[n].concede == winner for n in others):
            return Ending("concession", (winner,))
    return None


def finish(session: Session, game: Game, ending: Ending, position: Position,
           settings: Settings, now: datetime,
           money: Mapping[str, int] | None = None) -> None:
    """Complete the game and tell everyone how it ended; a Payola game's balances, offer
    sheets and bribe charts become public (spec 6.6)."""
    game.state = GameState.COMPLETED
    game.ended_at = now
    game.result = " ".join((ending.kind, *ending.powers))
    for attachment in attachments_of(game):
        attachment.end(session, settings, game, ending.kind, position, now)
    for mail in end_mails(roster_of(game, settings.name), ending, position, money):
        queue_mail(session, mail.to, mail.subject, mail.body, sender=settings.address, now=now)
    open_books(session, game, settings, now)
