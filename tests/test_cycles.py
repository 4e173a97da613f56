"""No import cycles in the judge: neither between its modules nor between its packages.

The imports are read as bin/package_graph.py reads them (``ast``, nothing imported): an
import inside a function counts like one at the top (one that only dodges a cycle is
still the cycle), and so does a ``"judge.x.y:name"`` runner string. A package is a
directory of judge/ (judge.games.market.mail), or a module straight under judge/
(judge.cli); its modules' imports are its own.

The cycles not yet removed are listed in ``KNOWN``: a new cycle fails, and so does a
known one that is gone (take it out of ``KNOWN``), so the list only ever shrinks.
The self-tests plant each kind of cycle in a small package of their own and run the very
same detection on it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bin.package_graph import cycles, imports, module_graph, modules_of, package_graph

# No cycle is left; a cycle that appears fails the tests below.
KNOWN_PACKAGE_CYCLES: frozenset[frozenset[str]] = frozenset()
KNOWN_MODULE_CYCLES: frozenset[frozenset[str]] = frozenset()

MODULES = modules_of()
GRAPH = module_graph(MODULES)
PACKAGES = package_graph(GRAPH, {m.name for m in MODULES if m.is_package})


def _named(found: frozenset[frozenset[str]]) -> list[list[str]]:
    return sorted(sorted(c) for c in found)


def test_the_modules_are_read() -> None:
    assert "judge.engine.board" in GRAPH["judge.engine.adjudicate"]
    registry = next(m for m in MODULES if m.name == "judge.games")
    assert "judge.games.board.mail" in imports(registry)  # a part named "module:NAME" is read
    assert GRAPH["judge.games"] == frozenset()  # but the registry's parts draw no arrow
    assert "judge.engine" in PACKAGES["judge.games.exchange.rules"]


def test_no_import_cycle_between_modules_but_the_known() -> None:
    new = frozenset(cycles(GRAPH)) - KNOWN_MODULE_CYCLES
    assert not new, f"import cycles between modules: {_named(new)} (bin/package_graph.py shows " \
                    "the imports that close them)"


def test_every_known_module_cycle_still_exists() -> None:
    gone = KNOWN_MODULE_CYCLES - frozenset(cycles(GRAPH))
    assert not gone, f"no longer cycles, take them out of KNOWN_MODULE_CYCLES: {_named(gone)}"


def test_no_import_cycle_between_packages_but_the_known() -> None:
    new = frozenset(cycles(PACKAGES)) - KNOWN_PACKAGE_CYCLES
    assert not new, f"import cycles between packages: {_named(new)} (bin/package_graph.py " \
                    "shows the imports that close them)"


def test_every_known_package_cycle_still_exists() -> None:
    gone = KNOWN_PACKAGE_CYCLES - frozenset(cycles(PACKAGES))
    assert not gone, f"no longer cycles, take them out of KNOWN_PACKAGE_CYCLES: {_named(gone)}"


# Each kind of cycle, planted in a package of its own: {file: source}, the cycles between
# modules, and those between packages.
PLANTED: dict[str, tuple[dict[str, str], set[frozenset[str]], set[frozenset[str]]]] = {
    "top": ({"a.py": "from judge.b import x\n", "b.py": "import judge.a\nx = 1\n"},
            {frozenset({"judge.a", "judge.b"})}, {frozenset({"judge.a", "judge.b"})}),
    "local": ({"a.py": "from judge.b import x\n",
               "b.py": "x = 1\ndef f():\n    from judge.a import y\n    return y\n"},
              {frozenset({"judge.a", "judge.b"})}, {frozenset({"judge.a", "judge.b"})}),
    "runner": ({"a.py": "from judge import b\n", "b.py": 'RUN = "judge.a:play"\n'},
               {frozenset({"judge.a", "judge.b"})}, {frozenset({"judge.a", "judge.b"})}),
    "relative": ({"p/__init__.py": "", "p/a.py": "from .b import x\n",
                  "p/b.py": "from . import a\nx = 1\n"},
                 {frozenset({"judge.p.a", "judge.p.b"})}, set()),
    "three": ({"a.py": "import judge.b\n", "b.py": "import judge.c\n",
               "c.py": "import judge.a\n", "d.py": "import judge.a\n"},
              {frozenset({"judge.a", "judge.b", "judge.c"})},
              {frozenset({"judge.a", "judge.b", "judge.c"})}),
    # a parent package naming its sub-package's runner, the sub-package importing a
    # module of its parent: no cycle between modules, one between the packages
    "packages": ({"batch/__init__.py": 'GAMES = {"x": "judge.batch.x:play"}\n',
                  "batch/case.py": "class CaseError(ValueError): ...\n",
                  "batch/x/__init__.py": "from judge.batch.case import CaseError\n"},
                 set(), {frozenset({"judge.batch", "judge.batch.x"})}),
    "none": ({"a.py": "import judge.b\nimport os\n", "b.py": "import judge.c\n",
              "c.py": "x = 'judge.a'\n", "p/__init__.py": "from judge.p.q import y\n",
              "p/q.py": "y = 1\n"},
             set(), set()),
}


def _plant(root: Path, files: dict[str, str]) -> Path:
    package = root / "judge"
    for relative, source in {"__init__.py": "", **files}.items():
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        (package / relative).write_text(source, encoding="utf-8")
    return package


@pytest.mark.parametrize("case", PLANTED)
def test_the_detection_finds_a_planted_cycle(case: str, tmp_path: Path) -> None:
    files, between_modules, between_packages = PLANTED[case]
    modules = modules_of(_plant(tmp_path, files))
    graph = module_graph(modules)
    assert set(cycles(graph)) == between_modules
    packages = package_graph(graph, {m.name for m in modules if m.is_package})
    assert set(cycles(packages)) == between_packages


def test_a_cycle_is_every_module_that_imports_one_another() -> None:
    graph = {"a": {"b"}, "b": {"c", "e"}, "c": {"a"}, "d": {"a", "e"}, "e": {"f"}, "f": {"e"},
             "g": set()}
    assert cycles(graph) == [frozenset({"a", "b", "c"}), frozenset({"e", "f"})]
