"""Power names as players type them: full names, initials, strings of initials."""

from __future__ import annotations

from collections.abc import Iterable

from judge.engine.board import Map
from judge.service.context import Refusal


def initials(board: Map) -> dict[str, str]:
    """Initial -> power on this map (``F`` -> ``FRANCE``)."""
    return {p[0]: p for p in board.powers}


def power_named(board: Map, word: str) -> str:
    """The power a word names: its full name, a prefix of 3 letters or more, or its initial."""
    power = board.power_named(word)
    if power is not None:
        return power
    raise Refusal(f"{word!r} is not a power of this game; the powers are {', '.join(board.powers)}")


def powers_named(board: Map, words: Iterable[str],
                 example: str = "PRESS TO") -> tuple[str, ...]:
    """Powers from words such as ``France, England`` or njudge's ``FRG`` (initials),
    each once, in map order; a refusal shows the right way with ``example`` (the command
    the powers were named in)."""
    found: set[str] = set()
    letters = initials(board)
    for word in words:
        key = word.upper()
        try:
            found.add(power_named(board, key))
            continue
        except Refusal:
            pass
        unknown = [ch for ch in key if ch not in letters]
        if unknown:
            raise Refusal(
                f"{word!r} is neither a power nor a string of initials "
                f"({''.join(letters)}); e.g. {example} FRANCE, ENGLAND or {example} FE"
            ) from None
        found.update(letters[ch] for ch in key)
    return tuple(p for p in board.powers if p in found)
