"""BLIND (Tin Cup) results, tailored per reader: a player sees its own units and those in
sight of its units and centres, its own dislodgements, centres and adjustments, and no
order marked void; an observer sees no unit; the master sees everything."""

from __future__ import annotations

from datetime import UTC, datetime

from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.board import Map
from judge.engine.position import starting_position
from judge.service.reports import Mail, phase_mails, start_mails
from tests.reports.conftest import address, make_roster, orders, position

DEADLINE = datetime(2031, 3, 7, 20, 0, tzinfo=UTC)
UNITS = {
    "FRANCE": ["A PAR", "A BUR", "F BRE"],
    "GERMANY": ["A MUN", "A RUH"],
    "ITALY": ["A VEN", "A ROM", "A TUS"],
    "AUSTRIA": ["A TRI", "A TYR"],
    "RUSSIA": ["F SEV", "A WAR"],
    "TURKEY": ["F ANK"],
    "ENGLAND": ["F LON"],
}
ORDERS = {
    "FRANCE": ["A PAR - PIC", "A BUR H", "F BRE - ENG"],
    "GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR"],
    "ITALY": ["A ROM H"],
    "AUSTRIA": ["A TRI - VEN", "A TYR S A TRI - VEN"],
    "RUSSIA": ["A WAR - GAL", "F SEV - MOS"],  # SEV - MOS is refused: the fleet holds
    "ENGLAND": ["F LON - ENG"],
}


def _blind(board: Map) -> tuple[PhaseResult, dict[str, Mail]]:
    result = adjudicate(position(board, "F1901M", UNITS), orders(board, ORDERS), board)
    roster = make_roster(board, "payola", ["BLIND"])
    mails = phase_mails(roster, result, DEADLINE)
    assert len(mails) == 9 and {m.subject for m in mails} == {"Diplomacy results alpha F1901M"}
    return result, {m.reader: m for m in mails}


def test_the_master_sees_every_unit_and_every_mark(board: Map) -> None:
    _, mails = _blind(board)
    body = mails["MASTER"].body
    assert "Russia: Fleet Sevastopol -> Moscow.  (*void*)" in body
    assert "France: Army Burgundy HOLD.  (*dislodged*)" in body
    assert "Italy: Army Venice HOLD.  (*dislodged*)" in body
    assert "Turkey: Fleet Ankara HOLD." in body
    assert "BLIND game" not in body
    assert "Italy: Army Venice can retreat to" in body


def test_a_player_sees_only_what_is_in_sight(board: Map) -> None:
    _, mails = _blind(board)
    french = mails["FRANCE"].body
    assert "This is a BLIND game: you see your own units" in french
    assert max(len(x) for m in mails.values() for x in m.body.splitlines()) <= 78
    # its own units and the attack on Burgundy next door
    assert "France: Fleet Brest -> English Channel.  (*bounce*)" in french
    assert "France: Army Burgundy HOLD.  (*dislodged*)" in french
    assert "Germany: Army Ruhr -> Burgundy." in french
    assert "Germany: Army Munich SUPPORT Army Ruhr -> Burgundy." in french
    # nothing out of sight: not even the fleet from London that stood France off in the
    # Channel (it never stood in sight), nor anything far away
    for far in ("England", "Russia", "Turkey", "Italy", "Austria"):
        assert f"{far}:" not in french, far
    # its own dislodgement only
    assert "France: Army Burgundy can retreat to" in french
    assert "Italy: Army Venice" not in french


def test_after_fall_a_player_learns_its_own_centers_and_count(board: Map) -> None:
    result, _ = _blind(board)
    retreats = adjudicate(result.next, {}, board)  # every dislodged unit disbands
    roster = make_roster(board, "payola", ["BLIND"])
    mails = {m.reader: m.body for m in phase_mails(roster, retreats, DEADLINE)}
    french = mails["FRANCE"]
    ownership = french.split("Ownership of supply centers:\n\n")[1].split("\n\n")[0]
    assert ownership == "France:   Brest, Marseilles, Paris."
    assert "France:    3 Supply centers,  2 Units:  Builds 1 unit." in french
    assert "Unowned" not in french and "Germany:   " not in french
    assert "Unowned:" in mails["MASTER"] and "Germany:   " in mails["MASTER"]
    assert "Ownership" not in mails["OBSERVER"]


def test_nobody_but_the_master_is_told_an_order_was_void(board: Map) -> None:
    _, mails = _blind(board)
    russian = mails["RUSSIA"].body
    assert "Russia: Fleet Sevastopol HOLD.\n" in russian
    assert "void" not in russian and "Moscow" not in russian
    assert all("void" not in m.body for r, m in mails.items() if r != "MASTER")


def test_a_unit_coming_into_sight_is_seen(board: Map) -> None:
    _, mails = _blind(board)
    # Austria's units stood next to Italy's: Italy sees the attack that took Venice
    italian = mails["ITALY"].body
    assert "Austria: Army Trieste -> Venice." in italian
    assert "Italy: Army Venice HOLD.  (*dislodged*)" in italian
    # Turkey sees only its own fleet: nobody stood next to Ankara
    turkish = mails["TURKEY"].body
    assert [x for x in turkish.splitlines() if x.startswith(("Russia", "Austria", "Italy"))] \
        == []
    assert "Turkey: Fleet Ankara HOLD." in turkish


def test_an_observer_sees_no_unit(board: Map) -> None:
    _, mails = _blind(board)
    body = mails["OBSERVER"].body
    assert "its results go to its players only" in body
    assert not any(line.startswith(p) for line in body.splitlines()
                   for p in ("France:", "Germany:", "Italy:", "Russia:", "Unowned"))
    assert "The next phase of 'alpha' will be Retreats for Fall of 1901." in body
    assert "No orders were carried out" not in body
    assert mails["OBSERVER"].to == "watcher@players.test"
    assert mails["FRANCE"].to == address("FRANCE")


def test_the_start_notice_shows_an_observer_no_unit(board: Map) -> None:
    """As in the results: a BLIND game's observers see no unit, from the start."""
    roster = make_roster(board, "payola", ["BLIND"])
    mails = {m.reader: m.body for m in start_mails(roster, starting_position(board),
                                                     DEADLINE, {p: 48 for p in board.powers})}
    watcher = mails["OBSERVER"]
    assert "observers see no units" in watcher
    assert "Army" not in watcher and "Fleet" not in watcher
    for power in board.powers:
        assert f"{power.title()}:" not in watcher
    assert "The first phase of 'alpha' is Movement for Spring of 1901 (S1901M)." in watcher
    french = mails["FRANCE"]
    assert "France:   Fleet Brest, Army Marseilles, Army Paris.\n" in french
    assert "you see your own units" in french and "Germany:" not in french
    master = mails["MASTER"]
    assert all(f"{p.title()}:" in master for p in board.powers)
    assert "BLIND" not in master
