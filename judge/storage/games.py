"""The game store's games: their rows, read and locked, their powers and members, and
their press."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Select,
    Table,
    and_,
    bindparam,
    event,
    func,
    select,
)
from sqlalchemy.orm import Session, aliased, joinedload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.strategy_options import _AbstractLoad

from judge.engine.board import Map
from judge.storage.phases import remember_phase
from judge.storage.schema import (
    Game,
    PhaseRecord,
    Player,
    Power,
    PowerState,
    PressMessage,
    Role,
)
from judge.storage.transaction import in_force, transaction_of


def find_game(session: Session, name: str) -> Game | None:
    return session.scalar(select(Game).where(Game.name == name.lower()))


def all_games(session: Session) -> Sequence[Game]:
    return session.scalars(select(Game).order_by(Game.name)).all()


def add_game(
    session: Session,
    name: str,
    variant: str,
    flags: Iterable[str],
    master_hash: str,
    master_address: str,
    seed: int,
    board: Map,
    now: datetime,
) -> Game:
    """A new forming game with one open Power row per power of its map."""
    game = Game(
        name=name.lower(),
        variant=variant,
        map_name=board.name,
        flags=list(flags),
        options={},
        seed=seed,
        master_hash=master_hash,
        master_address=master_address,
        created_at=now,
    )
    game.powers = [Power(name=p, state=PowerState.OPEN, balance=0) for p in board.powers]
    session.add(game)
    session.flush()
    return game


def lock_game(session: Session, game_id: int) -> Game | None:
    """The game, re-read and locked for this transaction: on PostgreSQL a row lock that the
    phase processor and order handling both take, so orders cannot race a processing
    phase; SQLite's BEGIN IMMEDIATE already serialises every writer. Locked once in a
    transaction, the game is not read again (nothing else can change it until commit)."""
    if _locked_here(session, game_id):
        return session.get(Game, game_id)
    return _read_locked(session, _LOCK_BY_ID, {"id": game_id})


def find_and_lock_game(session: Session, name: str) -> Game | None:
    """``find_game`` and ``lock_game`` in one: the game named, with its powers and their
    current players (``signed_player``), read and locked for this transaction (a sign-on
    reads it so, since what follows acts on it)."""
    return _read_locked(session, _LOCK_BY_NAME, {"name": name.lower()})


def signed_player(power: Power) -> Player | None:
    """``player_of`` for a power of a game just read by ``find_and_lock_game``, before
    anything is written: its current player, read with the game."""
    return power.current_players[0] if power.current_players else None


@dataclass(frozen=True, slots=True)
class _Locking:
    """The statements reading a game with its powers (and what ``below`` adds under each
    power). Built once, with bind parameters: every sign-on runs them.

    On SQLite one join, ``joined`` (BEGIN IMMEDIATE: nothing else writes until this
    transaction ends). On PostgreSQL ``lock`` first reads and locks the game's row
    (``FOR UPDATE``: once the lock is had, the row as the transaction that held it left
    it), then ``powers`` reads its powers by the game's id: a statement that waited for
    the lock still reads every row it joins as they were when it began, before the
    transaction holding the lock committed (a phase just processed, a player just
    replaced), while a statement sent once the lock is held reads them as they are. (A
    ``selectinload`` did the second read before, and built its statement and cache key
    anew for every game read; and the game's columns are not repeated in every power's
    row, as in the join, where its two JSON columns were decoded once a power.)"""

    joined: Select[Game]
    lock: Select[Game]
    powers: Select[Power]
    # A sign-on's read on PostgreSQL: ``lock_id`` locks the game's row and reads only its
    # id (a Core statement: no ORM object to load), then ``with_phase`` reads the powers
    # with, joined to the first power's row only, the game itself and the phase being
    # played (``current_record``), all sent once the lock is held: a sign-on followed by
    # orders reads its phase with no statement of its own.
    lock_id: Select[Any] | None = None
    with_phase: Select[Any] | None = None


def _locking(where: ColumnElement[bool], *below: _AbstractLoad,
             with_phase: bool = False) -> _Locking:
    game = select(Game).where(where).execution_options(populate_existing=True)
    powers = select(Power).where(Power.game_id == bindparam("locked_id")).order_by(Power.name)
    # the game and the phase are joined to the first power's row only (their columns,
    # JSON among them, are not repeated on every power's row)
    phases, others = aliased(PhaseRecord), aliased(Power)
    current = (select(phases.id)
               .where(phases.game_id == bindparam("locked_id"), phases.rolled_back.is_(False))
               .order_by(phases.seq.desc()).limit(1).scalar_subquery())
    first = Power.name == (select(func.min(others.name))
                           .where(others.game_id == bindparam("locked_id")).scalar_subquery())
    return _Locking(
        joined=game.options(joinedload(Game.powers).options(*below)),
        lock=game.with_for_update(of=Game),
        powers=powers.options(*below).execution_options(populate_existing=True),
        lock_id=select(_GAMES.c.id).where(where).with_for_update() if with_phase else None,
        with_phase=powers.add_columns(PhaseRecord, Game).select_from(Power)
        .outerjoin(PhaseRecord, and_(PhaseRecord.id == current, first))
        .outerjoin(Game, and_(Game.id == Power.game_id, first))
        .options(*below).execution_options(populate_existing=True) if with_phase else None,
    )


_GAMES = cast(Table, Game.__table__)


_LOCK_BY_ID = _locking(Game.id == bindparam("id"))
_LOCK_BY_NAME = _locking(Game.name == bindparam("name"), joinedload(Power.current_players),
                         with_phase=True)


def _read_locked(session: Session, stmts: _Locking,
                 params: dict[str, object]) -> Game | None:
    if session.get_bind().dialect.name == "postgresql":
        if stmts.with_phase is not None and stmts.lock_id is not None:
            game = _read_signed_on(session, stmts.lock_id, stmts.with_phase, params)
            if game is None:
                return None
        else:
            game = session.scalar(stmts.lock, params)
            if game is None:
                return None
            powers = session.scalars(stmts.powers, {"locked_id": game.id}).unique().all()
            set_committed_value(game, "powers", list(powers))
    else:
        game = session.scalars(stmts.joined, params).unique().first()
    if game is not None:
        session.info.setdefault(_LOCKED, {})[game.id] = transaction_of(session)
    return game


def _read_signed_on(session: Session, lock_id: Select[Any],
                    with_phase: Select[Any],
                    params: dict[str, object]) -> Game | None:
    if session.autoflush:
        session.flush()  # what the ORM read this replaces would have written first
    game_id: int | None = session.connection().execute(lock_id, params).scalar()
    if game_id is None:
        return None
    rows = session.execute(with_phase, {"locked_id": game_id}).unique().all()
    game: Game | None
    if not rows:  # a game without powers: nothing to join its row to
        game = session.get(Game, game_id, populate_existing=True)
    else:
        game = rows[0][2]
        remember_phase(session, game_id, rows[0][1])  # None: no phase being played
    assert game is not None  # its row is locked: it cannot have gone
    powers: list[Power] = [row[0] for row in rows]
    set_committed_value(game, "powers", powers)
    return game


_LOCKED = "judge.locked_games"  # session.info: game id -> the transaction that locked it


def _locked_here(session: Session, game_id: int) -> bool:
    """Whether this transaction, or the one a savepoint of it runs in, has read and locked
    the game already (a lock taken in a savepoint is forgotten when the savepoint ends: if
    rolled back, the lock may have gone with it)."""
    return in_force(session, session.info.get(_LOCKED, {}).get(game_id))


def power_of(game: Game, name: str) -> Power | None:
    return next((p for p in game.powers if p.name == name), None)


def player_of(session: Session, power: Power) -> Player | None:
    """The power's current player (None when open or in civil disorder)."""
    return session.scalar(_PLAYER_OF, {"power_id": power.id})


