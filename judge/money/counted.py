"""A count in words, as the money games' replies and letters write it: ``1 share``,
``2 shares``, ``0 shares`` (issue 23: never ``1 shares``)."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, the noun in the plural (``plural``, else ``noun`` + ``s``)
    unless ``n`` is one; ``noun`` may carry words before it (``FRANCE share``)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
