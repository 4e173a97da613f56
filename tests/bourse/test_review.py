"""A review of the Bourse against bourse.md and market-contract.md section 5: cases
computed by hand from the spec's text, mostly edges the first tests leave out."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

C = runpy.run_path(str(Path(__file__).with_name("cases.py")))
case, play, mail, player = C["case"], C["play"], C["mail"], C["player"]
units_of, rates_of, holding, rate, of = (C["units_of"], C["rates_of"], C["holding"],
                                         C["rate"], C["of"])
POWERS = C["POWERS"]
SURPLUS = {"CASH_SURPLUS": True}


def _bourse(result: dict[str, Any]) -> dict[str, Any]:
    return result["state"]["bourse"]


def _stranger(sender: str, *lines: str) -> dict[str, Any]:
    return {"from": sender, "to": "bourse", "lines": list(lines)}


# --- 5.2 and 5.3: purchases in order, each cut down; rates on executed units ----------

def test_odd_rates_reduce_each_purchase_to_what_is_left_and_lose_the_cents() -> None:
    # 100 LIRA at 1.10 = 110.00; 200 MARKS at 1.07 -> floor(11000/107) = 102 (109.14),
    # 0.86 left; 5 FRANCS at 0.50 -> 1 (0.50), 0.36 lost (strict mode).
    result = play(case({"ARGENT": player()},
                       mail("ARGENT", "SELL 100 LIRA", "BUY 200 MARKS", "BUY 5 FRANCS"),
                       phase="F1902M", rates=rates_of(LIRA=110, MARKS=107, FRANCS=50)))
    assert result["errors"] == {}
    assert result["warnings"] == {"ARGENT": [
        "WARNING: your purchases cost 216.50 but you will have 110.00; they will be "
        "reduced as the rules require",
        "WARNING: 0.36 will be left unspent and lost"]}
    argent = of(result, "ARGENT")
    assert argent["holdings"] == units_of(LIRA=900, MARKS=1102, FRANCS=1001)
    assert argent["cash"] == 0 and argent["turns_played"] == 2
    # LIRA -100 -> 1.09; MARKS +102 -> 1.08; FRANCS +1 -> 0.50
    assert _bourse(result)["rates"] == rates_of(LIRA=109, MARKS=108, FRANCS=50)
    assert argent["net_worth"] == (4 * 100000 + 1001 * 50 + 1102 * 108 + 900 * 109)
    assert result["state"]["phase"] == "S1903M"


def test_rates_move_on_the_units_bought_not_the_units_asked() -> None:
    # first turn, strict: 100.00 of proceeds buy 100 MARKS of the 300 asked
    result = play(case({"ARGENT": player(turns=0), "BULLION": player(turns=0)},
                       mail("ARGENT", "SELL 100 LIRA", "BUY 300 MARKS"), phase="S1901M"))
    assert result["warnings"] == {"ARGENT": [
        "WARNING: your purchases cost 300.00 but you will have 100.00; they will be "
        "reduced as the rules require"]}
    assert holding(result, "ARGENT", "MARKS") == 1100
    assert _bourse(result)["rates"] == rates_of(LIRA=99, MARKS=101)
    assert [of(result, n)["turns_played"] for n in ("ARGENT", "BULLION")] == [1, 1]


def test_net_sales_move_the_rate_by_whole_hundreds_toward_zero() -> None:
    result = play(case({"ARGENT": player(), "BULLION": player(), "CROWN": player()},
                       mail("ARGENT", "SELL 199 MARKS"), mail("BULLION", "SELL 99 LIRA"),
                       mail("CROWN", "SELL 150 POUNDS", "BUY 150 FRANCS"), phase="S1902M"))
    assert _bourse(result)["rates"] == rates_of(MARKS=99, LIRA=100, POUNDS=99, FRANCS=101)
    assert result["warnings"] == {
        "ARGENT": ["WARNING: 199.00 will be left unspent and lost"],
        "BULLION": ["WARNING: 99.00 will be left unspent and lost"]}
    assert of(result, "ARGENT")["cash"] == 0


def test_step_units_and_min_rate_are_the_parameters() -> None:
    # net -700 at STEP_UNITS 50 -> -14 cents, floored at MIN_RATE 5; -149 -> -2
    result = play(case({"ARGENT": player(), "BULLION": player(), "CROWN": player()},
                       mail("ARGENT", "SELL 500 MARKS"), mail("BULLION", "SELL 200 MARKS"),
                       mail("CROWN", "SELL 149 LIRA"), phase="S1902M",
                       rates=rates_of(MARKS=10), params={"MIN_RATE": 5, "STEP_UNITS": 50}))
    assert rate(result, "MARKS") == 5
    assert rate(result, "LIRA") == 98


def test_cash_is_spent_in_order_and_kept_after_the_first_turn() -> None:
    result = play(case({"ARGENT": player(cash=1234, turns=3),
                        "BULLION": player(cash=999, turns=2),
                        "CROWN": player(cash=0, turns=0)},
                       mail("ARGENT", "NOTRADE"), mail("BULLION", "BUY 3 LIRA"),
                       phase="F1903M", rates=rates_of(LIRA=333), params=SURPLUS))
    assert of(result, "ARGENT")["cash"] == 1234
    assert of(result, "ARGENT")["turns_played"] == 4
    assert of(result, "BULLION")["cash"] == 0
    assert holding(result, "BULLION", "LIRA") == 1003
    assert of(result, "CROWN")["turns_played"] == 1 and of(result, "CROWN")["cash"] == 0
    assert result["warnings"] == {} and result["errors"] == {}
    assert rate(result, "LIRA") == 333


# --- section 4: the per-mail set (D19, D31) -------------------------------------------

def test_a_notrade_mail_replaces_an_earlier_set_with_nothing() -> None:
    result = play(case({"ARGENT": player()},
                       mail("ARGENT", "SELL 100 LIRA", "BUY 100 MARKS"),
                       mail("ARGENT", "NOTRADE"), phase="S1902M"))
    assert result["errors"] == {}
    assert of(result, "ARGENT")["holdings"] == units_of()
    assert of(result, "ARGENT")["turns_played"] == 2
    assert _bourse(result)["rates"] == rates_of()


def test_notrade_counts_the_limit_and_the_buy_sell_conflict_again() -> None:
    result = play(case({"ARGENT": player()},
                       mail("ARGENT", "BUY 10 LIRA", "NOTRADE", "SELL 500 LIRA",
                            "SELL 1 LIRA", "BUY 500 MARKS"), phase="S1902M"))
    assert result["errors"] == {
        "ARGENT": ["SELL 1 LIRA: you may sell at most 500 LIRA this turn"]}
    assert result["warnings"] == {}
    assert of(result, "ARGENT")["holdings"] == units_of(LIRA=500, MARKS=1500)
    assert _bourse(result)["rates"] == rates_of(LIRA=95, MARKS=105)


def test_holdings_count_every_earlier_sale_of_the_mail() -> None:
    result = play(case({"ARGENT": player(LIRA=250)},
                       mail("ARGENT", "SELL 200 LIRA", "SELL 100 LIRA", "SELL 50 LIRA"),
                       phase="S1902M"))
    assert result["errors"] == {"ARGENT": ["SELL 100 LIRA: you hold only 250 LIRA"]}
    assert holding(result, "ARGENT", "LIRA") == 0


def test_currency_names_powers_abbreviations_and_initials() -> None:
    result = play(case({"ARGENT": player()},
                       mail("ARGENT", "SELL 10 ger", "SELL 10 aus", "SELL 10 Rubles",
                            "sell 10 Lire", "SELL 10 e", "SELL 10 Crown",
                            "BUY 55 Piasters", "BUY 5 f"), phase="S1902M"))
    assert result["errors"] == {}
    assert of(result, "ARGENT")["holdings"] == {
        "AUSTRIA": 980, "ENGLAND": 990, "FRANCE": 1005, "GERMANY": 990, "ITALY": 990,
        "RUSSIA": 990, "TURKEY": 1055}
    assert result["warnings"] == {}  # 60.00 raised, 55.00 + 5.00 spent


# --- JOIN and who a mail is from (D14, D15, D24, D32, D34) -----------------------------

def test_a_stranger_joins_mid_mail_and_his_refusals_stay_under_his_address() -> None:
    result = play(case({"ARGENT": player()},
                       _stranger("dan@x.org", "SELL 10 LIRA", "JOIN BOURSE dan_1",
                                 "SELL 600 LIRA", "SELL 100 LIRA", "BUY 50 MARKS"),
                       phase="S1901M"))
    assert result["errors"] == {"dan@x.org": [
        "SELL 10 LIRA: you are not in this Bourse",
        "SELL 600 LIRA: you may sell at most 500 LIRA this turn"]}
    assert result["warnings"] == {"dan@x.org": ["WARNING: 50.00 will be left unspent and lost"]}
    dan = of(result, "DAN_1")
    assert dan["holdings"] == units_of(LIRA=900, MARKS=1050)
    assert dan["cash"] == 0 and dan["turns_played"] == 1
    assert _bourse(result)["rates"] == rates_of(LIRA=99)
    assert dan["net_worth"] == 900 * 99 + 1050 * 100 + 5 * 100000


def test_after_joining_the_address_and_the_pseudonym_both_act_for_the_member() -> None:
    result = play(case({"ARGENT": player()},
                       _stranger("dan@x.org", "JOIN BOURSE dan_1", "SELL 100 LIRA",
                                 "BUY 50 MARKS"),
                       mail("DAN_1", "BUY 0 MARKS"),
                       _stranger("dan@x.org", "NOTRADE", "SELL 20 ROUBLES"),
                       phase="S1901M"))
    assert result["errors"] == {"DAN_1": ["BUY 0 MARKS: number must be at least 1"]}
    assert of(result, "DAN_1")["holdings"] == units_of(ROUBLES=980)
    assert _bourse(result)["rates"] == rates_of()


def test_a_strangers_notrade_and_unreadable_lines_are_refused_as_a_strangers() -> None:
    result = play(case({"ARGENT": player()},
                       _stranger("eve@x.org", "NOTRADE", "hello there", "SELL 1 LIRA"),
                       phase="S1902M"))
    assert result["errors"] == {"eve@x.org": [
        "NOTRADE: you are not in this Bourse",
        "hello there: you are not in this Bourse",
        "SELL 1 LIRA: you are not in this Bourse"]}
    assert set(_bourse(result)["players"]) == {"ARGENT"}


def test_a_member_asking_to_join_again_is_told_so_before_his_pseudonym_is_checked() -> None:
    result = play(case({"ARGENT": player()}, mail("ARGENT", "JOIN BOURSE bad-name")))
    assert result["errors"] == {
        "ARGENT": ["JOIN BOURSE bad-name: you are already in this Bourse"]}


def test_a_spring_joiner_gets_no_eliminated_currency_and_cannot_trade_it() -> None:
    centers = {p: cs for p, cs in C["home_centers"]().items() if p != "AUSTRIA"}
    units = {p: us for p, us in C["starting_units"]().items() if p != "AUSTRIA"}
    result = play(case({}, _stranger("f@x.org", "JOIN BOURSE FOX", "SELL 1 CROWNS"),
                       phase="S1904M", eliminated=["AUSTRIA"], rates=rates_of(CROWNS=0),
                       units=units, centers=centers))
    assert result["errors"] == {
        "f@x.org": ["SELL 1 CROWNS: AUSTRIA is eliminated; its currency is worthless"]}
    fox = of(result, "FOX")
    assert fox["holdings"] == units_of(CROWNS=0)
    assert fox["turns_played"] == 1
    assert fox["net_worth"] == 6 * 100000
    assert _bourse(result)["rates"]["AUSTRIA"] == 0


# --- when a turn is open (spec 3, D16, D23) -------------------------------------------

def _retreat_state() -> dict[str, Any]:
    return {"phase": "S1901R", "units": {"GERMANY": ["A MUN"]},
            "centers": C["home_centers"](),
            "dislodged": {"AUSTRIA": [{"unit": "A BOH", "attacker": "MUN"}]},
            "contested": [],
            "bourse": {"players": {"ARGENT": {**player(), "net_worth": 1}},
                       "rates": rates_of(LIRA=90), "eliminated": []}}


def test_no_turn_at_a_retreat_phase_and_net_worth_is_recomputed_anyway() -> None:
    result = play({**case({}), "state": _retreat_state(),
                   "mails": [mail("ARGENT", "SELL 10 LIRA", "NOTRADE")]})
    assert result["errors"] == {"ARGENT": ["SELL 10 LIRA: no Bourse turn is open",
                                           "NOTRADE: no Bourse turn is open"]}
    assert of(result, "ARGENT")["turns_played"] == 1
    assert of(result, "ARGENT")["net_worth"] == 6 * 100000 + 1000 * 90
    assert result["state"]["phase"] == "F1901M"


def test_a_winter_turn_with_a_joiner_whose_first_turn_forfeits_under_cash_surplus() -> None:
    units = C["starting_units"]()
    units["FRANCE"] = ["F BRE", "A BUR"]
    result = play(case({"ARGENT": player(turns=4, cash=500)},
                       _stranger("w@x.org", "JOIN BOURSE WINTER", "SELL 200 MARKS",
                                 "BUY 100 FRANCS"),
                       phase="W1901A", units=units, orders={"FRANCE": ["BUILD A PAR"]},
                       params={"WINTER_TURNS": True, "CASH_SURPLUS": True}))
    assert result["errors"] == {}
    assert result["warnings"] == {"w@x.org": ["WARNING: 100.00 will be left unspent and lost"]}
    assert result["state"]["phase"] == "S1902M"
    winter = of(result, "WINTER")
    assert winter["holdings"] == units_of(MARKS=800, FRANCS=1100)
    assert (winter["cash"], winter["turns_played"]) == (0, 1)
    assert (of(result, "ARGENT")["cash"], of(result, "ARGENT")["turns_played"]) == (500, 5)
    assert _bourse(result)["rates"] == rates_of(MARKS=98, FRANCS=101)


# --- the host's end (D12, D26, D35) and credits (5.4) ---------------------------------

def test_a_solo_declared_after_a_spring_phase_processes_the_turn_first() -> None:
    result = play(case({"ARGENT": player()},
                       mail("ARGENT", "SELL 100 LIRA", "BUY 100 ROUBLES"),
                       phase="S1902M", host_end="solo"))
    assert result["state"]["phase"] == "F1902M"
    assert of(result, "ARGENT")["turns_played"] == 2
    # home centres: 3 each, RUSSIA 4; LIRA 900 x 3, ROUBLES 1100 x 4, the rest 1000 x 3
    assert result["end"] == {"kind": "solo", "winners": ["ARGENT"],
                             "scores": {"ARGENT": 221.0}}


def test_credits_are_exact_to_the_hundredth() -> None:
    result = play(case({"ARGENT": player(holdings={"ITALY": 1001}),
                        "BULLION": player(holdings={"RUSSIA": 751})},
                       phase="F1904M", host_end="draw"))
    assert result["end"] == {"kind": "draw", "winners": ["BULLION"],
                             "scores": {"ARGENT": 30.03, "BULLION": 30.04}}


def test_a_draw_makes_no_ownership_change_even_at_a_fall_phase() -> None:
    centers = C["home_centers"]()
    centers["AUSTRIA"] = []
    centers["RUSSIA"] = centers["RUSSIA"] + ["BUD", "TRI", "VIE"]
    result = play(case({"ARGENT": player()}, mail("ARGENT", "SELL 5 CROWNS"),
                       phase="F1903M", centers=centers, host_end="draw"))
    assert result["state"]["phase"] == "F1903M"
    assert _bourse(result)["eliminated"] == []
    assert holding(result, "ARGENT", "CROWNS") == 1000
    # credits on the centres shown: AUSTRIA 0, RUSSIA 7, the other five 3 (22 x 1000)
    assert result["end"]["scores"] == {"ARGENT": 220.0}


def test_an_empty_bourse_scored_after_a_solo_has_no_winner() -> None:
    result = play(case({}, phase="S1902M", host_end="solo"))
    assert result["end"] == {"kind": "solo", "winners": [], "scores": {}}
    assert result["state"]["phase"] == "F1902M"


def test_a_payola_host_keeps_its_keys_and_its_fall_change_eliminates() -> None:
    centers = C["home_centers"]()
    centers["AUSTRIA"] = ["VIE"]
    centers["RUSSIA"] = centers["RUSSIA"] + ["BUD", "TRI"]
    units = C["starting_units"]()
    units["AUSTRIA"] = []
    units["RUSSIA"] = [u for u in units["RUSSIA"] if u != "A WAR"] + ["A GAL"]
    state: dict[str, Any] = {
        "phase": "F1903M", "units": units, "centers": centers, "dislodged": {},
        "contested": [], "balances": dict.fromkeys(POWERS, 10), "accept": {},
        "bourse": {"players": {"ARGENT": player()}, "rates": rates_of(), "eliminated": []}}
    given: dict[str, Any] = {
        "id": "pf", "variant": "standard", "game": "payola", "rules": [], "seed": 3,
        "params": {}, "state": state, "offers": {"RUSSIA": ["5 : A GAL - VIE"]},
        "mails": [mail("ARGENT", "SELL 10 MARKS", "BUY 10 CROWNS")]}
    plain = {k: v for k, v in given.items() if k not in ("params", "mails")}
    plain["state"] = {k: v for k, v in state.items() if k != "bourse"}
    host = C["run_case"](plain)
    result = play(given)
    assert {k: v for k, v in result.items() if k not in ("end", "warnings", "state")} == {
        k: v for k, v in host.items() if k != "state"}
    assert {k: v for k, v in result["state"].items() if k != "bourse"} == host["state"]
    assert result["state"]["phase"] == "W1903A"
    # the Fall trade stands at the Fall rates (D22); then CROWNS are worthless
    assert _bourse(result) == {
        "players": {"ARGENT": {"cash": 0, "turns_played": 2, "net_worth": 5 * 100000 + 990 * 100,
                               "holdings": units_of(CROWNS=1010, MARKS=990)}},
        "rates": rates_of(CROWNS=0), "eliminated": ["AUSTRIA"]}
    assert result["end"] is None and result["warnings"] == {}


def _austria_falls() -> dict[str, Any]:
    """Fall 1903: a Russian army takes VIE, AUSTRIA's last centre; no retreats."""
    centers = C["home_centers"]()
    centers["AUSTRIA"] = ["VIE"]
    centers["RUSSIA"] = centers["RUSSIA"] + ["BUD", "TRI"]
    units = C["starting_units"]()
    units["AUSTRIA"] = []
    units["RUSSIA"] = [u for u in units["RUSSIA"] if u != "A WAR"] + ["A GAL"]
    return {"centers": centers, "units": units, "orders": {"RUSSIA": ["A GAL - VIE"]}}


