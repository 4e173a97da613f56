"""Properties of the Bourse over random members, rates and mails (hypothesis)."""

from __future__ import annotations

import copy
import runpy
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import judge.engine.movement  # noqa: F401 - raises the recursion limit on import, not mid-test
from judge.batch import run_case
from judge.games.bourse.rules.commands import Buy, Sell
from judge.games.bourse.rules.currencies import Currencies
from judge.games.bourse.rules.desk import Desk
from judge.games.bourse.rules.params import BourseParams
from judge.games.bourse.rules.state import Bourse, Member
from judge.games.bourse.rules.trades import Side
from judge.games.bourse.rules.turn import process_turn
from judge.games.bourse.text import read_command
from judge.money.market.reading import Mail

C = runpy.run_path(str(Path(__file__).with_name("cases.py")))
case, mail, POWERS = C["case"], C["mail"], C["POWERS"]
WORDS = ["LIRA", "marks", "F", "ger", "Crowns", "POUND", "rouble", "TUR", "DOLLARS"]
NAMES = ["ARGENT", "BULLION", "CROWN"]

lines = st.one_of(
    st.builds(lambda verb, n, w: f"{verb} {n} {w}", st.sampled_from(["SELL", "BUY", "sell"]),
              st.integers(-5, 700), st.sampled_from(WORDS)),
    st.just("NOTRADE"),
    st.builds(lambda p: f"JOIN BOURSE {p}", st.sampled_from(["NEWBIE", "argent", "x-y"])),
    st.text(max_size=20),
)
members = st.fixed_dictionaries({
    "cash": st.integers(0, 50000), "turns_played": st.integers(0, 3),
    "holdings": st.fixed_dictionaries({p: st.integers(0, 1500) for p in POWERS})})
bourses = st.fixed_dictionaries({
    "players": st.dictionaries(st.sampled_from(NAMES), members, max_size=3),
    "rates": st.fixed_dictionaries({p: st.integers(1, 300) for p in POWERS}),
})
mails = st.lists(st.builds(lambda who, ls: mail(who, *ls),
                           st.sampled_from([*NAMES, "stranger@example.com"]),
                           st.lists(lines, max_size=5)), max_size=5)


def _case(bourse: dict[str, Any], sent: list[dict], surplus: bool) -> dict[str, Any]:
    return case(bourse["players"], *sent, phase="S1902M", rates=bourse["rates"],
                params={"CASH_SURPLUS": surplus})


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_random_text_never_crashes_the_reader(text: str) -> None:
    command = read_command(text)
    assert command is None or type(command).__module__ == "judge.games.bourse.rules.commands"


@settings(max_examples=40, deadline=None)
@given(bourses, mails, st.booleans())
def test_nothing_negative_rates_follow_the_net_and_the_same_case_gives_the_same_result(
        bourse: dict[str, Any], sent: list[dict], surplus: bool) -> None:
    given_case = _case(bourse, sent, surplus)
    result = run_case(copy.deepcopy(given_case))
    assert "error" not in result
    assert run_case(copy.deepcopy(given_case)) == result
    after = result["state"]["bourse"]
    for name, m in after["players"].items():
        assert m["cash"] >= 0 and all(u >= 0 for u in m["holdings"].values())
        if not surplus:
            assert m["cash"] == bourse["players"].get(name, {"cash": 0})["cash"]
    old = {n: m["holdings"] for n, m in bourse["players"].items()}
    joined = len(after["players"]) - len(old)  # each joiner came with 1000 of each
    for p in POWERS:
        # units of a currency change only by trades: the net moves the rate (5.3)
        before = sum(h[p] for h in old.values()) + 1000 * joined
        now = sum(m["holdings"][p] for m in after["players"].values())
        net = now - before
        step = abs(net) // 100
        assert after["rates"][p] == max(1, bourse["rates"][p] + (step if net >= 0 else -step))


@settings(max_examples=40, deadline=None)
@given(bourses, mails, st.lists(lines, max_size=5), st.booleans())
def test_a_members_trades_do_not_depend_on_anyone_elses(
        bourse: dict[str, Any], others: list[dict], own: list[str], surplus: bool) -> None:
    bourse["players"].setdefault("ARGENT", {"cash": 0, "turns_played": 1,
                                            "holdings": dict.fromkeys(POWERS, 1000)})
    others = [m for m in others if m["from"] != "ARGENT"]
    alone = run_case(_case(bourse, [mail("ARGENT", *own)], surplus))
    crowd = run_case(_case(bourse, [*others, mail("ARGENT", *own)], surplus))
    mine, theirs = (r["state"]["bourse"]["players"]["ARGENT"] for r in (alone, crowd))
    del mine["net_worth"], theirs["net_worth"]  # at rates everybody moves
    assert mine == theirs


trade_commands = st.builds(lambda buy, power, n: (Buy if buy else Sell)(n, power),
                           st.booleans(), st.sampled_from(POWERS), st.integers(1, 600))


@settings(max_examples=150, deadline=None)
@given(st.lists(trade_commands, max_size=6), st.integers(0, 100000), st.integers(0, 2),
       st.dictionaries(st.sampled_from(POWERS), st.integers(1, 400)), st.booleans())
def test_purchases_never_cost_more_than_proceeds_and_kept_cash(
        commands: list[Sell | Buy], cash: int, turns: int, rates: dict[str, int],
        surplus: bool) -> None:
    params = BourseParams(cash_surplus=surplus)
    member = Member("ARGENT", dict.fromkeys(POWERS, 1000), cash, turns)
    bourse = Bourse(POWERS, {**dict.fromkeys(POWERS, 100), **rates}, {"ARGENT": member})
    desk = Desk(bourse, Currencies.of(POWERS), params, turn_open=True)
    desk.handle(Mail("ARGENT", tuple(str(c) for c in commands)), commands)
    after, report = process_turn(bourse, desk.sets, params)
    if "ARGENT" not in desk.sets:
        assert after.members["ARGENT"].holdings == member.holdings
        return
    turn = report.members["ARGENT"]
    paid = sum(t.amount for t in turn.trades if t.side is Side.BUY)
    got = sum(t.amount for t in turn.trades if t.side is Side.SELL)
    available = got + (cash if surplus else 0)
    assert paid <= available
    kept = after.members["ARGENT"].cash
    assert paid + turn.lost + (kept if surplus else 0) == available
    for move in report.currencies:  # units are conserved: holdings move by the trades
        held = after.members["ARGENT"].holding(move.power)
        assert held == 1000 + move.bought - move.sold >= 0
