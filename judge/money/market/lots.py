"""The lot of the market games: a reproducible, language-independent draw.

Whenever a spec says "by lot", the candidates are put in ascending order of the
lowercase hex SHA-256 digest of the UTF-8 string ``"<seed>/<context>/<NAME>"`` (the
seed in decimal, the context given at each use, the candidate's name in upper case);
the first one wins, or the whole order is used (exchange.md, conventions).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable


def lot_key(seed: int, context: str, name: str) -> str:
    """The digest that places ``name`` in the lot of ``context``."""
    return hashlib.sha256(f"{seed}/{context}/{name.upper()}".encode()).hexdigest()


def by_lot(seed: int, context: str, names: Iterable[str]) -> list[str]:
    """The names in the order the lot gives them (the first one wins)."""
    return sorted(names, key=lambda name: lot_key(seed, context, name))


def drawn(seed: int, context: str, names: Iterable[str]) -> str:
    """The name the lot picks among ``names`` (which must not be empty)."""
    order = by_lot(seed, context, names)
    if not order:
        raise ValueError(f"a lot for {context} among nobody")
    return order[0]
