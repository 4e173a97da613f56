"""Names players choose (investors, members, Bourse pseudonyms): one too like a name
already taken is refused (issue 26: ``CR0ESUS``, with a zero, beside ``CROESUS``); and
the name a near miss meant (``nearest``: every kind's "did you mean" for command words,
names, countries, currencies and provinces, issue 23).

Two names are confusable when their skeletons are equal: the name case-folded, then
each character or pair that Unicode TR39's confusables table reads as another written
as that other. Names are ASCII letters, digits and ``_``, so only the table's ASCII
entries matter: ``0`` is ``o``; ``1``, ``I`` and ``l`` are ``l`` (``i`` too, as names
are read in any case); ``rn`` is ``m``; ``vv`` is ``w``.
"""

from __future__ import annotations

import difflib
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


def nearest(typed: str, choices: Iterable[str]) -> list[str]:
    """The ``choices`` a near-miss ``typed`` may have meant (every kind's "did you mean",
    for command words, names and provinces alike; both compared in upper case): for a
    word of up to four letters those one letter off, added or left out, or with two
    neighbours swapped (``BYU`` -> ``BUY``); for a longer one the closest when it is
    close (``FRNACE`` -> ``FRANCE``). Nothing for a word of fewer than three letters, or
    for one that is itself a choice."""
    key = typed.strip().upper()
    known = {c.upper(): c for c in choices}
    if len(key) < 3 or key in known:
        return []
    if len(key) <= 4:
        return sorted(c for k, c in known.items() if one_slip(key, k))
    scored = [(difflib.SequenceMatcher(None, key, k).ratio(), c) for k, c in known.items()]
    best = max((score for score, _ in scored), default=0.0)
    return sorted(c for score, c in scored if score == best and best >= 0.75)


def did_you_mean(typed: str, choices: Iterable[str]) -> str:
    """`` (did you mean X?)`` after a refusal's reason when ``typed`` is a near miss of
    one or more of ``choices``, else the empty string."""
    found = nearest(typed, choices)
    return f" (did you mean {' or '.join(found)}?)" if found else ""


def one_slip(typed: str, spelling: str) -> bool:
    """Whether ``typed`` is ``spelling`` with one letter wrong, added or left out, or two
    neighbours swapped."""
    if len(typed) == len(spelling) + 1:
        return any(typed[:i] + typed[i + 1:] == spelling for i in range(len(typed)))
    if len(spelling) == len(typed) + 1:
        return one_slip(spelling, typed)
    if len(typed) != len(spelling):
        return False
    wrong = [i for i, (a, b) in enumerate(zip(typed, spelling, strict=True)) if a != b]
    if len(wrong) == 1:
        return True
    return (len(wrong) == 2 and wrong[1] == wrong[0] + 1
            and typed[wrong[0]] == spelling[wrong[1]] and typed[wrong[1]] == spelling[wrong[0]])
