"""The notices that part readers from a game, by mail: EJECT and REPLACE tell the removed
player alone, TERMINATE of a game that never started tells everyone else; each rendered
from a template for its reader, naming no address and no password."""

from __future__ import annotations

from collections.abc import Callable

from judge.storage.mailqueue import OutboundMessage
from tests.service.conftest import POWERS, Judge, address

GM = "gm@example.org"
MASTER = ("SIGNON MASTER@alpha masterpw",)
WATCHER = "watcher@elsewhere.example"
SECRETS = (*(address(p) for p in POWERS), GM, WATCHER, "masterpw", "watchpw",
           *(f"pw{p.lower()}" for p in POWERS))


def _notices(out: list[OutboundMessage]) -> list[OutboundMessage]:
    """The mail a command sent besides its reply."""
    return [m for m in out if not m.in_reply_to]


def _reveals_nothing(mail: OutboundMessage) -> None:
    for secret in SECRETS:
        assert secret not in mail.body.lower(), (secret, mail.recipient)


def test_eject_tells_the_player_alone_that_its_power_is_in_civil_disorder(
        started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send(GM, *MASTER, "EJECT ITALY")
    (told,) = _notices(out)
    assert told.recipient == address("ITALY")
    assert told.subject == "Diplomacy game alpha: you no longer play ITALY"
    assert told.body == (
        "The master of 'alpha' has removed you from Italy.\n"
        "You no longer play it, and your password no longer signs on as ITALY@alpha.\n"
        "Italy is in civil disorder: its units hold, it builds nothing, and the game\n"
        "never waits for it.\n")
    _reveals_nothing(told)


def test_replace_tells_the_player_alone_that_its_power_is_open(
        started: Callable[..., Judge]) -> None:
    judge = started()
    (told,) = _notices(judge.send(GM, *MASTER, "REPLACE FRANCE"))
    assert told.recipient == address("FRANCE")
    assert "removed you from France." in told.body
    assert "France is open for a new player to JOIN." in told.body
    assert "civil disorder" not in told.body
    _reveals_nothing(told)
    # a power with no player left: REPLACE opens it again and tells nobody
    assert _notices(judge.send(GM, *MASTER, "REPLACE FRANCE")) == []


def test_terminating_a_game_that_never_started_tells_each_reader(judge: Judge) -> None:
    judge.reply(GM, "CREATE alpha masterpw STANDARD")
    for power in ("FRANCE", "ITALY"):
        assert f"as {power}" in judge.reply(address(power), f"JOIN alpha pw{power.lower()} "
                                            f"{power}")
    assert "alpha" in judge.reply(WATCHER, "OBSERVE alpha watchpw")
    out = judge.send(GM, *MASTER, "TERMINATE")
    notices = {m.recipient: m for m in _notices(out)}
    assert set(notices) == {address("FRANCE"), address("ITALY"), WATCHER}  # the master: reply
    assert {m.subject for m in notices.values()} == {"Diplomacy game alpha is terminated"}
    assert notices[address("FRANCE")].body == (
        "The master has terminated the game 'alpha' before it started.\n"
        "You had joined it as France; no phase will be played.\n")
    assert "as Italy;" in notices[address("ITALY")].body
    assert notices[WATCHER].body == (
        "The master has terminated the game 'alpha' before it started.\n"
        "No phase will be played.\n")
    for mail in notices.values():
        _reveals_nothing(mail)
