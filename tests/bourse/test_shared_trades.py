"""The Bourse reads currencies and builds trade sets with the pieces every market shares
(judge/money/currencies.py, judge/money/trades.py), under its own names and texts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.games.bourse.rules.commands import Buy, NoTrade, Sell
from judge.games.bourse.rules.currencies import Currencies
from judge.games.bourse.rules.desk import Desk
from judge.games.bourse.rules.params import BourseParams
from judge.games.bourse.rules.state import Bourse, Member
from judge.money import currencies, trades
from judge.money.market.reading import Mail
from judge.money.trades import MailSet, TradeTerms, build_trade_set

STANDARD = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def test_the_bourses_currencies_are_the_shared_reading_with_plural_names() -> None:
    bourse = Currencies.of(STANDARD)
    assert isinstance(bourse, currencies.Currencies)
    assert bourse.named("crown") == "AUSTRIA" and bourse.name_of("AUSTRIA") == "CROWNS"
    assert bourse.power_of("Piasters") == "TURKEY" and bourse.name("TURKEY") == "PIASTRES"


def test_a_full_name_names_its_power_even_when_it_abbreviates_another() -> None:
    shared = currencies.Currencies({"ITA": ("ITA",), "ITALY": ("LIRA",), "IT": ("IT",)})
    assert shared.named("ita") == "ITA" and shared.named("IT") == "IT"
    assert shared.named("I") is None  # an initial three powers share names none
    assert Currencies.of(["ITA", "ITALY"]).power_of("ITA") == "ITA"


def test_the_bourses_trade_commands_are_the_markets() -> None:
    assert isinstance(Sell(1, "LIRA"), trades.Sell) and isinstance(Buy(1, "E"), trades.Buy)
    assert isinstance(NoTrade(), trades.NoTrade)
    assert Sell(1, "LIRA") == Sell(1, "LIRA") != trades.Sell(1, "LIRA")


def test_a_currency_the_market_does_not_trade_is_no_such_currency() -> None:
    terms = TradeTerms({"ITALY": 10}, 500, Currencies.of(STANDARD), frozenset(),
                       lambda p: f"{p} is gone", frozenset({"ITALY"}))
    built = build_trade_set([Buy(1, "F"), Sell(0, "F"), Sell(5, "LIRA")], terms)
    assert [r.reason for r in built.refusals] == ["no such currency",
                                                  "number must be at least 1"]
    assert built.trades == (trades.Trade(trades.Side.SELL, "ITALY", 5),)


commands = st.lists(st.one_of(
    st.none(), st.just(NoTrade()),
    st.builds(lambda sell, n, w: (Sell if sell else Buy)(n, w), st.booleans(),
              st.integers(-1, 700), st.sampled_from(["LIRA", "F", "marks", "X", "GER"]))),
    max_size=8)


@settings(max_examples=100, deadline=None)
@given(commands, st.integers(0, 1000))
def test_the_desk_builds_what_the_shared_builder_builds(
        lines: list[trades.TradeCommand | None], held: int) -> None:
    params = BourseParams()
    member = Member("ARGENT", dict.fromkeys(STANDARD, held))
    bourse = Bourse(STANDARD, dict.fromkeys(STANDARD, 100), {"ARGENT": member},
                    frozenset({"GERMANY"}))
    desk = Desk(bourse, Currencies.of(STANDARD), params, turn_open=True)
    answer = desk.handle(Mail("ARGENT", tuple(str(i) for i in range(len(lines)))), lines)
    terms = TradeTerms(member.holdings, params.sell_limit, Currencies.of(STANDARD),
                       frozenset({"GERMANY"}),
                       lambda p: f"{p} is eliminated; its currency is worthless")
    built = build_trade_set(lines, terms)
    assert [(r.line, r.text, r.reason) for r in answer.refused] == [
        (r.index, str(r.index), r.reason) for r in built.refusals]
    got = desk.sets.get("ARGENT")
    assert (None if got is None else got.lines) == built.trades
    one_by_one = MailSet()
    for line in lines:
        one_by_one.take(line, terms)
    assert one_by_one.trades == built.trades
