"""Scenarios S11-S14: offices by incumbency, Codirectors' agreement, and the two victories."""

from __future__ import annotations

from typing import Any

from tests.shareholders.cases import country, mail, office, play, state


def test_s11_offices_of_january_1902() -> None:
    holdings = {
        "ANN": {"FRANCE": 4, "ENGLAND": 3, "GERMANY": 7},
        "BEN": {"ENGLAND": 3, "ITALY": 2, "RUSSIA": 5},
        "CID": {"FRANCE": 4, "ITALY": 2},
        "DOT": {"FRANCE": 4, "GERMANY": 7},
    }
    given = state("W1901D", {n: {"cash": 0, "shares": h} for n, h in holdings.items()},
                  {"FRANCE": country(office=("ANN", "CID")), "ENGLAND": country(office=("ANN",)),
                   "GERMANY": country(office=("DOT",))})
    r = play(given)
    assert office(r, "FRANCE") == ["ANN", "CID"]
    assert office(r, "ENGLAND") == ["ANN"]
    assert office(r, "GERMANY") == ["DOT"]
    assert office(r, "ITALY") == ["BEN", "CID"]
    assert office(r, "RUSSIA") == ["BEN"]
    assert office(r, "AUSTRIA") == [] and office(r, "TURKEY") == []
    last = {n: c["last_office"] for n, c in r["state"]["countries"].items()}
    assert last["FRANCE"] == ["ANN", "CID"] and last["ITALY"] == []


def italy(*mails: dict[str, Any]) -> dict[str, Any]:
    holders = {"ANN": {"cash": 0, "shares": {}}, "BEN": {"cash": 0, "shares": {"ITALY": 2}},
               "CID": {"cash": 0, "shares": {"ITALY": 2}}, "DOT": {"cash": 0, "shares": {}}}
    given = state("W1901A", holders, {"ITALY": country(500, office=("BEN", "CID"))})
    return play(given, *mails)


def test_s12_codirectors_agree_item_by_item() -> None:
    r = italy(mail("BEN", "DIVIDEND", "BUILD A ROM", "BUILD F NAP", as_="ITALY"),
              mail("CID", "NO DIVIDEND", "BUILD F NAP", "BUILD A VEN", as_="ITALY"))
    assert r["builds"] == {"ITALY": [["F NAP", "built"]]}
    assert r["state"]["units"]["ITALY"] == ["F NAP"]
    assert r["state"]["countries"]["ITALY"]["dividend_last"] is False
    assert r["state"]["countries"]["ITALY"]["cash"] == 500 + 240 - 200


def test_s12_a_silent_codirector_agrees_to_nothing() -> None:
    r = italy(mail("BEN", "DIVIDEND", "BUILD A ROM", "BUILD F NAP", as_="ITALY"))
    assert r["builds"] == {} and r["state"]["units"]["ITALY"] == []
    assert r["state"]["countries"]["ITALY"]["cash"] == 740


def test_codirector_agreement_does_not_depend_on_who_mailed_first() -> None:
    ben = mail("BEN", "DIVIDEND", "BUILD A ROM", "BUILD F NAP", as_="ITALY")
    cid = mail("CID", "DIVIDEND", "BUILD F NAP", "BUILD A ROM", as_="ITALY")
    assert italy(ben, cid)["state"] == italy(cid, ben)["state"]
    # the alphabetically first Codirector's list gives the order of the builds
    assert italy(cid, ben)["builds"] == {"ITALY": [["A ROM", "built"], ["F NAP", "built"]]}


def french_retreat(ann: str, cid: str) -> dict[str, Any]:
    holders = {"ANN": {"cash": 0, "shares": {"FRANCE": 2}}, "BEN": {"cash": 0, "shares": {}},
               "CID": {"cash": 0, "shares": {"FRANCE": 2}}, "DOT": {"cash": 0, "shares": {}}}
    given = state("S1902R", holders, {"FRANCE": country(office=("ANN", "CID"))},
                  units={"GERMANY": ["A BUR"], "FRANCE": ["A PAR"]},
                  dislodged={"FRANCE": [{"unit": "A BUR", "attacker": "MUN"}]})
    return play(given, mail("ANN", ann, as_="FRANCE"), mail("CID", cid, as_="FRANCE"))


def test_s12_a_retreat_needs_both_codirectors() -> None:
    split = french_retreat("A BUR - PIC", "A BUR - GAS")
    assert split["orders"] == {"A BUR": "A BUR D"}
    assert split["state"]["units"]["FRANCE"] == ["A PAR"]
    assert split["state"]["phase"] == "F1902M"
    both = french_retreat("A BUR - PIC", "a bur retreat picardy")
    assert both["orders"] == {"A BUR": "A BUR - PIC"}
    assert sorted(both["state"]["units"]["FRANCE"]) == ["A PAR", "A PIC"]
    assert both["state"]["dislodged"] == {}


