"""Hypothesis properties of 1901-Shareholders through the batch interface: shares and
dollars are conserved except by the flows the spec names, nothing goes below 0, a case
always gives the same result, the order in which Codirectors' mails arrive does not
matter, and no text crashes the reader."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import judge.games.shareholders.batch  # noqa: F401 - the engine raises the recursion limit on import
from judge.games.shareholders.text import read_command
from tests.shareholders.cases import BOARD, POWERS, country, mail, play, state

NAMES = ("ANN", "BEN", "CID", "DOT")
FAST = settings(max_examples=40, deadline=None)

holdings = st.dictionaries(st.sampled_from(POWERS), st.integers(0, 8), max_size=3)
players = st.fixed_dictionaries(
    {n: st.fixed_dictionaries({"cash": st.integers(0, 4000), "shares": holdings})
     for n in NAMES})
january_line = st.one_of(
    st.builds(lambda n, c: f"SELL {n} {c}", st.integers(0, 7), st.sampled_from(POWERS)),
    st.builds(lambda n, c: f"BUY {n} {c}", st.integers(0, 9), st.sampled_from(POWERS)),
    st.just("NOTRADE"),
)
january_mails = st.lists(
    st.builds(lambda who, lines: mail(who, *lines), st.sampled_from(NAMES + ("ZED",)),
              st.lists(january_line, max_size=4)),
    max_size=6)


def _value(result: dict[str, Any], prices: dict[str, int]) -> dict[str, int]:
    return {n: p["cash"] + sum(k * prices[c] for c, k in p["shares"].items())
            for n, p in result["state"]["players"].items()}


@FAST
@given(players, january_mails)
def test_january_trades_with_the_bank_at_the_opening_prices(
        holders: dict[str, Any], mails: list[dict[str, Any]]) -> None:
    given_state = state("W1900D", holders)
    prices = {p: 500 if p == "RUSSIA" else 400 for p in POWERS}
    before = {n: p["cash"] + sum(k * prices[c] for c, k in p["shares"].items())
              for n, p in holders.items()}
    r = play(given_state, *mails)
    assert _value(r, prices) == before
    for name, p in r["state"]["players"].items():
        assert p["cash"] >= 0 and all(k >= 1 for k in p["shares"].values())
        sold = sum(holders[name]["shares"].get(c, 0) - p["shares"].get(c, 0)
                   for c in POWERS if holders[name]["shares"].get(c, 0) > p["shares"].get(c, 0))
        assert sold <= 5
    assert play(given_state, *mails) == r


unit_sets = st.sampled_from([
    {},
    {"FRANCE": ["A PAR", "A BUR", "F MAO", "A RUH"]},
    {"FRANCE": ["A PAR"], "ENGLAND": ["F NTH", "A EDI", "F NWY"], "ITALY": ["A VEN"]},
    {"RUSSIA": ["F STP/SC", "A UKR", "A SIL"], "TURKEY": ["F BLA", "A ARM"]},
])
february_line = st.sampled_from([
    "DIVIDEND", "NO DIVIDEND", "BUILD A PAR", "BUILD F BRE", "BUILD A MAR", "BUILD F LON",
    "BUILD A LVP", "BUILD F EDI", "BUILD A VEN", "BUILD F NAP", "BUILD F STP/NC", "BUILD A MOS",
    "DISSOLVE A BUR", "DISSOLVE F MAO", "REMOVE F NTH", "BUILD A ROM", "BUILD F SMY",
])


@FAST
@given(players, unit_sets, st.dictionaries(st.sampled_from(POWERS), st.integers(0, 500)),
       st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(POWERS),
                          st.lists(february_line, max_size=4)), max_size=8))
def test_february_dollars_flow_only_as_the_spec_says(
        holders: dict[str, Any], units: dict[str, list[str]], cash: dict[str, int],
        sent: list[tuple[str, str, list[str]]]) -> None:
    offices = {c: _largest(holders, c) for c in POWERS}
    countries = {c: country(cash.get(c, 0), office=offices[c]) for c in POWERS}
    given_state = state("W1901A", holders, countries, units=units)
    r = play(given_state, *(mail(who, *lines, as_=c) for who, c, lines in sent))
    s = r["state"]
    income = 80 * sum(len(cs) for cs in given_state["centers"].values())
    built = sum(1 for done in r["builds"].values() for _, outcome in done if outcome == "built")
    kept = sum(len(us) for us in s["units"].values()) - built
    before = sum(p["cash"] for p in holders.values()) + sum(cash.values())
    after = (sum(p["cash"] for p in s["players"].values())
             + sum(c["cash"] for c in s["countries"].values()))
    assert after == before + income - 40 * kept - 200 * built
    assert all(c["cash"] >= 0 for c in s["countries"].values())
    assert kept <= sum(len(us) for us in units.values())
    assert s["players"] == {n: {"cash": s["players"][n]["cash"],
                                "shares": {c: k for c, k in sorted(p["shares"].items()) if k}}
                            for n, p in holders.items()}


def _largest(holders: dict[str, Any], c: str) -> tuple[str, ...]:
    top = max(p["shares"].get(c, 0) for p in holders.values())
    if top == 0:
        return ()
    return tuple(sorted(n for n, p in holders.items() if p["shares"].get(c, 0) == top))


movement_line = st.sampled_from([
    "A PAR - BUR", "A PAR - PIC", "A BUR - MUN", "F MAO - SPA/NC", "F MAO - POR",
    "A RUH S A BUR - MUN", "A PAR S A BUR", "F MAO H", "A RUH - HOL", "A BUR - PAR",
    "A RUH - KIE", "F MAO C A PAR - SPA", "A BUR S A RUH - MUN",
])


@FAST
@given(st.integers(0, 100), st.lists(movement_line, max_size=6),
       st.lists(movement_line, max_size=6), st.booleans())
def test_fees_never_exceed_cash_and_codirectors_commute(
        money: int, ann: list[str], cid: list[str], codirected: bool) -> None:
    office = ("ANN", "CID") if codirected else ("ANN",)
    holders = {"ANN": {"cash": 0, "shares": {"FRANCE": 2}},
               "BEN": {"cash": 0, "shares": {}},
               "CID": {"cash": 0, "shares": {"FRANCE": 2 if codirected else 1}}}
    given_state = state("S1902M", holders, {"FRANCE": country(money, office=office)},
                        units={"FRANCE": ["A PAR", "A BUR", "F MAO", "A RUH"]})
    mails = [mail("ANN", *ann, as_="FRANCE"), mail("CID", *cid, as_="FRANCE")]
    r = play(given_state, *mails)
    paid = r["fees"].get("FRANCE", 0)
    assert 0 <= paid <= money and r["state"]["countries"]["FRANCE"]["cash"] == money - paid
    assert set(r["orders"]) == {"A PAR", "A BUR", "F MAO", "A RUH"}
    swapped = play(given_state, *reversed(mails))
    assert swapped["state"] == r["state"] and swapped["orders"] == r["orders"]
    assert json.dumps(play(given_state, *mails)) == json.dumps(r)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_no_text_crashes_the_reader(text: str) -> None:
    read_command(text, BOARD)


@FAST
@given(st.lists(st.sampled_from(["SELL", "BUY", "BUILD", "DISSOLVE", "REMOVE", "NO",
                                 "DIVIDEND", "NOTRADE", "A", "F", "PAR", "STP/NC", "1", "-",
                                 "S", "C", "H", "FRANCE", "0", "VIA", "CONVOY"]),
                max_size=6))
def test_no_word_salad_crashes_the_reader(words: list[str]) -> None:
    read_command(" ".join(words), BOARD)
