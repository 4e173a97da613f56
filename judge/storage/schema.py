"""Tables of the games: games, powers, players, phases, submissions, press and the ledger."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judge.engine.maps import STANDARD_MAP
from judge.storage.base import Base, utcnow

NAME = 32  # game, power and observer names
ADDRESS = 320  # RFC 5321: 64 + 1 + 255, rounded up
SOURCE = ADDRESS + 64  # where a mail came from: the connection's peer and the envelope sender


class GameState(StrEnum):
    FORMING = "forming"
    ACTIVE = "active"
    PAUSED = "paused"
    COMPLETED = "completed"
    TERMINATED = "terminated"


class PowerState(StrEnum):
    """Whether a power has a player: ``open`` waits for one (at the start, or after the
    master's REPLACE), ``played`` has one, ``disorder`` was left (RESIGN, EJECT)."""

    OPEN = "open"
    PLAYED = "played"
    DISORDER = "disorder"


class Role(StrEnum):
    PLAYER = "player"
    OBSERVER = "observer"


class SubmissionKind(StrEnum):
    ORDERS = "orders"
    OFFERS = "offers"


class Game(Base):
    """One game. ``flags`` are the rule flags as given; ``options`` the master's SET
    options; ``phase`` the current phase (None while forming)."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME), unique=True)
    variant: Mapped[str] = mapped_column(String(16))
    map_name: Mapped[str] = mapped_column(String(NAME), default=STANDARD_MAP)
    flags: Mapped[list[str]] = mapped_column(JSON, default=list)
    options: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    seed: Mapped[int]
    state: Mapped[str] = mapped_column(String(16), default=GameState.FORMING)
    master_hash: Mapped[str]
    master_address: Mapped[str] = mapped_column(String(ADDRESS))
    phase: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # when the master paused the game (deadlines move by the pause), and when everyone
    # was last reminded that it is still paused
    paused_at: Mapped[datetime | None]
    pause_told_at: Mapped[datetime | None]
    ended_at: Mapped[datetime | None]
    result: Mapped[str | None]  # how it ended: "victory FRANCE", "draw AUSTRIA FRANCE", ...

    powers: Mapped[list[Power]] = relationship(
        back_populates="game", order_by="Power.name", cascade="all, delete-orphan"
    )


class Power(Base):
    """A power of a game: who plays it, its Payola balance and acceptance list, and the
    power that controls it (Payola, spec 2.9)."""

    __tablename__ = "powers"
    __table_args__ = (UniqueConstraint("game_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(NAME))
    state: Mapped[str] = mapped_column(String(16), default=PowerState.OPEN)
    balance: Mapped[int] = mapped_column(default=0)
    acceptance: Mapped[str | None] = mapped_column(String(NAME))
    # the power whose player plays this one (the master's SET CONTROL); None: nobody
    controller: Mapped[str | None] = mapped_column(String(NAME))

    game: Mapped[Game] = relationship(back_populates="powers")
    # Its current player(s) (left_at unset), read only with the game by a sign-on
    # (judge.storage.games.find_and_lock_game); never written through, never kept up to date.
    current_players: Mapped[list[Player]] = relationship(
        primaryjoin="and_(Player.power_id == Power.id, Player.left_at.is_(None))",
        viewonly=True, order_by="Player.id")


class Player(Base):
    """One person's tenure of a power, or an observer. A replaced player's row stays
    (``left_at`` set), so each tenure keeps its own record."""

    __tablename__ = "players"
    __table_args__ = (Index(None, "game_id", "power_id", "left_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    power_id: Mapped[int | None] = mapped_column(ForeignKey("powers.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(16), default=Role.PLAYER)
    name: Mapped[str | None] = mapped_column(String(NAME))  # an observer's name
    address: Mapped[str] = mapped_column(String(ADDRESS))
    password_hash: Mapped[str]
    wait: Mapped[bool] = mapped_column(default=False)
    draw: Mapped[str | None] = mapped_column(String(NAME))  # None: no vote; "": all survivors
    absence: Mapped[str | None]
    zone: Mapped[str | None] = mapped_column(String(64))  # SET ZONE; None: the game's
    concede: Mapped[str | None] = mapped_column(String(NAME))  # SET CONCEDE <power>
    maps: Mapped[bool | None]  # SET MAP ON / OFF; None: the game's (its MAP option)
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)
    left_at: Mapped[datetime | None]

    power: Mapped[Power | None] = relationship()


class PhaseRecord(Base):
    """One phase of a game: the position at its start (the contract's ``state``), and,
    once processed, the orders carried out. Rolled-back phases stay, marked."""

    __tablename__ = "phases"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    phase: Mapped[str] = mapped_column(String(8))
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    processed_at: Mapped[datetime | None]
    rolled_back: Mapped[bool] = mapped_column(default=False)
    # a market phase read so far: the game as the phase's mail has left it, in its
    # kind's JSON (judge.money.<game>.reading), resumed for the next mail and played at
    # the deadline; None before its first mail, or for a kind read otherwise
    reading: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # the phase's timing: its deadline, and when reminders, late notices and the
    # master's "grace is over" notice went out (each sent once, in the processor's
    # transaction)
    deadline: Mapped[datetime | None]
    reminded_at: Mapped[datetime | None]
    late_told_at: Mapped[datetime | None]
    master_told_at: Mapped[datetime | None]


class Submission(Base):
    """One version of a power's orders or offer sheet for a phase; every version is kept
    and the highest ``version`` is in force. ``lines`` hold each line as typed and as
    the judge understood it: ``[{"line": 3, "text": "a par-bur", "canonical": "A PAR - BUR"}]``;
    no lines is a cleared set."""

    __tablename__ = "submissions"
    __table_args__ = (UniqueConstraint("phase_id", "power", "kind", "version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    phase_id: Mapped[int] = mapped_column(ForeignKey("phases.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(String(NAME))
    kind: Mapped[str] = mapped_column(String(16))
    version: Mapped[int]
    lines: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"))
    submitted_at: Mapped[datetime] = mapped_column(default=utcnow)


class PressMessage(Base):
    """A press message as sent: its real sender and recipients (both secret to others)."""

    __tablename__ = "press"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    phase: Mapped[str | None] = mapped_column(String(8))
    sender: Mapped[str] = mapped_column(String(NAME))
    recipients: Mapped[list[str]] = mapped_column(JSON)
    broadcast: Mapped[bool] = mapped_column(default=False)
    body: Mapped[str]
    sent_at: Mapped[datetime] = mapped_column(default=utcnow)


class LedgerEntry(Base):
    """One movement of a power's money (integer AgP), with the balance after it."""

    __tablename__ = "ledger"
    __table_args__ = (Index(None, "game_id", "power", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    phase: Mapped[str | None] = mapped_column(String(8))
    power: Mapped[str] = mapped_column(String(NAME))
    amount: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16))  # start, transfer, bribes, income
    counterparty: Mapped[str | None] = mapped_column(String(NAME))
    balance_after: Mapped[int]
    at: Mapped[datetime] = mapped_column(default=utcnow)


class SignOnFailure(Base):
    """A refused password: counted per sender (the claimed From), per source (connection
    peer and envelope sender) and per power (``target``: a power, MASTER or OBSERVER) to
    slow the answers to guessers and tell the power's owner, never to lock anyone out."""

    __tablename__ = "signon_failures"
    __table_args__ = (Index(None, "sender", "at"), Index(None, "game", "at"),
                      Index(None, "source", "at"), Index(None, "game", "target", "at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    sender: Mapped[str] = mapped_column(String(ADDRESS))
    game: Mapped[str] = mapped_column(String(NAME))
    source: Mapped[str] = mapped_column(String(SOURCE), default="")
    target: Mapped[str] = mapped_column(String(NAME), default="")
    at: Mapped[datetime] = mapped_column(default=utcnow)


class AddressChange(Base):
    """A ``SET ADDRESS`` waiting for the code mailed to the new address (only its hash is
    kept). ``player_id`` None is the game's master; ``done_at`` is set once confirmed."""

    __tablename__ = "address_changes"
    __table_args__ = (Index(None, "game_id", "player_id", "requested_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    address: Mapped[str] = mapped_column(String(ADDRESS))
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    requested_by: Mapped[str] = mapped_column(String(ADDRESS))
    requested_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    done_at: Mapped[datetime | None]


class MarketMail(Base):
    """The command lines one mail sent to a market game (Exchange, 1901-Shareholders,
    Capitalist) during one phase, in the order the judge read them: ``sender`` is the
    member's name (investor, player or pseudonym), ``acting`` the power he signed on as,
    if any. At the deadline the phase is played from its opening state and these mails,
    exactly as a ``judge adjudicate`` case (market-contract.md); a kind read one mail
    at a time keeps what reading the mail gave in ``refusals`` (its refused lines and
    confirmations, as judge.money.market.reading's ``MailRead``) and the phase read so
    far in ``PhaseRecord.reading``."""

    __tablename__ = "market_mails"
    __table_args__ = (Index(None, "phase_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    phase_id: Mapped[int] = mapped_column(ForeignKey("phases.id", ondelete="CASCADE"))
    sender: Mapped[str] = mapped_column(String(NAME))
    acting: Mapped[str | None] = mapped_column(String(NAME))
    lines: Mapped[list[str]] = mapped_column(JSON)
    # the phase's refused lines and warnings once this mail was read (the runner's
    # ``errors`` and ``warnings``), so the next mail's are what its own reading adds,
    # without playing the phase twice
    refusals: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"))
    at: Mapped[datetime] = mapped_column(default=utcnow)
