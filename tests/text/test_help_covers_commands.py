"""Every command word the mail reader knows is named in HELP (what a player can read by
mail) and in docs/commands.md."""

from __future__ import annotations

import re

import pytest

from judge import resources
from judge.text.command_line import USAGE

WORDS = sorted({usage.split()[0].strip("()") for usage in USAGE.values()})


@pytest.mark.parametrize("word", WORDS)
def test_every_command_word_is_in_help_and_in_the_command_guide(word: str) -> None:
    help_text = resources.read("templates", "reply/help.txt.j2") or ""
    guide = resources.read("docs", "commands.md") or ""
    pattern = re.compile(rf"\b{re.escape(word)}\b")
    assert pattern.search(help_text.upper()), f"HELP does not name {word}"
    assert pattern.search(guide.upper()), f"docs/commands.md does not name {word}"


def test_the_words_are_the_readers_own() -> None:
    assert {"SIGNON", "TRANSFER", "ACCEPT", "ROLLBACK", "WATCH", "NMR"} <= set(WORDS)
