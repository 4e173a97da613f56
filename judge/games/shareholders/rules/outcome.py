"""A 1901-Shareholders turn's result as a typed record (``Turned``) and its JSON codec:
the contract's keys (market-contract.md section 3) and those the mail service reads
beyond them, written in the order the batch interface prints them (``turned_json``) and
read back (``turned_from_json``) by the mail service, whose letters read the record.
JSON only at the batch edge and in the store (issue 22)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.board import Map
from judge.games.shareholders.rules.state import ShareholdersGame
from judge.games.shareholders.rules.state_json import game_from_state, state_of
from judge.money.market.played import Ending, OnTheBoard, played_parts


@dataclass(frozen=True, slots=True)
class FebruaryLine:
    """What February did for one country: its income, the dividend per share (None when
    none was decided), the dollars paid out, and the units dissolved by choice and
    removed for upkeep."""

    income: int
    dividend: int | None
    paid: int
    dissolved: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    @property
    def kept(self) -> int:
        return self.income - self.paid


@dataclass(frozen=True)
class Turned(OnTheBoard):
    """A turn played (or a game opened): the refused lines per sender key, the game at
    the opening of the next turn and the end if any; the prices of a January that
    opens; at a year-end every player's net worth; February's builds (per country, each
    unit with its outcome) and ``february`` per country; a movement or retreat phase's
    executed orders and outcomes (per unit), fees, cancelled orders (per country); the
    Codirectors' disagreements (per country); the submission warnings and the sets in
    force (per sender key). None: the key is not in the result."""

    errors: Mapping[str, list[str]]
    game: ShareholdersGame
    end: Ending | None = None
    prices: Mapping[str, int] | None = None
    net_worth: Mapping[str, int] | None = None
    builds: Mapping[str, tuple[tuple[str, str], ...]] | None = None
    orders: Mapping[str, str] | None = None
    fees: Mapping[str, int] | None = None
    results: Mapping[str, str] | None = None
    warnings: Mapping[str, list[str]] | None = None
    sets: Mapping[str, list[str]] | None = None
    february: Mapping[str, FebruaryLine] | None = None
    cancelled: Mapping[str, list[str]] | None = None
    disagreed: Mapping[str, list[str]] | None = None


def turned_json(turned: Turned, board: Map) -> dict[str, Any]:
    """The result as the batch interface prints it (without its ``id``)."""
    out: dict[str, Any] = {"errors": turned.errors, "state": state_of(turned.game, board)}
    end = turned.end
    out["end"] = None if end is None else {
        "kind": end.kind, "winners": sorted(end.winners),
        "scores": dict(sorted(end.scores.items()))}
    if turned.prices is not None:
        out["prices"] = dict(turned.prices)
    if turned.net_worth is not None:
        out["net_worth"] = dict(sorted(turned.net_worth.items()))
    if turned.builds is not None:
        out["builds"] = {c: [[u, outcome] for u, outcome in done]
                         for c, done in sorted(turned.builds.items())}
    if turned.orders is not None:
        out["orders"] = dict(turned.orders)
    if turned.fees is not None:
        out["fees"] = dict(sorted(turned.fees.items()))
    if turned.results is not None:
        out["results"] = dict(turned.results)
    if turned.warnings is not None:
        out["warnings"] = turned.warnings
    if turned.sets is not None:
        out["sets"] = dict(turned.sets)
    if turned.february is not None:
        out["february"] = {c: {"income": f.income, "dividend": f.dividend, "paid": f.paid,
                                "dissolved": list(f.dissolved), "removed": list(f.removed)}
                           for c, f in turned.february.items()}
    if turned.cancelled is not None:
        out["cancelled"] = dict(turned.cancelled)
    if turned.disagreed is not None:
        out["disagreed"] = dict(turned.disagreed)
    return out


def turned_from_json(data: Mapping[str, Any], board: Map) -> Turned:
    """A result as ``turned_json`` wrote it (the service keeps it as JSON); StateError
    for a state that is none. Keys it does not know (the service's ``rules``...) are
    passed over."""
    feb = data.get("february")
    return Turned(
        **played_parts(data, lambda state: game_from_state(state, board)),
        prices=_optional(data, "prices"),
        net_worth=_optional(data, "net_worth"),
        builds=None if "builds" not in data else {
            c: tuple((str(u), str(o)) for u, o in done) for c, done in data["builds"].items()},
        orders=_optional(data, "orders"),
        fees=_optional(data, "fees"),
        results=_optional(data, "results"),
        warnings=_optional(data, "warnings"),
        sets=_optional(data, "sets"),
        february=None if feb is None else {
            c: FebruaryLine(int(f["income"]), f["dividend"], int(f["paid"]),
                            tuple(f["dissolved"]), tuple(f["removed"]))
            for c, f in feb.items()},
        cancelled=_optional(data, "cancelled"),
        disagreed=_optional(data, "disagreed"),
    )


def _optional(data: Mapping[str, Any], key: str) -> Any:
    return None if key not in data else dict(data[key])
