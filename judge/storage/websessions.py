"""The web's signed-in sessions: one row each, kept in the database so that every
``judge serve`` on it knows them and signing out ends a session everywhere.

The cookie carries a random token; the row keeps only its SHA-256, so a stolen copy of
the database opens no session. ``vouched`` is the password hash the player's password
matched when he signed in: the form's lines are then handled as his mail with that
sign-on vouched for (judge.service.passwords.password_matches), and a new password
(SET PASSWORD) leaves the session vouching for nothing.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlalchemy import ForeignKey, String, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from judge.storage.base import Base
from judge.storage.schema import ADDRESS, NAME

LIFETIME = timedelta(days=7)  # a session unused this long is over
TOKEN_BYTES = 32


class WebSession(Base):
    """One player's session on the web pages."""

    __tablename__ = "web_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    who: Mapped[str] = mapped_column(String(NAME))  # as he signed on: power, name, MASTER
    address: Mapped[str] = mapped_column(String(ADDRESS))  # his registered address
    vouched: Mapped[str]  # the stored password hash his password matched
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime]
    seen_at: Mapped[datetime]
    ended_at: Mapped[datetime | None]


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def open_session(session: Session, game_id: int, who: str, address: str, vouched: str,
                 now: datetime) -> str:
    """A new session; its token (for the cookie), never stored as such."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    session.add(WebSession(token_hash=_digest(token), game_id=game_id, who=who,
                           address=address, vouched=vouched,
                           csrf=secrets.token_urlsafe(TOKEN_BYTES), created_at=now,
                           seen_at=now, ended_at=None))
    session.flush()
    return token


def find_session(session: Session, token: str, now: datetime) -> WebSession | None:
    """The open session of this token, or None (unknown, ended or unused too long)."""
    found = session.scalar(select(WebSession).where(WebSession.token_hash == _digest(token)))
    if found is None or found.ended_at is not None or found.seen_at < now - LIFETIME:
        return None
    return found


def end_session(session: Session, token: str, now: datetime) -> None:
    found = session.scalar(select(WebSession).where(WebSession.token_hash == _digest(token)))
    if found is not None and found.ended_at is None:
        found.ended_at = now
