"""The PNG painter keeps what it painted between pictures (the ground's tinted
provinces, the still layer of a set of owners, the legend's key, the letters' stamps
and blends): every
picture of two played games, drawn one after another with all of it kept, is the
picture drawn alone in a fresh process."""

from __future__ import annotations

from judge.maps import board_png, paint, png
from judge.maps.board import tinted_ground
from judge.maps.kept import KEPT, kept_ground
from judge.maps.played import played
from tests.maps.phases import picture, played_game


def _forget() -> None:
    for cached in (png._board, png._pieces, png._layers, png._painted, png._piece,
                   png._fills, png._mask, png._palette, png._reach, png._reaches,
                   png._places, paint.lettering):
        cached.cache_clear()


def test_a_picture_drawn_after_others_is_the_picture_drawn_alone() -> None:
    phases = [played(r) for seed in (3, 5) for r in played_game(seed=seed, years=4)]
    assert {p.state["phase"][-1] for p in phases} == {"M", "R", "A"}
    _forget()
    in_turn = [picture(board_png(p.state, orders=p.orders, results=p.results, title="Game g"))
               for p in phases]
    # the same owners again, from the layers kept (the first year's, every game's)
    again = [picture(board_png(p.state, orders=p.orders, results=p.results, title="Game g"))
             for p in phases[:3]]
    assert again == in_turn[:3]
    for phase, drawn in zip(phases, in_turn, strict=True):
        _forget()
        alone = board_png(phase.state, orders=phase.orders, results=phase.results,
                          title="Game g")
        assert picture(alone) == drawn, phase.state["phase"]


def test_the_legend_key_is_painted_once_for_a_kind_of_phase() -> None:
    """The key is kept painted: one for each kind of phase drawn whose key stands on the
    legend's paper alone (movement, retreats; an adjustment's reaches up to the powers'
    counts and is painted each time), and a second round of pictures paints none."""
    phases = [played(r) for r in played_game(seed=3, years=3)]
    _forget()
    for phase in phases:
        board_png(phase.state, orders=phase.orders, results=phase.results, title="Game g")
    hits = png._board.cache_info().hits
    _, palette = png._board(tinted_ground, kept_ground, *KEPT[0])
    assert png._board.cache_info().hits == hits + 1     # the pictures' own palette
    painted = {id(sprite[3]) for sprite in palette.sprites.values()}
    assert len(painted) == 1    # the movement phases'
    for phase in phases:
        board_png(phase.state, orders=phase.orders, results=phase.results, title="Game h")
    assert {id(sprite[3]) for sprite in palette.sprites.values()} == painted
