"""An installed judge carries its grammars and templates (setup.cfg ``data_files``)."""

from __future__ import annotations

import configparser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _data_files() -> dict[str, str]:
    parser = configparser.ConfigParser()
    parser.read(ROOT / "setup.cfg")
    return dict(parser["options.data_files"])


def test_every_grammar_and_template_folder_is_installed() -> None:
    installed = {pattern.strip() for pattern in _data_files().values()}
    folders = {p.parent for p in (ROOT / "templates").rglob("*.j2")}
    folders |= {p.parent for p in (ROOT / "grammar").glob("*.lark")}
    for folder in folders:
        suffix = ".lark" if folder.name == "grammar" else ".j2"
        pattern = f"{folder.relative_to(ROOT).as_posix()}/*{suffix}"
        assert pattern in installed, f"setup.cfg does not install {pattern}"


def test_each_folder_lands_under_share_judge_with_the_same_name() -> None:
    for target, pattern in _data_files().items():
        source = pattern.strip().rsplit("/", 1)[0]
        assert target == f"share/judge/{source}", (target, source)
