"""An Exchange phase's result as a typed record (``PhasePlayed``) and its JSON codec:
the contract's keys (market-contract.md section 2) and those the mail service reads
beyond them (what each mail's immediate commands did, what each investor's mail left
in force, the board's orders, bribes paid and Payola statements, the phase's events),
written in the order the batch interface prints them (``played_json``) and read back by
the mail service (``played_from_json``), whose letters read the record. JSON only at
the batch edge and in the store (issue 22)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.board import Map
from judge.games.exchange.rules.events import Event, event_json, events_of
from judge.games.exchange.rules.game import Bid, ExchangeGame
from judge.games.exchange.rules.params import Params
from judge.games.exchange.rules.state_json import game_from_state, state_of
from judge.money.market.played import Ending, OnTheBoard, played_parts
from judge.money.payola.rules import RuleSet
from judge.money.payola.statement_json import statement_json, statement_of
from judge.money.payola.statements import Statement


@dataclass(frozen=True, slots=True)
class Standing:
    """What one investor's mail left in force once it was read: cash after the
    immediate commands, standing bids, purchase list and cap, votes, approvals."""

    cash: int
    bids: Mapping[str, Bid]
    purchases: tuple[str, ...]
    cap: int | None
    votes: Mapping[str, str]
    approvals: Mapping[str, bool]


@dataclass(frozen=True)
class PhasePlayed(OnTheBoard):
    """A phase played: per mail what its immediate commands did (``said``: each line's
    text and what it did), each investor's ``standing``, the refused lines per sender
    key, the game as the next phase opens, the end if any, and the phase's ``events``
    (the mail's, a ``processed`` one, then the processing's). A board phase's
    ``results`` (per unit) and ``orders`` (per unit; a retreat phase's only when any
    were given); a movement phase's bribes ``paid`` (per payer and unit) and each
    account's Payola ``statements``. None: the key is not in the result."""

    said: tuple[tuple[tuple[str, str], ...], ...]
    standing: Mapping[str, Standing]
    errors: Mapping[str, list[str]]
    game: ExchangeGame
    end: Ending | None
    events: tuple[Event, ...]
    orders: Mapping[str, str] | None = None
    paid: Mapping[str, Mapping[str, int]] | None = None
    statements: Mapping[str, Statement] | None = None
    results: Mapping[str, str] | None = None


def played_json(played: PhasePlayed) -> dict[str, Any]:
    """The result as the batch interface prints it (without its ``id``)."""
    out: dict[str, Any] = {
        "said": [[[text, done] for text, done in mail] for mail in played.said],
        "standing": {name: _standing_json(s) for name, s in played.standing.items()}}
    if played.orders is not None:
        out["orders"] = dict(played.orders)
    if played.paid is not None:
        out["paid"] = played.paid
    if played.statements is not None:
        out["statements"] = {name: statement_json(s) for name, s in played.statements.items()}
    if played.results is not None:
        out["results"] = dict(played.results)
    out.update(errors=played.errors, state=state_of(played.game), end=_end(played.end),
               events=[event_json(e) for e in played.events])
    return out


def played_from_json(data: Mapping[str, Any], board: Map, params: Params, rules: RuleSet,
                     seed: int = 0) -> PhasePlayed:
    """A result as ``played_json`` wrote it (the service keeps it as JSON); StateError
    for a state that is none."""
    statements = data.get("statements")
    return PhasePlayed(
        said=tuple(tuple((str(text), str(done)) for text, done in mail)
                   for mail in data.get("said") or ()),
        standing={name: _standing_of(s) for name, s in (data.get("standing") or {}).items()},
        **played_parts(data, lambda state: game_from_state(state, board, params, rules, seed)),
        events=events_of(data.get("events")),
        orders=None if "orders" not in data else dict(data["orders"]),
        paid=None if "paid" not in data else {
            payer: dict(units) for payer, units in data["paid"].items()},
        statements=None if statements is None else {
            name: statement_of(s) for name, s in statements.items()},
        results=None if "results" not in data else dict(data["results"]),
    )


def standing_of(game: ExchangeGame) -> dict[str, Standing]:
    """What each investor's mail has in force once it is read (STATUS by mail reads it,
    exchange.md 4, and the result carries it)."""
    return {name: Standing(inv.cash, dict(sorted(inv.bids.items())), tuple(inv.purchases),
                           inv.cap, dict(sorted(inv.votes.items())),
                           dict(sorted(inv.approvals.items())))
            for name, inv in sorted(game.investors.items())}


def ending_of(game: ExchangeGame) -> Ending | None:
    if game.end is None:
        return None
    return Ending(game.end.kind, tuple(game.end.winners), dict(game.end.scores))


def _standing_json(s: Standing) -> dict[str, Any]:
    return {"cash": s.cash,
            "bids": {p: {"amount": b.amount, "shares": b.shares, "price": b.price}
                     for p, b in s.bids.items()},
            "purchases": list(s.purchases), "cap": s.cap, "votes": dict(s.votes),
            "approvals": dict(s.approvals)}


def _standing_of(data: Mapping[str, Any]) -> Standing:
    return Standing(int(data["cash"]),
                    {p: Bid(int(b["amount"]), b.get("shares"), b.get("price"))
                     for p, b in (data.get("bids") or {}).items()},
                    tuple(data.get("purchases") or ()), data.get("cap"),
                    dict(data.get("votes") or {}), dict(data.get("approvals") or {}))


def _end(ending: Ending | None) -> dict[str, Any] | None:
    if ending is None:
        return None
    return {"kind": ending.kind, "winners": list(ending.winners),
            "scores": dict(ending.scores)}
