"""A reviewer's cases, each worked out by hand from shareholders.md and market-contract.md
section 3 (not by running the code): the edges the scenario tests leave open."""

from __future__ import annotations

from typing import Any

import pytest

from tests.shareholders.cases import (
    HOMES,
    POWERS,
    cash,
    ccash,
    country,
    mail,
    office,
    play,
    refused,
    shares,
    start,
    state,
)


def people(**holdings: Any) -> dict[str, Any]:
    """ANN, BEN and CID (and anyone named), $0 and no share unless told:
    ``ANN=(cash, {country: n})``."""
    out = {n: {"cash": 0, "shares": {}} for n in ("ANN", "BEN", "CID")}
    for name, (money, held) in holdings.items():
        out[name] = {"cash": money, "shares": held}
    return out


def units(result: dict[str, Any], power: str) -> list[str]:
    return sorted(result["state"]["units"][power])


# --- starting a game and the player-count bounds (spec 6, D28, D40) ---------------------


@pytest.mark.parametrize(("count", "each"), [(5, 2520), (6, 2100), (8, 1575), (9, 1400)])
def test_every_count_from_three_to_ten_shares_12600(count: int, each: int) -> None:
    r = start(*[f"P{i}" for i in range(count)])
    assert {p["cash"] for p in r["state"]["players"].values()} == {each}
    assert r["state"]["phase"] == "W1900D" and r["errors"] == {} and r["end"] is None
    assert all(r["state"]["units"][p] == [] for p in POWERS)
    assert "net_worth" not in r


def test_start_checks_the_gm_bounds_in_order() -> None:
    assert start("A", "B", "C", "D", params={"MIN_PLAYERS": 5})["error"] == \
        "at least 5 players are needed"
    # more than MAX_PLAYERS is named before the division test (D28)
    assert start("A", "B", "C", "D", params={"MAX_PLAYERS": 3, "TOTAL_CASH": 1001})["error"] \
        == "at most 3 players may play"
    assert start("A", "B", "C", params={"TOTAL_CASH": 1000})["error"] == \
        "total cash does not divide equally among 3 players"
    r = start("A", "B", "C", params={"TOTAL_CASH": 999, "PRICE_BONUS": 50})
    assert r["state"]["players"]["A"]["cash"] == 333
    assert r["prices"]["FRANCE"] == 350 and r["prices"]["RUSSIA"] == 450


def test_a_state_case_outside_the_bounds_is_a_whole_case_error() -> None:
    two = state("W1901D", people())
    del two["players"]["CID"]
    assert "error" in play(two)
    eleven = state("S1902M", {f"P{i}": {"cash": 0, "shares": {}} for i in range(11)},
                   units={"FRANCE": ["A PAR"]})
    assert "error" in play(eleven)
    # a raised maximum lets eleven play on; the division test is only made at the start
    r = play(eleven, params={"MAX_PLAYERS": 11})
    assert "error" not in r and r["state"]["phase"] == "F1902M"


def test_an_impossible_parameter_is_a_whole_case_error() -> None:
    given = state("W1901D", people())
    assert "error" in play(given, params={"MIN_PLAYERS": 4, "MAX_PLAYERS": 3})
    assert "error" in play(given, params={"NO_SUCH_PARAMETER": 1})
    assert "error" in play(given, params={"UPKEEP": -40})


# --- January: dealing at the opening prices, offices (3.1, 4.1, 5.1, 5.2) ----------------


def test_an_incumbent_tied_with_a_newcomer_directs_alone() -> None:
    # Last year ANN and CID were Codirectors. ANN 5 and BEN 5 tie, CID 3 is out of the
    # tie: of the tied, only ANN held office -> ANN is Director.
    given = state("W1902D", people(ANN=(0, {"FRANCE": 5}), BEN=(0, {"FRANCE": 5}),
                                   CID=(0, {"FRANCE": 3})),
                  {"FRANCE": country(office=("ANN", "CID"), last_office=("BEN",))})
    r = play(given)
    assert office(r, "FRANCE") == ["ANN"]
    assert r["state"]["countries"]["FRANCE"]["last_office"] == ["ANN", "CID"]