def test_a_fall_joiner_keeps_the_units_of_a_currency_that_fall_eliminates() -> None:
    # he joined while CROWNS still traded, so he got them (D24 is for later joiners)
    result = play(case({}, _stranger("l@x.org", "JOIN BOURSE LATE"), phase="F1903M",
                       **_austria_falls()))
    late = of(result, "LATE")
    assert late["holdings"] == units_of()
    assert late["turns_played"] == 1
    assert late["net_worth"] == 6 * 100000
    assert _bourse(result)["eliminated"] == ["AUSTRIA"]


def test_orders_in_state_bourse_are_no_orders() -> None:
    given = case({"ARGENT": player()}, phase="S1902M")
    given["state"]["bourse"]["orders"] = {"ARGENT": ["SELL 100 LIRA"]}
    result = play(given)
    assert "orders" not in _bourse(result)
    assert of(result, "ARGENT")["holdings"] == units_of()
    assert _bourse(result)["rates"] == rates_of()


def test_an_address_that_joined_acts_for_its_pseudonym_before_a_later_namesake() -> None:
    # docs/bourse.md: BULLION (not a member) joins as ZED, someone else takes BULLION
    result = play(case({}, mail("BULLION", "JOIN BOURSE ZED"),
                       _stranger("x@y.org", "JOIN BOURSE BULLION"),
                       mail("BULLION", "SELL 10 LIRA")))
    assert result["errors"] == {}
    assert holding(result, "ZED", "LIRA") == 990
    assert holding(result, "BULLION", "LIRA") == 1000
