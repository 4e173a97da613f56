"""A market's year-end letter carries the chart of the game so far (issue 24), through the
real listener, worker and processor: 1901-Shareholders, Exchange and Capitalist. The
letter's text is the first part and the same as a text-only reader's; the chart (and, in
a phase played on the board, the map before it) follows as an inline PNG. No separate
chart letter is sent any more; a letter to one reader carries no chart; a member who
said SET MAP OFF gets the same text and no picture."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import timedelta
from email import message_from_bytes
from email.policy import default

from PIL import Image
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS, mails_for
from judge.mail.send import render
from judge.service.processing import process_due
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState
from tests.e2e.conftest import MailJudge

GM = "gm@example.org"
MAX_PICTURE = 150_000  # docs/maps.md: one picture in a mail, at most


def _address(name: str) -> str:
    return f"{name.lower()}@players.example"


class Run:
    """``judge process`` past each deadline, the mails of each run kept apart."""

    def __init__(self, judge: MailJudge, factory: sessionmaker[Session],
                 settings: Settings) -> None:
        self.judge, self.factory, self.settings = judge, factory, settings
        self.now = utcnow()

    def process(self) -> list[OutboundMessage]:
        self.now += timedelta(days=40)
        done = process_due(self.factory, self.settings, self.now)
        assert all("failed" not in d.what for d in done), done
        with self.factory() as s:
            rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        new = list(rows[self.judge.seen:])
        self.judge.seen = len(rows)
        return new

    def state(self, name: str) -> tuple[str, dict]:
        with self.factory() as s:
            game = s.scalar(select(Game).where(Game.name == name))
            assert game is not None
            record = current_record(s, game)
            assert record is not None
            return game.state, dict(record.state)

    def until_chart(self, name: str, before: Callable[[dict], None] = lambda _: None,
                    runs: int = 8) -> list[OutboundMessage]:
        """Process phase after phase until a run's mail carries a chart; that run's mail.
        No run before it mailed a chart, nor a chart letter of its own."""
        for _ in range(runs):
            state_, state = self.state(name)
            assert state_ == GameState.ACTIVE
            before(state)
            out = self.process()
            assert not any("the market after" in m.subject for m in out)
            if any(m.chart is not None for m in out):
                return out
        raise AssertionError(f"no chart in {runs} phases of {name}")


def _map_off(judge: MailJudge, name: str, game: str) -> None:
    """The member's own SET MAP OFF, answered as done; a wrong value refused."""
    reply = judge.replies(_address(name), f"SIGNON {name}@{game} pw{name.lower()}",
                          "SET MAP SOMETIMES", "SET MAP OFF")[_address(name)]
    said = " ".join(reply.split())
    assert "SET MAP takes ON or OFF, not 'SOMETIMES'" in said
    assert f"Letters mailed to {name} will be text only." in said


def _check_year_end(out: list[OutboundMessage], settings: Settings, readers: set[str],
                    quiet: str, game: str, board: bool) -> OutboundMessage:
    """The year-end letter: to every reader (the quiet one too) the same text; to each
    who takes maps the chart (and the map in a phase played on the board) beside it, to
    the quiet one nothing beside it; no other letter carries a chart."""
    charted = [m for m in out if m.chart is not None]
    assert {m.recipient for m in charted} == readers - {quiet}
    assert len(charted) == len(readers) - 1  # one letter a reader carries it
    letter = charted[0]
    assert len({(m.subject, m.body, m.chart) for m in charted}) == 1  # public: one chart
    phase = letter.chart_name.removeprefix(f"{game}-").removesuffix("-chart.png")
    assert letter.chart_name == f"{game}-{phase}-chart.png"
    assert len(letter.chart or b"") <= MAX_PICTURE
    with Image.open(io.BytesIO(letter.chart or b"")) as image:
        assert image.size[0] == 800
    if board:
        assert letter.picture is not None and letter.picture_name == f"{game}-{phase}.png"
        assert len(letter.picture) <= MAX_PICTURE
    else:
        assert letter.picture is None
    # the same letter to the reader who said SET MAP OFF: the same text, nothing beside it
    same = [m for m in out if m.recipient == quiet and m.subject == letter.subject]
    assert len(same) == 1 and same[0].body == letter.body
    assert same[0].chart is None and same[0].picture is None
    # a letter to one reader (a statement) carries no chart, nor the map
    for m in out:
        if m.subject != letter.subject:
            assert m.chart is None and m.picture is None, m.subject
    # as sent: the text first and as a text-only reader gets it, then the pictures
    raw = render(letter, settings, utcnow())
    # the map and the chart in one mail still pass the judge's own size limit for mail
    assert len(raw) <= settings.max_message_size, len(raw)
    sent = message_from_bytes(raw, policy=default)
    parts = list(sent.iter_parts())
    assert parts[0].get_content_type() == "text/plain"
    assert parts[0].get_content().replace("\r\n", "\n").rstrip("\n") \
        == letter.body.rstrip("\n")
    pictures = [p.get_content() for p in parts[1:]]
    assert pictures == ([letter.picture] if board else []) + [letter.chart]
    assert all(p.get_content_type() == "image/png" for p in parts[1:])
    plain = message_from_bytes(render(same[0], settings, utcnow()), policy=default)
    assert not plain.is_multipart()
    assert plain.get_content().replace("\r\n", "\n").rstrip("\n") == letter.body.rstrip("\n")
    return letter


