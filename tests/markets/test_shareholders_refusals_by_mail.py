"""1901-Shareholders by mail, bad input (spec 4, D34, D35): every refusal a mail can
draw, each answered with its own reason, and nothing changed by it: the sender's set in
force stays as his last mail with an accepted line left it (STATUS shows it) and the
deadline plays that set.

(Two refusals of spec 4 cannot be reached by mail: ``<NAME> is not a player in this
game`` (D39; only players join and sign on, see tests/shareholders/test_refusals.py for
the batch case), and February's warning ``nobody holds <COUNTRY> shares`` (an office
holder holds shares himself). ``an army cannot be built in <loc>`` needs a home centre
at sea, which the standard map has not.)"""

from __future__ import annotations

from typing import Any

from tests.markets.conftest import GM, MarketJudge, member
from tests.markets.test_shareholders_by_mail import _as, _for, _game, _result, _state


def _ask(market: MarketJudge, name: str, signon: str, *lines: str) -> str:
    """The reply to a mail, its wrapped lines joined again."""
    return " ".join(market.reply(member(name), signon, *lines).split())


def _refused(reply: str, *refusals: tuple[str, str]) -> None:
    """Each ``(line, reason)`` refused in ``reply`` with exactly that reason, and no
    line of it accepted."""
    for line, reason in refusals:
        assert f"> {line} REFUSED, nothing changed: - {reason}" in reply, (line, reply)
    assert "accepted for" not in reply, reply


def _not_his(reply: str, name: str, country: str) -> None:
    """A sign-on as a country ``name`` holds no office in: refused at the SIGNON line
    with the reason (issue 23), not "Signed on", and no line after it accepted."""
    assert f"{name} does not lead, direct or command {country} in sh now" in reply, reply
    assert "Signed on" not in reply and "accepted for" not in reply, reply


def _status(market: MarketJudge, name: str, signon: str) -> str:
    return _ask(market, name, signon, "STATUS")


JANUARY = [
    ("SELL 0 FRANCE", "number must be at least 1"),
    ("BUY FRANCE", "cannot read this BUY command"),
    ("BUY 1 XYZ", "XYZ is not a country"),
    ("A PAR - BUR", "not a January order: January orders are SELL, BUY and NOTRADE"),
    ("DIVIDEND", "not a January order: January orders are SELL, BUY and NOTRADE"),
]


def test_january_refusals_change_nothing(market: MarketJudge) -> None:
    _game(market)
    _ask(market, "ANN", _as("ANN"), "BUY 4 FRANCE")
    reply = _ask(market, "ANN", _as("ANN"), *(line for line, _ in JANUARY))
    _refused(reply, *JANUARY)
    assert "Your January orders in force: BUY 4 FRANCE" in _status(market, "ANN", _as("ANN"))
    # January orders signed on as a country (D35): every line refused, her own set stays
    lines = ["BUY 1 ENGLAND", "SELL 1 FRANCE", "NOTRADE"]
    reply = _ask(market, "ANN", _for("ENGLAND", "ANN"), *lines)
    _not_his(reply, "ANN", "ENGLAND")  # she holds no office in ENGLAND
    assert "Your January orders in force: BUY 4 FRANCE" in _status(market, "ANN", _as("ANN"))
    market.deadline("sh")
    assert _state(market)["players"]["ANN"] == {"cash": 3150 - 1600, "shares": {"FRANCE": 4}}
    assert _result(market, "W1900D")["errors"] == {
        "ANN": [f"{line}: {reason}" for line, reason in JANUARY]}


def test_worthless_shares_cannot_be_bought(market: MarketJudge) -> None:
    _game(market, "SHARE_UNIT=0", "PRICE_BONUS=0")
    reply = _ask(market, "BEN", _as("BEN"), "BUY 1 FRANCE", "BUY 2 RUS")
    _refused(reply, ("BUY 1 FRANCE", "FRANCE shares are worthless and cannot be bought"),
             ("BUY 2 RUS", "RUSSIA shares are worthless and cannot be bought"))
    assert "none sent (no trade)" in _status(market, "BEN", _as("BEN"))
    market.deadline("sh")
    assert _state(market)["players"]["BEN"] == {"cash": 3150, "shares": {}}


def _to_february(market: MarketJudge, *params: str) -> None:
    """ANN directs FRANCE, CID RUSSIA, DOT GERMANY, BEN ENGLAND."""
    _game(market, *params)
    _ask(market, "ANN", _as("ANN"), "BUY 4 FRANCE")
    _ask(market, "BEN", _as("BEN"), "BUY 2 ENGLAND")
    _ask(market, "CID", _as("CID"), "BUY 3 RUSSIA")
    _ask(market, "DOT", _as("DOT"), "BUY 4 GERMANY")
    market.deadline("sh")


