"""A sign-on's read of its game (judge.storage.games.find_and_lock_game): the powers and
players it reads with the game are as committed when it got the game's lock, and the
phase being played it brings along on PostgreSQL is the one ``current_record`` reads."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime

from sqlalchemy import event, func, select, text
from sqlalchemy.orm import Session, sessionmaker

from judge.engine.maps import load_map
from judge.engine.position import starting_position
from judge.storage.games import add_game, find_and_lock_game, lock_game, power_of, signed_player
from judge.storage.phases import current_record, record_position, roll_back
from judge.storage.schema import PhaseRecord, Player, Role
from judge.storage.session import unit_of_work
from tests.dbfixtures import postgres_only

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def _game(factory: sessionmaker[Session]) -> int:
    with unit_of_work(factory) as s:
        game = add_game(s, "alpha", "standard", [], "x", "gm@x.org", 1, load_map("standard"), NOW)
        france = power_of(game, "FRANCE")
        assert france is not None
        s.add(Player(game_id=game.id, power_id=france.id, role=Role.PLAYER,
                     address="old@x.org", password_hash="old", joined_at=NOW))
        return game.id


def test_the_sign_on_reads_each_powers_current_player(
    session_factory: sessionmaker[Session],
) -> None:
    _game(session_factory)
    with unit_of_work(session_factory) as s:
        game = find_and_lock_game(s, "ALPHA")
        assert game is not None
        france, italy = power_of(game, "FRANCE"), power_of(game, "ITALY")
        assert france is not None and italy is not None
        player = signed_player(france)
        assert player is not None and player.password_hash == "old"
        assert signed_player(italy) is None


@postgres_only
def test_a_sign_on_that_waited_for_the_lock_reads_what_the_holder_committed(
    session_factory: sessionmaker[Session],
) -> None:
    game_id = _game(session_factory)
    seen: list[tuple[str, int]] = []

    def sign_on() -> None:
        with unit_of_work(session_factory) as s:
            game = find_and_lock_game(s, "alpha")  # waits for the holder's commit
            assert game is not None
            france = power_of(game, "FRANCE")
            assert france is not None
            player = signed_player(france)
            assert player is not None
            seen.append((player.password_hash, france.balance))

    with session_factory() as holder:
        game = lock_game(holder, game_id)
        assert game is not None
        france = power_of(game, "FRANCE")
        assert france is not None
        player = holder.scalar(select(Player).where(Player.power_id == france.id))
        assert player is not None
        player.left_at = NOW  # a new player takes FRANCE over, and its balance moves
        holder.add(Player(game_id=game_id, power_id=france.id, role=Role.PLAYER,
                          address="new@x.org", password_hash="new", joined_at=NOW))
        france.balance = 7
        holder.flush()
        waiting = threading.Thread(target=sign_on)
        waiting.start()
        with session_factory() as watch:  # until the sign-on is waiting for the lock
            for _ in range(500):
                waits = watch.scalar(select(func.count()).select_from(
                    text("pg_stat_activity")).where(text("wait_event_type = 'Lock'")))
                watch.rollback()
                if waits:
                    break
                time.sleep(0.01)
        holder.commit()
        waiting.join(timeout=30)
    assert seen == [("new", 7)]


def _statements(bind: object) -> tuple[list[str], object]:
    sent: list[str] = []

    def note(conn: object, cursor: object, statement: str, *args: object) -> None:
        sent.append(statement)

    event.listen(bind, "before_cursor_execute", note)
    return sent, note


def test_the_phase_read_with_the_sign_on_is_the_phase_being_played(
    session_factory: sessionmaker[Session],
) -> None:
    """On PostgreSQL the sign-on's read brings the phase being played along, and
    ``current_record`` answers it without a statement; a phase recorded, rolled back or
    changed in the transaction is read again; on SQLite it is always read."""
    game_id = _game(session_factory)
    board = load_map("standard")
    with unit_of_work(session_factory) as s:
        game = lock_game(s, game_id)
        assert game is not None
        assert current_record(s, game) is None  # a forming game: no phase yet
        first = record_position(s, game, starting_position(board), NOW)
        record_position(s, game, starting_position(board), NOW)
    postgres = session_factory.kw["bind"].dialect.name == "postgresql"
    with unit_of_work(session_factory) as s:
        bind = s.connection()
        game = find_and_lock_game(s, "alpha")
        assert game is not None
        sent, note = _statements(bind)
        try:
            record = current_record(s, game)
            assert record is not None and record.seq == 2
            assert len(sent) == (0 if postgres else 1)
            roll_back(s, game, s.get(PhaseRecord, first.id) or first)
            again = current_record(s, game)  # the change is written, and read again
            assert again is not None and again.seq == 1
            third = record_position(s, game, starting_position(board), NOW)
            latest = current_record(s, game)
            assert latest is not None and latest.id == third.id
        finally:
            event.remove(bind, "before_cursor_execute", note)


def test_a_game_without_a_phase_signed_on_to_has_none(
    session_factory: sessionmaker[Session],
) -> None:
    _game(session_factory)
    board = load_map("standard")
    with unit_of_work(session_factory) as s:
        game = find_and_lock_game(s, "alpha")
        assert game is not None
        assert current_record(s, game) is None
        started = record_position(s, game, starting_position(board), NOW)
        assert current_record(s, game) is started
    with unit_of_work(session_factory) as s:
        game = find_and_lock_game(s, "alpha")
        assert game is not None
        nested = s.begin_nested()
        record_position(s, game, starting_position(board), NOW)
        nested.rollback()
        record = current_record(s, game)  # the savepoint's phase is gone
        assert record is not None and record.id == started.id
