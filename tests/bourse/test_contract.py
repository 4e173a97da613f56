"""market-contract.md section 5: the Bourse beside a standard and a Payola host, the
contract's example, ``host_end``, and what is a whole-case error."""

from __future__ import annotations

import copy
import runpy
from pathlib import Path
from typing import Any

import pytest

from judge.batch import run_case

C = runpy.run_path(str(Path(__file__).with_name("cases.py")))
case, play, mail, player = C["case"], C["play"], C["mail"], C["player"]
units_of, rates_of, holding, of = C["units_of"], C["rates_of"], C["holding"], C["of"]
POWERS = C["POWERS"]


def _host_keys(result: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in result.items() if k not in ("end", "warnings")}
    out["state"] = {k: v for k, v in result["state"].items() if k != "bourse"}
    return out


def test_the_contract_example() -> None:
    given = case({"ARGENT": player(turns=1), "BULLION": player(turns=1)},
                 mail("ARGENT", "SELL 100 LIRA", "BUY 50 MARKS"),
                 mail("carol@example.com", "JOIN BOURSE CROWN"),
                 mail("BULLION", "SELL 501 MARKS"),
                 phase="F1901M", rates=rates_of(MARKS=95, LIRA=110),
                 params={"CASH_SURPLUS": True}, case_id="b-1")
    given["state"]["bourse"]["players"]["ARGENT"]["net_worth"] = 705000
    result = run_case(given)
    assert result["id"] == "b-1"
    assert result["errors"] == {
        "BULLION": ["SELL 501 MARKS: you may sell at most 500 MARKS this turn"]}
    assert result["end"] is None and result["warnings"] == {}
    assert result["state"]["phase"] == "S1902M"
    assert result["state"]["bourse"] == {
        "players": {
            "ARGENT": {"cash": 6250, "turns_played": 2, "net_worth": 704100,
                       "holdings": units_of(MARKS=1050, LIRA=900)},
            "BULLION": {"cash": 0, "turns_played": 2, "net_worth": 704000,
                        "holdings": units_of()},
            "CROWN": {"cash": 0, "turns_played": 1, "net_worth": 704000,
                      "holdings": units_of()}},
        "rates": rates_of(MARKS=95, LIRA=109),
        "eliminated": []}


def test_the_host_plays_as_if_no_bourse_were_there() -> None:
    orders = {"FRANCE": ["A PAR - BUR", "A HOL - BEL"], "GERMANY": ["A MUN - BUR"]}
    given = case({"ARGENT": player()}, mail("ARGENT", "SELL 10 LIRA"), orders=orders)
    plain = copy.deepcopy(given)
    del plain["state"]["bourse"], plain["mails"], plain["params"]
    result = play(given)
    assert _host_keys(result) == run_case(plain)
    assert result["errors"]["FRANCE"]  # the host's own refusal is kept beside the Bourse's
    assert holding(result, "ARGENT", "LIRA") == 990


def test_a_payola_host() -> None:
    state: dict[str, Any] = {
        "phase": "S1901M", "units": C["starting_units"](), "centers": C["home_centers"](),
        "balances": {p: 20 for p in POWERS}, "accept": {"FRANCE": "FRITAGE"},
        "bourse": {"players": {"ARGENT": player(turns=0)}, "rates": rates_of(),
                   "eliminated": []}}
    given: dict[str, Any] = {
        "id": "p", "variant": "standard", "game": "payola", "rules": [], "seed": 7,
        "params": {}, "state": state,
        "offers": {"FRANCE": ["10 ! F BRE - GAS", "15 : A PAR - BUR"],
                   "ENGLAND": ["8 : F BRE - GAS"]},
        "mails": [mail("ARGENT", "SELL 200 PIASTRES", "BUY 200 pounds"),
                  mail("ghost", "BUY 1 LIRA")]}
    plain = copy.deepcopy(given)
    del plain["state"]["bourse"], plain["mails"], plain["params"]
    result = play(given)
    host = run_case(plain)
    assert "error" not in host
    assert _host_keys(result) == {**host, "errors": {
        **host["errors"], "ghost": ["BUY 1 LIRA: you are not in this Bourse"]}}
    assert result["orders"]["A PAR"] == "A PAR - BUR"
    assert result["state"]["balances"] == host["state"]["balances"]
    assert of(result, "ARGENT")["holdings"] == units_of(PIASTRES=800, POUNDS=1200)
    assert result["state"]["bourse"]["rates"] == rates_of(PIASTRES=98, POUNDS=102)


