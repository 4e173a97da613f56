"""Properties of Payola order determination on random positions, balances, acceptance lists
and offer sheets; and the offer grammar on arbitrary text."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.legality import check_order
from judge.engine.maps import load_map
from judge.engine.outcomes import Reason
from judge.engine.state import position_from_state
from judge.money.payola.movement import play_movement
from judge.money.payola.offers import OfferSheet, Signal
from judge.money.payola.rules import RuleSet
from judge.money.payola.sheets import SheetContext
from judge.text.offers import LineError, read_line, read_sheet

BOARD = load_map("standard")
_table = runpy.run_path(str(Path(__file__).with_name("random_tables.py")))["random_table"]
RULES = [[], ["EBAYOLA"], ["ZEROSUM"], ["EBAYOLA", "PUBLIC_TOTALS"], ["NO_PLATEAU"],
         ["VASSAL_DUMMIES", "ZEROSUM"]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULES), dummy=st.booleans(),
       controlled=st.booleans())
def test_payola_phase_invariants(seed: int, rules: list[str], dummy: bool,
                                 controlled: bool) -> None:
    table = _table(seed, rules, dummy, controlled)
    result = play_movement(table, seed, BOARD, adjudicated=False)
    det = result.determination
    board_units = {u.province: (p, u) for p, us in table.position.units.items() for u in us}
    # every unit issues exactly one legal order (signals aside)
    assert set(det.decisions) == set(board_units)
    for prov, decision in det.decisions.items():
        order = decision.order
        assert order.unit == board_units[prov][1]
        if not isinstance(order, Signal):
            assert not isinstance(check_order(order, None, table.position, BOARD), Reason)
    # nobody pays more than it may spend; balances never negative
    for power in BOARD.powers:
        savings = table.sheets.get(power, OfferSheet()).savings
        assert det.spent[power] <= max(0, table.balances[power] - savings)
        assert result.balances[power] >= 0
    # money is conserved: what leaves the accounts is exactly what the units were paid
    paid_out = sum(sum(d.paid.values()) for d in det.decisions.values())
    assert sum(table.balances.values()) - sum(result.balances.values()) == paid_out
    if "ZEROSUM" in rules:
        assert sum(result.profits.values()) == paid_out
    # the same case and seed give the same result
    again = play_movement(table, seed, BOARD, adjudicated=False)
    assert again.orders == result.orders and again.balances == result.balances
    assert again.paid == result.paid


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_adjudicated_orders_are_the_issued_ones(seed: int) -> None:
    table = _table(seed, [])
    result = play_movement(table, seed, BOARD)
    assert result.phase is not None
    carried = {str(o.unit): o for os in result.phase.orders.values() for o in os}
    for decision in result.determination.decisions.values():
        assert carried[str(decision.unit)] == decision.order


OFFER_ALPHABET = "0123456789 *#+:!>@&$|%?-.ABCFHSPRVIEUNLTGWOMYK/()\t"


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=OFFER_ALPHABET, max_size=40) | st.text(max_size=30))
def test_offer_grammar_never_crashes(text: str) -> None:
    for line in text.splitlines() or [text]:
        try:
            read_line(line, BOARD)
        except LineError as e:
            assert re.fullmatch(r"E\d+", e.code) and e.message


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=OFFER_ALPHABET + "\n", max_size=80))
def test_sheet_reader_never_crashes(text: str) -> None:
    position = position_from_state(
        {"phase": "S1901M", "units": {p: list(u) for p, u in BOARD.starting_units.items()}},
        BOARD,
    )
    result = read_sheet(text, SheetContext("FRANCE", position, BOARD, RuleSet(), 48))
    rows = text.splitlines()
    if isinstance(result, OfferSheet):
        assert len(result.lines) == sum(1 for row in rows if row.strip())  # blanks only left out
        return
    # a refused sheet: every error numbered, on a line of the text as typed, in line order
    assert result and [e.line for e in result] == sorted(e.line for e in result)
    for error in result:
        assert re.fullmatch(r"E\d+", error.code) and error.message
        assert 1 <= error.line <= len(rows) and error.text == rows[error.line - 1]
