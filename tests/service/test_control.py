"""The master's SET CONTROL and SET NOCONTROL by mail, and signing on as a controlled power
with the controller's own password (Payola, spec 2.9)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from judge.storage.schema import Power
from tests.service.conftest import Judge, address

GM = "gm@example.org"
MASTER = ("SIGNON MASTER@alpha masterpw",)


def _controllers(judge: Judge) -> dict[str, str | None]:
    with judge.factory() as s:
        return {p.name: p.controller for p in s.scalars(select(Power))}


def _payola(started: Callable[..., Judge], flags: str = "") -> Judge:
    judge = started(f"PAYOLA {flags}".strip())
    judge.reply(GM, *MASTER, "EJECT ITALY")
    return judge


def test_control_is_set_told_to_the_controller_and_ended(started: Callable[..., Judge]) -> None:
    judge = _payola(started)
    out = judge.send(GM, *MASTER, "SET CONTROL italy BY Fra")
    (told,) = [m for m in out if m.recipient == address("FRANCE")]
    assert told.subject == "Diplomacy game alpha: you control ITALY"
    assert "SIGNON ITALY@alpha" in told.body
    assert _controllers(judge)["ITALY"] == "FRANCE"
    body = judge.reply(address("FRANCE"), "SIGNON italy@alpha pwfrance", "ACCEPT IF?")
    assert "Signed on as ITALY" in body and "Acceptance list of ITALY is now IF?" in body
    assert "wrong password" in judge.reply(address("FRANCE"), "SIGNON italy@alpha pwitaly")
    assert "no longer controlled by FRANCE" in judge.reply(GM, *MASTER, "SET NOCONTROL ITALY")
    assert _controllers(judge)["ITALY"] is None
    assert "has no player" in judge.reply(address("FRANCE"), "SIGNON italy@alpha pwfrance")


def test_control_that_cannot_be_played_is_refused(started: Callable[..., Judge]) -> None:
    judge = _payola(started, "CD_DUMMIES")
    judge.reply(GM, *MASTER, "EJECT AUSTRIA")
    for line, said in [
        ("SET CONTROL FRANCE BY GERMANY", "FRANCE has a player"),
        ("SET CONTROL ITALY BY AUSTRIA", "AUSTRIA has no player to play ITALY"),
        ("SET CONTROL ITALY BY ITALY", "ITALY has no player to play ITALY"),
        ("SET CONTROL ITALY TO FRANCE", "write SET CONTROL <power> BY <power>"),
        ("SET CONTROL ITALY BY NARNIA", "not a power"),
        ("SET NOCONTROL ITALY", "ITALY is not controlled"),
    ]:
        assert said in judge.reply(GM, *MASTER, line), line
    assert set(_controllers(judge).values()) == {None}
    judge.reply(GM, *MASTER, "SET CONTROL ITALY BY FRANCE")
    # a controlled power has no player of its own, so it controls nobody
    assert "ITALY has no player" in judge.reply(GM, *MASTER, "SET CONTROL AUSTRIA BY ITALY")
    assert _controllers(judge) == {**{p: None for p in _controllers(judge)}, "ITALY": "FRANCE"}


def test_control_is_for_payola_and_for_the_master(started: Callable[..., Judge]) -> None:
    judge = started()
    judge.reply(GM, *MASTER, "EJECT ITALY")
    assert "not a Payola game" in judge.reply(GM, *MASTER, "SET CONTROL ITALY BY FRANCE")
    body = judge.reply(address("FRANCE"), "SIGNON france@alpha pwfrance",
                       "SET CONTROL ITALY BY FRANCE")
    assert "only the game's master" in body


def test_the_controller_cannot_resign_the_power_it_plays(started: Callable[..., Judge]) -> None:
    judge = _payola(started)
    judge.reply(GM, *MASTER, "SET CONTROL ITALY BY FRANCE")
    body = judge.reply(address("FRANCE"), "SIGNON italy@alpha pwfrance", "RESIGN")
    assert "as its controller's player" in body
    with judge.factory() as s:
        states = {p.name: p.state for p in s.scalars(select(Power))}
    assert states["FRANCE"] == "played" and states["ITALY"] == "disorder"
