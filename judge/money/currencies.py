"""Currency names of the currency-market games: which power a word in a command names.

A market game gives each power one currency. A command may name it by any of the
currency's words (singular, plural) or by its power as every command names a power: the
full name, the three-letter abbreviation or the initial (capitalist.md D28, D37;
bourse.md D29, D33). The first word of each currency is the name replies print
(Capitalist's ``LIRA``, the Bourse's plural ``CROWNS``). The table is given by the game,
so the same reading serves every market with its own names.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence


class Currencies:
    """The currencies of one game: ``{POWER: (REPLY NAME, other words...)}``."""

    def __init__(self, table: Mapping[str, Sequence[str]]) -> None:
        self._names = {power.upper(): words[0].upper() for power, words in table.items()}
        words: dict[str, str] = {}
        for power, spelled in table.items():
            for word in spelled:
                words[_key(word)] = power.upper()
        for word, power in _power_words(self._names).items():
            words.setdefault(word, power)
        self._words = words

    @property
    def powers(self) -> tuple[str, ...]:
        """The powers that have a currency, in the table's order."""
        return tuple(self._names)

    def named(self, word: str) -> str | None:
        """The power whose currency ``word`` names, in any case; None when it names none."""
        return self._words.get(_key(word))

    def name_of(self, power: str) -> str:
        """The upper-case name replies give the power's currency (``LIRA``)."""
        return self._names[power]


def _key(word: str) -> str:
    return " ".join(word.upper().split())


def _power_words(powers: Collection[str]) -> dict[str, str]:
    """Full names, three-letter abbreviations and initials; a short form that two powers
    share names neither, and a full name always names its own power."""
    found: dict[str, set[str]] = {}
    for power in powers:
        for word in {power[:3], power[:1]}:
            found.setdefault(word, set()).add(power)
    words = {word: next(iter(ps)) for word, ps in found.items() if len(ps) == 1}
    words.update((power, power) for power in powers)
    return words
