"""Acceptance lists: each power's ranking of currencies for breaking its units' ties (spec 4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


class AcceptanceError(ValueError):
    """A list that was refused; the previous list stays in force."""


def power_initials(powers: Sequence[str]) -> dict[str, str]:
    """Initial -> power (``F`` -> ``FRANCE``); every power of a map has a distinct initial."""
    initials: dict[str, str] = {}
    for power in powers:
        letter = power[:1].upper()
        if letter in initials:
            raise ValueError(f"powers {initials[letter]} and {power} share the initial {letter}")
        initials[letter] = power
    return initials


@dataclass(frozen=True, slots=True)
class AcceptanceList:
    """A validated list such as ``FRITAGE`` or ``R?TAE``: named powers around at most one ``?``.

    ``before`` are the powers named before the ``?``, ``after`` those after it; without a
    ``?`` in the text one is implied at the end unless every power is named (spec 4.2).
    """

    before: tuple[str, ...]
    after: tuple[str, ...] = ()
    random_part: bool = True

    @classmethod
    def parse(cls, text: str, powers: Sequence[str]) -> AcceptanceList:
        """Read a list of initials; refuse it with the wording players see (spec 4.2)."""
        initials = power_initials(powers)
        letters = "".join(text.split()).upper()
        if len(letters) > len(powers):
            raise AcceptanceError("acceptance list too long")
        named: list[str] = []
        parts: list[list[str]] = [[]]
        for letter in letters:
            if letter == "?":
                if len(parts) == 2:
                    raise AcceptanceError("letter ? appears more than once")
                parts.append([])
                continue
            if letter not in initials:
                raise AcceptanceError(f"letter {letter} is not a power initial")
            if initials[letter] in named:
                raise AcceptanceError(f"letter {letter} appears more than once")
            named.append(initials[letter])
            parts[-1].append(initials[letter])
        everyone = len(named) == len(powers)
        if everyone and len(parts) == 2:
            # OQ-26: a "?" that would stand for nobody makes the list one letter too long
            raise AcceptanceError("acceptance list too long")
        return cls(tuple(parts[0]), tuple(parts[1]) if len(parts) == 2 else (), not everyone)

    @classmethod
    def default(cls, power: str) -> AcceptanceList:
        """A power's own initial followed by ``?`` (spec 4.3)."""
        return cls((power,))

    def text(self, powers: Sequence[str]) -> str:
        """The list as a player writes it (``FRITAGE``, ``E?``)."""
        letter = {p: i for i, p in power_initials(powers).items()}
        head = "".join(letter[p] for p in self.before)
        tail = "".join(letter[p] for p in self.after)
        return head + ("?" if self.random_part else "") + tail

    def expand(self, powers: Sequence[str], rng: random.Random) -> tuple[str, ...]:
        """Replace the ``?`` by a random order of the powers not named (spec 4.4)."""
        named = set(self.before) | set(self.after)
        rest = [p for p in powers if p not in named]
        if self.random_part:
            rng.shuffle(rest)
        return self.before + tuple(rest) + self.after


def expand_lists(
    lists: Mapping[str, AcceptanceList], powers: Sequence[str], rng: random.Random
) -> dict[str, tuple[str, ...]]:
    """Expand every power's list once for the phase, in the map's power order, so that one
    seed always gives the same permutations (OQ-3)."""
    return {
        p: lists.get(p, AcceptanceList.default(p)).expand(powers, rng) for p in powers
    }
