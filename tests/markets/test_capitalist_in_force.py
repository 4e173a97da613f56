"""Issue 23, point 1, found by the property test of every kind
(test_truthful_replies_every_kind.py): a Capitalist reply answered ``SELL 200 PIASTER``
"accepted" and said the mail's trades replace those sent before, but never which trades
are in force; with a ``NOTRADE`` after it the phase played no trade at all. A reply (and
STATUS) now ends with the trades in force, and, signed on as the power one commands, the
orders in force; the phase plays exactly those."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from judge.storage.schema import Game, PhaseRecord
from tests.markets.conftest import MarketJudge
from tests.markets.test_capitalist_by_mail import NINE, addr, flat, signon, start


def _played(market: MarketJudge, phase: str) -> dict[str, Any]:
    """What the processing of ``phase`` used and did, as kept with it."""
    with market.factory() as s:
        record = s.scalar(select(PhaseRecord).join(Game).where(
            Game.name == "cap", PhaseRecord.phase == phase))
        assert record is not None and record.result is not None
        return dict(record.result)


def test_a_reply_ends_with_the_trades_in_force(market: MarketJudge) -> None:
    start(market, *NINE)
    before = flat(market.reply(addr("CROESUS"), signon("CROESUS"), "STATUS"))
    assert "Your trades in force for S1901C: none sent (no trade)" in before, before
    emptied = flat(market.reply(addr("CROESUS"), signon("CROESUS"), "SELL 200 PIASTER",
                                "NOTRADE"))
    # the SELL is not called accepted: the NOTRADE after it empties it
    assert "SELL 200 PIASTER not in force: a later line of this mail undoes it" in emptied
    assert "Your trades in force for S1901C: NOTRADE (no trade)" in emptied, emptied
    body = flat(market.reply(addr("CROESUS"), signon("CROESUS"), "SELL 100 LIRA", "NOTRADE",
                             "BUY 50 MARK"))
    assert "Your trades in force for S1901C: BUY 50 MARK" in body, body
    kept = flat(market.reply(addr("CROESUS"), signon("CROESUS"), "BUY 10 XYZ"))
    assert "REFUSED" in kept and "Your trades in force for S1901C: BUY 50 MARK" in kept, kept
    midas = flat(market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 500 LIRA",
                              "BUY 500 MARK", "STATUS"))
    assert "Your trades in force for S1901C: SELL 500 LIRA, BUY 500 MARK" in midas, midas
    assert "BUY 50 MARK" not in midas  # nobody reads another's trades
    market.deadline("cap")
    played = _played(market, "S1901C")
    assert played["trades"]["CROESUS"] == [
        {"side": "BUY", "power": "GERMANY", "ordered": 50, "units": 0}]
    assert [t["power"] for t in played["trades"]["MIDAS"]] == ["ITALY", "GERMANY"]


def test_a_commander_s_reply_ends_with_his_power_s_orders_in_force(
        market: MarketJudge) -> None:
    start(market, *NINE)
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 500 LIRA", "BUY 500 MARK")
    market.deadline("cap")
    as_germany = "SIGNON GERMANY@cap pwmidas"
    first = flat(market.reply(addr("MIDAS"), as_germany, "F KIE - DEN", "A MUN - RUH"))
    assert "Your GERMANY orders for S1901M in force: F KIE - DEN, A MUN - RUH" in first, first
    bad = flat(market.reply(addr("MIDAS"), as_germany, "A MUN - MOS"))
    # unchanged by the refused line
    assert "Your GERMANY orders for S1901M in force: F KIE - DEN, A MUN - RUH" in bad, bad
    himself = flat(market.reply(addr("MIDAS"), signon("MIDAS"), "STATUS"))
    assert "orders for S1901M in force" not in himself, himself  # signed on as himself: no power's
    market.deadline("cap")
    played = _played(market, "S1901M")
    assert played["orders"]["GERMANY"]["lines"] == ["F KIE - DEN", "A MUN - RUH"]
