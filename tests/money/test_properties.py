"""Properties of Payola order determination on random positions, balances, acceptance lists
and offer sheets; and the offer grammar on arbitrary text."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.legality import check_order
from judge.engine.maps import load_map
from judge.engine.orders import Hold, Move, Order, SupportHold
from judge.engine.outcomes import Reason
from judge.engine.position import Position, Unit
from judge.engine.state import position_from_state
from judge.money.acceptance import AcceptanceList
from judge.money.offers import OfferSheet, Signal
from judge.money.payola import Table, play_movement
from judge.money.rules import RuleSet
from judge.money.sheets import SheetContext
from judge.money.validity import Invalid, resolve
from judge.text.offers import LineError, read_line, read_sheet

BOARD = load_map("standard")
RULES = [[], ["EBAYOLA"], ["ZEROSUM"], ["EBAYOLA", "PUBLIC_TOTALS"], ["NO_PLATEAU"]]


def _position(rng: random.Random) -> Position:
    """Some of each power's starting units, somewhere near home."""
    units: dict[str, list[str]] = {}
    taken: set[str] = set()
    for power, starting in BOARD.starting_units.items():
        for text in starting:
            if rng.random() < 0.25:
                continue
            unit = Unit.parse(text)
            if rng.random() < 0.4:
                assert unit.type is not None
                step = sorted(BOARD.neighbours(unit.type, unit.location))
                unit = Unit(unit.type, rng.choice(step))
            if unit.province in taken:
                continue
            taken.add(unit.province)
            units.setdefault(power, []).append(str(unit))
    return position_from_state({"phase": "S1903M", "units": units}, BOARD)


def _orders(unit: Unit, position: Position) -> list[Order]:
    assert unit.type is not None
    raw: list[Order] = [Hold(unit)]
    for loc in sorted(BOARD.neighbours(unit.type, unit.location)):
        raw.append(Move(unit, loc))
        other = position.unit_at(loc.split("/")[0])
        if other is not None:
            raw.append(SupportHold(unit, other[1]))
    out = []
    for order in raw:
        try:
            found = resolve(order, position, BOARD, False)
        except Invalid:
            continue
        if found not in out:
            out.append(found)
    return out


def _sheet_lines(power: str, position: Position, rng: random.Random) -> list[str]:
    units = [u for us in position.units.values() for u in us]
    lines = []
    for _ in range(rng.randint(0, 12)):
        unit = rng.choice(units)
        orders = _orders(unit, position)
        picks = rng.sample(orders, k=min(len(orders), rng.randint(1, 3)))
        kind = rng.choice(":!>@&")
        own = unit in position.units.get(power, ())
        amount = rng.randint(0 if own else 1, 30)
        term = str(amount)
        if rng.random() < 0.2 and amount:
            term += f"#{rng.randint(0, amount)}"
        if rng.random() < 0.2:
            term = f"{rng.randint(1, 3)}*{term}"
        tails = [str(o)[len(str(o.unit)):].strip() for o in picks[1:]]
        lines.append(f"{term} {kind} {picks[0]}" + "".join(f" | {t}" for t in tails))
    if rng.random() < 0.2:
        lines.append(f"{rng.randint(0, 40)} $")
    return lines


def _table(seed: int, rules: list[str]) -> Table:
    rng = random.Random(seed)
    position = _position(rng)
    ruleset = RuleSet.parse(rules, BOARD.centers)
    balances = {p: rng.choice([0, 1, 5, 20, 60, 150]) for p in BOARD.powers}
    sheets = {}
    for power in BOARD.powers:
        ctx = SheetContext(power, position, BOARD, ruleset, balances[power])
        lines = _sheet_lines(power, position, rng)
        sheet = read_sheet("\n".join(lines), ctx)
        if isinstance(sheet, OfferSheet):
            sheets[power] = sheet
    accept = {}
    for power in BOARD.powers:
        letters = [p[0] for p in BOARD.powers]
        rng.shuffle(letters)
        accept[power] = AcceptanceList.parse("".join(letters[: rng.randint(0, 7)]), BOARD.powers)
    return Table(position, balances, accept, sheets, ruleset)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULES))
def test_payola_phase_invariants(seed: int, rules: list[str]) -> None:
    table = _table(seed, rules)
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
            assert e.code.startswith("E") and e.message


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=OFFER_ALPHABET + "\n", max_size=80))
def test_sheet_reader_never_crashes(text: str) -> None:
    position = position_from_state(
        {"phase": "S1901M", "units": {p: list(u) for p, u in BOARD.starting_units.items()}},
        BOARD,
    )
    result = read_sheet(text, SheetContext("FRANCE", position, BOARD, RuleSet(), 48))
    assert isinstance(result, (OfferSheet, list))
