"""1901-Shareholders through the real listener, worker and processor: a whole game year
by SMTP (January dealing, February with Codirectors who agree on one build and not on
another, Spring with a disagreement, each disagreement told to the Codirectors alone,
Fall with agreement, the END_YEAR end)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.service.processing import process_due
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game, GameState
from tests.e2e.conftest import MailJudge

GM = "gm@example.org"
NAMES = ("ANN", "BEN", "CID", "DOT")


def player(name: str) -> str:
    return f"{name.lower()}@players.example"


def _as(name: str) -> str:
    return f"SIGNON {name}@sh1 pw{name.lower()}"


def _for(country: str, name: str) -> str:
    return f"SIGNON {country}@sh1 pw{name.lower()}"


class Clock:
    """``judge process`` as cron runs it, each run a month later than the last."""

    def __init__(self, judge: MailJudge, factory: sessionmaker[Session],
                 settings: Settings) -> None:
        self.judge, self.factory, self.settings = judge, factory, settings
        self.now = utcnow()
        self.sent: dict[str, str] = {}

    def process(self) -> dict[str, str]:
        """Run the processor past the deadline; recipient -> the results mail it sent."""
        self.now += timedelta(days=40)
        done = process_due(self.factory, self.settings, self.now)
        assert done and all("failed" not in d.what for d in done), done
        with self.factory() as s:
            rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        new = list(rows[self.judge.seen:])
        self.judge.seen = len(rows)
        self.sent = {}  # recipient -> every mail this run sent him, in one text
        for m in new:
            self.sent[m.recipient] = self.sent.get(m.recipient, "") + f"\n{m.subject}\n{m.body}"
        return {m.recipient: m.body for m in new if "results" in m.subject}


def test_a_shareholders_year_by_smtp(by_mail: MailJudge, session_factory: sessionmaker[Session],
                                     settings: Settings) -> None:
    judge = by_mail
    clock = Clock(judge, session_factory, settings)
    out = judge.replies(GM, "CREATE sh1 gmpass SHAREHOLDERS END_YEAR=1901")
    assert "Game sh1 created (SHAREHOLDERS END_YEAR=1901)" in out[GM]
    for n in NAMES:
        assert f"as player {n}" in judge.replies(player(n), f"JOIN sh1 pw{n.lower()} {n}")[
            player(n)]
    out = judge.replies(GM, "SIGNON MASTER@sh1 gmpass", "START")
    assert "Game sh1 started: W1900D" in out[GM]
    assert set(out) == {GM, *(player(n) for n in NAMES)}
    assert "RUSSIA   $500" in out[player("BEN")]

    # January 1901: each player deals as himself; only he hears of it
    out = judge.replies(player("ANN"), _as("ANN"), "BUY 4 FRANCE", "BUY 3 ENGLAND")
    assert list(out) == [player("ANN")] and out[player("ANN")].count("accepted for W1900D") == 2
    out = judge.replies(player("BEN"), _as("BEN"), "BUY 5 RUSSIA", "BUY 2 FRANCE")
    assert "WARNING: your purchases cost 3300" in out[player("BEN")]
    judge.replies(player("CID"), _as("CID"), "BUY 4 FRANCE")
    out = judge.replies(player("DOT"), _as("DOT"), "SELL 1 FRANCE", "BUY 7 GERMANY")
    assert "you hold only 0 FRANCE shares" in out[player("DOT")]
    told = clock.process()
    assert set(told) == {GM, *(player(n) for n in NAMES)}
    assert "FRANCE   Codirectors ANN, CID" in told[GM]
    assert "ANN          $350, ENGLAND 3, FRANCE 4" in told[GM]

    # February 1901: the Codirectors agree on A PAR, not on F BRE
    judge.replies(player("ANN"), _for("ENGLAND", "ANN"), "NO DIVIDEND", "BUILD F LON")
    judge.replies(player("DOT"), _for("GER", "DOT"), "DIVIDEND", "BUILD A BER")
    judge.replies(player("ANN"), _for("FRANCE", "ANN"), "BUILD A PAR", "BUILD F BRE")
    out = judge.replies(player("CID"), _for("F", "CID"), "BUILD A PAR")
    assert list(out) == [player("CID")] and "F BRE" not in out[player("CID")]
    out = judge.replies(player("BEN"), _for("FRANCE", "BEN"), "BUILD A MAR")
    # refused at his SIGNON as FRANCE (issue 23)
    assert "BEN does not lead, direct or command FRANCE" in " ".join(out[player("BEN")].split())
    told = clock.process()
    assert "build A PAR: built" in told[GM] and "F BRE" not in told[GM]
    assert "dividend $34 a share, $238 paid, $2 kept" in told[GM]
    # the disagreement on F BRE reaches the two Codirectors only, in their statements
    disagreed = "FRANCE: the Codirectors did not all order BUILD F BRE"
    assert {to for to, text in clock.sent.items() if disagreed in text} == {
        player("ANN"), player("CID")}

    # Spring 1901: the Codirectors disagree, A PAR holds and costs nothing
    judge.replies(player("ANN"), _for("ENGLAND", "ANN"), "F LON - NTH")
    judge.replies(player("ANN"), _for("FRANCE", "ANN"), "A PAR - BUR")
    out = judge.replies(player("CID"), _for("FRANCE", "CID"), "A PAR - PIC", "STATUS")
    assert list(out) == [player("CID")]
    status = " ".join(out[player("CID")].split())
    assert "Your FRANCE orders for Spring 1901 in force" in status
    assert "A PAR - PIC" in status and "A PAR - BUR" not in status  # not ANN's set
    told = clock.process()
    assert "held for disagreement of the Codirectors: A PAR" in told[GM]
    assert "ENGLAND: fees $20, cash $20" in told[GM]
    disagreed = "FRANCE: the Codirectors did not all order A PAR"
    assert {to for to, text in clock.sent.items() if disagreed in text} == {
        player("ANN"), player("CID")}
    assert "A PAR - PIC" not in told[GM] + told[player("BEN")] + told[player("DOT")]

    # Fall 1901: they agree; the year ends and END_YEAR ends the game
    judge.replies(player("ANN"), _for("ENGLAND", "ANN"), "F NTH - NWY")
    judge.replies(player("ANN"), _for("FRANCE", "ANN"), "A PAR - BUR")
    judge.replies(player("CID"), _for("FRANCE", "CID"), "A PAR - BUR")
    told = clock.process()
    assert "A PAR - BUR" in told[GM] and "FRANCE: fees $20, cash $20" in told[GM]
    assert "ENGLAND  4: EDI, LON, LVP, NWY" in told[GM]
    assert "The game is over: the end year was reached" in " ".join(told[GM].split())
    assert not any("did not all order" in text for text in clock.sent.values())
    with session_factory() as s:
        game = s.scalar(select(Game).where(Game.name == "sh1"))
        assert game is not None and game.state == GameState.COMPLETED
