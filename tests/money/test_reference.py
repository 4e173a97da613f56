"""The fast order determination gives exactly what the plain reference of spec 5.9 gives:
same orders, same payments, same reduction rounds, same number of passes, and the same
last-pass money on every candidate (the GameMaster's chart)."""

from __future__ import annotations

import random
import runpy
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.money.payola.determination import Determination, Settings, determine
from judge.money.payola.movement import Table, decide
from judge.money.payola.offers import Bribe, OfferSheet, OfferType, expand_sheets

HERE = Path(__file__).parent
_tables = runpy.run_path(str(HERE / "random_tables.py"))
BOARD, random_table = _tables["BOARD"], _tables["random_table"]
reference = runpy.run_path(str(HERE / "reference.py"))

RULES = [[], ["EBAYOLA"], ["EBAYOLA", "PUBLIC_TOTALS"], ["NO_PLATEAU"], ["ZEROSUM"],
         ["VASSAL_DUMMIES"], ["VASSAL_DUMMIES", "EBAYOLA"]]


def _compare(table: Table, seed: int) -> Any:
    det, rankings = decide(table, seed, BOARD)
    rules = table.rules
    units = {p: table.position.units.get(p, ()) for p in BOARD.powers}
    who = table.who()
    sheets = table.sheets_in_force()
    bribes = expand_sheets(sheets, units, BOARD.powers)
    funds = {p: max(0, table.balances.get(p, 0) - sheets.get(p, OfferSheet()).savings)
             if who.has_account(p) else 0 for p in BOARD.powers}
    for vassal, lord in who.vassals().items():
        assert rankings[vassal] == rankings[lord]  # a vassal breaks ties with its lord's list
    found = reference["determine"](
        bribes, table.position.occupant, funds, rankings, rules.ebayola, rules.public_totals,
        False, who.uncontrolled_dummies())
    _agree(det, *found)
    return det


def _agree(det: Determination, chosen: dict[str, Any], spent: dict[str, int],
           rounds: dict[str, int], passes: int) -> None:
    """The fast determination ``det`` says what the reference found."""
    assert set(chosen) == set(det.decisions)
    for province, want in chosen.items():
        got = det.decisions[province]
        assert str(got.order) == want.order, province
        assert dict(got.paid) == want.paid, province
        assert got.total == want.total, province
        chart = det.chart[province]
        assert str(chart[0].order) == want.order
        assert {str(c.order): dict(c.contributions) for c in chart} == want.candidates
        assert all(c.total == sum(c.contributions.values()) for c in chart)
    assert dict(det.spent) == spent
    assert dict(det.rounds) == rounds
    assert det.passes == passes


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULES), dummy=st.booleans(),
       controlled=st.booleans())
def test_fast_determination_equals_the_reference(seed: int, rules: list[str], dummy: bool,
                                                 controlled: bool) -> None:
    _compare(random_table(seed, rules, dummy, controlled), seed)


def test_reference_agreement_includes_long_reductions() -> None:
    """Some drawn tables need many passes, so the comparison above covers reductions."""
    most = max(_compare(random_table(seed, ["EBAYOLA"]), seed).passes for seed in range(40))
    assert most >= 10


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULES), dummy=st.booleans())
def test_long_reductions_on_full_sheets(seed: int, rules: list[str], dummy: bool) -> None:
    """Sheets of 20 to 60 lines: the money runs out over many passes and reduction rounds,
    winners change on the way and plateaus are reached (the packed sums, the spending kept
    as rounds lower the chosen candidates, and the remembered tie choices all at work)."""
    _compare(random_table(seed, rules, dummy, lines=60), seed)


def test_full_sheets_need_many_passes() -> None:
    """The full sheets above do reach long reductions."""
    most = max(_compare(random_table(seed, []), seed).passes
               for seed in range(3))
    assert most >= 20


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULES),
       shift=st.sampled_from([61, 62, 63, 70, 130]))
def test_amounts_wider_than_a_machine_word(seed: int, rules: list[str], shift: int) -> None:
    """The fast determination packs each unit's money into fields of a width chosen from
    the sum of all amounts (64 bits unless that sum needs more): a rich extra payer with
    amounts around 2**shift on some units, one of them a tie between two candidates,
    changes nothing in the agreement with the reference."""
    table = random_table(seed, rules)
    rng = random.Random(seed)
    sheets = table.sheets_in_force()
    units = {p: table.position.units.get(p, ()) for p in BOARD.powers}
    bribes = {p: list(b) for p, b in expand_sheets(sheets, units, BOARD.powers).items()}
    funds = {p: max(0, table.balances.get(p, 0) - sheets.get(p, OfferSheet()).savings)
             for p in BOARD.powers}
    payers = [*BOARD.powers, "BANKER"]  # ranked like a power (the reference ranks no other)
    rankings = {p: tuple(rng.sample(payers, len(payers))) for p in BOARD.powers}
    orders: dict[str, list[Any]] = {}
    for b in (b for bs in bribes.values() for b in bs):
        if b.order is not None and b.order not in orders.setdefault(b.unit.province, []):
            orders[b.unit.province].append(b.order)
    rich: list[Bribe] = []
    big = 1 << shift
    for n, province in enumerate(sorted(orders)[:3]):
        choices = orders[province]
        unit = choices[0].unit
        amount = big + rng.randint(0, 50)
        rich.append(Bribe("BANKER", len(rich) + 1, unit, OfferType.DIRECT, amount,
                          rng.choice([0, amount - 100]), rng.choice(choices)))
        if n == 0 and len(choices) > 1:  # a tie between two huge totals
            rich.append(Bribe("BANKER", len(rich) + 1, unit, OfferType.DIRECT, amount,
                              rich[-1].plateau, next(o for o in choices if o != rich[-1].order)))
        if n == 1:
            rich.append(Bribe("BANKER", len(rich) + 1, unit, OfferType.GIFT, big, 0))
    bribes["BANKER"] = rich
    # rich enough, or short by a few AgP: a few rounds, never 2**shift of them
    funds["BANKER"] = sum(b.amount for b in rich) - rng.choice([-1, 0, 1, 7, 40])
    rules_ = table.rules
    det = determine(bribes, table.position.occupant, funds, rankings,
                    Settings(rules_.ebayola, rules_.public_totals))
    _agree(det, *reference["determine"](bribes, table.position.occupant, funds, rankings,
                                        rules_.ebayola, rules_.public_totals))
