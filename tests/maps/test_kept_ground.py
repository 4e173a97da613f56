"""The board's ground kept with the package (judge.maps.kept): the shipped file is the
ground the painter paints now, a picture drawn from it is the picture drawn by painting
the ground, and a kept ground painted from anything else is not taken."""

from __future__ import annotations

import pytest

from judge.maps import png
from judge.maps.board import board_scene, tinted_ground
from judge.maps.kept import KEPT, ground_bytes, ground_file, kept_ground, same_ground
from judge.maps.played import played
from tests.maps.phases import picture, played_game


def _clear() -> None:
    for cached in (png._painted, png._piece, png._fills, png._mask, png._palette,
                   png._board, png._reach, png._reaches):
        cached.cache_clear()


@pytest.mark.parametrize("kept", KEPT)
def test_the_shipped_ground_is_the_one_painted_now(kept: tuple) -> None:
    """If this fails, the drawing, the ground's colours or their painting changed (or
    Pillow did): run bin/make_ground.py and commit the file it writes."""
    name, size, board_width, offset = kept
    shipped = ground_file(name, size).read_bytes()
    assert same_ground(shipped, ground_bytes(tinted_ground, name, size, board_width, offset))


def test_a_map_drawn_on_the_kept_ground_is_the_map_painted_in_full() -> None:
    """Every picture of a played game at 1,200 pixels, drawn in a fresh process from the
    kept ground and drawn painting the ground, is the same file; and the kept ground is
    the one these pictures take (not painted: it would have been painted otherwise)."""
    game = [played(r) for r in played_game()]
    phases = [game[0], game[1], next(p for p in game if p.state["phase"].endswith("R")),
              next(p for p in game if p.state["phase"].endswith("A")), game[-1]]
    scenes = [board_scene(p.state, p.orders, p.results, "Game kept") for p in phases]
    _clear()
    painted = [png.scene_png(s, 1200, tinted_ground) for s in scenes]
    _clear()
    taken: list[tuple] = []

    def watched(*args: object) -> object:
        found = kept_ground(*args)  # type: ignore[arg-type]
        taken.append(args if found is not None else ())
        return found

    kept = [png.scene_png(s, 1200, tinted_ground, watched) for s in scenes]
    assert [picture(one) for one in kept] == [picture(one) for one in painted]
    assert taken and all(taken), taken
    assert (taken[0][0], taken[0][1]) in {(k[0], k[1]) for k in KEPT}


def test_a_ground_kept_for_another_picture_is_not_taken() -> None:
    """The key names what the ground was painted from: another place of the board in
    the picture, or another drawing, finds no kept ground."""
    name, size, board_width, offset = KEPT[0]
    assert kept_ground(name, size, board_width, offset) is not None
    assert kept_ground(name, size, board_width, (0.0, 40.0)) is None
    assert kept_ground((name[0], "1.6"), size, board_width, offset) is None
    assert kept_ground(name, (size[0], size[1] + 1), board_width, offset) is None
