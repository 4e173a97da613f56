"""Random Payola tables for the property tests: a position near the 1901 one, balances,
acceptance lists and offer sheets full of wildcards, plateaus and repetitions."""

from __future__ import annotations

import random

from judge.engine.maps import load_map
from judge.engine.orders import Hold, Move, Order, SupportHold
from judge.engine.position import Position, Unit
from judge.engine.state import position_from_state
from judge.money.payola.acceptance import AcceptanceList
from judge.money.payola.control import Control
from judge.money.payola.movement import Table
from judge.money.payola.offers import OfferSheet
from judge.money.payola.rules import RuleSet
from judge.money.payola.sheets import SheetContext
from judge.money.payola.validity import Invalid, resolve
from judge.text.offers import read_sheet

BOARD = load_map("standard")


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


def _sheet_lines(power: str, position: Position, rng: random.Random,
                 most: int = 12) -> list[str]:
    units = [u for us in position.units.values() for u in us]
    lines = []
    for _ in range(rng.randint(most // 3 if most > 12 else 0, most)):
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


def random_table(seed: int, rules: list[str], dummy: bool = False,
                 controlled: bool = False, lines: int = 12) -> Table:
    """A movement phase drawn from ``seed``. With ``dummy`` one power (chosen by the seed) is
    a DUMMY; with ``controlled`` too, another power controls it (a vassal under
    VASSAL_DUMMIES, otherwise a controlled power with its own sheet); without, it is an
    uncontrolled DUMMY that sends no sheet. ``lines`` is the most offer lines a sheet has
    (more than 12: at least a third of that, so that the money runs out over many rounds)."""
    rng = random.Random(seed)
    position = _position(rng)
    ruleset = RuleSet.parse(rules, BOARD.centers)
    balances = {p: rng.choice([0, 1, 5, 20, 60, 150]) for p in BOARD.powers}
    dummies = frozenset({rng.choice(BOARD.powers)}) if dummy else frozenset()
    lords = {}
    if dummies and controlled:
        lords = {next(iter(dummies)): rng.choice([p for p in BOARD.powers if p not in dummies])}
    who = Control.parse(lords, BOARD.powers, dummies, ruleset.vassal_dummies)
    sheets = {}
    for power in BOARD.powers:
        if who.sheet_refusal(power) is not None:
            continue
        ctx = SheetContext(power, position, BOARD, ruleset, balances[power], dummies,
                           who.controllers)
        text = "\n".join(_sheet_lines(power, position, rng, lines))
        sheet = read_sheet(text, ctx)
        if isinstance(sheet, OfferSheet):
            sheets[power] = sheet
    accept = {}
    for power in BOARD.powers:
        letters = [p[0] for p in BOARD.powers]
        rng.shuffle(letters)
        accept[power] = AcceptanceList.parse("".join(letters[: rng.randint(0, 7)]), BOARD.powers)
    return Table(position, balances, accept, sheets, ruleset, dummies, who)
