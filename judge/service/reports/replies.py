"""The judge's mails rendered from templates/ (Jinja2, undefined names are errors), with the
``wrap`` filter that keeps the judge's own prose within 78 columns."""

from __future__ import annotations

import re
import textwrap
from functools import cache
from typing import Any

from jinja2 import Environment, FunctionLoader, StrictUndefined

from judge.resources import read
from judge.text.commands import CommandProblem

WIDTH = 78  # mail readers and mapping tools expect short lines
NBSP = "\u00a0"  # textwrap never breaks at it
QUOTED = re.compile(r"'[^'\n]{1,40}'")  # a player's line or word quoted in a message


def wrap(text: str, indent: int = 6, hanging: int | None = None) -> str:
    """``text`` as lines of at most ``WIDTH`` columns, the first indented by ``indent``
    spaces and the rest by ``hanging`` (default: the same; for a text that begins with
    spaces, an item under a heading, its own further lines two columns further in). A
    short quoted piece of the player's own text is never broken, so it can be found again
    in the mail."""
    lead = len(text) - len(text.lstrip(" "))  # an item set in under its heading
    if lead and hanging is None:  # its own lines stay under it, two further in
        indent, hanging = indent + lead, indent + lead + 2
    kept = QUOTED.sub(lambda m: m.group(0).replace(" ", NBSP), text.lstrip(" "))
    lines = textwrap.wrap(kept, WIDTH, initial_indent=" " * indent,
                          subsequent_indent=" " * (indent if hanging is None else hanging),
                          break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines).replace(NBSP, " ")


def caret(problem: CommandProblem) -> dict[str, Any]:
    """What the reply to a line the judge could not read shows, in every kind of game:
    the line, with a caret (``^``) under the word not understood (the ``refused``
    template's ``excerpt`` and ``column``); no line for one that may hold a password
    (its problem has no excerpt)."""
    return {"column": problem.column, "excerpt": problem.excerpt}


def _template_source(name: str) -> str | None:
    """``templates/<name>`` as text, or None (Jinja then says the template is missing)."""
    return read("templates", name)


@cache
def environment() -> Environment:
    """The one Jinja environment, made on first use: importing this module reads no file."""
    env = Environment(
        loader=FunctionLoader(_template_source),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,  # plain-text mail: nothing to escape, and escaping would garble orders
    )
    env.filters["wrap"] = wrap
    return env


def render(name: str, **context: Any) -> str:
    """Render ``templates/<name>`` with the given names."""
    return environment().get_template(name).render(**context)


def render_letter(name: str, **context: Any) -> str:
    """Render a letter (``render``) and keep it within 78 columns: a longer line (a
    table row of many holdings, a long sentence) goes on below, indented under its own
    start; no word is broken."""
    return fit(render(name, **context))


def fit(text: str, width: int = WIDTH) -> str:
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        out.extend(textwrap.wrap(line, width, initial_indent="",
                                 subsequent_indent=indent + "    ", break_long_words=False,
                                 break_on_hyphens=False, drop_whitespace=True) or [line])
    return "\n".join(out)