_PLAYER_OF = select(Player).where(Player.power_id == bindparam("power_id"),
                                  Player.left_at.is_(None))


def members(session: Session, game: Game) -> Sequence[Player]:
    """Current players and observers of a game.

    Read once per transaction: processing a phase asks for them eight times. The list is
    forgotten as soon as a player is added, changed or removed in the session (flushed or
    not), and does not outlive the transaction (or a savepoint) it was read in."""
    memo = session.info.get(_MEMBERS)
    if (memo is not None and game.id in memo and in_force(session, memo[game.id][0])
            and not _players_pending(session)):
        return list(memo[game.id][1])
    rows = session.scalars(
        select(Player)
        .where(Player.game_id == game.id, Player.left_at.is_(None))
        .order_by(Player.id)
    ).all()
    session.info.setdefault(_MEMBERS, {})[game.id] = (transaction_of(session), rows)
    return list(rows)


_MEMBERS = "judge.members"  # session.info: game id -> (transaction, its current members)


def _players_pending(session: Session) -> bool:
    return any(isinstance(o, Player) for o in (*session.new, *session.dirty, *session.deleted))


@event.listens_for(Session, "after_flush")
def _forget_members(session: Session, _context: object) -> None:
    """A flush that writes a player makes every remembered member list stale."""
    if session.info.get(_MEMBERS) and _players_pending(session):
        del session.info[_MEMBERS]


def observers(session: Session, game: Game) -> Sequence[Player]:
    return [p for p in members(session, game) if p.role == Role.OBSERVER]

def add_press(
    session: Session,
    game: Game,
    sender: str,
    recipients: Sequence[str],
    broadcast: bool,
    body: str,
    now: datetime,
) -> PressMessage:
    press = PressMessage(
        game_id=game.id,
        phase=game.phase,
        sender=sender,
        recipients=list(recipients),
        broadcast=broadcast,
        body=body,
        sent_at=now,
    )
    session.add(press)
    return press
