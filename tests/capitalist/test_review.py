"""Review cases: capitalist.md and market-contract.md section 4, every expected value
worked out by hand from the spec text (the lots with hashlib, as the conventions say)."""

from __future__ import annotations

import hashlib
import runpy
from pathlib import Path

import pytest

from judge.batch import run_case

G = runpy.run_path(str(Path(__file__).with_name("game.py")))
case, mail, play, accounts, account = G["case"], G["mail"], G["play"], G["accounts"], G["account"]
holdings, refused, follow, NINE = G["holdings"], G["refused"], G["follow"], G["NINE"]
POWERS, HOMES, START = G["POWERS"], G["HOMES"], G["START"]


def lot_winner(seed: int, context: str, names: list[str]) -> str:
    return min(names, key=lambda n: hashlib.sha256(f"{seed}/{context}/{n}".encode()).hexdigest())


def full_keys(state: dict) -> None:
    """Every state key present; every map keyed by power lists all seven (section 4)."""
    for key in ("phase", "units", "centers", "dislodged", "contested", "players", "rates",
                "annihilated", "centers_last", "commanders"):
        assert key in state, key
    assert set(state["rates"]) == set(POWERS)
    assert set(state["centers_last"]) == set(POWERS)
    for account_ in state["players"].values():
        assert set(account_) >= {"sfr", "holdings"}
        assert set(account_["holdings"]) == set(POWERS)


# --- 5.2: one player's trades -------------------------------------------------------


def test_a_purchase_cut_to_nothing_and_a_cheaper_later_one_still_bought() -> None:
    players = accounts(MIDAS=account(sfr=50))
    result = play(case("S1902C", players, [mail("MIDAS", "BUY 10 MARK", "BUY 1 FRANC")],
                       rates={"FRANCE": 40}))
    assert result["warnings"] == {"MIDAS": [
        "WARNING: your purchases cost 10.40 SFr but you will have 0.50 SFr; "
        "they will be reduced as the rules require"]}
    assert holdings(result, "MIDAS")["GERMANY"] == 1000
    assert holdings(result, "MIDAS")["FRANCE"] == 1001
    assert result["state"]["players"]["MIDAS"]["sfr"] == 10
    full_keys(result["state"])


def test_sfr_carried_over_funds_purchases_with_the_sales() -> None:
    # 12.34 + 300 x 0.97 = 303.34; 200 MARK at 1.07 = 214.00 leaves 89.34; LIRA at 0.95:
    # floor(8934 / 95) = 94 units (89.30), 0.04 left
    players = accounts(MIDAS=account(sfr=1234))
    result = play(case("F1902C", players, [
        mail("MIDAS", "SELL 300 RUBEL", "BUY 200 MARK", "BUY 100 LIRA")],
        rates={"RUSSIA": 97, "GERMANY": 107, "ITALY": 95}))
    assert result["warnings"]["MIDAS"] == [
        "WARNING: your purchases cost 309.00 SFr but you will have 303.34 SFr; "
        "they will be reduced as the rules require"]
    assert result["state"]["players"]["MIDAS"] == {"sfr": 4, "holdings": {
        "AUSTRIA": 1000, "ENGLAND": 1000, "FRANCE": 1000, "GERMANY": 1200, "ITALY": 1094,
        "RUSSIA": 700, "TURKEY": 1000}}
    # RUSSIA -300 -> -3; GERMANY +200 -> +2; ITALY +94 -> 0
    assert result["state"]["rates"] == {"AUSTRIA": 100, "ENGLAND": 100, "FRANCE": 100,
                                        "GERMANY": 109, "ITALY": 95, "RUSSIA": 94,
                                        "TURKEY": 100}
    assert result["state"]["phase"] == "F1902M"


def test_no_warning_when_the_funds_exactly_cover_the_purchases() -> None:
    players = accounts(MIDAS=account(sfr=100))
    result = play(case("S1902C", players, [mail("MIDAS", "SELL 100 LIRA", "BUY 101 MARK")]))
    assert result["warnings"] == {}
    assert result["state"]["players"]["MIDAS"]["sfr"] == 0
    assert holdings(result, "MIDAS")["GERMANY"] == 1101


# --- 5.3: the rates -----------------------------------------------------------------


