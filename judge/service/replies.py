"""Reply mails rendered from templates/reply/*.txt.j2 (Jinja2, undefined names are errors)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@cache
def environment(root: Path = TEMPLATES) -> Environment:
    return Environment(
        loader=FileSystemLoader(str(root)),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,  # plain-text mail: nothing to escape, and escaping would garble orders
    )


def render(name: str, **context: Any) -> str:
    """Render ``templates/<name>`` with the given names."""
    return environment().get_template(name).render(**context)
