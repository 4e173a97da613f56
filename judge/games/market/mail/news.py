"""The public letters of a market game's open phase so far, as everyone was mailed them:
at the start, what the kind publishes besides the start letter (``opening_letters``);
during the phase, the letters to everyone the mail's immediate commands sent at once
(``notices``: the Exchange's asks opened, taken and withdrawn, without their sellers).
The events come from the phase's reading, kept with it as each mail was read (no phase
is played again), and only the letters addressed to everyone (``"*"``) are kept. The
web pages show them (judge.web) beside the letters kept with each played phase."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.games.market.mail.kind import Letter, MarketKind
from judge.games.market.mail.phases import SIGNATURE, history, phase_mails, reading_of
from judge.games.market.mail.play import envelope, opened
from judge.service.reports.replies import render
from judge.storage.phases import current_record, phase_records
from judge.storage.schema import Game, GameState

EVERYONE = "*"


def open_phase_news(session: Session, settings: Settings, game: Game,
                    kind: MarketKind[Any, Any, Any]) -> list[str]:
    """The public letters of the phase being played, so far, each as its text without
    the judge's signature."""
    record = current_record(session, game)
    if record is None or record.processed_at is not None or game.state != GameState.ACTIVE:
        return []
    letters: list[Letter] = []
    first = not any(r.processed_at is not None for r in phase_records(session, game))
    mails = phase_mails(session, record)
    if not (first and kind.opening_letters is not None) \
            and not (mails and kind.notices is not None):
        return []
    state = opened(game, kind, record)  # decoded once
    if first and kind.opening_letters is not None:
        letters += kind.opening_letters(state)
    if mails and kind.notices is not None:
        events = list(reading_of(session, game, kind, record).events)
        letters += kind.notices(state, events, envelope(game, kind),
                                lambda: history(session, game, kind, record, events))
    return [render(one.template, v=one.view, game=game.name, title=kind.title,
                   judge=settings.name, judge_address=settings.address)
            .split(SIGNATURE)[0].rstrip("\n")
            for one in letters if one.to == EVERYONE]
