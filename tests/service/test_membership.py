"""Creating, joining, signing on: passwords, copies to registered addresses, rate limits."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from judge.storage.schema import Game
from tests.service.conftest import POWERS, Judge, address


def test_create_makes_the_sender_master_and_keeps_only_a_password_hash(judge: Judge) -> None:
    body = judge.reply("gm@example.org", "CREATE alpha s3cret PAYOLA EBAYOLA")
    assert "Game alpha created (PAYOLA EBAYOLA)" in body
    assert "s3cret" not in body
    # the processor starts a full game by itself: the master is not told to START it
    assert "The game starts by itself once every power has a player; START begins it " \
           "earlier, with the open powers in civil disorder." in " ".join(body.split())
    with judge.factory() as s:
        game = s.scalar(select(Game))
        assert game is not None
        assert game.master_address == "gm@example.org"
        assert "s3cret" not in game.master_hash and game.master_hash.startswith("scrypt$")


def test_create_refuses_unknown_flags_and_duplicate_names(judge: Judge) -> None:
    body = judge.reply("gm@example.org", "CREATE alpha pwpw PAYOLA NO_SUCH_FLAG")
    assert "REFUSED" in body and "NO_SUCH_FLAG" in body
    judge.reply("gm@example.org", "CREATE alpha pwpw")
    body = judge.reply("other@example.org", "CREATE alpha pwpw")
    assert "already exists" in body


def test_join_gives_the_requested_power_then_refuses_it_to_others(judge: Judge) -> None:
    judge.reply("gm@example.org", "CREATE alpha pwpw")
    assert "You joined alpha as FRANCE" in judge.reply("a@x.org", "JOIN alpha pwaa france")
    body = judge.reply("b@x.org", "JOIN alpha pwbb F")
    assert "FRANCE is not open" in body and "AUSTRIA" in body
    assert "You joined alpha as" in judge.reply("b@x.org", "SIGNON ?alpha pwbb")


def test_one_address_plays_one_power(judge: Judge) -> None:
    judge.reply("gm@example.org", "CREATE alpha pwpw")
    judge.reply("a@x.org", "JOIN alpha pwaa")
    assert "already plays" in judge.reply("a@x.org", "JOIN alpha pwaa2")


def test_signon_with_either_form_and_a_wrong_password(started: Callable[..., Judge]) -> None:
    judge = started()
    assert "Signed on as FRANCE in alpha" in judge.reply(address("FRANCE"),
                                                          "SIGNON Falpha pwfrance")
    body = judge.reply(address("FRANCE"), "SIGNON france@alpha notmine", "SET WAIT",
                       "SIGNON france@alpha pwfrance", "SET WAIT")
    assert "wrong password for FRANCE" in body
    # nothing after a wrong password is done, nor another password checked (issue 26)
    assert "2> SET WAIT\n      not done, nor anything after it" in body
    assert "Signed on" not in body and "3> SIGNON" not in body
    assert "notmine" not in body  # the password is not echoed


def test_signon_from_another_address_copies_the_reply_to_the_registered_one(
    started: Callable[..., Judge],
) -> None:
    judge = started()
    out = judge.send("stranger@else.org", "SIGNON france@alpha pwfrance", "SET WAIT")
    assert [m.recipient for m in out] == ["stranger@else.org", address("FRANCE")]
    copy = out[1].body
    assert "copy for the registered address of FRANCE in alpha" in copy
    assert "stranger@else.org" in copy and "Wait flag set" in copy


def test_the_copy_holds_only_the_results_of_that_power(started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send(
        "stranger@else.org",
        "SIGNON england@alpha pwengland", "A LVP - YOR",
        "SIGNON france@alpha pwfrance", "A PAR - BUR",
    )
    copies = {m.recipient: m.body for m in out[1:]}
    assert "BUR" in copies[address("FRANCE")] and "YOR" not in copies[address("FRANCE")]
    assert "YOR" in copies[address("ENGLAND")] and "BUR" not in copies[address("ENGLAND")]


def test_wrong_passwords_lock_nobody_out(started: Callable[..., Judge]) -> None:
    judge = started()
    for _ in range(5):
        judge.reply("guesser@else.org", "SIGNON france@alpha guess")
    assert "Signed on" in judge.reply("guesser@else.org", "SIGNON france@alpha pwfrance")
    assert "Signed on" in judge.reply(address("FRANCE"), "SIGNON france@alpha pwfrance")


def test_set_password_changes_it_and_never_echoes_it(started: Callable[..., Judge]) -> None:
    judge = started()
    body = judge.reply(address("ITALY"), "SIGNON italy@alpha pwitaly", "SET PASSWORD n3wpass")
    assert "changed" in body and "n3wpass" not in body
    assert "wrong password" in judge.reply(address("ITALY"), "SIGNON italy@alpha pwitaly")
    assert "Signed on" in judge.reply(address("ITALY"), "SIGNON italy@alpha n3wpass")


def test_only_the_master_starts_a_game_even_short_of_players(judge: Judge) -> None:
    judge.reply("gm@example.org", "CREATE alpha masterpw")
    judge.reply(address("FRANCE"), "JOIN alpha pwff FRANCE")
    body = judge.reply(address("FRANCE"), "SIGNON france@alpha pwff", "START")
    assert "only the game's master" in body
    body = judge.reply("gm@example.org", "SIGNON MASTER@alpha masterpw", "START")
    assert "Game alpha started: S1901M." in body
    assert "In civil disorder (no player; REPLACE opens one to a new player): AUSTRIA" in \
        " ".join(body.split())  # replies are wrapped within 78 columns


def test_start_tells_everyone(started: Callable[..., Judge]) -> None:
    judge = started()
    with judge.factory() as s:
        game = s.scalar(select(Game))
        assert game is not None and game.state == "active" and game.phase == "S1901M"
    assert len(POWERS) == 7
