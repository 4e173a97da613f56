"""Currency names: which power's currency a word names, and how a currency is printed.

A command may name a currency by its name, singular or plural (D29), by its power's full
name, three-letter abbreviation or initial (D33), in any case. Replies print the
upper-case plural (``CROWNS``). On a map other than the standard one a currency is
named after its power unless the GM names it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

# power -> (printed name, other accepted words), the standard map's currencies.
STANDARD: dict[str, tuple[str, tuple[str, ...]]] = {
    "AUSTRIA": ("CROWNS", ("CROWN",)),
    "ENGLAND": ("POUNDS", ("POUND",)),
    "FRANCE": ("FRANCS", ("FRANC",)),
    "GERMANY": ("MARKS", ("MARK",)),
    "ITALY": ("LIRA", ("LIRE", "LIRAS")),
    "RUSSIA": ("ROUBLES", ("ROUBLE", "RUBLE", "RUBLES")),
    "TURKEY": ("PIASTRES", ("PIASTRE", "PIASTER", "PIASTERS")),
}


@dataclass(frozen=True, slots=True)
class Currencies:
    """The currencies of one map: one per power."""

    powers: tuple[str, ...]
    names: Mapping[str, str] = field(default_factory=dict)
    words: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, powers: Iterable[str],
           named: Mapping[str, tuple[str, tuple[str, ...]]] = STANDARD) -> Currencies:
        """The currencies of a map whose powers are ``powers``; ``named`` gives the names
        (the standard ones by default); a power without a name gets its own."""
        ps = tuple(p.upper() for p in powers)
        names: dict[str, str] = {}
        words: dict[str, str] = {}
        for p in ps:
            printed, others = named.get(p, (p, ()))
            names[p] = printed.upper()
            for w in (printed, *others):
                words[w.upper()] = p
        return cls(ps, names, words)

    def name(self, power: str) -> str:
        """The printed name of a power's currency (``MARKS``)."""
        return self.names.get(power, power)

    def power_of(self, word: str) -> str | None:
        """The power whose currency ``word`` names, or None when it names none (or more
        than one, as an initial shared by two powers would)."""
        key = word.strip().upper()
        if key in self.words:
            return self.words[key]
        if key in self.powers:
            return key
        if len(key) == 3:
            found = [p for p in self.powers if p[:3] == key]
        elif len(key) == 1:
            found = [p for p in self.powers if p[0] == key]
        else:
            return None
        return found[0] if len(found) == 1 else None
