"""1901-Shareholders by mail: STATUS shows a player the sets in force (spec 4, issue 9):
his January orders as the latest mail with an accepted line left them, and, signed on
as a country, his own set for it, never a Codirector's."""

from __future__ import annotations

from tests.markets.conftest import MarketJudge, member
from tests.markets.test_shareholders_by_mail import _as, _for, _game, _january_1901


def _ask(market: MarketJudge, name: str, signon: str, *lines: str) -> str:
    """The reply to a mail, its wrapped lines joined again."""
    return " ".join(market.reply(member(name), signon, *lines).split())


def test_status_shows_the_january_orders_in_force(market: MarketJudge) -> None:
    _game(market)
    reply = _ask(market, "ANN", _as("ANN"), "STATUS")
    assert "Your January orders in force: none sent (no trade)" in reply
    reply = _ask(market, "ANN", _as("ANN"), "BUY 4 FRANCE", "BUY 1 E", "STATUS")
    assert "Your January orders in force: BUY 4 FRANCE, BUY 1 ENGLAND" in reply
    _ask(market, "ANN", _as("ANN"), "SELL 1 FRANCE", "BUY 2 ITALY")
    reply = _ask(market, "ANN", _as("ANN"), "STATUS")
    assert "Your January orders in force: BUY 2 ITALY" in reply  # replaced; SELL refused
    _ask(market, "ANN", _as("ANN"), "BUY 0 FRANCE")  # all refused: nothing changes
    assert "in force: BUY 2 ITALY" in _ask(market, "ANN", _as("ANN"), "STATUS")
    _ask(market, "ANN", _as("ANN"), "BUY 3 TURKEY", "NOTRADE")
    assert "in force: NOTRADE" in _ask(market, "ANN", _as("ANN"), "STATUS")
    # nobody else's orders
    reply = _ask(market, "BEN", _as("BEN"), "STATUS")
    assert "none sent (no trade)" in reply and "BUY 3 TURKEY" not in reply


def test_status_shows_each_codirectors_own_set(market: MarketJudge) -> None:
    _game(market)
    _january_1901(market)  # ANN and CID codirect FRANCE, ANN directs ENGLAND
    reply = _ask(market, "ANN", _for("FRANCE", "ANN"), "STATUS")
    assert "Your FRANCE orders for February 1901 in force (yours alone; each " in reply
    assert "none sent" in reply
    _ask(market, "ANN", _for("FRANCE", "ANN"), "BUILD A PAR", "BUILD F BRE")
    _ask(market, "CID", _for("FRANCE", "CID"), "DIVIDEND", "BUILD A PAR")
    _ask(market, "ANN", _for("ENGLAND", "ANN"), "BUILD F LON")
    reply = _ask(market, "ANN", _for("FRANCE", "ANN"), "STATUS")
    assert "NO DIVIDEND, BUILD A PAR, BUILD F BRE" in reply
    assert "DIVIDEND, BUILD A PAR" not in reply.replace("NO DIVIDEND, BUILD A PAR", "")
    assert "F LON" not in reply
    reply = _ask(market, "CID", _for("F", "CID"), "STATUS")
    assert "Your FRANCE orders for February 1901 in force" in reply
    assert ": DIVIDEND, BUILD A PAR" in reply and "F BRE" not in reply
    reply = _ask(market, "ANN", _for("ENGLAND", "ANN"), "STATUS")
    assert "Your ENGLAND orders for February 1901 in force: NO DIVIDEND, BUILD F LON" in reply
    # signed on as herself in February: no country's set
    reply = _ask(market, "ANN", _as("ANN"), "STATUS")
    assert "in force" not in reply
    market.deadline("sh")
    _ask(market, "ANN", _for("FRANCE", "ANN"), "A PAR - BUR")
    _ask(market, "ANN", _for("FRANCE", "ANN"), "A PAR - PIC", "A PAR - GAS")
    reply = _ask(market, "ANN", _for("FRANCE", "ANN"), "STATUS")
    assert "Your FRANCE orders for Spring 1901 in force" in reply
    # the later line for a unit counts (D32); the later mail replaced the earlier one
    assert "kept apart): A PAR - GAS --" in reply
    reply = _ask(market, "CID", _for("FRANCE", "CID"), "STATUS")
    assert "in force (yours alone; each Codirector's set is kept apart): none sent" in reply


def test_status_in_a_retreat_phase_shows_each_dislodged_unit_and_where_it_may_go(
        market: MarketJudge) -> None:
    """Issue 23, point 2: signed on as a country with a unit dislodged, STATUS shows the
    unit and where it may retreat (not whence the attack came, nor where a unit is)."""
    _game(market)
    _ask(market, "ANN", _as("ANN"), "BUY 5 ITALY")
    _ask(market, "BEN", _as("BEN"), "BUY 5 AUSTRIA")
    _ask(market, "CID", _as("CID"), "BUY 5 GERMANY")
    market.deadline("sh")  # January: ANN directs ITALY, BEN AUSTRIA, CID GERMANY
    for name, country, unit in (("ANN", "ITALY", "A VEN"), ("BEN", "AUSTRIA", "A TRI"),
                                ("CID", "GERMANY", "A MUN")):
        assert "REFUSED" not in _ask(market, name, _for(country, name), f"BUILD {unit}")
    market.deadline("sh")  # February
    assert market.game("sh").phase == "S1901M"
    _ask(market, "CID", _for("GERMANY", "CID"), "A MUN - TYR")
    market.deadline("sh")
    assert market.game("sh").phase == "F1901M"
    # no retreat phase: no dislodged line
    assert "Dislodged" not in _ask(market, "BEN", _for("AUSTRIA", "BEN"), "STATUS")
    _ask(market, "ANN", _for("ITALY", "ANN"), "A VEN - TRI")
    _ask(market, "CID", _for("GERMANY", "CID"), "A TYR S A VEN - TRI")
    market.deadline("sh")
    assert market.game("sh").phase == "F1901R"
    status = _ask(market, "BEN", _for("AUSTRIA", "BEN"), "STATUS")
    assert "Country AUSTRIA: cash" in status
    # not VEN, whence the attack came, nor TYR, where a unit stands
    assert "Dislodged A TRI: may retreat to ALB, BUD, SER, VIE" in status
    assert "Your AUSTRIA orders for Fall 1901 retreats in force: none sent" in status
    # the attacker's country has nothing dislodged; a player signed on as himself is shown
    # no country's retreats
    assert "Dislodged" not in _ask(market, "ANN", _for("ITALY", "ANN"), "STATUS")
    assert "Dislodged" not in _ask(market, "BEN", _as("BEN"), "STATUS")