def test_mails_without_to_are_the_bourses_and_mails_to_the_host_are_not() -> None:
    result = play(case({"ARGENT": player()},
                       {"from": "ARGENT", "lines": ["SELL 10 LIRA"]},
                       {"from": "ARGENT", "to": "game", "lines": ["SELL 10 MARKS"]}))
    assert holding(result, "ARGENT", "LIRA") == 990
    assert holding(result, "ARGENT", "MARKS") == 1000


# A solo: France takes its 18th centre (MUN, Germany's last) in Fall 1905.
SOLO_CENTERS = {
    "FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "LON", "EDI", "LVP", "NWY",
               "SWE", "DEN", "KIE", "BER", "TUN", "NAP"],
    "GERMANY": ["MUN"], "ITALY": ["ROM", "VEN"], "AUSTRIA": ["VIE", "BUD", "TRI"],
    "RUSSIA": ["MOS", "SEV", "STP", "WAR", "RUM"],
    "TURKEY": ["ANK", "CON", "SMY", "BUL", "GRE", "SER"],
}


def _solo(host_end: str | None) -> dict[str, Any]:
    return play(case({"ARGENT": player(holdings=units_of(POUNDS=0)),
                      "BULLION": player(holdings={"FRANCE": 1500, "GERMANY": 500})},
                     mail("BULLION", "SELL 500 MARKS", "BUY 500 FRANCS"),
                     phase="F1905M", units={"FRANCE": ["A BUR"]}, centers=SOLO_CENTERS,
                     orders={"FRANCE": ["A BUR - MUN"]}, eliminated=["ENGLAND"],
                     rates=rates_of(POUNDS=0), host_end=host_end))


def test_host_end_solo_processes_the_turn_and_scores_on_the_resulting_centers() -> None:
    result = _solo("solo")
    assert result["victory"] == "FRANCE"
    assert result["state"]["phase"] == "W1905A"
    assert sorted(result["state"]["bourse"]["eliminated"]) == ["ENGLAND", "GERMANY"]
    assert of(result, "BULLION")["holdings"]["FRANCE"] == 2000
    assert of(result, "BULLION")["turns_played"] == 2
    # FRANCE 18, ITALY 2, AUSTRIA 3, RUSSIA 5, TURKEY 6 centres; Germany's MARKS count 0
    assert result["end"] == {"kind": "solo", "winners": ["BULLION"],
                             "scores": {"ARGENT": 340.0, "BULLION": 360.0}}


def test_a_host_victory_without_host_end_does_not_end_the_bourse() -> None:
    result = _solo(None)
    assert result["victory"] == "FRANCE"
    assert result["end"] is None
    assert sorted(result["state"]["bourse"]["eliminated"]) == ["ENGLAND", "GERMANY"]


def test_host_end_draw_discards_the_turn_but_joins_and_refusals_stand() -> None:
    result = play(case({"ARGENT": player()},
                       mail("ARGENT", "SELL 100 LIRA", "BUY 0 MARKS"),
                       mail("new@example.com", "JOIN BOURSE NEW"),
                       phase="F1902M", orders={"FRANCE": ["A PAR - BUR"]}, host_end="draw"))
    assert result["state"]["phase"] == "F1902M"
    assert result["state"]["units"]["FRANCE"] == ["A MAR", "A PAR", "F BRE"]
    assert result["errors"] == {"ARGENT": ["BUY 0 MARKS: number must be at least 1"]}
    assert of(result, "ARGENT")["holdings"] == units_of()
    assert of(result, "NEW")["turns_played"] == 0
    assert result["state"]["bourse"]["rates"] == rates_of()
    # home centres: 3 each (Russia 4) times 1000 units, over 100
    assert result["end"] == {"kind": "draw", "winners": ["ARGENT", "NEW"],
                             "scores": {"ARGENT": 220.0, "NEW": 220.0}}


