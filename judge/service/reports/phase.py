"""Every mail a processed phase sends: Payola statements first, then the results to all."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from judge.engine.adjudicate import PhaseResult
from judge.engine.maps import load_map
from judge.money.payola.movement import PayolaResult
from judge.service.reports.ledgers import statement_mails
from judge.service.reports.mail import Mail
from judge.service.reports.results import Vassals, results_mails
from judge.service.reports.roster import GameOrRoster, Member, as_roster


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


# an observer in UTC, with no address; only the text is kept, so no map is drawn for him
PUBLIC_READER = Member("", "OBSERVER", maps=False)


def public_results(game: GameOrRoster, result: PhaseResult | PayolaResult,
                   next_deadline: datetime | None, vassals: Vassals | None = None
                   ) -> str | None:
    """The results of one processed phase exactly as an observer in UTC reads them (in a
    BLIND game: no unit), or None when the phase mails no results: what the judge keeps
    as the phase's public letter (the web pages show it, judge.web)."""
    roster = replace(as_roster(game), players={}, observers=(PUBLIC_READER,), master=None)
    mails = phase_mails(roster, result, next_deadline, vassals)
    shown = [m.body for m in mails if m.reader == PUBLIC_READER.reader]
    return shown[0] if shown else None
