"""The dependencies are current and bounded, and CI installs exactly the pinned versions."""

from __future__ import annotations

import configparser
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent


def _requirements() -> list[Requirement]:
    parser = configparser.ConfigParser()
    parser.read(ROOT / "setup.cfg")
    lines = parser["options"]["install_requires"].splitlines()
    for extra in parser["options.extras_require"].values():
        lines += extra.splitlines()
    return [Requirement(line) for line in lines if line.strip()]


def _pins() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, version = line.split("==")
            pins[canonicalize_name(name)] = Version(version)
    return pins


def test_every_requirement_has_an_upper_bound() -> None:
    for req in _requirements():
        assert any(s.operator in ("<", "==", "~=") for s in req.specifier), str(req)


def test_the_tools_are_pinned() -> None:
    pinned = {canonicalize_name(r.name) for r in _requirements()
              if any(s.operator == "==" for s in r.specifier)}
    assert {"ruff", "mypy"} <= pinned


def test_known_vulnerable_versions_are_excluded() -> None:
    # aiosmtpd: CVE-2024-27305, CVE-2024-34083; Jinja2: the 3.1.5 sandbox escape fixed in 3.1.6.
    last_bad = {"aiosmtpd": "1.4.5", "jinja2": "3.1.5"}
    seen = set()
    for req in _requirements():
        name = canonicalize_name(req.name)
        if name in last_bad:
            seen.add(name)
            assert not req.specifier.contains(last_bad[name]), str(req)
    assert seen == set(last_bad)


def test_the_constraints_pin_every_requirement_inside_its_range() -> None:
    pins = _pins()
    for req in _requirements():
        name = canonicalize_name(req.name)
        assert name in pins, f"constraints.txt does not pin {req.name}"
        assert req.specifier.contains(pins[name]), f"{req.name}=={pins[name]} breaks {req}"


def test_ci_runs_the_readme_test_command_with_the_constraints() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```", 2)[1].strip().splitlines()
    assert len(block) == 2
    test_command = block[1]
    assert "-c constraints.txt" in test_command
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
