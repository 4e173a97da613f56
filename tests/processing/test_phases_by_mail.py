"""Retreat and adjustment phases by mail: STATUS names the unit to retreat and the builds
or removals due; neither the reply nor the master's ALWAYS_CONFIRM copy says a standing
unit holds (only a movement phase orders standing units)."""

from __future__ import annotations

from collections.abc import Callable

from tests.processing.conftest import MASTER, POWERS, Judge, address, signon


def _hold(judge: Judge, *but: str) -> None:
    units = judge.record().state["units"]
    for power in POWERS:
        if power not in but:
            judge.reply(address(power), signon(power), *[f"{u} H" for u in units[power]])


def _burgundy_falls(judge: Judge) -> None:
    """S1901M: Germany into Burgundy; F1901M: France takes it with support."""
    judge.reply(address("FRANCE"), signon("FRANCE"), "A PAR - PIC", "A MAR - GAS", "F BRE H")
    judge.reply(address("GERMANY"), signon("GERMANY"), "A MUN - BUR", "A BER H", "F KIE H")
    _hold(judge, "FRANCE", "GERMANY")
    judge.later(minutes=1)
    judge.reply(address("FRANCE"), signon("FRANCE"), "A GAS - BUR", "A PIC S A GAS - BUR",
                "F BRE H")
    _hold(judge, "FRANCE")
    judge.later(minutes=1)
    assert judge.record().phase == "F1901R"


def test_a_retreat_names_no_standing_unit_as_holding(full: Callable[..., Judge]) -> None:
    judge = full("STANDARD ALWAYS_CONFIRM")
    judge.run()
    _burgundy_falls(judge)
    germany = (address("GERMANY"), signon("GERMANY"))
    status = judge.reply(*germany, "STATUS")
    assert ("Units:   A BER, F KIE\n      To retreat: A BUR (to BEL, MAR, MUN, PAR, RUH or "
            "disband)\n") in status
    out = judge.send(*germany, "A BUR - RUH")
    reply = next(m for m in out if m.in_reply_to).body
    (copy,) = [m for m in out if not m.in_reply_to]
    assert copy.recipient == MASTER and "  A BUR - RUH\n" in copy.body
    assert "Orders of GERMANY for F1901R accepted" in reply
    for body in (reply, copy.body):
        assert "No order for" not in body and "A BER" not in body
    done, _ = judge.later(minutes=1)  # the only power to act has acted
    assert [str(d) for d in done] == ["alpha: processed F1901R"]
    assert "A RUH" in judge.reply(*germany, "STATUS")


def test_status_in_an_adjustment_phase_says_what_is_due(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    judge.reply(address("FRANCE"), signon("FRANCE"), "A MAR - SPA", "A PAR H", "F BRE H")
    _hold(judge, "FRANCE")
    judge.later(minutes=1)
    _hold(judge)
    judge.later(minutes=1)
    assert judge.record().phase == "W1901A"
    france = judge.reply(address("FRANCE"), signon("FRANCE"), "STATUS")
    assert "      Centers: BRE, MAR, PAR, SPA\n" \
           "      Builds:  1 (free home centers: MAR)\n" in france
    assert "      Builds:  none\n" in judge.reply(address("ENGLAND"), signon("ENGLAND"),
                                                 "STATUS")
    # the other phases have no such line
    assert "accepted" in judge.reply(address("FRANCE"), signon("FRANCE"), "BUILD A MAR")
    judge.later(minutes=1)
    assert judge.record().phase == "S1902M"
    assert "Builds:" not in judge.reply(address("FRANCE"), signon("FRANCE"), "STATUS")
