"""Stored games ready for the processor benchmarks: started, every power played, orders or
Payola offer sheets in force, the deadline long past."""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mail_database import scratch_database  # noqa: E402
from payola_bench import heavy_position, offer_lines  # noqa: E402
from sqlalchemy import func, select  # noqa: E402
from sqlalchemy.orm import Session, sessionmaker  # noqa: E402

from judge.config import Settings, settings_from_text  # noqa: E402
from judge.engine.maps import load_map  # noqa: E402
from judge.engine.state import state_from_position  # noqa: E402
from judge.games.board.mail.phases import begin  # noqa: E402
from judge.money.payola.offers import OfferSheet  # noqa: E402
from judge.money.payola.rules import RuleSet  # noqa: E402
from judge.money.payola.sheets import SheetContext  # noqa: E402
from judge.storage.games import add_game  # noqa: E402
from judge.storage.ledger import post  # noqa: E402
from judge.storage.mailqueue import OutboundMessage  # noqa: E402
from judge.storage.schema import (  # noqa: E402
    Game,
    PhaseRecord,
    Player,
    PowerState,
    Role,
    SubmissionKind,
)
from judge.storage.session import make_sessionmaker, unit_of_work  # noqa: E402
from judge.storage.submissions import SubmittedLine, submit  # noqa: E402
from judge.text.offers import read_sheet  # noqa: E402

LONG_AGO = datetime(2001, 1, 1, tzinfo=UTC)
NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)  # when the benchmarks run the processor
OPENING = {
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A BER - KIE", "A MUN - RUH", "F KIE - DEN"],
    "ITALY": ["A ROM - APU", "A VEN H", "F NAP - ION"],
    "RUSSIA": ["A MOS - UKR", "A WAR - GAL", "F SEV - BLA", "F STP/SC - BOT"],
    "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
}


@contextmanager
def scratch_judge(database_url: str) -> Iterator[tuple[Settings, sessionmaker[Session]]]:
    """The settings and sessions of an empty judge: SQLite in a temporary directory, or
    its own schema of the PostgreSQL server at ``database_url``; removed on exit."""
    with tempfile.TemporaryDirectory() as tmp, scratch_database(database_url, tmp) as (
        _url, engine,
    ):
        settings = settings_from_text("[judge]\naddress = judge@example.org\n", Path(tmp))
        yield settings, make_sessionmaker(engine)


def backend(database_url: str) -> str:
    return "PostgreSQL" if database_url else "SQLite"


def mails_queued(factory: sessionmaker[Session]) -> int:
    """Every mail in the outbox, whatever its state."""
    with factory() as s:
        return s.scalar(select(func.count()).select_from(OutboundMessage)) or 0


def standard_games(factory: sessionmaker[Session], settings: Settings, count: int,
                   first: int = 0, maps: bool = True) -> None:
    """``count`` standard games in S1901M, every power's opening orders in force; with
    ``maps`` false, their master has set MAP OFF (text-only results mails)."""
    with unit_of_work(factory) as s:
        for n in range(first, first + count):
            record = _started(s, settings, f"std{n:04d}", "standard", [])
            if not maps:
                game = record_game(s, record)
                game.options = {**game.options, "MAP": "OFF"}
            for power, lines in OPENING.items():
                submit(s, record, power, SubmissionKind.ORDERS,
                       [SubmittedLine(i, x, x) for i, x in enumerate(lines, 1)], None, LONG_AGO)


def payola_games(factory: sessionmaker[Session], settings: Settings, count: int,
                 lines: int, seed: int = 1) -> None:
    """``count`` Payola games in the benchmark's heavy movement phase (34 units, every
    centre occupied), each power with ``lines`` offer lines and 100-400 AgP."""
    board = load_map("standard")
    position = heavy_position(board)
    rules = RuleSet.parse([], board.centers)
    rng = random.Random(seed)
    with unit_of_work(factory) as s:
        for n in range(count):
            record = _started(s, settings, f"pay{n:04d}", "payola", [])
            record.state = state_from_position(position)
            record.phase = str(position.phase)
            game = record_game(s, record)
            game.phase = record.phase
            for power in game.powers:
                post(s, game, power, rng.randint(100, 400) - power.balance, "start", LONG_AGO)
            for power in board.powers:
                balance = next(p.balance for p in game.powers if p.name == power)
                texts = offer_lines(power, position, board, rng, lines)
                sheet = read_sheet("\n".join(texts), SheetContext(power, position, board,
                                                                  rules, balance))
                assert isinstance(sheet, OfferSheet), sheet[:3]
                assert len(sheet.lines) == len(texts)
                submit(s, record, power, SubmissionKind.OFFERS,
                       [SubmittedLine(i, t, str(x)) for i, (t, x)
                        in enumerate(zip(texts, sheet.lines, strict=True), 1)],
                       None, LONG_AGO)


def record_game(session: Session, record: PhaseRecord) -> Game:
    game = session.get(Game, record.game_id)
    assert game is not None
    return game


def _started(session: Session, settings: Settings, name: str, variant: str,
             flags: list[str]) -> PhaseRecord:
    board = load_map("standard")
    game = add_game(session, name, variant, flags, "x", "gm@example.org", 7, board, LONG_AGO)
    for power in game.powers:
        session.add(Player(game_id=game.id, power_id=power.id, role=Role.PLAYER,
                           address=f"{power.name.lower()}.{name}@players.example",
                           password_hash="x", joined_at=LONG_AGO))
        power.state = PowerState.PLAYED
    session.flush()
    record = begin(session, game, settings, LONG_AGO)
    record.deadline = LONG_AGO
    return record
