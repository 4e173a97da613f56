"""Issue 23, point 1, for every kind of the registry: random mails of valid and invalid
lines are sent to a phase, the phase is processed, and what the replies said is held
against what the processing used, as the processed phase records it (its orders, offer
sheets, trades, bids): every line the last reply for an account called in force (taken,
or kept from before) was used, nothing was used that no reply called in force (but
what the processing adds by itself, a unit's default hold), and no refused line was.

Each phase of each kind is set up once (tests/markets/truthful_phases.py) and kept as a
copy of the database; each example starts from that copy, so each is a phase as it
first opened. The kinds come from the registry: a new kind fails here until it has
phases of its own in ``PHASES``."""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine

from judge.games import KINDS
from tests.markets.conftest import MarketJudge
from tests.markets.test_truthful_replies import check_reply_shape
from tests.markets.truthful_phases import PHASES, Phase, Told

# what a reply may not say of a first mail: that it replaces a set sent before it
EARLIER = re.compile(r"replaces? the ones? sent before it")


def test_every_kind_has_phases_drawn() -> None:
    """A kind the registry adds fails here until it has phases of its own below."""
    assert {k.name for k in KINDS} == {p.kind for p in PHASES}


class Copy:
    """The database as a phase first opened, and the judge's clock and mail count then:
    put back before each example."""

    def __init__(self, engine: Engine, market: MarketJudge) -> None:
        self.engine = engine
        self.kept = sqlite3.connect(":memory:")
        with engine.connect() as conn:
            conn.connection.driver_connection.backup(self.kept)  # type: ignore[union-attr]
        self.now, self.seen, self.log = market.now, market.seen, list(market.log)

    def restore(self, market: MarketJudge) -> None:
        with self.engine.connect() as conn:
            self.kept.backup(conn.connection.driver_connection)  # type: ignore[arg-type]
        market.now, market.seen, market.log = self.now, self.seen, list(self.log)


def _copy(market: MarketJudge, engine: Engine, phase: Phase) -> Copy:
    """The phase opened once for this test, and put back as it opened for each example."""
    made: Copy | None = getattr(market, "_copy", None)
    if made is None:
        market.log = []
        phase.open(market)
        made = market._copy = Copy(engine, market)  # type: ignore[attr-defined]
    made.restore(market)
    return made


def check(phase: Phase, told: list[tuple[str, Told]], used: dict[str, list[str]]) -> None:
    """What the replies said (per account, in the order sent) against what was used:
    the set the last reply showed in force was used, and nothing else (but what the
    processing adds by itself); the lines the last mail that took any accepted are in
    it; no refused line was used (unless the same line is in force)."""
    in_force: dict[str, list[str]] = {}
    refused: dict[str, set[str]] = {}
    accepted: dict[str, list[str]] = {}
    for key, said in told:
        refused.setdefault(key, set()).update(said.refused)
        if phase.cumulative:  # each line done at once: all of them are used
            in_force[key] = [*in_force.get(key, []), *(said.accepted or [])]
            continue
        if said.in_force is not None:
            in_force[key] = said.in_force
        if said.accepted is not None:
            accepted[key] = said.accepted
    for key in refused:
        claimed, played = in_force.get(key, []), used.get(key, [])
        lost = Counter(accepted.get(key, [])) - Counter(claimed)
        assert not lost, (f"{key}: accepted, not shown in force", sorted(lost), claimed)
        missing = Counter(claimed) - Counter(played)
        assert not missing, (f"{key}: called in force, not used", sorted(missing), played)
        extra = [x for x in (Counter(played) - Counter(claimed)) if not phase.spare(x)]
        assert not extra, (f"{key}: used, never called in force", extra, claimed)
        wrong = [x for x in refused[key] - set(claimed) if x in played and not phase.spare(x)]
        assert not wrong, (f"{key}: refused, yet used", wrong, played)


def test_the_check_finds_each_kind_of_untruth() -> None:
    """``check`` fails on each untruth it is there to find (so the property can fail)."""
    phase = PHASES[0]
    good = [("FRANCE", Told(["A PAR - BUR"], [], ["A PAR - BUR"]))]
    check(phase, good, {"FRANCE": ["A PAR - BUR", "F BRE H"]})  # a default hold is spare
    untrue = [
        (good, {"FRANCE": []}),  # called in force, not used
        (good, {"FRANCE": ["A PAR - BUR", "F BRE - MAO"]}),  # used, never in force
        ([("FRANCE", Told([], ["F BRE - MAO"]))], {"FRANCE": ["F BRE - MAO"]}),  # refused
        ([("FRANCE", Told([], [], ["A PAR - BUR"]))], {"FRANCE": []}),  # accepted, not shown
    ]
    for told, used in untrue:
        with pytest.raises(AssertionError):
            check(phase, told, used)


def _sent(phase: Phase) -> Any:
    """Up to four mails, each from one of the phase's senders: good lines only, or good
    and bad lines mixed."""
    good = st.lists(st.sampled_from(phase.good), min_size=1, max_size=4)
    mixed = st.lists(st.sampled_from(phase.good + phase.bad), min_size=1, max_size=5)
    return st.lists(st.tuples(st.sampled_from(range(len(phase.senders))),
                              st.one_of(good, mixed)), min_size=1, max_size=4)


@pytest.mark.parametrize("phase", PHASES, ids=[p.id for p in PHASES])
@settings(max_examples=10, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_reply_says_what_the_phase_plays(market: MarketJudge, db_url: str,
                                           db_engine: Engine, phase: Phase,
                                           data: st.DataObject) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("the phase is kept as a copy of an SQLite database")
    _copy(market, db_engine, phase)
    told: list[tuple[str, Told]] = []
    for who, lines in data.draw(_sent(phase)):
        sender = phase.senders[who]
        body = market.reply(sender.address, sender.signon, *lines)
        check_reply_shape(body)
        if sender.key not in {key for key, _ in told}:  # nothing was sent before it
            assert not EARLIER.search(" ".join(body.split())), body
        told.append((sender.key, phase.read(body, lines)))
    phase.process(market)
    check(phase, told, phase.used(market, phase))
