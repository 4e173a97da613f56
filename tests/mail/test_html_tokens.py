"""The one-pass HTML tokenizer the mail reader uses instead of HTMLParser."""

from __future__ import annotations

from judge.mail.html_tokens import EndTag, StartTag, Text, tokens
from judge.mail.markup import html_to_text


def test_tags_attributes_and_text() -> None:
    assert list(tokens('<div class="gmail_quote" id=x>A &amp; B<br/></div>')) == [
        StartTag("div", [("class", "gmail_quote"), ("id", "x")], False),
        Text("A & B"), StartTag("br", [], True), EndTag("div")]


def test_a_quoted_attribute_may_hold_a_closing_bracket() -> None:
    assert list(tokens('<a title="x > y">t</a>')) == [
        StartTag("a", [("title", "x > y")], False), Text("t"), EndTag("a")]


def test_comments_declarations_and_script_are_not_text() -> None:
    html = "<!DOCTYPE html>a<!-->b<!-- c -->d<script>if (x<y) {}</script>e<?xml?>f"
    assert html_to_text(html) == "abdef"


def test_what_is_left_open_at_the_end_ends_the_document() -> None:
    assert html_to_text("HELP<br>LIST<a href='x") == "HELP\nLIST"
    assert html_to_text("HELP<!-- never closed <br> LIST") == "HELP"
    assert html_to_text("1 < 2<br>LIST") == "1 < 2\nLIST"
