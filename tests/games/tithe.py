"""A toy sixth game, to show what a new kind adds: standard Diplomacy in which every
supply centre pays its owner 1 coin a year. It is one record (``KIND``), one mail part
built on the board game (``PART``) and one letter; the judge around it is untouched."""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.engine.adjudicate import PhaseResult
from judge.engine.phase import Season
from judge.games import Kind
from judge.games.board.mail import BoardGame
from judge.service.reports import Mail, Roster
from judge.storage.schema import Game, PhaseRecord

KIND = Kind(
    name="tithe", title="Tithe Diplomacy", word="TITHE",
    players=(1, 7), batch=None,
    mail="tests.games.tithe:PART",
)


class Tithe(BoardGame):
    """The board game, and a tithe when a new year opens."""

    def after_phase(self, session: Session, game: Game, record: PhaseRecord,
                    result: PhaseResult, roster: Roster) -> list[Mail]:
        opened = result.next.phase
        if opened.season is not Season.SPRING or opened.year == 1901:
            return []
        mails = []
        for power in game.powers:
            paid = len(result.next.centers.get(power.name, ()))
            power.balance = (power.balance or 0) + paid
            member = roster.players.get(power.name)
            if member is not None:
                mails.append(Mail(member.address, f"{game.name}: tithe of {opened.year}",
                                  f"{power.name} is paid {paid} coins for its {paid} "
                                  f"centres; its treasury holds {power.balance}.\n",
                                  power.name))
        return mails


PART = Tithe(KIND)
