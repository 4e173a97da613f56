"""bourse.md section 9: the scenarios B1-B11, each through ``judge adjudicate``'s
``run_case`` with a standard host, with the spec's exact numbers."""

from __future__ import annotations

import runpy
from pathlib import Path

C = runpy.run_path(str(Path(__file__).with_name("cases.py")))
case, play, mail, player = C["case"], C["play"], C["mail"], C["player"]
rates_of, units_of, holding, rate, of = (C["rates_of"], C["units_of"], C["holding"],
                                         C["rate"], C["of"])
POWERS, CURRENCY = C["POWERS"], C["CURRENCY"]
SURPLUS = {"CASH_SURPLUS": True}


def test_b1_rate_arithmetic() -> None:
    result = play(case(
        {"ARGENT": player(), "BULLION": player(cash=60000), "CROWN": player()},
        mail("ARGENT", "SELL 500 MARKS", "SELL 500 FRANCS", "BUY 1000 LIRA"),
        mail("BULLION", "SELL 499 FRANCS", "BUY 999 POUNDS", "BUY 99 ROUBLES"),
        phase="S1902M", params=SURPLUS))
    assert result["state"]["bourse"]["rates"] == rates_of(
        MARKS=95, LIRA=110, POUNDS=109, FRANCS=91, ROUBLES=100)
    assert of(result, "BULLION")["cash"] == 100
    assert of(result, "ARGENT")["cash"] == 0
    assert of(result, "ARGENT")["holdings"] == units_of(MARKS=500, FRANCS=500, LIRA=2000)
    assert of(result, "BULLION")["holdings"] == units_of(FRANCS=501, POUNDS=1999,
                                                         ROUBLES=1099)
    assert of(result, "ARGENT")["net_worth"] == (
        1000 * 100 + 1000 * 109 + 500 * 91 + 500 * 95 + 2000 * 110 + 1000 * 100 + 1000 * 100)
    assert [of(result, n)["turns_played"] for n in ("ARGENT", "BULLION", "CROWN")] == [2, 2, 2]
    assert result["errors"] == {} and result["warnings"] == {}


def test_b2_aggregation_over_players_and_whole_hundreds_only() -> None:
    result = play(case(
        {"ARGENT": player(cash=15000), "BULLION": player(cash=5000), "CROWN": player()},
        mail("ARGENT", "BUY 50 MARKS", "BUY 100 PIASTRES"),
        mail("BULLION", "BUY 50 MARKS"),
        mail("CROWN", "SELL 1 PIASTRES"),
        phase="S1902M", params=SURPLUS))
    assert rate(result, "MARKS") == 101
    assert rate(result, "PIASTRES") == 100
    assert holding(result, "ARGENT", "PIASTRES") == 1100
    assert holding(result, "CROWN", "PIASTRES") == 999
    assert of(result, "CROWN")["cash"] == 100


def test_b3_seed_example() -> None:
    result = play(case(
        {"ARGENT": player()}, mail("ARGENT", "SELL 100 LIRA", "BUY 115 MARKS"),
        phase="F1901M", rates=rates_of(LIRA=110, MARKS=95)))
    assert result["warnings"] == {"ARGENT": ["WARNING: 0.75 will be left unspent and lost"]}
    assert holding(result, "ARGENT", "LIRA") == 900
    assert holding(result, "ARGENT", "MARKS") == 1115
    assert of(result, "ARGENT")["cash"] == 0
    assert (rate(result, "LIRA"), rate(result, "MARKS")) == (109, 96)


