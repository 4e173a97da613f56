"""``judge process`` killed with SIGKILL at chosen points (just before or just after its
n-th commit), then run again; and processors started together. Every phase is processed
exactly once, no order is lost, and no mail is missing or sent twice."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, func, select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.engine.maps import load_map
from judge.games.board.mail.phases import begin
from judge.storage.games import add_game
from judge.storage.mailqueue import OutboundMessage
from judge.storage.migrate import upgrade
from judge.storage.schema import Game, PhaseRecord, Player, PowerState, Role, SubmissionKind
from judge.storage.session import make_engine, make_sessionmaker, unit_of_work
from judge.storage.submissions import SubmittedLine, submit
from tests.processing.conftest import MASTER, POWERS, address

pytestmark = pytest.mark.slow
JUDGE = Path(sys.executable).with_name("judge")
LONG_AGO = datetime(2001, 1, 1, 12, 0, tzinfo=UTC)
ORDERS = {"FRANCE": ("a par-bur", "A PAR - BUR"), "GERMANY": ("A MUN - RUH", "A MUN - RUH"),
          "RUSSIA": ("f sev-bla", "F SEV - BLA")}


def _due_games(factory: sessionmaker[Session], settings: Settings, count: int) -> None:
    """``count`` started games whose S1901M deadline (and grace) passed long ago, with
    orders from three powers; the others will be in civil disorder."""
    board = load_map("standard")
    with unit_of_work(factory) as s:
        for n in range(count):
            game = add_game(s, f"g{n:03d}", "standard", [], "x", MASTER, n, board, LONG_AGO)
            for power in game.powers:
                s.add(Player(game_id=game.id, power_id=power.id, role=Role.PLAYER,
                             address=address(power.name), password_hash="x",
                             joined_at=LONG_AGO))
                power.state = PowerState.PLAYED
            s.flush()
            record = begin(s, game, settings, LONG_AGO)
            record.deadline = LONG_AGO
            for power, (typed, canonical) in ORDERS.items():
                submit(s, record, power, SubmissionKind.ORDERS,
                       [SubmittedLine(1, typed, canonical)], None, LONG_AGO)


def _config(tmp_path: Path, db_url: str) -> Path:
    conf = tmp_path / "judge.conf"
    conf.write_text(f"[judge]\naddress = judge@example.org\nname = testjudge\n"
                    f"[database]\nurl = {db_url}\n", encoding="utf-8")
    return conf


# ``judge process`` that kills itself with SIGKILL at the n-th commit that processes a
# phase: "inside" just before that commit (the phase's transaction dies with the process)
# or "after" it. Nothing of the judge is changed: the kill hangs on SQLAlchemy's events.
CRASHING = """
import os, signal, sys
from sqlalchemy import event
from sqlalchemy.orm import Session
from judge.cli import main
from judge.storage.schema import PhaseRecord

limit, when = int(sys.argv[1]), sys.argv[2]
phases = 0

def processes_a_phase(session):
    return any(isinstance(o, PhaseRecord) and o.processed_at is not None
               for o in session.dirty)

def flushed(session, context):
    if processes_a_phase(session):
        session.info["phase"] = True

def committing(session):
    global phases
    if session.info.pop("phase", False) or processes_a_phase(session):
        phases += 1
        if phases == limit:
            if when == "inside":
                os.kill(os.getpid(), signal.SIGKILL)
            session.info["kill"] = True

def committed(session):
    if session.info.pop("kill", False):
        os.kill(os.getpid(), signal.SIGKILL)

