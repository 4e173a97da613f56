"""The Payola statements of an Exchange movement phase by mail (spec 7): a leader reads
his corporations' statements and an investor his own, in his private letter, laid out as
Payola's; nobody reads another account's, and NO_LEDGERS sends none."""

from __future__ import annotations

import re

import pytest

import tests.markets.test_exchange_game as game_test
from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS
from tests.markets.conftest import MarketJudge, member
from tests.markets.test_exchange_game import _to, play_game

HEAD = re.compile(r"^SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR (\w+)$", re.M)


def _leaders(market: MarketJudge, game: str, phase: str) -> dict[str, str]:
    [st] = [s for s in market.states(game) if s["phase"] == phase]
    return {p: c["leader"] for p, c in st["corporations"].items() if c.get("leader")}


def test_leaders_and_investors_read_their_own_statements(market: MarketJudge) -> None:
    play_game(market)
    leaders = _leaders(market, "xg", "S1901M")
    alice = _to(market.log, "ALICE", "S1901M: your statement")[0]
    assert leaders["FRANCE"] == "ALICE"
    france = alice.split("ACCOUNT STATEMENT FOR FRANCE\n")[1].split("\n\n\n")[0]
    assert "YOUR OFFER SHEET WAS:\n    4 : A PAR - BUR\n    2 : F BRE - MAO\n" in france
    assert "        4 AgP  A PAR - BUR" in france
    assert "TOTAL COST TO YOU OF THE BRIBES YOU OFFERED WAS: 8 AgP" in france
    dave = _to(market.log, "DAVE", "S1901M: your statement")[0]
    own = dave.split("ACCOUNT STATEMENT FOR DAVE\n")[1]
    assert "YOUR ACCEPTED BRIBES WERE:\n        3 AgP  A MUN - RUH\n" in own
    assert "YOUR OFFER SHEET WAS:\n    3 : A MUN - RUH\n" in own
    before = int(re.findall(r"PREVIOUS BALANCE OF YOUR BANK ACCOUNT WAS: (\d+)", own)[0])
    after = int(re.findall(r"REMAINING BALANCE IN YOUR BANK ACCOUNT IS: (\d+)", own)[0])
    assert after == before - 3
    assert f"Cash: {after} AgP (was {before})" in dave


def test_nobody_reads_another_accounts_statement(market: MarketJudge) -> None:
    play_game(market)
    leaders = _leaders(market, "xg", "S1901M")
    seen = 0
    for m in market.log:
        for account in HEAD.findall(m.body):
            reader = leaders.get(account, account)
            assert m.recipient == member(reader), (m.recipient, m.subject, account)
            assert m.subject == "xg: Exchange S1901M: your statement", m.subject
            seen += 1
    # every investor his own (all have money), every corporation's to its leader
    assert seen == len(INVESTORS) + len(leaders)


def test_no_ledgers_sends_no_statements(market: MarketJudge,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_test, "CREATE_PARAMS", f"{CREATE_PARAMS} NO_LEDGERS")
    play_game(market, "xn")
    dave = _to(market.log, "DAVE", "S1901M: your statement")
    assert dave and "Your bribes paid: A MUN 3 (3 AgP)." in dave[0]
    assert not any("ACCOUNT STATEMENT" in m.body for m in market.log)
