"""The pure rules of capitalist.md section 5 on the spec's own examples, and the contract
example of market-contract.md section 4."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from judge.batch import run_case
from judge.games.capitalist.rules.command import command_refusal, commanders
from judge.games.capitalist.rules.commerce import execute, move_rates
from judge.games.capitalist.rules.params import ParamError, Params
from judge.games.capitalist.rules.score import points, winners
from judge.games.capitalist.rules.state import Economy, Player
from judge.games.capitalist.rules.year_end import bonus, year_end
from judge.money.market.lots import lot_key
from judge.money.trades import Side, Trade

G = runpy.run_path(str(Path(__file__).with_name("game.py")))
P = Params()


def test_5_2_purchases_in_order_reduced_when_funds_run_short() -> None:
    player = Player("CROESUS", 0, {"TURKEY": 1000, "FRANCE": 1000, "ENGLAND": 1000})
    rates = {"TURKEY": 88, "FRANCE": 109, "ENGLAND": 95}
    done = execute(player, [Trade(Side.SELL, "TURKEY", 200), Trade(Side.BUY, "FRANCE", 100),
                            Trade(Side.BUY, "ENGLAND", 100)], rates)
    assert done.player.cash == 50
    assert [(e.units, e.reduced) for e in done.executed] == [(200, False), (100, False),
                                                             (70, True)]


def test_5_2_sales_are_credited_before_purchases_written_earlier() -> None:
    player = Player("MIDAS", 0, {"ITALY": 1000, "GERMANY": 1000})
    done = execute(player, [Trade(Side.BUY, "GERMANY", 100), Trade(Side.SELL, "ITALY", 100)],
                   {"ITALY": 100, "GERMANY": 100})
    assert done.player.holdings == {"ITALY": 900, "GERMANY": 1100}
    assert done.player.cash == 0


def _moved(rate: int, bought: int, sold: int) -> int:
    buyer = execute(Player("B", 10**9, {}), [Trade(Side.BUY, "ITALY", bought)] if bought else [],
                    {"ITALY": rate})
    seller = execute(Player("S", 0, {"ITALY": sold}),
                     [Trade(Side.SELL, "ITALY", sold)] if sold else [], {"ITALY": rate})
    return move_rates({"ITALY": rate}, [buyer, seller], frozenset(), P)["ITALY"].new


@pytest.mark.parametrize(("rate", "bought", "sold", "new"), [
    (100, 700, 1950, 88), (100, 999, 0, 109), (100, 49, 50, 100), (3, 0, 700, 1),
    (100, 0, 99, 100), (100, 0, 100, 99), (100, 100, 0, 101),
])
def test_5_3_whole_hundreds_of_the_net_truncated_toward_zero(
        rate: int, bought: int, sold: int, new: int) -> None:
    assert _moved(rate, bought, sold) == new


def test_5_3_an_annihilated_currency_does_not_move() -> None:
    moves = move_rates({"AUSTRIA": 0, "ITALY": 100}, [], frozenset({"AUSTRIA"}), P)
    assert (moves["AUSTRIA"].new, moves["ITALY"].new) == (0, 100)


@pytest.mark.parametrize(("rate", "change", "new"), [
    (109, 2, 119), (88, -1, 83), (2, -1, 1), (100, 0, 100), (100, 4, 120), (100, -30, 1),
])
def test_5_5_military_bonus(rate: int, change: int, new: int) -> None:
    assert bonus(rate, change, P) == new


def test_5_6_the_seed_example_and_shared_wins() -> None:
    assert points(Player("X", 0, {"ITALY": 1798}), {"ITALY": 7}, 100) == 119
    assert winners({"A": 3, "B": 5, "C": 5}) == ["B", "C"]


def test_5_4_the_lot_of_the_spec() -> None:
    assert lot_key(5, "S1901C/COMMAND/GERMANY", "CROESUS").startswith("c779")
    assert lot_key(5, "S1901C/COMMAND/GERMANY", "MIDAS").startswith("da10")
    players = [Player("MIDAS", 0, {"GERMANY": 1790}), Player("CROESUS", 0, {"GERMANY": 1790}),
               Player("PLUTUS", 0, {"GERMANY": 1000})]
    assert commanders(players, ["GERMANY"], 5, "S1901C") == {"GERMANY": "CROESUS"}


def test_d26_nobody_commands_a_currency_nobody_holds() -> None:
    players = [Player("MIDAS", 0, {"GERMANY": 0}), Player("CROESUS", 0, {})]
    assert commanders(players, ["GERMANY", "ITALY"], 5, "S1901C") == {}


def test_d30_only_the_commander() -> None:
    assert command_refusal({"ITALY": "PLUTUS"}, "PLUTUS", "ITALY") is None
    assert command_refusal({"ITALY": "PLUTUS"}, "MIDAS", "ITALY") == (
        "you do not command ITALY this season")
    assert command_refusal({}, "MIDAS", "ITALY") is not None


def test_d33_annihilated_powers_get_no_bonus_and_every_centers_last_is_updated() -> None:
    economy = Economy({}, {"AUSTRIA": 70, "ITALY": 100, "RUSSIA": 0},
                      frozenset({"RUSSIA"}), {"AUSTRIA": 3, "ITALY": 3, "RUSSIA": 0})
    step = year_end(economy, {"ITALY": 5}, 1901, P)
    assert step.economy.rates == {"AUSTRIA": 0, "ITALY": 110, "RUSSIA": 0}
    assert step.annihilated_now == {"AUSTRIA"}
    assert step.economy.centers_last == {"AUSTRIA": 0, "ITALY": 5, "RUSSIA": 0}
    assert step.ending is None


def test_d20_d35_the_end_kinds() -> None:
    economy = Economy({"M": Player("M", 0, {"ITALY": 200})}, {"ITALY": 100})
    assert year_end(economy, {"ITALY": 18}, 1915, P).ending.kind == "solo"  # type: ignore[union-attr]
    assert year_end(economy, {"ITALY": 3}, 1915, P).ending.kind == "end_year"  # type: ignore[union-attr]
    assert year_end(economy, {"ITALY": 3}, 1917, P).ending.kind == "end_year"  # type: ignore[union-attr]
    assert year_end(economy, {"ITALY": 3}, 1914, P).ending is None


@pytest.mark.parametrize("given", [
    {"STEP_UNITS": 0}, {"POINT_BLOCK": 0}, {"MIN_RATE": 0}, {"SELL_LIMIT": 0},
    {"MIN_PLAYERS": 10, "MAX_PLAYERS": 9}, {"START_RATE": 0}, {"START_UNITS": -1},
])
def test_impossible_parameters(given: dict) -> None:
    with pytest.raises(ParamError):
        Params.from_names(given)
    assert "error" in run_case(G["case"]("S1901C", params=given))


def test_the_contract_example() -> None:
    names = ("MIDAS", "CROESUS", "PLUTUS", "MAMMON", "FUGGER", "MEDICI", "SCROOGE", "GEKKO",
             "RICHIE")
    result = G["play"](G["case"]("S1901C", G["accounts"](names), [
        G["mail"]("MIDAS", "SELL 500 LIRA", "SELL 300 RUBEL", "BUY 790 MARK"),
        G["mail"]("CROESUS", "SELL 501 LIRA")], case_id="cap-1"))
    assert result["id"] == "cap-1"
    assert result["errors"] == {
        "CROESUS": ["SELL 501 LIRA: you may sell at most 500 LIRA this turn"]}
    state = result["state"]
    assert state["phase"] == "S1901M"
    assert state["players"]["MIDAS"] == {"sfr": 1000, "holdings": {
        "AUSTRIA": 1000, "ENGLAND": 1000, "FRANCE": 1000, "GERMANY": 1790, "ITALY": 500,
        "RUSSIA": 700, "TURKEY": 1000}}
    assert state["rates"] == {"GERMANY": 107, "ITALY": 95, "RUSSIA": 97, "AUSTRIA": 100,
                              "ENGLAND": 100, "FRANCE": 100, "TURKEY": 100}
    assert state["annihilated"] == []
    assert state["centers_last"] == {"RUSSIA": 4, "AUSTRIA": 3, "ENGLAND": 3, "FRANCE": 3,
                                     "GERMANY": 3, "ITALY": 3, "TURKEY": 3}
    assert state["commanders"]["GERMANY"] == "MIDAS"
    assert state["commanders"]["ITALY"] == "CROESUS"  # the lot among the eight at 1000
    assert result["end"] is None
    assert result["warnings"] == {}