FEBRUARY = [
    ("BUILD F PAR", "a fleet cannot be built in PAR"),
    ("BUILD A MUN", "MUN is not a home centre of FRANCE"),
    ("DISSOLVE A PAR", "FRANCE has no A PAR"),
    ("BUY 1 FRANCE", "shares are dealt only in January (next: W1901D)"),  # issue 23
    ("A PAR - BUR", "not a February order: February orders are DIVIDEND, NO DIVIDEND, "
                    "DISSOLVE and BUILD"),
    ("BUILD", "cannot read this BUILD command"),
    ("DIVIDEND 3", "cannot read this DIVIDEND command"),
]


def test_february_refusals_change_nothing(market: MarketJudge) -> None:
    _to_february(market)
    _ask(market, "ANN", _for("FRANCE", "ANN"), "BUILD A PAR")
    _refused(_ask(market, "ANN", _for("FRANCE", "ANN"), *(line for line, _ in FEBRUARY)),
             *FEBRUARY)
    reply = _status(market, "ANN", _for("FRANCE", "ANN"))
    assert "Your FRANCE orders for February 1901 in force: NO DIVIDEND, BUILD A PAR" in reply
    _refused(_ask(market, "CID", _for("RUSSIA", "CID"), "BUILD F STP", "BUILD F MOS"),
             ("BUILD F STP", "specify a coast for STP"),
             ("BUILD F MOS", "a fleet cannot be built in MOS"))
    assert "RUSSIA orders for February 1901 in force: none sent" in _status(
        market, "CID", _for("RUSSIA", "CID"))
    # country orders sent as oneself, or signed on as a country one holds no office in
    _refused(_ask(market, "ANN", _as("ANN"), "DIVIDEND", "BUILD A MAR"),
             ("DIVIDEND", "sign on as a country to send country orders"),
             ("BUILD A MAR", "sign on as a country to send country orders"))
    _not_his(_ask(market, "BEN", _for("FRANCE", "BEN"), "DIVIDEND", "BUILD A MAR"),
             "BEN", "FRANCE")
    market.deadline("sh")
    result = _result(market, "W1900A")
    assert result["builds"] == {"FRANCE": [["A PAR", "built"]]}
    assert result["february"]["FRANCE"]["dividend"] is None
    assert _state(market)["units"]["FRANCE"] == ["A PAR"]
    assert _state(market)["units"]["RUSSIA"] == []


def _to_spring(market: MarketJudge) -> None:
    """A rich February (SC_INCOME=400): FRANCE builds A PAR, F BRE and A MAR; GERMANY
    A MUN and A BER."""
    _to_february(market, "SC_INCOME=400")
    _ask(market, "ANN", _for("FRANCE", "ANN"), "BUILD A PAR", "BUILD F BRE", "BUILD A MAR")
    _ask(market, "DOT", _for("GERMANY", "DOT"), "BUILD A MUN", "BUILD A BER")
    market.deadline("sh")
    units = _state(market)["units"]
    assert units["FRANCE"] == ["A MAR", "A PAR", "F BRE"]
    assert units["GERMANY"] == ["A BER", "A MUN"]


MOVEMENT = [
    ("A PAR - PAR", "a unit cannot move to its own province"),
    ("A PAR - MUN", "not adjacent"),
    ("F BRE - PAR", "a fleet cannot go inland"),
    ("F BRE - LON", "not adjacent"),
    ("F BRE - MAO VIA CONVOY", "a fleet cannot move by convoy"),
    ("A PAR S A PAR", "a unit cannot support itself"),
    ("A PAR S A PIC", "there is no unit to support there"),
    ("A MAR S A MUN - TYR", "the supporting unit cannot reach that province"),
    ("F BRE C A PAR - PIC", "a fleet on a coast cannot convoy"),
    ("A PAR - BUR HOLD", "unexpected 'HOLD' after the complete order 'A PAR - BUR'"),
    ("A MUN - BOH", "not your unit"),
    ("A KIE - BER", "no such unit"),
    ("BUILD A PAR", "not an order for this phase"),
    ("A PAR D", "not an order for this phase"),
]


