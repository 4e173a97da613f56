"""Capitalist Diplomacy by mail (capitalist.md): pseudonyms trade the seven currencies, and
whoever holds the most of one commands its power.

Everything the judge sends shows pseudonyms only (spec 7, D15). Every hook here takes the
state typed (``CapitalistGame``), decoded once per request by the service through the
game's codec (judge.games.capitalist.mail.reader.CODEC), and the phase played typed
(``PhasePlayed``); so do the letters (judge.games.capitalist.mail.letters).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.adjustments import adjustment_due
from judge.engine.maps import STANDARD_MAP, load_map
from judge.engine.phase import PhaseKind
from judge.engine.position import Position
from judge.engine.state import StateError
from judge.games import CAPITALIST
from judge.games.capitalist.mail.chart import capitalist_chart
from judge.games.capitalist.mail.letters import (
    POWERS,
    SUBJECT,
    currency,
    letters,
    opening_letters,
)
from judge.games.capitalist.mail.reader import CODEC, READER, InForce, board
from judge.games.capitalist.rules.outcome import PhasePlayed
from judge.games.capitalist.rules.params import DEFAULTS, ParamError, Params
from judge.games.capitalist.rules.state import CapitalistGame, centimes
from judge.games.capitalist.rules.state_json import game_from_state, opening_state
from judge.games.market.mail.game import MarketGame
from judge.games.market.mail.kind import MarketKind
from judge.games.market.mail.retreats import retreat_lines
from judge.money.trades import TRADE_WORDS

__all__ = ["GAME", "KIND", "SUBJECT"]


def _opening(envelope: Mapping[str, Any], names: Sequence[str]) -> CapitalistGame:
    try:
        params = Params.from_names(envelope.get("params", {}))
        played = load_map(str(envelope.get("variant", STANDARD_MAP)))
        return game_from_state(opening_state(names, played, params), played)
    except (StateError, ParamError) as e:
        raise ValueError(str(e)) from None


def _acting(game: CapitalistGame, power: str) -> list[str]:
    """The power's commander in this state (none while a commerce phase is open)."""
    commander = game.economy.commanders.get(power)
    return [commander] if commander else []


def _actors(game: CapitalistGame) -> list[str]:
    """Who may act in the phase the state opens (spec 3's table): every player in a
    commerce phase; in a military phase each commander, signed on as the power he
    commands, for a power with units (movement), dislodged units (retreats), or builds
    or removals to make (adjustments: as on every board, a power owed builds has them
    only while a home centre it owns is vacant)."""
    if game.commerce:
        return sorted(game.economy.players)
    units = game.position.units
    kind = getattr(game.phase, "kind", None)
    if kind is PhaseKind.MOVEMENT:
        powers = {p for p, us in units.items() if us}
    elif kind is PhaseKind.RETREAT:
        powers = {p for p, ds in game.position.dislodged.items() if ds}
    else:
        powers = _adjusting(game.position)
    commanders = game.economy.commanders
    return [f"{commanders[p]}/{p}" for p in sorted(powers) if commanders.get(p)]


def _adjusting(position: Position) -> set[str]:
    """The powers with builds or removals to make in an adjustment phase."""
    board = load_map(STANDARD_MAP)
    return {p for p in set(position.units) | set(position.centers)
            if adjustment_due(position, board, p)}


def _terms(game: CapitalistGame, params: Mapping[str, Any]) -> list[str]:
    """The start notice's terms: each player's starting SFr and currencies, and the end
    (spec 3, 6)."""
    players = list(game.economy.players.values())
    given = Params.from_names(params)
    units = sorted(set(players[0].holdings.values())) if players else []
    holdings = (f" and {units[0]} units of every currency" if len(units) == 1 and units[0]
                else "")
    return [f"Each player starts with {centimes(players[0].cash if players else 0)} SFr"
            f"{holdings}.",
            f"The game ends at the end of {given.end_year} at the latest, or "
            f"earlier once a power owns {given.victory_scs} centres; the best "
            "scores win (there are no draws)."]


def _status(game: CapitalistGame, name: str) -> list[str]:
    """A pseudonym's account, the rates and the commanders; for a power (signed on as
    it), its commander, units and centres, and in a retreat phase each dislodged unit
    and where it may go."""
    economy = game.economy
    rates, commanders = economy.rates, economy.commanders
    player = economy.players.get(name)
    if player is not None:
        held = ", ".join(f"{currency(k)} {player.holding(k)}" for k in POWERS)
        rate = ", ".join(f"{currency(k)} {centimes(rates.get(k, 0))}" for k in POWERS)
        command = ", ".join(f"{k} {v}" for k, v in sorted(commanders.items()))
        return [f"  Pseudonym {name}: {centimes(player.cash)} SFr",
                f"  Holdings: {held}",
                f"  Rates: {rate}",
                f"  Commanders: {command or 'none while a commerce phase is open'}",
                f"  You command: {', '.join(game.commanded_by(name)) or 'no power'}"]
    if name in POWERS:
        units = sorted(str(u) for u in game.position.units.get(name, ()))
        return [f"  {name}: commander {commanders.get(name) or 'none'}, rate "
                f"{centimes(rates.get(name, 0))} SFr"
                f"{' (annihilated)' if name in economy.annihilated else ''}",
                f"  Units: {', '.join(units) or 'none'}",
                f"  Centres: {', '.join(sorted(game.position.centers.get(name, ()))) or 'none'}",
                *retreat_lines(game.position, board(), name)]
    return []


def _in_force(game: CapitalistGame, now: InForce, name: str,
              acting: str | None) -> list[str]:
    """STATUS: what the member's kept mails have in force in the open phase (the latest
    mail with an accepted line replaced the set): his trades in a commerce phase; signed
    on as a power he commands, its orders in a military phase."""
    if game.commerce:
        if acting is not None:
            return []
        trades = now.trades.get(name.upper())
        what = ("none sent (no trade)" if trades is None
                else ", ".join(trades) or "NOTRADE (no trade)")
        return [f"  Your trades in force for {game.phase}: {what}"]
    if acting is None or game.economy.commanders.get(acting) != name.upper():
        return []
    given = now.orders.get(acting)
    orders = ", ".join(given[1]) if given else "none sent"
    return [f"  Your {acting} orders for {game.phase} in force: {orders}"]


def _carry(before: CapitalistGame, played: PhasePlayed) -> CapitalistGame:
    """The next phase opens with the game as the phase played left it."""
    return played.game


def _year_end(phase: str, played: PhasePlayed) -> bool:
    return played.points is not None


def _position(game: CapitalistGame) -> Position:
    """The board of the game."""
    return game.position


KIND: MarketKind[CapitalistGame, PhasePlayed, InForce] = MarketKind(
    game=CAPITALIST, member="player", defaults=DEFAULTS, codec=CODEC, opening=_opening,
    carry=_carry,
    acting=_acting, letters=letters, status=_status, opening_letters=opening_letters,
    secret=True, reader=READER, actors=_actors, terms=_terms, in_force=_in_force,
    chart=capitalist_chart, year_end=_year_end, position=_position,
    words=frozenset(TRADE_WORDS),
)

GAME = MarketGame(KIND)
