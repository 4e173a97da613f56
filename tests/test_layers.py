"""Dependencies point one way: the engine is pure, and outer layers never leak inward.

Reads every module's imports with ``ast`` (nothing is imported) and checks them against
the tables below: each layer names everything it may import besides the standard library
(an allow-list), and the pure layers are also denied the standard library's I/O modules,
``sys`` (interpreter-global state), calls at import time and the built-ins that read or
write files or the terminal. Relative imports are resolved, and a ``"judge.x.y:name"``
string (a runner imported on first use) counts as an import: the imports are read by
bin/package_graph.py's reader, the one that draws the package graph and finds the cycles.
The self-test plants each kind of violation in a copy of the package and runs the very
same check on it.
"""

from __future__ import annotations

import ast
import shutil
import sys
from pathlib import Path

import pytest

from bin.package_graph import Module, imports, module_at

PACKAGE = Path(__file__).resolve().parent.parent / "judge"

# layer -> the judge layers and third-party packages it may import (prefixes).
# The longest matching layer decides; every module of the package must fall in one.
ALLOWED: dict[str, tuple[str, ...]] = {
    "judge": (),  # the package's __init__: the version string only
    "judge.engine": ("judge.engine",),
    # maps: a phase's position, orders and results in, SVG and PNG out (Pillow paints,
    # ISA-L compresses)
    "judge.maps": ("judge.engine", "judge.maps", "PIL", "isal"),
    # the registry of game kinds imports nothing of the judge; it names each kind's parts
    # as "module:NAME" strings, imported on first use by the layer that asks for the part
    # (Kind.part): the runners of judge.batch, the mail parts of judge.service, the demos
    "judge.games": ("judge.batch", "judge.service", "judge.demo", "judge.demos"),
    "judge.money": ("judge.engine", "judge.money", "judge.games"),
    "judge.resources": (),
    "judge.text": ("judge.engine", "judge.money", "judge.text", "judge.resources", "judge.games",
                   "lark"),
    "judge.batch": ("judge.engine", "judge.money", "judge.text", "judge.batch", "judge.games"),
    "judge.config": (),
    "judge.storage": ("judge.engine", "judge.config", "judge.storage", "sqlalchemy", "alembic"),
    # never judge.batch: the service reads and plays a game through its kind's typed
    # reading (judge.money.<game>.reading); batch is the JSON Lines edge alone
    "judge.service": ("judge.engine", "judge.money", "judge.text", "judge.maps", "judge.resources",
                      "judge.config", "judge.storage", "judge.service", "judge.games",
                      "sqlalchemy", "jinja2"),
    "judge.mail": ("judge.text", "judge.config", "judge.storage", "judge.mail", "sqlalchemy",
                   "aiosmtpd"),
    # judge demo: the story of a game played by the scripts of judge.demos, which the
    # registry's kinds name (judge demo --game <kind>)
    "judge.demo": ("judge.config", "judge.demos", "judge.games"),
    "judge.demos": ("judge.config", "judge.demos", "judge.storage", "judge.mail", "judge.games",
                    "sqlalchemy"),
    # the web pages: read the store through the service's public views, and hand a
    # player's form to the service as his mail; draw the public maps (judge.maps)
    "judge.web": ("judge.config", "judge.storage", "judge.service", "judge.mail", "judge.money",
                  "judge.text", "judge.games", "judge.resources", "judge.web", "judge.maps",
                  "sqlalchemy", "jinja2", "starlette", "uvicorn", "itsdangerous"),
    "judge.cli": ("judge.config", "judge.storage", "judge.service", "judge.mail", "judge.batch",
                  "judge.maps", "judge.demo", "judge.games", "judge.web", "sqlalchemy"),
}
# A game's folder (judge/games/<game>/) spans the layers: each part of it stands in its
# role's layer, as if it were that layer's module for the game (docs/architecture.md,
# "A game's folder"). judge.games.exchange.rules.events is judge.money's; .mail, the
# service's; and so on. The folder's own __init__ stands with the registry.
ROLES: dict[str, str] = {
    "rules": "judge.money",   # pure rules and their codecs
    "text": "judge.text",     # its lines read into its commands
    "batch": "judge.batch",   # its judge adjudicate runner
    "mail": "judge.service",  # its mail part: what the service core asks it
    "demo": "judge.demos",    # its judge demo script
}