def test_b4_reduced_purchase() -> None:
    result = play(case(
        {"BULLION": player()},
        mail("BULLION", "SELL 300 FRANCS", "BUY 200 POUNDS", "BUY 100 MARKS"),
        phase="F1901M", rates=rates_of(FRANCS=100, POUNDS=120, MARKS=95)))
    assert result["warnings"] == {"BULLION": [
        "WARNING: your purchases cost 335.00 but you will have 300.00; they will be "
        "reduced as the rules require",
        "WARNING: 0.15 will be left unspent and lost"]}
    assert of(result, "BULLION")["holdings"] == units_of(FRANCS=700, POUNDS=1200, MARKS=1063)
    assert of(result, "BULLION")["cash"] == 0
    assert (rate(result, "FRANCS"), rate(result, "POUNDS"), rate(result, "MARKS")) == (
        97, 122, 95)


def test_b5_order_errors() -> None:
    result = play(case(
        {"CROWN": player(LIRA=300)},
        mail("CROWN", "SELL 400 LIRA", "SELL 501 MARKS", "SELL 100 MARKS", "BUY 50 MARKS",
             "BUY 0 LIRA"),
        phase="S1902M"))
    assert result["errors"] == {"CROWN": [
        "SELL 400 LIRA: you hold only 300 LIRA",
        "SELL 501 MARKS: you may sell at most 500 MARKS this turn",
        "BUY 50 MARKS: you cannot buy and sell MARKS in the same turn",
        "BUY 0 LIRA: number must be at least 1"]}
    # the one accepted line stands: SELL 100 MARKS (its proceeds lost, nothing bought)
    assert of(result, "CROWN")["holdings"] == units_of(LIRA=300, MARKS=900)
    assert rate(result, "MARKS") == 99


def test_b6_minimum_rate() -> None:
    result = play(case(
        {"ARGENT": player(), "BULLION": player()},
        mail("ARGENT", "SELL 500 PIASTRES"), mail("BULLION", "SELL 200 PIASTRES"),
        phase="S1902M", rates=rates_of(PIASTRES=4)))
    assert rate(result, "PIASTRES") == 1


def _fall_1903() -> dict:
    """Austria's last centre, VIE, falls to a Russian army in Fall 1903; Russia can build
    in WAR, so the winter phase is held."""
    centers = C["home_centers"]()
    centers["AUSTRIA"] = ["VIE"]
    centers["RUSSIA"] = centers["RUSSIA"] + ["BUD", "TRI"]
    units = C["starting_units"]()
    units["AUSTRIA"] = []
    units["RUSSIA"] = [u for u in units["RUSSIA"] if u != "A WAR"] + ["A GAL"]
    return {"centers": centers, "units": units, "orders": {"RUSSIA": ["A GAL - VIE"]}}


def test_b7_elimination_after_the_fall_change_trades_of_that_fall_stand() -> None:
    result = play(case(
        {"ARGENT": player()}, mail("ARGENT", "SELL 10 MARKS", "BUY 10 CROWNS"),
        phase="F1903M", **_fall_1903()))
    bourse = result["state"]["bourse"]
    assert result["state"]["phase"] == "W1903A"
    assert bourse["eliminated"] == ["AUSTRIA"]
    assert bourse["rates"]["AUSTRIA"] == 0
    assert holding(result, "ARGENT", "CROWNS") == 1010  # D22: the Fall trade stands
    assert of(result, "ARGENT")["net_worth"] == 990 * 100 + 5 * 1000 * 100  # CROWNS count 0
    # the next turn (S1904M; no winter turn by default) sees the elimination
    spring = play({**case({}, phase="S1904M"), "state": {
        **result["state"], "phase": "S1904M"},
        "mails": [mail("ARGENT", "BUY 10 CROWNS")]})
    assert spring["errors"] == {
        "ARGENT": ["BUY 10 CROWNS: AUSTRIA is eliminated; its currency is worthless"]}
    assert holding(spring, "ARGENT", "CROWNS") == 1010
    assert spring["state"]["bourse"]["rates"]["AUSTRIA"] == 0


