"""The results mail in the judge format, from real engine results: headers, one line per
unit with its outcome mark, dislodged units, ownership and adjustments, the next phase."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from judge.engine.adjudicate import OrderError, PhaseResult, adjudicate
from judge.engine.board import Map
from judge.engine.outcomes import Reason
from judge.engine.position import starting_position
from judge.service.reports import Mail, Roster, phase_mails
from tests.reports.conftest import address, orders, position

DEADLINE = datetime(2031, 3, 7, 20, 0, tzinfo=UTC)

# One Fall position where every mark of a movement phase happens once.
FALL_UNITS = {
    "AUSTRIA": ["A TRI", "A TYR", "F NAP", "A APU"],
    "ITALY": ["A VEN", "A ROM", "A TUS"],
    "FRANCE": ["A BUR", "A PAR"],
    "GERMANY": ["A RUH", "A MUN"],
    "ENGLAND": ["A LON", "F ENG", "A LVP"],
    "RUSSIA": ["F SEV"],
    "TURKEY": ["F ANK"],
}
FALL_ORDERS = {
    "AUSTRIA": ["A TRI - VEN", "A TYR S A TRI - VEN", "F NAP - ROM", "A APU S F NAP - ROM"],
    "FRANCE": ["A BUR S A PAR - PIC", "A PAR - PIC"],
    "GERMANY": ["A RUH - BUR", "A MUN - BUR"],
    "ENGLAND": ["A LON - BEL", "A LVP - MOS"],  # no fleet convoys; LVP-MOS is refused:
    # the line shows what the player wrote, marked void (the unit held)
    "ITALY": ["A ROM H"],
}

FALL_GOLDEN = """\
:: Judge: testjudge  Game: alpha  Variant: Standard
:: Deadline: F1901R Fri Mar 07 2031 20:00 UTC

Movement results for Fall of 1901.  (Game alpha)

Austria: Army Apulia SUPPORT Fleet Naples -> Rome.
Austria: Fleet Naples -> Rome.
Austria: Army Trieste -> Venice.
Austria: Army Tyrolia SUPPORT Army Trieste -> Venice.

England: Fleet English Channel HOLD.
England: Army London -> Belgium.  (*no convoy*)
England: Army Liverpool -> Moscow.  (*void*)

France: Army Burgundy SUPPORT Army Paris -> Picardy.  (*cut*)
France: Army Paris -> Picardy.

Germany: Army Munich -> Burgundy.  (*bounce*)
Germany: Army Ruhr -> Burgundy.  (*bounce*)

Italy: Army Rome HOLD.  (*dislodged*)
Italy: Army Tuscany HOLD.
Italy: Army Venice HOLD.  (*dislodged*)

Russia: Fleet Sevastopol HOLD.

Turkey: Fleet Ankara HOLD.

The following units were dislodged:

Italy: Army Rome with no valid retreats was destroyed.
Italy: Army Venice can retreat to Piedmont.

