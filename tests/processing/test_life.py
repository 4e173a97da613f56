"""A game's life under the processor, with a clock the test moves: start, reminders, early
processing, grace and civil disorder, waiting for the master, pauses, absences, zones,
rollback, draws and concessions."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from judge.storage.schema import PhaseRecord, Power
from tests.processing.conftest import (
    MASTER,
    POWERS,
    START,
    Judge,
    address,
    by_recipient,
    signon,
)

GM = ("SIGNON MASTER@alpha masterpw",)
EVERYONE = {address(p) for p in POWERS} | {MASTER}
H = timedelta(hours=1)


def _order_all(judge: Judge, but: tuple[str, ...] = ()) -> None:
    """Every power but ``but`` orders its units to hold in the current movement phase."""
    units = judge.record().state["units"]
    for power in POWERS:
        if power not in but:
            lines = [f"{u} H" for u in units[power]]
            body = judge.reply(address(power), signon(power), *lines)
        assert "refused" not in body, body


def test_a_full_game_starts_at_the_next_run_and_everyone_is_told(
        full: Callable[..., Judge]) -> None:
    judge = full()
    assert judge.game().state == "forming"
    done, mails = judge.run()
    assert [str(d) for d in done] == ["alpha: started S1901M"]
    assert {m.recipient for m in mails} == EVERYONE
    assert all(m.subject == "Diplomacy game alpha has started" for m in mails)
    france = by_recipient(mails)[address("FRANCE")][0].body
    assert "Army Paris" in france and "Army Vienna" not in france  # own units only
    assert judge.record().deadline == START + 72 * H
    assert judge.run() == ([], [])  # nothing more to do


def test_a_forming_game_with_an_open_power_waits(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.reply(MASTER, *GM, "SET LISTED NO")
    judge.reply(address("ITALY"), signon("ITALY"), "RESIGN")
    judge.reply(MASTER, *GM, "REPLACE ITALY")
    assert judge.run() == ([], [])
    assert judge.game().state == "forming"


def test_reminders_go_only_to_powers_that_have_not_acted(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    _order_all(judge, but=("ITALY", "TURKEY"))
    assert judge.later(hours=47) == ([], [])
    done, mails = judge.later(hours=1)
    assert {m.recipient for m in mails} == {address("ITALY"), address("TURKEY")}
    assert all("reminder" in m.subject for m in mails)
    assert "Turkey" not in by_recipient(mails)[address("ITALY")][0].body
    assert judge.later(hours=12) == ([], [])  # once per phase


def test_a_phase_is_processed_early_once_everyone_acted_unless_someone_waits(
        full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    judge.reply(address("RUSSIA"), signon("RUSSIA"), "SET WAIT")
    _order_all(judge)
    assert judge.later(minutes=1) == ([], [])
    judge.reply(address("RUSSIA"), signon("RUSSIA"), "SET NOWAIT")
    done, mails = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: processed S1901M"]
    results = [m for m in mails if m.subject == "Diplomacy results alpha S1901M"]
    assert sorted(m.recipient for m in results) == sorted(EVERYONE)
    assert judge.record().phase == "F1901M"
    assert judge.record().deadline == judge.now + 72 * H


def test_late_powers_get_notices_then_civil_disorder(full: Callable[..., Judge]) -> None:
    judge = full("STANDARD", "SET GRACE 2D")
    judge.run()
    _order_all(judge, but=("ENGLAND",))
    judge.reply(address("FRANCE"), signon("FRANCE"), "A PAR - BUR", "F BRE - MAO", "A MAR H")
    deadline = judge.record().deadline
    done, mails = judge.at(deadline)
    late = by_recipient(mails)
    assert set(late) == {address("ENGLAND"), MASTER}
    assert "you are late" in late[address("ENGLAND")][0].body
    assert "England" in late[MASTER][0].body
    assert judge.later(hours=23) == ([], [])
    done, mails = judge.later(hours=1)  # a day on: a second notice
    assert {m.recipient for m in mails} == {address("ENGLAND"), MASTER}
    done, mails = judge.at(deadline + 48 * H)
    assert [str(d) for d in done] == ["alpha: processed S1901M"]
    results = by_recipient(mails)[address("ENGLAND")][0].body
    assert "England: Fleet London HOLD." in results
    assert "France: Army Paris -> Burgundy." in results


def test_late_orders_within_grace_are_used(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    _order_all(judge, but=("FRANCE",))
    judge.at(judge.record().deadline + 2 * H)  # France is late now
    judge.reply(address("FRANCE"), signon("FRANCE"), "A PAR - PIC", "F BRE - MAO", "A MAR H")
    done, mails = judge.later(minutes=1)  # complete: processed at once, grace or not
    assert [str(d) for d in done] == ["alpha: processed S1901M"]
    assert "France: Army Paris -> Picardy." in mails[0].body


def test_with_late_wait_the_game_waits_for_the_master(full: Callable[..., Judge]) -> None:
    judge = full("STANDARD", "SET LATE WAIT", "SET GRACE 1D")
    judge.run()
    _order_all(judge, but=("TURKEY",))
    deadline = judge.record().deadline
    judge.at(deadline)
    done, mails = judge.at(deadline + 24 * H)
    assert [m.recipient for m in mails] == [MASTER]  # the master alone, once
    assert judge.later(hours=100) == ([], [])
    assert judge.record().phase == "S1901M"
    body = judge.reply(MASTER, *GM, "PROCESS S1901M")
    assert "S1901M processed. Next: F1901M." in body


def test_pause_is_announced_moves_the_deadline_and_is_repeated_weekly(
        full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    deadline = judge.record().deadline
    judge.later(hours=10)
    out = judge.send(MASTER, *GM, "PAUSE")
    assert {m.recipient for m in out if "is paused" in m.subject} == EVERYONE
    assert judge.at(deadline + 100 * H) == ([], [])  # no processing while paused
    done, mails = judge.at(START + 10 * H + 7 * 24 * H)
    assert {m.recipient for m in mails} == EVERYONE and "still paused" in mails[0].body
    judge.later(hours=1)
    out = judge.send(MASTER, *GM, "RESUME")
    assert {m.recipient for m in out if "is resumed" in m.subject} == EVERYONE
    assert judge.record().deadline == deadline + (judge.now - (START + 10 * H))


def test_an_absence_moves_the_deadline_and_everyone_is_told(
        full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()  # deadline Thursday 5 March 09:00 UTC
    out = judge.send(address("ITALY"), signon("ITALY"), "SET ABSENCE 4 Mar TO 6 Mar")
    reply = next(m for m in out if m.in_reply_to)
    assert "Absence noted: 2026-03-04 TO 2026-03-06." in reply.body
    told = [m for m in out if not m.in_reply_to]
    assert {m.recipient for m in told} == EVERYONE - {address("ITALY")}
    assert all("ITALY" not in m.body.upper() for m in told)  # not who is away
    assert judge.record().deadline == datetime(2026, 3, 7, 9, 0, tzinfo=UTC)
    body = judge.reply(address("ITALY"), signon("ITALY"), "SET ABSENCE 1 Apr TO 30 Apr")
    assert "at most 14 days" in body


def test_a_players_zone_shows_deadlines_in_it(full: Callable[..., Judge]) -> None:
    judge = full("STANDARD", "SET ZONE Europe/Paris")
    assert "Deadlines will be shown" in judge.reply(
        address("RUSSIA"), signon("RUSSIA"), "SET ZONE Europe/Moscow")
    assert "unknown time zone" in judge.reply(
        address("ITALY"), signon("ITALY"), "SET ZONE Rome")
    done, mails = judge.run()
    mail = by_recipient(mails)
    assert "12:00 MSK" in mail[address("RUSSIA")][0].body
    assert "10:00 CET" in mail[address("FRANCE")][0].body


def test_master_timing_options_and_deadline(full: Callable[..., Judge]) -> None:
    judge = full("STANDARD", "SET TIMING MOVE 2D RETREAT 12H AT 18:00 DAYS -MTWTF-")
    judge.run()
    assert judge.record().deadline == datetime(2026, 3, 4, 18, 0, tzinfo=UTC)
    body = judge.reply(MASTER, *GM, "SET DEADLINE 2026-03-10 12:00", "SET MOVE soon")
    assert "Deadline of S1901M is now Tue Mar 10 2026 12:00 UTC." in body
    assert "MOVE takes a length such as 3D" in body
    assert judge.record().deadline == datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
    assert "is not in the future" in judge.reply(MASTER, *GM, "SET DEADLINE 2026-03-01 12:00")
    assert "only the game's master" in judge.reply(address("ITALY"), signon("ITALY"),
                                                   "SET GRACE 9D")


def test_rollback_restores_the_phase_and_tells_everyone(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    judge.reply(address("FRANCE"), signon("FRANCE"), "A PAR - BUR")
    judge.at(judge.record().deadline + 24 * H)
    assert judge.record().phase == "F1901M"
    out = judge.send(MASTER, *GM, "ROLLBACK S1901M")
    told = [m for m in out if "rolled back" in m.subject]
    assert {m.recipient for m in told} == EVERYONE
    record = judge.record()
    assert record.phase == "S1901M" and record.processed_at is None
    assert record.deadline == judge.now + 72 * H
    # processed again, once, with the orders that stood
    done, mails = judge.at(record.deadline + 24 * H)
    assert [str(d) for d in done if "processed" in d.what] == ["alpha: processed S1901M"]
    with judge.factory() as s:
        phases = s.scalars(select(PhaseRecord.phase).where(
            PhaseRecord.rolled_back.is_(False)).order_by(PhaseRecord.seq)).all()
    assert phases == ["S1901M", "F1901M"]


def test_a_draw_needs_every_survivors_same_vote(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    for power in POWERS[:-1]:
        judge.reply(address(power), signon(power), "SET DRAW")
    assert judge.later(minutes=1) == ([], [])
    judge.reply(address("TURKEY"), signon("TURKEY"), "SET DRAW AEF")  # a different draw
    assert judge.later(minutes=1) == ([], [])
    judge.reply(address("TURKEY"), signon("TURKEY"), "SET DRAW")
    done, mails = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: ended (draw) S1901M"]
    assert {m.recipient for m in mails} == EVERYONE
    assert judge.game().state == "completed" and judge.game().result.startswith("draw AUSTRIA")
    assert judge.later(hours=500) == ([], [])  # a completed game is left alone


def test_a_concession_ends_the_game(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    assert "cannot concede to itself" in judge.reply(
        address("FRANCE"), signon("FRANCE"), "SET CONCEDE FRANCE")
    for power in POWERS:
        if power != "FRANCE":
            judge.reply(address(power), signon(power), "SET CONCEDE F")
    done, mails = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: ended (concession) S1901M"]
    assert judge.game().result == "concession FRANCE"
    assert {m.recipient for m in mails} == EVERYONE


def test_terminate_tells_everyone_and_the_processor_leaves_the_game(
        full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    out = judge.send(MASTER, *GM, "TERMINATE")
    over = [m for m in out if m.subject == "Diplomacy game alpha is over"]
    assert {m.recipient for m in over} == EVERYONE
    assert "terminated" in over[0].body
    assert judge.game().result == "terminated"
    assert judge.at(judge.record().deadline + 100 * H) == ([], [])


def test_a_rollback_during_a_pause_counts_the_new_deadline_from_the_rollback(
        full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    judge.at(judge.record().deadline + 24 * H)  # S1901M processed in civil disorder
    judge.send(MASTER, *GM, "PAUSE")
    judge.later(hours=50)
    judge.send(MASTER, *GM, "ROLLBACK S1901M")
    rolled = judge.now
    judge.later(hours=5)
    judge.send(MASTER, *GM, "RESUME")
    assert judge.record().phase == "S1901M"
    assert judge.record().deadline == rolled + 72 * H + 5 * H


def test_rolling_back_a_draw_clears_the_votes(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    judge.at(judge.record().deadline + 24 * H)  # into F1901M
    for power in POWERS:
        judge.reply(address(power), signon(power), "SET DRAW")
    judge.later(minutes=1)
    assert judge.game().state == "completed"
    judge.send(MASTER, *GM, "ROLLBACK S1901M")
    assert judge.game().state == "active" and judge.game().result is None
    assert judge.later(minutes=1) == ([], [])  # not drawn again at once
    assert "Draw vote: none" in judge.reply(address("ITALY"), signon("ITALY"), "STATUS")


def test_the_master_may_start_short_and_nobody_waits_for_the_open_powers(
        judge: Judge) -> None:
    judge.reply(MASTER, "CREATE alpha masterpw STANDARD")
    playing = ("ENGLAND", "FRANCE", "GERMANY")
    for power in playing:
        assert f"as {power}" in judge.reply(address(power), f"JOIN alpha pw{power.lower()} "
                                            f"{power}")
    assert judge.run() == ([], [])  # the processor does not start a game short of players
    out = judge.send(MASTER, *GM, "START")
    started = [m for m in out if m.subject == "Diplomacy game alpha has started"]
    assert {m.recipient for m in started} == {address(p) for p in playing} | {MASTER}
    for mail in started:
        assert "without a player for these powers:\n  Austria, Italy, Russia, Turkey.\n" \
               "They are in civil disorder: their units hold" in mail.body
    with judge.factory() as s:
        states = dict(s.execute(select(Power.name, Power.state)).all())
    assert states == {p: "played" if p in playing else "disorder" for p in POWERS}
    # the three players order; the phase goes at once, the open powers' units hold
    for power in playing:
        units = judge.record().state["units"][power]
        judge.reply(address(power), signon(power), *[f"{u} H" for u in units])
    done, mails = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: processed S1901M"]
    results = by_recipient(mails)[address("FRANCE")][0].body
    assert "Italy: Army Venice HOLD." in results and "Turkey: Fleet Ankara HOLD." in results
    assert "(*" not in results


def test_a_short_game_builds_nothing_for_its_open_powers(judge: Judge) -> None:
    judge.reply(MASTER, "CREATE alpha masterpw STANDARD")
    judge.reply(address("FRANCE"), "JOIN alpha pwfrance FRANCE")
    judge.send(MASTER, *GM, "START")
    judge.reply(address("FRANCE"), signon("FRANCE"), "A PAR - BUR", "F BRE - MAO",
                "A MAR - SPA")
    judge.later(minutes=1)
    judge.reply(address("FRANCE"), signon("FRANCE"), "A BUR - BEL", "F MAO - POR",
                "A SPA H")
    judge.later(minutes=1)  # Germany's open power took nothing; France took three
    assert judge.record().phase == "W1901A"
    judge.reply(address("FRANCE"), signon("FRANCE"), "BUILD A PAR", "BUILD F BRE",
                "BUILD A MAR")
    done, mails = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: processed W1901A"]
    body = by_recipient(mails)[address("FRANCE")][0].body
    assert "France: Builds an army in Paris." in body
    assert "Russia: " not in body.split("Adjustment orders")[1].split("The next phase")[0]
    assert judge.record().phase == "S1902M"


def test_a_phase_shorter_than_the_reminder_is_reminded_half_way(
        full: Callable[..., Judge]) -> None:
    judge = full("STANDARD", "SET MOVE 1D")  # as long as the 24-hour reminder lead
    done, mails = judge.run()
    assert [str(d) for d in done] == ["alpha: started S1901M"]  # and no reminder with it
    assert not [m for m in mails if "reminder" in m.subject]
    assert judge.later(hours=11, minutes=59) == ([], [])
    done, mails = judge.later(minutes=1)
    assert {m.recipient for m in mails} == {address(p) for p in POWERS}
    assert all(m.subject == "Diplomacy deadline reminder alpha S1901M" for m in mails)


def test_a_rolled_back_phase_is_not_reminded_at_once(full: Callable[..., Judge]) -> None:
    judge = full("STANDARD", "SET MOVE 1D")
    judge.run()
    judge.at(judge.record().deadline + 24 * H)  # S1901M processed in civil disorder
    judge.later(hours=30)
    judge.send(MASTER, *GM, "ROLLBACK S1901M")
    assert judge.later(minutes=1) == ([], [])  # no reminder the moment it is restored
    assert judge.later(hours=11) == ([], [])
    done, mails = judge.later(hours=1)
    assert mails and all("reminder" in m.subject for m in mails)


def test_a_terminated_payola_game_opens_its_books_to_everyone(
        full: Callable[..., Judge]) -> None:
    judge = full("PAYOLA")
    judge.run()
    assert "refused" not in judge.reply(address("FRANCE"), signon("FRANCE"),
                                        "7 : A PAR - BUR % keep this quiet")
    done, mails = judge.at(judge.record().deadline + 24 * H)  # processed in civil disorder
    charts = [m for m in mails if m.subject == "Payola bribe chart alpha S1901M"]
    assert [m.recipient for m in charts] == [MASTER]
    assert {m.recipient for m in mails if "keep this quiet" in m.body} == {address("FRANCE")}
    out = judge.send(MASTER, *GM, "TERMINATE")
    books = [m for m in out if m.subject == "Payola records alpha"]
    assert {m.recipient for m in books} == EVERYONE
    assert all("7 : A PAR - BUR % keep this quiet" in m.body for m in books)
    assert all("PAYOLA BRIBE CHART, SPRING 1901 MOVEMENT" in m.body for m in books)


def test_always_confirm_copies_each_change_of_orders_to_the_master(
        full: Callable[..., Judge]) -> None:
    judge = full("STANDARD ALWAYS_CONFIRM")
    judge.run()
    out = judge.send(address("FRANCE"), signon("FRANCE"), "A PAR - BUR", "F BRE - MAO")
    reply = [m for m in out if m.in_reply_to]
    assert [m.recipient for m in reply] == [address("FRANCE")]
    assert "A PAR - BUR" in reply[0].body  # the player's confirmation is the reply
    copies = [m for m in out if not m.in_reply_to]
    assert [(m.recipient, m.subject) for m in copies] == [(MASTER, "Diplomacy orders alpha S1901M")]
    assert "France changed its orders" in copies[0].body
    assert "No order for A MAR: it holds unless ordered." in copies[0].body
    out = judge.send(address("FRANCE"), signon("FRANCE"), "CLEAR")
    assert [m.recipient for m in out if not m.in_reply_to] == [MASTER]
    assert "(none)" in next(m for m in out if not m.in_reply_to).body


def test_without_always_confirm_only_the_reply_confirms(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    out = judge.send(address("FRANCE"), signon("FRANCE"), "A PAR - BUR")
    assert [m.recipient for m in out] == [address("FRANCE")]


def test_a_payola_game_with_the_judges_own_flags_starts_and_plays(
        full: Callable[..., Judge]) -> None:
    judge = full("PAYOLA NO_PRESS ALWAYS_CONFIRM")
    done, _ = judge.run()
    assert [str(d) for d in done] == ["alpha: started S1901M"]
    out = judge.send(address("FRANCE"), signon("FRANCE"), "3 : A PAR - BUR")
    assert [m.recipient for m in out if not m.in_reply_to] == [MASTER]  # the copy
    assert "offer sheet" in next(m for m in out if not m.in_reply_to).body
    done, _ = judge.at(judge.record().deadline + 24 * H)
    assert [str(d) for d in done] == ["alpha: processed S1901M"]


def test_civil_disorder_in_each_kind_of_phase(full: Callable[..., Judge]) -> None:
    """After the deadline (no grace here), a late power's units hold, its dislodged unit
    disbands, a removal it owes is made by the standard rule, and a build it is owed is
    not made."""
    judge = full("STANDARD", "SET GRACE 0")
    judge.run()

    def order(power: str, *lines: str) -> None:
        body = judge.reply(address(power), signon(power), *lines)
        assert "refused" not in body, body

    order("GERMANY", "A MUN - BUR")
    order("RUSSIA", "A WAR - SIL")
    order("ITALY", "A VEN - TYR", "A ROM - VEN")
    judge.at(judge.record().deadline)
    assert judge.record().phase == "F1901M"
    order("RUSSIA", "A SIL - MUN")
    order("ITALY", "A VEN - TRI", "A TYR S A VEN - TRI")
    judge.at(judge.record().deadline)
    assert judge.record().phase == "F1901R"  # Austria's fleet in Trieste must retreat
    done, mails = judge.at(judge.record().deadline)  # Austria is late: the fleet disbands
    results = by_recipient(mails)[address("ITALY")][0].body
    assert "Retreat orders for Fall of 1901." in results
    assert "Austria: Fleet Trieste DISBAND." in results
    assert judge.record().phase == "W1901A"
    assert "Germany:   2 Supply centers,  3 Units:  Removes 1 unit." in results
    assert "Russia:    5 Supply centers,  4 Units:  Builds 1 unit." in results
    order("ITALY", "BUILD A ROM")
    done, mails = judge.at(judge.record().deadline)  # Germany and Russia are late
    results = by_recipient(mails)[address("ITALY")][0].body
    assert "Italy: Builds an army in Rome." in results
    assert "Germany: Removes the army in Burgundy." in results  # farthest from home
    assert "Russia waives 1 build." in results  # late: its build is waived
    state = judge.record().state
    assert judge.record().phase == "S1902M"
    assert sorted(state["units"]["GERMANY"]) == ["A BER", "F KIE"]
    assert len(state["units"]["RUSSIA"]) == 4


def test_a_moved_deadline_is_told_to_everyone_in_their_own_zone(
        full: Callable[..., Judge]) -> None:
    judge = full()
    judge.reply(address("RUSSIA"), signon("RUSSIA"), "SET ZONE Europe/Moscow")
    judge.run()
    out = judge.send(MASTER, *GM, "SET DEADLINE 2026-03-10 12:00")
    told = by_recipient([m for m in out if not m.in_reply_to])
    assert set(told) == EVERYONE - {MASTER}  # the master reads it in the reply
    assert all(ms[0].subject == "Diplomacy deadline alpha S1901M" for ms in told.values())
    assert "The master has moved the deadline of Movement for Spring of 1901 (S1901M)" \
        in told[address("FRANCE")][0].body
    assert "will be Tue Mar 10 2026 12:00 UTC." in told[address("FRANCE")][0].body
    assert "will be Tue Mar 10 2026 15:00 MSK." in told[address("RUSSIA")][0].body
