"""Issue 26's lower items through the real listener and worker: a password in the Subject
is neither echoed nor kept."""

from __future__ import annotations

from email import message_from_bytes
from email.header import decode_header, make_header
from email.message import EmailMessage

from sqlalchemy import select

from judge.storage.mailqueue import InboundMessage, OutboundMessage
from tests.e2e.conftest import MailJudge

GM, PLAYER, OTHER = "gm@example.org", "fr@players.example", "elsewhere@players.example"


def _mail(sender: str, subject: str, body: str, n: int) -> bytes:
    m = EmailMessage()
    m["From"] = sender
    m["To"] = "judge@example.org"
    m["Subject"] = subject
    m["Message-ID"] = f"<second-round-{n}@players.example>"
    m.set_content(body)
    return m.as_bytes()


def test_a_password_in_the_subject_is_scrubbed_from_replies_copies_and_what_is_kept(
        by_mail: MailJudge) -> None:
    by_mail.replies(GM, "CREATE amp3 Gmpass77")
    by_mail.replies(PLAYER, "JOIN amp3 Itapass88 ITALY")
    # signed on from another address: answered there, and copied to the player's own
    out = by_mail.send_raw(OTHER, _mail(OTHER, "SIGNON ITALY@amp3 Itapass88",
                                        "SIGNON ITALY@amp3 Itapass88\nSET WAIT\n", 1))
    assert {m.recipient for m in out} == {OTHER, PLAYER}
    for m in out:
        assert "itapass88" not in (m.subject + m.body).lower(), (m.subject, m.body)
    assert {m.subject for m in out} == {"Re: SIGNON ITALY@amp3 ****",
                                        "Copy: Re: SIGNON ITALY@amp3 ****"}
    # the same in a subject encoded as RFC 2047 (UTF-8 words), in any case
    out = by_mail.send_raw(OTHER, _mail(OTHER, "Zug: SIGNON ITALY@amp3 ITAPASS88 ✓",
                                        "SIGNON ITALY@amp3 Itapass88\n", 2))
    assert all("itapass88" not in m.subject.lower() for m in out)
    with by_mail.factory() as s:
        outbox = s.scalars(select(OutboundMessage)).all()
        kept = s.scalars(select(InboundMessage.raw)).all()
    assert all("itapass88" not in (m.subject + m.body).lower() for m in outbox)
    subjects = [str(make_header(decode_header(message_from_bytes(raw)["Subject"])))
                for raw in kept]
    assert "Zug: SIGNON ITALY@amp3 **** ✓" in subjects  # decoded, scrubbed, kept
    for raw, subject in zip(kept, subjects, strict=True):
        assert "itapass88" not in (raw.decode("utf-8") + subject).lower()


def _nested(depth: int, n: int, sender: str = "nest@evil.example") -> bytes:
    """A mail ``depth`` multiparts deep (the email package recurses once per level), a
    password in its innermost part and in its Subject."""
    head = (f"From: {sender}\r\nTo: judge@example.org\r\nSubject: SIGNON ITALY@amp3 "
            f"Nestpw66\r\nMessage-ID: <nested-{n}@evil.example>\r\nMIME-Version: 1.0\r\n")
    opening = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\r\n\r\n--b{i}\r\n'
                      for i in range(depth))
    inner = "Content-Type: text/plain\r\n\r\nSIGNON ITALY@amp3 Nestpw66\r\n"
    closing = "".join(f"--b{i}--\r\n" for i in reversed(range(depth)))
    return (head + opening + inner + closing).encode("ascii")


def test_unreadable_mail_is_answered_once_redacted_and_the_keeper_gets_one_digest(
        by_mail: MailJudge) -> None:
    # 1,000 nested multiparts: the email package raised RecursionError, the sender got
    # no answer, the keeper one traceback per mail, and the mail was kept whole
    for n in range(3):
        sender = f"nest{n}@evil.example"
        out = by_mail.send_raw(sender, _nested(1000, n, sender))
        mine = [m for m in out if m.recipient == sender]
        assert len(mine) == 1 and "could not read your mail" in mine[0].body
        assert "RecursionError" in mine[0].body
        to_keeper = [m for m in out if m.recipient == "keeper@example.org"]
        assert len(to_keeper) == (1 if n == 0 else 0)  # one digest an hour, no traceback
        for m in out:
            assert "nestpw66" not in (m.subject + m.body).lower()
    with by_mail.factory() as s:
        rows = s.scalars(select(InboundMessage)).all()
        digests = s.scalars(select(OutboundMessage).where(
            OutboundMessage.recipient == "keeper@example.org")).all()
    assert [r.state for r in rows] == ["done"] * 3  # answered, not failed
    assert len(digests) == 1 and "nest0@evil.example" in digests[0].body
    for row in rows:
        text = row.raw.decode("utf-8").lower()
        assert "nestpw66" not in text and "multipart" not in text and "message-id:" in text
    # a readable mail after them is read as ever
    assert "SIGNON" in by_mail.replies("p@players.example", "HELP")["p@players.example"]


def test_a_name_confusable_with_one_taken_is_refused_with_the_reason(
        by_mail: MailJudge) -> None:
    assert "created" in by_mail.replies(GM, "CREATE cap masterpw CAPITALIST")[GM]
    assert "joined cap as" in by_mail.replies(
        "a@players.example", "JOIN cap pwcroesus CROESUS")["a@players.example"]
    for n, name in enumerate(["CR0ESUS", "Cr0esus", "CROE5US_"[:-1].replace("5", "S")]):
        sender = f"b{n}@players.example"
        body = by_mail.replies(sender, f"JOIN cap pwlookalike {name}")[sender]
        assert "REFUSED" in body, body
        assert ("too like CROESUS" if "0" in name else "CROESUS is taken") in body, body
    # 1, I and l too; a name that differs otherwise is welcome
    assert "joined" in by_mail.replies("d@players.example", "JOIN cap pwbill BILL")[
        "d@players.example"]
    assert "too like BILL" in by_mail.replies("e@players.example", "JOIN cap pwbi11 B1LL")[
        "e@players.example"]
    assert "joined" in by_mail.replies("f@players.example", "JOIN cap pwmidas MIDAS")[
        "f@players.example"]


def _plain(from_header: str, message_id: str, body: str, received: str = "") -> bytes:
    return (f"{received}From: {from_header}\r\nTo: judge@example.org\r\nSubject: s\r\n"
            f"Message-ID: {message_id}\r\n\r\n{body}\r\n").encode()


def test_the_same_message_id_and_body_from_another_sender_is_another_mail(
        by_mail: MailJudge) -> None:
    first = by_mail.send_raw(PLAYER, _plain(PLAYER, "<dup@players.example>", "HELP"))
    assert [m.recipient for m in first] == [PLAYER]
    # a stranger replaying the Message-ID and body cannot have the player's mail dropped,
    # nor his own: it is another mail, answered
    other = by_mail.send_raw(OTHER, _plain(OTHER, "<dup@players.example>", "HELP"))
    assert [m.recipient for m in other] == [OTHER]
    # the player's own mail by another relay (refolded, display name added) is a resend
    again = by_mail.send_raw(PLAYER, _plain(f"Player\r\n <{PLAYER.upper()}>",
                                            "<dup@players.example>", "HELP",
                                            received="Received: from mx2.example\r\n"))
    assert again == []
    with by_mail.factory() as s:
        assert len(s.scalars(select(InboundMessage.id)).all()) == 2
