"""Market games by mail: Exchange, 1901-Shareholders and Capitalist Diplomacy.

Each kind is registered once, in ``KINDS`` (its word in ``CREATE`` and the module that
describes it, imported on first use). The service asks the kind for what differs: who
may act for a power, the opening state, the reports and STATUS. What every market game
shares lives here: the phase is played at its deadline from its opening state and the
mail read during it, through the very ``judge adjudicate`` runner the contract tests
(market-contract.md), so a game by mail and a batch case can never disagree.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from judge.service.markets.kind import MarketKind
from judge.storage.schema import Game

KINDS: dict[str, str] = {
    "exchange": "judge.service.markets.exchange:KIND",
    "shareholders": "judge.service.markets.shareholders:KIND",
    "capitalist": "judge.service.markets.capitalist:KIND",
}


@cache
def kind_named(word: str) -> MarketKind | None:
    """The market kind a CREATE word or a game's variant names, or None."""
    target = KINDS.get(word.lower())
    if target is None:
        return None
    module, _, name = target.partition(":")
    kind: MarketKind = getattr(import_module(module), name)
    return kind


def kind_of(game: Game) -> MarketKind | None:
    return kind_named(game.variant) if game.variant in KINDS else None
