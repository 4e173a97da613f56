"""A generic guess-and-backup resolver for yes/no decisions that depend on each other.

This is the algorithm of DATC section 5 (Lucas Kruijswijk): deciding X may ask
about Y; when a question comes back to a decision still being decided, that
decision is guessed, and if both guesses are self-consistent or neither is, the
cycle is handed to a backup rule (circular movement or a convoy paradox).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import NoReturn

# A decision's state, one dict entry: absent while unresolved, then guessed or final,
# with its value (one lookup answers both "is it known?" and "what is it?").
_GUESS_FALSE, _GUESS_TRUE, _FINAL_FALSE, _FINAL_TRUE = 0, 1, 2, 3


class Resolver:
    """Resolves decisions identified by hashable keys.

    ``decide(resolver, key)`` computes one decision, calling ``resolver.resolve`` for
    whatever it depends on. ``backup(resolver, cycle)`` must settle at least one
    decision of ``cycle`` (with ``settle``) when guessing cannot.
    """

    __slots__ = ("_decide", "_backup", "_state", "_deps")

    def __init__(
        self,
        decide: Callable[[Resolver, Hashable], bool],
        backup: Callable[[Resolver, Sequence[Hashable]], None],
    ) -> None:
        self._decide = decide
        self._backup = backup
        self._state: dict[Hashable, int] = {}
        self._deps: list[Hashable] = []

    def release(self) -> None:
        """Drop the callbacks, which are usually bound methods of the object that holds
        this resolver: without the cycle, reference counting frees both at once."""
        self._decide = _released
        self._backup = _released

    def settle(self, key: Hashable, value: bool) -> None:
        """Fix a decision for good (used by backup rules)."""
        self._state[key] = _FINAL_TRUE if value else _FINAL_FALSE

    def _forget(self, mark: int) -> None:
        """Every decision from ``mark`` on in the dependency list is unresolved again."""
        deps = self._deps
        state = self._state
        for k in deps[mark:]:
            state.pop(k, None)
        del deps[mark:]

    def resolve(self, key: Hashable) -> bool:
        state = self._state
        known = state.get(key)
        if known is not None:
            if known >= _FINAL_FALSE:
                return known == _FINAL_TRUE
            if key not in self._deps:
                self._deps.append(key)
            return known == _GUESS_TRUE
        deps = self._deps
        mark = len(deps)
        state[key] = _GUESS_FALSE
        first = self._decide(self, key)
        if len(deps) == mark:
            # Nothing depended on a guess: the answer is final.
            known = state.get(key, _GUESS_FALSE)  # (unresolved again: settled now)
            if known < _FINAL_FALSE:
                state[key] = _FINAL_TRUE if first else _FINAL_FALSE
                return first
            return known == _FINAL_TRUE
        if deps[mark] != key:
            # We depend on some other decision's guess, further up: it will sort us out.
            deps.append(key)
            state[key] = _GUESS_TRUE if first else _GUESS_FALSE
            return first
        # Our own guess was used: try the other guess.
        self._forget(mark)
        state[key] = _GUESS_TRUE
        second = self._decide(self, key)
        if first == second:
            self._forget(mark)
            self.settle(key, first)
            return first
        # Two consistent answers, or none: a cycle the rules must break.
        cycle = deps[mark:]
        self._forget(mark)
        self._backup(self, cycle)
        return self.resolve(key)


def _released(*_: object) -> NoReturn:
    raise RuntimeError("a released resolver decides nothing")
