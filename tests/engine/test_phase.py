"""Phases: reading, printing and the standard sequence."""

from __future__ import annotations

import pytest

from judge.engine.phase import Phase


@pytest.mark.parametrize(
    ("text", "following"),
    [
        ("S1901M", "S1901R"),
        ("S1901R", "F1901M"),
        ("F1901M", "F1901R"),
        ("F1901R", "W1901A"),
        ("W1901A", "S1902M"),
    ],
)
def test_sequence(text: str, following: str) -> None:
    assert str(Phase.parse(text).next()) == following


@pytest.mark.parametrize("bad", ["S1901", "X1901M", "W1901M", "S1901A", "", "spring 1901"])
def test_bad_phases_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="not a phase"):
        Phase.parse(bad)


def test_lower_case_and_order() -> None:
    assert Phase.parse("f1905r") == Phase.parse("F1905R")
    assert (
        Phase.parse("S1901M")
        < Phase.parse("S1901R")
        < Phase.parse("W1901A")
        < Phase.parse("S1902M")
    )
    assert Phase.parse("F1901M").long_name == "Fall of 1901"
