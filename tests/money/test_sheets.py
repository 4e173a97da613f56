"""Offer-sheet reading and checking: every numbered error (spec 3.9), P38 and P39."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from judge.engine.board import Map
from judge.engine.state import position_from_state
from judge.money.payola.offers import OfferSheet, OfferType, order_tail
from judge.money.payola.rules import RuleSet
from judge.money.payola.sheets import SheetContext
from judge.text.offers import is_clear, read_line, read_sheet

FACTS = runpy.run_path(str(Path(__file__).with_name("sheet_facts.py")))


def _ctx(board: Map, rules: list[str] = (), power: str = "FRANCE", balance: int = 48,
         units: dict | None = None, dummies: frozenset = frozenset()) -> SheetContext:
    units = units or {p: list(u) for p, u in board.starting_units.items()}
    position = position_from_state({"phase": "S1901M", "units": units}, board)
    return SheetContext(power, position, board, RuleSet.parse(rules, board.centers), balance,
                        dummies)


def _verdict(result: OfferSheet | list) -> str | None:
    return None if isinstance(result, OfferSheet) else result[0].code


@pytest.mark.parametrize(("line", "code"), FACTS["P38"], ids=[x[0] for x in FACTS["P38"]])
def test_p38_line(line: str, code: str | None, board: Map) -> None:
    assert _verdict(read_sheet(line, _ctx(board))) == code


@pytest.mark.parametrize(("line", "code"), FACTS["P38_BLIND"],
                         ids=[x[0] for x in FACTS["P38_BLIND"]])
def test_p38_blind_line(line: str, code: str | None, board: Map) -> None:
    units = {"AUSTRIA": ["A SER"], "TURKEY": ["F BUL/EC"], "FRANCE": ["A PAR"]}
    assert _verdict(read_sheet(line, _ctx(board, ["BLIND"], units=units))) == code


def test_p39_classic_with_limit_offers(board: Map) -> None:
    lines = [x[0] for x in FACTS["P39"]]
    ctx = _ctx(board, ["PAYOLA_CLASSIC", "LIMIT_OFFERS"], balance=21)
    errors = read_sheet("\n".join(lines), ctx)
    assert isinstance(errors, list)
    found = {e.line: e.code for e in errors}
    expected = {i: code for i, (_, code) in enumerate(FACTS["P39"], start=1) if code}
    assert found == expected


def test_valid_classic_lines_make_a_sheet_of_18(board: Map) -> None:
    valid = [x[0] for x in FACTS["P39"] if x[1] is None]
    sheet = read_sheet("\n".join(valid), _ctx(board, ["PAYOLA_CLASSIC", "LIMIT_OFFERS"],
                                              balance=21))
    assert isinstance(sheet, OfferSheet)
    assert sum(o.total for o in sheet.offers) == 18


def test_a_sheet_with_any_error_is_refused_whole_and_lists_every_error(board: Map) -> None:
    text = "5 : A PAR - BUR\n0 : F LON - NTH\n4 : F BRE - MAO | - MAO"
    result = read_sheet(text, _ctx(board))
    assert [(e.line, e.code) for e in result] == [(2, "E14"), (3, "E9")]


def test_zero_foreign_lifts_e14(board: Map) -> None:
    assert _verdict(read_sheet("0 : F LON - NTH", _ctx(board, ["ZERO_FOREIGN"]))) is None


def test_no_plateau_and_no_savings(board: Map) -> None:
    assert _verdict(read_sheet("5#2 : A PAR H", _ctx(board, ["NO_PLATEAU"]))) == "E3"
    assert _verdict(read_sheet("5 $", _ctx(board, ["NO_SAVINGS"]))) == "E4"
    assert _verdict(read_sheet("5#2 : A PAR H", _ctx(board, ["NO_SAVINGS"]))) == "E3"


def test_touch_and_remote_bribes(board: Map) -> None:
    # in 1901 no French unit touches Germany's A MUN; a French army in BUR does
    assert _verdict(read_sheet("1 : A MUN - RUH", _ctx(board, ["TOUCH_BRIBE"]))) == "E23"
    assert _verdict(read_sheet("1 : A MUN - RUH", _ctx(board, ["REMOTE_BRIBE"]))) is None
    units = {"FRANCE": ["A BUR"], "GERMANY": ["A MUN"]}
    touch = _ctx(board, ["TOUCH_BRIBE"], units=units)
    assert _verdict(read_sheet("1 : A MUN - RUH", touch)) is None
    assert _verdict(read_sheet("1 : A MUN - RUH",
                               _ctx(board, ["REMOTE_BRIBE"], units=units))) == "E23"


def test_pay_dummies_errors(board: Map) -> None:
    rules = ["PAY_DUMMIES"]
    dummies = frozenset({"ITALY"})
    ok = "A PAR - BUR\nA MAR H\nF BRE H\n3 : A VEN - PIE"
    assert _verdict(read_sheet(ok, _ctx(board, rules, dummies=dummies))) is None
    assert _verdict(read_sheet("2 : A PAR - BUR", _ctx(board, rules, dummies=dummies))) == "E20"
    assert _verdict(read_sheet("A PAR H\nA MAR H\nF BRE H\n1 : A MUN H",
                               _ctx(board, rules, dummies=dummies))) == "E21"
    assert _verdict(read_sheet("A PAR H", _ctx(board, rules, dummies=dummies))) == "E22"
    assert _verdict(read_sheet("A PAR H", _ctx(board, rules + ["DEFAULT_UNORDERED"],
                                                dummies=dummies))) is None


def test_restrict_signal_errors(board: Map) -> None:
    rules = ["RESTRICT_SIGNAL"]
    ctx = _ctx(board, rules, power="AUSTRIA")
    assert _verdict(read_sheet("0 : F TRI S A VEN - SWI ?", ctx)) is None
    assert _verdict(read_sheet("1 : F TRI S A VEN - SWI ?", ctx)) == "E24"
    foreign = _ctx(board, rules + ["ZERO_FOREIGN"])
    assert _verdict(read_sheet("0 : F TRI S A VEN - SWI ?", foreign)) == "E25"
    assert _verdict(read_sheet("0 : F TRI S A VEN - SWI ? | H", ctx)) == "E26"
    two = "0 : F TRI S A VEN - SWI ?\n0 : F TRI S A VIE - ROM ?"
    assert _verdict(read_sheet(two, ctx)) == "E27"


def test_without_signal_support_an_impossible_support_is_e13(board: Map) -> None:
    assert _verdict(read_sheet("0 : F TRI S A VEN - SWI", _ctx(board, power="AUSTRIA"))) == "E13"


def test_support_to_a_coast_is_refused(board: Map) -> None:
    units = {"TURKEY": ["F CON"], "RUSSIA": ["A BUL"]}
    assert _verdict(read_sheet("1 : A BUL S F CON - BUL/SC", _ctx(board, units=units))) == "E13"


def test_a_convoying_fleet_must_be_on_a_chain_to_the_destination(board: Map) -> None:
    # Spain touches two seas that do not touch each other: only the Mid-Atlantic reaches Brest
    units = {"FRANCE": ["A SPA", "F MAO", "F GOL"]}
    ctx = _ctx(board, units=units)
    assert _verdict(read_sheet("1 : F MAO C A SPA - BRE", ctx)) is None
    assert _verdict(read_sheet("1 : F GOL C A SPA - TUS", ctx)) is None
    refused = read_sheet("1 : F GOL C A SPA - BRE", ctx)
    assert [(e.code, e.message) for e in refused] == [("E13", "IMPOSSIBLE CONVOY ORDER")]


def test_values_read_from_a_line(board: Map) -> None:
    offer = read_line("2*4#2+3# @ A PAR - BUR | S F BRE % note", board)
    assert offer.type is OfferType.HOLD
    assert [(t.count, t.amount, t.plateau) for t in offer.terms] == [(2, 4, 2), (1, 3, 3)]
    assert offer.comment == "note"
    assert len(offer.orders) == 2
    bare = read_line("a mar h", board)
    assert bare.type is OfferType.DIRECT and not bare.written_amount


def test_clear_and_nmr(board: Map) -> None:
    assert is_clear("CLEAR") and is_clear(" (nmr) ") and is_clear("NMR")
    assert not is_clear("CLEAR A PAR")


@pytest.mark.parametrize("line", ["WAIVE", "5 : WAIVE", "BUILD A PAR", "5 & BUILD F BRE",
                                  "5 : A PAR DISBAND", "5 : A PAR H | DISBAND",
                                  "5 : A PAR H | WAIVE", "3 ! REMOVE A PAR"])
def test_orders_of_other_phases_cannot_be_bought(line: str, board: Map) -> None:
    errors = read_sheet(line, _ctx(board))
    assert isinstance(errors, list) and errors[0].code == "E10"
    assert "NOT A MOVEMENT ORDER" in errors[0].message


@pytest.mark.parametrize("line", [
    "2*4#2+3# @ A PAR - BUR | S F BRE % note", "5 : PAR H | A PAR - BUR", "1 ! F BRE - MAO",
    "3 & A MAR S A PAR - BUR ? | - GAS", "0 : F LON C A YOR - NWY | H", "7 > A PAR - PIC"])
def test_an_offer_prints_its_terms_type_unit_and_each_order_without_the_unit(
        line: str, board: Map) -> None:
    """Offer.__str__ (which cuts each order's unit off its text) against the plain
    composition from order_tail."""
    offer = read_line(line, board)
    terms = "+".join(str(t) for t in offer.terms)
    tails = " | ".join(order_tail(o) for o in offer.orders)
    comment = f" % {offer.comment}" if offer.comment else ""
    assert str(offer) == f"{terms} {offer.type.value} {offer.unit} {tails}{comment}"


def test_values_made_through_their_slots_equal_their_constructors(board: Map) -> None:
    """new_offer, new_term and written_line (a sheet makes one per line without the frozen
    dataclass's __init__) give every field, and the same value as the constructor."""
    from dataclasses import astuple, fields

    from judge.money.payola.offers import Comment, Offer, Term, new_offer, new_term
    from judge.money.payola.sheets import WrittenLine, written_line

    offer = read_line("3*12#4+2 ! A PAR - BUR | H % note", board)
    assert isinstance(offer, Offer)
    args = tuple(getattr(offer, f.name) for f in fields(Offer))
    assert [f.name for f in fields(Offer)] == [
        "terms", "type", "unit", "orders", "comment", "written_amount"]
    made = new_offer(*args)
    assert made == Offer(*args) and astuple(made) == astuple(Offer(*args))
    assert hash(made) == hash(Offer(*args))
    assert [f.name for f in fields(Term)] == ["amount", "count", "plateau", "plateau_written"]
    assert new_term(12, 3, 4, True) == Term(12, 3, 4, True)
    assert [f.name for f in fields(WrittenLine)] == ["number", "text", "value"]
    assert written_line(7, "% x", Comment("x")) == WrittenLine(7, "% x", Comment("x"))


def test_sheet_texts_print_every_line_as_str_does(board: Map) -> None:
    """sheet_texts (statements print sheets with it, each order's tail printed once and
    kept by the order's identity) gives str() of every line, with the kept tails shared by
    several sheets."""
    from judge.money.payola.offers import Comment, Savings, Term, sheet_texts

    lines = ["2*4#2+3# @ A PAR - BUR | S F BRE % note", "5 : PAR H | A PAR - BUR",
             "1 ! F BRE - MAO", "3 & A MAR S A PAR - BUR ? | - GAS",
             "0 : F LON C A YOR - NWY | H", "7 > A PAR - PIC", "4#2 : A PAR - BUR % x",
             "5 : A PAR - BUR | H", "12+1 & F BRE H"]
    values = [read_line(line, board) for line in lines]
    values += [Savings((Term(3), Term(2, 2)), "kept"), Comment("a note")]
    tails: dict[int, str] = {}
    assert sheet_texts(values, tails) == [str(v) for v in values]
    assert tails  # the second sheet finds the first one's orders already printed
    assert sheet_texts(values[::-1], tails) == [str(v) for v in values[::-1]]
