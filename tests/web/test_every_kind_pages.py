"""The public pages of a game of every kind of the registry, forming, running and over,
by the real web server (issue 22): the list and the game page say the same things in
every kind, no Python value leaks into them, and a game that is over shows no deadline
(as its STATUS by mail shows none)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import pytest

from judge.games import KINDS
from tests.markets.conftest import GM, MarketJudge, member
from tests.markets.test_views_of_every_kind import RECIPES
from tests.web.conftest import Browser

LEAKS = re.compile(r"\bNone\b|\{'|\[\]|Turn\(|Traceback|object at 0x")
DEADLINE = re.compile(r"\b\w{3} \w{3} \d\d \d{4} \d\d:\d\d UTC\b")
# the game page's own field (its letters, which say what they said then, aside)
FIELD = re.compile(r"\bDeadline\s+\w{3} \w{3} \d\d \d{4}")


def _text(b: Browser, path: str) -> str:
    page = b.get(path)
    assert page.status == 200, path
    return html.unescape(re.sub(r"<[^>]+>", " ", page.text))


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_the_pages_of_a_game_of_every_kind(market: MarketJudge,
                                           browser: Callable[[], Browser], kind: str) -> None:
    words, joining = RECIPES[kind]
    game = f"w{kind[:6]}"
    b = browser()
    market.reply(GM, f"CREATE {game} masterpw {words}")
    for name in joining:
        market.reply(member(name), f"JOIN {game} pw{name.lower()} {name}")
    pages = [_text(b, "/"), _text(b, f"/game/{game}")]
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "START")
    market.deadline(game)
    running = [_text(b, "/"), _text(b, f"/game/{game}")]
    assert DEADLINE.search(running[0]) and FIELD.search(running[1]), running
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "TERMINATE")
    ended = [_text(b, "/"), _text(b, f"/game/{game}")]
    assert all("terminated" in page for page in ended)
    assert not DEADLINE.search(ended[0]) and not FIELD.search(ended[1]), ended
    for page in (*pages, *running, *ended):
        assert not LEAKS.search(page), LEAKS.search(page)
