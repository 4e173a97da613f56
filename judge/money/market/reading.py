"""What reading one mail of a market phase gave, as values: the mail (who sent it, as
which power, its lines), each line refused (its place in the mail, its text, the reason)
and each command done at once (its place, its text, the confirmation), and the events
its commands caused. Every market game's phase reading (``judge.money.<game>.reading``)
answers these; the batch edge writes them as the contract's ``"line: reason"`` strings,
the mail service answers each line from them, and neither matches a line back by text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Mail:
    """One mail of a phase: who sent it, the power he signed on as (canonical, or None),
    where it went (``"bourse"`` or None) and its command lines as received."""

    sender: str
    lines: tuple[str, ...]
    power: str | None = None
    to: str | None = None

    @property
    def key(self) -> str:
        """The key its refusals go under (``FROM`` or ``FROM/POWER``)."""
        return key_of(self.sender, self.power)


def key_of(sender: str, power: str | None) -> str:
    return sender if power is None else f"{sender}/{power}"


def not_a_player(name: str) -> str:
    """The reason every line of a stranger's mail is refused with (market-contract.md 1)."""
    return f"{name} is not a player in this game"


@dataclass(frozen=True, slots=True)
class Refused:
    """A line refused: its place in its mail's lines (from 0), its text, and why."""

    line: int
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class Done:
    """A command carried out as its mail was read: its place, its text, what it did."""

    line: int
    text: str
    done: str


@dataclass(frozen=True, slots=True)
class Warned:
    """A line accepted with a warning (the set it belongs to may not be carried out in
    full): its place, its text, the warning."""

    line: int
    text: str
    warning: str


@dataclass(frozen=True, slots=True)
class MailRead:
    """What reading one mail gave: its sender key, the lines refused (in the order the
    rules refused them), the commands done at once (in order), the events its commands
    caused (transfers, fills...) in the phase journal's words, and the places of the
    lines kept but checked again when the phase is played (a unit order, checked with
    its corporation's other orders): those may still be refused then, in the results."""

    key: str
    refused: tuple[Refused, ...] = ()
    done: tuple[Done, ...] = ()
    events: tuple[Mapping[str, Any], ...] = ()
    later: tuple[int, ...] = ()
    warned: tuple[Warned, ...] = ()
    noted: tuple[str, ...] = ()  # warnings about the mail's whole set, not one line
    # the places of the lines of a set the rules take or refuse whole (a Payola offer
    # sheet, payola.md 3.1) when it was refused: none of them is in force
    whole: tuple[int, ...] = ()
    replaced: tuple[str, ...] = ()  # the sets this mail replaced whole ("offer sheet")
    # the places of lines accepted that a later line of the same mail undid, as the rules
    # say (a NOTRADE empties what the mail built before it; a later line for the same
    # thing replaces the earlier one): none of them is in force
    undone: tuple[int, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {"key": self.key,
                "refused": [[r.line, r.text, r.reason] for r in self.refused],
                "done": [[d.line, d.text, d.done] for d in self.done],
                "events": [dict(e) for e in self.events], "later": list(self.later),
                "warned": [[w.line, w.text, w.warning] for w in self.warned],
                "noted": list(self.noted), "whole": list(self.whole),
                "replaced": list(self.replaced), "undone": list(self.undone)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MailRead:
        return cls(str(data["key"]),
                   tuple(Refused(int(n), str(t), str(r)) for n, t, r in data["refused"]),
                   tuple(Done(int(n), str(t), str(d)) for n, t, d in data["done"]),
                   tuple(dict(e) for e in data["events"]),
                   tuple(int(n) for n in data.get("later", ())),
                   tuple(Warned(int(n), str(t), str(w)) for n, t, w in data.get("warned", ())),
                   tuple(str(n) for n in data.get("noted", ())),
                   tuple(int(n) for n in data.get("whole", ())),
                   tuple(str(n) for n in data.get("replaced", ())),
                   tuple(int(n) for n in data.get("undone", ())))


@dataclass(frozen=True, slots=True)
class LateRefusal:
    """A line refused only when the phase is played (an adjustment beyond what is
    allowed): its mail's sender key, its text, the reason."""

    key: str
    text: str
    reason: str


def warnings_of(mails: Sequence[MailRead]) -> dict[str, list[str]]:
    """The ``warnings`` a result carries beyond the contract: per sender key, in order,
    each ``<line>: <warning>``; no key without one."""
    out: dict[str, list[str]] = {}
    for mail in mails:
        for w in mail.warned:
            out.setdefault(mail.key, []).append(f"{w.text}: {w.warning}")
    return out


def errors_of(mails: Sequence[MailRead], late: Sequence[LateRefusal],
              written: Any = str) -> dict[str, list[str]]:
    """The contract's ``errors``: per sender key, in the order refused (the mails' own,
    then those of the phase's play), each ``<line>: <reason>`` with the reason as
    ``written`` words it; no key without a refusal."""
    out: dict[str, list[str]] = {}
    for mail in mails:
        for r in mail.refused:
            out.setdefault(mail.key, []).append(f"{r.text}: {written(r.reason)}")
    for refusal in late:
        out.setdefault(refusal.key, []).append(f"{refusal.text}: {written(refusal.reason)}")
    return out