event.listen(Session, "after_flush", flushed)
event.listen(Session, "before_commit", committing)
event.listen(Session, "after_commit", committed)
sys.exit(main(sys.argv[3:]))
"""
REPO = Path(__file__).resolve().parents[2]


def _crashing(conf: Path, limit: int, when: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, "-c", CRASHING, str(limit), when, "process",
                             "--config", str(conf)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _process(conf: Path, quiet: bool = False) -> subprocess.Popen[bytes]:
    out = subprocess.DEVNULL if quiet else subprocess.PIPE
    return subprocess.Popen([str(JUDGE), "process", "--config", str(conf)],
                            stdout=out, stderr=out)


@pytest.fixture
def factory(db_url: str) -> Iterator[sessionmaker[Session]]:
    """Sessions on a database brought to the newest revision, as ``judge process`` finds
    it in production (it upgrades on start, so the schema must carry Alembic's mark)."""
    engine = make_engine(db_url)
    upgrade(engine)
    try:
        yield make_sessionmaker(engine)
    finally:
        engine.dispose()


@pytest.fixture
def watcher(db_url: str) -> Iterator[Engine]:
    """A plain reading engine: the judge's SQLite engine begins every transaction with
    BEGIN IMMEDIATE, which would queue behind the processor instead of watching it."""
    engine = create_engine(db_url) if db_url.startswith("sqlite") else make_engine(db_url)
    try:
        yield engine
    finally:
        engine.dispose()


def _processed(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.scalar(select(func.count()).select_from(PhaseRecord).where(
            PhaseRecord.processed_at.is_not(None))) or 0)


def _check_exactly_once(factory: sessionmaker[Session], count: int) -> None:
    with factory() as s:
        games = s.scalars(select(Game)).all()
        assert len(games) == count
        for game in games:
            records = s.scalars(select(PhaseRecord).where(PhaseRecord.game_id == game.id)
                                .order_by(PhaseRecord.seq)).all()
            assert [(r.seq, r.phase) for r in records] == [(1, "S1901M"), (2, "F1901M")]
            assert records[0].processed_at is not None and records[1].processed_at is None
            assert game.phase == "F1901M"
            done = records[0].result or {}
            for power, (_, canonical) in ORDERS.items():
                assert canonical in done["orders"][power]  # no order lost
        mails = s.scalars(select(OutboundMessage)).all()
    results = Counter((m.recipient, m.subject) for m in mails
                      if m.subject.startswith("Diplomacy results"))
    readers = [address(p) for p in POWERS] + [MASTER]
    expected = Counter({(r, f"Diplomacy results g{n:03d} S1901M"): 1
                        for n in range(count) for r in readers})
    assert results == expected  # none missing, none twice
    starts = Counter(m.subject for m in mails if m.subject.endswith("has started"))
    assert set(starts.values()) == {len(readers)}


@pytest.mark.skipif(not JUDGE.exists(), reason="the judge console script is not installed")
def test_a_processor_killed_at_chosen_commits_loses_and_repeats_nothing(
    tmp_path: Path, db_url: str, factory: sessionmaker[Session], settings: Settings,
    watcher: Engine,
) -> None:
    count = 30
    _due_games(factory, settings, count)
    conf = _config(tmp_path, db_url)
    rng = random.Random(20260302)  # the same kill points in every run of the test
    kills: Counter[str] = Counter()
    for _attempt in range(60):
        before = _processed(watcher)
        if before == count:
            break
        limit, when = rng.randint(1, 5), rng.choice(("inside", "after"))
        process = _crashing(conf, limit, when)
        _, err = process.communicate(timeout=120)
        after = _processed(watcher)
        if process.returncode == -signal.SIGKILL:
            kills[when] += 1
            # exactly the phases committed before the kill are processed
            assert after - before == (limit - 1 if when == "inside" else limit)
        else:  # fewer phases were left than the limit: it finished the work
            assert process.returncode == 0, err.decode()
            assert after == count
    assert _processed(watcher) == count
    assert kills["inside"] >= 3 and kills["after"] >= 3, kills  # 8 and 7 with this seed
    _check_exactly_once(factory, count)
    again = _process(conf)
    out, _ = again.communicate(timeout=120)
    assert out.decode().strip() == ""  # nothing left to do


@pytest.mark.skipif(not JUDGE.exists(), reason="the judge console script is not installed")
def test_processors_started_together_never_process_a_phase_twice(
    tmp_path: Path, db_url: str, factory: sessionmaker[Session], settings: Settings,
) -> None:
    count = 30
    _due_games(factory, settings, count)
    conf = _config(tmp_path, db_url)
    runs = [_process(conf) for _ in range(3)]
    outputs = [p.communicate(timeout=180) for p in runs]
    for p, (_, err) in zip(runs, outputs, strict=True):
        assert p.returncode == 0, err.decode()
    lines = [line for out, _ in outputs for line in out.decode().splitlines()]
    processed = Counter(line for line in lines if "processed" in line)
    assert sorted(processed) == sorted(f"g{n:03d}: processed S1901M" for n in range(count))
    assert set(processed.values()) == {1}  # each phase by exactly one of them
    _check_exactly_once(factory, count)
