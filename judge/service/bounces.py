"""Delivery reports about the judge's own mail: the master learns a player is unreachable."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.config import Settings
from judge.service.reports import Mail, bounce_mails
from judge.storage.base import utcnow
from judge.storage.mailqueue import DecodedMail, OutboundMessage, queue_mail
from judge.storage.schema import Game, GameState, Player

log = logging.getLogger(__name__)

QUIET = timedelta(days=1)  # one notice per unreachable member and reader a day
LIVE = (GameState.FORMING, GameState.ACTIVE, GameState.PAUSED)


def note_bounces(
    session: Session, mail: DecodedMail, settings: Settings, now: datetime | None = None
) -> None:
    """Tell the master of each live game whose player's address bounced, and the keeper
    when it is a master's address. The report's sender is never answered, and the
    notice names the power, not the address (players' addresses stay secret)."""
    moment = now or utcnow()
    for address in mail.bounced:
        if settings.is_judge_address(address):
            continue
        told = False
        players = session.scalars(select(Player).join(Game, Game.id == Player.game_id).where(
            func.lower(Player.address) == address.lower(), Player.left_at.is_(None),
            Game.state.in_(LIVE))).all()
        for player in players:
            game = session.get(Game, player.game_id)
            assert game is not None
            kind, name = ("power", player.power.name) if player.power else \
                ("observer", player.name or "")
            to = game.master_address
            if to.lower() == address.lower():
                to = settings.keeper
            told |= _tell(session, settings, bounce_mails(to, game.name, kind, name), moment,
                          mail.inbox_id)
        masters = session.scalars(select(Game).where(
            func.lower(Game.master_address) == address.lower(), Game.state.in_(LIVE))).all()
        for game in masters:
            told |= _tell(session, settings, bounce_mails(settings.keeper, game.name, "master"),
                          moment, mail.inbox_id)
        log.info("bounce %s for %s: %s", mail.message_id, address,
                 "told" if told else "nobody to tell")


def _tell(session: Session, settings: Settings, mails: list[Mail], now: datetime,
          inbox_id: int | None) -> bool:
    told = False
    for mail in mails:
        already = session.scalar(select(OutboundMessage.id).where(
            OutboundMessage.recipient == mail.to, OutboundMessage.subject == mail.subject,
            OutboundMessage.created_at >= now - QUIET).limit(1))
        if already is not None:
            continue
        queue_mail(session, mail.to, mail.subject, mail.body, sender=settings.address,
                   inbox_id=inbox_id, now=now)
        told = True
    return told
