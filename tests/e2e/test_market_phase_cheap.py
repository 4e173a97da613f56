"""Issue 26: a market phase stays cheap. Every mail of a phase is read again to answer
the next one, so one member may keep at most ``MAX_KEPT_LINES`` lines in a phase: a mail
that would pass the cap is refused whole, with the cap and the count in the reply, and
nothing of it is kept. Played through the real listener."""

from __future__ import annotations

import itertools
from email.message import EmailMessage
from email.policy import SMTP

from sqlalchemy import func, select

from judge.games.market.mail.lines import MAX_KEPT_LINES
from judge.storage.schema import MarketMail
from tests.e2e.conftest import MailJudge

GM = "gm@investors.example"
ALICE, BOB = "alice@investors.example", "bob@investors.example"
PER_MAIL = 200  # commands read from one mail


def _mail(judge: MailJudge, sender: str, *lines: str) -> dict[str, str]:
    """One mail with CRLF line ends (a mail of hundreds of lines is longer than the 1,000
    characters an SMTP line may have when its ends are bare LFs)."""
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, "judge@example.org", "bids"
    m["Message-ID"] = f"<flood-{next(_ids)}@investors.example>"
    m.set_content("\n".join(lines) + "\n")
    return {r.recipient: r.body for r in judge.send_raw(sender, m.as_bytes(policy=SMTP))}


_ids = itertools.count()


def _kept_lines(judge: MailJudge) -> int:
    with judge.factory() as s:
        return sum(len(lines) for lines in s.scalars(select(MarketMail.lines)))


def test_a_member_floods_a_phase_and_is_stopped_at_the_cap(by_mail: MailJudge) -> None:
    by_mail.replies(GM, "CREATE xc gmpass EXCHANGE")
    by_mail.replies(ALICE, "JOIN xc pwalice ALICE")
    by_mail.replies(BOB, "JOIN xc pwbob BOB")
    assert "started" in by_mail.replies(GM, "SIGNON MASTER@xc gmpass", "START")[GM]
    bids = [f"BID FRANCE {100 + n}" for n in range(PER_MAIL - 1)]
    for _ in range(MAX_KEPT_LINES // len(bids)):
        out = _mail(by_mail, ALICE, "SIGNON ALICE@xc pwalice", *bids)
        assert "at most" not in out[ALICE]
    kept = _kept_lines(by_mail)
    assert kept == (MAX_KEPT_LINES // len(bids)) * len(bids)
    over = " ".join(_mail(by_mail, ALICE, "SIGNON ALICE@xc pwalice", *bids)[ALICE].split())
    assert f"at most {MAX_KEPT_LINES} of your lines are kept for a phase" in over
    assert f"{kept} are kept already" in over and "nothing of it was kept" in over
    assert _kept_lines(by_mail) == kept
    # another member's mail of the phase is read as before
    assert "accepted" in by_mail.replies(BOB, "SIGNON BOB@xc pwbob", "BID ITALY 120")[BOB]
    with by_mail.factory() as s:
        assert s.scalar(select(func.count()).select_from(MarketMail)) == \
            MAX_KEPT_LINES // len(bids) + 1
