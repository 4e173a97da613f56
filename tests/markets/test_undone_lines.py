"""Issue 23, point 1, found by the property test of every kind
(test_truthful_replies_every_kind.py): a line the rules undo by a later line of the same
mail (a NOTRADE empties the lines before it, D37; of two lines for the same thing the
later counts, D32) was answered "accepted", though it is not in force and the phase
never plays it. It is answered "not in force" now, and the set shown in force, which the
phase plays, is made of the lines answered "accepted"."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from judge.storage.schema import Game, PhaseRecord
from tests.markets.conftest import MarketJudge
from tests.markets.test_bourse_by_mail import CAROL
from tests.markets.test_bourse_by_mail import _game as bourse_game
from tests.markets.test_bourse_by_mail import _join as bourse_join
from tests.markets.test_bourse_by_mail import _start as bourse_start
from tests.markets.test_capitalist_by_mail import NINE, addr, flat, signon, start
from tests.markets.test_exchange_refusals import to_phase
from tests.markets.test_shareholders_by_mail import _as, _for, _game, _january_1901

UNDONE = "not in force: a later line of this mail undoes it"


def _result(market: MarketJudge, game: str, phase: str) -> dict[str, Any]:
    with market.factory() as s:
        record = s.scalar(select(PhaseRecord).join(Game).where(
            Game.name == game, PhaseRecord.phase == phase))
        assert record is not None and record.result is not None
        return dict(record.result)


def test_a_trade_a_later_notrade_empties_is_not_accepted(market: MarketJudge) -> None:
    start(market, *NINE)
    body = flat(market.reply(addr("CROESUS"), signon("CROESUS"), "SELL 100 LIRA",
                             "NOTRADE", "BUY 50 MARK"))
    assert f"SELL 100 LIRA {UNDONE}" in body, body
    assert "NOTRADE accepted for S1901C" in body and "BUY 50 MARK accepted" in body, body
    assert "Your trades in force for S1901C: BUY 50 MARK" in body, body
    assert "refused" not in body  # undone is not refused: nothing is counted as refused
    market.deadline("cap")
    assert [t["side"] for t in _result(market, "cap", "S1901C")["trades"]["CROESUS"]] \
        == ["BUY"]


def test_january_lines_before_a_notrade(market: MarketJudge) -> None:
    _game(market)
    body = flat(market.reply("ann@investors.example", _as("ANN"), "BUY 5 RUSSIA", "NOTRADE",
                             "BUY 1 ITALY", "BUY 1 ITALY"))
    assert f"BUY 5 RUSSIA {UNDONE}" in body, body
    assert body.count("BUY 1 ITALY accepted for W1900D") == 2, body  # BUY lines add up
    assert "Your January orders in force: BUY 1 ITALY, BUY 1 ITALY" in body, body
    market.deadline("sh")
    assert _result(market, "sh", "W1900D")["sets"]["ANN"] == ["BUY 1 ITALY", "BUY 1 ITALY"]


def test_of_two_lines_for_one_thing_the_later_counts(market: MarketJudge) -> None:
    _game(market)
    _january_1901(market)  # ANN directs ENGLAND
    body = flat(market.reply("ann@investors.example", _for("ENGLAND", "ANN"), "DIVIDEND",
                             "BUILD F LON", "NO DIVIDEND"))
    assert f"2> DIVIDEND {UNDONE}" in body, body
    assert "BUILD F LON accepted" in body and "NO DIVIDEND accepted" in body, body
    assert "in force: BUILD F LON, NO DIVIDEND" in body or \
        "in force: NO DIVIDEND, BUILD F LON" in body, body


def test_an_exchange_bid_a_later_bid_of_the_mail_replaces_is_not_accepted(
        market: MarketJudge) -> None:
    to_phase(market, "W1900B")
    body = flat(market.reply("alice@investors.example", "SIGNON ALICE@xr pwalice",
                             "BID FRANCE 150", "BID GERMANY 120", "BID FRANCE 130"))
    assert f"2> BID FRANCE 150 {UNDONE}" in body, body
    assert "BID GERMANY 120 accepted" in body and "BID FRANCE 130 accepted" in body, body
    assert "Your standing bids: FRANCE 130, GERMANY 120" in body, body
    # a later line refused undoes nothing: the earlier one stays in force, accepted
    body = flat(market.reply("alice@investors.example", "SIGNON ALICE@xr pwalice",
                             "BID ITALY 100", "BID ITALY 5"))
    assert "BID ITALY 100 accepted" in body and UNDONE not in body, body


def test_a_bourse_trade_a_later_notrade_empties_is_not_accepted(market: MarketJudge) -> None:
    bourse_game(market, "CASH_SURPLUS=ON")
    bourse_join(market, CAROL, "crown")
    bourse_start(market)
    body = flat(market.reply(CAROL, "SIGNON BOURSE@ba secret1", "SELL 100 LIRA", "NOTRADE",
                             "BUY 50 MARKS"))
    assert f"SELL 100 LIRA {UNDONE}" in body, body
    assert "BUY 50 MARKS accepted" in body, body
    assert "Your orders: BUY 50 MARKS" in body, body
