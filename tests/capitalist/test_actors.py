"""Who may act in a Capitalist adjustment phase, so that it goes early: each commander of a
power with builds or removals to make, as on every board. A power owed a build with no
vacant home centre has nothing to order and is not waited for (it held W1902A of a game
to its deadline, found by tests/e2e/test_whole_game_no_gm.py)."""

from __future__ import annotations

from judge.games.capitalist.mail.part import KIND

STATE = {
    "phase": "W1902A",
    "units": {"AUSTRIA": ["A SER", "A WAR", "F ALB"],
              "FRANCE": ["A BRE", "A BUR", "A MAR", "F PIC"],
              "GERMANY": ["A BER", "A KIE", "A MUN", "F BEL"],
              "ITALY": ["A VEN", "A ROM", "F NAP"]},
    "centers": {"AUSTRIA": ["BUD", "SER", "TRI", "VIE", "WAR"],
                "FRANCE": ["BRE", "MAR", "PAR"],
                "GERMANY": ["BEL", "BER", "HOL", "KIE", "MUN"],
                "ITALY": ["NAP", "ROM", "VEN"]},
    "dislodged": {},
    "commanders": {"AUSTRIA": "CROESUS", "FRANCE": "MIDAS", "GERMANY": "MIDAS",
                   "ITALY": "CROESUS"},
}


def test_the_commanders_of_powers_with_builds_or_removals_act() -> None:
    assert KIND.actors is not None
    # AUSTRIA builds in BUD or TRI, FRANCE removes one; GERMANY is owed one but BER,
    # KIE and MUN are occupied; ITALY is even
    assert list(KIND.actors(KIND.codec.state({}, STATE))) == ["CROESUS/AUSTRIA",
                                                              "MIDAS/FRANCE"]


def test_a_vacant_home_centre_gives_the_build_back() -> None:
    assert KIND.actors is not None
    units = {**STATE["units"], "GERMANY": ["A BER", "A RUH", "A MUN", "F BEL"]}
    assert list(KIND.actors(KIND.codec.state({}, {**STATE, "units": units}))) == [
        "CROESUS/AUSTRIA", "MIDAS/FRANCE", "MIDAS/GERMANY"]
