"""No password at rest: what the inbox keeps of handled mail, and for how long (issue 12)."""

from __future__ import annotations

import base64
from datetime import timedelta

from sqlalchemy import select

from judge.config import Settings
from judge.mail.worker import purge_raw
from judge.storage.base import utcnow
from judge.storage.mailqueue import InboundMessage, InboxState
from judge.storage.session import unit_of_work
from tests.e2e.conftest import MailJudge

SECRETS = ("Masterpw77", "Joinpw88", "Newpw99x", "Observe66", "Wrongpw55")


def _stored(judge: MailJudge) -> list[InboundMessage]:
    with judge.factory() as s:
        return list(s.scalars(select(InboundMessage).order_by(InboundMessage.id)))


def test_handled_mail_is_kept_with_its_passwords_masked(by_mail: MailJudge) -> None:
    gm, player = "gm@example.org", "p@players.example"
    by_mail.replies(gm, "CREATE epsilon Masterpw77")
    by_mail.replies(player, "JOIN epsilon Joinpw88 FRANCE", "SIGNON FRANCE@epsilon Joinpw88",
                    "SET PASSWORD Newpw99x")
    by_mail.replies("o@watchers.example", "OBSERVE epsilon Observe66",
                    "SIGNON MASTER@epsilon Wrongpw55")
    # the same commands once more, base64-encoded as some clients send them
    body = base64.encodebytes(b"SIGNON FRANCE@epsilon Newpw99x\nLIST\n").decode()
    raw = (f"From: {player}\r\nTo: judge@example.org\r\nMessage-ID: <b64@players.example>\r\n"
           "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
           f"Content-Transfer-Encoding: base64\r\n\r\n{body}").encode()
    by_mail.send_raw(player, raw)
    rows = _stored(by_mail)
    assert len(rows) == 4 and all(r.state == InboxState.DONE for r in rows)
    for row in rows:
        text = row.raw.decode("utf-8")
        for secret in SECRETS:
            assert secret.lower() not in text.lower(), (secret, text)
            assert base64.b64encode(secret.encode()).decode()[:8] not in text
        assert "Message-ID:" in text and "From:" in text  # what the audit needs stays
    assert "JOIN epsilon **** FRANCE" in rows[1].raw.decode()
    assert "SIGNON FRANCE@epsilon ****\r\nLIST" in rows[3].raw.decode()


def test_raw_mail_is_forgotten_after_the_retention(by_mail: MailJudge, settings: Settings
                                                   ) -> None:
    by_mail.replies("p@players.example", "HELP")
    with unit_of_work(by_mail.factory) as s:  # a mail the keeper still has to look at
        s.add(InboundMessage(message_id="<failed@x>", mail_from="", rcpt_to="", raw=b"kept",
                             state=InboxState.FAILED.value, handled_at=utcnow()))
    assert purge_raw(by_mail.factory, settings) == 0  # not yet
    later = utcnow() + timedelta(days=settings.keep_raw_days, minutes=1)
    assert purge_raw(by_mail.factory, settings, now=later) == 1
    done, failed = _stored(by_mail)
    assert done.raw == b"" and done.message_id and done.state == InboxState.DONE
    assert failed.raw == b"kept"