def in_role(name: str) -> str:
    """The name a module stands under for the layering: a game folder's part in its role's
    layer (``judge.games.exchange.mail.part`` is ``judge.service.exchange.game``), any
    other module as it is."""
    parts = name.split(".")
    if len(parts) >= 4 and parts[:2] == ["judge", "games"] and parts[3] in ROLES:
        return ".".join([ROLES[parts[3]], parts[2], *parts[4:]])
    return name


# The pure layers: values in, values out. No I/O, no global state, nothing run at import.
PURE = ("judge.engine", "judge.money", "judge.text", "judge.maps")
DENIED_STDLIB = frozenset({
    "os", "io", "pathlib", "shutil", "tempfile", "glob", "fileinput", "sys", "subprocess",
    "socket", "socketserver", "ssl", "select", "selectors", "signal", "asyncio", "threading",
    "multiprocessing", "concurrent", "sqlite3", "dbm", "shelve", "pickle", "smtplib", "poplib",
    "imaplib", "ftplib", "http", "urllib", "mailbox", "webbrowser", "ctypes",
})
DENIED_BUILTINS = frozenset({"open", "print", "input", "breakpoint", "exec", "eval"})


def layer_of(name: str) -> str | None:
    """The longest layer holding ``name`` (a game folder's part: its role's layer);
    ``judge`` itself holds only the package's ``__init__``."""
    name = in_role(name)
    matches = [layer for layer in ALLOWED if name == layer
               or (layer != "judge" and name.startswith(layer + "."))]
    return max(matches, key=len, default=None)


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def violations(module: Module) -> list[str]:
    """What ``module`` does that its layer forbids; empty when it keeps to its layer."""
    layer = layer_of(module.name)
    if layer is None:
        return [f"{module.name} belongs to no layer of tests/test_layers.py"]
    found = []
    for name in sorted(imports(module)):
        top = name.split(".")[0]
        if name == "__future__" or name == "judge" or name.startswith("judge.__"):
            continue  # the package's own __init__: its version string
        if top in sys.stdlib_module_names:
            if layer in PURE and top in DENIED_STDLIB:
                found.append(f"{module.name} ({layer}, pure) must not import {name}")
            continue
        if not any(_within(in_role(name), ok) for ok in ALLOWED[layer]):
            found.append(f"{module.name} ({layer}) must not import {name}")
    if layer in PURE:
        found += _impure_statements(module, layer)
    return found


def _impure_statements(module: Module, layer: str) -> list[str]:
    tree = ast.parse(module.source)
    found = []
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            found.append(f"{module.name} ({layer}, pure) runs "
                         f"{ast.unparse(node.value)!r} at import")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in DENIED_BUILTINS):
            found.append(f"{module.name} ({layer}, pure) calls {node.func.id}()")
    return found


def check_package(package: Path) -> list[str]:
    return [v for path in sorted(package.rglob("*.py"))
            for v in violations(module_at(path, package))]


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_package_is_found() -> None:
    assert any(module_at(p).name == "judge.engine.adjudicate" for p in MODULES)


