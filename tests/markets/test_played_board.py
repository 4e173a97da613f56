"""The map of a market phase played on the board is drawn from the typed played phase
(``Played.board_orders``, ``board_results``: judge.games.market.mail.phases.board_map):
what it draws is what the contract's result says, order for order and outcome for
outcome, in every market kind's shape of orders (Capitalist's per power under its
commander, Shareholders' per unit)."""

from __future__ import annotations

from judge.engine.maps import load_map
from judge.games.capitalist.rules.outcome import played_from_json
from judge.games.shareholders.rules.outcome import turned_from_json
from judge.maps.reading import orders_by_unit
from tests.capitalist.game import case, mail, play
from tests.shareholders import cases as shareholders


def test_a_capitalist_military_phase_draws_its_commanders_orders() -> None:
    result = play(case("S1901M", commanders={"FRANCE": "MIDAS", "GERMANY": "CROESUS"},
                       mails=[mail("MIDAS", "A PAR - BUR", "F BRE - MAO", power="FRANCE"),
                              mail("CROESUS", "A MUN - BUR", power="GERMANY")]))
    played = played_from_json(result, load_map("standard"))
    drawn = orders_by_unit(played.board_orders)
    assert drawn == orders_by_unit(result["orders"])
    assert drawn["A PAR"] == "A PAR - BUR" and drawn["F BRE"] == "F BRE - MAO"
    assert dict(played.board_results) == result["results"]
    assert played.board_results["A PAR"] != "ok"  # bounced by MUN: the map shows it


def test_a_capitalist_commerce_phase_draws_no_orders() -> None:
    result = play(case("S1901C"))
    played = played_from_json(result, load_map("standard"))
    assert played.board_orders == {} and played.board_results == {}


def test_a_shareholders_retreat_draws_its_orders_and_outcomes() -> None:
    holders = {"ANN": {"cash": 0, "shares": {"FRANCE": 2}},
               "BEN": {"cash": 0, "shares": {}}, "CID": {"cash": 0, "shares": {"FRANCE": 2}}}
    given = shareholders.state(
        "S1902R", holders,
        {"FRANCE": shareholders.country(cash=30, office=("ANN", "CID"))},
        units={"GERMANY": ["A BUR"]},
        dislodged={"FRANCE": [{"unit": "A BUR", "attacker": "MUN"}]})
    result = shareholders.play(given, shareholders.mail("ANN", "A BUR - PIC", as_="FRANCE"),
                               shareholders.mail("CID", "A BUR - PIC", as_="FRANCE"))
    played = turned_from_json(result, load_map("standard"))
    assert orders_by_unit(played.board_orders) == orders_by_unit(result["orders"]) != {}
    assert dict(played.board_results) == result.get("results", {})
