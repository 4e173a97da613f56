"""The game's notices: start, reminders, late notices, order confirmations, pause and
resume, rollback and the end; each to the right readers, with deadlines in their zones."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from judge.engine.board import Map
from judge.engine.position import starting_position
from judge.service.reports import (
    Ending,
    Member,
    Roster,
    deadline_mails,
    end_mails,
    late_notice_mails,
    order_confirmation_mails,
    pause_mails,
    reminder_mails,
    rollback_mails,
    start_mails,
)
from tests.reports.conftest import address, make_roster, position

NOW = datetime(2031, 1, 6, 10, 0, tzinfo=UTC)
DEADLINE = NOW + timedelta(hours=26, minutes=30)


def test_start_tells_each_player_their_own_units_and_balance(board: Map, roster: Roster) -> None:
    balances = {p: 48 for p in board.powers} | {"RUSSIA": 62}
    mails = start_mails(roster, starting_position(board), DEADLINE, balances)
    assert len(mails) == 9
    assert {m.subject for m in mails} == {"Diplomacy game alpha has started"}
    russian = next(m for m in mails if m.to == address("RUSSIA")).body
    assert "You play Russia." in russian
    assert "Russia:   Army Moscow, Fleet Sevastopol, Fleet St Petersburg (south coast),\n" \
           "          Army Warsaw.\n" in russian
    assert "France:" not in russian
    assert "The balance of your bank account is 62 AgP." in russian
    assert "Tue Jan 07 2031 15:30 MSK" in russian
    master = next(m for m in mails if m.reader == "MASTER").body
    assert all(f"{p.title()}:" in master for p in board.powers)
    assert "AgP" not in master and "You play" not in master
    assert max(len(line) for m in mails for line in m.body.splitlines()) <= 78


def test_a_standard_game_starts_without_money(board: Map, roster: Roster) -> None:
    body = start_mails(roster, starting_position(board), None)[0].body
    assert "AgP" not in body
    assert "The deadline for orders has not been set yet." in body


def test_reminders_go_only_to_the_powers_named(board: Map, roster: Roster) -> None:
    mails = reminder_mails(roster, ["ITALY", "FRANCE"], "F1901M", DEADLINE, NOW)
    assert [m.to for m in mails] == [address("FRANCE"), address("ITALY")]
    assert mails[0].subject == "Diplomacy deadline reminder alpha F1901M"
    assert "no orders from France yet for Movement for Fall of 1901\n(F1901M)" in mails[0].body
    assert "Tue Jan 07 2031 13:30 CET, in about 26 hours." in mails[0].body
    assert "Italy" not in mails[0].body  # nobody learns who else is late


def test_late_notices_to_the_late_and_the_list_to_the_master(board: Map, roster: Roster) -> None:
    grace = DEADLINE + timedelta(days=1)
    mails = late_notice_mails(roster, "S1902M", ["TURKEY", "ENGLAND"], DEADLINE, grace)
    assert [m.reader for m in mails] == ["ENGLAND", "TURKEY", "MASTER"]
    english = mails[0].body
    assert "no orders from England:\nyou are late." in english
    assert "Turkey" not in english
    assert "If the judge still has no orders from England then, it is in civil disorder\n" \
           "for this phase: its units hold.\n" in english
    assert "Late: England, Turkey." in mails[2].body
    waiting = late_notice_mails(roster, "S1902M", ["TURKEY"], DEADLINE, grace, disorder=False)
    assert "After that the game waits for the master." in waiting[0].body


@pytest.mark.parametrize("phase, player, master", [
    ("F1902R", "for this phase: its dislodged units are disbanded.\n",
     "Powers still late then are in civil disorder for this phase:\n"
     "their dislodged units are disbanded.\n"),
    ("W1902A", "for this phase: it builds nothing, and any units it must remove are\n"
     "chosen by the standard rule.\n",
     "Powers still late then are in civil disorder for this phase:\n"
     "they build nothing, and any units they must remove are chosen by the\n"
     "standard rule.\n"),
])
def test_a_late_notice_says_what_civil_disorder_does_in_that_phase(
        roster: Roster, phase: str, player: str, master: str) -> None:
    grace = DEADLINE + timedelta(days=1)
    mails = late_notice_mails(roster, phase, ["TURKEY"], DEADLINE, grace)
    turkish, masters = mails[0].body, mails[1].body
    assert player in turkish and "units hold" not in turkish
    assert master in masters and "units hold" not in masters
    assert max(len(line) for m in mails for line in m.body.splitlines()) <= 78


def test_with_always_confirm_the_master_gets_a_copy_of_each_change(board: Map) -> None:
    roster = make_roster(board, flags=["ALWAYS_CONFIRM"])
    mails = order_confirmation_mails(roster, "FRANCE", "S1901M",
                                     ["A PAR - BUR", "F BRE - MAO"], ["A MAR"])
    assert [(m.to, m.reader) for m in mails] == [("master@players.test", "MASTER")]
    assert mails[0].subject == "Diplomacy orders alpha S1901M"
    assert "(rule ALWAYS_CONFIRM): France changed its orders." in mails[0].body
    assert "  A PAR - BUR\n  F BRE - MAO\n" in mails[0].body
    assert "No order for A MAR: it holds unless ordered." in mails[0].body
    # without the rule the reply to the player's own mail is the only confirmation
    assert order_confirmation_mails(make_roster(board), "FRANCE", "S1901M", ["A PAR H"]) == []
    # a master who also plays a power is not sent the others' orders
    playing = Roster(roster.game, roster.variant, flags=roster.flags, players=roster.players,
                     master=Member(address("ITALY"), "MASTER"))
    assert order_confirmation_mails(playing, "FRANCE", "S1901M", ["A PAR H"]) == []


def test_pause_and_resume_are_announced_to_everyone(roster: Roster) -> None:
    paused = pause_mails(roster, True, "F1901M", None, "the master is travelling")
    assert len(paused) == 9
    assert paused[0].subject == "Diplomacy game alpha is paused"
    assert "Reason given: the master is travelling" in paused[0].body
    resumed = pause_mails(roster, False, "F1901M", DEADLINE)
    assert resumed[0].subject == "Diplomacy game alpha is resumed"
    assert "resumed in\nMovement for Fall of 1901 (F1901M)" in resumed[0].body
    assert "The deadline for orders will be Tue Jan 07 2031 12:30 UTC." in resumed[0].body


def test_rollback_is_announced_to_everyone(roster: Roster) -> None:
    mails = rollback_mails(roster, "F1901R", DEADLINE)
    assert len(mails) == 9
    assert mails[0].subject == "Diplomacy game alpha rolled back to F1901R"
    assert "back to\nRetreats for Fall of 1901 (F1901R)" in mails[0].body


@pytest.mark.parametrize("ending, said", [
    (Ending("victory", ("FRANCE",)), "France has won."),
    (Ending("draw", ("FRANCE", "ITALY")), "It is a draw between France, Italy."),
    (Ending("concession", ("TURKEY",)), "The game was conceded to Turkey."),
    (Ending("terminated"), "The master has terminated it."),
])
def test_the_end_is_told_to_everyone(board: Map, roster: Roster, ending: Ending,
                                     said: str) -> None:
    where = position(board, "S1905M", board.starting_units)
    mails = end_mails(roster, ending, where)
    assert len(mails) == 9
    for mail in mails:
        assert mail.subject == "Diplomacy game alpha is over"
        assert said in mail.body
        assert "Russia:    4\n" in mail.body
        assert "AgP" not in mail.body


def test_an_unknown_ending_is_refused() -> None:
    with pytest.raises(ValueError, match="not an ending: 'stalemate'"):
        Ending("stalemate")


def test_an_unknown_zone_falls_back_to_utc(board: Map) -> None:
    roster = make_roster(board)
    odd = Roster(roster.game, roster.variant, players={
        "FRANCE": type(roster.players["FRANCE"])(address("FRANCE"), "FRANCE", "Mars/Olympus")})
    mail = reminder_mails(odd, ["FRANCE"], "S1901M", DEADLINE, NOW)[0]
    assert "Tue Jan 07 2031 12:30 UTC" in mail.body


def test_a_game_started_short_says_who_is_in_civil_disorder(board: Map) -> None:
    roster = make_roster(board, without=["ITALY"])
    mails = start_mails(roster, starting_position(board), DEADLINE, None, ["ITALY"])
    assert len(mails) == 8  # nobody plays Italy
    for mail in mails:
        assert "The master started the game without a player for Italy.\n" \
               "It is in civil disorder: its units hold, it builds nothing, and the game\n" \
               "never waits for it.\n" in mail.body
    assert "civil disorder" not in start_mails(roster, starting_position(board), None)[0].body


def test_a_moved_deadline_reaches_everyone_but_the_sender(roster: Roster) -> None:
    mails = deadline_mails(roster, "F1901M", DEADLINE, True, but=address("ITALY"))
    assert len(mails) == 8 and address("ITALY") not in {m.to for m in mails}
    french = next(m for m in mails if m.to == address("FRANCE")).body
    assert "Because of a player's absence the deadline of Movement for Fall of 1901" in french
    assert "Tue Jan 07 2031 13:30 CET" in french
    assert all("Italy" not in m.body for m in mails)  # not who is away
