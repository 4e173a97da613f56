"""The start notice of every market kind tells the members what they start with and when
the game ends (issue 23, point 4), and names the first phase's deadline."""

from __future__ import annotations

import pytest

from tests.markets.conftest import GM, MarketJudge, member

# kind -> CREATE words, members, what the start notice must say
CASES = {
    "exchange": ("EXCHANGE STARTING_CASH=700 END_YEAR=1908", ("ALICE", "BOB"),
                 ("Each investor starts with 700 AgP in cash.",
                  "The game ends at the end of 1908 at the latest")),
    "exchange-open": ("EXCHANGE", ("ALICE", "BOB"),
                      ("Each investor starts with 1000 AgP in cash.",
                       "The game has no end year: it ends by a solo or an agreed draw.")),
    "shareholders": ("SHAREHOLDERS END_YEAR=1910", ("ANN", "BEN", "CID"),
                     ("Each player starts with $4200 in cash.",
                      "The game ends at the end of 1910 at the latest")),
    "capitalist": ("CAPITALIST MIN_PLAYERS=2", ("MIDAS", "CROESUS"),
                   ("Each player starts with 0.00 SFr and 1000 units of every currency.",
                    "The game ends at the end of 1915 at the latest")),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_start_notice_gives_the_terms(market: MarketJudge, case: str) -> None:
    words, names, said = CASES[case]
    game = f"t{case[:5]}"
    assert "created" in market.reply(GM, f"CREATE {game} masterpw {words}")
    for name in names:
        assert "joined" in market.reply(member(name), f"JOIN {game} pw{name.lower()} {name}")
    sent = market.send(GM, f"SIGNON MASTER@{game} masterpw", "START")
    notices = [m for m in sent if "has started" in m.subject and m.recipient == member(names[0])]
    assert len(notices) == 1
    text = " ".join(notices[0].body.split())
    for words_said in said:
        assert words_said in text, text
    assert "its deadline is" in text
