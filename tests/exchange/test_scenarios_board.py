"""exchange.md 9, scenarios E13-E16, E19 and E20: investor money in Payola ties, year-end
income, the end valuation, draws, the empty first year and the annual report."""

from __future__ import annotations

import pytest

from tests.exchange.builder import (
    BOARD,
    POWERS,
    corporation,
    floated,
    homes,
    mail,
    play,
    refused,
    state,
)

ALL_UNITS = {"ENGLAND": ["F LON", "F EDI", "A LVP"], "FRANCE": ["F BRE", "A PAR", "A MAR"]}


def _e13_state() -> dict:
    return state("S1901M",
                 investors={"ALICE": {"shares": {"ENGLAND": 10}},
                            "BOB": {"shares": {"FRANCE": 10}}},
                 corporations={
                     "ENGLAND": floated("ENGLAND", S=20, T=0, price=5, treasury=20,
                                        leader="ALICE"),
                     "FRANCE": floated("FRANCE", S=20, T=0, price=5, treasury=20, leader="BOB")},
                 units={"ENGLAND": ["F LON"], "FRANCE": ["A PAR"]},
                 centers={"ENGLAND": ["LON"], "FRANCE": ["PAR"]})


def test_e13a_investors_ordered_by_lot() -> None:
    result = play(_e13_state(), mail("ALICE", "3 : F LON - ENG"),
                  mail("BOB", "3 : F LON - NTH"))
    assert result["errors"] == {}
    assert result["orders"]["F LON"] == "F LON - NTH"
    assert result["paid"] == {"BOB": {"F LON": 3}}
    cash = {n: i["cash"] for n, i in result["state"]["investors"].items()}
    assert cash["BOB"] == 997 and cash["ALICE"] == 1000
    assert result["state"]["units"]["ENGLAND"] == ["F NTH"]
    assert result["state"]["phase"] == "F1901M"


def test_e13b_corporation_money_ranks_first() -> None:
    result = play(_e13_state(), mail("ALICE", "3 : F LON - NTH", signed_on="ENGLAND"),
                  mail("ALICE", "3 : F LON - ENG"))
    assert result["orders"]["F LON"] == "F LON - NTH"
    assert result["state"]["corporations"]["ENGLAND"]["treasury"] == 17


def test_e13c_any_corporation_outranks_any_investor() -> None:
    result = play(_e13_state(), mail("BOB", "3 : F LON - ENG", signed_on="FRANCE"),
                  mail("ALICE", "3 : F LON - NTH"))
    assert result["orders"]["F LON"] == "F LON - ENG"
    assert result["state"]["corporations"]["FRANCE"]["treasury"] == 17


def test_e13d_zero_offer_from_an_investor_is_refused() -> None:
    result = play(_e13_state(), mail("ALICE", "0 : F LON H"))
    reason = "E14 ZERO AgP OFFER TO FOREIGN UNIT (offer it 1 AgP or more)"
    assert refused(result) == {("ALICE", f"0 : F LON H: {reason}")}


def _e14_state(mode: str, captured: str = "POR") -> tuple[dict, dict]:
    germany = floated("GERMANY", S=25, T=0, price=20, treasury=0, leader="BOB",
                      sc_values={"BER": 34, "KIE": 33, "MUN": 33})
    france = floated("FRANCE", S=30, T=0, price=10, treasury=40, leader="ALICE",
                     sc_values={"BRE": 20, "MAR": 20, "PAR": 20} if mode == "FINANCING" else {})
    if mode != "FINANCING":
        germany["sc_values"] = {}
    st = state("F1902M", investors={"ALICE": {"shares": {"FRANCE": 30}},
                                    "BOB": {"shares": {"GERMANY": 25}}},
               corporations={"FRANCE": france, "GERMANY": germany},
               units={"FRANCE": ["A BRE", "A PAR", "A MAR", "A SPA", f"A {captured}"],
                      "GERMANY": ["A BER", "F KIE"]},
               centers={"FRANCE": ["BRE", "PAR", "MAR"], "GERMANY": ["BER", "KIE", "MUN"]})
    return st, {"INCOME_MODE": mode}


@pytest.mark.parametrize(("mode", "captured", "treasury"), [
    ("FINANCING", "POR", 120), ("PAYOLA", "POR", 115), ("FINANCING", "MUN", 143)])
def test_e14_year_end_income(mode: str, captured: str, treasury: int) -> None:
    st, params = _e14_state(mode, captured)
    result = play(st, params=params)
    out = result["state"]
    assert out["phase"] == "W1902B"
    assert sorted(out["centers"]["FRANCE"]) == sorted(["BRE", "MAR", "PAR", "SPA", captured])
    assert out["corporations"]["FRANCE"]["treasury"] == treasury
    assert result["end"] is None


