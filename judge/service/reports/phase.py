"""Every mail a processed phase sends: Payola statements first, then the results to all."""

from __future__ import annotations

from datetime import datetime

from judge.engine.adjudicate import PhaseResult
from judge.engine.maps import load_map
from judge.money.payola.movement import PayolaResult
from judge.service.reports.ledgers import statement_mails
from judge.service.reports.mail import Mail
from judge.service.reports.results import Vassals, results_mails
from judge.service.reports.roster import GameOrRoster, as_roster


def phase_mails(game: GameOrRoster, result: PhaseResult | PayolaResult,
                next_deadline: datetime | None, vassals: Vassals | None = None) -> list[Mail]:
    """The mails of one processed phase, in the order they are to be sent.

    ``result`` is the engine's result, or for a Payola movement phase the money layer's
    (its private statements go out before the results, spec 1.4 step 7; with
    PUBLIC_TOTALS the results carry every unit's accepted total). ``next_deadline`` is
    the deadline of the next phase (None: not set yet, e.g. the game waits).
    ``vassals``: under VASSAL_DUMMIES, each DUMMY power's lord (or None) after the phase,
    for the vassal status the results show after the Fall.
    """
    roster = as_roster(game)
    board = load_map(roster.map_name)
    mails: list[Mail] = []
    if isinstance(result, PayolaResult):
        mails += statement_mails(roster, result.statements)
        if result.phase is None:
            return mails
        return mails + results_mails(roster, result.phase, board, next_deadline, result.public,
                                     vassals)
    return mails + results_mails(roster, result, board, next_deadline, vassals=vassals)
