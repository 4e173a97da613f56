"""The pure rules of judge/games/bourse/rules, as the mail service will call them."""

from __future__ import annotations

import pytest

from judge.engine.maps import load_map
from judge.games.bourse.rules.commands import Buy, Command, JoinBourse, NoTrade, Sell
from judge.games.bourse.rules.currencies import Currencies
from judge.games.bourse.rules.desk import Desk
from judge.games.bourse.rules.params import BourseParams, ParamError
from judge.games.bourse.rules.scoring import eliminate, net_worth, score
from judge.games.bourse.rules.state import Bourse, Member
from judge.games.bourse.rules.turn import process_turn
from judge.money.market.rates import moved_rate
from judge.money.market.reading import Done, Mail, MailRead, Refused

POWERS = load_map("standard").powers
PARAMS = BourseParams()


@pytest.mark.parametrize(("rate", "net", "new"), [
    (100, -500, 95), (100, 1000, 110), (100, 999, 109), (100, -999, 91), (100, 99, 100),
    (100, -99, 100), (4, -700, 1), (1, -5000, 1), (100, 0, 100)])
def test_seed_rate_examples(rate: int, net: int, new: int) -> None:
    assert moved_rate(rate, net, PARAMS.step_units, PARAMS.min_rate) == new


def test_rate_step_and_floor_are_parameters() -> None:
    params = BourseParams(step_units=50, min_rate=10)
    assert moved_rate(100, 120, params.step_units, params.min_rate) == 102
    assert moved_rate(12, -500, params.step_units, params.min_rate) == 10


def test_credits_example_of_5_4() -> None:
    member = Member("BULLION", {"GERMANY": 1250, "ITALY": 830, "ENGLAND": 1000})
    bourse = Bourse(POWERS, dict.fromkeys(POWERS, 100), {"BULLION": member})
    standing = score(bourse, {"GERMANY": 7, "ITALY": 4, "ENGLAND": 0})
    assert standing.credits == {"BULLION": 12070} and standing.winners == ("BULLION",)


def test_a_turn_reports_reductions_losses_and_each_currencys_move() -> None:
    desk = Desk(Bourse.opened(POWERS, PARAMS), Currencies.of(POWERS), PARAMS, turn_open=True)
    joined = handle(desk, "b@example.com", [("JOIN BOURSE BULLION", JoinBourse("BULLION"))])
    assert joined.done == (Done(0, "JOIN BOURSE BULLION", "joined as BULLION"),)
    answer = handle(desk, "BULLION", [("SELL 300 F", Sell(300, "F")),
                                      ("BUY 200 E", Buy(200, "E")),
                                      ("BUY 150 G", Buy(150, "G"))])
    assert answer.refused == () and answer.replaced == ("trades",)
    assert len(answer.noted) == 1 and "350.00" in answer.noted[0]
    after, report = process_turn(desk.bourse, desk.sets, PARAMS)
    turn = report.members["BULLION"]
    assert [(t.power, t.done, t.reduced) for t in turn.trades] == [
        ("FRANCE", 300, False), ("ENGLAND", 200, False), ("GERMANY", 100, True)]
    assert turn.lost == 0
    moves = {m.power: (m.bought, m.sold, m.old, m.new) for m in report.currencies}
    assert moves["FRANCE"] == (0, 300, 100, 97) and moves["GERMANY"] == (100, 0, 100, 101)
    assert after.members["BULLION"].turns_played == 1


def test_the_desk_keeps_the_earlier_set_when_a_mail_is_all_refused() -> None:
    bourse = Bourse.opened(POWERS, PARAMS).joined("ARGENT", PARAMS)
    desk = Desk(bourse, Currencies.of(POWERS), PARAMS, turn_open=True)
    handle(desk, "ARGENT", [("SELL 10 LIRA", Sell(10, "LIRA"))])
    answer = handle(desk, "ARGENT", [("BUY 1 X", Buy(1, "X")), ("??", None)])
    assert answer.refused == (Refused(0, "BUY 1 X", "no such currency"),
                              Refused(1, "??", "cannot understand this command"))
    assert answer.replaced == ()
    assert [t.units for t in desk.sets["ARGENT"].lines] == [10]
    handle(desk, "ARGENT", [("NOTRADE", NoTrade())])
    assert desk.sets["ARGENT"].lines == ()


def test_the_desk_answers_with_the_typed_values_of_every_market_game() -> None:
    """Issue 22: each line refused by its place in the mail (a line sent twice is
    refused twice, each at its own place), the JOIN done, the warnings noted on the
    whole set, under the mail's key."""
    desk = Desk(Bourse.opened(POWERS, PARAMS), Currencies.of(POWERS), PARAMS, turn_open=True)
    lines = [("SELL 10 LIRA", Sell(10, "LIRA")), ("JOIN BOURSE argent", JoinBourse("argent")),
             ("SELL 600 LIRA", Sell(600, "LIRA")), ("SELL 10 LIRA", Sell(10, "LIRA")),
             ("SELL 600 LIRA", Sell(600, "LIRA")), ("BUY 5 MARKS", Buy(5, "MARKS"))]
    read = desk.handle(Mail("a@example.com", tuple(t for t, _ in lines), "FRANCE"),
                       [c for _, c in lines])
    assert read == MailRead(
        "a@example.com/FRANCE",
        (Refused(0, "SELL 10 LIRA", "you are not in this Bourse"),
         Refused(2, "SELL 600 LIRA", "you may sell at most 500 LIRA this turn"),
         Refused(4, "SELL 600 LIRA", "you may sell at most 500 LIRA this turn")),
        (Done(1, "JOIN BOURSE argent", "joined as ARGENT"),),
        noted=("WARNING: 5.00 will be left unspent and lost",), replaced=("trades",))
    with pytest.raises(ValueError):
        desk.handle(Mail("ARGENT", ("NOTRADE",)), [])


def handle(desk: Desk, sender: str, lines: list[tuple[str, Command | None]]) -> MailRead:
    """One mail of ``sender`` on the desk: each line with its command."""
    return desk.handle(Mail(sender, tuple(t for t, _ in lines)), [c for _, c in lines])


def test_elimination_zeroes_the_rate_keeps_the_units_and_a_joiner_gets_none() -> None:
    bourse = Bourse.opened(POWERS, PARAMS).joined("ARGENT", PARAMS)
    after, gone = eliminate(bourse, {p: 3 for p in POWERS if p != "AUSTRIA"})
    assert gone == ("AUSTRIA",) and after.rate("AUSTRIA") == 0
    assert after.members["ARGENT"].holding("AUSTRIA") == 1000
    assert net_worth(after.members["ARGENT"], after) == 6 * 1000 * 100
    late = after.joined("late", PARAMS).members["LATE"]
    assert late.holding("AUSTRIA") == 0 and late.holding("ITALY") == 1000
    assert eliminate(after, {})[0].eliminated == frozenset(POWERS)


@pytest.mark.parametrize("given", [{"STEP_UNITS": 0}, {"MIN_RATE": 0},
                                   {"START_RATE": 5, "MIN_RATE": 6}, {"BOGUS": 1}])
def test_parameters_that_break_a_rule(given: dict) -> None:
    with pytest.raises(ParamError):
        BourseParams.from_names(given)


def test_default_parameters_are_the_spec_s() -> None:
    assert BourseParams.from_names({}) == BourseParams(
        start_units=1000, start_rate=100, step_units=100, sell_limit=500, min_rate=1,
        cash_surplus=False, winter_turns=False, no_early=True, join_open=True,
        host_players_may_join=True)
