"""The notices a command sends besides its reply, by mail: press, the master's notices
about its players, SET CONTROL, address changes and bounces. Each is rendered from a
template for its reader, and names no address or password but what that reader must see."""

from __future__ import annotations

import re
from collections.abc import Callable

from judge.storage.mailqueue import OutboundMessage
from tests.service.conftest import POWERS, Judge, address
from tests.service.test_bounces import bounce

GM = "gm@example.org"
MASTER = ("SIGNON MASTER@alpha masterpw",)
WATCHER = "watcher@elsewhere.example"
NEW = "sultan@new.example"
PASSWORDS = ("masterpw", "watchpw", *(f"pw{p.lower()}" for p in POWERS))
ADDRESSES = (GM, WATCHER, NEW, *(address(p) for p in POWERS))


def _notices(out: list[OutboundMessage]) -> list[OutboundMessage]:
    return [m for m in out if not m.in_reply_to]


def _reveals_nothing(mail: OutboundMessage, *allowed: str) -> None:
    """No password at all, and no address but those ``allowed`` (the reader's own alarm)."""
    body = mail.body.lower()
    for secret in (*PASSWORDS, *(a for a in ADDRESSES if a not in allowed)):
        assert secret not in body, (secret, mail.recipient, mail.body)


def test_press_is_headed_as_judges_head_it_for_each_kind_of_sender(
        started: Callable[..., Judge]) -> None:
    judge = started()
    judge.reply(WATCHER, "OBSERVE alpha watchpw")
    out = _notices(judge.send(address("FRANCE"), "SIGNON france@alpha pwfrance",
                              "BROADCAST", "Peace in our time.", "", "-- Paris", "ENDPRESS"))
    assert {m.recipient for m in out} == {*(address(p) for p in POWERS if p != "FRANCE"),
                                         WATCHER, GM}
    for mail in out:
        assert mail.subject == "Diplomacy broadcast alpha"
        assert mail.body == ("Broadcast message from France in 'alpha':\n\n"
                             "Peace in our time.\n\n-- Paris\n")
        _reveals_nothing(mail)
    (told,) = _notices(judge.send(GM, *MASTER, "PRESS TO R", "Orders, please.", "ENDPRESS"))
    assert (told.recipient, told.subject) == (address("RUSSIA"), "Diplomacy press alpha")
    assert told.body == "Message from the Master to Russia in 'alpha':\n\nOrders, please.\n"
    out = _notices(judge.send(WATCHER, "SIGNON O@alpha watchpw", "BROADCAST", "Go on!"))
    assert out and all(m.body.startswith("Broadcast message from observer WATCHER in 'alpha'")
                       for m in out)
    for mail in out:
        _reveals_nothing(mail)


def test_the_master_is_told_when_the_game_is_full_and_that_it_starts_by_itself(
        judge: Judge) -> None:
    judge.reply(GM, "CREATE alpha masterpw STANDARD")
    for power in POWERS[:-1]:
        assert _notices(judge.send(address(power), f"JOIN alpha pw{power.lower()} {power}")) == []
    out = judge.send(address("TURKEY"), "JOIN alpha pwturkey TURKEY")
    (full,) = _notices(out)
    assert (full.recipient, full.subject) == (GM, "Diplomacy game alpha is full")
    assert full.body == (
        "Every power of the game 'alpha' now has a player.\n"
        "The judge starts the game at its next run (within a few minutes) and sends\n"
        "everyone the start notice; you need not send START.\n")
    _reveals_nothing(full)
    reply = next(m for m in out if m.in_reply_to).body
    assert "the judge starts the game at its next run" in reply


