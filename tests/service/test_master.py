"""The master's commands: options, pause and resume, process, rollback, eject, replace, end."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from judge.storage.schema import Game, PhaseRecord
from tests.service.conftest import POWERS, Judge, address

MASTER = ("SIGNON MASTER@alpha masterpw",)
FRANCE = ("SIGNON france@alpha pwfrance",)


def _game(judge: Judge) -> Game:
    with judge.factory() as s:
        game = s.scalar(select(Game))
        assert game is not None
        return game


def test_master_commands_need_the_master(started: Callable[..., Judge]) -> None:
    judge = started()
    for command in ["PAUSE", "PROCESS", "ROLLBACK S1901M", "EJECT ITALY", "TERMINATE",
                    "SET DEADLINE Monday"]:
        assert "only the game's master" in judge.reply(address("FRANCE"), *FRANCE, command)
    assert _game(judge).state == "active"


def test_the_master_password_is_not_a_power_password(started: Callable[..., Judge]) -> None:
    judge = started()
    assert "wrong password" in judge.reply("gm@example.org", "SIGNON france@alpha masterpw")


def test_pause_and_resume_tell_everyone(started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send("gm@example.org", *MASTER, "PAUSE")
    assert {m.recipient for m in out} >= {address(p) for p in POWERS}
    assert _game(judge).state == "paused"
    assert "not active" in judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR")
    judge.send("gm@example.org", *MASTER, "RESUME")
    assert _game(judge).state == "active"


def test_set_option_checks_names_and_values(started: Callable[..., Judge]) -> None:
    judge = started()
    body = judge.reply("gm@example.org", *MASTER, "SET LISTED NO", "SET COLOUR blue",
                       "SET LISTED maybe", "SET DEADLINE Mon 12:00")
    assert "LISTED is now NO" in body and "unknown option COLOUR" in body
    assert "SET LISTED takes YES or NO" in body and "Deadline of S1901M is now Mon" in body
    assert _game(judge).options == {"LISTED": "NO"}
    assert "alpha" not in judge.reply("x@y.org", "LIST")


def test_eject_and_replace_then_a_new_player_joins(started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send("gm@example.org", *MASTER, "REPLACE ITALY")
    assert address("ITALY") in {m.recipient for m in out}
    assert "has no player" in judge.reply(address("ITALY"), "SIGNON italy@alpha pwitaly")
    assert "as ITALY" in judge.reply("new@x.org", "JOIN alpha newpass ITALY")
    assert "Signed on as ITALY" in judge.reply("new@x.org", "SIGNON italy@alpha newpass")
    judge.send("gm@example.org", *MASTER, "EJECT TURKEY")
    assert "TURKEY is not open" in judge.reply("other@x.org", "JOIN alpha pwpwpw TURKEY")


def test_process_rollback_and_history(started: Callable[..., Judge]) -> None:
    judge = started()
    judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR", "F BRE - MAO")
    judge.reply(address("GERMANY"), "SIGNON germany@alpha pwgermany", "A MUN - BUR")
    body = judge.reply("gm@example.org", *MASTER, "PROCESS S1901M", "PROCESS S1901M")
    assert "S1901M processed. Next: F1901M." in body
    assert "alpha is in F1901M, not S1901M; nothing processed" in body
    history = judge.reply("x@y.org", "HISTORY alpha")
    assert "A PAR - BUR  (bounce)" in history and "F BRE - MAO" in history
    assert "F MAO" in judge.reply(address("FRANCE"), *FRANCE, "STATUS")
    body = judge.reply("gm@example.org", *MASTER, "ROLLBACK S1901M")
    assert "rolled back to S1901M" in body
    status = judge.reply(address("FRANCE"), *FRANCE, "STATUS")
    assert "phase S1901M" in status and "A PAR - BUR" in status
    with judge.factory() as s:
        records = s.scalars(select(PhaseRecord).order_by(PhaseRecord.seq)).all()
        assert [(r.phase, r.rolled_back) for r in records] == [("S1901M", False),
                                                                ("F1901M", True)]


def test_terminate_ends_the_game(started: Callable[..., Judge]) -> None:
    judge = started()
    judge.send("gm@example.org", *MASTER, "TERMINATE")
    assert _game(judge).state == "terminated"
    assert "already terminated" in judge.reply("gm@example.org", *MASTER, "TERMINATE")
