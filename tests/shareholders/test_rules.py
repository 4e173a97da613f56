"""The pure rules called directly, as the mail service will call them: the computations
of spec 5 and the submission warnings of 4.1 and 4.2 (which the batch does not report)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge.engine.board import UnitType
from judge.engine.orders import Build, Hold, Move, SupportMove
from judge.engine.position import Position, Unit
from judge.games.shareholders.rules.commands import Dividend
from judge.games.shareholders.rules.fees import charge
from judge.games.shareholders.rules.january import Dealing
from judge.games.shareholders.rules.office_orders import Instruction
from judge.games.shareholders.rules.offices import office_holders
from judge.games.shareholders.rules.params import ParamError, Params
from judge.games.shareholders.rules.prices import share_price
from judge.games.shareholders.rules.state import (
    Country,
    Player,
    ShareholdersGame,
    Step,
    Turn,
    opening,
)
from judge.games.shareholders.rules.turns import play_turn, submit_mail
from judge.games.shareholders.rules.upkeep import FARTHEST, distance, removal_order
from judge.games.shareholders.text import read_commands
from judge.money.trades import Buy, NoTrade, Sell
from tests.shareholders.cases import BOARD

PARAMS = Params()


def unit(text: str) -> Unit:
    return Unit.parse(text)


def test_office_examples_of_5_2() -> None:
    assert office_holders({"ANN": 4, "CID": 4, "DOT": 4}, ("ANN", "CID")) == ("ANN", "CID")
    assert office_holders({"ANN": 3, "BEN": 3}, ("ANN",)) == ("ANN",)
    assert office_holders({"ANN": 3, "BEN": 3}, ()) == ("ANN", "BEN")
    assert office_holders({"ANN": 3, "BEN": 3}, ("CID",)) == ("ANN", "BEN")
    assert office_holders({"ANN": 1, "BEN": 3}, ("ANN",)) == ("BEN",)
    assert office_holders({"ANN": 0}, ("ANN",)) == ()


def game_with(country: Country, centers: list[str], units: list[str],
              year: int = 1902) -> ShareholdersGame:
    base = opening(["ANN", "BEN", "CID"], BOARD.homes, 1000)
    position = Position(base.position.phase, {country.name: tuple(map(unit, units))},
                        {country.name: frozenset(centers)})
    return replace(base, position=position, countries={**base.countries, country.name: country},
                   turn=Turn(year, Step.JANUARY))


@pytest.mark.parametrize(("centers", "units", "revenue", "dividend", "price"), [
    (["PAR", "MAR", "BRE", "SPA"], ["A PAR"], 320, False, 600),
    (["PAR", "MAR", "BRE", "SPA"], ["A PAR"], 320, True, 500),
    ([], ["A PAR"], 240, False, 200),
    ([], [], 240, False, 0),
])
def test_price_examples_of_5_1(centers: list[str], units: list[str], revenue: int,
                               dividend: bool, price: int) -> None:
    france = Country("FRANCE", revenue_last=revenue, dividend_last=dividend)
    assert share_price(game_with(france, centers, units), "FRANCE", PARAMS, 1902) == price


def test_the_first_year_bonus_only_in_january_1901() -> None:
    france = Country("FRANCE", revenue_last=0)
    game = game_with(france, ["PAR", "MAR", "BRE"], [])
    assert share_price(game, "FRANCE", PARAMS, 1901) == 400
    assert share_price(game, "FRANCE", PARAMS, 1902) == 300


def test_upkeep_example_of_5_5_and_d20() -> None:
    homes = frozenset({"PAR", "MAR", "BRE"})
    units = [unit("A PAR"), unit("A BUR"), unit("F MAO"), unit("A RUH")]
    assert removal_order(BOARD, homes, units)[:2] == [unit("A RUH"), unit("F MAO")]
    # equal distance and type: the abbreviation decides, GOL before GRE (D20)
    naples = frozenset({"NAP"})
    assert distance(BOARD, naples, UnitType.FLEET, "GOL") == 2
    assert distance(BOARD, naples, UnitType.FLEET, "GRE") == 2
    assert removal_order(BOARD, naples, [unit("F GRE"), unit("F GOL")]) == [unit("F GOL"),
                                                                            unit("F GRE")]
    # at equal distance a fleet goes before an army
    assert removal_order(BOARD, naples, [unit("A APU"), unit("F ION")]) == [unit("F ION"),
                                                                            unit("A APU")]


def test_d21_distances_count_as_datc_6j() -> None:
    homes = frozenset({"MOS"})
    assert distance(BOARD, homes, UnitType.FLEET, "BLA") == FARTHEST  # MOS is inland
    assert distance(BOARD, frozenset(), UnitType.ARMY, "PAR") == FARTHEST
    # an army counts sea provinces as steps: LON - NTH - NWY
    assert distance(BOARD, frozenset({"NWY"}), UnitType.ARMY, "LON") == 2
    # a fleet reaches STP on either coast
    assert distance(BOARD, frozenset({"STP"}), UnitType.FLEET, "BOT") == 1
    assert distance(BOARD, frozenset({"STP"}), UnitType.FLEET, "BAR") == 1


def test_fee_example_of_5_7() -> None:
    orders = (Instruction(Move(unit("A PAR"), "BUR")), Instruction(Move(unit("A MAR"), "SPA")),
              Instruction(Move(unit("F BRE"), "MAO")),
              Instruction(SupportMove(unit("A GAS"), unit("A PAR"), "BUR")))
    charged = charge(orders, 50, PARAMS)
    assert charged.fee == 50 and charged.cancelled == (orders[2],)
    assert charged.orders[2] == Instruction(Hold(unit("F BRE")))
    # D26: free moves are still cancelled in their turn before the support
    free = Params(move_fee=0)
    assert charge(orders, 5, free).cancelled == (orders[2], orders[1], orders[0], orders[3])
    assert charge(orders, 0, Params(move_fee=0, support_fee=0)).cancelled == ()


def test_params_refuse_impossible_settings() -> None:
    with pytest.raises(ParamError):
        Params.from_names({"MAX_PLAYERS": 2})
    with pytest.raises(ParamError):
        Params.from_names({"UPKEEP": -40})
    assert Params.from_names({"end_year": 1910}).end_year == 1910


def new_game() -> ShareholdersGame:
    return opening(["ANN", "BEN", "CID", "DOT"], BOARD.homes, 3150)


def test_a_mail_builds_a_dealing_with_the_warning_of_4_1() -> None:
    game = new_game()
    lines = ["BUY 5 RUSSIA", "BUY 2 FRANCE", "SELL 1 FRANCE"]
    sent = submit_mail(game, PARAMS, BOARD, "BEN", None, read_commands(lines, BOARD))
    assert sent.built == Dealing(None, (Buy(5, "RUSSIA"), Buy(2, "FRANCE")))
    assert sent.refusals == ((2, "you hold only 0 FRANCE shares"),)
    assert sent.warnings == ((1, "WARNING: your purchases cost 3300 but you will have 3150; "
                                 "as written, no purchase will be made"),)
    emptied = submit_mail(game, PARAMS, BOARD, "BEN", None, [Buy(1, "ITALY"), NoTrade()])
    assert emptied.built == Dealing()


def test_the_warning_of_4_2_and_a_game_played_from_typed_sets() -> None:
    game = play_turn(new_game(), PARAMS, BOARD, {"ANN": Dealing(None, (Buy(1, "ENGLAND"),))}).game
    assert game.turn == Turn(1901, Step.FEBRUARY) and game.countries["ENGLAND"].office == ("ANN",)
    sent = submit_mail(game, PARAMS, BOARD, "ANN", "ITALY", [Dividend(True)])
    assert sent.refusals == ((0, "ANN is not an office holder of ITALY"),)
    ann = Player("ANN", 0, {})
    lonely = replace(game, players={**game.players, "ANN": ann},
                     countries={**game.countries, "ENGLAND": Country("ENGLAND", office=("ANN",))})
    sent = submit_mail(lonely, PARAMS, BOARD, "ANN", "ENGLAND",
                       [Dividend(True), Build(unit("F LON")), Sell(1, "FRANCE")])
    assert sent.warnings == ((0, "WARNING: nobody holds ENGLAND shares; no dividend can be paid"),)
    assert [i for i, _ in sent.refusals] == [2]
    played = play_turn(lonely, PARAMS, BOARD, {"ENGLAND": {"ANN": sent.built}})
    assert played.treasury is not None
    assert played.treasury.builds["ENGLAND"] == ((unit("F LON"), "built"),)
    assert played.game.turn == Turn(1901, Step.SPRING)
    assert played.game.countries["ENGLAND"].cash == 40
