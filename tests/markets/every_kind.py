"""Helpers of the tests that hold what a player or a master reads the same in every
kind of the registry (issue 22: "a player should never be able to tell which corner of
the code his game lives in"): a started game of each kind, by mail (the recipes of
test_views_of_every_kind.py: a kind added to the registry without one fails)."""

from __future__ import annotations

from tests.markets.conftest import GM, MarketJudge, member
from tests.markets.test_views_of_every_kind import RECIPES

OBSERVER = "watcher@example.org"


def started(market: MarketJudge, kind: str) -> tuple[str, list[str]]:
    """A started game of the kind, with an observer: its name and its members' names."""
    words, joining = RECIPES[kind]
    game = f"a{kind[:6]}"
    assert "created" in market.reply(GM, f"CREATE {game} masterpw {words}")
    for name in joining:
        assert "joined" in market.reply(member(name), f"JOIN {game} pw{name.lower()} {name}")
    assert "You observe" in market.reply(OBSERVER, f"OBSERVE {game} watchpw")
    assert "started" in market.reply(GM, f"SIGNON MASTER@{game} masterpw", "START")
    return game, list(joining)
