"""What players read, by mail through the real listener: every command answered in every
state of a game, never with "a fault in the judge"."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import MailJudge
from tests.e2e.test_by_mail import GM, player

FAULT = "could not be processed"


@pytest.mark.parametrize("variant", ["STANDARD", "PAYOLA"])
def test_status_from_a_player_of_a_game_still_forming(by_mail: MailJudge, variant: str) -> None:
    judge = by_mail
    assert "Game forming created" in judge.replies(GM, f"CREATE forming gmpass {variant}")[GM]
    judge.replies(player("FRANCE"), "JOIN forming pwfrance FRANCE")
    reply = judge.replies(player("FRANCE"), "SIGNON FRANCE@forming pwfrance", "STATUS")
    body = reply[player("FRANCE")]
    assert FAULT not in body
    assert "FRANCE in forming (forming), phase not started" in body
    assert "Units:   none" in body and "(none yet)" in body
    assert ("Balance:" in body) is (variant == "PAYOLA")
    assert set(reply) == {player("FRANCE")}


def test_a_payola_flag_without_payola_is_shown_the_way(by_mail: MailJudge) -> None:
    body = by_mail.replies(GM, "CREATE classic s3cretpw PAYOLA_CLASSIC")[GM]
    assert ("PAYOLA_CLASSIC is a Payola rule flag: write CREATE <game> <password> PAYOLA "
            "PAYOLA_CLASSIC") in " ".join(body.split())
    assert "s3cretpw" not in body
    body = by_mail.replies(GM, "CREATE classic s3cretpw NO_SUCH_FLAG")[GM]
    assert "unknown rule flag(s) NO_SUCH_FLAG" in body


def test_clearing_an_offer_sheet_reads_right(by_mail: MailJudge) -> None:
    judge = by_mail
    judge.replies(GM, "CREATE sheets gmpass PAYOLA")
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"):
        judge.replies(player(power), f"JOIN sheets pw{power.lower()} {power}")
    judge.replies(GM, "SIGNON MASTER@sheets gmpass", "START")
    body = judge.replies(player("FRANCE"), "SIGNON FRANCE@sheets pwfrance", "CLEAR")
    assert "Your offer sheet for S1901M is cleared." in body[player("FRANCE")]


def test_a_classic_judges_word_is_answered_and_spoils_no_orders(by_mail: MailJudge) -> None:
    judge = by_mail
    judge.replies(GM, "CREATE words gmpass")
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"):
        judge.replies(player(power), f"JOIN words pw{power.lower()} {power}")
    judge.replies(GM, "SIGNON MASTER@words gmpass", "START")
    body = " ".join(judge.replies(player("FRANCE"), "SIGNON FRANCE@words pwfrance",
                                  "A PAR - BUR", "WHOGAME words", "DIARY", "PHASE",
                                  "A MAR - SPA", "F BRE - MAO",
                                  "SET PREFERENCE E,F,G")[player("FRANCE")].split())
    assert "WHOGAME is not a command of this judge (HELP lists them)" in body
    assert "DIARY is not a command of this judge" in body
    assert "PHASE is not a command of this judge" in body
    assert "SET PREFERENCE is not an option of this judge" in body
    assert "only the game's master" not in body and "unknown province" not in body
    assert "Orders of FRANCE for S1901M accepted" in body  # the three around them stand
    for order in ("A PAR - BUR", "A MAR - SPA", "F BRE - MAO"):
        assert order in body


TOPICS = ("PAYOLA", "ORDERS", "PRESS", "DEADLINES", "MASTER", "GAMES", "MARKETS", "EXCHANGE",
          "SHAREHOLDERS", "CAPITALIST", "BOURSE")


def test_help_and_every_topic_by_mail(by_mail: MailJudge) -> None:
    plain = by_mail.replies("newcomer@example.org", "HELP")["newcomer@example.org"]
    assert "Payola: CREATE <game> <password> PAYOLA" in plain
    for topic in TOPICS:
        reader = f"{topic.lower()}@example.org"  # a stranger's replies are budgeted
        body = by_mail.replies(reader, f"HELP {topic}")[reader]
        assert not body.splitlines()[1].strip().startswith("REFUSED"), body
        for text in (plain, body):
            assert ".md" not in text and "docs/" not in text  # no file the player cannot read
            assert max(len(line) for line in text.splitlines()) <= 78
    guide = by_mail.replies("newcomer@example.org", "help payola")["newcomer@example.org"]
    for form in ("The five kinds of offer", "3*2 : A PAR - BUR", "10#6 : A PAR - BUR",
                 "5+3#3 : A MUN - RUH", "10 $", "ACCEPT FRI?", "TRANSFER 10 TO GERMANY",
                 "YOUR ACCEPTED BRIBES WERE", "4 ! A MUN - BUR | - RUH"):
        assert form in guide
    unknown = by_mail.replies("newcomer@example.org", "HELP WEATHER")["newcomer@example.org"]
    assert "there is no help on WEATHER" in " ".join(unknown.split())


def test_reply_subjects_do_not_stack_re(by_mail: MailJudge) -> None:
    from email.message import EmailMessage

    for subject, expected in (("Re: Re: orders", "Re: Re: orders"), ("RE: help", "RE: help"),
                              ("help", "Re: help")):
        m = EmailMessage()
        m["From"], m["To"], m["Subject"] = "reader@example.org", "judge@example.org", subject
        m["Message-ID"] = f"<subject-{len(subject)}-{subject[:2]}@example.org>"
        m.set_content("HELP\n")
        (reply,) = by_mail.send_raw("reader@example.org", m.as_bytes())
        assert reply.subject == expected


def test_the_log_says_what_each_mail_did_and_never_a_password(
        by_mail: MailJudge, caplog: pytest.LogCaptureFixture) -> None:
    import logging

    caplog.set_level(logging.INFO, logger="judge")
    by_mail.replies(GM, "CREATE logged s3cretgm")
    by_mail.replies(GM, "SIGNON MASTER@logged s3cretgm", "SET LISTED NO", "START")
    lines = [r.getMessage() for r in caplog.records]
    assert any(re.fullmatch(r"mail #\d+ from gm@example\.org, game - : CREATE; 1 done, 0 "
                            r"refused".replace(" : ", ": "), line) for line in lines), lines
    assert "game logged: master's SETOPTION done" in lines
    assert any(line.startswith("game logged: master's START ") for line in lines)
    assert not any("s3cretgm" in line for line in lines)
