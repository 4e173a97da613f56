"""A game's values to JSON and back, for a phase read part way (judge.money.<game>.reading):
the game's own dataclasses, enums and named tuples, named in the codec's table, with
their containers, and the objects every phase of a game shares (the map, the parameters,
the rules) named rather than written.

Each value is written with its type, so that it reads back as the very value it was:
a tuple stays a tuple, a set a set, a dict keeps the order of its keys (whatever they
are), a dataclass is built again through its constructor (derived fields are computed
again, not read). A type the table does not name is refused when written, and a name
the table does not know when read: ``CodecError`` says which.

    {"t": [...]}                 a tuple
    {"s": [...]}, {"fs": [...]}  a set, a frozenset
    {"d": [[key, value], ...]}   a dict (or a read-only mapping: read back as a dict, which
                                 its owner's constructor freezes again), in its order
    {"c": "Name", "f": {...}}    a dataclass: its constructor's fields
    {"n": "Name", "v": [...]}    a named tuple
    {"e": "Name", "v": value}    an enum member
    {"x": "name"}                a shared object (the map, the parameters, the rules)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from enum import Enum
from types import ModuleType
from typing import Any


def types_in(*modules: ModuleType) -> list[type]:
    """The dataclasses, enums and named tuples the modules define (not those they
    import): a game's table is the modules its values are made of."""
    out: list[type] = []
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ and (
                    dataclasses.is_dataclass(value) or issubclass(value, Enum)
                    or (issubclass(value, tuple) and hasattr(value, "_fields"))):
                out.append(value)
    return out


class CodecError(ValueError):
    """A value the codec's table does not name, or JSON it did not write."""


class Codec:
    """The JSON of one game's values: ``types`` its dataclasses, enums and named tuples
    (by their class name, which must be unique among them), ``shared`` the objects
    written by name."""

    def __init__(self, types: Iterable[type], formerly: Mapping[str, type] | None = None,
                 renamed: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self._by_name: dict[str, type] = {}
        for kind in types:
            known = self._by_name.setdefault(kind.__name__, kind)
            if known is not kind:
                raise CodecError(f"two types are named {kind.__name__}")
        self._names = {kind: name for name, kind in self._by_name.items()}
        # a type renamed since readings were kept: its old name still reads (never written)
        self._formerly = dict(formerly or {})
        for old, kind in self._formerly.items():
            if old in self._by_name or kind not in self._names:
                raise CodecError(f"{old!r} cannot be a former name of {kind.__name__}")
        # a dataclass's fields renamed since readings were kept, by the name written:
        # {old field: its name now}; the old names still read (never written)
        self._renamed = {name: dict(fields) for name, fields in (renamed or {}).items()}
        self._fields: dict[type, tuple[str, ...]] = {
            kind: tuple(f.name for f in dataclasses.fields(kind) if f.init)
            for kind in self._by_name.values() if dataclasses.is_dataclass(kind)}

    def encode(self, value: Any, shared: Mapping[str, object]) -> Any:
        """``value`` as JSON (lists, dicts with string keys, and scalars)."""
        by_id = {id(v): k for k, v in shared.items()}
        return self._out(value, by_id)

    def decode(self, data: Any, shared: Mapping[str, object]) -> Any:
        """The value ``encode`` wrote as ``data``, with ``shared`` for the shared names."""
        return self._in(data, shared)

    def _name(self, kind: type) -> str:
        name = self._names.get(kind)
        if name is None:
            raise CodecError(f"the codec does not know {kind.__module__}.{kind.__qualname__}")
        return name

    def _out(self, value: Any, by_id: Mapping[int, str]) -> Any:  # noqa: PLR0911
        if value is None or isinstance(value, (bool, int, float, str)):
            if isinstance(value, Enum):
                return {"e": self._name(type(value)), "v": self._out(value.value, by_id)}
            return value
        shared = by_id.get(id(value))
        if shared is not None:
            return {"x": shared}
        out = self._out
        if isinstance(value, list):
            return [out(v, by_id) for v in value]
        if isinstance(value, Mapping):  # a dict, or a read-only view of one
            return {"d": [[out(k, by_id), out(v, by_id)] for k, v in value.items()]}
        if isinstance(value, Enum):
            return {"e": self._name(type(value)), "v": out(value.value, by_id)}
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            kind = type(value)
            name = self._name(kind)
            return {"c": name, "f": {f: out(getattr(value, f), by_id)
                                     for f in self._fields[kind]}}
        if isinstance(value, tuple):
            if hasattr(value, "_fields"):
                return {"n": self._name(type(value)), "v": [out(v, by_id) for v in value]}
            return {"t": [out(v, by_id) for v in value]}
        if isinstance(value, frozenset):
            return {"fs": [out(v, by_id) for v in value]}
        if isinstance(value, set):
            return {"s": [out(v, by_id) for v in value]}
        raise CodecError(f"the codec does not know {type(value).__qualname__}")

    def _in(self, data: Any, shared: Mapping[str, object]) -> Any:  # noqa: PLR0911
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        into = self._in
        if isinstance(data, list):
            return [into(v, shared) for v in data]
        if not isinstance(data, dict) or len(data) > 2:
            raise CodecError(f"not the codec's JSON: {data!r:.60}")
        if "d" in data:
            return {into(k, shared): into(v, shared) for k, v in data["d"]}
        if "c" in data:
            kind = self._kind(data["c"])
            now = self._renamed.get(data["c"], {})
            return kind(**{now.get(k, k): into(v, shared) for k, v in data["f"].items()})
        if "t" in data:
            return tuple(into(v, shared) for v in data["t"])
        if "e" in data:
            return self._kind(data["e"])(into(data["v"], shared))
        if "fs" in data:
            return frozenset(into(v, shared) for v in data["fs"])
        if "s" in data:
            return {into(v, shared) for v in data["s"]}
        if "n" in data:
            return self._kind(data["n"])(*(into(v, shared) for v in data["v"]))
        if "x" in data:
            if data["x"] not in shared:
                raise CodecError(f"no shared object is named {data['x']!r}")
            return shared[data["x"]]
        raise CodecError(f"not the codec's JSON: {data!r:.60}")

    def _kind(self, name: Any) -> Any:
        kind = (self._by_name.get(name) or self._formerly.get(name)
                if isinstance(name, str) else None)
        if kind is None:
            raise CodecError(f"the codec knows no type {name!r}")
        return kind
