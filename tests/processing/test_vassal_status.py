"""Under VASSAL_DUMMIES the processed Fall's results tell everyone each minor power's
status: a vassal of the power holding all its home centres, or independent."""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import select

from judge.engine.maps import load_map
from judge.engine.state import state_from_position
from judge.games.board.mail.phases import initial_position
from judge.storage.schema import Game, PhaseRecord
from judge.storage.session import unit_of_work
from tests.processing.conftest import MASTER, POWERS, Judge, address

GM = ("SIGNON MASTER@alpha masterpw",)


def _fall_with_italy_held_by_france(judge: Judge) -> None:
    state = copy.deepcopy(state_from_position(initial_position(load_map("standard"))))
    state["phase"] = "F1901M"
    state["units"]["FRANCE"] = ["A MAR", "A PAR", "F BRE", "A ROM", "F NAP", "A VEN"]
    state["units"]["ITALY"] = ["A APU", "A GRE", "F ION"]
    state["centers"]["FRANCE"] = ["BRE", "MAR", "NAP", "PAR", "ROM", "VEN"]
    state["centers"]["ITALY"] = ["GRE", "TUN"]
    with unit_of_work(judge.factory) as s:
        game = s.scalar(select(Game).where(Game.name == "alpha"))
        assert game is not None
        record = s.scalars(select(PhaseRecord).where(PhaseRecord.game_id == game.id)
                           .order_by(PhaseRecord.seq.desc())).first()
        assert record is not None
        record.state, record.phase, game.phase = state, "F1901M", "F1901M"


def test_the_fall_results_give_every_minor_powers_status(full: Callable[..., Judge]) -> None:
    judge = full("PAYOLA VASSAL_DUMMIES")
    judge.run()
    for power in ("ITALY", "TURKEY"):
        assert "in civil disorder" in judge.reply(MASTER, *GM, f"EJECT {power}")
    _fall_with_italy_held_by_france(judge)
    deadline = judge.record().deadline
    assert deadline is not None
    done, mails = judge.at(deadline + timedelta(days=2))
    assert "alpha: processed F1901M" in [str(d) for d in done]
    results = [m for m in mails if m.subject == "Diplomacy results alpha F1901M"]
    readers = {address(p) for p in POWERS if p not in ("ITALY", "TURKEY")} | {MASTER}
    assert {m.recipient for m in results} == readers
    for mail in results:
        assert "Vassal status of minor powers:\n\nItaly is a vassal of France.\n" \
               "Turkey is independent.\n\nOwnership of supply centers:" in mail.body
