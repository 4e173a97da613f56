"""The seven currencies of Capitalist Diplomacy and every word that names one (D28)."""

from __future__ import annotations

from judge.money.currencies import Currencies

CURRENCIES = Currencies({
    "AUSTRIA": ("KRONEN", "KRONE"),
    "ENGLAND": ("POUND", "POUNDS"),
    "FRANCE": ("FRANC", "FRANCS"),
    "GERMANY": ("MARK", "MARKS"),
    "ITALY": ("LIRA", "LIRE", "LIRAS"),
    "RUSSIA": ("RUBEL", "RUBELS", "RUBLE", "RUBLES"),
    "TURKEY": ("PIASTER", "PIASTERS"),
})
