"""The game-neutral pieces (judge/money/currencies.py, judge/money/trades.py) with a table
of another market's names, and the year-end step over random positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.games.capitalist.rules.params import Params
from judge.games.capitalist.rules.state import Economy
from judge.games.capitalist.rules.year_end import year_end
from judge.money.currencies import Currencies
from judge.money.trades import Buy, NoTrade, Sell, Side, Trade, TradeTerms, build_trade_set

OTHER = Currencies({"AUSTRIA": ("CROWNS", "CROWN"), "ITALY": ("LIRE", "LIRA"),
                    "ENGLAND": ("POUNDS", "POUND")})
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def terms(**holdings: int) -> TradeTerms:
    return TradeTerms(holdings, 500, OTHER, frozenset({"AUSTRIA"}),
                      lambda p: f"{p} is eliminated; its currency is worthless")


def test_another_markets_names_and_reasons() -> None:
    assert OTHER.named("crown") == "AUSTRIA"
    assert OTHER.named("I") == "ITALY"
    assert OTHER.named("MARK") is None
    assert OTHER.name_of("ENGLAND") == "POUNDS"
    built = build_trade_set([Sell(100, "lira"), Buy(5, "AUS"), Sell(501, "POUND"),
                             Buy(20, "E"), Sell(50, "ITA")], terms(ITALY=120, ENGLAND=900))
    assert built.trades == (Trade(Side.SELL, "ITALY", 100), Trade(Side.BUY, "ENGLAND", 20))
    assert [(r.index, r.reason) for r in built.refusals] == [
        (1, "AUSTRIA is eliminated; its currency is worthless"),
        (2, "you may sell at most 500 POUNDS this turn"),
        (4, "you hold only 120 LIRE")]


def test_a_set_of_refusals_only_keeps_the_old_set_and_notrade_empties() -> None:
    assert build_trade_set([None, Sell(0, "LIRA")], terms()).trades is None
    assert build_trade_set([Sell(10, "LIRA"), NoTrade()], terms(ITALY=10)).trades == ()


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.sampled_from(POWERS), st.integers(0, 18)),
       st.dictionaries(st.sampled_from(POWERS), st.integers(1, 500)),
       st.dictionaries(st.sampled_from(POWERS), st.integers(0, 18)),
       st.integers(1901, 1920))
def test_the_year_end_keeps_rates_at_the_floor_or_zero(
        centers: dict[str, int], rates: dict[str, int], last: dict[str, int], year: int) -> None:
    dead = frozenset(p for p in POWERS if p not in rates)
    economy = Economy({}, {p: rates.get(p, 0) for p in POWERS}, dead,
                      {p: last.get(p, 0) for p in POWERS})
    step = year_end(economy, centers, year, Params())
    after = step.economy
    for power in POWERS:
        if power in dead or centers.get(power, 0) == 0:
            assert after.rates[power] == 0
            assert power in after.annihilated
        else:
            assert after.rates[power] >= 1
        assert after.centers_last[power] == centers.get(power, 0)
    assert (step.ending is None) == (year < 1915 and max(centers.values(), default=0) < 18)
