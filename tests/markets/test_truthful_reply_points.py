"""Issue 23, point 1, the sub-points the property test (test_truthful_replies.py) does
not draw: a SETUP answered with the terms in force (a PRICE sent before it stands), the
lines after the DRAW that ended the game not accepted (exchange D34), and what a reply
ends with, for each account the sender acted for."""

from __future__ import annotations

from judge.games.exchange.demo import leaders
from tests.markets.conftest import MarketJudge
from tests.markets.test_exchange_refusals import GAME, send, to_phase


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_setup_reply_shows_the_terms_with_the_price_sent_before(
        market: MarketJudge) -> None:
    to_phase(market, "W1900O")
    assert "accepted for W1900O" in send(market, "ALICE", None, "PRICE FRANCE 12")
    body = _flat(send(market, "ALICE", None, "SETUP FRANCE SHARES 30 PRICE 10"))
    # the PRICE sent before stands over the SETUP's own price, and the reply says so
    assert "(in force now for W1900O)" in body, body
    assert "FRANCE is offered on: 30 shares at 12 AgP" in body, body
    # BOB founded nothing: his reply shows no terms of FRANCE
    assert "FRANCE is offered on" not in _flat(send(market, "BOB", None, "STATUS",
                                                    "TRANSFER 1 TO DAVE"))


def test_the_lines_after_the_draw_that_ended_the_game_are_not_accepted(
        market: MarketJudge) -> None:
    to_phase(market, "F1901M")
    state = market.state(GAME)
    everyone = " ".join(sorted(state["corporations"]))
    led = sorted(leaders(state).items())
    for power, who in led[:-1]:
        send(market, who, None, f"DRAW {power} {everyone}")
    power, who = led[-1]
    body = send(market, who, None, f"DRAW {power} {everyone}", "TRANSFER 5 TO DAVE"
                if who != "DAVE" else "TRANSFER 5 TO BOB")
    flat = _flat(body)
    assert "this mail ended the game" in flat, body
    transfer = flat.split("> TRANSFER 5 TO")[1]
    assert transfer.split()[1:4] == ["REFUSED,", "nothing", "changed:"], body
    assert "not read: the game ended with your DRAW above" in transfer, body
    assert "accepted" not in transfer and "done:" not in transfer, body
    assert "the rest were done" in flat  # the DRAW was done


def test_a_reply_ends_with_what_is_in_force_for_each_account(market: MarketJudge) -> None:
    to_phase(market, "S1901M")
    leader = leaders(market.state(GAME))["FRANCE"]
    mine = _flat(send(market, leader, None, "1 : A MUN - RUH"))
    as_france = _flat(send(market, leader, "FRANCE", "4 : A PAR - BUR"))
    # as himself: his own sheet; as FRANCE: his own and FRANCE's, each with its total
    assert mine.endswith("It offers 1 AgP in all, against " +
                         mine.split("against ")[-1]), mine
    tail = as_france.split("(in force now for S1901M)")[1]
    assert "Your offer sheet: 1 : A MUN - RUH" in tail, tail
    assert "FRANCE's offer sheet: 4 : A PAR - BUR It offers 4 AgP in all" in tail, tail
    # a sheet refused whole: none of it accepted, the sheet in force shown
    refused = _flat(send(market, leader, "FRANCE", "2 : F BRE - MAO", "2 : A XYZ - BUR"))
    assert "accepted" not in refused, refused
    assert "your whole offer sheet is refused" in refused, refused
    assert "FRANCE's offer sheet: 4 : A PAR - BUR" in refused, refused
    # no other investor's sheet in anyone's reply
    other = _flat(send(market, "DAVE", None, "3 : A MUN - RUH"))
    assert "A PAR - BUR" not in other and "FRANCE's offer sheet" not in other, other
