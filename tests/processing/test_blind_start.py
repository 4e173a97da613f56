"""A BLIND game started by the processor: its observers' start notice shows no unit, as
its results never do; each player sees its own units, the master all of them."""

from __future__ import annotations

from collections.abc import Callable

from tests.processing.conftest import MASTER, POWERS, Judge, address, by_recipient

WATCHER = "watcher@elsewhere.example"


def test_observers_of_a_blind_game_start_without_seeing_a_unit(
        full: Callable[..., Judge]) -> None:
    judge = full("PAYOLA BLIND")
    assert "alpha" in judge.reply(WATCHER, "OBSERVE alpha watchpw")
    done, mails = judge.run()
    assert [str(d) for d in done] == ["alpha: started S1901M"]
    started = {to: ms[0].body for to, ms in by_recipient(mails).items()}
    assert set(started) == {address(p) for p in POWERS} | {MASTER, WATCHER}
    watcher = started[WATCHER]
    assert "observers see no units" in watcher
    assert "Army" not in watcher and "Fleet" not in watcher
    assert not any(f"{p.title()}:" in watcher for p in POWERS)
    assert "The first phase of 'alpha' is Movement for Spring of 1901" in watcher
    assert "Italy:    Fleet Naples, Army Rome, Army Venice." in started[address("ITALY")]
    assert "France:" not in started[address("ITALY")]
    assert all(f"{p.title()}:" in started[MASTER] for p in POWERS)