def test_b7_with_winter_turns_the_w1903a_turn_sees_the_elimination() -> None:
    fall = play(case({"ARGENT": player()}, phase="F1903M", params={"WINTER_TURNS": True},
                     **_fall_1903()))
    winter = {**case({}, params={"WINTER_TURNS": True}), "state": fall["state"],
              "orders": {"RUSSIA": ["BUILD A WAR"]},
              "mails": [mail("ARGENT", "BUY 10 CROWNS")]}
    result = play(winter)
    assert result["errors"] == {
        "ARGENT": ["BUY 10 CROWNS: AUSTRIA is eliminated; its currency is worthless"]}
    assert of(result, "ARGENT")["turns_played"] == 3  # the winter turn was processed


def test_b7_without_winter_turns_w1903a_has_no_turn() -> None:
    fall = play(case({"ARGENT": player()}, phase="F1903M", **_fall_1903()))
    result = play({**case({}), "state": fall["state"],
                   "mails": [mail("ARGENT", "BUY 10 CROWNS")]})
    assert result["errors"] == {"ARGENT": ["BUY 10 CROWNS: no Bourse turn is open"]}
    assert of(result, "ARGENT")["turns_played"] == 2


def test_b8_cash_surplus_first_turn_forfeits_later_turns_keep() -> None:
    s1901 = play(case({}, {"from": "argent@example.com", "to": "bourse",
                           "lines": ["JOIN BOURSE ARGENT", "SELL 500 LIRA", "BUY 400 MARKS"]},
                      params=SURPLUS))
    assert s1901["warnings"] == {
        "argent@example.com": ["WARNING: 100.00 will be left unspent and lost"]}
    assert of(s1901, "ARGENT") == {"cash": 0, "turns_played": 1,
                                   "holdings": units_of(LIRA=500, MARKS=1400),
                                   "net_worth": of(s1901, "ARGENT")["net_worth"]}
    after = units_of(LIRA=500, MARKS=1400)
    f1901 = play(case({"ARGENT": player(holdings=after)},
                      mail("ARGENT", "SELL 100 LIRA", "BUY 50 MARKS"),
                      phase="F1901M", rates=rates_of(LIRA=110, MARKS=95), params=SURPLUS))
    assert of(f1901, "ARGENT")["cash"] == 6250
    assert f1901["warnings"] == {}
    s1902 = play(case({"ARGENT": player(cash=6250, turns=2,
                                        holdings=units_of(LIRA=400, MARKS=1450))},
                      mail("ARGENT", "BUY 60 POUNDS"), phase="S1902M", params=SURPLUS))
    assert of(s1902, "ARGENT")["cash"] == 250
    assert holding(s1902, "ARGENT", "POUNDS") == 1060


def test_b8_same_orders_in_strict_mode() -> None:
    f1901 = play(case({"ARGENT": player(holdings=units_of(LIRA=500, MARKS=1400))},
                      mail("ARGENT", "SELL 100 LIRA", "BUY 50 MARKS"),
                      phase="F1901M", rates=rates_of(LIRA=110, MARKS=95)))
    assert of(f1901, "ARGENT")["cash"] == 0
    assert f1901["warnings"] == {"ARGENT": ["WARNING: 62.50 will be left unspent and lost"]}
    s1902 = play(case({"ARGENT": player(turns=2, holdings=units_of(LIRA=400, MARKS=1450))},
                      mail("ARGENT", "BUY 60 POUNDS"), phase="S1902M"))
    assert holding(s1902, "ARGENT", "POUNDS") == 1000  # reduced to 0: no funds
    assert s1902["warnings"] == {"ARGENT": [
        "WARNING: your purchases cost 60.00 but you will have 0.00; they will be reduced "
        "as the rules require"]}


B9_CENTERS = {
    "GERMANY": ["BER", "KIE", "MUN", "HOL", "DEN", "BEL", "SWE"],
    "ITALY": ["ROM", "NAP", "VEN", "TUN"],
    "FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR", "LON", "EDI", "LVP"],
    "RUSSIA": ["MOS", "SEV", "STP", "WAR", "RUM", "NWY", "BUD", "VIE", "TRI"],
    "TURKEY": ["ANK", "CON", "SMY", "BUL", "GRE", "SER"],
}


