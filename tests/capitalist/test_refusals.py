"""capitalist.md section 4 and market-contract.md section 1: every refusal and warning,
the order set a mail builds (D23, D24, D36) and who may send what."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

G = runpy.run_path(str(Path(__file__).with_name("game.py")))
case, mail, play, accounts, account = G["case"], G["mail"], G["play"], G["accounts"], G["account"]
holdings, refused, follow = G["holdings"], G["refused"], G["follow"]

ANNIHILATED = "AUSTRIA is annihilated; its currency cannot be traded"


def commerce(*mails: dict, **kw: object) -> dict:
    return play(case("S1902C", kw.pop("players", None) or accounts(), mails, **kw))  # type: ignore[arg-type]


def reasons(result: dict, key: str = "MIDAS") -> list[str]:
    return [text.split(": ", 1)[1] for text in result["errors"].get(key, [])]


@pytest.mark.parametrize(("line", "reason"), [
    ("SELL 0 LIRA", "number must be at least 1"),
    ("BUY 0 MARK", "number must be at least 1"),
    ("SELL -5 LIRA", "number must be at least 1"),
    ("SELL 10 DOLLAR", "no such currency"),
    ("BUY 10 SFR", "no such currency"),
    ("SELL 501 LIRA", "you may sell at most 500 LIRA this turn"),
    ("SELL 0 DOLLAR", "number must be at least 1"),  # D24: the number first
    ("SELL 600 KRONEN", ANNIHILATED),  # annihilated before the limit
    ("HELLO", "cannot understand this command"),
    ("SELL five LIRA", "cannot understand this command"),
    ("SELL 100", "cannot understand this command"),
    ("SELL 1.5 LIRA", "cannot understand this command"),
])
def test_a_single_line_is_refused_with_the_first_failed_check(line: str, reason: str) -> None:
    result = commerce(mail("MIDAS", line), rates={"AUSTRIA": 0}, annihilated=["AUSTRIA"])
    assert result["errors"] == {"MIDAS": [f"{line}: {reason}"]}


def test_the_holding_is_counted_over_the_mails_sales() -> None:
    players = accounts(MIDAS=account(ITALY=450))
    result = commerce(mail("MIDAS", "SELL 300 LIRA", "SELL 200 LIRA", "SELL 150 LIRA"),
                      players=players)
    assert result["errors"] == {"MIDAS": ["SELL 200 LIRA: you hold only 450 LIRA"]}
    assert holdings(result, "MIDAS")["ITALY"] == 0


def test_the_limit_is_checked_before_the_holding_and_the_conflict() -> None:
    players = accounts(MIDAS=account(GERMANY=300))
    result = commerce(mail("MIDAS", "BUY 10 MARK", "SELL 600 MARK", "SELL 400 MARK",
                           "SELL 100 MARK"), players=players)
    assert reasons(result) == ["you may sell at most 500 MARK this turn",
                               "you hold only 300 MARK",
                               "you cannot buy and sell MARK in the same turn"]


def test_buy_after_sell_and_sell_after_buy_are_both_refused() -> None:
    result = commerce(mail("MIDAS", "BUY 10 LIRA", "SELL 10 LIRA"),
                      mail("CROESUS", "SELL 10 LIRA", "BUY 10 LIRA", "BUY 5 MARK", "BUY 5 MARK"))
    assert refused(result) == {
        ("MIDAS", "SELL 10 LIRA: you cannot buy and sell LIRA in the same turn"),
        ("CROESUS", "BUY 10 LIRA: you cannot buy and sell LIRA in the same turn")}
    assert holdings(result, "CROESUS")["GERMANY"] == 1010  # two BUY lines of one currency


def test_notrade_empties_what_the_mail_built_so_far() -> None:
    result = commerce(mail("MIDAS", "SELL 100 LIRA", "NOTRADE", "BUY 50 MARK"),
                      mail("CROESUS", "SELL 400 LIRA", "NOTRADE", "SELL 400 LIRA"),
                      mail("PLUTUS", "SELL 300 LIRA", "NO TRADE", "BUY 100 LIRA"),
                      players=accounts(MIDAS=account(sfr=5000)))
    assert result["errors"] == {}
    assert holdings(result, "MIDAS")["ITALY"] == 1000
    assert holdings(result, "MIDAS")["GERMANY"] == 1050
    assert holdings(result, "CROESUS")["ITALY"] == 600  # the limit counted again
    assert holdings(result, "PLUTUS")["ITALY"] == 1000  # bought nothing: no SFr


def test_a_later_mail_replaces_the_set_and_notrade_alone_empties_it() -> None:
    result = commerce(mail("MIDAS", "SELL 100 LIRA"), mail("MIDAS", "SELL 200 MARK"),
                      mail("CROESUS", "SELL 100 LIRA"), mail("CROESUS", "SELL 100 LIRA", "NOTRADE"))
    assert holdings(result, "MIDAS")["ITALY"] == 1000
    assert holdings(result, "MIDAS")["GERMANY"] == 800
    assert holdings(result, "CROESUS")["ITALY"] == 1000


def test_a_mail_whose_lines_are_all_refused_changes_nothing() -> None:
    result = commerce(mail("MIDAS", "SELL 100 LIRA"), mail("MIDAS", "SELL 900 MARK", "HELLO"))
    assert len(result["errors"]["MIDAS"]) == 2
    assert holdings(result, "MIDAS")["ITALY"] == 900
    assert holdings(result, "MIDAS")["GERMANY"] == 1000


@pytest.mark.parametrize(("word", "power"), [
    ("KRONEN", "AUSTRIA"), ("krone", "AUSTRIA"), ("Pound", "ENGLAND"), ("POUNDS", "ENGLAND"),
    ("franc", "FRANCE"), ("FRANCS", "FRANCE"), ("MARK", "GERMANY"), ("marks", "GERMANY"),
    ("LIRA", "ITALY"), ("LIRE", "ITALY"), ("liras", "ITALY"), ("RUBEL", "RUSSIA"),
    ("RUBELS", "RUSSIA"), ("ruble", "RUSSIA"), ("RUBLES", "RUSSIA"), ("PIASTER", "TURKEY"),
    ("piasters", "TURKEY"), ("GERMANY", "GERMANY"), ("ger", "GERMANY"), ("T", "TURKEY"),
    ("italy", "ITALY"), ("A", "AUSTRIA"), ("E", "ENGLAND"), ("RUS", "RUSSIA"), ("f", "FRANCE"),
])
def test_every_name_of_a_currency(word: str, power: str) -> None:
    result = commerce(mail("MIDAS", f"sell 10 {word}"))
    assert result["errors"] == {}
    assert holdings(result, "MIDAS")[power] == 990


def test_the_warning_when_purchases_cost_more_than_the_funds() -> None:
    result = commerce(mail("MIDAS", "SELL 100 LIRA", "BUY 50 MARK", "BUY 70 POUND"),
                      mail("CROESUS", "SELL 100 LIRA", "BUY 100 MARK"),
                      players=accounts(MIDAS=account(sfr=1)))
    assert result["warnings"] == {"MIDAS": [
        "WARNING: your purchases cost 120.00 SFr but you will have 100.01 SFr; "
        "they will be reduced as the rules require"]}
    assert holdings(result, "MIDAS")["ENGLAND"] == 1050  # reduced from 70
    assert result["state"]["players"]["MIDAS"]["sfr"] == 1
    assert holdings(result, "CROESUS")["GERMANY"] == 1100  # exactly enough: no warning


def test_a_stranger_is_refused_in_every_phase() -> None:
    result = commerce(mail("nobody@example.com", "SELL 10 LIRA", "HELLO"))
    assert result["errors"] == {"nobody@example.com": [
        "SELL 10 LIRA: nobody@example.com is not a player in this game",
        "HELLO: nobody@example.com is not a player in this game"]}
    fought = play(case("S1901M", accounts(), [mail("ZEUS", "A PAR H", power="FRA")],
                       commanders={"FRANCE": "MIDAS"}))
    assert refused(fought) == {("ZEUS/FRANCE", "A PAR H: ZEUS is not a player in this game")}


def test_a_pseudonym_is_matched_in_any_case_and_keyed_as_written() -> None:
    result = commerce(mail("midas", "SELL 10 LIRA", "SELL 0 LIRA"))
    assert result["errors"] == {"midas": ["SELL 0 LIRA: number must be at least 1"]}
    assert holdings(result, "MIDAS")["ITALY"] == 990


def test_orders_signed_on_as_a_power_during_commerce_are_refused() -> None:
    result = commerce(mail("MIDAS", "A PAR - BUR", power="FRANCE"))
    assert result["errors"] == {
        "MIDAS/FRANCE": ["A PAR - BUR: you do not command FRANCE this season"]}


def test_military_orders_must_be_signed_on_as_a_power() -> None:
    result = play(case("S1901M", accounts(), [mail("MIDAS", "A PAR - BUR", "SELL 10 LIRA")],
                       commanders={"FRANCE": "MIDAS"}))
    assert {key for key, _ in refused(result)} == {"MIDAS"}
    assert len(result["errors"]["MIDAS"]) == 2
    assert "A PAR" in result["state"]["units"]["FRANCE"]


def test_a_commanders_bad_orders_are_refused_one_by_one() -> None:
    result = play(case("S1901M", accounts(), [
        mail("MIDAS", "A PAR - BUR", "A KIE - HOL", "F BRE - XYZ", "A MAR H", power="F")],
        commanders={"FRANCE": "MIDAS"}))
    assert set(result["errors"]) == {"MIDAS/FRANCE"}
    lines = [text.split(":")[0] for text in result["errors"]["MIDAS/FRANCE"]]
    assert lines == ["A KIE - HOL", "F BRE - XYZ"]
    assert "A BUR" in result["state"]["units"]["FRANCE"]


def test_a_later_military_mail_replaces_the_powers_orders() -> None:
    result = play(case("S1901M", accounts(), [
        mail("MIDAS", "A PAR - BUR", power="FRANCE"),
        mail("MIDAS", "A PAR - PIC", power="FRANCE"),
        mail("MIDAS", "A PAR - XYZ", power="FRANCE"),  # all refused: PIC stands
    ], commanders={"FRANCE": "MIDAS"}))
    assert "A PIC" in result["state"]["units"]["FRANCE"]
    assert len(result["errors"]["MIDAS/FRANCE"]) == 1


def test_one_commander_may_order_several_powers() -> None:
    result = play(case("S1901M", accounts(), [
        mail("MIDAS", "A PAR - BUR", power="FRANCE"),
        mail("MIDAS", "A MUN - RUH", power="GERMANY"),
    ], commanders={"FRANCE": "MIDAS", "GERMANY": "MIDAS"}))
    assert result["errors"] == {}
    assert "A BUR" in result["state"]["units"]["FRANCE"]
    assert "A RUH" in result["state"]["units"]["GERMANY"]


def test_too_many_builds_are_refused_under_the_mail_that_sent_them() -> None:
    result = play(case("W1901A", accounts(), [
        mail("MIDAS", "BUILD A PAR", "build a mar", power="FRANCE")],
        units={"FRANCE": ["F BRE", "A BUR"]},
        centers={**G["HOMES"], "FRANCE": ["BRE", "PAR", "MAR"]},
        commanders={"FRANCE": "MIDAS"}))
    assert set(result["state"]["units"]["FRANCE"]) == {"F BRE", "A BUR", "A PAR"}
    assert [t.split(":")[0] for t in result["errors"]["MIDAS/FRANCE"]] == ["build a mar"]


def test_blank_lines_are_neither_accepted_nor_refused() -> None:
    result = commerce(mail("MIDAS", "", "SELL 10 LIRA", "   "), mail("CROESUS", ""),
                      mail("nobody", "", "HELLO"))
    assert refused(result) == {("nobody", "HELLO: nobody is not a player in this game")}
    assert holdings(result, "MIDAS")["ITALY"] == 990


def test_an_account_without_its_keys_is_a_new_players() -> None:
    players = accounts()
    players["NEWBIE"] = {}
    result = commerce(mail("NEWBIE", "SELL 10 LIRA"), players=players,
                      params={"START_UNITS": 700, "START_SFR": 5})
    assert result["state"]["players"]["NEWBIE"] == {"sfr": 1005, "holdings": {
        "AUSTRIA": 700, "ENGLAND": 700, "FRANCE": 700, "GERMANY": 700, "ITALY": 690,
        "RUSSIA": 700, "TURKEY": 700}}
