"""The outbox sender: Maildir or relay, retries with backoff, and no mail ever sent twice."""

from __future__ import annotations

import mailbox
import re
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.policy import default
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import settings as examples
from hypothesis import strategies as st
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail import send as send_module
from judge.mail.delivery import MaildirDelivery, RelayDelivery
from judge.mail.listener import AnyPortController
from judge.mail.send import (
    BATCH,
    JOURNAL,
    STUCK,
    Journal,
    _base64_lines,
    _boundary,
    _render_plain,
    backoff,
    claim,
    claim_batch,
    recover_interrupted,
    render,
    render_message,
    run_sender,
    send_due,
)
from judge.storage.mailqueue import OutboundMessage, OutboxState, queue_mail
from judge.storage.session import unit_of_work

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


class Sink:
    """An MTA standing in for the relay: records what it accepts, or refuses as told."""

    def __init__(self) -> None:
        self.received: list[tuple[str, list[str], bytes]] = []
        self.rcpt_reply = "250 OK"

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if not self.rcpt_reply.startswith("250"):
            return self.rcpt_reply
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.received.append((envelope.mail_from, list(envelope.rcpt_tos),
                              envelope.original_content))
        return "250 OK queued"


@pytest.fixture
def sink() -> Iterator[tuple[Sink, int]]:
    handler = Sink()
    controller = AnyPortController(handler, hostname="127.0.0.1", port=0)
    controller.start()
    yield handler, controller.port
    controller.stop()


def queue(factory: sessionmaker[Session], n: int = 1, **kw: object) -> list[int]:
    with unit_of_work(factory) as s:
        rows = [
            queue_mail(s, f"p{i}@example.org", f"Diplomacy orders {i}", f"A PAR H\nMüller {i}",
                       now=NOW, **kw)  # type: ignore[arg-type]
            for i in range(n)
        ]
        s.flush()
        return [r.id for r in rows]


def row(factory: sessionmaker[Session], row_id: int) -> OutboundMessage:
    with factory() as s:
        r = s.get(OutboundMessage, row_id)
        assert r is not None
        return r