def test_the_market_counts_the_units_executed_not_ordered() -> None:
    # MIDAS can pay for 100 MARK, CROESUS for 50: MARK +150 -> +1, LIRA -150 -> -1
    result = play(case("S1902C", accounts(), [
        mail("MIDAS", "SELL 100 LIRA", "BUY 300 MARK"),
        mail("CROESUS", "SELL 50 LIRA", "BUY 500 MARK"),
    ]))
    assert holdings(result, "MIDAS")["GERMANY"] == 1100
    assert holdings(result, "CROESUS")["GERMANY"] == 1050
    assert result["state"]["rates"]["GERMANY"] == 101
    assert result["state"]["rates"]["ITALY"] == 99


def test_rates_move_by_whole_hundreds_of_the_net_toward_zero() -> None:
    result = play(case("S1901C", accounts(), [
        mail("MIDAS", "SELL 199 LIRA", "SELL 300 RUBEL", "BUY 199 MARK"),
        mail("CROESUS", "SELL 250 POUND", "BUY 250 FRANC"),
        mail("PLUTUS", "SELL 51 FRANC"),
    ]))
    assert result["errors"] == {}
    assert result["state"]["rates"] == {"AUSTRIA": 100, "ENGLAND": 98, "FRANCE": 101,
                                        "GERMANY": 101, "ITALY": 99, "RUSSIA": 97,
                                        "TURKEY": 100}
    sfr = {n: p["sfr"] for n, p in result["state"]["players"].items()}
    assert (sfr["MIDAS"], sfr["CROESUS"], sfr["PLUTUS"]) == (30000, 0, 5100)


def test_the_step_the_sale_limit_and_the_floor_are_parameters() -> None:
    params = {"STEP_UNITS": 50, "SELL_LIMIT": 300, "MIN_RATE": 5}
    result = play(case("S1902C", accounts(), [
        mail("MIDAS", "SELL 301 LIRA", "SELL 120 LIRA"),
        mail("CROESUS", "SELL 300 LIRA"),
    ], rates={"ITALY": 7}, params=params))
    assert refused(result) == {("MIDAS", "SELL 301 LIRA: you may sell at most 300 LIRA this turn")}
    # net -420: 8 whole steps of 50 -> 7 - 8 = -1 -> floor 5
    assert result["state"]["rates"]["ITALY"] == 5
    assert result["state"]["players"]["MIDAS"]["sfr"] == 840
    assert result["state"]["players"]["CROESUS"]["sfr"] == 2100


# --- 4.1, D23, D24, D36: the set a mail builds --------------------------------------


def test_notrade_restarts_the_count_of_the_limit_and_of_the_conflict() -> None:
    result = play(case("S1902C", accounts(), [
        mail("MIDAS", "SELL 400 LIRA", "NOTRADE", "SELL 400 LIRA"),
        mail("CROESUS", "SELL 300 MARK", "BUY 10 MARK", "NOTRADE", "BUY 10 MARK"),
        mail("PLUTUS", "SELL 100 RUBEL"),
        mail("PLUTUS", "SELL 100 LIRA", "no trade"),
    ]))
    assert refused(result) == {
        ("CROESUS", "BUY 10 MARK: you cannot buy and sell MARK in the same turn")}
    assert holdings(result, "MIDAS")["ITALY"] == 600
    assert holdings(result, "CROESUS")["GERMANY"] == 1000  # 10 MARK but no SFr to pay
    assert holdings(result, "PLUTUS")["RUSSIA"] == 1000  # replaced by an empty set
    assert holdings(result, "PLUTUS")["ITALY"] == 1000


def test_a_refused_line_is_not_counted_toward_the_limit() -> None:
    result = play(case("S1902C", accounts(), [
        mail("MIDAS", "SELL 300 LIRA", "SELL 300 LIRA", "SELL 200 LIRA", "SELL 1 LIRA"),
    ]))
    assert refused(result) == {
        ("MIDAS", "SELL 300 LIRA: you may sell at most 500 LIRA this turn"),
        ("MIDAS", "SELL 1 LIRA: you may sell at most 500 LIRA this turn")}
    assert holdings(result, "MIDAS")["ITALY"] == 500


