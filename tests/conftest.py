"""Fixtures shared by every test package."""

from __future__ import annotations

import pytest

from judge.engine.board import Map
from judge.engine.maps import load_map


@pytest.fixture(scope="session")
def board() -> Map:
    """The standard map."""
    return load_map("standard")
