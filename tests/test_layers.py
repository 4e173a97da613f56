"""Dependencies point one way: the engine is pure, and outer layers never leak inward.

Reads every module's imports with ``ast`` (nothing is imported) and checks them
against the table below; a new import that breaks the direction fails here.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "judge"

# layer -> what it may import besides the standard library (prefixes).
ALLOWED: dict[str, tuple[str, ...]] = {
    "judge.engine": ("judge.engine",),
    "judge.money": ("judge.engine", "judge.money"),
    "judge.variants": ("judge.engine", "judge.money", "judge.variants"),
    "judge.text": ("judge.engine", "judge.money", "judge.text", "lark"),
    "judge.batch": ("judge.engine", "judge.money", "judge.text", "judge.variants", "judge.batch"),
}
# Never imported by these layers, whatever else they import.
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "judge.storage": ("judge.service", "judge.mail", "judge.cli", "aiosmtpd", "smtplib", "jinja2"),
    "judge.service": ("judge.mail", "judge.cli", "aiosmtpd", "smtplib"),
    "judge.mail": ("judge.cli",),
}


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def _layer(name: str, table: dict[str, tuple[str, ...]]) -> str | None:
    for layer in table:
        if name == layer or name.startswith(layer + "."):
            return layer
    return None


def _is(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_package_is_found() -> None:
    assert any(_module_name(p) == "judge.engine.adjudicate" for p in MODULES)


@pytest.mark.parametrize("path", MODULES, ids=[_module_name(p) for p in MODULES])
def test_imports_point_inward(path: Path) -> None:
    name = _module_name(path)
    imports = _imports(path)
    layer = _layer(name, ALLOWED)
    if layer is not None:
        bad = {
            i
            for i in imports
            if i.split(".")[0] not in sys.stdlib_module_names
            and i != "__future__"
            and not any(_is(i, ok) for ok in ALLOWED[layer])
        }
        assert not bad, f"{name} ({layer}) must not import {sorted(bad)}"
    layer = _layer(name, FORBIDDEN)
    if layer is not None:
        bad = {i for i in imports if any(_is(i, no) for no in FORBIDDEN[layer])}
        assert not bad, f"{name} ({layer}) must not import {sorted(bad)}"


def test_engine_rejects_an_outward_import(tmp_path: Path) -> None:
    """The check itself works: an engine module importing sqlalchemy is caught."""
    bad = tmp_path / "bad.py"
    bad.write_text("import sqlalchemy\nfrom judge.storage import base\n")
    imports = _imports(bad)
    assert {"sqlalchemy", "judge.storage"} <= imports
    assert not any(_is(i, ok) for i in imports for ok in ALLOWED["judge.engine"])