def test_without_relay_mail_goes_to_the_maildir_once(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    ids = queue(session_factory, 2, in_reply_to="<orig@example.org>")
    delivery = MaildirDelivery(settings.maildir)
    assert send_due(session_factory, settings, delivery, NOW) == 2
    assert send_due(session_factory, settings, delivery, NOW + timedelta(hours=1)) == 0
    box = mailbox.Maildir(settings.maildir, create=False)
    messages = sorted(
        (message_from_bytes(box.get_bytes(k), policy=default) for k in box.keys()),
        key=lambda m: m["Subject"],
    )
    assert [m["To"] for m in messages] == ["p0@example.org", "p1@example.org"]
    first = messages[0]
    assert first["From"] == "judge@example.org"
    assert first["In-Reply-To"] == "<orig@example.org>"
    assert first["Auto-Submitted"] == "auto-replied"
    assert first.get_content() == "A PAR H\nMüller 0\n"
    assert all(row(session_factory, i).state == OutboxState.SENT for i in ids)
    assert row(session_factory, ids[0]).sent_at == NOW


def test_batches_deliver_every_mail_once_and_mark_a_failed_write(
    settings: Settings, session_factory: sessionmaker[Session],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # More than one batch; one file cannot be written: that mail waits, the others go.
    ids = queue(session_factory, BATCH + 7)
    delivery = MaildirDelivery(settings.maildir)
    write = delivery._write
    calls = iter(range(10**6))

    def flaky(data: bytes) -> tuple[str, int]:
        if next(calls) == 3:
            raise OSError("disk full")
        return write(data)

    monkeypatch.setattr(delivery, "_write", flaky)
    assert send_due(session_factory, settings, delivery, NOW) == BATCH + 6
    states = [row(session_factory, i).state for i in ids]
    assert states.count(OutboxState.SENT) == BATCH + 6
    failed = row(session_factory, ids[3])
    assert (failed.state, failed.attempts) == (OutboxState.PENDING, 1)
    assert "disk full" in (failed.last_error or "")
    later = NOW + backoff(settings, 1)
    assert send_due(session_factory, settings, delivery, later) == 1
    box = mailbox.Maildir(settings.maildir, create=False)
    assert sorted(m["To"] for m in box) == sorted(f"p{i}@example.org" for i in range(BATCH + 7))
    assert not list((settings.maildir / "tmp").iterdir())


def test_the_relay_gets_each_mail_once(
    settings: Settings, session_factory: sessionmaker[Session], sink: tuple[Sink, int]
) -> None:
    handler, port = sink
    relayed = replace(settings, relay=("127.0.0.1", port))
    queue(session_factory, 3, sender="games@example.org")
    assert send_due(session_factory, relayed, RelayDelivery(relayed), NOW) == 3
    assert send_due(session_factory, relayed, RelayDelivery(relayed), NOW) == 0
    assert [(f, r) for f, r, _ in handler.received] == [
        ("games@example.org", [f"p{i}@example.org"]) for i in range(3)]
    first = message_from_bytes(handler.received[0][2].replace(b"\r\n", b"\n"), policy=default)
    assert first.get_content() == "A PAR H\nMüller 0\n"


def test_temporary_refusals_are_retried_with_backoff_then_given_up(
    settings: Settings, session_factory: sessionmaker[Session], sink: tuple[Sink, int]
) -> None:
    handler, port = sink
    relayed = replace(settings, relay=("127.0.0.1", port))
    handler.rcpt_reply = "451 4.3.0 try later"
    (row_id,) = queue(session_factory)
    when = NOW
    for attempt in (1, 2):
        assert send_due(session_factory, relayed, RelayDelivery(relayed), when) == 0
        r = row(session_factory, row_id)
        assert (r.state, r.attempts) == (OutboxState.PENDING, attempt)
        assert r.next_attempt_at == when + backoff(relayed, attempt)
        assert "451" in (r.last_error or "")
        assert send_due(session_factory, relayed, RelayDelivery(relayed),
                        r.next_attempt_at - timedelta(seconds=1)) == 0  # not due yet
        when = r.next_attempt_at
    assert backoff(relayed, 2) == 2 * backoff(relayed, 1)
    send_due(session_factory, relayed, RelayDelivery(relayed), when)
    r = row(session_factory, row_id)
    assert (r.state, r.attempts) == (OutboxState.FAILED, 3)
    assert "gave up after 3 attempts" in (r.last_error or "")
    assert handler.received == []


def test_a_permanent_refusal_fails_at_once(
    settings: Settings, session_factory: sessionmaker[Session], sink: tuple[Sink, int]
) -> None:
    handler, port = sink
    relayed = replace(settings, relay=("127.0.0.1", port))
    handler.rcpt_reply = "550 5.1.1 no such user"
    (row_id,) = queue(session_factory)
    send_due(session_factory, relayed, RelayDelivery(relayed), NOW)
    r = row(session_factory, row_id)
    assert (r.state, r.attempts) == (OutboxState.FAILED, 1)
    assert "550" in (r.last_error or "")
    assert handler.received == []


def test_an_unreachable_relay_is_retried(
    settings: Settings, session_factory: sessionmaker[Session], closed_port: int
) -> None:
    relayed = replace(settings, relay=("127.0.0.1", closed_port))
    (row_id,) = queue(session_factory)
    send_due(session_factory, relayed, RelayDelivery(relayed, timeout=5), NOW)
    r = row(session_factory, row_id)
    assert (r.state, r.attempts) == (OutboxState.PENDING, 1)
    assert r.next_attempt_at == NOW + backoff(relayed, 1)


def _relay_that_hangs_up_during_data() -> tuple[threading.Thread, int]:
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = server.accept()
        with conn, server:
            f = conn.makefile("rb")
            conn.sendall(b"220 flaky relay\r\n")
            while line := f.readline():
                verb = line[:4].upper()
                if verb == b"DATA":
                    conn.sendall(b"354 go on\r\n")
                    while f.readline() not in (b".\r\n", b""):
                        pass
                    return  # hang up instead of answering 250
                conn.sendall(b"250 ok\r\n")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return thread, int(server.getsockname()[1])


def test_a_connection_lost_during_data_is_never_resent(
    settings: Settings, session_factory: sessionmaker[Session]
) -> None:
    thread, port = _relay_that_hangs_up_during_data()
    relayed = replace(settings, relay=("127.0.0.1", port))
    (row_id,) = queue(session_factory)
    send_due(session_factory, relayed, RelayDelivery(relayed, timeout=5), NOW)
    thread.join(5)
    r = row(session_factory, row_id)
    assert r.state == OutboxState.FAILED
    assert "never sent twice" in (r.last_error or "")


def test_recovery_after_a_crash_between_claim_and_commit(
    settings: Settings, session_factory: sessionmaker[Session], sink: tuple[Sink, int]
) -> None:
    delivered, lost, relay_row = queue(session_factory, 3)
    delivery = MaildirDelivery(settings.maildir)
    # The sender claimed three mails and died: one was in the Maildir already, one not,
    # one was being handed to a relay.
    for _ in range(3):
        assert claim(session_factory, NOW) is not None
    with session_factory() as s:
        r = s.get(OutboundMessage, delivered)
        assert r is not None
        delivery.deliver("judge@example.org", r.recipient, render(r, settings, NOW))
    recover_interrupted(session_factory, delivery, now=NOW)
    assert row(session_factory, delivered).state == OutboxState.SENT
    assert row(session_factory, lost).state == OutboxState.PENDING
    assert row(session_factory, relay_row).state == OutboxState.PENDING
    # The same crash with a relay: nobody can tell, so the mail is not sent again.
    for _ in range(2):
        claim(session_factory, NOW)
    relayed = replace(settings, relay=("127.0.0.1", sink[1]))
    recover_interrupted(session_factory, RelayDelivery(relayed), now=NOW)
    assert row(session_factory, lost).state == OutboxState.FAILED
    assert send_due(session_factory, settings, delivery, NOW + timedelta(days=1)) == 0
    assert len(mailbox.Maildir(settings.maildir, create=False)) == 1


def test_a_running_sender_settles_only_mail_left_by_a_dead_sender(
    settings: Settings, session_factory: sessionmaker[Session],
) -> None:
    # Two judges share the database: one claimed a mail a moment ago and is handing it
    # over; a third mail was claimed long ago by a judge that died.
    busy, abandoned = queue(session_factory, 2)
    now = datetime.now(UTC)
    with unit_of_work(session_factory) as s:
        for row_id, claimed in ((busy, now), (abandoned, now - STUCK - timedelta(minutes=1))):
            r = s.get(OutboundMessage, row_id)
            assert r is not None
            r.state, r.attempts, r.next_attempt_at = OutboxState.SENDING.value, 1, claimed
    stop, wake = threading.Event(), threading.Event()
    sender = threading.Thread(target=run_sender, args=(session_factory, settings, stop, wake))
    sender.start()
    try:
        deadline = time.monotonic() + 10
        while row(session_factory, abandoned).state != OutboxState.SENT:
            assert time.monotonic() < deadline, "the abandoned mail was never settled"
            time.sleep(0.05)
    finally:
        stop.set()
        wake.set()
        sender.join(10)
    assert row(session_factory, busy).state == OutboxState.SENDING  # the other judge's
    assert len(mailbox.Maildir(settings.maildir, create=False)) == 1


@pytest.mark.parametrize("smtputf8", [True, False])
def test_a_non_ascii_address_goes_with_smtputf8_or_fails_at_once(
    settings: Settings, session_factory: sessionmaker[Session], smtputf8: bool
) -> None:
    handler = Sink()
    controller = AnyPortController(handler, hostname="127.0.0.1", port=0,
                                   enable_SMTPUTF8=smtputf8)
    controller.start()
    try:
        relayed = replace(settings, relay=("127.0.0.1", controller.port))
        with unit_of_work(session_factory) as s:
            utf8 = queue_mail(s, "josé@exämple.org", "Re: orders", "Done.", now=NOW)
            idna = queue_mail(s, "ann@exämple.org", "Re: orders", "Done.", now=NOW)
            s.flush()
            ids = utf8.id, idna.id
        send_due(session_factory, relayed, RelayDelivery(relayed), NOW)
    finally:
        controller.stop()
    # the ASCII local part needs no SMTPUTF8: its domain goes as IDNA
    assert ("judge@example.org", ["ann@xn--exmple-cua.org"]) in [
        (f, r) for f, r, _ in handler.received]
    sent = row(session_factory, ids[0])
    if smtputf8:
        assert sent.state == OutboxState.SENT, sent.last_error
        (raw,) = [d for _, r, d in handler.received if r == ["josé@xn--exmple-cua.org"]]
        assert "To: josé@exämple.org".encode() in raw
    else:  # failed for good, never stuck in "sending"
        assert sent.state == OutboxState.FAILED and "SMTPUTF8" in (sent.last_error or "")


# The quick path of render() (bytes assembled directly) against the email package's
# message: wherever the quick path answers, its bytes are the package's, to the byte.
_ATOM_CHARS = st.sampled_from("abcxyzAZ09.-+_=!#$%&'*/?^`{|}~\"(),:;<>@[] \\é")
_WORDS = st.text(_ATOM_CHARS, min_size=0, max_size=30)
_DOT_ATOMS = st.from_regex(r"[a-z0-9.+=_'-]{1,12}(?:\.[a-zA-Z0-9!#$%&*/?^`{|}~-]{1,8}){0,2}",
                           fullmatch=True)
_ADDRESSES = st.one_of(
    st.builds(lambda a, b: f"{a}@{b}", _WORDS, _WORDS),
    st.sampled_from(["p@example.org", "first.last+tag@sub.example.org"]),
)
_HEADER_TEXT = st.one_of(
    st.text(st.characters(min_codepoint=1, max_codepoint=0x7f), max_size=90),
    st.text(st.sampled_from("ab Re:=?[]()<>\"\t.,é"), max_size=90),
    st.from_regex(r"(?:[!-~]{1,14} ?){0,7}", fullmatch=True),
    st.builds(lambda n, s: f"Re: orders {n}{s}", st.integers(0, 10**6), _WORDS),
)
_LINE = st.one_of(
    st.from_regex(r"[ -~]{0,82}", fullmatch=True),
    st.text(st.characters(min_codepoint=1, max_codepoint=0x7f), max_size=90),
    st.text(st.sampled_from("x .-=\r\té"), min_size=70, max_size=82),
)


_PLAIN = {
    "sender": st.one_of(st.none(), st.just("judge@example.org")),
    "recipient": st.builds(lambda a, b: f"{a}@{b}", _DOT_ATOMS, _DOT_ATOMS),
    "subject": st.from_regex(r"(?:[!-~]{1,14} ?){0,7}", fullmatch=True),
    "message_id": st.builds(lambda a, b: f"<{a}@{b}>", _DOT_ATOMS, _DOT_ATOMS),
    "in_reply_to": st.one_of(st.none(), st.builds(lambda a, b: f"<{a}@{b}>", _DOT_ATOMS,
                                                  _DOT_ATOMS)),
    "body": st.lists(st.from_regex(r"[ -~]{0,82}", fullmatch=True), max_size=6).map(
        "\n".join),
    "picture": st.one_of(st.none(), st.binary(max_size=400)),
    "picture_name": st.from_regex(r"[A-Za-z0-9._-]{1,30}", fullmatch=True),
    "chart": st.one_of(st.none(), st.binary(max_size=400)),
    "chart_name": st.from_regex(r"[A-Za-z0-9._-]{0,30}", fullmatch=True),
}
_ANY = {
    "sender": st.one_of(st.none(), _ADDRESSES),
    "recipient": _ADDRESSES,
    "subject": _HEADER_TEXT,
    "message_id": st.one_of(st.builds(lambda a: f"<{a}>", _ADDRESSES), _WORDS),
    "in_reply_to": st.one_of(st.none(), st.just(""), _HEADER_TEXT,
                             st.builds(lambda a: f"<{a}>", _ADDRESSES)),
    "body": st.builds(lambda lines, end: "\n".join(lines) + end, st.lists(_LINE, max_size=6),
                      st.sampled_from(["", "\n"])),
    "picture": st.one_of(st.none(), st.just(b""), st.binary(max_size=400)),
    "picture_name": st.one_of(st.just(""), _WORDS, st.text(max_size=64)),
    "chart": st.one_of(st.none(), st.just(b""), st.binary(max_size=400)),
    "chart_name": st.one_of(st.just(""), _WORDS, st.text(max_size=64)),
}
# the email package's boundary of a multipart mail is random: compared as one word
_BOUNDARY = re.compile(rb"={15}\d{19}==")


def _same(quick: bytes, package: bytes) -> bool:
    return _BOUNDARY.sub(b"BOUNDARY", quick) == _BOUNDARY.sub(b"BOUNDARY", package)


@st.composite
def _outbound_rows(draw: st.DrawFn) -> OutboundMessage:
    """Rows of every kind: ordinary replies, ordinary but for one field, anything."""
    odd = draw(st.sampled_from([(), *((k,) for k in _ANY), tuple(_ANY)]))
    return OutboundMessage(raw=None, **{
        k: draw(_ANY[k] if k in odd else _PLAIN[k]) for k in _ANY})


@examples(max_examples=800, deadline=None)
@given(row=_outbound_rows(), moment=st.datetimes(timezones=st.just(UTC)))
def test_a_plain_reply_assembled_directly_is_the_email_packages_message(
    row: OutboundMessage, moment: datetime
) -> None:
    quick = _render_plain(row, Settings(addresses=("judge@example.org",)), moment)
    event("assembled directly" if quick is not None else "left to the email package")
    event(f"{bool(row.picture) + bool(row.chart)} pictures")
    if quick is not None:
        package = render_message(row, Settings(addresses=("judge@example.org",)), moment)
        assert quick == package if not (row.picture or row.chart) else _same(quick, package)


def test_ordinary_replies_take_the_quick_path() -> None:
    row = OutboundMessage(sender=None, recipient="player@example.org", subject="Re: orders",
                          message_id="<3f2a9c@example.org>", in_reply_to="<CAB+x=1@mail.org>",
                          body="Orders received:\n  A PAR - BUR\n" + "x" * 78, raw=None)
    judge = Settings(addresses=("judge@example.org",))
    quick = _render_plain(row, judge, NOW)
    assert quick is not None and quick == render(row, judge, NOW)
    assert quick == render_message(row, judge, NOW)
    mail = message_from_bytes(quick, policy=default)
    assert mail["In-Reply-To"] == "<CAB+x=1@mail.org>" and mail["Auto-Submitted"] == "auto-replied"
    assert mail.get_content().replace("\r\n", "\n") == row.body + "\n"
    # what the quick path leaves to the email package: a long line, a folded subject
    for changed in ({"body": "y" * 79}, {"subject": "Re: " + "word " * 16},
                    {"subject": "Réponse"}, {"recipient": "Name <p@example.org>"}):
        other = replace_row(row, **changed)
        assert _render_plain(other, judge, NOW) is None
        assert render(other, judge, NOW) == render_message(other, judge, NOW)


def test_a_mail_with_a_map_takes_the_quick_path_and_encodes_the_map_once() -> None:
    picture = bytes(range(256)) * 300  # 76.8 KB, as large as a busy map
    judge = Settings(addresses=("judge@example.org",))
    rows = [OutboundMessage(sender=None, recipient=f"{power}@example.org",
                            subject="Game g: Spring 1901 results", raw=None,
                            message_id=f"<{power}@example.org>", in_reply_to=None,
                            body=f"Results for {power}.\n", picture=picture,
                            picture_name="g-S1901M.png") for power in ("a", "b", "c")]
    before = _base64_lines.cache_info()
    for row in rows:
        quick = _render_plain(row, judge, NOW)
        assert quick is not None and _same(quick, render_message(row, judge, NOW))
        mail = message_from_bytes(quick, policy=default)
        text, png = mail.iter_parts()
        assert text.get_content().replace("\r\n", "\n") == row.body
        assert png.get_content_type() == "image/png" and png.get_content() == picture
        assert png.get_filename() == "g-S1901M.png"
        assert max(map(len, quick.split(b"\r\n"))) <= 78
    after = _base64_lines.cache_info()
    assert after.misses - before.misses <= 1 and after.hits - before.hits >= 2
    # a name the package would encode or fold is left to it
    for name in ("carte é.png", "x" * 60 + ".png"):
        odd = replace_row(rows[0], picture_name=name)
        assert _render_plain(odd, judge, NOW) is None
    # a year-end letter: the map, then the market's chart
    chart = bytes(range(255, -1, -1)) * 40
    both = replace_row(rows[0], chart=chart, chart_name="g-W1901A-chart.png")
    quick = _render_plain(both, judge, NOW)
    assert quick is not None and _same(quick, render_message(both, judge, NOW))
    parts = list(message_from_bytes(quick, policy=default).iter_parts())
    assert [p.get_filename() for p in parts[1:]] == ["g-S1901M.png", "g-W1901A-chart.png"]
    assert [p.get_content() for p in parts[1:]] == [picture, chart]


def test_the_boundary_is_in_no_line_of_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    tokens = iter([7, 7, 8])
    monkeypatch.setattr(send_module.random, "randrange", lambda _: next(tokens))
    taken = f"--{'=' * 15}{7:019d}=="
    assert _boundary(f"Results\r\n{taken}\r\n".encode()) == f"{'=' * 15}{8:019d}=="


def replace_row(row: OutboundMessage, **changes: str) -> OutboundMessage:
    values = {k: getattr(row, k) for k in ("sender", "recipient", "subject", "message_id",
                                           "picture", "picture_name", "chart", "chart_name",
                                           "in_reply_to", "body", "raw")}
    return OutboundMessage(**{**values, **changes})


class DiesOnThird(RelayDelivery):
    """A relay sender whose process dies while handing over its third mail."""

    calls = 0

    def deliver(self, sender: str, recipient: str, data: bytes) -> None:
        DiesOnThird.calls += 1
        if DiesOnThird.calls == 3:
            raise KeyboardInterrupt("the judge was killed")
        super().deliver(sender, recipient, data)


def _started(factory: sessionmaker[Session], settings: Settings, delivery: Any) -> None:
    """``run_sender`` as a judge starting after the crash runs it, stopped at once after
    its start-up."""
    stop = threading.Event()
    stop.set()
    run_sender(factory, settings, stop, threading.Event(), delivery)


@pytest.mark.parametrize("reboot", [False, True])
def test_mail_in_flight_at_a_crash_is_settled_against_the_relay_log_at_start_up(
    settings: Settings, session_factory: sessionmaker[Session], sink: tuple[Sink, int],
    reboot: bool,
) -> None:
    relayed = replace(settings, relay=("127.0.0.1", sink[1]))
    ids = queue(session_factory, 5)
    DiesOnThird.calls = 0
    journal = Journal(settings.var_dir / JOURNAL)
    with pytest.raises(KeyboardInterrupt):
        send_due(session_factory, relayed, DiesOnThird(relayed), NOW, journal=journal)
    assert len(sink[0].received) == 2
    assert {row(session_factory, i).state for i in ids} == {OutboxState.SENDING}
    # another judge on the same database claimed a mail of its own a moment ago
    (other,) = queue(session_factory, 1)
    claim_batch(session_factory, NOW, 1)
    if reboot:  # marks not synced may be lost: only those there are believed
        text = journal.path.read_text().splitlines()
        journal.path.write_text("\n".join(["boot another-boot", *text[1:]]) + "\n")
    _started(session_factory, relayed, RelayDelivery(relayed))  # not 10 minutes later
    states = [row(session_factory, i).state for i in ids]
    assert states[:3] == [OutboxState.SENT, OutboxState.SENT, OutboxState.FAILED]
    assert states[3:] == [OutboxState.FAILED if reboot else OutboxState.PENDING] * 2
    assert row(session_factory, other).state == OutboxState.SENDING  # not ours
    assert not journal.path.exists()
    # what went back in the queue is sent once; nothing is sent twice
    send_due(session_factory, relayed, RelayDelivery(relayed), NOW + timedelta(minutes=1))
    received = [m[2] for m in sink[0].received]
    assert len(received) == len(set(received)) == (2 if reboot else 4)


def test_mail_in_flight_at_a_crash_is_settled_against_the_maildir_at_start_up(
    settings: Settings, session_factory: sessionmaker[Session],
) -> None:
    ids = queue(session_factory, 3)
    delivery = MaildirDelivery(settings.maildir)
    journal = Journal(settings.var_dir / JOURNAL)
    rows = claim_batch(session_factory, NOW, 3, journal)
    journal.close()  # the run died after the first mail was in the Maildir
    delivery.deliver("judge@example.org", rows[0].recipient, render(rows[0], settings, NOW))
    _started(session_factory, settings, delivery)
    assert [row(session_factory, i).state for i in ids] == [
        OutboxState.SENT, OutboxState.PENDING, OutboxState.PENDING]
    assert send_due(session_factory, settings, delivery, NOW) == 2
    assert len(mailbox.Maildir(settings.maildir, create=False)) == 3
