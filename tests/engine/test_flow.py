"""How a game moves from phase to phase: skipping, ownership, retreats, adjustments, victory."""

from __future__ import annotations

from judge.engine.outcomes import Outcome, Reason
from judge.engine.position import Unit, starting_position
from judge.engine.state import state_from_position


def test_spring_without_dislodgement_skips_the_retreat_phase(play) -> None:
    pos = play.position("S1901M", {"FRANCE": ["A PAR"]})
    result = play(pos, {"FRANCE": ["A PAR - BUR"]})
    assert str(result.next.phase) == "F1901M"
    assert result.outcomes[Unit.parse("A PAR")] is Outcome.OK


def test_centers_change_hands_only_after_fall(play) -> None:
    centers = {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}
    spring = play.position("S1901M", {"FRANCE": ["A BUR"]}, centers)
    after_spring = play(spring, {"FRANCE": ["A BUR - MUN"]}).next
    assert after_spring.owner["MUN"] == "GERMANY"
    fall = play(after_spring, {"FRANCE": ["A MUN H"]})
    assert fall.next.owner["MUN"] == "FRANCE"
    # France now has 2 centres, 1 unit: it may build in Paris (a vacant home centre).
    assert str(fall.next.phase) == "W1901A"


def test_adjustment_phase_skipped_when_nobody_can_adjust(play) -> None:
    centers = {"FRANCE": ["PAR", "MUN"]}
    pos = play.position("F1901M", {"FRANCE": ["A PAR", "A MUN"]}, centers)
    result = play(pos, {})
    assert str(result.next.phase) == "S1902M"


def test_builds_need_a_vacant_owned_home_center(play) -> None:
    # Two builds due, but only Marseilles is a vacant home centre France owns.
    centers = {"FRANCE": ["PAR", "MAR", "BEL", "SPA"]}
    pos = play.position("W1901A", {"FRANCE": ["A PAR", "A BEL"]}, centers)
    result = play(pos, {"FRANCE": ["BUILD A PAR", "BUILD F MAR", "BUILD A BRE"]})
    reasons = {e.text: e.reason for e in result.errors["FRANCE"]}
    assert reasons == {"BUILD A PAR": Reason.OCCUPIED, "BUILD A BRE": Reason.NOT_OWNED}
    assert state_from_position(result.next)["units"] == {"FRANCE": ["A BEL", "A PAR", "F MAR"]}
    assert str(result.next.phase) == "S1902M"


def test_waive_uses_a_build(play) -> None:
    centers = {"RUSSIA": ["MOS", "STP", "WAR"]}
    pos = play.position("W1901A", {"RUSSIA": ["A WAR"]}, centers)
    result = play(pos, {"RUSSIA": ["WAIVE", "BUILD F STP/NC", "BUILD A MOS"]})
    assert [e.reason for e in result.errors["RUSSIA"]] == [Reason.NO_BUILDS]
    assert state_from_position(result.next)["units"] == {"RUSSIA": ["A WAR", "F STP/NC"]}


def test_fleet_build_on_a_split_coast_needs_the_coast(play) -> None:
    centers = {"RUSSIA": ["MOS", "STP", "WAR"]}
    pos = play.position("W1901A", {"RUSSIA": ["A WAR"]}, centers)
    result = play(pos, {"RUSSIA": ["BUILD F STP"]})
    assert [e.reason for e in result.errors["RUSSIA"]] == [Reason.COAST_NEEDED]


def test_missing_removals_follow_civil_disorder(play) -> None:
    centers = {"ITALY": ["VEN"]}
    pos = play.position("W1901A", {"ITALY": ["A VEN", "A SIL", "F ION"]}, centers)
    result = play(pos, {})
    removed = sorted(str(u) for u, o in result.outcomes.items() if o is Outcome.REMOVED)
    assert removed == ["A SIL", "F ION"]  # farthest first; ION and SIL: SIL is 3 away
    assert state_from_position(result.next)["units"] == {"ITALY": ["A VEN"]}


