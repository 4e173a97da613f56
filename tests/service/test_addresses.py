"""SET ADDRESS and CONFIRM ADDRESS: nothing changes until the new address sends back its code."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import select

from judge.service.addresses import MAX_PER_DAY, VALID_FOR
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import AddressChange, Game, Player, Power
from tests.service.conftest import Judge, address

TURKEY = ("SIGNON turkey@alpha pwturkey",)
NEW = "sultan@new.example"


def _code(mail: OutboundMessage) -> str:
    found = re.search(r"CONFIRM ADDRESS (\w+)", mail.body)
    assert found, mail.body
    return found.group(1)


def _registered(judge: Judge, power: str) -> str:
    with judge.factory() as s:
        player = s.scalar(select(Player).join(Power, Power.id == Player.power_id).where(
            Power.name == power, Player.left_at.is_(None)))
        assert player is not None
        return player.address


def _ask(judge: Judge, *lines: str, sender: str = address("TURKEY")) -> list[OutboundMessage]:
    return judge.send(sender, *TURKEY, *lines)


def test_set_address_mails_a_code_to_the_new_address_only(started: Callable[..., Judge]) -> None:
    judge = started()
    out = _ask(judge, f"SET ADDRESS {NEW}")
    assert [m.recipient for m in out] == [NEW, address("TURKEY")]
    code = _code(out[0])
    reply = out[1].body
    assert f"A confirmation code was mailed to {NEW}" in reply and code not in reply
    assert _registered(judge, "TURKEY") == address("TURKEY")
    with judge.factory() as s:
        stored = s.scalar(select(AddressChange))
        assert stored is not None and code not in stored.code_hash


def test_the_code_from_the_new_address_changes_it_and_tells_the_old(
        started: Callable[..., Judge]) -> None:
    judge = started()
    code = _code(_ask(judge, f"SET ADDRESS {NEW}")[0])
    out = judge.send(NEW, f"CONFIRM ADDRESS {code.upper()}")
    assert {m.recipient for m in out} == {NEW, address("TURKEY")}
    told = next(m for m in out if m.recipient == address("TURKEY")).body
    assert told == (
        f"The address of Turkey in the game 'alpha' is now {NEW}:\n"
        "the judge's mail no longer comes to this address. SET ADDRESS asked for it,\n"
        "and the new address confirmed it with its code.\n"
        "If you did not ask for this, someone else knows your password: tell the game's\n"
        "master at once.\n")
    reply = next(m for m in out if m.recipient == NEW).body
    assert f"The address of TURKEY in alpha is now {NEW}." in reply
    assert address("TURKEY") not in reply  # the new address never learns the old one
    assert _registered(judge, "TURKEY") == NEW
    # the new address is the registered one now: signing on from the old one is copied there
    out = judge.send(address("TURKEY"), *TURKEY, "STATUS")
    assert [m.recipient for m in out] == [address("TURKEY"), NEW]
    assert [m.recipient for m in judge.send(NEW, *TURKEY, "STATUS")] == [NEW]


def test_a_code_works_once_and_a_wrong_one_changes_nothing(
        started: Callable[..., Judge]) -> None:
    judge = started()
    code = _code(_ask(judge, f"SET ADDRESS {NEW}")[0])
    wrong = "x" + code[1:] if code[0] != "x" else "y" + code[1:]
    body = judge.reply("else@where.example", f"CONFIRM ADDRESS {wrong}")
    assert "no address change is waiting for this code" in body
    assert _registered(judge, "TURKEY") == address("TURKEY")
    assert "is now" in judge.reply(NEW, f"confirm {code}")
    assert "no address change is waiting" in judge.reply(NEW, f"CONFIRM ADDRESS {code}")


def test_a_code_expires_and_a_newer_request_replaces_the_older(
        started: Callable[..., Judge]) -> None:
    judge = started()
    first = _code(_ask(judge, "SET ADDRESS first@new.example")[0])
    second = _code(_ask(judge, f"SET ADDRESS {NEW}")[0])
    assert "no address change is waiting" in judge.reply("first@new.example", f"CONFIRM {first}")
    judge.now += VALID_FOR
    assert "no address change is waiting" in judge.reply(NEW, f"CONFIRM {second}")
    assert _registered(judge, "TURKEY") == address("TURKEY")


def test_the_copy_to_the_registered_address_never_holds_the_code(
        started: Callable[..., Judge]) -> None:
    judge = started()
    out = _ask(judge, f"SET ADDRESS {NEW}", sender="intruder@else.example")
    assert [m.recipient for m in out] == [NEW, "intruder@else.example", address("TURKEY")]
    code = _code(out[0])
    assert all(code not in m.body for m in out[1:])
    assert f"A confirmation code was mailed to {NEW}" in out[2].body


def test_the_master_confirms_a_new_address_too(started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send("gm@example.org", "SIGNON MASTER@alpha masterpw", "SET ADDRESS gm@new.example")
    code = _code(out[0])
    assert out[0].recipient == "gm@new.example"
    assert "MASTER" in judge.reply("gm@new.example", f"CONFIRM ADDRESS {code}")
    with judge.factory() as s:
        assert s.scalar(select(Game.master_address)) == "gm@new.example"


def test_bad_same_and_too_many_requests(started: Callable[..., Judge]) -> None:
    judge = started()
    body = judge.reply(address("TURKEY"), *TURKEY, "SET ADDRESS not-an-address")
    assert "is not a mail address" in body
    out = _ask(judge, "SET ADDRESS")  # the address the mail came from: already registered
    assert [m.recipient for m in out] == [address("TURKEY")]
    assert "already is the address" in out[0].body
    for n in range(MAX_PER_DAY):
        assert _ask(judge, f"SET ADDRESS n{n}@new.example")[0].recipient == f"n{n}@new.example"
    out = _ask(judge, f"SET ADDRESS {NEW}")
    assert [m.recipient for m in out] == [address("TURKEY")]
    assert "try again tomorrow" in " ".join(out[0].body.split())
    judge.now += timedelta(days=1)
    assert _ask(judge, f"SET ADDRESS {NEW}")[0].recipient == NEW


def test_an_address_change_for_a_player_who_left_is_refused(
        started: Callable[..., Judge]) -> None:
    judge = started()
    code = _code(_ask(judge, f"SET ADDRESS {NEW}")[0])
    judge.reply(address("TURKEY"), *TURKEY, "RESIGN")
    assert "a player who has left" in judge.reply(NEW, f"CONFIRM ADDRESS {code}")


def test_an_address_that_plays_another_power_of_the_game_is_refused(
        started: Callable[..., Judge]) -> None:
    judge = started()
    body = judge.reply(address("TURKEY"), *TURKEY, f"SET ADDRESS {address('RUSSIA')}")
    assert f"{address('RUSSIA')} already plays RUSSIA in alpha" in body
    # taken between the request and its confirmation: refused then too
    code = _code(_ask(judge, f"SET ADDRESS {NEW}")[0])
    judge.reply("gm@example.org", "SIGNON MASTER@alpha masterpw", "REPLACE RUSSIA")
    judge.reply(NEW, "JOIN alpha pwnewrussia RUSSIA")
    assert "already plays RUSSIA" in judge.reply(NEW, f"CONFIRM ADDRESS {code}")
    assert _registered(judge, "TURKEY") == address("TURKEY")
