"""Finds the grammar files and builds each Lark parser once per process (LALR)."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from lark import Lark, Transformer

# In a source checkout the grammars sit beside the package; an installed judge has
# them under share/judge/grammar (setup.cfg data_files).
_CANDIDATES = (
    Path(__file__).resolve().parents[2] / "grammar",
    Path(sys.prefix) / "share" / "judge" / "grammar",
)


def grammar_dir() -> Path:
    """The folder holding the ``.lark`` files."""
    for folder in _CANDIDATES:
        if (folder / "orders.lark").is_file():
            return folder
    raise FileNotFoundError(f"no grammar folder among {', '.join(map(str, _CANDIDATES))}")


@cache
def load_parser(name: str, transformer: Transformer | None = None, start: str = "start",
                positions: bool = False) -> Lark:
    """The LALR parser for ``grammar/<name>.lark`` from rule ``start``, built once per
    process.

    With a transformer the parser builds values while it parses, without a tree;
    ``positions`` gives the tree's nodes their line and column. ``cache=True`` keeps
    Lark's grammar analysis in the temporary folder, which makes a fresh process load it
    several times faster.
    """
    return Lark.open(
        str(grammar_dir() / f"{name}.lark"),
        start=start,
        parser="lalr",
        lexer="contextual",
        transformer=transformer,
        propagate_positions=positions,
        cache=True,
    )
