"""``state.bourse`` of a case (market-contract.md section 5) to and from the Bourse's
typed state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.board import Map
from judge.engine.state import StateError
from judge.games import BOURSE
from judge.games.bourse.rules.params import BourseParams
from judge.games.bourse.rules.scoring import net_worth
from judge.games.bourse.rules.state import Bourse, Member
from judge.money.market.fields import holdings, json_array, json_object, optional_whole, power_of


def read_bourse(given: Any, board: Map, params: BourseParams) -> Bourse:
    """The Bourse a case's ``state.bourse`` describes. A missing key is empty, a missing
    holding 0, a missing rate ``START_RATE`` (0 when eliminated); ``net_worth`` is
    ignored (it is recomputed in every result)."""
    if not isinstance(given, Mapping):
        raise StateError("state 'bourse' must be a JSON object")
    eliminated = frozenset(power_of(p, board, where=" in eliminated")
                           for p in json_array(given, "eliminated", BOURSE.name))
    rates: dict[str, int] = {}
    for name, rate in json_object(given, "rates", BOURSE.name).items():
        power = power_of(name, board, where=" in rates")
        rates[power] = optional_whole(rate, f"the rate of {power}") or 0
    for power in board.powers:
        if power in eliminated:
            rates[power] = 0
        elif rates.setdefault(power, params.start_rate) < 1:
            raise StateError(f"the rate of {power} must be at least 1 cent: it is not "
                            "eliminated")
    members: dict[str, Member] = {}
    for name, player in json_object(given, "players", BOURSE.name).items():
        member = _member(name, player, board)
        if member.pseudonym in members:
            raise StateError(f"two players are named {member.pseudonym}")
        members[member.pseudonym] = member
    return Bourse(board.powers, rates, members, eliminated)


def bourse_json(bourse: Bourse) -> dict[str, Any]:
    """The result's ``state.bourse``: every player with every power's holding and his net
    worth at the rates shown, every rate, the eliminated powers."""
    return {
        "players": {
            name: {
                "cash": m.cash,
                "holdings": {p: m.holding(p) for p in bourse.powers},
                "turns_played": m.turns_played,
                "net_worth": net_worth(m, bourse),
            }
            for name, m in sorted(bourse.members.items())
        },
        "rates": {p: bourse.rate(p) for p in bourse.powers},
        "eliminated": sorted(bourse.eliminated),
    }


def _member(name: Any, player: Any, board: Map) -> Member:
    if not isinstance(name, str) or not name.strip():
        raise StateError("a Bourse player needs a pseudonym")
    pseudonym = name.strip().upper()
    if not isinstance(player, Mapping):
        raise StateError(f"Bourse player {pseudonym} must be a JSON object")
    held = holdings(json_object(player, "holdings", BOURSE.name), board,
                    pseudonym, where=f" in holdings of {pseudonym}", null=0)
    cash = optional_whole(player.get("cash"), f"{pseudonym}'s cash") or 0
    played = optional_whole(player.get("turns_played"), f"{pseudonym}'s turns_played") or 0
    return Member(pseudonym, {**dict.fromkeys(board.powers, 0), **held}, cash, played)