def test_the_holding_limits_the_sales_below_the_sale_limit() -> None:
    players = accounts(MIDAS=account(ITALY=250))
    result = play(case("S1902C", players, [
        mail("MIDAS", "SELL 200 LIRA", "SELL 100 LIRA", "SELL 50 LIRA")]))
    assert refused(result) == {("MIDAS", "SELL 100 LIRA: you hold only 250 LIRA")}
    assert holdings(result, "MIDAS")["ITALY"] == 0
    assert result["state"]["players"]["MIDAS"]["sfr"] == 25000


def test_a_mail_of_refused_lines_keeps_the_earlier_set_even_after_notrade_mail() -> None:
    result = play(case("S1902C", accounts(), [
        mail("MIDAS", "SELL 100 LIRA"),
        mail("MIDAS", "SELL 600 LIRA", "BUY 5 DOLLARS", "HELLO"),
    ]))
    assert len(result["errors"]["MIDAS"]) == 3
    assert holdings(result, "MIDAS")["ITALY"] == 900


@pytest.mark.parametrize(("word", "power"), [
    ("krone", "AUSTRIA"), ("Kronen", "AUSTRIA"), ("aus", "AUSTRIA"), ("a", "AUSTRIA"),
    ("POUNDS", "ENGLAND"), ("eng", "ENGLAND"), ("E", "ENGLAND"), ("England", "ENGLAND"),
    ("francs", "FRANCE"), ("FRA", "FRANCE"), ("f", "FRANCE"),
    ("marks", "GERMANY"), ("Ger", "GERMANY"), ("g", "GERMANY"), ("germany", "GERMANY"),
    ("lire", "ITALY"), ("LIRAS", "ITALY"), ("ita", "ITALY"), ("I", "ITALY"),
    ("rubel", "RUSSIA"), ("RUBELS", "RUSSIA"), ("ruble", "RUSSIA"), ("rUbLeS", "RUSSIA"),
    ("rus", "RUSSIA"), ("r", "RUSSIA"),
    ("piasters", "TURKEY"), ("TUR", "TURKEY"), ("t", "TURKEY"), ("Turkey", "TURKEY"),
])
def test_every_d28_name_of_a_currency(word: str, power: str) -> None:
    result = play(case("S1902C", accounts(), [mail("MIDAS", f"sell 10 {word}")]))
    assert result["errors"] == {}
    assert holdings(result, "MIDAS")[power] == 990


# --- 5.4, D26, D27: the commanders --------------------------------------------------


def test_commanders_from_the_holdings_after_the_trades_ties_by_lot() -> None:
    players = {n: account(each=0) for n in NINE}
    players["MIDAS"] = account(each=0, sfr=1000, GERMANY=1000)
    players["CROESUS"] = account(each=0, GERMANY=1010)
    players["PLUTUS"] = account(each=0, FRANCE=5)
    result = play(case("F1903C", players, [mail("MIDAS", "BUY 10 MARK")], seed=7,
                       commanders={"ITALY": "RICHIE"}))
    expected = lot_winner(7, "F1903C/COMMAND/GERMANY", ["MIDAS", "CROESUS"])
    assert result["state"]["commanders"] == {"GERMANY": expected, "FRANCE": "PLUTUS"}
    assert result["state"]["phase"] == "F1903M"


def test_the_lot_is_drawn_afresh_with_each_commerce_phase() -> None:
    names = ["MIDAS", "CROESUS"]
    players = {n: account(each=0, ENGLAND=1) for n in NINE}
    players["MIDAS"] = account(each=0, TURKEY=700)
    players["CROESUS"] = account(each=0, TURKEY=700)
    for phase in ("S1901C", "F1901C", "S1902C", "F1907C"):
        for seed in (0, 5, 123456):
            result = play(case(phase, players, seed=seed))
            want = lot_winner(seed, f"{phase}/COMMAND/TURKEY", names)
            assert result["state"]["commanders"]["TURKEY"] == want
            ninefold = lot_winner(seed, f"{phase}/COMMAND/ENGLAND", list(NINE[2:]))
            assert result["state"]["commanders"]["ENGLAND"] == ninefold


