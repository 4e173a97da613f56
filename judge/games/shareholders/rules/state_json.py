"""The ``state`` of a 1901-Shareholders case (market-contract.md section 3) to and from the
typed game of judge/games/shareholders/rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.board import Map
from judge.engine.position import Position
from judge.engine.state import StateError, position_from_state, state_from_position
from judge.games.shareholders.rules.state import Country, Player, ShareholdersGame, Turn
from judge.money.market.fields import holdings, power_of, records, whole


def game_from_state(state: Mapping[str, Any], board: Map) -> ShareholdersGame:
    """Read a case's ``state``; StateError for anything that is not one."""
    try:
        turn = Turn.parse(str(state.get("phase", "")))
    except ValueError as e:
        raise StateError(str(e)) from None
    read = position_from_state({**state, "phase": "S1901M"}, board)
    position = Position(turn.engine_phase, read.units, read.centers, read.dislodged,
                        read.contested)
    players = _players(state.get("players"), board)
    countries = _countries(state.get("countries") or {}, board)
    return ShareholdersGame(turn, position, players, countries)


def state_of(game: ShareholdersGame, board: Map) -> dict[str, Any]:
    """The contract's ``state`` of a game: all seven powers in ``units``, ``centers`` and
    ``countries``; only positive holdings in ``shares``; names sorted."""
    out = state_from_position(game.position)
    out["phase"] = str(game.turn)
    out["units"] = {p: sorted(str(u) for u in game.units_of(p)) for p in board.powers}
    out["centers"] = {p: sorted(game.centers_of(p)) for p in board.powers}
    out["players"] = {
        name: {"cash": p.cash, "shares": {c: n for c, n in sorted(p.holdings.items()) if n > 0}}
        for name, p in sorted(game.players.items())
    }
    out["countries"] = {
        name: {"cash": c.cash, "office": sorted(c.office), "last_office": sorted(c.last_office),
               "revenue_last": c.revenue_last, "dividend_last": c.dividend_last}
        for name, c in sorted(game.countries.items())
    }
    return out


def _players(given: Any, board: Map) -> dict[str, Player]:
    out: dict[str, Player] = {}
    for name, fields in records(given, "state 'players'", "player", str):
        cash = whole(fields.get("cash", 0), f"cash of {name}")
        held = fields.get("shares") or {}
        if not isinstance(held, Mapping):
            raise StateError(f"shares of {name} must be a JSON object")
        counted = holdings(held, board, name, "shares", kind="country")
        shares = {country: count for country, count in counted.items() if count}
        out[str(name)] = Player(str(name), cash, shares)
    return out


def _countries(given: Any, board: Map) -> dict[str, Country]:
    out = {p: Country(p) for p in board.powers}
    for name, fields in records(given, "state 'countries'", "country",
                                lambda word: power_of(word, board, kind="country")):
        dividend = fields.get("dividend_last", False)
        if not isinstance(dividend, bool):
            raise StateError(f"dividend_last of {name} must be true or false")
        out[name] = Country(
            name,
            cash=whole(fields.get("cash", 0), f"cash of {name}"),
            office=_names(fields.get("office"), f"office of {name}"),
            last_office=_names(fields.get("last_office"), f"last_office of {name}"),
            revenue_last=whole(fields.get("revenue_last", 0), f"revenue_last of {name}"),
            dividend_last=dividend,
        )
    return out




def _names(value: Any, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise StateError(f"{what} must be a list of names")
    return tuple(sorted(set(value)))
