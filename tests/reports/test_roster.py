"""The roster of a stored game: who receives its mail, as whom, in which zone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import select

from judge.engine.adjudicate import adjudicate
from judge.engine.maps import load_map
from judge.engine.position import starting_position
from judge.service.reports import phase_mails, roster_of
from judge.storage.schema import Game, Player
from judge.storage.session import unit_of_work
from tests.service.conftest import POWERS, Judge, address


def test_roster_of_a_stored_game(started: Callable[[str], Judge]) -> None:
    mail = started("PAYOLA")
    mail.reply("eve@example.org", "OBSERVE alpha watchpw")
    mail.reply(address("ITALY"), "SIGNON ITALY@alpha pwitaly", "RESIGN")
    with unit_of_work(mail.factory) as s:
        game = s.scalar(select(Game).where(Game.name == "alpha"))
        assert game is not None
        game.options = {**game.options, "ZONE": "Asia/Tokyo"}
        french = s.scalar(select(Player).where(Player.address == address("FRANCE")))
        assert french is not None
        french.zone = "Europe/Paris"
    with mail.factory() as s:
        game = s.scalar(select(Game).where(Game.name == "alpha"))
        roster = roster_of(game, "ourjudge")
    assert roster.game == "alpha" and roster.payola and roster.judge == "ourjudge"
    assert sorted(roster.players) == sorted(set(POWERS) - {"ITALY"})  # Italy resigned
    assert roster.players["FRANCE"].zone == "Europe/Paris"
    assert roster.players["ENGLAND"].zone == "Asia/Tokyo"
    assert [m.address for m in roster.observers] == ["eve@example.org"]
    assert roster.master is not None and roster.master.address == "gm@example.org"
    assert len(roster.everyone()) == 8


def test_phase_mails_take_a_stored_game(started: Callable[[str], Judge]) -> None:
    mail = started("STANDARD")
    board = load_map("standard")
    result = adjudicate(starting_position(board), {}, board)
    with mail.factory() as s:
        game = s.scalar(select(Game).where(Game.name == "alpha"))
        mails = phase_mails(game, result, datetime(2031, 1, 1, tzinfo=UTC))
    assert len(mails) == 8  # seven players and the master
    assert all(m.body.startswith(":: Judge: judge  Game: alpha  Variant: Standard\n")
               for m in mails)
