"""A sixth game is one record in the registry and one folder of its own: the toy kind of
tests/games/tithe.py (standard Diplomacy where every supply centre pays 1 coin a year)
is registered, created, joined, started and played by mail through the real listener,
and the judge around it (membership, the master's commands, the processor, the
replies) runs it without knowing it."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

import judge.games
from judge.storage.schema import Game
from tests.e2e.conftest import MailJudge
from tests.games.tithe import KIND

GM = "gm@example.org"
FRANCE = "france@players.example"


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry's one line for the new game."""
    monkeypatch.setattr(judge.games, "KINDS", (*judge.games.KINDS, KIND))


def _process(judge_: MailJudge, phase: str) -> str:
    out = judge_.replies(GM, "SIGNON MASTER@tg gmpass", f"PROCESS {phase}")
    assert f"{phase} processed" in out[GM], out[GM]
    return out[GM]


def test_a_toy_kind_is_played_by_mail(registered: None, by_mail: MailJudge,
                                      session_factory: sessionmaker[Session]) -> None:
    out = by_mail.replies(GM, "CREATE tg gmpass TITHE")
    assert "Game tg created (TITHE)" in out[GM]
    assert "joined tg as FRANCE" in by_mail.replies(FRANCE, "JOIN tg pwfrance FRANCE")[FRANCE]
    assert "started: S1901M" in by_mail.replies(GM, "SIGNON MASTER@tg gmpass", "START")[GM]
    by_mail.replies(FRANCE, "SIGNON FRANCE@tg pwfrance", "A PAR - BUR", "A MAR - SPA",
                    "F BRE - MAO")
    _process(by_mail, "S1901M")
    by_mail.replies(FRANCE, "SIGNON FRANCE@tg pwfrance", "F MAO - POR", "A SPA H", "A BUR H")
    _process(by_mail, "F1901M")
    by_mail.replies(FRANCE, "SIGNON FRANCE@tg pwfrance", "BUILD A PAR", "BUILD F BRE")
    mails = by_mail.send(GM, "SIGNON MASTER@tg gmpass", "PROCESS W1901A")
    tithes = {m.recipient: m.body for m in mails if "tithe of 1902" in m.subject}
    # France holds PAR, MAR, BRE, SPA and POR; the powers nobody plays get no letter
    assert tithes == {FRANCE: "FRANCE is paid 5 coins for its 5 centres; its treasury "
                              "holds 5.\n"}
    with session_factory() as s:
        game = s.scalars(select(Game).where(Game.name == "tg")).one()
        assert game.variant == KIND.name and game.phase == "S1902M"
        assert {p.name: p.balance for p in game.powers} == {
            "AUSTRIA": 3, "ENGLAND": 3, "FRANCE": 5, "GERMANY": 3, "ITALY": 3, "RUSSIA": 4,
            "TURKEY": 3}
    history = by_mail.replies(FRANCE, "HISTORY tg")[FRANCE]
    assert "F1901M:" in history and "F MAO - POR" in history


def test_without_its_line_the_registry_knows_no_such_game(by_mail: MailJudge) -> None:
    out = by_mail.replies(GM, "CREATE tg gmpass TITHE")[GM]
    assert "TITHE" in out and "created (TITHE)" not in out
