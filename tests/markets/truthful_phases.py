"""The phases test_truthful_replies_every_kind.py sends random mails to, every kind's:
the games played on the board (truthful_board.py) and the market games
(truthful_markets.py), on the types of truthful_core.py."""

from __future__ import annotations

from tests.markets.truthful_board import BOARD_PHASES
from tests.markets.truthful_core import Phase, Sender, Told, result
from tests.markets.truthful_markets import MARKET_PHASES

PHASES: list[Phase] = [*BOARD_PHASES, *MARKET_PHASES]

__all__ = ["PHASES", "Phase", "Sender", "Told", "result"]
