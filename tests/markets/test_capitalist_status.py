"""Capitalist Diplomacy's STATUS by mail (issue 23, point 2): a pseudonym's trades in
force in a commerce phase, a commander's orders in force for the power he signed on as,
and in a retreat phase each dislodged unit of the power and where it may go; a sign-on
as a power the sender does not command names those he does (issue 23, point 3)."""

from __future__ import annotations

from tests.markets.conftest import MarketJudge
from tests.markets.test_capitalist_by_mail import NINE, addr, flat, pw, signon, start


def _as(power: str, pseudonym: str) -> str:
    return f"SIGNON {power}@cap {pw(pseudonym)}"


def _ask(market: MarketJudge, pseudonym: str, *lines: str) -> str:
    return flat(market.reply(addr(pseudonym), *lines))


def test_status_shows_the_trades_and_orders_in_force_and_the_retreats(
        market: MarketJudge) -> None:
    start(market, *NINE)
    status = _ask(market, "MIDAS", signon("MIDAS"), "STATUS")
    assert "Your trades in force for S1901C: none sent (no trade)" in status
    sent = _ask(market, "MIDAS", signon("MIDAS"), "SELL 500 POUND", "SELL 500 RUBEL",
                "BUY 300 LIRA", "BUY 300 MARK")
    # the reply ends with the set in force; STATUS shows it, to its sender alone
    in_force = ("Your trades in force for S1901C: SELL 500 POUND, SELL 500 RUBEL, "
                "BUY 300 LIRA, BUY 300 MARK")
    assert in_force in sent
    assert in_force in _ask(market, "MIDAS", signon("MIDAS"), "STATUS")
    # NOTRADE empties the set: the set in force is no trade at all
    notrade = _ask(market, "CROESUS", signon("CROESUS"), "SELL 100 LIRA", "NOTRADE")
    assert "Your trades in force for S1901C: NOTRADE" in notrade
    _ask(market, "CROESUS", signon("CROESUS"), "SELL 300 POUND", "BUY 200 KRONEN")
    other = _ask(market, "CROESUS", signon("CROESUS"), "STATUS")
    assert "Your trades in force for S1901C: SELL 300 POUND, BUY 200 KRONEN" in other
    assert "LIRA" not in other.split("Your trades in force")[1]
    # every currency has one biggest holder: no commander is drawn by lot, PLUTUS none
    _ask(market, "MAMMON", signon("MAMMON"), "SELL 300 LIRA", "BUY 100 POUND",
         "BUY 100 FRANC")
    _ask(market, "FUGGER", signon("FUGGER"), "SELL 300 LIRA", "BUY 100 RUBEL",
         "BUY 100 PIASTER")
    market.deadline("cap")  # MIDAS commands GERMANY and ITALY, CROESUS AUSTRIA
    assert "You command: no power" in _ask(market, "PLUTUS", signon("PLUTUS"), "STATUS")
    assert "You command: GERMANY, ITALY" in _ask(market, "MIDAS", signon("MIDAS"), "STATUS")

    # a sign-on as a power he does not command names the powers he does
    refused = _ask(market, "MIDAS", _as("FRANCE", "MIDAS"), "A PAR - BUR")
    assert ("MIDAS does not lead, direct or command FRANCE in cap now, so may not sign "
            "on as it; sign on as MIDAS instead, or as GERMANY or ITALY, which MIDAS may "
            "act for now") in refused
    assert "A PAR - BUR REFUSED, nothing changed" in refused
    nothing = _ask(market, "PLUTUS", _as("FRANCE", "PLUTUS"), "STATUS")
    assert "sign on as PLUTUS instead" in nothing and "which PLUTUS" not in nothing

    status = _ask(market, "MIDAS", _as("GERMANY", "MIDAS"), "STATUS")
    assert "Your GERMANY orders for S1901M in force: none sent" in status
    assert "Your trades in force" not in status
    status = _ask(market, "MIDAS", _as("GERMANY", "MIDAS"), "A MUN - TYR", "STATUS")
    assert "Your GERMANY orders for S1901M in force: A MUN - TYR" in status
    # signed on as himself in a military phase: no power's orders
    assert "in force" not in _ask(market, "MIDAS", signon("MIDAS"), "STATUS")
    market.deadline("cap")  # S1901M
    market.deadline("cap")  # F1901C: the same commanders
    assert market.game("cap").phase == "F1901M"
    _ask(market, "MIDAS", _as("ITALY", "MIDAS"), "A VEN - TRI")
    _ask(market, "MIDAS", _as("GERMANY", "MIDAS"), "A TYR S A VEN - TRI")
    market.deadline("cap")  # F TRI is dislodged
    assert market.game("cap").phase == "F1901R"
    retreats = _ask(market, "CROESUS", _as("AUSTRIA", "CROESUS"), "STATUS")
    assert "AUSTRIA: commander CROESUS" in retreats
    # not VEN, whence the attack came
    assert "Dislodged F TRI: may retreat to ADR, ALB" in retreats
    assert "Dislodged" not in _ask(market, "MIDAS", _as("ITALY", "MIDAS"), "STATUS")
    ordered = _ask(market, "CROESUS", _as("AUSTRIA", "CROESUS"), "F TRI - ALB", "STATUS")
    assert "Your AUSTRIA orders for F1901R in force: F TRI - ALB" in ordered
