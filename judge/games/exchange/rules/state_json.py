"""An Exchange game's ``state`` (market-contract.md section 2) to and from the typed
ExchangeGame of judge.games.exchange.rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.board import Map
from judge.engine.state import StateError, position_from_state, state_from_position
from judge.games.exchange.rules.calendar import check_phase
from judge.games.exchange.rules.game import (
    Ask,
    Corporation,
    ExchangeGame,
    Founding,
    Investor,
    Status,
)
from judge.games.exchange.rules.movement import position
from judge.games.exchange.rules.params import Params
from judge.money.market.fields import (
    holdings,
    json_array,
    json_object,
    optional_whole,
    power_of,
    records,
    whole,
)
from judge.money.payola.rules import RuleSet


def game_from_state(state: Mapping[str, Any], board: Map, params: Params, rules: RuleSet,
                    seed: int) -> ExchangeGame:
    """Read a case's state; StateError names what is wrong."""
    try:
        phase = check_phase(str(state.get("phase", "")))
    except ValueError as e:
        raise StateError(str(e)) from None
    on_board = position_from_state({**state, "phase": "S1901M"}, board)
    game = ExchangeGame(board, params, rules, seed, phase,
                investors=_investors(state.get("investors"), board),
                corporations=_corporations(state.get("corporations"), board),
                units={p: us for p, us in on_board.units.items() if us},
                centers={p: cs for p, cs in on_board.centers.items() if cs},
                dislodged={p: ds for p, ds in on_board.dislodged.items() if ds},
                contested=on_board.contested)
    for i, given in enumerate(json_array(state, "asks", "state")):
        game.asks.append(_ask(given, i, game))
    game.asks.sort(key=lambda a: a.id)
    for word in json_array(state, "inactive", "state"):
        center = board.canonical(str(word))
        if center is None or not board.is_center(center):
            raise StateError(f"inactive: {word!r} is not a supply centre")
    # By definition the home centres of every corporation that has not floated (X 2.4).
    game.inactive = {c for name, corp in game.corporations.items() if not corp.floated
                     for c in board.homes.get(name, ())}
    game.bank = whole(state.get("bank", 0), "bank")
    game.next_ask_id = whole(state.get("next_ask_id", 1), "next_ask_id")
    game.next_ask_id = max(game.next_ask_id, 1 + max((a.id for a in game.asks), default=0))
    for voter, members in json_object(state, "draw_votes", "state").items():
        name = power_of(voter, board)
        if not isinstance(members, list):
            raise StateError(f"draw_votes of {name} must be a list")
        game.draw_votes[name] = tuple(sorted(power_of(m, board) for m in members))
    return game


def state_of(game: ExchangeGame) -> dict[str, Any]:
    """The result's state: the base keys and every Exchange key, always present."""
    if game.kind in "MRA":
        board = state_from_position(position(game))
    else:
        board = {"units": {p: sorted(str(u) for u in us) for p, us in sorted(game.units.items())
                           if us},
                 "centers": {p: sorted(cs) for p, cs in sorted(game.centers.items()) if cs},
                 "dislodged": {}, "contested": []}
    board["phase"] = game.phase
    return {
        **board,
        "investors": {n: {"cash": inv.cash,
                          "shares": {p: h for p, h in sorted(inv.shares.items()) if h},
                          "last_vote": dict(sorted(inv.last_vote.items()))}
                      for n, inv in sorted(game.investors.items())},
        "corporations": {n: _corporation_out(c) for n, c in sorted(game.corporations.items())},
        "asks": [{"id": a.id, "seller": a.seller, "corporation": a.corporation,
                  "remaining": a.remaining, "price": a.price} for a in game.asks],
        "inactive": sorted(game.inactive),
        "bank": game.bank,
        "next_ask_id": game.next_ask_id,
        "draw_votes": {p: list(m) for p, m in sorted(game.draw_votes.items())},
    }