def test_an_annihilated_power_gets_no_commander_even_if_held() -> None:
    result = play(case("F1902C", accounts(), rates={"AUSTRIA": 0}, annihilated=["AUSTRIA"],
                       centers_last={"AUSTRIA": 0},
                       units={p: u for p, u in START.items() if p != "AUSTRIA"},
                       centers={p: c for p, c in HOMES.items() if p != "AUSTRIA"}))
    assert set(result["state"]["commanders"]) == set(POWERS) - {"AUSTRIA"}
    assert result["state"]["rates"]["AUSTRIA"] == 0
    assert holdings(result, "MIDAS")["AUSTRIA"] == 1000


# --- 4.2, D30, D37, D38: military mail ----------------------------------------------


def test_as_names_a_power_by_initial_or_abbreviation_and_keys_use_the_full_name() -> None:
    result = play(case("S1901M", accounts(), [
        mail("MIDAS", "A MUN - RUH", power="g"),
        mail("MIDAS", "A PAR - BUR", power="Fra"),
        mail("CROESUS", "F LON - NTH", power="e"),
    ], commanders={"GERMANY": "MIDAS", "FRANCE": "MIDAS", "ENGLAND": "PLUTUS"}))
    assert refused(result) == {
        ("CROESUS/ENGLAND", "F LON - NTH: you do not command ENGLAND this season")}
    units = result["state"]["units"]
    assert "A RUH" in units["GERMANY"] and "A BUR" in units["FRANCE"]
    assert "F LON" in units["ENGLAND"]
    assert result["state"]["phase"] == "F1901C"
    assert result["state"]["commanders"] == {}


def test_a_power_without_commander_holds_and_refuses_everyone() -> None:
    result = play(case("F1902M", accounts(), [mail("MIDAS", "A PAR - BUR", power="FRANCE")],
                       commanders={"GERMANY": "MIDAS"}))
    assert refused(result) == {
        ("MIDAS/FRANCE", "A PAR - BUR: you do not command FRANCE this season")}
    assert "A PAR" in result["state"]["units"]["FRANCE"]


def test_a_stranger_in_the_winter_is_refused_and_the_phase_goes_on() -> None:
    result = play(case("W1902A", accounts(), [
        mail("ZEUS", "BUILD A PAR", power="FRANCE"),
        mail("MIDAS", "BUILD A PAR", power="FRANCE"),
    ], units={**START, "FRANCE": ["F BRE"]}, commanders={"FRANCE": "MIDAS"}))
    assert refused(result) == {("ZEUS/FRANCE", "BUILD A PAR: ZEUS is not a player in this game")}
    assert set(result["state"]["units"]["FRANCE"]) == {"F BRE", "A PAR"}
    assert result["state"]["phase"] == "S1903C"
    assert result["state"]["commanders"] == {}


# --- 3.1, 5.5, D17-D20, D29, D33, D35: the year-end ---------------------------------


def test_the_bonus_is_on_the_change_since_centers_last_gains_and_losses_offset() -> None:
    # every unit holds at home: centres now are the home centres
    rates = {"GERMANY": 120, "FRANCE": 95, "RUSSIA": 3, "TURKEY": 2, "ITALY": 150}
    last = {"GERMANY": 5, "FRANCE": 1, "RUSSIA": 4, "TURKEY": 4, "ITALY": 3}
    commanders = {"GERMANY": "MIDAS", "FRANCE": "CROESUS"}
    result = play(case("F1903M", accounts(), rates=rates, centers_last=last,
                       commanders=commanders))
    state = result["state"]
    # GERMANY 3 - 5 = -2: floor(120 x 90 / 100) = 108; FRANCE +2: floor(95 x 1.10) = 104;
    # RUSSIA 0: 3; TURKEY -1: floor(1.9) = 1; ITALY 0: 150
    assert state["rates"] == {"AUSTRIA": 100, "ENGLAND": 100, "FRANCE": 104,
                              "GERMANY": 108, "ITALY": 150, "RUSSIA": 3, "TURKEY": 1}
    assert state["centers_last"] == {p: len(HOMES[p]) for p in POWERS}
    assert state["annihilated"] == []
    # nobody has anything to adjust: W1903A is skipped, commanders go (D18)
    assert state["phase"] == "S1904C"
    assert state["commanders"] == {}
    assert result["end"] is None
    full_keys(state)