def test_a_purchase_that_overtakes_the_director_takes_the_office() -> None:
    # FRANCE price: 3 centres, no unit, revenue kept -> 300 + 100 = 400.
    given = state("W1902D", people(ANN=(0, {"FRANCE": 5}), BEN=(400, {"FRANCE": 5})),
                  {"FRANCE": country(office=("ANN",), revenue_last=240)})
    r = play(given, mail("BEN", "BUY 1 F"))
    assert shares(r, "BEN") == {"FRANCE": 6} and cash(r, "BEN") == 0  # cost == cash: bought
    assert office(r, "FRANCE") == ["BEN"]


def test_a_country_sold_out_has_no_office_holder() -> None:
    # ITALY price: 3 centres + 1 unit, dividend paid last February -> 400, no bonus.
    given = state("W1902D", people(ANN=(10, {"ITALY": 2})),
                  {"ITALY": country(office=("ANN",), revenue_last=240, dividend_last=True)},
                  units={"ITALY": ["A ROM"]})
    r = play(given, mail("ANN", "SELL 2 ITALY"))
    assert cash(r, "ANN") == 810 and shares(r, "ANN") == {}
    assert office(r, "ITALY") == [] and r["state"]["countries"]["ITALY"]["last_office"] == ["ANN"]
    assert "prices" not in r and r["state"]["phase"] == "W1902A"


def test_d4_selling_and_buying_one_country_at_one_price() -> None:
    # GERMANY: 3 centres + 2 units, revenue 240 kept -> 600. Proceeds 1,200 pay for 2.
    given = state("W1902D", people(ANN=(0, {"GERMANY": 2})),
                  {"GERMANY": country(office=("ANN",), revenue_last=240)},
                  units={"GERMANY": ["A MUN", "F KIE"]})
    r = play(given, mail("ANN", "SELL 2 GERMANY", "BUY 2 GER"))
    assert cash(r, "ANN") == 0 and shares(r, "ANN") == {"GERMANY": 2}


def test_d12_worthless_and_nearly_worthless_shares() -> None:
    # TURKEY: no centre, no unit -> 0, cannot be bought. AUSTRIA: no centre, one unit,
    # no revenue -> 100, on sale.
    given = state("W1902D", people(BEN=(150, {})), units={"AUSTRIA": ["A GAL"]},
                  centers={**HOMES, "TURKEY": [], "AUSTRIA": []})
    r = play(given, mail("BEN", "BUY 1 TURKEY", "BUY 1 AUSTRIA"))
    assert refused(r) == {("BEN", "BUY 1 TURKEY")}
    assert shares(r, "BEN") == {"AUSTRIA": 1} and cash(r, "BEN") == 50
    assert office(r, "AUSTRIA") == ["BEN"] and office(r, "TURKEY") == []


def test_d37_a_mail_of_sale_and_notrade_empties_the_earlier_set() -> None:
    given = state("W1902D", people(ANN=(1000, {"FRANCE": 3})))
    r = play(given, mail("ANN", "BUY 1 ENGLAND"), mail("ANN", "SELL 1 FRANCE", "NOTRADE"))
    assert r["errors"] == {}
    assert cash(r, "ANN") == 1000 and shares(r, "ANN") == {"FRANCE": 3}


def test_d22_a_wholly_refused_mail_keeps_the_earlier_set() -> None:
    # FRANCE 300 (3 centres, nothing else): the first mail's sale stands.
    given = state("W1902D", people(ANN=(0, {"FRANCE": 3})))
    r = play(given, mail("ANN", "SELL 3 FRANCE"),
             mail("ANN", "SELL 4 FRANCE", "BUY 0 ENGLAND", "DIVIDEND", "A PAR - BUR"))
    assert refused(r) == {("ANN", line) for line in
                          ("SELL 4 FRANCE", "BUY 0 ENGLAND", "DIVIDEND", "A PAR - BUR")}
    assert cash(r, "ANN") == 900 and shares(r, "ANN") == {}


