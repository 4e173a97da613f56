"""A game of every kind of the registry played by mail through the real listener, as
cron runs ``judge process``: the mails each START and each processing run sent, phase by
phase. Each kind's recipe reaches its first adjustment phase with a power that may build
two (or three) and builds one. A kind added to the registry without a recipe fails the
tests that use this."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.games import KINDS, Kind
from judge.service.processing import process_due
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game, PhaseRecord
from tests.e2e.conftest import MailJudge

GM = "gm@masters.example"
OBSERVER = "watcher@observers.example"

Mail = tuple[str, str, tuple[str, ...]]  # the sender's name, signed on as, the lines


@dataclass(frozen=True)
class Recipe:
    """CREATE's words after the password, who joins, the master's lines before START,
    each phase's mail, and the adjustment phase it leads to."""

    words: str
    names: tuple[str, ...]
    setup: tuple[str, ...]
    mail: dict[str, list[Mail]]
    adjustment: str


# A board kind: France takes Spain and Portugal, England Norway; in the Winter France
# builds one of two, England sends nothing.
_BOARD = {
    "S1901M": [("FRANCE", "FRANCE", ("A PAR - BUR", "A MAR - SPA", "F BRE - MAO")),
               ("ENGLAND", "ENGLAND", ("F LON - NTH",))],
    "F1901M": [("FRANCE", "FRANCE", ("F MAO - POR",)),
               ("ENGLAND", "ENGLAND", ("F NTH - NWY",))],
    "W1901A": [("FRANCE", "FRANCE", ("BUILD A PAR",))],
}


def _bribed(mail: dict[str, list[Mail]]) -> dict[str, list[Mail]]:
    """Payola's movement orders are offers: a bare order is a 0 AgP offer."""
    return {phase: [(who, acting, tuple(f"0 : {x}" if phase.endswith("M") else x
                                        for x in lines)) for who, acting, lines in sent]
            for phase, sent in mail.items()}


RECIPES: dict[str, Recipe] = {
    "standard": Recipe("STANDARD", ("FRANCE", "ENGLAND"), (), _BOARD, "W1901A"),
    "payola": Recipe("PAYOLA", ("FRANCE", "ENGLAND"), (), {
        **_bribed(_BOARD), "W1901A": [("FRANCE", "FRANCE", ("BUILD A PAR", "WAIVE"))]},
        "W1901A"),
    "exchange": Recipe(
        "EXCHANGE", ("ANN", "BOB"),
        ("SET PREFLOATED yes", "SET HOLDINGS ANN FRANCE 20", "SET HOLDINGS BOB ENGLAND 20"),
        {"S1901M": [("ANN", "FRANCE", ("0 : A PAR - BUR", "0 : A MAR - SPA",
                                       "0 : F BRE - MAO"))],
         "F1901M": [("ANN", "FRANCE", ("0 : F MAO - POR",))],
         "W1901A": [("ANN", "FRANCE", ("BUILD A PAR",))]},
        "W1901A"),
    "shareholders": Recipe(
        "SHAREHOLDERS", ("ANN", "BEN", "CID"), (),
        {"W1900D": [("ANN", "ANN", ("BUY 6 FRANCE",))],
         "W1900A": [("ANN", "FRANCE", ("BUILD A PAR",))]},
        "W1900A"),
    "capitalist": Recipe(
        "CAPITALIST MIN_PLAYERS=2", ("MIDAS", "CROESUS"), (),
        {"S1901C": [("MIDAS", "MIDAS", ("SELL 500 LIRA", "BUY 500 FRANC"))],
         "S1901M": [("MIDAS", "FRANCE", ("A PAR - BUR", "A MAR - SPA", "F BRE - MAO"))],
         "F1901M": [("MIDAS", "FRANCE", ("F MAO - POR",))],
         "W1901A": [("MIDAS", "FRANCE", ("BUILD A PAR",))]},
        "W1901A"),
}


def address(name: str) -> str:
    return f"{name.lower()}@players.example"


def games() -> list[Kind]:
    """The kinds a game can be created of (the attachments ride beside them)."""
    return [k for k in KINDS if not k.attachment]


@dataclass
class Batch:
    """What one START or one processing run sent: the phase it played (None for the
    start), the phase it opened and that phase's deadline (None once the game ended)."""

    played: str | None
    opened: str | None
    deadline: datetime | None
    mails: list[OutboundMessage]

    def to(self, reader: str) -> list[OutboundMessage]:
        return [m for m in self.mails if m.recipient == reader]


class Played:
    """One game of ``kind`` by mail: ``batches()`` starts it and plays each phase at its
    deadline (after the recipe's mail for it) up to and including its adjustment phase."""

    def __init__(self, by_mail: MailJudge, factory: sessionmaker[Session],
                 settings: Settings, kind: Kind) -> None:
        self.by_mail, self.factory, self.settings = by_mail, factory, settings
        self.kind, self.recipe = kind, RECIPES[kind.name]
        self.game = f"p{kind.name[:6]}"
        self.now = utcnow()
        self.readers = (*map(address, self.recipe.names), OBSERVER, GM)
        self.observed = ""  # the reply to the observer's OBSERVE

    def current(self) -> tuple[str | None, datetime | None]:
        with self.factory() as s:
            game = s.scalar(select(Game).where(Game.name == self.game))
            assert game is not None
            record = s.scalar(select(PhaseRecord).where(PhaseRecord.game_id == game.id)
                              .order_by(PhaseRecord.id.desc()).limit(1))
            if game.phase is None or record is None or record.processed_at is not None:
                return game.phase, None
            return game.phase, record.deadline

    def _send(self, phase: str) -> None:
        for who, acting, lines in self.recipe.mail.get(phase, []):
            out = self.by_mail.replies(address(who),
                                       f"SIGNON {acting}@{self.game} pw{who.lower()}",
                                       *lines)[address(who)]
            assert "REFUSED" not in out, out

    def batches(self) -> Iterator[Batch]:
        r, by_mail = self.recipe, self.by_mail
        by_mail.replies(GM, f"CREATE {self.game} masterpw {r.words}")
        self.observed = by_mail.replies(OBSERVER, f"OBSERVE {self.game} watchpw")[OBSERVER]
        for name in r.names:
            by_mail.replies(address(name), f"JOIN {self.game} pw{name.lower()} {name}")
        mails = by_mail.send(GM, f"SIGNON MASTER@{self.game} masterpw", *r.setup, "START")
        yield Batch(None, *self.current(), [m for m in mails if "Re:" not in m.subject])
        while True:
            played, _ = self.current()
            assert played is not None and played < "W1902", played  # the recipe went astray
            self._send(played)
            self.now += timedelta(days=40)
            assert process_due(self.factory, self.settings, self.now)
            with self.factory() as s:
                rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
            new = list(rows[by_mail.seen:])
            by_mail.seen = len(rows)
            yield Batch(played, *self.current(), new)
            if played == r.adjustment:
                return