def test_dislodged_unit_retreat_options_exclude_attacker_and_standoff(play) -> None:
    pos = play.position(
        "S1901M",
        {
            "GERMANY": ["A MUN", "A BER"],
            "FRANCE": ["A BUR", "A RUH"],
            "AUSTRIA": ["A BOH", "A VIE"],
            "ITALY": ["A TYR"],
        },
    )
    result = play(
        pos,
        {
            "FRANCE": ["A BUR - MUN", "A RUH S A BUR - MUN"],
            "AUSTRIA": ["A BOH - SIL", "A VIE - BOH"],
            "GERMANY": ["A BER - SIL"],
            "ITALY": ["A TYR H"],
        },
    )
    mun = Unit.parse("A MUN")
    assert result.outcomes[mun] is Outcome.DISLODGED
    # Not BUR (attacker), not SIL (standoff), not RUH, BOH, TYR, BER (occupied); KIE is free.
    assert result.retreats[mun] == ("KIE",)
    nxt = state_from_position(result.next)
    assert nxt["phase"] == "S1901R"
    assert nxt["dislodged"] == {"GERMANY": [{"unit": "A MUN", "attacker": "BUR"}]}
    assert nxt["contested"] == ["SIL"]


def test_unit_with_no_retreat_is_destroyed_and_phase_skipped(play) -> None:
    pos = play.position(
        "S1901M",
        {"ENGLAND": ["F NTH", "F ENG"], "GERMANY": ["A WAL", "A YOR"], "FRANCE": ["F LON"]},
    )
    result = play(pos, {"ENGLAND": ["F ENG - LON", "F NTH S F ENG - LON"]})
    assert result.retreats == {Unit.parse("F LON"): ()}
    assert str(result.next.phase) == "F1901M"
    assert state_from_position(result.next)["units"]["ENGLAND"] == ["F LON", "F NTH"]
    assert "FRANCE" not in state_from_position(result.next)["units"]


def test_retreat_phase_two_retreats_to_one_place_both_disband(play) -> None:
    pos = play.position(
        "F1901R",
        {"ENGLAND": ["F NTH"]},
        {"ENGLAND": ["LON"], "GERMANY": ["KIE"]},
        dislodged={
            "GERMANY": [{"unit": "F HOL", "attacker": "NTH"}],
            "FRANCE": [{"unit": "F BEL", "attacker": "ENG"}],
        },
    )
    result = play(pos, {"GERMANY": ["F HOL - HEL"], "FRANCE": ["F BEL - HOL"]})
    assert result.outcomes[Unit.parse("F BEL")] is Outcome.OK
    assert result.outcomes[Unit.parse("F HOL")] is Outcome.OK
    both = play(pos, {"GERMANY": ["F HOL - HEL"], "FRANCE": ["F BEL - PIC"]})
    assert state_from_position(both.next)["units"]["FRANCE"] == ["F PIC"]
    clash = play(
        play.position(
            "S1901R",
            {},
            {"ENGLAND": ["LON"]},
            dislodged={
                "GERMANY": [{"unit": "F HOL", "attacker": "NTH"}],
                "FRANCE": [{"unit": "F PIC", "attacker": "ENG"}],
            },
        ),
        {"GERMANY": ["F HOL - BEL"], "FRANCE": ["F PIC - BEL"]},
    )
    assert set(clash.outcomes.values()) == {Outcome.DISBANDED}
    assert state_from_position(clash.next)["units"] == {}


def test_fall_retreat_then_centers_then_adjustments(play) -> None:
    # France stands in Munich; a German army dislodged from Kiel retreats home to Berlin.
    pos = play.position(
        "F1901R",
        {"FRANCE": ["A MUN"]},
        {"FRANCE": ["PAR"], "GERMANY": ["MUN", "BER"]},
        dislodged={"GERMANY": [{"unit": "A KIE", "attacker": "HOL"}]},
    )
    result = play(pos, {"GERMANY": ["A KIE - BER"]})
    nxt = result.next
    assert nxt.owner["MUN"] == "FRANCE"
    assert str(nxt.phase) == "W1901A"