def _e15_state(phase: str = "F1905M") -> dict:
    return state(phase,
                 investors={"ALICE": {"shares": {"FRANCE": 15}},
                            "BOB": {"shares": {"FRANCE": 9, "ENGLAND": 8}},
                            "CAROL": {"shares": {"FRANCE": 6, "ENGLAND": 4}},
                            "DAVE": {"shares": {"ENGLAND": 8}}},
                 corporations={p: floated(p, S=20, T=0, price=5, treasury=0,
                                          leader="DAVE" if p == "ENGLAND" else "ALICE")
                               for p in POWERS} | {
                     "FRANCE": floated("FRANCE", S=36, T=6, price=5, leader="ALICE")})


def test_e15_solo_valuation() -> None:
    st = _e15_state()
    french = homes("FRANCE") + ["BEL", "HOL", "SPA", "POR", "MUN", "KIE", "BER", "DEN", "SWE",
                                "NWY", "LON", "EDI", "LVP", "TUN", "NAP"]
    st["centers"] = {"FRANCE": french}
    st["units"] = {"FRANCE": ["A PAR"]}
    result = play(st)
    assert result["end"] == {"kind": "solo", "winners": ["ALICE"], "scores": {
        "ALICE": 41.67, "BOB": 25.0, "CAROL": 16.67, "DAVE": 0.0}}
    assert result["state"]["phase"] == "W1905B"


def test_e15_draw_valuation_and_e16_draw_by_vote() -> None:
    st = _e15_state("W1905B")
    st["centers"] = {"FRANCE": ["PAR"], "ENGLAND": ["LON"], "GERMANY": ["BER"],
                     "RUSSIA": ["MOS"]}
    st["units"] = {"FRANCE": ["A PAR"]}
    st["corporations"]["GERMANY"]["leader"] = "BOB"
    st["corporations"]["RUSSIA"]["leader"] = "CAROL"
    result = play(st, mail("ALICE", "DRAW FRANCE FRANCE ENGLAND"),
                  mail("DAVE", "DRAW ENGLAND FRANCE ENGLAND"),
                  mail("BOB", "DRAW GERMANY FRANCE ENGLAND"),
                  mail("CAROL", "DRAW RUSSIA ENGLAND FRANCE", "BID ITALY 5000"),
                  mail("DAVE", "HELLO"))
    assert result["errors"] == {}
    assert result["end"] == {"kind": "draw", "winners": ["BOB"], "scores": {
        "ALICE": 41.67, "BOB": 65.0, "CAROL": 36.67, "DAVE": 40.0}}
    assert result["state"]["phase"] == "W1905B"
    assert result["state"]["draw_votes"]["RUSSIA"] == ["ENGLAND", "FRANCE"]


def test_e15_shared_win() -> None:
    st = _e15_state()
    st["investors"]["ALICE"]["shares"] = {"FRANCE": 15}
    st["investors"]["BOB"]["shares"] = {"FRANCE": 15}
    st["investors"]["CAROL"]["shares"] = {}
    st["corporations"]["FRANCE"].update(S=30, T=0)
    st["centers"] = {"FRANCE": sorted(BOARD.centers)[:18]}
    result = play(st)
    assert result["end"]["winners"] == ["ALICE", "BOB"]
    assert result["end"]["scores"]["ALICE"] == 50.0


def test_e16_draw_restrictions() -> None:
    st = _e15_state("W1903B")
    st["corporations"]["ITALY"] = corporation()
    st["centers"] = {"FRANCE": ["PAR"], "ENGLAND": ["LON"]}
    early = play(st, mail("ALICE", "DRAW FRANCE FRANCE ENGLAND"))
    assert refused(early) == {("ALICE", "DRAW FRANCE FRANCE ENGLAND: no draw is possible "
                                        "until every power has floated")}
    st = _e15_state("W1903B")
    st["centers"] = {"FRANCE": ["PAR"], "ENGLAND": ["LON"], "GERMANY": ["BER"],
                     "RUSSIA": ["MOS"]}
    dias = play(st, mail("ALICE", "DRAW FRANCE FRANCE ENGLAND"), params={"DIAS_ONLY": True})
    assert refused(dias) == {("ALICE", "DRAW FRANCE FRANCE ENGLAND: only draws including all "
                                       "survivors are allowed")}
    assert dias["end"] is None


def test_e19_empty_first_year() -> None:
    result = play(state("W1900B"))
    assert result["state"]["phase"] == "W1901B"
    assert result["errors"] == {} and result["end"] is None
    assert all(c["status"] == "UNSTARTED" for c in result["state"]["corporations"].values())


def test_end_year_ends_the_game_as_a_draw_of_survivors() -> None:
    st = _e15_state("F1905M")
    st["centers"] = {"FRANCE": ["PAR"], "ENGLAND": ["LON"]}
    result = play(st, params={"END_YEAR": 1905})
    assert result["end"]["kind"] == "end_year"
    assert result["end"]["winners"] == ["BOB"]
    assert result["state"]["phase"] == "W1905B"
