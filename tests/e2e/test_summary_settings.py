"""SUMMARY names a game's settings as the master sets them (issue 23): a market game's
GM parameters by their own names, a Bourse in words, and never a store key such as
``param:END_YEAR``, ``bourse:SELL_LIMIT`` or a PREFLOATED holding."""

from __future__ import annotations

from tests.e2e.conftest import MailJudge

GM = "gm@example.org"
NAMES = ("ANN", "BOB", "CAT")


def _address(name: str) -> str:
    return f"{name.lower()}@investors.example"


def _summary(judge: MailJudge, game: str) -> str:
    return judge.replies("reader@example.org", f"SUMMARY {game}")["reader@example.org"]


def test_a_market_games_summary_names_its_parameters_not_its_store_keys(
        by_mail: MailJudge) -> None:
    by_mail.replies(GM, "CREATE xs masterpw EXCHANGE END_YEAR=1903")
    for name in NAMES:
        by_mail.replies(_address(name), f"JOIN xs pw{name.lower()} {name}")
    by_mail.replies(GM, "SIGNON MASTER@xs masterpw", "SET PREFLOATED yes",
                    "SET HOLDINGS ANN FRANCE 20", "START")
    text = _summary(by_mail, "xs")
    assert "END_YEAR: 1903" in text and "PREFLOATED: YES" in text.upper()
    assert "param:" not in text and "holdings:" not in text
    # the master's set-up of holdings is not a setting (the investors are named, as who
    # plays is in every kind's SUMMARY, but not what ANN was given)
    assert "Investors: ANN, BOB, CAT" in text
    assert "FRANCE 20" not in text and "ANN FRANCE" not in text and "20" not in text


def test_a_bourse_is_named_in_words_in_its_hosts_summary(by_mail: MailJudge) -> None:
    by_mail.replies(GM, "CREATE bs masterpw STANDARD BOURSE SELL_LIMIT=400")
    text = _summary(by_mail, "bs")
    assert "With a Bourse (SELL_LIMIT=400)." in text
    assert "bourse:" not in text.lower().replace("with a bourse", "")