def test_the_sale_limit_follows_max_sell() -> None:
    given = state("W1902D", people(ANN=(0, {"FRANCE": 8})))
    r = play(given, mail("ANN", "SELL 8 FRANCE"), params={"MAX_SELL": 8})
    assert r["errors"] == {} and cash(r, "ANN") == 2400
    r = play(given, mail("ANN", "SELL 6 FRANCE"))
    assert refused(r) == {("ANN", "SELL 6 FRANCE")}


# --- February: dividend, upkeep, builds, Codirectors (3.1, 5.3-5.6) ---------------------


def test_a_dividend_that_does_not_divide_evenly() -> None:
    # GERMANY: income 240, H = 5 + 2 = 7, d = 34: ANN +170, BEN +68, 2 kept.
    given = state("W1902A", people(ANN=(0, {"GERMANY": 5}), BEN=(0, {"GERMANY": 2})),
                  {"GERMANY": country(10, office=("ANN",))}, units={"ITALY": ["A ROM"]})
    r = play(given, mail("ANN", "DIVIDEND", as_="GERMANY"))
    assert cash(r, "ANN") == 170 and cash(r, "BEN") == 68
    assert ccash(r, "GERMANY") == 12
    assert r["state"]["countries"]["GERMANY"]["revenue_last"] == 240
    assert r["state"]["countries"]["GERMANY"]["dividend_last"] is True
    # ITALY has no office holder: income kept, $40 upkeep for A ROM
    assert ccash(r, "ITALY") == 200
    assert r["state"]["phase"] == "S1903M" and "prices" not in r and "fees" not in r


def test_d21_a_fleet_that_cannot_reach_an_owned_home_center_goes_first() -> None:
    # AUSTRIA owns only VIE: income 80, four units cost 160 -> keep 2. F ADR can reach
    # no inland centre (farthest); the three armies are 1 move from VIE: BOH goes first.
    given = state("W1902A", people(), units={"AUSTRIA": ["F ADR", "A GAL", "A BOH", "A TYR"]},
                  centers={"AUSTRIA": ["VIE"]})
    r = play(given)
    assert units(r, "AUSTRIA") == ["A GAL", "A TYR"] and ccash(r, "AUSTRIA") == 0


def test_d21_armies_count_seas_and_fleets_go_first_at_equal_distance() -> None:
    # ENGLAND owns only LON: keep 2 of 4. F BAR is 3 moves away (BAR-NWG-NTH-LON);
    # F NWG and A NWY are 2 (an army crosses NTH as if convoyed): the fleet goes first.
    given = state("W1902A", people(),
                  units={"ENGLAND": ["A NWY", "A WAL", "F BAR", "F NWG"]},
                  centers={"ENGLAND": ["LON"]})
    r = play(given)
    assert units(r, "ENGLAND") == ["A NWY", "A WAL"] and ccash(r, "ENGLAND") == 0


def test_d19_not_owned_is_reported_before_occupied() -> None:
    # FRANCE owns MAR and BRE only; GERMANY owns PAR and stands there.
    given = state("W1902A", people(ANN=(0, {"FRANCE": 1})),
                  {"FRANCE": country(500, office=("ANN",))},
                  units={"GERMANY": ["A PAR"]},
                  centers={"FRANCE": ["MAR", "BRE"], "GERMANY": ["BER", "KIE", "MUN", "PAR"]})
    r = play(given, mail("ANN", "BUILD A PAR", "BUILD F BRE", "BUILD A MAR", as_="FRANCE"))
    assert r["builds"] == {"FRANCE": [["A PAR", "not owned"], ["F BRE", "built"],
                                      ["A MAR", "built"]]}
    assert ccash(r, "FRANCE") == 500 + 160 - 400
    assert ccash(r, "GERMANY") == 320 - 40


