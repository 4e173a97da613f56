"""What test_truthful_replies_every_kind.py draws for a phase of any kind: what a reply
said (``Told``), who sends (``Sender``), the phase (``Phase``: how it is opened, the lines
drawn, how a reply is read back and what the processed phase used), and the result a
processed phase keeps."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from judge.storage.schema import Game, PhaseRecord
from tests.markets.conftest import MarketJudge

GM = "gm@example.org"


@dataclass(frozen=True, slots=True)
class Told:
    """What one reply said: the set in force for its account now (None: the reply left
    the set as it was), the lines it refused, and what the lines it accepted leave in
    force by the rules (a later NOTRADE of the same mail empties the lines before it)."""

    in_force: list[str] | None
    refused: list[str]
    accepted: list[str] | None = None  # None: the reply accepted no line


@dataclass(frozen=True, slots=True)
class Sender:
    address: str
    signon: str
    key: str  # the account the mail acts for, as the processed phase names it


@dataclass(frozen=True)
class Phase:
    kind: str  # the registry's name of the kind
    phase: str
    game: str
    open: Callable[[MarketJudge], None]  # a new game, played until ``phase`` opens
    senders: tuple[Sender, ...]
    good: tuple[str, ...]  # lines good in themselves, as the judge writes them
    bad: tuple[str, ...]  # lines refused whatever else the mail holds
    read: Callable[[str, list[str]], Told]
    used: Callable[[MarketJudge, Phase], dict[str, list[str]]]
    spare: Callable[[str], bool] = field(default=lambda line: False)
    # each line a reply accepted adds to what the phase uses (commands done at once),
    # rather than the last reply's set in force replacing the ones before
    cumulative: bool = False

    @property
    def id(self) -> str:
        return f"{self.kind}-{self.phase}"

    def process(self, market: MarketJudge) -> None:
        """Past the phase's deadline until it is processed."""
        for _ in range(3):
            market.deadline(self.game)
            if result(market, self.game, self.phase) is not None:
                return
        raise AssertionError(f"{self.id} was never processed")


def result(market: MarketJudge, game: str, phase: str) -> dict[str, Any] | None:
    """The result kept with a processed phase (None before it is processed)."""
    with market.factory() as s:
        record = s.scalar(select(PhaseRecord).join(Game).where(
            Game.name == game, PhaseRecord.phase == phase,
            PhaseRecord.rolled_back.is_(False)))
        if record is None or record.processed_at is None:
            return None
        return dict(record.result or {})


def played_to(market: MarketJudge, game: str, phase: str,
              mails: dict[str, list[tuple[str, str, list[str]]]]) -> None:
    """Play ``game`` on until ``phase`` opens, sending ``mails[<phase>]`` (address,
    SIGNON line, lines) in each phase before."""
    for _ in range(12):
        current = market.state(game)["phase"]
        if current == phase:
            return
        for to, signon, lines in mails.get(current, []):
            assert "REFUSED" not in market.reply(to, signon, *lines)
        market.deadline(game)
    raise AssertionError(f"{game}: {phase} never opened")
