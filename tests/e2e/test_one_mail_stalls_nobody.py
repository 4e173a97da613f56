"""Issue 26: no mail, of any shape within the 256 KiB limit, delays another sender's answer
by more than a second, through the real listener and worker, at the default password cost.

Each test sends one hostile mail (not waiting for it), then HELP from another address,
and measures how long HELP's answer takes against how long it takes with nothing before
it: the difference is the delay the hostile mail caused. Before the fix these shapes
cost 0.9 s (``... wrote:`` lines) to minutes (20,000 ``JOIN`` lines: 323 s, 406 s from a
sender over budget; a press block of them 206 s; 200 wrong sign-ons: 54 s; 200
``CREATE`` lines: 11 s) on the test machine under load (bench/hostile_mail.py)."""

from __future__ import annotations

import smtplib
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from judge.config import Settings, settings_from_text
from judge.storage.mailqueue import InboundMessage
from judge.storage.schema import SignOnFailure
from tests.e2e.conftest import MailJudge
from tests.e2e.hostile_shapes import SHAPES, password, raw

BOUND = 1.0  # seconds of delay one mail may cause another sender (issue 26)
STRANGER = "stranger@evil.example"
PLAYER = "player@players.example"


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:
    """The e2e settings at the default scrypt cost (the suite's others lower it): what
    200 wrong sign-ons cost is the point here."""
    return settings_from_text(
        "[judge]\naddress = judge@example.org\nkeeper = keeper@example.org\n"
        f"[smtp]\nhost = 127.0.0.1\nport = 0\n[database]\nurl = {db_url}\n", tmp_path)


SMALL = {"signon": 6000, "create": 4000}  # the shapes that are not big, but were slow


def _raw(body: str, n: int, sender: str = STRANGER) -> bytes:
    return raw(body, n, sender)


def _answered_in(by_mail: MailJudge, sender: str) -> tuple[float, dict[str, str]]:
    """How long HELP from ``sender`` takes to be answered (every mail before it handled
    too), and what each address was sent meanwhile."""
    started = time.monotonic()
    out = by_mail.replies(sender, "HELP")
    took = time.monotonic() - started
    assert "SIGNON" in out[sender]  # the help text
    return took, out


def _delay_caused(by_mail: MailJudge, raw: bytes) -> tuple[float, dict[str, str]]:
    """The delay ``raw`` causes HELP from another address: HELP's answer time after it,
    less HELP's answer time alone; and what each address was sent."""
    alone, _ = _answered_in(by_mail, "baseline@players.example")
    with smtplib.SMTP("127.0.0.1", by_mail.port) as client:
        client.sendmail(STRANGER, ["judge@example.org"], raw)
    after, out = _answered_in(by_mail, PLAYER)
    return after - alone, out


def _game(by_mail: MailJudge) -> None:
    assert "created" in by_mail.replies("gm@example.org", "CREATE alpha gmpass")[
        "gm@example.org"]
    assert "as FRANCE" in by_mail.replies("fr@example.org", "JOIN alpha frpass FRANCE")[
        "fr@example.org"]


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_no_hostile_mail_delays_another_sender_by_more_than_a_second(
        by_mail: MailJudge, shape: str) -> None:
    if shape == "signon":
        _game(by_mail)
    raw = _raw(SHAPES[shape](), 1)
    assert len(raw) > SMALL.get(shape, 200_000)
    delay, out = _delay_caused(by_mail, raw)
    assert delay < BOUND, f"{shape}: HELP answered {delay:.2f} s later than alone"
    assert STRANGER in out  # the hostile mail was read and answered too


def test_a_sender_over_budget_stalls_nobody_either(by_mail: MailJudge) -> None:
    for _ in range(10):  # [security] replies_per_hour: the stranger's hour is spent
        by_mail.replies(STRANGER, "HELP")
    delay, out = _delay_caused(by_mail, _raw(SHAPES["join"](), 1))
    assert delay < BOUND, f"HELP answered {delay:.2f} s later than alone"
    assert "kept but not read" in out[STRANGER]  # the one notice, no answer to the mail


def test_after_a_wrong_password_nothing_more_is_checked(by_mail: MailJudge) -> None:
    _game(by_mail)
    out = by_mail.send_raw(STRANGER, _raw(SHAPES["signon"](), 2))
    body = {m.recipient: m.body for m in out}[STRANGER]
    assert "wrong password for FRANCE" in body
    assert "2> SIGNON FRANCE@alpha ****" in body and "not done, nor anything after" in body
    assert "3> SIGNON" not in body and "guess" not in body
    with by_mail.factory() as s:
        assert s.scalar(select(func.count()).select_from(SignOnFailure)) == 1


def test_a_mail_is_read_to_its_cap_and_no_further(by_mail: MailJudge) -> None:
    out = by_mail.send_raw(STRANGER, _raw(SHAPES["join"](), 3))
    body = {m.recipient: m.body for m in out}[STRANGER]
    assert "only 200 commands are read from one mail" in body
    assert " 201> JOIN g0 ****" in body and " 202>" not in body
    with by_mail.factory() as s:
        kept = s.scalars(select(InboundMessage.raw)).one()
    # what is kept of it: the 201 lines read, passwords masked, and a count of the rest
    text = kept.decode("utf-8")
    assert text.count("JOIN g") == 201 and "past the command cap, not read" in text
    assert password(0) not in text and password(200) not in text


def test_a_mail_sets_at_most_three_new_passwords(by_mail: MailJudge) -> None:
    out = by_mail.send_raw(STRANGER, _raw(SHAPES["create"](), 4))
    body = {m.recipient: m.body for m in out}[STRANGER]
    assert body.count("Game new") == 3  # new0, new1 and new2 created
    assert "4> CREATE new3 ****" in body
    # the fourth game is refused first for the games an address may create a day
    assert "created 3 games within the last day" in " ".join(body.split())
    lines = "CREATE obs0 pw00000\n" + "".join(f"OBSERVE obs0 pw{n:05d}\n"
                                               for n in range(1, 5))
    body = {m.recipient: m.body for m in by_mail.send_raw(
        "other@evil.example", _raw(lines, 5, "other@evil.example")
    )}["other@evil.example"]
    assert body.count("You observe obs0") == 2, body
    assert "4> OBSERVE obs0 ****" in body
    assert "at most 3 new passwords are set from one mail" in body
