"""A generic guess-and-backup resolver for yes/no decisions that depend on each other.

This is the algorithm of DATC section 5 (Lucas Kruijswijk): deciding X may ask
about Y; when a question comes back to a decision still being decided, that
decision is guessed, and if both guesses are self-consistent or neither is, the
cycle is handed to a backup rule (circular movement or a convoy paradox).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import NoReturn

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2


class Resolver:
    """Resolves decisions identified by hashable keys.

    ``decide(resolver, key)`` computes one decision, calling ``resolver.resolve`` for
    whatever it depends on. ``backup(resolver, cycle)`` must settle at least one
    decision of ``cycle`` (with ``settle``) when guessing cannot.
    """

    __slots__ = ("_decide", "_backup", "_state", "_value", "_deps")

    def __init__(
        self,
        decide: Callable[[Resolver, Hashable], bool],
        backup: Callable[[Resolver, Sequence[Hashable]], None],
    ) -> None:
        self._decide = decide
        self._backup = backup
        self._state: dict[Hashable, int] = {}
        self._value: dict[Hashable, bool] = {}
        self._deps: list[Hashable] = []

    def release(self) -> None:
        """Drop the callbacks, which are usually bound methods of the object that holds
        this resolver: without the cycle, reference counting frees both at once."""
        self._decide = _released
        self._backup = _released

    def settle(self, key: Hashable, value: bool) -> None:
        """Fix a decision for good (used by backup rules)."""
        self._state[key] = _RESOLVED
        self._value[key] = value

    def resolve(self, key: Hashable) -> bool:
        state = self._state.get(key, _UNRESOLVED)
        if state == _RESOLVED:
            return self._value[key]
        if state == _GUESSING:
            if key not in self._deps:
                self._deps.append(key)
            return self._value[key]
        deps = self._deps
        mark = len(deps)
        self._value[key] = False
        self._state[key] = _GUESSING
        first = self._decide(self, key)
        if len(deps) == mark:
            # Nothing depended on a guess: the answer is final.
            if self._state[key] != _RESOLVED:
                self.settle(key, first)
            return self._value[key]
        if deps[mark] != key:
            # We depend on some other decision's guess, further up: it will sort us out.
            deps.append(key)
            self._value[key] = first
            return first
        # Our own guess was used: try the other guess.
        for k in deps[mark:]:
            self._state[k] = _UNRESOLVED
        del deps[mark:]
        self._value[key] = True
        self._state[key] = _GUESSING
        second = self._decide(self, key)
        if first == second:
            for k in deps[mark:]:
                self._state[k] = _UNRESOLVED
            del deps[mark:]
            self.settle(key, first)
            return first
        # Two consistent answers, or none: a cycle the rules must break.
        cycle = deps[mark:]
        for k in cycle:
            self._state[k] = _UNRESOLVED
        del deps[mark:]
        self._backup(self, cycle)
        return self.resolve(key)


def _released(*_: object) -> NoReturn:
    raise RuntimeError("a released resolver decides nothing")
