"""BLIND maps: each reader's map shows exactly the units its results text shows.

For every phase of a game the engine played (movement, retreats, adjustments), as a
BLIND Payola game: the units drawn in each reader's map (read from the SVG) are the
units named in that reader's results mail, power by power; the PNG the mail carries is
that very map; an observer's map shows no unit."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from judge.engine.board import Map, UnitType
from judge.engine.phase import PhaseKind
from judge.engine.position import Unit
from judge.service.reports import phase_mails
from judge.service.reports.maps import file_name, results_png, results_svg
from judge.service.reports.notation import place, power_name, unit_text
from tests.maps.phases import played_game
from tests.reports.conftest import make_roster

DEADLINE = datetime(2031, 3, 7, 20, 0, tzinfo=UTC)
ROLES = ("unit", "dislodged", "built")


def _names(board: Map) -> list[tuple[str, str]]:
    """Every unit's long name in the results text, longest first, with its unit."""
    out = []
    for edges, kind in ((board.army_edges, UnitType.ARMY), (board.fleet_edges, UnitType.FLEET)):
        for location in edges:
            unit = Unit(kind, location)
            out.append((unit_text(unit, board), unit.text))
            article = "a fleet" if kind is UnitType.FLEET else "an army"
            out.append((f"Builds {article} in {place(location, board)}", unit.text))
            out.append((f"Removes the {article.split()[-1]} in {place(location, board)}",
                        unit.text))
    return sorted(out, key=lambda pair: -len(pair[0]))


def text_units(body: str, board: Map) -> set[tuple[str, str]]:
    """(power, unit) of every unit a results text names at the start of a line."""
    powers = {power_name(p): p for p in board.powers}
    names = _names(board)
    found = set()
    for line in body.splitlines():
        m = re.match(r"^([A-Z][a-z]+): (.*)$", line)
        if m is None or m.group(1) not in powers:
            continue
        for name, unit in names:
            rest = m.group(2)
            if rest.startswith(name) and rest[len(name):len(name) + 1] in (" ", ".", ""):
                found.add((powers[m.group(1)], unit))
                break
    return found


def svg_units(svg: str) -> set[tuple[str, str]]:
    root = ET.fromstring(svg)
    return {(e.get("data-power", ""), e.get("data-unit", "")) for e in root.iter()
            if e.get("class") in ROLES}


def test_each_blind_readers_map_shows_the_units_of_its_text(board: Map) -> None:
    roster = make_roster(board, "payola", ["BLIND"])
    kinds = set()
    compared = 0
    for result in played_game(seed=7, years=4):
        kind = result.position.phase.kind
        kinds.add(kind)
        for mail in phase_mails(roster, result, DEADLINE):
            svg = results_svg(roster, result, board, mail.reader)
            drawn = svg_units(svg)
            assert mail.picture == (results_png(roster, result, board, mail.reader),
                                    file_name(roster, result))
            if mail.reader == "OBSERVER":
                assert drawn == set()
                continue
            if mail.reader == "MASTER" and kind is not PhaseKind.MOVEMENT:
                continue  # the master's map shows the whole board, the text the orders
            assert drawn == text_units(mail.body, board), (result.position.phase, mail.reader)
            compared += 1
            if mail.reader != "MASTER":
                # the reader's own units are all there; far ones are not
                own = {u.text for u in result.position.units.get(mail.reader, ())}
                if kind is PhaseKind.MOVEMENT:
                    assert own <= {u for p, u in drawn if p == mail.reader}
    assert kinds == set(PhaseKind)
    assert compared > 50


def test_a_readers_map_is_not_the_whole_board(board: Map) -> None:
    """Self-test of the secrecy: in a movement phase some power's BLIND map lacks units
    that the master's map shows (the check above would notice them in the text)."""
    roster = make_roster(board, "payola", ["BLIND"])
    result = next(r for r in played_game(seed=7, years=4)
                  if r.position.phase.kind is PhaseKind.MOVEMENT)
    everything = svg_units(results_svg(roster, result, board, "MASTER"))
    english = svg_units(results_svg(roster, result, board, "ENGLAND"))
    assert english < everything
    assert not any(p == "TURKEY" for p, _ in english)
