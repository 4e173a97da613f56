"""The mail reader: quotes, signatures, SIGNOFF, comments, separators, charsets, auto mail."""

from __future__ import annotations

from email.message import EmailMessage

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.mail.decode import decode_bytes, decode_mail, unflow
from judge.mail.lines import command_lines, normalise
from judge.mail.markup import html_to_text


def lines(text: str) -> list[str]:
    return list(command_lines(text))


def test_quoted_lines_and_their_attribution_are_dropped() -> None:
    text = "A PAR - BUR\n\nOn Mon, 1 Jan 2026, Judge wrote:\n> A PAR H\n>> F BRE H\n"
    assert lines(text) == ["A PAR - BUR"]


def test_wrapped_gmail_attribution_is_dropped_whole() -> None:
    text = "A PAR - BUR\n\nOn Mon, Jan 1, 2026 at 10:00 AM Judge <\njudge@x.org> wrote:\n\n> old\n"
    assert lines(text) == ["A PAR - BUR"]


@pytest.mark.parametrize("attribution", [
    "Il dom 22 nov 2026, 07:30 Alpha Judge <judge@x.org> ha\nscritto:",
    "Em dom., 22 de nov. de 2026 às 08:12, Judge <judge@x.org> escreveu:",
    "Am So., 22. Nov. 2026 um 08:12 Uhr schrieb Judge <judge@x.org>:",
    "Le dim. 22 nov. 2026 à 08:12, Judge <judge@x.org> a écrit :",
    "Den sön 22 nov. 2026 kl 08:12 skrev Judge <judge@x.org>:",
])
def test_gmail_attributions_in_other_languages_are_dropped(attribution: str) -> None:
    text = f"A APU - TUN\n\n{attribution}\n\n> A APU H\n"
    assert lines(text) == ["A APU - TUN"]


def test_a_line_ending_in_wrote_without_a_quote_after_it_is_kept() -> None:
    assert lines("PRESS TO F\nShakespeare wrote:\nto be or not\nENDPRESS") == [
        "PRESS TO F", "Shakespeare wrote:", "to be or not", "ENDPRESS"]


@pytest.mark.parametrize("separator", ["-- ", "--"])
def test_signature_ends_the_commands(separator: str) -> None:
    assert lines(f"A PAR H\n{separator}\nA MAR H\n") == ["A PAR H"]


def test_signoff_ends_the_commands_and_is_not_itself_a_command() -> None:
    assert lines("A PAR H\nsignoff\nA MAR - BUR\n") == ["A PAR H"]
    assert lines("A PAR H\nSIGN OFF\nX") == ["A PAR H"]


def test_signoff_inside_a_sentence_does_not_end_the_commands() -> None:
    assert lines("Sign off on this deal?\nA PAR H") == ["Sign off on this deal?", "A PAR H"]


def test_comment_lines_are_ignored() -> None:
    assert lines("// my orders\nA PAR H\n  // later\n") == ["A PAR H"]


def test_phone_separator_splits_the_rest_of_the_mail() -> None:
    assert lines("\\\\; signon Egame pw; f lon - eng;\nf edi - nth; signoff; junk") == [
        "signon Egame pw", "f lon - eng", "f edi - nth"]
    assert lines("\\\\/ a par h / a mar h") == ["a par h", "a mar h"]


def test_a_backslash_line_with_a_letter_is_not_a_separator() -> None:
    assert lines("\\\\a b") == ["\\\\a b"]


def test_outlook_original_message_block_ends_the_commands() -> None:
    assert lines("A PAR H\n-----Original Message-----\nFrom: j\nA MAR H") == ["A PAR H"]
    text = "A PAR H\n\nFrom: Judge <j@x>\nSent: Monday\nTo: me\nSubject: s\n\nA MAR H"
    assert lines(text) == ["A PAR H"]


def test_a_from_line_alone_is_not_a_quoted_header_block() -> None:
    assert lines("PRESS TO E\nFrom: your friend\nENDPRESS") == [
        "PRESS TO E", "From: your friend", "ENDPRESS"]


