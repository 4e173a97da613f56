"""The service reads a market game through its kind's typed state and typed played phase
(issue 22, "typed boundaries"): every hook of a kind's record takes the kind's state
type ``S``, played-phase type ``P`` and in-force type ``N`` (what its open phase has in
force, as its reader reads it), never the contract's JSON mapping. Checked on the
record's own field types (``MarketKind``) and on the functions each registered market
kind actually hooks in, read with ``typing.get_type_hints``."""

from __future__ import annotations

import inspect
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest

from judge.games import KINDS, Kind
from judge.games.market.mail.kind import MarketKind

# each hook's typed places: (argument position or "return", "S" | "P" | "N" | "entries")
# ("entries": the chart's phases, each its name and its state S)
HOOKS: dict[str, tuple[tuple[int | str, str], ...]] = {
    "opening": (("return", "S"),),
    "acting": ((0, "S"),),
    "letters": ((0, "S"), (1, "P")),
    "status": ((0, "S"),),
    "carry": ((0, "S"), (1, "P"), ("return", "S")),
    "opening_letters": ((0, "S"),),
    "notices": ((0, "S"),),
    "in_force": ((0, "S"), (1, "N")),
    "status_now": ((0, "N"),),
    "actors": ((0, "S"),),
    "terms": ((0, "S"),),
    "chart": ((0, "entries"),),
    "year_end": ((1, "P"),),
    "void_builds": ((0, "P"),),
    "position": ((0, "S"),),
}

MARKETS = [k for k in KINDS if k.market and not k.attachment]


def _market(kind: Kind) -> MarketKind[Any, Any, Any]:
    market = kind.part("mail").market
    assert isinstance(market, MarketKind)
    return market


def _expected(kind_types: tuple[Any, Any, Any], what: str) -> Any:
    state, played, now = kind_types
    return {"S": state, "P": played, "N": now,
            "entries": Sequence[tuple[str, state]]}[what]


def _is_json(tp: Any) -> bool:
    """A JSON mapping (``Mapping[str, Any]``, ``dict[str, Any]``, bare ``Mapping``)."""
    origin = get_origin(tp) or tp
    return isinstance(origin, type) and issubclass(origin, Mapping)


def _callable_of(tp: Any) -> Any:
    """The Callable of an optional hook's type (``Callable[...] | None``)."""
    if get_origin(tp) in (Union, types.UnionType):
        [tp] = [a for a in get_args(tp) if a is not type(None)]
    return tp


def record_problems(hints: Mapping[str, Any]) -> list[str]:
    """Every hook field of ``MarketKind`` (its field types ``hints``) whose typed place
    is not the record's S, P or N."""
    s, p, n = MarketKind.__parameters__  # type: ignore[attr-defined]
    out = []
    for name, places in HOOKS.items():
        params, ret = get_args(_callable_of(hints[name]))
        for where, what in places:
            got = ret if where == "return" else params[where]
            want = _expected((s, p, n), what)
            if got != want:
                out.append(f"MarketKind.{name} {where}: {got} is not {want}")
    return out


def hook_problems(market: MarketKind[Any, Any, Any], kind_types: tuple[Any, Any, Any]) -> list[str]:
    """Every hook of a kind's record whose state, played phase or in-force is not typed
    as the kind's own S, P or N (a JSON mapping, or no annotation at all)."""
    out = []
    for name, places in HOOKS.items():
        hook: Callable[..., Any] | None = getattr(market, name)
        if hook is None:
            continue
        hints = get_type_hints(hook)
        params = list(inspect.signature(hook).parameters)
        for where, what in places:
            key = "return" if where == "return" else params[int(where)]
            got = hints.get(key)
            want = _expected(kind_types, what)
            # (a kind's N may be a mapping of its own: Shareholders' sets in force)
            if got != want or (what != "N" and _is_json(got)):
                out.append(f"{market.name}.{name} ({getattr(hook, '__qualname__', hook)}) "
                           f"{key}: {got} is not {want}")
    return out


def _kind_types(market: MarketKind[Any, Any, Any]) -> tuple[Any, Any, Any]:
    """The S, P and N a kind's module declares its record with (``KIND: MarketKind[S, P,
    N]``)."""
    module = sys.modules[_module_of(market)]
    declared = get_type_hints(module)["KIND"]
    assert get_origin(declared) is MarketKind, declared
    state, played, now = get_args(declared)
    return state, played, now


def _module_of(market: MarketKind[Any, Any, Any]) -> str:
    """The judge's module that declares the kind's record (``KIND: MarketKind[S, P, N]``),
    not one that imports it."""
    return next(name for name, module in list(sys.modules.items())
                if name.startswith("judge.") and getattr(module, "KIND", None) is market
                and "KIND" in getattr(module, "__annotations__", {}))


def test_every_market_kind_is_checked() -> None:
    assert len(MARKETS) >= 3


def test_the_records_hooks_are_typed_in_its_state_and_played_phase() -> None:
    assert record_problems(get_type_hints(MarketKind)) == []


@pytest.mark.parametrize("kind", MARKETS, ids=lambda k: k.name)
def test_each_kinds_hooks_take_its_typed_state_and_played_phase(kind: Kind) -> None:
    market = _market(kind)
    state, played, now = _kind_types(market)
    assert not any(_is_json(t) for t in (state, played)), (state, played)
    assert now != Mapping[str, Any], now  # the kind's own, never the JSON mapping
    assert hook_problems(market, (state, played, now)) == []


@pytest.mark.parametrize("kind", MARKETS, ids=lambda k: k.name)
def test_a_hook_reverted_to_json_is_found(kind: Kind) -> None:
    """The check fails on a hook that takes the contract's JSON again."""
    market = _market(kind)

    def status(state: Mapping[str, Any], name: str) -> list[str]:
        return []

    def year_end(phase: str, result: Mapping[str, Any]) -> bool:
        return False

    reverted = replace(market, status=status, year_end=year_end)
    found = hook_problems(reverted, _kind_types(market))
    assert [p for p in found if ".status " in p] and [p for p in found if ".year_end " in p]


def test_a_record_reverted_to_json_is_found() -> None:
    """The check fails on a record whose hook field takes the JSON mapping again."""
    hints = {**get_type_hints(MarketKind),
             "acting": Callable[[Mapping[str, Any], str], Sequence[str]]}
    assert [p for p in record_problems(hints) if p.startswith("MarketKind.acting 0")]


def test_every_hook_field_is_checked() -> None:
    """Each of the record's fields that takes a state, a played phase or what is in
    force is in HOOKS: a Callable field mentioning S, P or N."""
    hints = get_type_hints(MarketKind)
    typed = set(MarketKind.__parameters__)  # type: ignore[attr-defined]

    def mentions(tp: Any) -> bool:
        if isinstance(tp, list):  # a Callable's arguments
            return any(mentions(a) for a in tp)
        return tp in typed or any(mentions(a) for a in get_args(tp))

    # (the codec and the reader are the store's edge: JSON in, typed out)
    hooks = {f.name for f in fields(MarketKind)
             if f.name not in ("codec", "reader") and mentions(hints[f.name])}
    assert hooks == set(HOOKS)