def test_a_power_with_no_center_is_annihilated_and_its_commander_stays_for_w() -> None:
    units = {**START, "AUSTRIA": ["A GAL"]}
    centers = {p: c for p, c in HOMES.items() if p != "AUSTRIA"}
    commanders = {"AUSTRIA": "MIDAS", "GERMANY": "CROESUS"}
    result = play(case("F1903M", accounts(), units=units, centers=centers,
                       rates={"AUSTRIA": 150}, centers_last={"AUSTRIA": 2},
                       commanders=commanders))
    state = result["state"]
    assert state["annihilated"] == ["AUSTRIA"]
    assert state["rates"]["AUSTRIA"] == 0
    assert state["centers_last"]["AUSTRIA"] == 0
    assert state["phase"] == "W1903A"
    assert state["commanders"] == commanders
    # the fall commander removes the unit (or civil disorder does)
    winter = play(follow(result, [mail("MIDAS", "REMOVE A GAL", power="AUSTRIA")]))
    assert winter["errors"] == {}
    assert not winter["state"]["units"].get("AUSTRIA")
    assert winter["state"]["phase"] == "S1904C"
    assert winter["state"]["commanders"] == {}
    assert winter["state"]["annihilated"] == ["AUSTRIA"]
    spring = play(follow(winter, [mail("CROESUS", "BUY 1 KRONEN")]))
    assert refused(spring) == {
        ("CROESUS", "BUY 1 KRONEN: AUSTRIA is annihilated; its currency cannot be traded")}
    assert "AUSTRIA" not in spring["state"]["commanders"]


def test_the_year_end_waits_for_the_fall_retreats() -> None:
    units = {**START, "FRANCE": ["A BUR", "F BRE", "A PAR"], "GERMANY": ["A MUN", "A RUH"]}
    commanders = {"GERMANY": "MIDAS", "FRANCE": "CROESUS"}
    rates = {"GERMANY": 150, "FRANCE": 90}
    last = {"GERMANY": 2, "FRANCE": 3}
    moved = play(case("F1915M", accounts(), [
        mail("MIDAS", "A MUN - BUR", "A RUH S A MUN - BUR", power="GERMANY")],
        units=units, rates=rates, centers_last=last, commanders=commanders))
    state = moved["state"]
    assert state["phase"] == "F1915R"
    assert moved["end"] is None  # the year-end comes after the retreats (D17)
    assert state["rates"]["GERMANY"] == 150 and state["centers_last"]["GERMANY"] == 2
    assert state["commanders"] == commanders
    ended = play(follow(moved, [mail("CROESUS", "A BUR - PIC", power="FRANCE")]))
    state = ended["state"]
    # GERMANY 3 - 2 = +1: floor(150 x 1.05) = 157; FRANCE 3 - 3 = 0
    assert state["rates"]["GERMANY"] == 157 and state["rates"]["FRANCE"] == 90
    assert state["centers_last"]["GERMANY"] == 3
    assert ended["end"]["kind"] == "end_year"
    # GERMANY 2 units on 3 centres, KIE vacant: W1915A would be held, commanders kept
    assert state["phase"] == "W1915A"
    assert state["commanders"] == commanders
    assert ended["end"]["scores"] == dict.fromkeys(NINE, 220)


def test_a_lowered_end_year_and_a_year_beyond_it_end_the_game() -> None:
    for phase, params in (("F1903M", {"END_YEAR": 1903}), ("F1904M", {"END_YEAR": 1903})):
        result = play(case(phase, accounts(), params=params))
        assert result["end"]["kind"] == "end_year"
        assert result["state"]["phase"] == f"S{int(phase[1:5]) + 1}C"
    assert play(case("F1902M", accounts(), params={"END_YEAR": 1903}))["end"] is None
    # the spring and the commerce phases never end the game
    assert play(case("S1916M", accounts()))["end"] is None
    assert play(case("F1916C", accounts()))["end"] is None


