"""Draw and concession votes hold one phase, as njudge's do: cleared when the phase is
processed or rolled back, so every vote that ends a game was cast on the same position."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from tests.processing.conftest import MASTER, POWERS, Judge, address, signon

H = timedelta(hours=1)


def _flat(text: str) -> str:
    """A reply without the line breaks that wrap it within 78 columns."""
    return " ".join(text.split())


def _hold_all(judge: Judge) -> None:
    """Every power orders its units to hold, so the phase is processed at the next run."""
    units = judge.record().state["units"]
    for power in POWERS:
        body = judge.reply(address(power), signon(power), *[f"{u} H" for u in units[power]])
        assert "REFUSED" not in body, body


def test_a_draw_vote_holds_one_phase(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    for power in POWERS[:-1]:
        body = judge.reply(address(power), signon(power), "SET DRAW")
        assert "(secret; the vote clears when the phase is processed)" in _flat(body)
    _hold_all(judge)
    done, _ = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: processed S1901M"]
    for power in POWERS[:-1]:
        assert "Draw vote: none." in judge.reply(address(power), signon(power), "STATUS")
    # the last vote, a phase later, joins no one: the others voted on another position
    judge.reply(address("TURKEY"), signon("TURKEY"), "SET DRAW")
    assert judge.later(minutes=1) == ([], [])
    assert judge.game().state == "active"
    for power in POWERS[:-1]:  # voted again in this phase: the draw is agreed
        judge.reply(address(power), signon(power), "SET DRAW")
    done, _ = judge.later(minutes=1)
    assert [str(d) for d in done] == ["alpha: ended (draw) F1901M"]


def test_a_concession_holds_one_phase(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    conceding = [p for p in POWERS if p not in ("FRANCE", "TURKEY")]
    for power in conceding:
        body = judge.reply(address(power), signon(power), "SET CONCEDE FRANCE")
        assert "(secret; the concession clears when the phase is processed)" in _flat(body)
    _hold_all(judge)
    judge.later(minutes=1)
    assert judge.record().phase == "F1901M"
    judge.reply(address("TURKEY"), signon("TURKEY"), "SET CONCEDE FRANCE")
    assert judge.later(minutes=1) == ([], [])
    assert judge.game().state == "active" and judge.game().result is None


def test_a_rollback_clears_the_votes_of_the_phase(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    for power in POWERS[:-1]:
        judge.reply(address(power), signon(power), "SET DRAW", "SET CONCEDE TURKEY")
    assert "rolled back to S1901M" in judge.reply(MASTER, "SIGNON MASTER@alpha masterpw",
                                                  "ROLLBACK S1901M")
    judge.reply(address("TURKEY"), signon("TURKEY"), "SET DRAW")
    assert judge.later(minutes=1) == ([], [])
    assert "Draw vote: none." in judge.reply(address("ITALY"), signon("ITALY"), "STATUS")
