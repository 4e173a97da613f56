"""An installed judge carries its grammars and templates: built as a wheel, installed with
``--prefix`` into a temporary folder and run from another folder, it adjudicates and plays
the demo game. Nothing is found by guessing from ``sys.prefix`` or the current folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from judge.resources import SHIPPED

ROOT = Path(__file__).resolve().parent.parent
# What a source distribution holds (MANIFEST.in and setup.cfg): the build needs no more.
SOURCE = ("judge", "grammar", "templates", "docs", "setup.py", "setup.cfg", "pyproject.toml",
          "MANIFEST.in", "README.md", "constraints.txt")


def _shipped_files() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for name in SHIPPED for p in (ROOT / name).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the source distribution's files."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "src"
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "--wheel-dir", str(base / "dist"), str(source)],
                   check=True, timeout=600)
    (built,) = (base / "dist").glob("judge-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The judge installed from the wheel with ``--prefix``: its ``judge`` script and the
    environment that finds the prefix's packages (the dependencies come from this
    interpreter's own site-packages)."""
    prefix = tmp_path_factory.mktemp("prefix")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--ignore-installed", "--prefix", str(prefix), str(wheel)],
                   check=True, timeout=600)
    site = sysconfig.get_path("purelib", vars={"base": str(prefix), "platbase": str(prefix)})
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "JUDGE_"))}
    env["PYTHONPATH"] = site
    env["HOME"] = str(prefix)  # nothing may be written into the real home either
    script = prefix / "bin" / "judge"
    assert script.is_file()
    return script, env


@pytest.mark.slow
def test_the_wheel_carries_every_grammar_and_template(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {f"judge/{name}" for name in _shipped_files()} <= names
    assert not any(n.startswith(("grammar/", "templates/", "docs/", "share/")) for n in names)
    assert not any(".data/" in n for n in names)  # no data_files outside the package


@pytest.mark.slow
def test_the_installed_judge_adjudicates_from_another_folder(
        installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    script, env = installed
    where = subprocess.run([sys.executable, "-c", "import judge; print(judge.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert Path(where.stdout.strip()).is_relative_to(Path(env["PYTHONPATH"]))
    cases = (ROOT / "examples" / "opening.jsonl").read_text(encoding="utf-8")
    run = subprocess.run([str(script), "adjudicate"], input=cases, cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    results = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(results) == len(cases.splitlines())
    assert results[0]["results"] and "error" not in results[0]
    assert "error" in results[-1]  # the example's one bad line


@pytest.mark.slow
def test_the_installed_judge_plays_the_demo_from_another_folder(
        installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    script, env = installed
    run = subprocess.run([str(script), "demo"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    said = run.stdout + run.stderr
    assert "(PAYOLA) has started." in said  # a template rendered
    assert "ended (draw) S1902M" in said  # every order, offer and command read by the grammars
    assert list(tmp_path.iterdir()) == []  # the demo's judge lives in its own temporary folder