def test_a_shareholders_year_end_letter_carries_the_chart(
        by_mail: MailJudge, session_factory: sessionmaker[Session], settings: Settings) -> None:
    names = ("ANN", "BEN", "CID", "DOT")
    run = Run(by_mail, session_factory, settings)
    by_mail.replies(GM, "CREATE shy gmpass SHAREHOLDERS END_YEAR=1902")
    for n in names:
        by_mail.replies(_address(n), f"JOIN shy pw{n.lower()} {n}")
    by_mail.replies(GM, "SIGNON MASTER@shy gmpass", "START")
    _map_off(by_mail, "BEN", "shy")
    by_mail.replies(_address("ANN"), "SIGNON ANN@shy pwann", "BUY 4 FRANCE")
    out = run.until_chart("shy")
    letter = _check_year_end(out, settings, {GM, *map(_address, names)}, _address("BEN"),
                             "shy", board=True)
    assert letter.chart_name == "shy-W1900A-chart.png"


def test_an_exchange_year_end_letter_carries_the_chart(
        by_mail: MailJudge, session_factory: sessionmaker[Session], settings: Settings) -> None:
    run = Run(by_mail, session_factory, settings)
    by_mail.replies(GM, f"CREATE xy gmpass EXCHANGE {CREATE_PARAMS}")
    for name in INVESTORS:
        by_mail.replies(_address(name), f"JOIN xy pw{name.lower()} {name}")
    by_mail.replies(GM, "SIGNON MASTER@xy gmpass", "START")
    _map_off(by_mail, "DAVE", "xy")

    def play(state: dict) -> None:
        for who, acting, lines in mails_for(state):
            by_mail.send(_address(who), f"SIGNON {acting or who}@xy pw{who.lower()}", *lines)

    out = run.until_chart("xy", play)
    letter = _check_year_end(out, settings, {GM, *map(_address, INVESTORS)},
                             _address("DAVE"), "xy", board=True)
    assert letter.chart_name == "xy-W1900A-chart.png"
    # Exchange's chart is its share prices; the treasuries stay out of the public letter
    assert "treasury" not in letter.body.lower()


def test_a_capitalist_year_end_letter_carries_the_chart(
        by_mail: MailJudge, session_factory: sessionmaker[Session], settings: Settings) -> None:
    names = ("MIDAS", "CROESUS", "PLUTUS", "MAMMON", "FUGGER", "MEDICI", "SCROOGE", "GEKKO",
             "RICHIE")
    run = Run(by_mail, session_factory, settings)
    by_mail.replies(GM, "CREATE capy gmpass CAPITALIST")
    for n in names:
        by_mail.replies(_address(n), f"JOIN capy pw{n.lower()} {n}")
    by_mail.replies(GM, "SIGNON MASTER@capy gmpass", "START")
    _map_off(by_mail, "PLUTUS", "capy")
    out = run.until_chart("capy")
    letter = _check_year_end(out, settings, {GM, *map(_address, names)}, _address("PLUTUS"),
                             "capy", board=letter_on_board(out))
    assert letter.chart_name == "capy-F1901M-chart.png", letter.chart_name


def letter_on_board(out: list[OutboundMessage]) -> bool:
    """Whether the year-end letter is of a phase played on the board (its map beside)."""
    charted = next(m for m in out if m.chart is not None)
    return charted.chart_name.removesuffix("-chart.png")[-1:] in "MRA"
