"""Payola option flags and game directives, read once into a typed RuleSet (spec section 7)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

from judge.games import EXCHANGE


class RuleError(ValueError):
    """A flag list that cannot describe a Payola game; the message says which flag and why."""


# Flag name -> RuleSet field. Every flag the spec names for Payola games is here.
_FLAGS: dict[str, str] = {
    "FLAT_TAX": "flat_tax",
    "NO_HOARDING": "no_hoarding",
    "ZEROSUM": "zerosum",
    "EBAYOLA": "ebayola",
    "DIRECT_ONLY": "direct_only",
    "LIMIT_OFFERS": "limit_offers",
    "NO_SAVINGS": "no_savings",
    "NO_PLATEAU": "no_plateau",
    "ZERO_FOREIGN": "zero_foreign",
    "REMOTE_BRIBE": "remote_bribe",
    "TOUCH_BRIBE": "touch_bribe",
    "PAY_DUMMIES": "pay_dummies",
    "SIGNAL_SUPPORT": "signal_support",
    "RESTRICT_SIGNAL": "restrict_signal",
    "PAYOLA_CLASSIC": "payola_classic",
    "BLIND": "blind",
    "FICTIONAL_OK": "fictional_ok",
    "SHOW_PHANTOM": "show_phantom",
    "HIDE_COST": "hide_cost",
    "HIDE_OFFERS": "hide_offers",
    "PUBLIC_TOTALS": "public_totals",
    "NO_LEDGERS": "no_ledgers",
    "ANON_TRANSFER": "anon_transfer",
    "NO_TRANSFER": "no_transfer",
    "ONE_TRANSFER": "one_transfer",
    "NO_DONATIONS": "no_donations",
    "NO_LOOTING": "no_looting",
    "VASSAL_DUMMIES": "vassal_dummies",
    "CD_DUMMIES": "cd_dummies",
    "DEFAULT_UNORDERED": "default_unordered",
    "EAVESDROP": "eavesdrop",
    "GARRISON": "garrison",
}

# "implies X": switched on, and cannot be switched off.
_IMPLIES: dict[str, tuple[str, ...]] = {
    "LIMIT_OFFERS": ("DIRECT_ONLY",),
    "RESTRICT_SIGNAL": ("SIGNAL_SUPPORT",),
    "BLIND": ("FICTIONAL_OK", "SHOW_PHANTOM"),
    "PAY_DUMMIES": ("CD_DUMMIES",),
    "VASSAL_DUMMIES": ("CD_DUMMIES",),
}

# "default-includes X": on unless the game names "-X" (DPJ's "=" dependency).
_DEFAULTS: dict[str, tuple[str, ...]] = {
    "PAYOLA_CLASSIC": ("FLAT_TAX", "NO_SAVINGS", "DIRECT_ONLY", "ZERO_FOREIGN"),
}

_EXCLUDES: tuple[tuple[str, str], ...] = (
    ("BLIND", "ZERO_FOREIGN"),
    ("BLIND", "PUBLIC_TOTALS"),
    ("REMOTE_BRIBE", "TOUCH_BRIBE"),
    ("REMOTE_BRIBE", "PAY_DUMMIES"),
    ("TOUCH_BRIBE", "PAY_DUMMIES"),
    ("NO_DONATIONS", "GARRISON"),
)

_REFUSED: dict[str, str] = {
    "PROXY_OK": "PROXY_OK is not allowed in Payola: nobody orders another power's units",
    "NO_CHECK": "NO_CHECK is not allowed in Payola: every offered order must be checked",
    EXCHANGE.word: f"{EXCHANGE.word} is a game of its own: use \"game\": \"{EXCHANGE.name}\"",
    "ROTATE": "control rotation (ROTATE) is not allowed in Payola: each power keeps its "
              "own bank account",
}

# Always in force in Payola; naming them changes nothing (spec 7.1).
_ALWAYS = {"ORDER_ANY"}
# The judge's own game flags, which a Payola game may carry too (spec 7: Payola flags
# combine with the general ones); they are the judge's business, not the money layer's,
# but they are read here too, so that every flag is read once into the RuleSet.
_GENERAL: dict[str, str] = {
    "NO_PRESS": "no_press",
    "PUBLIC_PRESS": "public_press",
    "ALWAYS_CONFIRM": "always_confirm",
}


@dataclass(frozen=True)
class RuleSet:
    """Every Payola option, and the judge's general game flags, as a typed field; build it
    with ``RuleSet.parse``.

    ``tax`` is the flat ``TAX n`` directive, ``centre_tax`` the ``TAX <centre> n``
    lines and ``cap`` the ``CAP n`` directive (spec 2.4).
    """

    flat_tax: bool = False
    no_hoarding: bool = False
    zerosum: bool = False
    ebayola: bool = False
    direct_only: bool = False
    limit_offers: bool = False
    no_savings: bool = False
    no_plateau: bool = False
    zero_foreign: bool = False
    remote_bribe: bool = False
    touch_bribe: bool = False
    pay_dummies: bool = False
    signal_support: bool = False
    restrict_signal: bool = False
    payola_classic: bool = False
    blind: bool = False
    fictional_ok: bool = False
    show_phantom: bool = False
    hide_cost: bool = False
    hide_offers: bool = False
    public_totals: bool = False
    no_ledgers: bool = False
    anon_transfer: bool = False
    no_transfer: bool = False
    one_transfer: bool = False
    no_donations: bool = False
    no_looting: bool = False
    vassal_dummies: bool = False
    cd_dummies: bool = False
    default_unordered: bool = False
    eavesdrop: bool = False
    garrison: bool = False
    # the general flags of any game, Payola or standard (no effect on the money)
    no_press: bool = False
    public_press: bool = False
    always_confirm: bool = False
    tax: int | None = None
    center_tax: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    cap: int | None = None

    @classmethod
    def parse(cls, names: Iterable[str], centers: Iterable[str] = ()) -> RuleSet:
        """Read flag names and directives; refuse unknown flags and forbidden combinations.

        ``-FLAG`` switches off a default-included flag (``PAYOLA_CLASSIC`` ``-NO_SAVINGS``).
        ``centres`` are the map's supply centres, for ``TAX <centre> n`` directives.
        """
        on, off, values, center_tax = _read(names, {c.upper() for c in centers})
        origin = _switch_on(on, off)
        for a, b in _EXCLUDES:
            if a in on and b in on:
                raise RuleError(f"{a} and {b} cannot be combined" + _why(a, b, origin))
        if values.get("tax") is not None and center_tax:
            raise RuleError("a flat TAX n directive cannot be combined with TAX <centre> n lines")
        for name in on:
            values[_FLAGS[name]] = True
        if on & {"HIDE_COST", "HIDE_OFFERS"}:
            values["no_ledgers"] = False  # these flags cancel NO_LEDGERS (spec 7.4)
        return cls(**values, center_tax=MappingProxyType(center_tax))  # type: ignore[arg-type]

    def flags(self) -> tuple[str, ...]:
        """The names of the flags in force, sorted (implied ones included)."""
        names = {f: n for n, f in _FLAGS.items()}
        on = (f.name for f in fields(self) if f.name in names and getattr(self, f.name) is True)
        return tuple(sorted(names[n] for n in on))


def _read(names: Iterable[str], centers: set[str]
          ) -> tuple[set[str], set[str], dict[str, object], dict[str, int]]:
    """The flags a game names (switched on, and ``-FLAG`` switched off), its ``TAX`` and
    ``CAP`` values and its ``TAX <centre> n`` lines; refused flags raise at once."""
    on: set[str] = set()
    off: set[str] = set()
    values: dict[str, object] = {}
    center_tax: dict[str, int] = {}
    for raw in names:
        words = str(raw).strip().upper().split()
        if not words:
            continue
        name = words[0]
        if name in ("TAX", "CAP"):
            _directive(words, values, center_tax, centers)
            continue
        if name in _REFUSED:
            raise RuleError(_REFUSED[name])
        if name in _GENERAL and len(words) == 1:
            values[_GENERAL[name]] = True
            continue
        if name in _ALWAYS and len(words) == 1:
            continue
        if len(words) > 1:
            raise RuleError(f"flag {raw!r} takes no value")
        if name.startswith("-"):
            off.add(_known(name[1:]))
            continue
        on.add(_known(name))
    return on, off, values, center_tax


def _switch_on(on: set[str], off: set[str]) -> dict[str, str]:
    """Add to ``on`` the flags that the named ones include by default (unless switched
    off) or imply; returns each added flag -> the flag that brought it in."""
    origin: dict[str, str] = {}
    for flag, extra in _DEFAULTS.items():
        if flag in on:
            for x in extra:
                if x not in off and x not in on:
                    on.add(x)
                    origin[x] = flag
    included = set().union(*(extra for flag, extra in _DEFAULTS.items() if flag in on))
    for flag in sorted(off - included):
        raise RuleError(
            f"-{flag}: only a flag that another flag includes by default can be switched off"
        )
    if "FICTIONAL_OK" in on and "BLIND" not in on:
        raise RuleError("FICTIONAL_OK is allowed in Payola only as a consequence of BLIND")
    changed = True
    while changed:
        before = len(on)
        for flag, extra in _IMPLIES.items():
            if flag in on:
                for x in extra:
                    if x not in on:
                        on.add(x)
                        origin[x] = flag
        changed = len(on) != before
    return origin


def _why(a: str, b: str, origin: Mapping[str, str]) -> str:
    """Name the flag that brought in a flag the game did not list itself."""
    notes = []
    for flag in (a, b):
        if flag in origin:
            by = origin[flag]
            undo = f"; list -{flag} to leave it out" if flag in _DEFAULTS.get(by, ()) else ""
            notes.append(f"{flag} comes with {by}{undo}")
    return f" ({'; '.join(notes)})" if notes else ""


def _known(name: str) -> str:
    if name in _REFUSED:
        raise RuleError(_REFUSED[name])
    if name not in _FLAGS:
        raise RuleError(f"unknown Payola flag {name!r}")
    return name


def _directive(
    words: list[str], values: dict[str, object], center_tax: dict[str, int], centers: set[str]
) -> None:
    text = " ".join(words)
    if len(words) == 2 and words[1].isdigit():
        key = words[0].lower()
        if key in values:
            raise RuleError(f"{words[0]} given twice")
        values[key] = int(words[1])
        return
    if words[0] == "TAX" and len(words) == 3 and words[2].isdigit():
        if centers and words[1] not in centers:
            raise RuleError(f"{text!r}: {words[1]} is not a supply centre")
        center_tax[words[1]] = int(words[2])
        return
    raise RuleError(f"{text!r}: expected TAX n, TAX <centre> n or CAP n")
