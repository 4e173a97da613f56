"""Who the processor waits for, reminds and tells of lateness: a power's own player, the
controller's player for a power under another's control (SET CONTROL), never a vassal;
and the wait flag, which holds one phase and is cleared when that phase is processed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from tests.processing.conftest import MASTER, POWERS, Judge, address, by_recipient, signon

GM = ("SIGNON MASTER@alpha masterpw",)
AS_ITALY = "SIGNON italy@alpha pwfrance"  # France's player, playing Italy under control
H = timedelta(hours=1)


def _started(full: Callable[..., Judge], flags: str = "") -> Judge:
    judge = full(f"PAYOLA {flags}".strip())
    done, _ = judge.run()
    assert [str(d) for d in done] == ["alpha: started S1901M"]
    return judge


def _control_italy(judge: Judge) -> None:
    assert "in civil disorder" in judge.reply(MASTER, *GM, "EJECT ITALY")
    body = judge.reply(MASTER, *GM, "SET CONTROL ITALY BY FRANCE")
    assert "ITALY is now controlled by FRANCE." in body, body


def _sheets(judge: Judge, powers: tuple[str, ...]) -> None:
    """Each of ``powers`` sends a sheet of bare hold orders for its own units (0 AgP)."""
    units = judge.record().state["units"]
    for power in powers:
        body = judge.reply(address(power), signon(power), *[f"{u} H" for u in units[power]])
        assert "refused" not in body, body


def test_a_controlled_power_is_waited_for_from_its_controllers_player(
        full: Callable[..., Judge]) -> None:
    judge = _started(full)
    _control_italy(judge)
    _sheets(judge, tuple(p for p in POWERS if p != "ITALY"))
    assert judge.later(minutes=1) == ([], [])  # Italy's sheet is missing: no early run
    done, mails = judge.at(judge.record().deadline - 24 * H)
    assert [str(d) for d in done] == ["alpha: reminded ITALY of S1901M"]
    (reminder,) = mails
    assert reminder.recipient == address("FRANCE")
    assert reminder.subject == "Diplomacy deadline reminder alpha S1901M"
    assert "no orders from Italy" in reminder.body
    assert "under France's control" in reminder.body
    assert "SIGNON ITALY@alpha <password>\n(your own password)" in reminder.body
    # France's player sends Italy's sheet: nobody is missing, the phase goes at once
    body = judge.reply(address("FRANCE"), AS_ITALY, "A VEN H", "A ROM H", "F NAP H")
    assert "refused" not in body, body
    done, _ = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: processed S1901M"]


def test_a_controlled_power_late_is_told_to_its_controllers_player(
        full: Callable[..., Judge]) -> None:
    judge = _started(full)
    _control_italy(judge)
    _sheets(judge, tuple(p for p in POWERS if p != "ITALY"))
    deadline = judge.record().deadline
    assert deadline is not None
    done, mails = judge.at(deadline)
    assert [str(d) for d in done] == ["alpha: late notice to ITALY for S1901M"]
    late = by_recipient(mails)
    assert set(late) == {address("FRANCE"), MASTER}
    assert "no orders from Italy:\nyou are late" in late[address("FRANCE")][0].body
    assert "under France's control" in late[address("FRANCE")][0].body
    assert "Late: Italy." in late[MASTER][0].body
    assert address("ITALY") not in late  # the ejected player is nobody's reader now
    done, _ = judge.at(deadline + 24 * H)  # grace over: Italy's units hold
    assert [str(d) for d in done] == ["alpha: processed S1901M"]


def test_a_controllers_wait_holds_the_power_it_controls(full: Callable[..., Judge]) -> None:
    judge = _started(full)
    _control_italy(judge)
    _sheets(judge, tuple(p for p in POWERS if p != "ITALY"))
    judge.reply(address("FRANCE"), AS_ITALY, "SET WAIT", "A VEN H", "A ROM H", "F NAP H")
    assert judge.later(minutes=1) == ([], [])
    judge.reply(address("FRANCE"), signon("FRANCE"), "SET NOWAIT")
    done, _ = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: processed S1901M"]


def test_a_vassal_is_never_waited_for_nor_reminded(full: Callable[..., Judge]) -> None:
    judge = _started(full, "VASSAL_DUMMIES")
    _control_italy(judge)  # a controlled DUMMY under VASSAL_DUMMIES: a vassal, no sheet
    refused = judge.reply(address("FRANCE"), AS_ITALY, "A VEN H")
    assert "is a vassal of FRANCE and sends no offer sheet" in refused
    _sheets(judge, tuple(p for p in POWERS if p != "ITALY"))
    done, mails = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: processed S1901M"]
    assert not [m for m in mails if "reminder" in m.subject or "late" in m.subject]


def test_a_wait_holds_one_phase_and_is_cleared_when_it_is_processed(
        full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    body = judge.reply(address("RUSSIA"), signon("RUSSIA"), "SET WAIT")
    assert "the flag clears when the phase is processed" in " ".join(body.split())
    for power in POWERS:
        units = judge.record().state["units"][power]
        judge.reply(address(power), signon(power), *[f"{u} H" for u in units])
    assert judge.later(minutes=1) == ([], [])  # Russia waits
    done, _ = judge.at(judge.record().deadline)
    assert [str(d) for d in done] == ["alpha: processed S1901M"]
    assert "Wait: no." in judge.reply(address("RUSSIA"), signon("RUSSIA"), "STATUS")
    for power in POWERS:  # the next phase goes as soon as everyone has ordered
        units = judge.record().state["units"][power]
        judge.reply(address(power), signon(power), *[f"{u} H" for u in units])
    done, _ = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: processed F1901M"]


def test_a_rollback_clears_the_wait_flags(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    judge.reply(address("RUSSIA"), signon("RUSSIA"), "SET WAIT")
    assert "rolled back to S1901M" in judge.reply(MASTER, *GM, "ROLLBACK S1901M")
    assert "Wait: no." in judge.reply(address("RUSSIA"), signon("RUSSIA"), "STATUS")
