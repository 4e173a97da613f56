"""The ``state`` of a Capitalist case (market-contract.md section 4) to and from the
typed board and economy: the base keys plus ``players``, ``rates``, ``annihilated``,
``centers_last`` and ``commanders``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.board import Map
from judge.engine.phase import Season
from judge.engine.position import Position, starting_position
from judge.engine.state import StateError, position_from_state, state_from_position
from judge.games.capitalist.rules.calendar import Commerce, GamePhase, read_phase
from judge.games.capitalist.rules.params import Params
from judge.games.capitalist.rules.state import CapitalistGame, Economy, Player
from judge.money.market.fields import holdings, json_array, json_object, power_of, records, whole


def read_position(state: Mapping[str, Any], phase: GamePhase, board: Map) -> Position:
    """The board; a commerce phase's board is read as the movement phase it opens onto."""
    board_phase = phase.movement if isinstance(phase, Commerce) else phase
    return position_from_state({**state, "phase": str(board_phase)}, board)


def read_economy(state: Mapping[str, Any], board: Map, params: Params) -> Economy:
    """The game's own keys; a missing key takes its value at the start of a game."""
    players: dict[str, Player] = {}
    for pseudonym, account in records(json_object(state, "players"), "'players'", "player",
                                      _name):
        if pseudonym in players:
            raise StateError(f"player {pseudonym} is listed twice")
        # an account without its keys is a new player's (spec 1, section 6)
        sfr = whole(account.get("sfr", params.start_sfr), f"sfr of {pseudonym}")
        given = account.get("holdings")
        held = dict.fromkeys(board.powers, params.start_units) if given is None else holdings(
            json_object(account, "holdings"), board, pseudonym)
        players[pseudonym] = Player(pseudonym, sfr, held)
    annihilated = frozenset(power_of(p, board) for p in json_array(state, "annihilated"))
    given_rates = {power_of(p, board): whole(r, f"rate of {p}")
                   for p, r in json_object(state, "rates").items()}
    rates: dict[str, int] = {}
    for power in board.powers:
        rate = 0 if power in annihilated else given_rates.get(power, params.start_rate)
        if power not in annihilated and rate < params.min_rate:
            raise StateError(f"the rate of {power} is below MIN_RATE but it is not annihilated")
        rates[power] = rate
    last = {power_of(p, board): whole(n, f"centers_last of {p}")
            for p, n in json_object(state, "centers_last").items()}
    centers_last = {p: last.get(p, len(board.homes.get(p, ()))) for p in board.powers}
    commanders = {power_of(p, board): _name(who)
                  for p, who in json_object(state, "commanders").items() if who is not None}
    return Economy(players, rates, annihilated, centers_last, commanders)


def write_state(position: Position, phase: GamePhase, economy: Economy,
                board: Map) -> dict[str, Any]:
    """The result's ``state``: every key, every map keyed by power listing all of them."""
    return {
        **state_from_position(position),
        "phase": str(phase),
        "players": {
            p.name: {"sfr": p.cash,
                     "holdings": {power: p.holding(power) for power in board.powers}}
            for p in sorted(economy.players.values(), key=lambda p: p.name)
        },
        "rates": {p: economy.rates.get(p, 0) for p in board.powers},
        "annihilated": sorted(economy.annihilated),
        "centers_last": {p: economy.centers_last.get(p, 0) for p in board.powers},
        "commanders": dict(sorted(economy.commanders.items())),
    }

def game_from_state(state: Mapping[str, Any], board: Map,
                    params: Params | None = None) -> CapitalistGame:
    """A state read whole into the typed game; StateError for anything that is not one.
    Without the GM parameters, those of a state the judge wrote need none: every key is
    there, and no rate it kept is below the least MIN_RATE."""
    try:
        phase = read_phase(str(state.get("phase", "")))
    except ValueError as e:
        raise StateError(str(e)) from None
    economy = read_economy(state, board, params or Params())
    return CapitalistGame(phase, read_position(state, phase, board), economy)


def state_of(game: CapitalistGame, board: Map) -> dict[str, Any]:
    """The contract's ``state`` of a typed game (``write_state``)."""
    return write_state(game.position, game.phase, game.economy, board)


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise StateError(f"a pseudonym must be a non-empty string, not {value!r}")
    return value.strip().upper()


def opening_state(names: Sequence[str], board: Map, params: Params) -> dict[str, Any]:
    """The state of a new game at ``S1901C`` (capitalist.md 1, 2, 3, section 6): the
    standard units and centres, every pseudonym (upper case) holding START_UNITS of every
    currency and START_SFR, every rate START_RATE, ``centers_last`` the home centres, no
    commanders. StateError when the names are not a game the parameters allow (D32) or
    one is given twice."""
    pseudonyms = [_name(n) for n in names]
    if len(set(pseudonyms)) != len(pseudonyms):
        raise StateError("a pseudonym is given twice")
    problem = params.player_count_problem(len(pseudonyms))
    if problem is not None:
        raise StateError(problem)
    players = {n: Player(n, params.start_sfr, dict.fromkeys(board.powers, params.start_units))
               for n in pseudonyms}
    economy = Economy(players, dict.fromkeys(board.powers, params.start_rate), frozenset(),
                      {p: len(board.homes.get(p, ())) for p in board.powers}, {})
    return write_state(starting_position(board), Commerce(Season.SPRING, 1901), economy,
                       board)
