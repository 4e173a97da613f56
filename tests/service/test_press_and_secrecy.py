"""Press reaches only its recipients, and no reply to one player reveals another's secrets."""

from __future__ import annotations

from collections.abc import Callable

from tests.service.conftest import POWERS, Judge, address

FRANCE = ("SIGNON france@alpha pwfrance",)


def test_private_press_goes_to_the_named_powers_only(started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send(address("FRANCE"), *FRANCE, "PRESS TO E, GERMANY", "Let us ally.",
                     "ENDPRESS")
    press = {m.recipient: m.body for m in out if m.recipient != address("FRANCE")}
    assert set(press) == {address("ENGLAND"), address("GERMANY")}
    for body in press.values():
        assert body == "Message from France to England, Germany in 'alpha':\n\nLet us ally.\n"


def test_all_but_and_broadcast(started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send(address("FRANCE"), *FRANCE, "PRESS TO ALL BUT R", "Not you, Tsar.")
    assert {m.recipient for m in out} == {address(p) for p in POWERS if p != "RUSSIA"}
    out = judge.send(address("FRANCE"), *FRANCE, "BROADCAST", "Hello all", "ENDPRESS")
    assert {m.recipient for m in out} == {address(p) for p in POWERS} | {"gm@example.org"}


def test_empty_press_and_unknown_recipients_are_refused(started: Callable[..., Judge]) -> None:
    judge = started()
    out = judge.send(address("FRANCE"), *FRANCE, "PRESS TO E", "ENDPRESS", "PRESS TO XQ", "hi")
    assert len(out) == 1
    assert "press message is empty" in out[0].body and "'XQ' is neither" in out[0].body


def test_no_press_games_refuse_press(judge: Judge) -> None:
    judge.reply("gm@example.org", "CREATE alpha masterpw STANDARD NO_PRESS")
    for power in POWERS:
        judge.reply(address(power), f"JOIN alpha pw{power.lower()} {power}")
    judge.reply("gm@example.org", "SIGNON MASTER@alpha masterpw", "START")
    assert "no-press game" in judge.reply(address("FRANCE"), *FRANCE, "BROADCAST", "hi")


def test_no_reply_reveals_another_powers_secrets(started: Callable[..., Judge]) -> None:
    """Orders, offers, balances, acceptance lists, press to others and addresses of one
    power never appear in what another power or an observer receives."""
    judge = started("PAYOLA")
    judge.reply("watcher@else.org", "OBSERVE alpha watchpw")
    secret_mail = judge.send(
        address("FRANCE"), *FRANCE, "7 : A PAR - PIC", "ACCEPT FRG?", "TRANSFER 11 TO RUSSIA",
        "PRESS TO ENGLAND", "zebra plan", "ENDPRESS",
    )
    secrets = ["PIC", "FRG?", "zebra", address("FRANCE"), "37 AgP"]
    to_others = [m for m in secret_mail if m.recipient not in (address("FRANCE"),)]
    for mail in to_others:
        leaked = [s for s in secrets if s in mail.body and not
                  (s == "zebra" and mail.recipient == address("ENGLAND"))]
        assert not leaked, (mail.recipient, leaked)
    readers = [(address(p), f"SIGNON {p}@alpha pw{p.lower()}") for p in POWERS if p != "FRANCE"]
    for sender, signon in readers:
        body = judge.reply(sender, signon, "STATUS", "SUMMARY", "HISTORY", "LIST alpha")
        assert not [s for s in secrets if s in body], sender
    body = judge.reply("watcher@else.org", "SUMMARY alpha", "HISTORY alpha", "LIST")
    assert not [s for s in secrets if s in body]