ENGLISH_TEN = ["LON", "EDI", "LVP", "NWY", "SWE", "DEN", "HOL", "BEL", "BRE", "PAR"]
GERMAN_EIGHT = ["BER", "KIE", "MUN", "WAR", "MOS", "STP", "SEV", "VIE"]


def fall_1905(german_office: tuple[str, ...], ben_cash: int = 0) -> dict[str, Any]:
    holders = {"ANN": {"cash": 0, "shares": {"ENGLAND": 5, "GERMANY": 5}},
               "BEN": {"cash": ben_cash, "shares": {"GERMANY": 5}},
               "CID": {"cash": 0, "shares": {}}, "DOT": {"cash": 0, "shares": {}}}
    centers = {"ENGLAND": ENGLISH_TEN, "GERMANY": GERMAN_EIGHT, "FRANCE": ["MAR"],
               "AUSTRIA": ["BUD", "TRI"], "ITALY": ["ROM", "NAP", "VEN"],
               "RUSSIA": [], "TURKEY": ["ANK", "CON", "SMY"]}
    given = state("F1905M", holders,
                  {"ENGLAND": country(office=("ANN",)), "GERMANY": country(office=german_office)},
                  units={"ENGLAND": ["F LON"]}, centers=centers)
    return play(given)


def test_s13_military_victory_of_a_sole_director_of_eighteen() -> None:
    r = fall_1905(("ANN",), ben_cash=25000)
    assert r["end"]["kind"] == "solo" and r["end"]["winners"] == ["ANN"]
    # no economic check after a military victory, though BEN is worth more than $20,000
    assert r["net_worth"]["BEN"] > 20000
    assert r["end"]["scores"] == r["net_worth"]
    assert r["state"]["phase"] == "W1905D" and "prices" in r


def test_s13_a_codirector_does_not_count() -> None:
    r = fall_1905(("ANN", "BEN"))
    assert r["end"] is None and r["state"]["phase"] == "W1905D"


def fall_1906(ann_cash: int, cid_cash: int = 19000, ben_shares: int = 20) -> dict[str, Any]:
    holders = {"ANN": {"cash": ann_cash, "shares": {"FRANCE": 12}},
               "BEN": {"cash": 1000, "shares": {"ENGLAND": ben_shares}},
               "CID": {"cash": cid_cash, "shares": {}}, "DOT": {"cash": 0, "shares": {}}}
    centers = {"FRANCE": ["PAR", "MAR", "BRE", "SPA", "POR", "BEL", "HOL", "MUN"],
               "ENGLAND": ["LON", "EDI", "LVP", "NWY", "SWE", "DEN", "KIE"]}
    units = {"FRANCE": ["A PAR", "A MAR", "F BRE", "A SPA"],
             "ENGLAND": ["F LON", "F EDI", "A LVP"]}
    given = state("F1906M", holders,
                  {"FRANCE": country(office=("ANN",), revenue_last=640),
                   "ENGLAND": country(office=("BEN",), revenue_last=560, dividend_last=True)},
                  units=units, centers=centers)
    return play(given)


def test_s14_economic_victory_goes_to_the_richest() -> None:
    r = fall_1906(5000)
    assert r["prices"]["FRANCE"] == 1300 and r["prices"]["ENGLAND"] == 1000
    assert r["net_worth"] == {"ANN": 20600, "BEN": 21000, "CID": 19000, "DOT": 0}
    assert r["end"] == {"kind": "economic", "winners": ["BEN"], "scores": r["net_worth"]}
    assert r["state"]["phase"] == "W1906D"


def test_s14_exactly_twenty_thousand_does_not_end_the_game() -> None:
    holders_at = fall_1906(4400, cid_cash=0, ben_shares=2)
    assert holders_at["net_worth"]["ANN"] == 20000
    assert holders_at["end"] is None


def test_end_year_ends_the_game_with_the_richest_winning() -> None:
    r = play(fall_1906(0, cid_cash=0, ben_shares=2)["state"] | {"phase": "F1907M"},
             params={"END_YEAR": 1907})
    assert r["end"]["kind"] == "end_year" and r["end"]["winners"] == ["ANN"]
    assert r["end"]["scores"] == r["net_worth"]
    later = play(fall_1906(0, cid_cash=0, ben_shares=2)["state"] | {"phase": "F1909M"},
                 params={"END_YEAR": 1907})
    assert later["end"]["kind"] == "end_year"
