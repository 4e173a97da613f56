"""January dealing: S15's limits and proceeds, S10's worthless shares, and how a mail
builds a player's set (D22, D23, D37)."""

from __future__ import annotations

from typing import Any

from tests.shareholders.cases import cash, country, mail, play, refused, shares, state

# FRANCE: 3 centres, 1 unit, kept its income -> $500; ENGLAND: 4 centres, 1 unit -> $600.
CENTERS = {"FRANCE": ["BRE", "MAR", "PAR"], "ENGLAND": ["EDI", "LON", "LVP", "NWY"],
           "GERMANY": ["BER", "KIE", "MUN"], "ITALY": ["NAP", "ROM", "VEN"],
           "RUSSIA": ["MOS", "SEV", "STP", "WAR"], "TURKEY": ["ANK", "CON", "SMY"],
           "AUSTRIA": []}


def january(*mails: dict[str, Any]) -> dict[str, Any]:
    players = {"ANN": {"cash": 350, "shares": {"FRANCE": 4, "ENGLAND": 3}},
               "BEN": {"cash": 3150, "shares": {}}, "CID": {"cash": 1550, "shares": {}},
               "DOT": {"cash": 0, "shares": {}}}
    countries = {"FRANCE": country(40, ("ANN",), revenue_last=240),
                 "ENGLAND": country(0, ("ANN",), revenue_last=240)}
    given = state("W1901D", players, countries, units={"FRANCE": ["A PAR"],
                                                         "ENGLAND": ["F NWY"]},
                  centers=CENTERS)
    return play(given, *mails)


def test_s15a_sale_proceeds_pay_for_purchases() -> None:
    r = january(mail("ANN", "SELL 4 FRANCE", "BUY 1 ENGLAND"))
    assert r["errors"] == {}
    assert cash(r, "ANN") == 1750 and shares(r, "ANN") == {"ENGLAND": 4}


def test_s15b_at_most_five_shares_are_sold() -> None:
    r = january(mail("ANN", "SELL 6 FRANCE"))
    assert r["errors"] == {"ANN": ["SELL 6 FRANCE: you may sell at most 5 shares"]}


def test_s15c_one_country_is_sold_per_january() -> None:
    r = january(mail("ANN", "SELL 1 FRANCE", "SELL 1 ENGLAND"))
    assert r["errors"] == {"ANN": ["SELL 1 ENGLAND: you may sell shares of one country only"]}
    assert shares(r, "ANN") == {"FRANCE": 3, "ENGLAND": 3} and cash(r, "ANN") == 850


def test_d23_a_second_sale_of_the_same_country_is_refused_too() -> None:
    r = january(mail("ANN", "SELL 1 FRANCE", "SELL 1 FRANCE"))
    assert refused(r) == {("ANN", "SELL 1 FRANCE")}
    assert shares(r, "ANN")["FRANCE"] == 3


def test_s15d_purchases_beyond_cash_fail_but_the_sale_stands() -> None:
    r = january(mail("ANN", "SELL 2 FRANCE", "BUY 3 ENGLAND"))
    assert r["errors"] == {}  # a warning is not an error
    assert cash(r, "ANN") == 1350 and shares(r, "ANN") == {"FRANCE": 2, "ENGLAND": 3}


def test_s15e_a_number_below_one() -> None:
    r = january(mail("ANN", "BUY 0 FRANCE", "SELL 0 ENGLAND"))
    assert r["errors"] == {"ANN": ["BUY 0 FRANCE: number must be at least 1",
                                   "SELL 0 ENGLAND: number must be at least 1"]}


def test_d24_the_first_failing_sell_check_names_the_reason() -> None:
    r = january(mail("BEN", "SELL 7 ITALY"))
    assert r["errors"] == {"BEN": ["SELL 7 ITALY: you may sell at most 5 shares"]}


def test_s10_worthless_shares_cannot_be_bought() -> None:
    r = january(mail("BEN", "BUY 1 AUSTRIA", "BUY 1 I"))
    assert r["errors"] == {"BEN": ["BUY 1 AUSTRIA: AUSTRIA shares are worthless and cannot be "
                                   "bought"]}
    assert shares(r, "BEN") == {"ITALY": 1} and cash(r, "BEN") == 3150 - 300  # 3 centres


def test_d12_worthless_shares_may_be_sold_for_nothing() -> None:
    players = {"ANN": {"cash": 10, "shares": {"AUSTRIA": 3}},
               "BEN": {"cash": 0, "shares": {}}, "CID": {"cash": 0, "shares": {}}}
    given = state("W1901D", players, centers=CENTERS)
    r = play(given, mail("ANN", "SELL 3 A"))
    assert r["errors"] == {} and cash(r, "ANN") == 10 and shares(r, "ANN") == {}


def test_d37_notrade_empties_what_the_mail_built() -> None:
    r = january(mail("ANN", "SELL 1 FRANCE", "NOTRADE", "BUY 1 ITALY"))
    assert shares(r, "ANN") == {"FRANCE": 4, "ENGLAND": 3, "ITALY": 1}
    assert cash(r, "ANN") == 350 - 300


def test_d37_notrade_resets_the_one_sale_rule() -> None:
    r = january(mail("ANN", "SELL 1 FRANCE", "NOTRADE", "SELL 2 ENGLAND"))
    assert r["errors"] == {}
    assert shares(r, "ANN") == {"FRANCE": 4, "ENGLAND": 1} and cash(r, "ANN") == 350 + 1200


def test_a_later_mail_replaces_the_set_and_a_wholly_refused_one_does_not() -> None:
    r = january(mail("CID", "BUY 1 GERMANY"), mail("CID", "BUY 2 ITALY"),
                mail("CID", "SELL 1 FRANCE", "BUY 0 TURKEY"))
    assert refused(r) == {("CID", "SELL 1 FRANCE"), ("CID", "BUY 0 TURKEY")}
    assert shares(r, "CID") == {"ITALY": 2} and cash(r, "CID") == 1550 - 600


def test_purchases_of_one_country_add_up_and_initials_name_countries() -> None:
    r = january(mail("BEN", "buy 2 f", "BUY 1 fra", "Buy 1 France"))
    assert shares(r, "BEN") == {"FRANCE": 4} and cash(r, "BEN") == 3150 - 2000


def test_selling_and_buying_one_country_changes_only_the_holding() -> None:
    r = january(mail("ANN", "SELL 2 FRANCE", "BUY 2 FRANCE"))
    assert shares(r, "ANN")["FRANCE"] == 4 and cash(r, "ANN") == 350
