"""The judge by mail, end to end: smtplib to the listener, replies read from the outbox."""

from __future__ import annotations

from email.message import EmailMessage

from tests.e2e.conftest import MailJudge

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
GM = "gm@example.org"


def player(power: str) -> str:
    return f"{power.lower()}@players.example"


def _start(judge: MailJudge, game: str, variant: str) -> None:
    assert f"Game {game} created" in judge.replies(GM, f"CREATE {game} gmpass {variant}")[GM]
    for power in POWERS:
        reply = judge.replies(player(power), f"JOIN {game} pw{power.lower()} {power}")
        assert f"as {power}" in reply[player(power)]
    out = judge.replies(GM, f"SIGNON MASTER@{game} gmpass", "START")
    assert f"Game {game} started: S1901M" in out[GM]
    assert set(out) == {GM} | {player(p) for p in POWERS}


def test_a_standard_game_by_mail(by_mail: MailJudge) -> None:
    judge = by_mail
    _start(judge, "alpha", "STANDARD")
    france = player("FRANCE")
    out = judge.replies(france, "SIGNON France@alpha pwfrance", "a par-bur", "f bre - mid atlantic")
    assert list(out) == [france]
    assert "A PAR - BUR" in out[france] and "F BRE - MAO" in out[france]

    out = judge.replies(france, "SIGNON Falpha pwfrance", "A PAR - MUN", "A MAR - SPA")
    assert "REFUSED" in out[france] and "line 2: 'A PAR - MUN'" in out[france]
    assert "stay as they were" in out[france] and "F BRE - MAO" in out[france]

    out = judge.replies(france, "SIGNON Falpha pwfrance", "PRESS TO ENGLAND", "Channel tunnel?",
                        "ENDPRESS")
    assert set(out) == {france, player("ENGLAND")}
    assert "Channel tunnel?" in out[player("ENGLAND")] and france not in out[player("ENGLAND")]

    out = judge.replies(france, "SIGNON Falpha pwfrance", "SET PASSWORD parisien")
    assert "parisien" not in out[france]
    assert "wrong password" in judge.replies(france, "SIGNON Falpha pwfrance")[france]
    assert "Signed on as FRANCE" in judge.replies(france, "SIGNON Falpha parisien")[france]

    out = judge.replies("thief@else.org", "SIGNON Falpha parisien", "A PAR H")
    assert set(out) == {"thief@else.org", france}
    assert "copy for the registered address of FRANCE" in out[france]


def test_a_payola_game_by_mail(by_mail: MailJudge) -> None:
    judge = by_mail
    _start(judge, "beta", "PAYOLA")
    italy = player("ITALY")
    signon = "SIGNON italy@beta pwitaly"
    out = judge.replies(italy, signon, "5 : A VEN - TYR", "2 > F NAP - ION", "A ROM H")
    assert "Offer sheet of ITALY for S1901M accepted" in out[italy]
    assert "0 : A ROM H" in out[italy]
    out = judge.replies(italy, signon, "10000 : A VEN - TRI")
    assert "REFUSED" in out[italy]
    assert "line 2: '10000 : A VEN - TRI': INVALID OFFER AMOUNT" in out[italy]
    out = judge.replies(italy, signon, "ACCEPT IT?", "ACCEPT IQ")
    assert "is now IT?" in out[italy] and "letter Q is not a power initial" in out[italy]
    out = judge.replies(italy, signon, "TRANSFER 8 TO AUSTRIA")
    assert set(out) == {italy, player("AUSTRIA")}
    assert "CURRENT BALANCE          40 AgP" in out[italy]
    assert "TRANSFER FROM ITALY" in out[player("AUSTRIA")] and "56 AgP" in out[player("AUSTRIA")]
    status = judge.replies(player("AUSTRIA"), "SIGNON austria@beta pwaustria", "STATUS")
    body = status[player("AUSTRIA")]
    assert "Balance: 56 AgP" in body and "VEN - TYR" not in body and "IT?" not in body


def test_real_client_mail_shapes(by_mail: MailJudge) -> None:
    judge = by_mail
    judge.replies(GM, "CREATE gamma gmpass")
    html = EmailMessage()
    html["From"] = "gmailer@example.com"
    html["To"] = "judge@example.org"
    html["Subject"] = "join"
    html["Message-ID"] = "<html-only@example.com>"
    html.set_content("<div dir=\"ltr\">JOIN gamma s3cr3tpw FRANCE<br>SUMMARY gamma</div>",
                     subtype="html", cte="quoted-printable")
    out = {m.recipient: m.body for m in judge.send_raw("gmailer@example.com", html.as_bytes())}
    assert "You joined gamma as FRANCE" in out["gmailer@example.com"]
    assert "Game gamma: STANDARD, forming" in out["gmailer@example.com"]

    reply = EmailMessage()
    reply["From"] = "gmailer@example.com"
    reply["To"] = "judge@example.org"
    reply["Subject"] = "Re: orders"
    reply["Message-ID"] = "<quoted@example.com>"
    reply.set_content("SUMMARY gamma\n\nOn Monday the judge wrote:\n> CREATE delta pw\n"
                      "> JOIN gamma pw\n\n-- \nMy signature\nRESIGN\n", charset="latin-1")
    out = {m.recipient: m.body for m in judge.send_raw("gmailer@example.com", reply.as_bytes())}
    body = out["gmailer@example.com"]
    assert "Game gamma" in body and "delta" not in body and "RESIGN" not in body


def test_automatic_mail_gets_no_answer(by_mail: MailJudge) -> None:
    m = EmailMessage()
    m["From"] = "robot@example.com"
    m["To"] = "judge@example.org"
    m["Subject"] = "Out of office"
    m["Auto-Submitted"] = "auto-replied"
    m["Message-ID"] = "<ooo@example.com>"
    m.set_content("HELP\n")
    assert by_mail.send_raw("robot@example.com", m.as_bytes()) == []


def test_an_address_change_confirmed_by_mail_and_a_bounce_told_to_the_master(
        by_mail: MailJudge) -> None:
    judge = by_mail
    _start(judge, "delta", "STANDARD")
    old, new = player("GERMANY"), "kaiser@new.example"
    out = judge.send(old, "SIGNON Gdelta pwgermany", f"SET ADDRESS {new}")
    assert [m.recipient for m in out] == [new, old]
    code = out[0].body.split("CONFIRM ADDRESS ", 1)[1].split()[0]
    assert code not in out[1].body
    out = judge.send(new, f"CONFIRM ADDRESS {code}")
    assert {m.recipient for m in out} == {new, old}
    assert f"now {new}" in next(m.body for m in out if m.recipient == old)

    raw = (
        "From: Mail Delivery System <MAILER-DAEMON@mx.new.example>\r\n"
        "To: judge@example.org\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        "Message-ID: <dsn.e2e@mx.new.example>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n"
        "--b\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n"
        "--b\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Reporting-MTA: dns; mx.new.example\r\n\r\n"
        f"Final-Recipient: rfc822; {new}\r\nAction: failed\r\nStatus: 5.1.1\r\n--b--\r\n"
    ).encode()
    out = judge.send_raw("", raw)
    assert [(m.recipient, m.subject) for m in out] == [
        (GM, "Diplomacy game delta: mail to GERMANY bounced")]
