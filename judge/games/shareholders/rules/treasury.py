"""The February deadline (spec 3.1): income, dividend, upkeep and builds, paid in dollars.

All countries at once: step C (dissolutions, upkeep) is done for every country before
step D (builds) of any (D36).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from judge.engine.board import Map
from judge.engine.position import Position, Unit
from judge.games.shareholders.rules.february import Decisions
from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.state import Country, Player, ShareholdersGame
from judge.games.shareholders.rules.upkeep import removal_order

BUILT = "built"
NOT_OWNED = "not owned"
OCCUPIED = "occupied"
NO_BUILD_LEFT = "no build left"
INSUFFICIENT_CASH = "insufficient cash"


@dataclass(frozen=True)
class Treasury:
    """What February did, country by country (spec 7): per share dividend paid (None when
    none was decided), units dissolved by choice and for upkeep, and each agreed build with
    its outcome, in processing order."""

    game: ShareholdersGame
    income: Mapping[str, int]
    dividend: Mapping[str, int | None] = field(default_factory=dict)
    dissolved: Mapping[str, tuple[Unit, ...]] = field(default_factory=dict)
    removed: Mapping[str, tuple[Unit, ...]] = field(default_factory=dict)
    builds: Mapping[str, tuple[tuple[Unit, str], ...]] = field(default_factory=dict)


def income_of(game: ShareholdersGame, params: Params, country: str) -> int:
    """February income: SC_INCOME per centre owned (published at the opening)."""
    return params.sc_income * len(game.centers_of(country))


def february(game: ShareholdersGame, params: Params, board: Map, decided: Mapping[str,
             Decisions]) -> Treasury:
    """The whole February deadline with each country's agreed decisions."""
    cash: dict[str, int] = {}
    countries: dict[str, Country] = {}
    players = {n: p.cash for n, p in game.players.items()}
    income: dict[str, int] = {}
    dividends: dict[str, int | None] = {}
    for name, country in game.countries.items():
        earned = income_of(game, params, name)
        income[name] = earned
        per_share = _dividend(game, name, earned, decided.get(name, Decisions()), players)
        dividends[name] = per_share
        paid = (per_share or 0) * game.shares_held(name)
        cash[name] = country.cash + earned - paid
        countries[name] = replace(country, revenue_last=earned,
                                  dividend_last=(per_share or 0) >= 1)
    units = {c: list(game.units_of(c)) for c in game.countries}
    dissolved: dict[str, tuple[Unit, ...]] = {}
    removed: dict[str, tuple[Unit, ...]] = {}
    for name in game.countries:
        chosen = decided.get(name, Decisions()).dissolve
        dissolved[name] = tuple(u for u in chosen if u in units[name])
        units[name] = [u for u in units[name] if u not in chosen]
        forced, cost = _upkeep(board, game.centers_of(name) & board.homes.get(name, frozenset()),
                               units[name], cash[name], params.upkeep)
        removed[name] = tuple(forced)
        units[name] = [u for u in units[name] if u not in forced]
        cash[name] -= cost
    occupied = {u.province for us in units.values() for u in us}
    builds: dict[str, tuple[tuple[Unit, str], ...]] = {}
    for name in game.countries:
        wanted = decided.get(name, Decisions()).builds
        if not wanted:
            continue
        done = []
        for unit in wanted:
            outcome = _build_outcome(game, params, name, unit, units[name], occupied, cash[name])
            if outcome == BUILT:
                units[name].append(unit)
                occupied.add(unit.province)
                cash[name] -= params.build_cost
            done.append((unit, outcome))
        builds[name] = tuple(done)
    final = {n: replace(c, cash=cash[n]) for n, c in countries.items()}
    new_players = {n: Player(n, players[n], p.holdings) for n, p in game.players.items()}
    board_after = Position(game.position.phase, {c: tuple(us) for c, us in units.items() if us},
                           game.position.centers)
    after = replace(game, players=new_players, countries=final).with_board(board_after)
    return Treasury(after, income, dividends, dissolved, removed, builds)


def _dividend(game: ShareholdersGame, country: str, earned: int, decisions: Decisions,
              players: dict[str, int]) -> int | None:
    """Step B (5.4): pay floor(income / H) per share; None when no dividend is paid out of
    a decision (none decided, or nobody holds a share)."""
    held = game.shares_held(country)
    if not decisions.dividend or held == 0:
        return None
    per_share = earned // held
    for name, player in game.players.items():
        players[name] += player.holding(country) * per_share
    return per_share


def _upkeep(board: Map, homes: frozenset[str], units: list[Unit], cash: int,
            upkeep: int) -> tuple[list[Unit], int]:
    """Step C (5.5): the units removed for lack of cash, and the upkeep paid."""
    cost = upkeep * len(units)
    if cost <= cash:
        return [], cost
    keep = cash // upkeep
    order = removal_order(board, homes, units)
    forced = order[: len(units) - keep]
    return forced, upkeep * keep


def _build_outcome(game: ShareholdersGame, params: Params, country: str, unit: Unit,
                   units: list[Unit],
                   occupied: set[str], cash: int) -> str:
    """Step D (5.6): the first test a build fails, in the order of D19, or ``built``."""
    if unit.province not in game.centers_of(country):
        return NOT_OWNED
    if unit.province in occupied:
        return OCCUPIED
    if len(units) + 1 > len(game.centers_of(country)):
        return NO_BUILD_LEFT
    if cash < params.build_cost:
        return INSUFFICIENT_CASH
    return BUILT
