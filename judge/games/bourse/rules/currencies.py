"""The Bourse's currency names (D29, D33), read as every market reads them
(``judge.money.currencies``).

Replies print the upper-case plural (``CROWNS``); a command may also use the singular
and the spellings D29 lists. On a map other than the standard one a currency is named
after its power unless the GM names it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from judge.money import currencies

# power -> (printed name, other accepted words...), the standard map's currencies.
STANDARD: dict[str, tuple[str, ...]] = {
    "AUSTRIA": ("CROWNS", "CROWN"),
    "ENGLAND": ("POUNDS", "POUND"),
    "FRANCE": ("FRANCS", "FRANC"),
    "GERMANY": ("MARKS", "MARK"),
    "ITALY": ("LIRA", "LIRE", "LIRAS"),
    "RUSSIA": ("ROUBLES", "ROUBLE", "RUBLE", "RUBLES"),
    "TURKEY": ("PIASTRES", "PIASTRE", "PIASTER", "PIASTERS"),
}


class Currencies(currencies.Currencies):
    """The currencies of one map, one per power, in the Bourse's names."""

    @classmethod
    def of(cls, powers: Iterable[str],
           named: Mapping[str, Sequence[str]] = STANDARD) -> Currencies:
        """The currencies of a map whose powers are ``powers``; ``named`` gives the names
        (the standard ones by default); a power without a name gets its own."""
        return cls({p.upper(): named.get(p.upper(), (p,)) for p in powers})

    # the Bourse's words for the shared reading: the power a word names, a printed name
    power_of = currencies.Currencies.named
    name = currencies.Currencies.name_of
