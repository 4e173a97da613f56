"""The package graph in docs/architecture.md is generated: it is exactly what
bin/package_graph.py prints, and the script prints the same on every run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bin.package_graph import END, START, between_markers, markdown, modules_of

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
SCRIPT = ROOT / "bin" / "package_graph.py"
REGENERATE = ".venv/bin/python bin/package_graph.py --update docs/architecture.md"


def _printed(*args: str, seed: str = "0") -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    run = subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120, check=True)
    return run.stdout


def test_the_docs_graph_is_the_scripts() -> None:
    shown = between_markers(DOC.read_text(encoding="utf-8"))
    assert shown is not None, f"docs/architecture.md lacks the markers {START!r}, {END!r}"
    assert shown == markdown(modules_of()), f"the package graph is stale: {REGENERATE}"


def test_the_script_prints_the_same_whatever_the_hash_seed() -> None:
    first = _printed(seed="1")
    assert first == _printed(seed="2") == markdown(modules_of())
    assert first.startswith("```mermaid\ngraph LR\n")
    assert "  judge_games_exchange_rules --> judge_engine\n" in first
    assert "judge.storage -> judge.engine\n" in first


def test_update_puts_the_graph_between_the_markers_and_nothing_else(tmp_path: Path) -> None:
    stale = f"# Title\n\nBefore.\n\n{START}\nan old graph\n{END}\n\nAfter.\n"
    doc = tmp_path / "architecture.md"
    doc.write_text(stale, encoding="utf-8")
    assert _printed("--update", str(doc)) == ""
    updated = doc.read_text(encoding="utf-8")
    assert updated.startswith(f"# Title\n\nBefore.\n\n{START}\n```mermaid\n")
    assert updated.endswith(f"\n{END}\n\nAfter.\n")
    assert between_markers(updated) == markdown(modules_of())
    _printed("--update", str(doc))  # once more: nothing changes
    assert doc.read_text(encoding="utf-8") == updated
