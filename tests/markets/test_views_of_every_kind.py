"""HISTORY and SUMMARY are written once, for every kind of the registry: each kind's game
is started by mail and played three phases by the processor alone (nobody sends a
line, so each kind's defaults play), then HISTORY (whole, and FROM/TO one phase) and
SUMMARY are read. A kind added to the registry without a recipe here fails the test.

The ``market`` fixture checks every mail of these games for 78 columns and for internal
error codes."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from judge.games import KINDS
from judge.storage.schema import Game, PhaseRecord
from tests.markets.conftest import GM, MarketJudge, member

# kind -> the CREATE words, the members who join, their JOIN words' last part
RECIPES: dict[str, tuple[str, tuple[str, ...]]] = {
    "standard": ("STANDARD", ("FRANCE",)),
    "payola": ("PAYOLA", ("FRANCE",)),
    "exchange": ("EXCHANGE", ("ALICE", "BOB")),
    "shareholders": ("SHAREHOLDERS", ("ANN", "BEN", "CID")),
    "capitalist": ("CAPITALIST MIN_PLAYERS=2", ("MIDAS", "CROESUS")),
    "bourse": ("STANDARD BOURSE", ("FRANCE",)),
}


def _played(market: MarketJudge, game: str) -> list[str]:
    with market.factory() as s:
        found = s.scalar(select(Game).where(Game.name == game))
        assert found is not None
        return [r.phase for r in s.scalars(
            select(PhaseRecord).where(PhaseRecord.game_id == found.id,
                                      PhaseRecord.processed_at.is_not(None))
            .order_by(PhaseRecord.seq))]


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_history_and_summary_in_every_kind(market: MarketJudge, kind: str) -> None:
    words, joining = RECIPES[kind]
    game = f"v{kind[:6]}"
    assert "created" in market.reply(GM, f"CREATE {game} masterpw {words}")
    for name in joining:
        assert "joined" in market.reply(member(name), f"JOIN {game} pw{name.lower()} {name}")
    assert "started" in market.reply(GM, f"SIGNON MASTER@{game} masterpw", "START")
    reader = member(joining[0])
    assert "No phase of" in market.reply(reader, f"HISTORY {game}")
    for _ in range(3):
        market.deadline(game)
    played = _played(market, game)
    assert len(played) == 3, played

    history = market.reply(reader, f"HISTORY {game}")
    assert "REFUSED" not in history.upper(), history
    for phase in played:
        assert f"      {phase}:\n" in history, (phase, history)
    assert history.count("\n-- \n") == 1  # the reply's signature, none of the letters'
    lines = [line.strip() for line in history.splitlines()]
    assert not [x for x in lines if len(x) == 1], "a record printed one character a line"

    middle = played[1]
    one = market.reply(reader, f"HISTORY {game} FROM {middle} TO {middle}")
    assert f"      {middle}:\n" in one
    assert f"      {played[0]}:\n" not in one and f"      {played[2]}:\n" not in one
    later = market.reply(reader, f"HISTORY {game} FROM {middle}")
    assert f"      {played[0]}:\n" not in later and f"      {played[2]}:\n" in later

    summary = market.reply(reader, f"SUMMARY {game}")
    assert f"Last phase played: {played[-1]}." in summary, summary
    ended = market.reply(GM, f"SIGNON MASTER@{game} masterpw", "TERMINATE")
    assert "REFUSED" not in ended.upper()
    summary = market.reply(reader, f"SUMMARY {game}")
    assert "Result: ended by its master." in summary, summary