The next phase of 'alpha' will be Retreats for Fall of 1901.
The deadline for orders will be Fri Mar 07 2031 20:00 UTC.
"""


def _fall(board: Map) -> PhaseResult:
    return adjudicate(position(board, "F1901M", FALL_UNITS), orders(board, FALL_ORDERS), board)


def _to(mails: list[Mail], who: str) -> Mail:
    found = [m for m in mails if m.to == who]
    assert len(found) == 1, f"{len(found)} mails to {who}"
    return found[0]


def test_movement_results_match_the_judge_format(board: Map, roster: Roster) -> None:
    mails = phase_mails(roster, _fall(board), DEADLINE)
    mail = _to(mails, address("GERMANY"))  # Germany reads UTC
    assert mail.subject == "Diplomacy results alpha F1901M"
    assert mail.body == FALL_GOLDEN


def test_every_reader_gets_the_results_once(board: Map, roster: Roster) -> None:
    mails = phase_mails(roster, _fall(board), DEADLINE)
    expected = {m.address for m in roster.everyone()}
    assert sorted(m.to for m in mails) == sorted(expected)
    assert len(expected) == 9  # seven players, the observer, the master


def test_the_deadline_is_shown_in_each_readers_zone(board: Map, roster: Roster) -> None:
    mails = phase_mails(roster, _fall(board), DEADLINE)
    assert ":: Deadline: F1901R Fri Mar 07 2031 21:00 CET" in _to(mails, address("FRANCE")).body
    assert "will be Fri Mar 07 2031 23:00 MSK." in _to(mails, address("RUSSIA")).body
    assert "Fri Mar 07 2031 15:00 EST" in _to(mails, "master@players.test").body
    # apart from the deadline, everybody reads the same text
    bodies = {m.body.replace(m.body.split("\n")[1], "") for m in mails}
    assert len({b.split("The deadline for orders")[0] for b in bodies}) == 1


def test_retreats_then_ownership_and_adjustments_after_fall(board: Map, roster: Roster) -> None:
    fall = _fall(board)
    retreats = adjudicate(fall.next, orders(board, {"ITALY": ["A VEN - PIE"]}), board)
    body = _to(phase_mails(roster, retreats, DEADLINE), address("ITALY")).body
    assert "Retreat orders for Fall of 1901.  (Game alpha)" in body
    assert "Italy: Army Venice -> Piedmont.\n" in body
    assert "Ownership of supply centers:\n" in body
    assert "Austria:  Budapest, Rome, Trieste, Venice, Vienna.\n" in body
    assert "Italy:    Naples.\n" in body
    assert "Unowned:  Belgium, Bulgaria, Denmark," in body
    assert "Austria:   5 Supply centers,  4 Units:  Builds 1 unit.\n" in body
    assert "Italy:     1 Supply center ,  2 Units:  Removes 1 unit.\n" in body
    assert "Russia:    4 Supply centers,  1 Unit :  Builds 3 units.\n" in body
    assert "The next phase of 'alpha' will be Adjustments for Winter of 1901." in body


def test_two_retreats_to_one_province_bounce_and_are_destroyed(board: Map,
                                                               roster: Roster) -> None:
    start = position(board, "S1901R", {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                     dislodged={"FRANCE": [{"unit": "A BUR", "attacker": "MAR"}],
                                "GERMANY": [{"unit": "A RUH", "attacker": "HOL"}]})
    result = adjudicate(start, orders(board, {"FRANCE": ["A BUR - BEL"],
                                              "GERMANY": ["A RUH - BEL"]}), board)
    body = phase_mails(roster, result, None)[0].body
    assert "France: Army Burgundy -> Belgium.  (*bounce, destroyed*)\n" in body
    assert "Germany: Army Ruhr -> Belgium.  (*bounce, destroyed*)\n" in body
    assert "The deadline for orders has not been set yet." in body
    assert ":: Deadline: F1901M not set\n" in body


def test_adjustment_orders_read_as_builds_removals_and_waives(board: Map,
                                                             roster: Roster) -> None:
    centers = {**{p: sorted(h) for p, h in board.homes.items()},
               "FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR"], "ENGLAND": ["EDI", "LON", "LVP",
                                                                       "NWY"],
               "ITALY": ["NAP"]}
    units = {**board.starting_units, "FRANCE": ["A PAR"], "ENGLAND": ["F EDI", "F LON"],
             "ITALY": ["A ROM", "A VEN"]}
    start = position(board, "W1901A", units, centers)
    given = {"FRANCE": ["BUILD F BRE", "WAIVE"], "ENGLAND": [], "ITALY": ["REMOVE A VEN"]}
    result = adjudicate(start, orders(board, given), board)
    body = phase_mails(roster, result, DEADLINE)[0].body
    assert "Adjustment orders for Winter of 1901.  (Game alpha)" in body
    assert "France: Builds a fleet in Brest.\n" in body
    assert "France: Build waived.\n" in body
    assert "Italy: Removes the army in Venice.\n" in body
    assert "England waives 1 build.\n" in body  # no orders: the build is waived
    assert "France builds 1 of 2, waives 1.\n" in body
    assert "Italy" not in body.split("Removes the army in Venice.")[1]  # removals: no waive
    assert "Ownership of supply centers" not in body
    assert "The next phase of 'alpha' will be Movement for Spring of 1902." in body


def test_spring_to_fall_names_coasts_and_convoys(board: Map, roster: Roster) -> None:
    start = position(board, "S1901M", {"ENGLAND": ["A LON", "F NTH"],
                                       "RUSSIA": ["F STP/SC"]})
    result = adjudicate(start, orders(board, {
        "ENGLAND": ["A LON - NTH - NWY", "F NTH C A LON - NWY"],
        "RUSSIA": ["F STP/SC - BOT"],
    }), board)
    body = phase_mails(roster, result, DEADLINE)[0].body
    assert "England: Army London -> North Sea -> Norway.\n" in body
    assert "England: Fleet North Sea CONVOY Army London -> Norway.\n" in body
    assert "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia.\n" in body
    assert "Movement for Fall of 1901" in body
    assert "Ownership" not in body  # centres change hands only after Fall


def test_victory_ends_the_results(board: Map, roster: Roster) -> None:
    eighteen = ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "LON", "LVP", "EDI",
                "NWY", "SWE", "DEN", "KIE", "BER", "MUN", "TUN"]
    units = {"FRANCE": ["A RUH", "A BUR"], "ITALY": ["A VEN"]}
    start = position(board, "F1905M", units, {"FRANCE": eighteen, "ITALY": ["ROM", "VEN"]})
    result = adjudicate(start, orders(board, {"FRANCE": ["A BUR - MAR", "A RUH - BEL"]}),
                        board)
    assert result.victory is None  # owning 17 is not enough
    start = position(board, "F1905M", {"FRANCE": ["A PIE", "A TYR"], "ITALY": ["A ROM"]},
                     {"FRANCE": eighteen, "ITALY": ["ROM", "VEN", "NAP"]})
    result = adjudicate(start, orders(board, {"FRANCE": ["A TYR - VEN"]}), board)
    assert result.victory == "FRANCE"
    body = phase_mails(roster, result, DEADLINE)[0].body
    assert "France has won the game.\nThe game is over.\n" in body
    assert "The next phase" not in body
    assert ":: Deadline" not in body
    assert "France:   18 Supply centers,  2 Units:  Builds 3 units.  (13 unusable)\n" in body
    assert "France:   Belgium, Berlin, Brest, Denmark, Edinburgh, Holland, Kiel,\n" in body
    assert max(len(line) for line in body.splitlines()) <= 78


@pytest.mark.parametrize("phase", ["S1901M", "F1901M"])
def test_an_opening_with_no_orders_holds_every_unit(board: Map, roster: Roster,
                                                    phase: str) -> None:
    start = starting_position(board)
    if phase == "F1901M":
        start = adjudicate(start, {}, board).next
    body = phase_mails(roster, adjudicate(start, {}, board), DEADLINE)[0].body
    lines = [x for x in body.splitlines() if x.endswith(" HOLD.")]
    assert len(lines) == 22
    assert "(*" not in body


# A Fall where dislodged units had orders of their own, and refused orders were given.
MIXED_UNITS = {
    "GERMANY": ["A MUN", "F NTH", "A YOR", "A RUH", "A BEL"],
    "AUSTRIA": ["A TYR", "A BOH"],
    "FRANCE": ["A BUR", "A PAR", "F BRE", "F MAO", "A GAS"],
    "ENGLAND": ["A LON", "F ENG"],
    "ITALY": ["A SPA", "A MAR", "A VEN"],
}
MIXED_ORDERS = {
    "GERMANY": ["A MUN - TYR", "F NTH - LON", "A YOR S F NTH - LON", "A RUH - BUR",
                "A BEL S A RUH - BUR"],
    "AUSTRIA": ["A TYR - MUN", "A BOH S A TYR - MUN"],
    "FRANCE": ["A BUR S A PAR - PIC", "A PAR - PIC", "F BRE - ENG", "F MAO S F BRE - ENG",
               "A GAS S A PAR - MAR"],
    "ENGLAND": ["A LON - BEL", "F ENG C A LON - BEL"],
    "ITALY": ["A SPA - GAS", "A MAR S A SPA - GAS", "A VEN S A TYR - MUN"],  # VEN: refused
}


def _mixed(board: Map) -> PhaseResult:
    return adjudicate(position(board, "F1901M", MIXED_UNITS), orders(board, MIXED_ORDERS),
                      board)


def test_a_dislodged_unit_also_shows_what_its_own_order_did(board: Map,
                                                           roster: Roster) -> None:
    result = _mixed(board)
    # the engine's contract keeps one outcome per unit; the marks are the report's
    assert {str(u): o.value for u, o in result.outcomes.items()
            if o.value == "dislodged"} == {u: "dislodged" for u in
                                          ["A MUN", "A BUR", "A GAS", "A LON", "F ENG"]}
    body = _to(phase_mails(roster, result, DEADLINE), address("GERMANY")).body
    for line in [
        "Germany: Army Munich -> Tyrolia.  (*bounce, dislodged*)",
        "France: Army Burgundy SUPPORT Army Paris -> Picardy.  (*cut, dislodged*)",
        "France: Army Gascony SUPPORT Army Paris -> Marseilles.  (*void, dislodged*)",
        "England: Army London -> Belgium.  (*no convoy, dislodged*)",
        "England: Fleet English Channel CONVOY Army London -> Belgium.  (*dislodged*)",
        "Italy: Army Venice SUPPORT Army Tyrolia -> Munich.  (*void*)",
        "Germany: Army Ruhr -> Burgundy.",
        "Austria: Army Tyrolia -> Munich.",
    ]:
        assert line + "\n" in body, line
    # the dislodged units are listed by power, then by place
    listed = body.split("The following units were dislodged:\n\n")[1].split("\n\n")[0]
    assert [x.split(":")[0] for x in listed.splitlines()] == [
        "England", "England", "France", "France", "Germany"]


def test_a_refused_order_the_judge_cannot_read_back_leaves_the_hold(board: Map,
                                                                     roster: Roster) -> None:
    result = _fall(board)
    odd = replace(result, errors={"ENGLAND": (OrderError("ENGLAND", "A LVP ~ ???",
                                                         Reason.UNPARSEABLE),)})
    body = _to(phase_mails(roster, odd, DEADLINE), address("GERMANY")).body
    assert "England: Army Liverpool HOLD.  (*void*)\n" in body


def test_an_order_refused_for_another_powers_unit_is_not_shown_as_its_order(
        board: Map, roster: Roster) -> None:
    result = _fall(board)
    odd = replace(result, errors={**result.errors, "FRANCE": (
        OrderError("FRANCE", "A MUN - BOH", Reason.NOT_YOUR_UNIT),)})
    body = _to(phase_mails(roster, odd, DEADLINE), address("GERMANY")).body
    assert "Germany: Army Munich -> Burgundy.  (*bounce*)\n" in body
    assert "Bohemia" not in body
