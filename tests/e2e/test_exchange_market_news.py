"""The market in view (issue 23, point 3): when an Exchange ask is opened, taken or
withdrawn, every investor, observer and the master is told at once (id, shares, price),
never who sells or buys. Every mail goes through the real listener."""

from __future__ import annotations

from tests.e2e.conftest import MailJudge

GM = "gm@exchange.example"
NAMES = ("ANN", "BOB", "CAT")


def _address(name: str) -> str:
    return f"{name.lower()}@investors.example"


def _sign(name: str) -> str:
    return f"SIGNON {name}@xm pw{name.lower()}"


def _news(sent: list, reader: str) -> list[str]:
    return [m.body for m in sent if m.recipient == reader and "the market" in m.subject]


def test_every_investor_sees_the_asks_without_their_sellers(by_mail: MailJudge) -> None:
    by_mail.replies(GM, "CREATE xm masterpw EXCHANGE")
    for name in NAMES:
        by_mail.replies(_address(name), f"JOIN xm pw{name.lower()} {name}")
    by_mail.replies("watcher@example.org", "OBSERVE xm watchpw")
    by_mail.replies(GM, "SIGNON MASTER@xm masterpw", "SET PREFLOATED yes",
                    "SET HOLDINGS ANN FRANCE 20", "SET HOLDINGS BOB FRANCE 10", "START")

    opened = by_mail.send(_address("ANN"), _sign("ANN"), "ASK FRANCE 4 AT 15",
                          "ASK FRANCE 1 AT 30")
    readers = {*map(_address, NAMES), "watcher@example.org", GM}
    for reader in readers:
        news = _news(opened, reader)
        assert len(news) == 1, (reader, [m.subject for m in opened])  # one letter a mail
        text = " ".join(news[0].split())
        assert "Ask #1 opened: 4 FRANCE shares at 15 AgP each" in text
        assert "Ask #2 opened: 1 FRANCE share at 30 AgP each" in text
        assert "ANN" not in text and "ann@" not in text

    taken = by_mail.send(_address("CAT"), _sign("CAT"), "TAKE 1 3")
    for reader in readers:
        text = " ".join(" ".join(_news(taken, reader)).split())
        assert "Ask #1: 3 FRANCE shares sold at 15 AgP each; 1 left." in text
        assert "ANN" not in text and "CAT" not in text

    withdrawn = by_mail.send(_address("ANN"), _sign("ANN"), "WITHDRAW 2")
    for reader in readers:
        text = " ".join(" ".join(_news(withdrawn, reader)).split())
        assert "Ask #2 withdrawn: 1 FRANCE share at 30 AgP each." in text
        assert "ANN" not in text