def test_an_empty_bourse_has_no_winner() -> None:
    result = play(case({}, host_end="draw"))
    assert result["end"] == {"kind": "draw", "winners": [], "scores": {}}


def test_the_elimination_waits_for_the_fall_retreats() -> None:
    # F1903M with a dislodged Austrian army: the change comes only after F1903R
    centers = C["home_centers"]()
    centers["AUSTRIA"] = ["VIE"]
    units = {"AUSTRIA": ["A BOH"], "GERMANY": ["A MUN", "A SIL"], "RUSSIA": ["A GAL"]}
    orders = {"GERMANY": ["A MUN - BOH", "A SIL S A MUN - BOH"], "RUSSIA": ["A GAL - VIE"]}
    fall = play(case({"ARGENT": player()}, phase="F1903M", units=units, centers=centers,
                     orders=orders))
    assert fall["state"]["phase"] == "F1903R"
    assert fall["state"]["bourse"]["eliminated"] == []
    retreat = play({**case({}), "state": fall["state"],
                    "orders": {"AUSTRIA": ["A BOH - TYR"]}})
    assert retreat["state"]["bourse"]["eliminated"] == ["AUSTRIA"]
    assert retreat["state"]["bourse"]["rates"]["AUSTRIA"] == 0
    assert of(retreat, "ARGENT")["turns_played"] == 2  # no turn at a retreat phase


@pytest.mark.parametrize("params", [
    {"STEP_UNITS": 0}, {"MIN_RATE": 0}, {"START_RATE": 1, "MIN_RATE": 2},
    {"SELL_LIMIT": -1}, {"START_UNITS": 0}, {"NO_SUCH": 1}, {"CASH_SURPLUS": "yes"},
    {"STEP_UNITS": True}])
def test_invalid_parameters_are_a_whole_case_error(params: dict[str, Any]) -> None:
    result = run_case(case({"ARGENT": player()}, params=params))
    assert set(result) == {"id", "error"}


@pytest.mark.parametrize("change", [
    lambda c: c["state"].__setitem__("bourse", []),
    lambda c: c["state"]["bourse"]["players"]["ARGENT"]["holdings"].__setitem__("ITALY", -1),
    lambda c: c["state"]["bourse"]["rates"].__setitem__("NARNIA", 100),
    lambda c: c["state"]["bourse"]["rates"].__setitem__("ITALY", 0),
    lambda c: c["state"]["bourse"]["players"]["ARGENT"].__setitem__("cash", 1.5),
    lambda c: c["state"]["bourse"].__setitem__("eliminated", ["ATLANTIS"]),
    lambda c: c.__setitem__("host_end", "maybe"),
    lambda c: c.__setitem__("mails", [{"from": "", "lines": []}]),
    lambda c: c["state"].__setitem__("phase", "X1901"),
])
def test_a_malformed_bourse_case_is_a_whole_case_error(change: Any) -> None:
    given = case({"ARGENT": player()})
    change(given)
    result = run_case(given)
    assert set(result) == {"id", "error"}


def test_missing_keys_default_and_net_worth_in_input_is_ignored() -> None:
    given = case({"argent": {"holdings": {"ITA": 5}, "net_worth": 1}})
    del given["state"]["bourse"]["rates"], given["state"]["bourse"]["eliminated"]
    result = play(given)
    assert of(result, "ARGENT") == {"cash": 0, "turns_played": 1, "net_worth": 500,
                                    "holdings": {**dict.fromkeys(POWERS, 0), "ITALY": 5}}