def test_device_footer_is_not_a_command() -> None:
    assert lines("A PAR H\n\nSent from my iPhone") == ["A PAR H"]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("A PAR \u2013 BUR", "A PAR - BUR"), ("A PAR \u2014 BUR", "A PAR - BUR"),
     ("A PAR \u2192 BUR", "A PAR -> BUR"), ("A PAR \u21d2 BUR", "A PAR -> BUR"),
     ("\u201cquoted\u201d \u2018x\u2019", "\"quoted\" 'x'"), ("A\u00a0PAR\u200bH", "A PARH"),
     ("F STP\uff0fSC", "F STP\uff0fSC")],
)
def test_unicode_punctuation_is_normalised(typed: str, meant: str) -> None:
    assert normalise(typed) == meant


def test_trailing_br_is_stripped_and_leading_blank_lines_trimmed() -> None:
    assert lines("\n\nA PAR H<br>\nA MAR H <BR/>\n\n") == ["A PAR H", "A MAR H"]


def test_format_flowed_joins_soft_breaks_but_not_signatures() -> None:
    assert unflow("long line \ncontinued\n-- \nsig") == "long line continued\n-- \nsig"
    assert unflow("a \n> quoted") == "a \n> quoted"
    assert unflow("ab \ncd", delsp=True) == "abcd"


def test_latin1_label_reads_windows_1252_dashes() -> None:
    assert decode_bytes("A PAR \u2013 BUR".encode("cp1252"), "iso-8859-1") == "A PAR \u2013 BUR"
    assert decode_bytes(b"caf\xe9", "utf-8") == "caf\u00e9"  # mislabelled: falls back
    assert decode_bytes("caf\u00e9".encode(), "no-such-charset") == "caf\u00e9"
    assert decode_bytes(b"x", "rot13") == "x"  # not a text encoding: refused, falls back


def test_html_blockquote_is_quoted_and_signature_left_out() -> None:
    html = ("<div>A PAR H</div><div class=moz-signature>-- <br>Bob</div>"
            "<blockquote>A MAR H</blockquote><script>x</script>")
    assert html_to_text(html) == "A PAR H\n> A MAR H"


def test_html_entities_and_breaks() -> None:
    assert html_to_text("A PAR -&gt; BUR<br>F&nbsp;BRE H") == "A PAR -> BUR\nF BRE H"


def mail(**headers: str) -> bytes:
    m = EmailMessage()
    m["From"] = headers.pop("From", "Player <Player@Example.org>")
    m["To"] = "judge@example.org"
    m["Subject"] = headers.pop("Subject", "orders")
    for k, v in headers.items():
        m[k.replace("_", "-")] = v
    m.set_content("A PAR H\n")
    return m.as_bytes()


def test_reply_to_and_sender_are_read_in_lower_case() -> None:
    decoded = decode_mail(mail(Reply_To="Other <Other@Example.org>"), "p@example.org")
    assert decoded.sender == "player@example.org"
    assert decoded.reply_to == "other@example.org"
    assert decoded.reply_address == "other@example.org"
    assert decoded.auto_reply is False


@pytest.mark.parametrize(
    ("headers", "envelope", "reason"),
    [({}, "", "empty return path"),
     ({"Auto_Submitted": "auto-replied"}, None, "Auto-Submitted: auto-replied"),
     ({"Precedence": "bulk"}, None, "Precedence: bulk"),
     ({"Precedence": "list"}, None, "Precedence: list"),
     ({"Precedence": "junk"}, None, "Precedence: junk"),
     ({"Return_Path": "<>"}, None, "empty return path"),
     ({"From": "MAILER-DAEMON@x.org"}, None, "sent by mailer-daemon"),
     ({"List_Id": "<games.example.org>"}, None, "mailing list mail")],
)
def test_automatic_mail_is_marked_never_to_be_answered(
    headers: dict, envelope: str | None, reason: str
) -> None:
    decoded = decode_mail(mail(**headers), envelope)
    assert decoded.auto_reply is True
    assert decoded.auto_reason == reason


DSN = (
    b"From: MAILER-DAEMON@mx.example.net\r\nTo: judge@example.org\r\n"
    b"Subject: Delivery Status Notification\r\nMIME-Version: 1.0\r\n"
    b"Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n"
    b"--b\r\nContent-Type: text/plain\r\n\r\nSome mail could not be delivered.\r\n"
    b"--b\r\nContent-Type: message/delivery-status\r\n\r\n"
    b"Reporting-MTA: dns; mx.example.net\r\n\r\n"
    b"Final-Recipient: rfc822; Gone@Example.net\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n"
    b"Final-Recipient: rfc822; slow@example.net\r\nAction: delayed\r\nStatus: 4.4.7\r\n\r\n"
    b"Original-Recipient: rfc822; full@example.net\r\nAction: failed\r\nStatus: 5.2.2\r\n"
    b"--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: <judge.1@example.org>\r\n"
    b"--b--\r\n"
)


