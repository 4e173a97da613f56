"""How many maps a phase's results draw: one for every reader outside BLIND (the same
bytes in every mail), none for the public letter the judge keeps (only its text is
kept), none when no reader takes maps."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

import judge.service.reports.results as results
from judge.engine.board import Map
from judge.service.reports import phase_mails
from judge.service.reports.phase import public_results
from tests.maps.phases import played_game
from tests.reports.conftest import make_roster

DEADLINE = datetime(2031, 3, 7, 20, 0, tzinfo=UTC)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The readers a map is drawn for, call by call."""
    calls: list[str] = []
    real = results.results_png

    def counted(roster, result, board, reader):  # type: ignore[no-untyped-def]
        calls.append(reader)
        return real(roster, result, board, reader)

    monkeypatch.setattr(results, "results_png", counted)
    return calls


def test_one_map_for_every_reader_of_a_phase(board: Map, drawn: list[str]) -> None:
    roster = make_roster(board)
    result = next(r for r in played_game() if r.position.phase.year == 1903)
    mails = phase_mails(roster, result, DEADLINE)
    pictures = {m.picture for m in mails if m.picture is not None}
    assert len(mails) >= 9 and len(pictures) == 1
    assert len(drawn) == 1


def test_the_kept_public_letter_draws_no_map(board: Map, drawn: list[str]) -> None:
    roster = make_roster(board)
    result = next(r for r in played_game() if r.position.phase.year == 1903)
    letter = public_results(roster, result, DEADLINE)
    assert letter  # the letter is there, its text kept
    assert drawn == []
    quiet = replace(roster, players={p: replace(m, maps=False)
                                     for p, m in roster.players.items()},
                    observers=tuple(replace(m, maps=False) for m in roster.observers),
                    master=replace(roster.master, maps=False) if roster.master else None)
    assert all(m.picture is None for m in phase_mails(quiet, result, DEADLINE))
    assert drawn == []
