"""No module outside the registry names a game: the service, the reports, the batch edge
and the rules ask the kind (judge.games), never compare a game's name with a literal.

The check reads every module's syntax tree (nothing is imported) and fails on a string
literal that is a registered kind's name or word, in any case (``"payola"``,
``"PAYOLA"``), anywhere but in the registry itself (``judge/games/__init__.py``): the
games' own folders (``judge/games/<game>/``) and the families' shared parts
(``judge/games/board``, ``judge/games/market``) ask the kind as the core does. A
literal that is such a word by coincidence of another vocabulary is listed in
``COINCIDENCES`` with its reason. The self-test plants
a ``variant == "payola"`` back into a copy of a module and sees it fail.
"""

from __future__ import annotations

import ast
from pathlib import Path

from judge.games import KINDS

PACKAGE = Path(__file__).resolve().parents[2] / "judge"
NAMES = frozenset({k.name.lower() for k in KINDS} | {k.word.lower() for k in KINDS})

# (module path below judge/, literal) -> why the word is not a game's name there
COINCIDENCES: dict[tuple[str, str], str] = {
    ("engine/maps.py", "standard"): "the standard map's name (maps/standard.json), which "
    "every kind plays on",
    ("games/exchange/rules/params.py", "PAYOLA"): "a value of Exchange's INCOME_MODE parameter "
    "(exchange.md section 6: income by Payola's schedule)",
}


def named_games(source: str, where: str) -> list[str]:
    """Each literal of ``source`` that names a game, as ``line: literal``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and node.value.strip().lower() in NAMES
                and (where, node.value) not in COINCIDENCES):
            found.append(f"{where}:{node.lineno}: {node.value!r}")
    return found


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if p.relative_to(PACKAGE).as_posix() != "games/__init__.py")


def test_no_module_outside_the_registry_names_a_game() -> None:
    found = [hit for path in modules()
             for hit in named_games(path.read_text(encoding="utf-8"),
                                    path.relative_to(PACKAGE).as_posix())]
    assert not found, "game names outside the registry (ask the kind):\n" + "\n".join(found)


def test_every_coincidence_is_still_there() -> None:
    """A listed coincidence that no longer occurs is taken off the list."""
    for where, literal in COINCIDENCES:
        tree = ast.parse((PACKAGE / where).read_text(encoding="utf-8"))
        assert any(isinstance(n, ast.Constant) and n.value == literal for n in ast.walk(tree)), \
            (where, literal)


def test_a_planted_name_comparison_fails() -> None:
    source = (PACKAGE / "games" / "board" / "mail" / "phases.py").read_text(encoding="utf-8")
    assert named_games(source, "games/board/mail/phases.py") == []
    planted = source + '\n\ndef _planted(game):\n    return game.variant == "payola"\n'
    assert named_games(planted, "games/board/mail/phases.py") == [
        f"games/board/mail/phases.py:{len(planted.splitlines())}: 'payola'"]
    # and the other spellings of every kind's name and word
    for kind in KINDS:
        for word in (kind.name, kind.word, kind.name.title()):
            assert named_games(f"x = {word!r}\n", "planted.py"), word