def test_a_resignation_tells_the_master_what_became_of_the_power(
        started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send(address("ITALY"), "SIGNON italy@alpha pwitaly", "RESIGN")
    (told,) = _notices(out)
    assert (told.recipient, told.subject) == (GM, "Diplomacy game alpha: ITALY resigned")
    assert told.body == (
        "The player of Italy has resigned from the game 'alpha'.\n"
        "Italy is in civil disorder: its units hold, it builds nothing, and the game\n"
        "never waits for it. REPLACE ITALY opens it to a new player.\n")
    _reveals_nothing(told)
    assert "it is in civil disorder" in next(m for m in out if m.in_reply_to).body
    # a new player for the opened power: the master hears of it, and of nobody's address
    judge.reply(GM, *MASTER, "REPLACE ITALY")
    (joined,) = _notices(judge.send(NEW, "JOIN alpha pwnewitaly ITALY"))
    assert (joined.recipient, joined.subject) == (GM, "Diplomacy game alpha: ITALY has a new "
                                                      "player")
    assert joined.body == (
        "Italy of the game 'alpha' has a new player, who joined it after\n"
        "you opened it (REPLACE ITALY). From now on the game waits for its orders.\n")
    _reveals_nothing(joined)


def test_resigning_before_the_start_opens_the_power_again(judge: Judge) -> None:
    judge.reply(GM, "CREATE alpha masterpw STANDARD")
    judge.reply(address("ITALY"), "JOIN alpha pwitaly ITALY")
    out = judge.send(address("ITALY"), "SIGNON italy@alpha pwitaly", "RESIGN")
    (told,) = _notices(out)
    assert told.body == (
        "The player of Italy has resigned from the game 'alpha'.\n"
        "The game has not started, so Italy is open again for a new player to JOIN.\n")
    assert "as ITALY" in judge.reply(NEW, "JOIN alpha pwnewitaly ITALY")


def test_set_control_tells_the_controller_how_to_play_the_power_and_when_it_ends(
        started: Callable[..., Judge]) -> None:
    judge = started("PAYOLA")
    judge.reply(GM, *MASTER, "EJECT ITALY")
    (told,) = _notices(judge.send(GM, *MASTER, "SET CONTROL ITALY BY FRANCE"))
    assert (told.recipient, told.subject) == (address("FRANCE"),
                                              "Diplomacy game alpha: you control ITALY")
    assert told.body == (
        "The master of 'alpha' has put Italy under France's control: as\n"
        "France's player you now give Italy's offer sheets, orders and\n"
        "acceptance list.\n"
        "Sign on as it with your own password: SIGNON ITALY@alpha <password>.\n"
        "Italy keeps its own account, and cannot transfer money out; its account\n"
        "statements, income reports and transfer notices come to you.\n")
    _reveals_nothing(told)
    (ended,) = _notices(judge.send(GM, *MASTER, "SET NOCONTROL ITALY"))
    assert (ended.recipient, ended.subject) == (
        address("FRANCE"), "Diplomacy game alpha: you no longer control ITALY")
    assert ended.body == (
        "The master of 'alpha' has ended France's control of Italy.\n"
        "Your password no longer signs on as ITALY@alpha, and its mail no\n"
        "longer comes to you.\n")
    _reveals_nothing(ended)


def test_a_vassal_is_announced_as_a_vassal(started: Callable[..., Judge]) -> None:
    judge = started("PAYOLA CD_DUMMIES VASSAL_DUMMIES")
    judge.reply(GM, *MASTER, "EJECT ITALY")
    (told,) = _notices(judge.send(GM, *MASTER, "SET CONTROL ITALY BY FRANCE"))
    assert told.body.startswith(
        "The master of 'alpha' has made Italy a vassal of France (VASSAL_DUMMIES).\n")
    assert "your offers bribe its units" in told.body and "SIGNON" not in told.body


def test_the_address_code_goes_to_the_new_address_and_names_no_other(
        started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send(address("TURKEY"), "SIGNON turkey@alpha pwturkey", f"SET ADDRESS {NEW}")
    (code,) = _notices(out)
    assert (code.recipient, code.subject) == (NEW, "Diplomacy game alpha: confirm your address")
    found = re.search(r"^    CONFIRM ADDRESS (\w+)$", code.body, re.MULTILINE)
    assert found
    assert code.body == (
        "Someone signed on as Turkey in the game 'alpha' (SET ADDRESS) asked\n"
        "the judge to send the mail of Turkey to this address from now on.\n\n"
        "If that was you, send the judge a mail holding this line:\n\n"
        f"    CONFIRM ADDRESS {found.group(1)}\n\n"
        "The code works once, for 7 days; no sign-on is needed with it.\n"
        "If it was not you, do nothing: nothing changes.\n")
    _reveals_nothing(code)
    reply = next(m for m in out if m.in_reply_to).body
    assert "stays as it is until" in reply and found.group(1) not in reply
    # confirmed from a third address: both the old and the new one are told, each its part
    out = judge.send("helper@else.example", f"CONFIRM ADDRESS {found.group(1)}")
    told = {m.recipient: m for m in _notices(out)}
    assert set(told) == {address("TURKEY"), NEW}
    assert told[NEW].body == ("The address of Turkey in the game 'alpha' is now this one: "
                              "the judge's\nmail for Turkey comes here.\n")
    _reveals_nothing(told[NEW])
    _reveals_nothing(told[address("TURKEY")], NEW)  # the owner's alarm names where it went


def test_an_observers_address_change_names_the_observer(started: Callable[..., Judge]) -> None:
    judge = started()
    judge.reply(WATCHER, "OBSERVE alpha watchpw")
    (code,) = _notices(judge.send(WATCHER, "SIGNON O@alpha watchpw", f"SET ADDRESS {NEW}"))
    assert "signed on as the observer WATCHER in the game 'alpha'" in code.body


def test_the_bounce_notice_names_the_power_and_says_what_to_do(
        started: Callable[..., Judge]) -> None:
    judge = started()
    judge.reply(WATCHER, "OBSERVE alpha watchpw")
    (power,) = bounce(judge, address("FRANCE"))
    assert power.body == (
        "The judge's mail to France in the game 'alpha' comes back undeliverable:\n"
        "the registered address refuses it. Until that is fixed, no results, reminders\n"
        "or press from the judge reach its player.\n"
        "Ask the player (some other way) to sign on and send SET ADDRESS with a working\n"
        "address, or REPLACE FRANCE if the player is gone.\n"
        "You are told at most once a day about the same address.\n")
    (observer,) = bounce(judge, WATCHER)
    assert observer.subject == "Diplomacy game alpha: mail to observer watcher bounced"
    assert "The judge's mail to the observer watcher in the game 'alpha'" in observer.body
    assert "REPLACE" not in observer.body
    (master,) = bounce(judge, GM)
    assert "The master can sign on (SIGNON MASTER@alpha)" in master.body
    for mail in (power, observer, master):
        _reveals_nothing(mail)