def test_every_layer_exists_and_every_part_of_the_package_has_a_layer() -> None:
    for layer in ALLOWED:
        path = PACKAGE.parent.joinpath(*layer.split("."))
        assert path.is_dir() or path.with_suffix(".py").is_file(), f"no package {layer}"
    parts = {p.stem for p in PACKAGE.iterdir()
             if p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").is_file())}
    assert {f"judge.{p}" for p in parts - {"__init__"}} <= set(ALLOWED)


@pytest.mark.parametrize("path", MODULES, ids=[module_at(p).name for p in MODULES])
def test_imports_point_inward(path: Path) -> None:
    assert violations(module_at(path)) == []


def test_the_registry_imports_nothing_of_the_judge() -> None:
    """judge.games reaches the kinds' parts only by name, on first use: every layer may
    read the registry without importing what sits above it."""
    registry = module_at(PACKAGE / "games" / "__init__.py")
    tree = ast.parse(registry.source)
    imported = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not [ast.unparse(n) for n in imported
                if "judge" in ast.unparse(n) and not ast.unparse(n).startswith("from __future__")]


# Each kind of violation, planted as a new module in a copy of the package.
PLANTED = {
    "engine/planted_smtp.py": ("import smtplib\n", "must not import smtplib"),
    "engine/planted_socket.py": ("from socket import create_connection\n",
                                 "must not import socket"),
    "engine/planted_sqlite.py": ("import sqlite3\n", "must not import sqlite3"),
    "engine/planted_relative.py": ("from ..storage import base\n",
                                   "must not import judge.storage"),
    "engine/planted_sqlalchemy.py": ("import sqlalchemy\n", "must not import sqlalchemy"),
    "engine/planted_global.py": ("import sys\nsys.setrecursionlimit(10_000)\n",
                                 "must not import sys"),
    "engine/planted_runner.py": ('RUN = "judge.storage.games:load"\n',
                                 "must not import judge.storage.games"),
    "money/planted_write.py": ("def save(text):\n    open('books', 'w').write(text)\n",
                               "calls open()"),
    "money/planted_subprocess.py": ("import subprocess\n", "must not import subprocess"),
    "text/planted_os.py": ("import os\n", "must not import os"),
    "mail/planted_service.py": ("from judge.service import inbound\n",
                                "must not import judge.service"),
    "storage/planted_text.py": ("from judge.text.orders import parse_order\n",
                                "must not import judge.text"),
    "planted_layer.py": ("x = 1\n", "belongs to no layer"),
    # a game's folder: its rules are pure and sit below its mail part
    "games/exchange/rules/planted_mail.py": ("from judge.games.exchange.mail import part\n",
                                             "must not import judge.games.exchange.mail"),
    "games/exchange/rules/planted_os.py": ("import os\n", "must not import os"),
    "games/exchange/text/planted_batch.py": ("import judge.games.exchange.batch\n",
                                             "must not import judge.games.exchange.batch"),
    "games/exchange/mail/planted_batch.py": ("from judge.games.payola.batch import play_case\n",
                                             "must not import judge.games.payola.batch"),
}


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The check run on a copy of the package with every planted module added."""
    copy = tmp_path_factory.mktemp("planted") / "judge"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    for relative, (source, _) in PLANTED.items():
        (copy / relative).write_text(source, encoding="utf-8")
    return check_package(copy)


@pytest.mark.parametrize("relative", PLANTED)
def test_the_check_catches_a_planted_violation(relative: str, planted: list[str]) -> None:
    name = "judge." + relative.removesuffix(".py").replace("/", ".")
    _, expected = PLANTED[relative]
    caught = [v for v in planted if v.startswith(name + " ")]
    assert any(expected in v for v in caught), caught


def test_the_check_reports_nothing_but_the_planted_violations(planted: list[str]) -> None:
    names = {"judge." + r.removesuffix(".py").replace("/", ".") for r in PLANTED}
    assert {v.split(" ")[0] for v in planted} == names


def test_a_relative_import_inside_a_layer_passes() -> None:
    fine = Module("judge.engine.planted", False,
                  "from .board import Map\nfrom . import orders\nimport re\n")
    assert imports(fine) == {"judge.engine.board", "judge.engine.board.Map", "judge.engine",
                             "judge.engine.orders", "re"}
    assert violations(fine) == []


def stale_allowances(package: Path = PACKAGE) -> list[str]:
    """Each allowance of ``ALLOWED`` that no module of its layer uses: the table states
    exactly the arrows the package draws (docs/architecture.md, its package graph), so an
    arrow that is gone is taken out of the table."""
    used: dict[str, set[str]] = {layer: set() for layer in ALLOWED}
    for path in sorted(package.rglob("*.py")):
        module = module_at(path, package)
        layer = layer_of(module.name)
        if layer is None:
            continue
        for name in imports(module):
            for allowed in ALLOWED[layer]:
                if _within(in_role(name), allowed):
                    used[layer].add(allowed)
    return [f"{layer} may import {allowed}, but none of its modules does"
            for layer, allowances in ALLOWED.items() for allowed in allowances
            if allowed not in used[layer] and allowed != layer]


def test_every_allowance_is_used() -> None:
    assert stale_allowances() == []