def test_d25_a_build_listed_twice_by_the_first_codirector() -> None:
    given = state("W1902A", people(BEN=(0, {"ITALY": 2}), CID=(0, {"ITALY": 2})),
                  {"ITALY": country(500, office=("BEN", "CID"))})
    r = play(given,
             mail("CID", "BUILD F NAP", "BUILD A ROM", as_="ITALY"),
             mail("BEN", "BUILD A ROM", "BUILD A ROM", "BUILD F NAP", as_="ITALY"))
    assert r["builds"] == {"ITALY": [["A ROM", "built"], ["A ROM", "occupied"],
                                     ["F NAP", "built"]]}
    assert ccash(r, "ITALY") == 500 + 240 - 400


def test_codirectors_dissolve_only_what_both_ordered() -> None:
    # FRANCE (ANN, CID): only A PAR is dissolved (free); A MAR pays $40.
    given = state("W1902A", people(ANN=(0, {"FRANCE": 2}), CID=(0, {"FRANCE": 2})),
                  {"FRANCE": country(0, office=("ANN", "CID"))},
                  units={"FRANCE": ["A PAR", "A MAR"]})
    r = play(given, mail("ANN", "DISSOLVE A PAR", "DISSOLVE A MAR", as_="FRANCE"),
             mail("CID", "REMOVE PAR", as_="FRANCE"))
    assert r["errors"] == {}
    assert units(r, "FRANCE") == ["A MAR"] and ccash(r, "FRANCE") == 200


def test_d22_a_codirectors_refused_second_mail_keeps_his_first() -> None:
    given = state("W1902A", people(BEN=(0, {"ITALY": 2}), CID=(0, {"ITALY": 2})),
                  {"ITALY": country(0, office=("BEN", "CID"))})
    r = play(given,
             mail("BEN", "DIVIDEND", "BUILD A ROM", as_="ITALY"),
             mail("CID", "DIVIDEND", "BUILD A ROM", as_="ITALY"),
             mail("CID", "BUILD A LON", "DISSOLVE A ROM", as_="ITALY"))
    assert refused(r) == {("CID/ITALY", "BUILD A LON"), ("CID/ITALY", "DISSOLVE A ROM")}
    # d = 240 / 4 = 60: each +120, nothing kept; then no cash for the build
    assert cash(r, "BEN") == 120 and cash(r, "CID") == 120
    assert r["builds"] == {"ITALY": [["A ROM", "insufficient cash"]]}
    assert ccash(r, "ITALY") == 0


def test_d27_an_empty_february_ends_the_year_and_end_year_can_end_the_game() -> None:
    # No unit and no build: Spring and Fall 1903 are skipped, the 1903 year-end runs.
    given = state("W1902A", people(ANN=(100, {"RUSSIA": 1}), BEN=(100, {})),
                  {"RUSSIA": country(0, office=("ANN",))})
    r = play(given, params={"END_YEAR": 1903})
    # RUSSIA: 4 centres, revenue 320 kept -> 500; the others 300 + 100 = 400.
    assert r["state"]["phase"] == "W1903D"
    assert r["prices"]["RUSSIA"] == 500 and r["prices"]["FRANCE"] == 400
    assert r["net_worth"] == {"ANN": 600, "BEN": 100, "CID": 0}
    assert r["end"] == {"kind": "end_year", "winners": ["ANN"],
                        "scores": {"ANN": 600, "BEN": 100, "CID": 0}}
    assert r["builds"] == {}


# --- movement: fees and agreement (5.3, 5.7, D26, D33, D34) -----------------------------


ENGLISH = {"ENGLAND": ["A YOR", "F NTH", "F ENG", "A LON"]}
ENGLISH_ORDERS = ("A YOR - NWY", "F NTH C A YOR - NWY", "F ENG S A LON", "A LON - WAL")


