"""A market phase is processed before its deadline, as a board game's is, once everyone
who may act in it has sent mail for it and nobody has asked to wait; SET WAIT and SET
NOWAIT work for a market game's members (issue 23, point 4). Every mail goes through the
real listener; the processor runs at the real time, days before each deadline."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from judge.config import Settings
from judge.service.processing import process_due
from judge.storage.phases import current_record
from judge.storage.schema import Game
from tests.e2e.conftest import MailJudge

# kind -> CREATE words, members, and one line each member may send in the opening phase
OPENING = {
    "exchange": ("EXCHANGE", ("ALICE", "BOB"), ("BID FRANCE 100", "NOBID FRANCE")),
    "shareholders": ("SHAREHOLDERS", ("ANN", "BEN", "CID"), ("NOTRADE",) * 3),
    "capitalist": ("CAPITALIST MIN_PLAYERS=2", ("MIDAS", "CROESUS"), ("NOTRADE",) * 2),
}


def _address(name: str) -> str:
    return f"{name.lower()}@investors.example"


def _phase(by_mail: MailJudge, game: str) -> tuple[str | None, datetime | None]:
    with by_mail.factory() as s:
        found = s.scalar(select(Game).where(Game.name == game))
        assert found is not None
        record = current_record(s, found)
        return found.phase, (record.deadline if record is not None else None)


def _tick(by_mail: MailJudge) -> None:
    """The processor's run at the real time (every deadline is still days away)."""
    process_due(by_mail.factory, SETTINGS[0], datetime.now(UTC))


SETTINGS: list[Settings] = []


@pytest.fixture(autouse=True)
def _settings(settings: Settings) -> Iterator[None]:
    SETTINGS.insert(0, settings)
    yield
    SETTINGS.clear()


def _body(by_mail: MailJudge, sender: str, *lines: str) -> str:
    return " ".join(by_mail.replies(sender, *lines)[sender].split())


def _open(by_mail: MailJudge, game: str, words: str, names: tuple[str, ...]) -> str:
    gm = "gm@investors.example"
    assert "created" in _body(by_mail, gm, f"CREATE {game} masterpw {words}")
    for name in names:
        assert "joined" in _body(by_mail, _address(name),
                                 f"JOIN {game} pw{name.lower()} {name}")
    assert "started" in _body(by_mail, gm, f"SIGNON MASTER@{game} masterpw", "START")
    _tick(by_mail)  # the opening phase's deadline is set
    phase, deadline = _phase(by_mail, game)
    assert phase is not None and deadline is not None
    assert deadline.replace(tzinfo=UTC) > datetime.now(UTC)
    return phase


@pytest.mark.parametrize("kind", sorted(OPENING))
def test_a_market_phase_goes_early_once_everyone_has_sent_mail(by_mail: MailJudge,
                                                               kind: str) -> None:
    words, names, lines = OPENING[kind]
    game = f"early{kind[:4]}"
    opening = _open(by_mail, game, words, names)
    first, *others = names

    sign = {n: f"SIGNON {n}@{game} pw{n.lower()}" for n in names}
    assert "REFUSED" not in _body(by_mail, _address(first), sign[first], lines[0])
    _tick(by_mail)
    assert _phase(by_mail, game)[0] == opening  # the others may still act

    waiting = _body(by_mail, _address(first), sign[first], "SET WAIT")
    assert "Wait flag set" in waiting
    for name, line in zip(others, lines[1:], strict=True):
        assert "REFUSED" not in _body(by_mail, _address(name), sign[name], line)
    _tick(by_mail)
    assert _phase(by_mail, game)[0] == opening  # everyone has sent mail, but one waits

    assert "Wait flag cleared" in _body(by_mail, _address(first), sign[first], "SET NOWAIT")
    _tick(by_mail)
    phase, deadline = _phase(by_mail, game)
    assert phase != opening, "the phase was not processed early"
    assert deadline is not None and deadline.replace(tzinfo=UTC) > datetime.now(UTC)


def test_a_military_phase_waits_for_each_commander_signed_on_as_his_power(
        by_mail: MailJudge) -> None:
    """Capitalist's movement phase: its actors are the commanders, each signed on as the
    power he commands; a commander's mail as himself does not count for his power."""
    game = "earlycap2"
    opening = _open(by_mail, game, "CAPITALIST MIN_PLAYERS=2", ("MIDAS", "CROESUS"))
    for name in ("MIDAS", "CROESUS"):
        _body(by_mail, _address(name), f"SIGNON {name}@{game} pw{name.lower()}", "NOTRADE")
    _tick(by_mail)
    movement = _phase(by_mail, game)[0]
    assert movement is not None and movement != opening and movement.endswith("M")
    with by_mail.factory() as s:
        found = s.scalar(select(Game).where(Game.name == game))
        assert found is not None
        record = current_record(s, found)
        assert record is not None
        commanders = dict(record.state["commanders"])
        units = {p: list(us) for p, us in record.state["units"].items()}
    assert commanders
    _body(by_mail, _address("MIDAS"), f"SIGNON MIDAS@{game} pwmidas", "STATUS")
    for power, name in sorted(commanders.items())[:-1]:
        assert "REFUSED" not in _body(by_mail, _address(name),
                                      f"SIGNON {power}@{game} pw{name.lower()}",
                                      f"{units[power][0]} H")
    _tick(by_mail)
    assert _phase(by_mail, game)[0] == movement  # one power's commander has not sent
    power, name = sorted(commanders.items())[-1]
    _body(by_mail, _address(name), f"SIGNON {power}@{game} pw{name.lower()}",
          f"{units[power][0]} H")
    _tick(by_mail)
    assert _phase(by_mail, game)[0] != movement
