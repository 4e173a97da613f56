"""1901-Shareholders by mail (shareholders.md): players deal in the seven countries'
shares each January; each country's office holders (its Director, or its Codirectors
each with his own set) send its February decisions, movement and retreat orders signed
on as the country with their own passwords.

The state kept between phases is the contract's, plus ``params`` (the game's GM
parameters, for incomes and prices) and ``prices`` (those published at the last January
opening), which the runner ignores. Every hook here takes it typed (``Kept``), decoded
once per request by the service through the game's codec
(judge.games.shareholders.mail.reader.CODEC), and the turn played typed
(``Turned``); so do the letters (judge.games.shareholders.mail.letters).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.position import Position
from judge.games import SHAREHOLDERS
from judge.games.market.mail.game import MarketGame
from judge.games.market.mail.kind import MarketKind
from judge.games.market.mail.retreats import retreat_lines
from judge.games.shareholders.mail.chart import shareholders_chart
from judge.games.shareholders.mail.letters import (
    SUBJECT,
    label,
    letters,
    office_word,
    opening_letters,
)
from judge.games.shareholders.mail.reader import CODEC, READER, Kept, Sets, board, setup
from judge.games.shareholders.rules.outcome import Turned
from judge.games.shareholders.rules.params import DEFAULTS, ParamError, Params
from judge.games.shareholders.rules.results import started
from judge.games.shareholders.rules.state import Step
from judge.games.shareholders.rules.treasury import BUILT
from judge.games.shareholders.text import WORDS as SHAREHOLDERS_WORDS

__all__ = ["GAME", "KIND", "SUBJECT", "label", "office_word"]


def _opening(envelope: Mapping[str, Any], names: Sequence[str]) -> Kept:
    played, params = setup(envelope)
    answer = started(names, params, played)
    given = dict(envelope.get("params", {}))
    return Kept(answer.game, Params.from_names(given), dict(answer.prices or {}), given)


def _setup_problem(envelope: Mapping[str, Any]) -> str | None:
    """Why a game with these rule flags and GM parameters cannot be played, or None."""
    if envelope.get("rules"):
        return f"1901-Shareholders has no rule flags: {', '.join(envelope['rules'])}"
    try:
        Params.from_names(envelope.get("params") or {})
    except ParamError as e:
        return str(e)
    return None


def _carry(before: Kept, played: Turned) -> Kept:
    """The state kept: the turn's game, with the GM parameters and the prices published
    (the new January's, else those kept) beside it."""
    return Kept(played.game, before.params, dict(played.prices or before.prices),
                before.given)


def _acting(state: Kept, power: str) -> list[str]:
    country = state.game.countries.get(power)
    return list(country.office) if country else []


def _actors(state: Kept) -> list[str]:
    """Who may act in the phase the state opens (spec 3's table): every player in
    January; in February each office holder of each country, signed on as it; in a
    movement or retreat phase the office holders of the countries with units (with
    dislodged units), each signed on as the country."""
    game = state.game
    step = game.turn.step
    if step is Step.JANUARY:
        return sorted(game.players)
    if step is Step.FEBRUARY:
        with_units = set(game.countries)
    elif step in (Step.SPRING, Step.FALL):
        with_units = {p for p, us in game.position.units.items() if us}
    else:
        with_units = {p for p, ds in game.position.dislodged.items() if ds}
    return [f"{holder}/{country}" for country in sorted(with_units)
            for holder in game.countries[country].office]


def _terms(state: Kept, params: Mapping[str, Any]) -> list[str]:
    """The start notice's terms: each player's starting cash and the end (spec 3, 5.8)."""
    cash = sorted({p.cash for p in state.game.players.values()})
    start = (f"Each player starts with ${cash[0]} in cash." if len(cash) == 1
             else "The players start with the cash the rules give (STATUS shows yours).")
    end = Params.from_names(params).end_year
    close = (f"The game ends at the end of {end} at the latest (the highest net worth "
             "wins), earlier by a military or an economic victory." if end else
             "The game has no end year: it ends by a military or an economic victory.")
    return [start, close]


def _status(state: Kept, name: str) -> list[str]:
    """A player's cash, shares, worth, the prices and his offices; for a country (signed
    on as it), its cash, office holders, last February, units and centres, and in a
    retreat phase each dislodged unit and where it may go."""
    opened = state
    game, prices = opened.game, opened.prices
    player = game.players.get(name)
    if player is not None:
        held = ", ".join(f"{c} {n} (${n * prices.get(c, 0)})"
                         for c, n in sorted(player.holdings.items()) if n > 0)
        worth = player.cash + sum(n * prices.get(c, 0) for c, n in player.holdings.items())
        offices = [f"{c} ({office_word(k.office)})"
                   for c, k in sorted(game.countries.items()) if name in k.office]
        return [f"  Player {name}: cash ${player.cash}",
                f"  Shares: {held or 'none'}",
                f"  Worth at these prices: ${worth}",
                "  Share prices: " + (", ".join(f"{c} ${p}" for c, p in sorted(prices.items()))
                                       or "none published"),
                f"  Offices held: {'; '.join(offices) or 'none'}"]
    country = game.countries.get(name)
    if country is None:
        return []
    centers = sorted(game.centers_of(name))
    return [f"  Country {name}: cash ${country.cash}, {office_word(country.office)}",
            f"  Last February: income ${country.revenue_last}, "
            f"{'dividend paid' if country.dividend_last else 'no dividend'}; "
            f"income now ${opened.params.sc_income * len(centers)}",
            f"  Units: {', '.join(sorted(str(u) for u in game.units_of(name))) or 'none'}",
            f"  Centres: {', '.join(centers) or 'none'}",
            *retreat_lines(game.position, board(), name)]


def _in_force(state: Kept, sets: Sets, name: str,
              acting: str | None) -> list[str]:
    """STATUS: the member's set in force in the open phase, as the runner played the
    mails kept so far (the latest mail with an accepted line replaced the set): his
    January orders when signed on as himself in January; signed on as a country he
    holds office in, his own set for it (each Codirector's apart, none of the others')."""
    game = state.game
    january = game.turn.step is Step.JANUARY
    if acting is None:
        if not january:
            return []
        given = sets.get(name)
        if given is None:
            return ["  Your January orders in force: none sent (no trade)"]
        return [f"  Your January orders in force: {', '.join(given) or 'NOTRADE'}"]
    country = game.countries.get(acting)
    office = country.office if country else ()
    if january or name not in office:
        return []
    given = sets.get(f"{name}/{acting}")
    what = "none sent" if given is None else ", ".join(given) or "none"
    apart = " (yours alone; each Codirector's set is kept apart)" if len(office) > 1 else ""
    return [f"  Your {acting} orders for {label(str(game.turn))} in force{apart}: {what}"]


def _position(kept: Kept) -> Position:
    """The board of the game as kept."""
    return kept.game.position


def _void_builds(played: Turned) -> dict[str, int]:
    """February's builds a country's office holder ordered that were not built (no cash,
    no vacant home centre...): each is listed with its reason, none was waived."""
    return {country: sum(outcome != BUILT for _, outcome in done)
            for country, done in (played.builds or {}).items()}


def _year_end(phase: str, played: Turned) -> bool:
    return played.net_worth is not None


KIND: MarketKind[Kept, Turned, Sets] = MarketKind(
    # the bounds are the GM parameters MIN_PLAYERS and MAX_PLAYERS: the runner checks
    # them at the start with the spec's reasons
    game=SHAREHOLDERS, member="player", defaults=DEFAULTS, codec=CODEC, opening=_opening,
    acting=_acting, letters=letters, status=_status,
    setup_problem=_setup_problem, carry=_carry, opening_letters=opening_letters,
    in_force=_in_force, reader=READER, actors=_actors, terms=_terms,
    chart=shareholders_chart, year_end=_year_end,
    void_builds=_void_builds, position=_position, words=SHAREHOLDERS_WORDS,
)

GAME = MarketGame(KIND)