def test_victory_is_reported_after_fall(play) -> None:
    eighteen = [
        "ANK",
        "BEL",
        "BER",
        "BRE",
        "BUD",
        "BUL",
        "CON",
        "DEN",
        "EDI",
        "GRE",
        "HOL",
        "KIE",
        "LON",
        "LVP",
        "MAR",
        "MUN",
        "NWY",
        "PAR",
    ]
    pos = play.position(
        "F1905M", {"FRANCE": ["A PAR"]}, {"FRANCE": eighteen[:17], "ENGLAND": ["PAR"]}
    )
    result = play(pos, {"FRANCE": ["A PAR H"]})
    assert result.victory == "FRANCE"
    spring = play.position(
        "S1905M", {"FRANCE": ["A PAR"]}, {"FRANCE": eighteen[:17], "ENGLAND": ["PAR"]}
    )
    assert play(spring, {"FRANCE": ["A PAR H"]}).victory is None


def test_starting_position(board) -> None:
    pos = starting_position(board)
    state = state_from_position(pos)
    assert state["phase"] == "S1901M"
    assert sum(len(u) for u in state["units"].values()) == 22
    assert state["units"]["RUSSIA"] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert sum(len(c) for c in state["centers"].values()) == 22


def test_later_order_for_a_unit_replaces_the_earlier(play) -> None:
    pos = play.position("S1901M", {"FRANCE": ["A PAR"]})
    result = play(pos, {"FRANCE": ["A PAR - BUR", "A PAR - PIC"]})
    assert state_from_position(result.next)["units"] == {"FRANCE": ["A PIC"]}
    assert result.orders["FRANCE"] == tuple(play.orders({"FRANCE": ["A PAR - PIC"]})["FRANCE"])


def test_illegal_order_holds_and_is_void(play) -> None:
    pos = play.position("S1901M", {"ENGLAND": ["F NTH"]})
    result = play(pos, {"ENGLAND": ["F NTH - PIC"]})
    assert result.outcomes[Unit.parse("F NTH")] is Outcome.VOID
    assert [str(e) for e in result.errors["ENGLAND"]] == ["F NTH - PIC: not adjacent"]


def test_another_powers_order_for_a_unit_does_not_void_it(play) -> None:
    pos = play.position("S1901M", {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]})
    result = play(pos, {"GERMANY": ["A PAR - BUR", "F PAR H"]})
    assert [e.reason for e in result.errors["GERMANY"]] == [Reason.NOT_YOUR_UNIT] * 2
    assert result.outcomes[Unit.parse("A PAR")] is Outcome.OK


def test_removal_and_build_counts(play) -> None:
    # France: 1 centre, 3 units: two removals due; a build and a third removal are refused.
    pos = play.position("W1901A", {"FRANCE": ["A PAR", "A PIC", "A BUR"]}, {"FRANCE": ["PAR"]})
    result = play(
        pos,
        {"FRANCE": ["REMOVE A PIC", "REMOVE A PIC", "BUILD A MAR", "REMOVE A BUR", "REMOVE A PAR"]},
    )
    reasons = [(e.text, e.reason) for e in result.errors["FRANCE"]]
    assert ("REMOVE A PIC", Reason.ALREADY_ORDERED) in reasons
    assert ("REMOVE A PAR", Reason.NO_REMOVALS) in reasons
    assert ("BUILD A MAR", Reason.NOT_OWNED) in reasons
    assert len(reasons) == 3
    assert state_from_position(result.next)["units"] == {"FRANCE": ["A PAR"]}
    # Two builds in one centre: the second is refused.
    pos = play.position("W1901A", {"FRANCE": ["A PIC"]}, {"FRANCE": ["PAR", "MAR", "BRE"]})
    result = play(pos, {"FRANCE": ["BUILD A PAR", "BUILD A PAR"]})
    assert [e.reason for e in result.errors["FRANCE"]] == [Reason.ALREADY_BUILDING]
    # No removals due: a removal is refused.
    result = play(pos, {"FRANCE": ["REMOVE A PIC"]})
    assert [e.reason for e in result.errors["FRANCE"]] == [Reason.NO_REMOVALS]
