"""The market kit (judge/money/market, its fields): what the four market games
share, checked once here and through every game's own tests."""

from __future__ import annotations

import pytest

from judge.engine.board import Map
from judge.engine.state import StateError
from judge.games.bourse.rules.params import BourseParams
from judge.games.capitalist.rules.params import Params as CapitalistParams
from judge.games.exchange.rules.params import BidStyle
from judge.games.exchange.rules.params import Params as ExchangeParams
from judge.games.shareholders.rules.params import Params as ShareholdersParams
from judge.money.market.executor import execute
from judge.money.market.fields import holdings, json_array, power_of, records, whole
from judge.money.market.params import ParamError
from judge.money.market.rates import moved_rate
from judge.money.trades import Side, Trade

RATES = {"FRANCE": 100, "ITALY": 50, "TURKEY": 30}


def test_sales_pay_for_the_purchases_written_before_them() -> None:
    trades = [Trade(Side.BUY, "ITALY", 10), Trade(Side.SELL, "FRANCE", 3)]
    run = execute(trades, {"FRANCE": 5, "ITALY": 0}, 0, RATES)
    assert run.done == (6, 3)  # in the order written; the sale paid for 6 of the 10 ITALY
    assert run.holdings == {"FRANCE": 2, "ITALY": 6}
    assert run.funds == 0


def test_each_purchase_is_cut_to_what_is_left_in_the_order_written() -> None:
    trades = [Trade(Side.BUY, "ITALY", 3), Trade(Side.BUY, "TURKEY", 10),
              Trade(Side.BUY, "FRANCE", 1)]
    run = execute(trades, {}, 250, RATES)
    assert run.done == (3, 3, 0)  # 150 spent, 100 buy 3 TURKEY, 10 left: no FRANCE
    assert run.funds == 10
    assert run.holdings == {"ITALY": 3, "TURKEY": 3, "FRANCE": 0}


@pytest.mark.parametrize(("rate", "net", "new"), [
    (100, 250, 102), (100, -250, 98), (100, 99, 100), (3, -1000, 1), (100, 0, 100)])
def test_rates_move_a_step_per_whole_block_toward_zero_not_below_the_floor(
        rate: int, net: int, new: int) -> None:
    assert moved_rate(rate, net, 100, 1) == new


def test_one_constructor_reads_every_game_by_spec_name_in_any_case() -> None:
    assert BourseParams.from_names({"step_units": 50}).step_units == 50
    assert ShareholdersParams.from_names({"UPKEEP": 30}).upkeep == 30
    assert CapitalistParams.from_names({"start_rate": 90}).start_rate == 90
    exchange = ExchangeParams.from_names({"BID_STYLE": "second_price"}, map_victory=18)
    assert exchange.bid_style is BidStyle.SECOND_PRICE and exchange.victory_scs == 18
    with pytest.raises(ParamError, match="unknown Bourse parameter"):
        BourseParams.from_names({"NO_SUCH": 1})
    with pytest.raises(ParamError, match="unknown 1901-Shareholders parameter"):
        ShareholdersParams.from_names({"NO_SUCH": 1})


def test_defaults_by_spec_name() -> None:
    assert BourseParams.defaults()["START_UNITS"] == 1000
    assert list(CapitalistParams.defaults())[:2] == ["MIN_PLAYERS", "MAX_PLAYERS"]


def test_field_readers_refuse_what_is_no_value_of_their_kind(board: Map) -> None:
    assert power_of("fra", board) == "FRANCE"
    with pytest.raises(StateError, match="unknown country 'NARNIA' in x"):
        power_of("NARNIA", board, kind="country", where=" in x")
    for bad in (-1, True, "3", 1.5):
        with pytest.raises(StateError, match="cash must be a whole number, 0 or more"):
            whole(bad, "cash")
    assert json_array({}, "asks") == []
    with pytest.raises(StateError, match="state 'asks' must be a JSON array"):
        json_array({"asks": {}}, "asks", "state")
    assert holdings({"fra": 2, "France": 3, "ITALY": None}, board, "BOB", null=0) == {
        "FRANCE": 5, "ITALY": 0}
    with pytest.raises(StateError, match="BOB's shares of ITALY must be a whole number"):
        holdings({"ITALY": -1}, board, "BOB", "shares")
    assert dict(records({"a": {}}, "state 'players'", "player", str.upper)) == {"A": {}}
    with pytest.raises(StateError, match="player A must be a JSON object"):
        dict(records({"a": 1}, "state 'players'", "player", str.upper))