@pytest.mark.parametrize(("money", "paid", "kept"), [
    (60, 60, ENGLISH_ORDERS),
    (25, 20, ("A YOR H", "F NTH C A YOR - NWY", "F ENG S A LON", "A LON H")),
    (15, 10, ("A YOR H", "F NTH H", "F ENG S A LON", "A LON H")),
    (9, 0, ("A YOR H", "F NTH H", "F ENG H", "A LON H")),
])
def test_fees_cancel_moves_then_convoys_then_supports(money: int, paid: int,
                                                      kept: tuple[str, ...]) -> None:
    given = state("S1902M", people(ANN=(0, {"ENGLAND": 1})),
                  {"ENGLAND": country(money, office=("ANN",))}, units=ENGLISH)
    r = play(given, mail("ANN", *ENGLISH_ORDERS, as_="ENGLAND"))
    assert r["orders"] == {o.split(" ")[0] + " " + o.split(" ")[1]: o for o in kept}
    assert r["fees"] == ({"ENGLAND": paid} if paid else {})
    assert ccash(r, "ENGLAND") == money - paid


def test_d26_a_free_move_is_cancelled_in_its_turn() -> None:
    # MOVE_FEE 0: F = 10 > 5. The move is cancelled first (F stays 10), then the support.
    given = state("S1902M", people(ANN=(0, {"FRANCE": 1})),
                  {"FRANCE": country(5, office=("ANN",))}, units={"FRANCE": ["A PAR", "A MAR"]})
    r = play(given, mail("ANN", "A PAR - BUR", "A MAR S A PAR - BUR", as_="FRANCE"),
             params={"MOVE_FEE": 0})
    assert r["orders"] == {"A PAR": "A PAR H", "A MAR": "A MAR H"}
    assert r["fees"] == {} and ccash(r, "FRANCE") == 5
    assert units(r, "FRANCE") == ["A MAR", "A PAR"]


def test_d33_codirectors_agree_through_case_spacing_move_and_aliases() -> None:
    given = state("S1902M", people(ANN=(0, {"FRANCE": 2}), CID=(0, {"FRANCE": 2})),
                  {"FRANCE": country(100, office=("ANN", "CID"))},
                  units={"FRANCE": ["A PAR", "F BRE", "A MAR"]})
    r = play(given,
             mail("CID", "a par-bur", "F BRE - MAO", "A MAR - GAS", as_="FRANCE"),
             mail("ANN", "A PAR MOVE BUR", "F  BRE - MID", "A MAR - SPA", as_="FRANCE"))
    assert r["orders"] == {"A PAR": "A PAR - BUR", "F BRE": "F BRE - MAO", "A MAR": "A MAR H"}
    assert r["fees"] == {"FRANCE": 40} and ccash(r, "FRANCE") == 60
    assert units(r, "FRANCE") == ["A BUR", "A MAR", "F MAO"]


def test_d34_a_coast_to_coast_army_move_is_an_order_and_pays() -> None:
    # No fleet carries it: accepted (by sea between two coasts), $20, no convoy.
    # A support of a move its unit cannot make is accepted too, and pays $10.
    given = state("S1902M", people(ANN=(0, {"FRANCE": 1})),
                  {"FRANCE": country(100, office=("ANN",))},
                  units={"FRANCE": ["A BRE", "A BUR", "A MAR"]})
    r = play(given, mail("ANN", "A BRE - LON", "A BUR S A MAR - MUN", as_="FRANCE"))
    assert r["errors"] == {}
    assert r["orders"] == {"A BRE": "A BRE - LON", "A BUR": "A BUR S A MAR - MUN",
                           "A MAR": "A MAR H"}
    assert r["fees"] == {"FRANCE": 30} and ccash(r, "FRANCE") == 70
    assert units(r, "FRANCE") == ["A BRE", "A BUR", "A MAR"]


