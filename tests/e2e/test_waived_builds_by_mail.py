"""A waived build is stated in the results, in every kind that plays the board (issue 23,
point 6), by mail through the real listener: a power that may build two (or three) and
builds one reads that it waived the rest, whether it said WAIVE or not; one that sends
nothing reads that it waived its builds."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.games import KINDS, Kind
from tests.e2e.conftest import MailJudge
from tests.e2e.played import Played

# what the results of each kind's adjustment phase (tests/e2e/played.py) must say
SAID = {
    "standard": ("France: Builds an army in Paris.\n", "France builds 1 of 2, waives 1.\n",
                 "England waives 1 build.\n"),
    "payola": ("France: Builds an army in Paris.\n", "France: Build waived.\n",
               "France builds 1 of 2, waives 1.\n", "England waives 1 build.\n"),
    "exchange": ("Builds waived:\n  FRANCE builds 1 of 2, waives 1.\n",),
    "shareholders": ("Builds waived:\n", "  FRANCE builds 1 of 3, waives 2.\n",
                     "  AUSTRIA waives 3 builds.\n", "  RUSSIA waives 4 builds.\n"),
    "capitalist": ("Builds waived:\n  FRANCE builds 1 of 2, waives 1.\n",),
}


@pytest.mark.parametrize("kind", [k for k in KINDS if k.board], ids=lambda k: k.name)
def test_a_waived_build_is_stated(by_mail: MailJudge, session_factory: sessionmaker[Session],
                                  settings: Settings, kind: Kind) -> None:
    played = Played(by_mail, session_factory, settings, kind)
    *_, last = played.batches()
    assert last.played == played.recipe.adjustment
    for reader in played.readers:
        results = [m.body for m in last.to(reader) if "results" in m.subject
                   and "statement" not in m.subject and "bribe" not in m.subject]
        assert len(results) == 1, (reader, [m.subject for m in last.to(reader)])
        for line in SAID[kind.name]:
            assert line in results[0], (reader, line, results[0])
        if kind.name != "shareholders":  # where every country builds its first units
            # a power that may build nothing is not said to waive anything
            assert "germany waives" not in results[0].lower()
