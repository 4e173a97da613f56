"""Names players choose (investors, members, Bourse pseudonyms): one too like a name
already taken is refused (issue 26: ``CR0ESUS``, with a zero, beside ``CROESUS``).

Two names are confusable when their skeletons are equal: the name case-folded, then
each character or pair that Unicode TR39's confusables table reads as another written
as that other. Names are ASCII letters, digits and ``_``, so only the table's ASCII
entries matter: ``0`` is ``o``; ``1``, ``I`` and ``l`` are ``l`` (``i`` too, as names
are read in any case); ``rn`` is ``m``; ``vv`` is ``w``.
"""

from __future__ import annotations

from collections.abc import Iterable

_SINGLE = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l"})
_PAIRS = (("rn", "m"), ("vv", "w"))


def skeleton(name: str) -> str:
    """What ``name`` looks like: equal skeletons are names a reader cannot tell apart."""
    out = name.strip().casefold().translate(_SINGLE)
    for pair, single in _PAIRS:
        out = out.replace(pair, single)
    return out


def confusable(name: str, taken: Iterable[str]) -> str | None:
    """The first of ``taken`` that ``name`` could be mistaken for (the same name in
    another case included), or None."""
    wanted = skeleton(name)
    return next((other for other in taken if skeleton(other) == wanted), None)