def test_a_country_without_office_holder_pays_nothing_while_others_pay() -> None:
    given = state("F1902M", people(ANN=(0, {"FRANCE": 1})),
                  {"FRANCE": country(100, office=("ANN",)), "GERMANY": country(100)},
                  units={"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]})
    r = play(given, mail("ANN", "A PAR - BUR", as_="FRANCE"),
             mail("ANN", "A MUN - RUH", as_="GERMANY"))
    assert refused(r) == {("ANN/GERMANY", "A MUN - RUH")}
    assert r["fees"] == {"FRANCE": 20}
    assert r["orders"] == {"A PAR": "A PAR - BUR", "A MUN": "A MUN H"}
    assert ccash(r, "GERMANY") == 100


# --- the year-end step (3.1, 5.8, 5.9, D13, D31, D41) -----------------------------------


def test_military_victory_counts_the_centers_after_the_ownership_change() -> None:
    # ANN directs FRANCE (3 centres + BEL taken this Fall) and GERMANY (3): 7 with
    # VICTORY_SCS 7, but only after the year-end ownership change.
    given = state("F1902M", people(ANN=(100, {"FRANCE": 2, "GERMANY": 1}), BEN=(50, {})),
                  {"FRANCE": country(office=("ANN",)), "GERMANY": country(office=("ANN",))},
                  units={"FRANCE": ["A BEL"]})
    r = play(given, params={"VICTORY_SCS": 7})
    assert sorted(r["state"]["centers"]["FRANCE"]) == ["BEL", "BRE", "MAR", "PAR"]
    # January 1903: FRANCE 4 centres + 1 unit, no revenue -> 500; GERMANY 300.
    assert r["prices"]["FRANCE"] == 500 and r["prices"]["GERMANY"] == 300
    assert r["net_worth"] == {"ANN": 100 + 1000 + 300, "BEN": 50, "CID": 0}
    assert r["end"] == {"kind": "solo", "winners": ["ANN"], "scores": r["net_worth"]}
    assert r["state"]["phase"] == "W1902D"
    assert play(given, params={"VICTORY_SCS": 8})["end"] is None


def test_equal_richest_share_an_economic_victory() -> None:
    given = state("F1902M", people(ANN=(1500, {}), BEN=(1500, {}), CID=(1200, {})),
                  units={"FRANCE": ["A PAR"]})
    r = play(given, params={"ECON_THRESHOLD": 1000})
    assert r["end"] == {"kind": "economic", "winners": ["ANN", "BEN"],
                        "scores": {"ANN": 1500, "BEN": 1500, "CID": 1200}}


def test_equal_richest_share_the_end_year_win_and_economy_comes_first() -> None:
    given = state("F1904M", people(ANN=(700, {}), BEN=(700, {})), units={"FRANCE": ["A PAR"]})
    r = play(given, params={"END_YEAR": 1904})
    assert r["end"]["kind"] == "end_year" and r["end"]["winners"] == ["ANN", "BEN"]
    r = play(given, params={"END_YEAR": 1904, "ECON_THRESHOLD": 600})
    assert r["end"]["kind"] == "economic"
    assert play(given, params={"END_YEAR": 1905})["end"] is None


def test_d31_the_1902_price_has_no_first_year_bonus() -> None:
    # Fall 1901: FRANCE 3 centres + A PAR, paid a dividend in February -> 400 in 1902.
    given = state("F1901M", people(ANN=(0, {"FRANCE": 2})),
                  {"FRANCE": country(office=("ANN",), revenue_last=240, dividend_last=True)},
                  units={"FRANCE": ["A PAR"]})
    r = play(given)
    assert r["state"]["phase"] == "W1901D"
    assert r["prices"]["FRANCE"] == 400 and r["prices"]["ENGLAND"] == 300
    assert r["net_worth"]["ANN"] == 800


def test_a_spring_case_carries_no_year_end_keys() -> None:
    given = state("S1902M", people(), units={"FRANCE": ["A PAR"]})
    r = play(given)
    assert r["state"]["phase"] == "F1902M"
    assert "prices" not in r and "net_worth" not in r and "builds" not in r
    assert r["fees"] == {} and r["orders"] == {"A PAR": "A PAR H"}


# --- retreats (3.1, 3.2, 5.3, D18) --------------------------------------------------------


def spring_retreat(*mails: dict[str, Any], holders: tuple[str, ...] = ("ANN", "CID"),
                   german: list[str] | None = None) -> dict[str, Any]:
    given = state("S1902R", people(**{n: (0, {"FRANCE": 2}) for n in holders}),
                  {"FRANCE": country(30, office=holders)},
                  units={"GERMANY": german if german is not None else ["A BUR"]},
                  dislodged={"FRANCE": [{"unit": "A BUR", "attacker": "MUN"}]})
    return play(given, *mails)


def test_a_silent_codirector_disbands_the_retreating_unit() -> None:
    r = spring_retreat(mail("ANN", "A BUR - PIC", as_="FRANCE"))
    assert r["orders"] == {"A BUR": "A BUR D"} and r["state"]["units"]["FRANCE"] == []
    assert "fees" not in r


def test_a_retreat_that_empties_the_board_skips_fall_and_ends_the_year() -> None:
    # No German unit either: the board is empty after the retreat, Fall 1902 is skipped
    # (3.2) and the year-end step runs.
    r = spring_retreat(mail("ANN", "A BUR D", as_="FRANCE"),
                       mail("CID", "A BUR D", as_="FRANCE"), german=[])
    assert r["orders"] == {"A BUR": "A BUR D"}
    assert r["state"]["phase"] == "W1902D" and "net_worth" in r and "prices" in r
    # FRANCE: 3 centres, no unit, no revenue -> 300; ANN and CID hold 2 each.
    assert r["net_worth"] == {"ANN": 600, "BEN": 0, "CID": 600}
    r = spring_retreat(mail("ANN", "A BUR - PIC", as_="FRANCE"),
                       mail("CID", "A BUR - PIC", as_="FRANCE"), german=[])
    assert r["state"]["phase"] == "F1902M" and "net_worth" not in r
    assert r["state"]["units"]["FRANCE"] == ["A PIC"] and ccash(r, "FRANCE") == 30


def test_country_orders_as_a_country_the_sender_does_not_hold() -> None:
    r = spring_retreat(mail("ANN", "A BUR - PIC", as_="GERMANY"),
                       mail("BEN", "A BUR - PIC", as_="FRANCE"),
                       mail("ANN", "A BUR - PIC"), holders=("ANN",))
    assert refused(r) == {("ANN/GERMANY", "A BUR - PIC"), ("BEN/FRANCE", "A BUR - PIC"),
                          ("ANN", "A BUR - PIC")}
    assert r["orders"] == {"A BUR": "A BUR D"}


# --- decisions recorded in docs/shareholders.md where the spec is silent ----------------


def test_what_the_engine_fills_in_counts_as_identical_for_codirectors() -> None:
    given = state("S1902M", people(ANN=(0, {"RUSSIA": 2}), CID=(0, {"RUSSIA": 2})),
                  {"RUSSIA": country(100, office=("ANN", "CID"))},
                  units={"RUSSIA": ["F STP/SC", "A MOS", "A WAR"]})
    r = play(given, mail("ANN", "F STP H", "A MOS S A WAR - UKR", "A WAR - UKR", as_="R"),
             mail("CID", "F STP/SC H", "A MOS S WAR - UKR", "WAR - UKR", as_="R"))
    assert r["orders"] == {"F STP/SC": "F STP/SC H", "A MOS": "A MOS S A WAR - UKR",
                           "A WAR": "A WAR - UKR"}
    assert r["fees"] == {"RUSSIA": 30}


def test_two_builds_at_one_place_are_both_kept_and_a_fleet_is_named_by_province() -> None:
    given = state("W1902A", people(ANN=(0, {"RUSSIA": 2})),
                  {"RUSSIA": country(500, office=("ANN",))}, units={"RUSSIA": ["F STP/SC"]})
    r = play(given, mail("ANN", "DISSOLVE F STP/NC", "BUILD A SEV", "BUILD F SEV", as_="R"))
    assert r["errors"] == {}
    assert r["builds"] == {"RUSSIA": [["A SEV", "built"], ["F SEV", "occupied"]]}
    assert r["state"]["units"]["RUSSIA"] == ["A SEV"]
    assert ccash(r, "RUSSIA") == 500 + 320 - 200


# --- a year played from February to the next January, each state fed back --------------


def test_a_year_from_february_to_the_next_january() -> None:
    given = state("W1901A", people(ANN=(100, {"ENGLAND": 3}),
                                   BEN=(200, {"ENGLAND": 1, "FRANCE": 2}),
                                   CID=(0, {"FRANCE": 2})),
                  {"ENGLAND": country(40, office=("ANN",)),
                   "FRANCE": country(40, office=("BEN", "CID"))},
                  units={"ENGLAND": ["F LON"], "FRANCE": ["A PAR"]})
    feb = play(given, mail("ANN", "DIVIDEND", "BUILD F EDI", as_="ENGLAND"),
               mail("BEN", "NO DIVIDEND", "BUILD A MAR", as_="FRANCE"),
               mail("CID", "BUILD A MAR", "BUILD F BRE", as_="FRANCE"))
    # ENGLAND: 40 + 240, d = 60 on 4 shares (ANN +180, BEN +60), upkeep 40 -> 0: no build.
    # FRANCE: 40 + 240, no dividend, upkeep 40 -> 240, A MAR agreed and built -> 40.
    assert feb["builds"] == {"ENGLAND": [["F EDI", "insufficient cash"]],
                             "FRANCE": [["A MAR", "built"]]}
    assert (cash(feb, "ANN"), cash(feb, "BEN"), cash(feb, "CID")) == (280, 260, 0)
    assert (ccash(feb, "ENGLAND"), ccash(feb, "FRANCE")) == (0, 40)
    assert ccash(feb, "RUSSIA") == 320 and ccash(feb, "AUSTRIA") == 240
    assert feb["state"]["phase"] == "S1902M"

    spring = play(feb["state"], mail("ANN", "F LON - NTH", as_="ENGLAND"),
                  mail("BEN", "A PAR - BUR", "A MAR - SPA", as_="FRANCE"),
                  mail("CID", "A PAR - BUR", "A MAR - PIE", as_="FRANCE"))
    assert spring["orders"] == {"F LON": "F LON H", "A PAR": "A PAR - BUR", "A MAR": "A MAR H"}
    assert spring["fees"] == {"FRANCE": 20} and ccash(spring, "FRANCE") == 20
    assert spring["state"]["phase"] == "F1902M"

    fall = play(spring["state"],
                mail("CID", "A BUR - BEL", "A MAR - SPA", as_="FRANCE"),
                mail("BEN", "A BUR - BEL", "A MAR - SPA", as_="FRANCE"))
    # 40 due, 20 in cash: the last listed move (BEN's list) is cancelled.
    assert fall["orders"] == {"F LON": "F LON H", "A BUR": "A BUR - BEL", "A MAR": "A MAR H"}
    assert fall["fees"] == {"FRANCE": 20} and ccash(fall, "FRANCE") == 0
    assert fall["state"]["phase"] == "W1902D" and fall["end"] is None
    assert sorted(fall["state"]["centers"]["FRANCE"]) == ["BEL", "BRE", "MAR", "PAR"]
    # January 1903: ENGLAND 3 + 1, dividend paid -> 400; FRANCE 4 + 2, income kept -> 700.
    assert fall["prices"] == {"AUSTRIA": 400, "ENGLAND": 400, "FRANCE": 700, "GERMANY": 400,
                              "ITALY": 400, "RUSSIA": 500, "TURKEY": 400}
    assert fall["net_worth"] == {"ANN": 280 + 1200, "BEN": 260 + 400 + 1400, "CID": 1400}
    assert fall["state"]["countries"]["FRANCE"]["office"] == ["BEN", "CID"]
