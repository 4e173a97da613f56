"""No loops and no mail cannon, through the real listener (issue 12): a reply budget per
address, auto-replies recognised, a read command answered once per mail, and a Reply-To
confirmed before it receives anything."""

from __future__ import annotations

from email.message import EmailMessage
from email.policy import SMTP

from tests.e2e.conftest import MailJudge

GM = "gm@example.org"


def _mail(sender: str, body: str, n: int, **headers: str) -> bytes:
    m = EmailMessage()
    m["From"] = sender
    m["To"] = "judge@example.org"
    m["Message-ID"] = f"<cannon-{n}@{sender.partition('@')[2]}>"
    for name, value in headers.items():
        m[name.replace("_", "-")] = value
    m.set_content(body)
    return m.as_bytes(policy=SMTP)  # CRLF line ends: smtplib sends bytes as they are


def test_an_autoresponder_without_auto_headers_gets_a_handful_of_answers(
        by_mail: MailJudge) -> None:
    bot = "away@bot.example"
    answers = []
    for n in range(30):  # it answers each of the judge's replies; the judge must stop
        answers += by_mail.send_raw(bot, _mail(bot, "I am away until Monday.\n", n,
                                               Subject=f"Re: Re: {n}"))
    mine = [m for m in answers if m.recipient == bot]
    assert len(mine) == 11  # ten replies, then the one notice
    assert "no more answers" in mine[-1].subject and "not read" in mine[-1].body
    assert sum("no more answers" in m.subject for m in mine) == 1
    assert by_mail.replies("someone@else.example", "HELP")  # others are answered as ever


def test_auto_reply_subjects_and_suppress_headers_are_not_answered(by_mail: MailJudge) -> None:
    bot = "ooo@bot.example"
    assert not by_mail.send_raw(bot, _mail(bot, "HELP\n", 1, Subject="Automatic reply: Re: x"))
    assert not by_mail.send_raw(bot, _mail(bot, "HELP\n", 2, Subject="Out of Office: orders"))
    assert not by_mail.send_raw(bot, _mail(bot, "HELP\n", 3, Subject="hi",
                                           X_Auto_Response_Suppress="All"))
    assert by_mail.send_raw(bot, _mail(bot, "HELP\n", 4, Subject="Vacation plans: HELP"))


def test_two_hundred_help_lines_get_one_help(by_mail: MailJudge) -> None:
    player = "p@players.example"
    (reply,) = by_mail.send_raw(player, _mail(player, "HELP\n" * 200, 1, Subject="help"))
    assert reply.body.count("Same as line 1; answered once.") == 199
    assert len(reply.body) < 30_000  # one help text and 199 short lines, not 286 KB


def test_a_forged_reply_to_gets_only_the_confirmation_request(by_mail: MailJudge) -> None:
    victim = "victim@innocent.example"
    out = by_mail.send_raw("gm@example.org", _mail(
        GM, "CREATE zeta gmpass77\n", 1, Reply_To=victim, Subject="new game"))
    to_victim = [m for m in out if m.recipient == victim]
    assert len(to_victim) == 1 and "CONFIRM ADDRESS" in to_victim[0].body
    reply = " ".join(next(m for m in out if m.recipient == GM).body.split())
    assert "Game zeta created" in reply and "not at its Reply-To" in reply
    out = by_mail.send_raw("o@watchers.example", _mail(
        "o@watchers.example", "OBSERVE zeta watchpw1\n", 2, Reply_To=victim))
    # one confirmation an address a day (issue 26): the victim got his
    assert [m.recipient for m in out] == ["o@watchers.example"]
    assert "code went to victim@innocent.example within the last day" in " ".join(
        out[0].body.split())
    # what the game sends from now on goes to the registered From addresses only
    out = by_mail.replies(GM, "SIGNON MASTER@zeta gmpass77", "BROADCAST", "Welcome all.",
                          "ENDPRESS")
    assert victim not in out and "o@watchers.example" in out
