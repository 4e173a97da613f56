"""The order of turns (spec 3, 3.2) and the year-end step: ownership, military victory
(5.8), economic victory (5.9), ``END_YEAR`` (D41)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from judge.engine.board import Map
from judge.engine.position import Position
from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.prices import net_worths, prices
from judge.games.shareholders.rules.state import ShareholdersGame, Step, Turn
from judge.money.market.played import Ending

SOLO = "solo"
ECONOMIC = "economic"
END_YEAR = "end_year"


@dataclass(frozen=True)
class YearEnd:
    """The game at the next January, every player's net worth, and the end if any."""

    game: ShareholdersGame
    net_worth: dict[str, int]
    end: Ending | None


def has_units(game: ShareholdersGame) -> bool:
    return any(game.position.units.values())


def after_february(game: ShareholdersGame, params: Params,
                   board: Map) -> ShareholdersGame | YearEnd:
    """Spring is held only with a unit on the board; otherwise the year runs out (D27)."""
    if has_units(game):
        return game.at(Turn(game.turn.year, Step.SPRING))
    return year_end(game, params, board)


def after_spring(game: ShareholdersGame, params: Params, board: Map) -> ShareholdersGame | YearEnd:
    """After Spring (and its retreats): Fall if a unit is left, else the year-end step."""
    if game.position.dislodged and game.turn.step is Step.SPRING:
        return game.at(Turn(game.turn.year, Step.SPRING_RETREAT))
    if has_units(game):
        return game.at(Turn(game.turn.year, Step.FALL))
    return year_end(game, params, board)


def after_fall(game: ShareholdersGame, params: Params, board: Map) -> ShareholdersGame | YearEnd:
    if game.position.dislodged and game.turn.step is Step.FALL:
        return game.at(Turn(game.turn.year, Step.FALL_RETREAT))
    return year_end(game, params, board)


def year_end(game: ShareholdersGame, params: Params, board: Map) -> YearEnd:
    """Centres change hands, then the victories are checked; the game goes to January."""
    owner = dict(game.position.owner)
    for prov, (country, _) in game.position.occupant.items():
        if board.is_center(prov):
            owner[prov] = country
    centers: dict[str, set[str]] = {c: set() for c in game.countries}
    for prov, country in owner.items():
        centers.setdefault(country, set()).add(prov)
    position = Position(game.position.phase, game.position.units,
                        {c: frozenset(cs) for c, cs in centers.items() if cs})
    year = game.turn.year
    owned = replace(game, position=position).at(Turn(year + 1, Step.JANUARY))
    worth = net_worths(owned, prices(owned, params, year + 1))
    return YearEnd(owned, worth, _end(owned, params, worth, year))


def _end(game: ShareholdersGame, params: Params, worth: dict[str, int], year: int) -> Ending | None:
    military = military_strength(game)
    top = max(military.values(), default=0)
    if top >= params.victory_scs:
        winners = tuple(sorted(n for n, v in military.items() if v == top))
        return Ending(SOLO, winners, worth)
    if any(v > params.econ_threshold for v in worth.values()):
        return Ending(ECONOMIC, richest(worth), worth)
    if params.end_year is not None and year >= params.end_year:
        return Ending(END_YEAR, richest(worth), worth)
    return None


def military_strength(game: ShareholdersGame) -> dict[str, int]:
    """Per player, the centres of the countries he is sole Director of (5.8)."""
    out = dict.fromkeys(game.players, 0)
    for name, country in game.countries.items():
        director = country.director
        if director is not None and director in out:
            out[director] += len(game.centers_of(name))
    return out


def richest(worth: dict[str, int]) -> tuple[str, ...]:
    top = max(worth.values(), default=0)
    return tuple(sorted(n for n, v in worth.items() if v == top))