def _corporation_out(c: Corporation) -> dict[str, Any]:
    bid = None if c.founding is None else {"paid": c.founding.paid,
                                           "shares": c.founding.shares,
                                           "price": c.founding.price}
    out = {"status": c.status.value, "founder": c.founder, "S": c.S, "T": c.T,
            "price": c.price, "treasury": c.treasury, "leader": c.leader, "accept": c.accept,
            "sc_values": dict(sorted(c.sc_values.items())),
            "values_request": None if c.values_request is None
            else dict(sorted(c.values_request.items())),
            "pending_issue": c.pending_issue, "bid": bid}
    if c.profit:
        out["profit"] = c.profit  # ZEROSUM's pending bribe profit: a key beyond the contract
    return out


def _investors(given: Any, board: Map) -> dict[str, Investor]:
    out: dict[str, Investor] = {}
    for name, fields in records(given, "state 'investors'", "investor", _upper):
        held = holdings(fields.get("shares") or {}, board, name, "shares")
        shares = {power: count for power, count in held.items() if count}
        last = {power_of(p, board): str(c).strip().upper()
                for p, c in (fields.get("last_vote") or {}).items() if c is not None}
        out[name] = Investor(name, whole(fields.get("cash", 0), f"cash of {name}"), shares, last)
    return out


def _corporations(given: Any, board: Map) -> dict[str, Corporation]:
    out = {p: Corporation(p) for p in board.powers}
    for name, f in records({} if given is None else given, "state 'corporations'",
                           "corporation", lambda word: power_of(word, board)):
        try:
            status = Status(str(f.get("status", "UNSTARTED")).upper())
        except ValueError:
            raise StateError(f"status of {name} must be UNSTARTED, STARTED or FLOATED") from None
        bid = f.get("bid")
        founding = None
        if isinstance(bid, Mapping):
            founding = Founding(whole(bid.get("paid", 0), f"bid of {name}"),
                                optional_whole(bid.get("shares"), f"bid of {name}"),
                                optional_whole(bid.get("price"), f"bid of {name}"))
        values = f.get("values_request")
        out[name] = Corporation(
            name, status, _opt_name(f.get("founder")),
            whole(f.get("S", 0), f"S of {name}"), whole(f.get("T", 0), f"T of {name}"),
            whole(f.get("price", 0), f"price of {name}"),
            whole(f.get("treasury", 0), f"treasury of {name}"), _opt_name(f.get("leader")),
            None if f.get("accept") is None else str(f["accept"]).strip().upper(),
            _center_values(f.get("sc_values") or {}, board, name),
            None if values is None else _center_values(values, board, name),
            optional_whole(f.get("pending_issue"), f"pending_issue of {name}"), founding,
            profit=whole(f.get("profit", 0), f"profit of {name}"))
    return out


def _center_values(given: Any, board: Map, name: str) -> dict[str, int]:
    if not isinstance(given, Mapping):
        raise StateError(f"centre values of {name} must be a JSON object")
    out = {}
    for center, v in given.items():
        canon = board.canonical(str(center))
        if canon is None:
            raise StateError(f"unknown centre {center!r} in the values of {name}")
        out[canon] = whole(v, f"centre values of {name}")
    return out


def _ask(given: Any, i: int, game: ExchangeGame) -> Ask:
    if not isinstance(given, Mapping):
        raise StateError(f"ask {i + 1} must be a JSON object")
    seller = str(given.get("seller", "")).strip().upper()
    if seller not in game.investors:
        raise StateError(f"ask {i + 1}: unknown seller {seller!r}")
    return Ask(whole(given.get("id"), "ask id"), seller, power_of(given.get("corporation"),
                                                              game.board),
               whole(given.get("remaining"), "ask remaining"), whole(given.get("price"),
                                                                   "ask price"))





def _upper(raw: Any) -> str:
    return str(raw).strip().upper()


def _opt_name(value: Any) -> str | None:
    return None if value is None else str(value).strip().upper()

