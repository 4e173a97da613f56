"""Builds each Lark parser once per process (LALR) from the judge's grammars.

The grammars are read through ``judge.resources``, so an installed judge and a source
checkout find them alike. Lark's pickle cache is not used: it would write (and later
trust) a file in a shared temporary folder to save a few hundredths of a second per
process, and every parser is built once per process anyway.
"""

from __future__ import annotations

from functools import cache

from lark import Lark, Transformer

from judge.resources import folder, read


def grammar_names() -> list[str]:
    """The names of the shipped grammars (``orders`` for ``grammar/orders.lark``)."""
    return sorted(e.name.removesuffix(".lark") for e in folder("grammar").iterdir()
                  if e.name.endswith(".lark"))


def _grammar_text(name: str) -> str:
    text = read("grammar", f"{name}.lark")
    if text is None:
        raise FileNotFoundError(f"no grammar {name}.lark")
    return text


def _import(_base: object, relative: str) -> tuple[str, str]:
    """Lark's loader for ``%import .board``: a sibling grammar file, by name."""
    text = read("grammar", relative)
    if text is None:
        raise OSError(f"no grammar {relative}")  # Lark then tries its own library
    return f"grammar/{relative}", text


@cache
def load_parser(name: str, transformer: Transformer | None = None, start: str = "start",
                positions: bool = False) -> Lark:
    """The LALR parser for ``grammar/<name>.lark`` from rule ``start``, built once per
    process.

    With a transformer the parser builds values while it parses, without a tree;
    ``positions`` gives the tree's nodes their line and column.
    """
    return Lark(
        _grammar_text(name),
        source_path=f"grammar/{name}.lark",
        import_paths=[_import],
        start=start,
        parser="lalr",
        lexer="contextual",
        transformer=transformer,
        propagate_positions=positions,
    )