def test_a_delivery_report_names_the_recipients_that_failed_not_those_delayed() -> None:
    decoded = decode_mail(DSN, "")
    assert decoded.auto_reply is True
    assert decoded.bounced == ("gone@example.net", "full@example.net")


def test_exim_failed_recipients_header_and_person_mail_with_a_report() -> None:
    exim = decode_mail(mail(X_Failed_Recipients="a@x.org, B@Y.org"), "")
    assert exim.bounced == ("a@x.org", "b@y.org")
    # a person's mail is never read for bounces, whatever it holds
    person = DSN.replace(b"multipart/report", b"multipart/mixed").replace(
        b"From: MAILER-DAEMON@mx.example.net", b"From: player@example.org")
    decoded = decode_mail(person.replace(b"Delivery Status Notification", b"Re: orders"),
                          "player@example.org")
    assert decoded.auto_reply is False and decoded.bounced == ()
    # with a bounce's subject it is not answered (a loop guard), and still not read
    titled = decode_mail(person, "player@example.org")
    assert titled.auto_reply is True and titled.bounced == ()


@pytest.mark.parametrize(("header", "value"), [
    ("Subject", "Automatic reply: Re: orders"), ("Subject", "Out of Office: away"),
    ("Subject", "Abwesenheitsnotiz: Re: x"), ("Subject", "Réponse automatique : Re: x"),
    ("X-Auto-Response-Suppress", "All"), ("X-Auto-Response-Suppress", "DR, OOF, AutoReply"),
])
def test_autoresponders_without_rfc3834_headers_are_not_answered(header: str, value: str
                                                                   ) -> None:
    decoded = decode_mail(mail(**{header.replace("-", "_"): value}), "p@example.org")
    assert decoded.auto_reply is True and decoded.bounced == ()


@pytest.mark.parametrize("subject", ["Vacation plans", "Absence next week", "orders",
                                     "Re: Automatic reply"])
def test_a_players_subject_is_not_mistaken_for_an_autoresponder(subject: str) -> None:
    assert decode_mail(mail(Subject=subject), "p@example.org").auto_reply is False


def test_auto_submitted_no_is_a_person() -> None:
    assert decode_mail(mail(Auto_Submitted="no"), "p@example.org").auto_reply is False


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=3000))
def test_any_bytes_are_read_without_crashing(raw: bytes) -> None:
    decoded = decode_mail(raw, None)
    assert all("\n" not in line for line in decoded.body_lines)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=600), st.binary(max_size=300))
def test_any_delivery_report_is_read_without_crashing(status: str, junk: bytes) -> None:
    raw = (DSN.split(b"Reporting-MTA")[0] + status.encode("utf-8", "surrogateescape")
           + b"\r\n" + junk + b"\r\n--b--\r\n")
    decoded = decode_mail(raw, "")
    assert decoded.auto_reply is True
    assert all("@" in a and a == a.lower() and " " not in a for a in decoded.bounced)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=2000), st.sampled_from(["utf-8", "iso-8859-1", "koi8-r", "bogus"]))
def test_any_text_in_any_charset_is_read_without_crashing(text: str, charset: str) -> None:
    m = EmailMessage()
    m["From"] = "p@example.org"
    try:
        m.set_content(text, charset=charset if charset != "bogus" else "utf-8")
    except (UnicodeEncodeError, LookupError):
        m.set_content(text)
    decoded = decode_mail(m.as_bytes(), "p@example.org")
    assert (decoded.sender, decoded.auto_reply) == ("p@example.org", False)
    assert all("\n" not in line for line in decoded.body_lines)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=1500))
def test_any_html_becomes_text_without_crashing(html: str) -> None:
    text = html_to_text(html)
    # block tags never stack up blank lines, nor leave them at either end
    assert "\n\n\n" not in text
    assert not text.startswith("\n") and not text.endswith("\n")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_characters="<&"), max_size=600))
def test_text_without_markup_keeps_every_word(text: str) -> None:
    assert html_to_text(text).split() == text.split()