def _only(**by_currency: int) -> dict[str, int]:
    return {CURRENCY[c]: u for c, u in by_currency.items()}


def _b9(players: dict, *mails: dict) -> dict:
    return play(case(players, *mails, phase="S1910M", units={}, centers=B9_CENTERS,
                     eliminated=["AUSTRIA", "ENGLAND"],
                     rates=rates_of(CROWNS=0, POUNDS=0), host_end="draw"))


def test_b9_credits_and_winner() -> None:
    players = {"BULLION": player(holdings=_only(MARKS=1250, LIRA=830, POUNDS=1000)),
               "CROWN": player(holdings=_only(MARKS=1000, LIRA=1267)),
               "ARGENT": player(holdings=_only(LIRA=3017))}
    result = _b9(players, mail("ARGENT", "SELL 100 LIRA"))
    assert result["end"] == {"kind": "draw", "winners": ["BULLION"],
                             "scores": {"ARGENT": 120.68, "BULLION": 120.70,
                                        "CROWN": 120.68}}
    # the draw ends the host during the phase: the open turn is discarded (D12)
    assert result["state"]["phase"] == "S1910M"
    assert holding(result, "ARGENT", "LIRA") == 3017
    assert of(result, "ARGENT")["turns_played"] == 1
    assert rate(result, "LIRA") == 100
    del players["BULLION"]
    shared = _b9(players)
    assert shared["end"]["winners"] == ["ARGENT", "CROWN"]


def test_b10_late_joiner_after_an_elimination() -> None:
    centers = {p: cs for p, cs in C["home_centers"]().items() if p != "AUSTRIA"}
    units = {p: us for p, us in C["starting_units"]().items() if p != "AUSTRIA"}
    joined = play(case(
        {"ARGENT": player()},
        {"from": "dave@example.com", "to": "bourse",
         "lines": ["JOIN BOURSE Delta", "SELL 100 LIRA"]},
        phase="W1905A", eliminated=["AUSTRIA"], rates=rates_of(CROWNS=0), units=units,
        centers=centers, params=SURPLUS))
    assert joined["errors"] == {"dave@example.com": ["SELL 100 LIRA: no Bourse turn is open"]}
    assert of(joined, "DELTA")["holdings"] == units_of(CROWNS=0)
    assert of(joined, "DELTA")["cash"] == 0
    assert of(joined, "DELTA")["turns_played"] == 0
    assert joined["state"]["phase"] == "S1906M"
    spring = play({**case({}, params=SURPLUS), "state": joined["state"],
                   "mails": [mail("DELTA", "SELL 100 LIRA", "BUY 50 MARKS")]})
    assert spring["warnings"] == {"DELTA": ["WARNING: 50.00 will be left unspent and lost"]}
    assert of(spring, "DELTA")["cash"] == 0
    assert of(spring, "DELTA")["turns_played"] == 1
    assert of(spring, "DELTA")["holdings"] == units_of(CROWNS=0, LIRA=900, MARKS=1050)


def test_b11_no_orders_change_nothing() -> None:
    players = {"ARGENT": player(cash=700), "CROWN": player(cash=1234, LIRA=321)}
    trades = mail("ARGENT", "SELL 300 LIRA", "BUY 200 MARKS")
    alone = play(case({"ARGENT": player(cash=700)}, trades, phase="S1902M", params=SURPLUS))
    both = play(case(players, trades, phase="S1902M", params=SURPLUS))
    crown = of(both, "CROWN")
    assert crown["holdings"] == units_of(LIRA=321) and crown["cash"] == 1234
    assert crown["turns_played"] == 2
    assert both["state"]["bourse"]["rates"] == alone["state"]["bourse"]["rates"]
    assert of(both, "ARGENT") == of(alone, "ARGENT")
