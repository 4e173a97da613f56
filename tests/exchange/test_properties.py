"""Properties of Exchange phases under random mail: shares and money are conserved, no
balance or holding goes negative, a case always gives the same result, and no command
text crashes the reader."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.batch import run_case
from judge.engine.maps import load_map
from judge.games.exchange.batch import play_case  # noqa: F401 - the engine sets its recursion limit on import, before hypothesis watches it
from judge.games.exchange.text.lines import read_command, read_mail_line
from tests.exchange.builder import NAMES, case, corporation, floated, state

WORDS = ["FRANCE", "F", "GER", "ENGLAND", "ITALY", "RUSSIA", "ALICE", "BOB", "CAROL", "ZOE"]
TEMPLATES = [
    "BID {p} {n}", "BID {p} {n} SHARES {k} PRICE {k}", "NOBID {p}", "ISSUE {p} {k}",
    "SETUP {p} SHARES {k} PRICE {k}", "PRICE {p} {k}", "APPROVE {p}", "REJECT {p}",
    "PURCHASE {k}*{p} {p}", "NOPURCHASE", "CAP {n}", "NOCAP", "VOTE {p} {i}",
    "TIEBREAK {p} {i} {i}", "DIVIDEND {p} {k}", "TRANSFER {n} TO {i}", "TRANSFER {n} TO {p}",
    "ASK {p} {k} AT {k}", "TAKE {k} {k}", "WITHDRAW {k}", "DRAW {p} {p}", "NODRAW {p}",
    "ACCEPT {p}", "VALUES {p} BER {k} KIE {k} MUN {k}", "HELLO",
]


def _rich(phase: str) -> dict:
    st_ = state(phase,
                investors={"ALICE": {"shares": {"FRANCE": 10, "ENGLAND": 3}},
                           "BOB": {"shares": {"FRANCE": 10, "GERMANY": 5}},
                           "CAROL": {"cash": 20, "shares": {"FRANCE": 3, "ENGLAND": 13}},
                           "DAVE": {"shares": {"FRANCE": 6}}},
                corporations={
                    "FRANCE": floated("FRANCE", founder="ALICE", S=30, T=1, price=10,
                                      treasury=95, leader="ALICE", pending_issue=3),
                    "ENGLAND": floated("ENGLAND", founder="CAROL", S=20, T=4, price=3,
                                       treasury=30, leader="CAROL"),
                    "GERMANY": corporation(status="STARTED", founder="BOB", S=25, T=20,
                                           price=20, treasury=100),
                    "ITALY": corporation(status="STARTED", founder="DAVE", treasury=150,
                                         bid={"paid": 150, "shares": None, "price": 7})},
                units={"FRANCE": ["F BRE", "A PAR", "A MAR"],
                       "ENGLAND": ["F LON", "F EDI", "A LVP"]},
                centers={"FRANCE": ["BRE", "PAR", "MAR"], "ENGLAND": ["LON", "EDI", "LVP"]})
    st_["asks"] = [{"id": 1, "seller": "ALICE", "corporation": "FRANCE", "remaining": 2,
                    "price": 15}]
    st_["next_ask_id"] = 2
    return st_


_line = st.builds(
    lambda t, p, i, n, k: t.format(p=p, i=i, n=n, k=k),
    st.sampled_from(TEMPLATES), st.sampled_from(WORDS), st.sampled_from(NAMES + ("ZOE",)),
    st.integers(0, 1200), st.integers(0, 40))
_mail = st.fixed_dictionaries({"from": st.sampled_from(NAMES),
                               "lines": st.lists(_line, min_size=1, max_size=4)})
_phase = st.sampled_from(["W1901B", "W1901O", "W1901P", "W1901E", "W1901A"])


def _money(s: dict) -> int:
    return (sum(i["cash"] for i in s["investors"].values())
            + sum(c["treasury"] for c in s["corporations"].values()) + s["bank"])


@settings(max_examples=60, deadline=None)
@given(_phase, st.lists(_mail, max_size=6))
def test_market_phases_conserve_shares_and_money(phase: str, mails: list[dict]) -> None:
    before = _rich(phase)
    result = run_case(case(before, mails))
    assert "error" not in result, result
    after = result["state"]
    for name, corp in after["corporations"].items():
        held = sum(i["shares"].get(name, 0) for i in after["investors"].values())
        assert corp["S"] == corp["T"] + held or corp["status"] == "UNSTARTED", name
        assert min(corp["S"], corp["T"], corp["treasury"]) >= 0
    for inv in after["investors"].values():
        assert inv["cash"] >= 0 and all(h > 0 for h in inv["shares"].values())
    for ask in after["asks"]:
        held = after["investors"][ask["seller"]]["shares"].get(ask["corporation"], 0)
        listed = sum(a["remaining"] for a in after["asks"]
                     if (a["seller"], a["corporation"]) == (ask["seller"], ask["corporation"]))
        assert 0 < listed <= held
    if result["end"] is None and after["phase"] != "W1902B":
        assert _money(after) == _money(before)  # no income, no Payola payment in winter
    assert run_case(case(_rich(phase), mails)) == result


@settings(max_examples=30, deadline=None)
@given(st.lists(st.fixed_dictionaries({
    "from": st.sampled_from(NAMES),
    "lines": st.lists(st.sampled_from([
        "3 : F LON - NTH", "2 : F LON - ENG", "5 : A PAR - BUR", "1 : F BRE - MAO",
        "0 : F LON H", "4 : A LVP - YOR", "2 : F EDI - NTH", "TRANSFER 5 TO BOB"]),
        min_size=1, max_size=3),
    "as": st.sampled_from([None, "FRANCE", "ENGLAND"])}), max_size=5))
def test_movement_never_spends_more_than_there_is(mails: list[dict]) -> None:
    before = _rich("S1902M")
    for m in mails:
        if m["as"] == "FRANCE":
            m["from"] = "ALICE"
        elif m["as"] == "ENGLAND":
            m["from"] = "CAROL"
        else:
            del m["as"]
    result = run_case(case(before, mails))
    assert "error" not in result, result
    after = result["state"]
    paid = sum(x for units in result.get("paid", {}).values() for x in units.values())
    assert _money(before) - _money(after) == paid
    assert all(i["cash"] >= 0 for i in after["investors"].values())
    assert all(c["treasury"] >= 0 for c in after["corporations"].values())
    assert run_case(case(_rich("S1902M"), mails)) == result


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.sampled_from("BOPEAMR"))
def test_random_text_never_crashes_the_reader(text: str, kind: str) -> None:
    board = load_map("standard")
    for line in (text, "BID " + text, "PURCHASE " + text, "TAKE " + text):
        read_command(line)
        read_mail_line(line, board, kind)


@given(st.integers(0, 10_000), st.integers(1, 500))
def test_scores_are_the_exact_value_to_the_hundredth(held: int, total: int) -> None:
    from fractions import Fraction

    from judge.games.exchange.rules.ending import hundredths
    exact = Fraction(100 * held, total)
    assert abs(Fraction(str(hundredths(exact))) - exact) <= Fraction(1, 200)