def test_movement_and_retreat_refusals_change_nothing(market: MarketJudge) -> None:
    _to_spring(market)
    _ask(market, "ANN", _for("FRANCE", "ANN"), "A PAR - BUR")
    _refused(_ask(market, "ANN", _for("F", "ANN"), *(line for line, _ in MOVEMENT)), *MOVEMENT)
    _refused(_ask(market, "ANN", _as("ANN"), "A MAR - SPA"),
             ("A MAR - SPA", "sign on as a country to send country orders"))
    _not_his(_ask(market, "DOT", _for("FRANCE", "DOT"), "A MAR - SPA"), "DOT", "FRANCE")
    assert "FRANCE orders for Spring 1901 in force: A PAR - BUR --" in _status(
        market, "ANN", _for("FRANCE", "ANN"))
    _ask(market, "DOT", _for("GERMANY", "DOT"), "A BER - MUN", "A MUN - RUH")
    market.deadline("sh")
    spring: dict[str, Any] = _result(market, "S1901M")
    assert spring["fees"] == {"FRANCE": 20, "GERMANY": 40}
    assert spring["orders"]["A MAR"] == "A MAR H" and spring["orders"]["F BRE"] == "F BRE H"
    assert _state(market)["units"]["FRANCE"] == ["A BUR", "A MAR", "F BRE"]
    # Fall: GERMANY dislodges A BUR; its retreat, with every retreat refusal
    _ask(market, "DOT", _for("GERMANY", "DOT"), "A RUH - BUR", "A MUN S A RUH - BUR")
    market.deadline("sh")
    assert _state(market)["phase"] == "F1901R"
    _ask(market, "ANN", _for("FRANCE", "ANN"), "A BUR - GAS")
    retreats = [("A BUR - RUH", "cannot retreat where the attacker came from"),
                ("A BUR - MUN", "cannot retreat to an occupied province"),
                ("A BUR - NTH", "an army cannot go to sea"),
                ("A MAR - SPA", "that unit does not have to retreat"),
                ("A BUR - BUR", "a unit cannot move to its own province")]
    reply = _ask(market, "ANN", _for("FRANCE", "ANN"), *(line for line, _ in retreats))
    _refused(reply, *retreats)
    assert "FRANCE orders for Fall 1901 retreats in force: A BUR - GAS --" in _status(
        market, "ANN", _for("FRANCE", "ANN"))
    market.deadline("sh")
    assert _result(market, "F1901R")["orders"] == {"A BUR": "A BUR - GAS"}
    assert _state(market)["units"]["FRANCE"] == ["A GAS", "A MAR", "F BRE"]


def test_a_former_office_holder_changes_nothing(market: MarketJudge) -> None:
    """ANN directs ENGLAND in 1901 and sells out at the next January: BEN directs it
    now, and her ENGLAND mail is refused (she signs on with her own password, as any
    player may) without touching his set."""
    _game(market, "SC_INCOME=400")
    _ask(market, "ANN", _as("ANN"), "BUY 3 ENGLAND")
    market.deadline("sh")
    _ask(market, "ANN", _for("ENGLAND", "ANN"), "BUILD F LON")
    market.deadline("sh")  # February 1901
    market.deadline("sh")  # Spring 1901
    market.deadline("sh")  # Fall 1901; then January 1902
    assert _state(market)["phase"] == "W1901D"
    _ask(market, "ANN", _as("ANN"), "SELL 3 ENGLAND")
    _ask(market, "BEN", _as("BEN"), "BUY 1 ENGLAND")
    market.deadline("sh")
    countries = _state(market)["countries"]
    assert countries["ENGLAND"]["office"] == ["BEN"]
    assert countries["ENGLAND"]["last_office"] == ["ANN"]
    _ask(market, "BEN", _for("E", "BEN"), "NO DIVIDEND", "BUILD F EDI")
    lines = ["DIVIDEND", "DISSOLVE F LON", "BUILD A LVP"]
    reply = _ask(market, "ANN", _for("ENGLAND", "ANN"), *lines)
    _not_his(reply, "ANN", "ENGLAND")
    assert "in force" not in reply  # she has no set for a country she does not direct
    assert "ENGLAND orders for February 1902 in force: NO DIVIDEND, BUILD F EDI" in _status(
        market, "BEN", _for("ENGLAND", "BEN"))
    market.deadline("sh")
    result = _result(market, "W1901A")
    assert result["errors"] == {}  # her mail was refused at its SIGNON, never kept
    assert result["february"]["ENGLAND"]["dividend"] is None
    assert result["builds"] == {"ENGLAND": [["F EDI", "built"]]}
    assert _state(market)["units"]["ENGLAND"] == ["F EDI", "F LON"]


def test_the_refusals_reach_the_sender_only(market: MarketJudge) -> None:
    _to_february(market)
    market.reply(member("BEN"), _for("FRANCE", "BEN"), "BUILD A MAR")
    with_refusal = [m for m in market.log if "BEN does not lead, direct or command" in
                    " ".join(m.body.split())]
    assert {m.recipient for m in with_refusal} == {member("BEN")}
    assert GM not in {m.recipient for m in market.log if "BUILD A MAR" in m.body}
