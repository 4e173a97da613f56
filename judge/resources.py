"""The files the judge ships beside its code: the Lark grammars, the mail templates and
the documents (``HELP PAYOLA`` mails the player's guide).

Their source is the top-level ``grammar/``, ``templates/`` and ``docs/`` folders. A built judge (a
wheel, ``pip install .``, ``--user`` or ``--prefix``) carries copies of them inside the
package, as ``judge/grammar`` and ``judge/templates`` (``setup.py`` copies them at build
time), read here with ``importlib.resources``; a source checkout or an editable install
has no such copies and reads the top-level folders beside the package.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

SHIPPED = ("grammar", "templates", "docs")
_CHECKOUT = Path(__file__).resolve().parent.parent


def folder(name: str) -> Traversable:
    """The shipped folder ``name`` (one of ``SHIPPED``): the package's copy, else the
    source checkout's own."""
    if name not in SHIPPED:
        raise ValueError(f"the judge ships no folder {name!r}")
    inside = files("judge") / name
    if inside.is_dir():
        return inside
    beside = _CHECKOUT / name
    if beside.is_dir():
        return beside
    raise FileNotFoundError(f"the judge's {name} folder is neither in the package nor at {beside}")


def read(name: str, relative: str) -> str | None:
    """The text of ``<name>/<relative>`` (``/``-separated), or None if there is no such file."""
    entry = folder(name).joinpath(*relative.split("/"))
    return entry.read_text(encoding="utf-8") if entry.is_file() else None
