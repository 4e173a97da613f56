"""bourse.md section 4: every refusal and warning, with the spec's words, and the rule
that a refused line changes nothing (D15-D20, D29, D31-D34)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from judge.games.bourse.rules.currencies import Currencies

C = runpy.run_path(str(Path(__file__).with_name("cases.py")))
case, play, mail, player = C["case"], C["play"], C["mail"], C["player"]
units_of, holding, rate, of = C["units_of"], C["holding"], C["rate"], C["of"]
SURPLUS = {"CASH_SURPLUS": True}


def _refused(result: dict) -> dict:
    return result["errors"]


def test_joining_closed_comes_first_and_adds_nobody() -> None:
    result = play(case({"ARGENT": player()},
                       {"from": "x@example.com", "to": "bourse", "lines": ["JOIN BOURSE ZED"]},
                       mail("ARGENT", "JOIN BOURSE ARGENT2"), params={"JOIN_OPEN": False}))
    assert _refused(result) == {
        "x@example.com": ["JOIN BOURSE ZED: this Bourse is closed to new players"],
        "ARGENT": ["JOIN BOURSE ARGENT2: this Bourse is closed to new players"]}
    assert set(result["state"]["bourse"]["players"]) == {"ARGENT"}


def test_a_member_cannot_join_again() -> None:
    result = play(case({"ARGENT": player()}, mail("ARGENT", "JOIN BOURSE OTHER"),
                       {"from": "y@example.com", "to": "bourse",
                        "lines": ["JOIN BOURSE NEWBIE", "join bourse again"]}))
    assert _refused(result) == {
        "ARGENT": ["JOIN BOURSE OTHER: you are already in this Bourse"],
        "y@example.com": ["join bourse again: you are already in this Bourse"]}
    assert set(result["state"]["bourse"]["players"]) == {"ARGENT", "NEWBIE"}


@pytest.mark.parametrize("line", ["JOIN BOURSE", "JOIN BOURSE bad-name",
                                  "JOIN BOURSE two words", "JOIN BOURSE " + "X" * 21])
def test_malformed_pseudonym(line: str) -> None:
    result = play(case({}, {"from": "z@example.com", "to": "bourse", "lines": [line]}))
    assert _refused(result) == {
        "z@example.com": [f"{line}: a pseudonym is 1 to 20 letters, digits or _"]}
    assert result["state"]["bourse"]["players"] == {}


def test_a_pseudonym_is_taken_whatever_its_case_and_stored_upper_case() -> None:
    result = play(case({"ARGENT": player()},
                       {"from": "a@example.com", "to": "bourse", "lines": ["JOIN BOURSE argent"]},
                       {"from": "b@example.com", "to": "bourse", "lines": ["join bourse mr_X9"]},
                       {"from": "c@example.com", "to": "bourse", "lines": ["JOIN BOURSE MR_x9"]}))
    assert _refused(result) == {
        "a@example.com": ["JOIN BOURSE argent: pseudonym ARGENT is taken"],
        "c@example.com": ["JOIN BOURSE MR_x9: pseudonym MR_X9 is taken"]}
    assert set(result["state"]["bourse"]["players"]) == {"ARGENT", "MR_X9"}


def test_a_stranger_has_every_line_refused_and_the_case_goes_on() -> None:
    result = play(case({"ARGENT": player()},
                       {"from": "who@example.com", "to": "bourse",
                        "lines": ["SELL 100 LIRA", "NOTRADE", "gibberish"]},
                       mail("ARGENT", "SELL 100 LIRA")))
    assert _refused(result) == {"who@example.com": [
        "SELL 100 LIRA: you are not in this Bourse", "NOTRADE: you are not in this Bourse",
        "gibberish: you are not in this Bourse"]}
    assert holding(result, "ARGENT", "LIRA") == 900


def test_lines_after_a_join_act_for_the_new_member_but_are_keyed_by_the_sender() -> None:
    result = play(case({}, {"from": "carol@example.com", "to": "bourse",
                            "lines": ["SELL 5 LIRA", "JOIN BOURSE CROWN", "SELL 501 MARKS",
                                      "SELL 100 LIRA"]},
                       {"from": "carol@example.com", "to": "bourse", "lines": ["BUY 1 X"]}))
    assert _refused(result) == {"carol@example.com": [
        "SELL 5 LIRA: you are not in this Bourse",
        "SELL 501 MARKS: you may sell at most 500 MARKS this turn",
        "BUY 1 X: no such currency"]}
    assert holding(result, "CROWN", "LIRA") == 900
    assert of(result, "CROWN")["turns_played"] == 1


def test_unreadable_lines() -> None:
    lines = ["HELLO", "SELL LIRA", "SELL 1.5 LIRA", "BUY 10", "SELL 10 LIRA NOW"]
    result = play(case({"ARGENT": player()}, mail("ARGENT", *lines)))
    assert _refused(result) == {
        "ARGENT": [f"{line}: cannot understand this command" for line in lines]}
    assert of(result, "ARGENT")["holdings"] == units_of()


def test_no_turn_is_open_at_an_adjustment_phase_without_winter_turns() -> None:
    result = play(case({"ARGENT": player()},
                       mail("ARGENT", "SELL 10 LIRA", "BUY 10 MARKS", "NOTRADE"),
                       phase="W1901A"))
    assert _refused(result) == {"ARGENT": [
        f"{line}: no Bourse turn is open" for line in ("SELL 10 LIRA", "BUY 10 MARKS",
                                                      "NOTRADE")]}
    assert of(result, "ARGENT")["turns_played"] == 1
    assert result["state"]["phase"] == "S1902M"


@pytest.mark.parametrize("line", ["SELL 0 LIRA", "BUY 0 LIRA", "BUY -3 MARKS"])
def test_number_at_least_one(line: str) -> None:
    result = play(case({"ARGENT": player()}, mail("ARGENT", line)))
    assert _refused(result) == {"ARGENT": [f"{line}: number must be at least 1"]}


@pytest.mark.parametrize("line", ["BUY 10 DOLLARS", "SELL 10 SWISS", "BUY 10 GE"])
def test_no_such_currency(line: str) -> None:
    result = play(case({"ARGENT": player()}, mail("ARGENT", line)))
    assert _refused(result) == {"ARGENT": [f"{line}: no such currency"]}


def test_an_eliminated_currency_cannot_be_sold_or_bought() -> None:
    result = play(case({"ARGENT": player()}, mail("ARGENT", "SELL 10 CROWNS", "BUY 5 AUS"),
                       eliminated=["AUSTRIA"], phase="S1904M"))
    assert _refused(result) == {"ARGENT": [
        "SELL 10 CROWNS: AUSTRIA is eliminated; its currency is worthless",
        "BUY 5 AUS: AUSTRIA is eliminated; its currency is worthless"]}
    assert holding(result, "ARGENT", "CROWNS") == 1000


def test_the_sell_limit_counts_this_mails_earlier_lines_until_notrade() -> None:
    result = play(case({"ARGENT": player()},
                       mail("ARGENT", "SELL 300 LIRA", "SELL 201 LIRA", "SELL 200 ITALY",
                            "NOTRADE", "SELL 450 I"), params={"SELL_LIMIT": 500}))
    assert _refused(result) == {
        "ARGENT": ["SELL 201 LIRA: you may sell at most 500 LIRA this turn"]}
    assert holding(result, "ARGENT", "LIRA") == 550


def test_the_sell_limit_is_a_parameter() -> None:
    result = play(case({"ARGENT": player()}, mail("ARGENT", "SELL 101 LIRA"),
                       params={"SELL_LIMIT": 100}))
    assert _refused(result) == {
        "ARGENT": ["SELL 101 LIRA: you may sell at most 100 LIRA this turn"]}


def test_holdings_limit_sales_over_several_lines() -> None:
    result = play(case({"ARGENT": player(LIRA=250)},
                       mail("ARGENT", "SELL 200 LIRA", "SELL 51 LIRA", "SELL 50 LIRA")))
    assert _refused(result) == {"ARGENT": ["SELL 51 LIRA: you hold only 250 LIRA"]}
    assert holding(result, "ARGENT", "LIRA") == 0


def test_buying_then_selling_the_same_currency_refuses_the_sale() -> None:
    result = play(case({"ARGENT": player()}, mail("ARGENT", "BUY 10 MARKS", "SELL 10 GER")))
    assert _refused(result) == {
        "ARGENT": ["SELL 10 GER: you cannot buy and sell MARKS in the same turn"]}


def test_notrade_empties_what_the_mail_built() -> None:
    result = play(case({"ARGENT": player(cash=10000)},
                       mail("ARGENT", "SELL 100 LIRA", "NOTRADE", "BUY 50 MARK"),
                       phase="S1902M", params=SURPLUS))
    assert holding(result, "ARGENT", "LIRA") == 1000
    assert holding(result, "ARGENT", "MARKS") == 1050
    assert of(result, "ARGENT")["cash"] == 5000
    empty = play(case({"ARGENT": player()}, mail("ARGENT", "SELL 100 LIRA", "NOTRADE")))
    assert of(empty, "ARGENT")["holdings"] == units_of()


def test_a_later_mail_replaces_the_set_unless_all_its_lines_are_refused() -> None:
    result = play(case({"ARGENT": player(), "BULLION": player()},
                       mail("ARGENT", "SELL 100 LIRA"), mail("ARGENT", "SELL 900 LIRA"),
                       mail("BULLION", "SELL 100 LIRA"), mail("BULLION", "SELL 200 MARKS")))
    assert _refused(result) == {
        "ARGENT": ["SELL 900 LIRA: you may sell at most 500 LIRA this turn"]}
    assert holding(result, "ARGENT", "LIRA") == 900
    assert holding(result, "BULLION", "LIRA") == 1000
    assert holding(result, "BULLION", "MARKS") == 800


def test_commands_and_senders_in_any_case() -> None:
    result = play(case({"ARGENT": player()}, mail("argent", "sell 100 lire", "Buy 100 Rubles")))
    assert _refused(result) == {}
    assert holding(result, "ARGENT", "LIRA") == 900
    assert holding(result, "ARGENT", "ROUBLES") == 1100


def test_a_mail_sent_as_a_power_is_keyed_by_sender_and_power() -> None:
    result = play(case({"ARGENT": player()},
                       {"from": "ARGENT", "as": "fra", "to": "bourse", "lines": ["BUY 0 LIRA"]}))
    assert _refused(result) == {"ARGENT/FRANCE": ["BUY 0 LIRA: number must be at least 1"]}


def test_both_warnings_under_cash_surplus_on_a_first_turn() -> None:
    result = play(case({"NEW": player(turns=0)},
                       mail("NEW", "SELL 100 LIRA", "BUY 60 MARKS", "BUY 50 POUNDS"),
                       params=SURPLUS, phase="S1901M", rates=C["rates_of"](MARKS=95, POUNDS=120)))
    assert result["warnings"] == {"NEW": [
        "WARNING: your purchases cost 117.00 but you will have 100.00; they will be reduced "
        "as the rules require",
        "WARNING: 1.00 will be left unspent and lost"]}
    assert holding(result, "NEW", "MARKS") == 1060
    assert holding(result, "NEW", "POUNDS") == 1035
    assert of(result, "NEW")["cash"] == 0


def test_no_warning_when_cash_is_kept_after_the_first_turn() -> None:
    result = play(case({"OLD": player(turns=3)}, mail("OLD", "SELL 100 LIRA"),
                       params=SURPLUS, phase="S1903M"))
    assert result["warnings"] == {}
    assert of(result, "OLD")["cash"] == 10000


def test_selling_without_buying_in_strict_mode_is_warned() -> None:
    result = play(case({"OLD": player(turns=3)}, mail("OLD", "SELL 100 LIRA"),
                       phase="S1903M"))
    assert result["warnings"] == {"OLD": ["WARNING: 100.00 will be left unspent and lost"]}
    assert of(result, "OLD")["cash"] == 0


WORDS = {
    "AUSTRIA": ["CROWN", "crowns", "Austria", "aus", "a"],
    "ENGLAND": ["POUND", "pounds", "england", "ENG", "e"],
    "FRANCE": ["franc", "FRANCS", "France", "fra", "F"],
    "GERMANY": ["mark", "Marks", "GERMANY", "ger", "g"],
    "ITALY": ["lira", "LIRE", "liras", "italy", "ITA", "i"],
    "RUSSIA": ["rouble", "ROUBLES", "ruble", "rubles", "russia", "rus", "R"],
    "TURKEY": ["piastre", "PIASTRES", "piaster", "piasters", "turkey", "TUR", "t"],
}


@pytest.mark.parametrize("power", sorted(WORDS))
def test_currency_names_d29(power: str) -> None:
    currencies = Currencies.of(C["POWERS"])
    assert {currencies.power_of(w) for w in WORDS[power]} == {power}


def test_a_word_naming_no_single_power_names_no_currency() -> None:
    currencies = Currencies.of(["FRANCE", "FINLAND"])
    assert currencies.power_of("F") is None
    assert currencies.power_of("FRANCS") == "FRANCE"
    assert currencies.name("FINLAND") == "FINLAND"