def test_a_solo_with_victory_scs_and_point_block_as_parameters() -> None:
    centers = {**HOMES, "FRANCE": ["BRE", "PAR", "MAR", "SPA", "POR"]}
    players = {n: account(each=0) for n in NINE}
    players["MIDAS"] = account(each=0, FRANCE=149, ITALY=100)
    players["CROESUS"] = account(each=0, sfr=10**6, FRANCE=160)
    players["PLUTUS"] = account(each=0, ENGLAND=99)
    params = {"VICTORY_SCS": 5, "POINT_BLOCK": 50}
    result = play(case("F1902M", players, centers=centers, params=params,
                       commanders={"FRANCE": "CROESUS"}))
    end = result["end"]
    assert end["kind"] == "solo"
    # POINT_BLOCK 50: MIDAS 2 x 5 + 2 x 3 = 16, CROESUS 3 x 5 = 15, PLUTUS 1 x 3 = 3
    assert end["scores"] == {**dict.fromkeys(NINE, 0), "MIDAS": 16, "CROESUS": 15,
                             "PLUTUS": 3}
    assert end["winners"] == ["MIDAS"]
    # FRANCE owns 5 centres but its homes are all occupied: nothing to build, W skipped
    assert result["state"]["phase"] == "S1903C"
    assert result["state"]["commanders"] == {}
    assert result["state"]["rates"]["FRANCE"] == 110


def test_a_solo_in_the_end_year_is_a_solo() -> None:
    centers = {**HOMES, "FRANCE": ["BRE", "PAR", "MAR", "SPA", "POR"]}
    result = play(case("F1915M", accounts(), centers=centers, params={"VICTORY_SCS": 5}))
    assert result["end"]["kind"] == "solo"


# --- section 6, D32: whole-case errors ----------------------------------------------


@pytest.mark.parametrize("phase", ["S1901C", "S1901M", "F1903R", "W1904A"])
def test_the_player_bounds_are_checked_in_every_phase(phase: str) -> None:
    twelve = accounts(NINE + ("ONE", "TWO", "THREE"))
    result = run_case(case(phase, twelve, params={"MAX_PLAYERS": 11}))
    assert result["error"] == "Capitalist Diplomacy needs 9 to 11 players"
    result = run_case(case(phase, accounts(NINE[:8])))
    assert result["error"] == "Capitalist Diplomacy needs 9 to 12 players"


@pytest.mark.parametrize("params", [
    {"STEP_UNITS": 0}, {"POINT_BLOCK": 0}, {"MIN_RATE": 0}, {"START_RATE": 0},
    {"MIN_PLAYERS": 10, "MAX_PLAYERS": 9}, {"STEP_UNITS": 1.5}, {"SELL_LIMIT": "500"},
])
def test_impossible_parameters_are_whole_case_errors(params: dict) -> None:
    result = run_case(case("S1901C", accounts(), params=params))
    assert set(result) == {"id", "error"}


# --- docs/capitalist.md decisions 15 and 16 -----------------------------------------


def test_each_mail_orders_only_the_power_it_is_signed_on_as() -> None:
    result = play(case("S1901M", accounts(), [
        mail("MIDAS", "A PAR - BUR", "A MUN - RUH", power="FRANCE"),
    ], commanders={"FRANCE": "MIDAS", "GERMANY": "MIDAS"}))
    assert [t.split(":")[0] for t in result["errors"]["MIDAS/FRANCE"]] == ["A MUN - RUH"]
    assert "A BUR" in result["state"]["units"]["FRANCE"]
    assert "A MUN" in result["state"]["units"]["GERMANY"]


def test_a_mail_of_refused_lines_gets_no_warning_and_keeps_the_warned_set() -> None:
    result = play(case("S1902C", accounts(), [
        mail("MIDAS", "BUY 10 MARK"), mail("MIDAS", "SELL 501 LIRA")]))
    assert result["warnings"] == {"MIDAS": [
        "WARNING: your purchases cost 10.00 SFr but you will have 0.00 SFr; "
        "they will be reduced as the rules require"]}
    assert len(result["errors"]["MIDAS"]) == 1
    assert holdings(result, "MIDAS")["GERMANY"] == 1000


def test_a_line_is_normalised_before_it_is_read_and_refused_as_received() -> None:
    result = play(case("S1902C", accounts(), [
        mail("MIDAS", "1. SELL 100 LIRA.", "\u2022 BUY 10 MARK", "SELL \u22125 RUBEL")]))
    assert refused(result) == {("MIDAS", "SELL \u22125 RUBEL: number must be at least 1")}
    assert holdings(result, "MIDAS")["ITALY"] == 900
    assert holdings(result, "MIDAS")["GERMANY"] == 1010
