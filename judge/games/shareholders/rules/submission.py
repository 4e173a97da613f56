"""How one mail builds its sender's order set for a turn (spec 4, D22, D32, D37).

The accepted lines are applied in order to a new, empty set, each checked against what
the mail has built so far; a refused line changes nothing. The set replaces the sender's
earlier one only when at least one line was accepted (``built`` is None otherwise).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from judge.games.shareholders.rules.commands import Command, Refused, Unreadable

S = TypeVar("S")

# A check answers the set with the line applied and an optional warning, or a refusal.
Check = Callable[[S, Command], "tuple[S, str | None] | Refused"]


@dataclass(frozen=True)
class Submission(Generic[S]):
    """What one mail did: the set it built (None: nothing accepted, the old set stays),
    and per line index the reasons of refusals and the warnings of accepted lines."""

    built: S | None
    refusals: tuple[tuple[int, str], ...] = ()
    warnings: tuple[tuple[int, str], ...] = ()
    undone: tuple[int, ...] = ()  # accepted lines a later line undid (D32, D37)


EMPTIES = "empties"  # what ``same`` answers for a line that empties the set (NOTRADE, D37)

# The thing a line sets, where a later line for the same thing replaces it (D32), or
# EMPTIES, or None for a line that adds to the set whatever came before (a BUY).
Same = Callable[[Command], object]


def submit(commands: Sequence[Command | Unreadable], empty: S, check: Check[S],
           same: Same | None = None) -> Submission[S]:
    """Apply a mail's read lines, in order, to ``empty``; ``same`` tells which accepted
    lines a later one undoes."""
    built = empty
    accepted = False
    refusals: list[tuple[int, str]] = []
    warnings: list[tuple[int, str]] = []
    standing: list[tuple[int, object]] = []  # accepted lines not undone: (index, thing)
    undone: list[int] = []
    for i, command in enumerate(commands):
        if isinstance(command, Unreadable):
            refusals.append((i, command.reason))
            continue
        answer = check(built, command)
        if isinstance(answer, Refused):
            refusals.append((i, answer.reason))
            continue
        built, warning = answer
        accepted = True
        if warning is not None:
            warnings.append((i, warning))
        thing = same(command) if same is not None else None
        if thing == EMPTIES:
            undone += [j for j, _ in standing]
            standing = []
            continue
        if thing is not None:
            undone += [j for j, t in standing if t == thing]
            standing = [(j, t) for j, t in standing if t != thing]
        standing.append((i, thing))
    return Submission(built if accepted else None, tuple(refusals), tuple(warnings),
                      tuple(sorted(undone)))


def refuse_all(commands: Sequence[object], reason: str) -> Submission[None]:
    """A mail sent the wrong way (D35, D39): every line refused for one reason."""
    return Submission(None, tuple((i, reason) for i in range(len(commands))))
