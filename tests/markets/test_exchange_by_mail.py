"""Exchange by mail: create, join, sign on, bid, the phase played at its deadline."""

from __future__ import annotations

from tests.markets.conftest import GM, MarketJudge, member


def _game(market: MarketJudge, *names: str) -> None:
    reply = market.reply(GM, "CREATE xa masterpw EXCHANGE MIN_BID=100 ONE_TRANSFER")
    assert "Game xa created (EXCHANGE ONE_TRANSFER MIN_BID=100)" in reply
    for n in names:
        assert f"as investor {n}" in market.reply(member(n), f"JOIN xa pw{n.lower()} {n}")
    assert "started: W1900B" in market.reply(GM, "SIGNON MASTER@xa masterpw", "START")


def test_bids_are_checked_at_once_and_played_at_the_deadline(market: MarketJudge) -> None:
    _game(market, "ALICE", "CAROL")
    reply = market.reply(member("CAROL"), "SIGNON CAROL@xa pwcarol",
                         "BID ENGLAND 120 SHARES 20 PRICE 9", "BID ITALY 90")
    assert "accepted for W1900B" in reply
    assert "the minimum bid is 100 AgP" in reply
    market.reply(member("ALICE"), "SIGNON ALICE@xa pwalice", "BID ENGLAND 110")
    out = market.deadline("xa")
    public = [m for m in out if m.subject == "xa: Exchange W1900B results"]
    assert {m.recipient for m in public} == {member("ALICE"), member("CAROL"), GM}
    assert "Started: ENGLAND." in public[0].body
    assert "CAROL" not in public[0].body  # the founder is not told to everyone
    mine = {m.recipient: m.body for m in out if "your statement" in m.subject}
    assert "Cash: 880 AgP (was 1000)" in mine[member("CAROL")]
    assert "Cash: 1000 AgP" in mine[member("ALICE")]
    assert "880" not in mine[member("ALICE")]
    assert market.game("xa").phase == "W1900O"


def test_not_a_leader_signed_on_as_a_corporation(market: MarketJudge) -> None:
    _game(market, "ALICE", "CAROL")
    reply = market.reply(member("ALICE"), "SIGNON FRANCE@xa pwalice", "ACCEPT F?")
    # refused at the SIGNON line, with the reason (issue 23): not "Signed on"
    assert "Signed on" not in reply
    assert "ALICE does not lead, direct or command FRANCE in xa now" in " ".join(reply.split())
    wrong = market.reply(member("ALICE"), "SIGNON FRANCE@xa nope", "ACCEPT F?")
    assert "wrong password for FRANCE" in wrong


def test_help_exchange_mails_the_players_guide(market: MarketJudge) -> None:
    reply = market.reply(member("ALICE"), "HELP EXCHANGE")
    assert "Playing Exchange Diplomacy by mail" in reply
    assert "SIGNON FRANCE@xg mysecret" in reply and "ASK FRANCE 4 AT 15" in reply


def test_status_shows_what_the_investors_own_mail_has_in_force(market: MarketJudge) -> None:
    _game(market, "ALICE", "CAROL")
    market.reply(member("CAROL"), "SIGNON CAROL@xa pwcarol", "BID ITALY 300")
    reply = market.reply(member("ALICE"), "SIGNON ALICE@xa pwalice",
                         "BID ENGLAND 120 SHARES 20 PRICE 9", "BID FRANCE 150",
                         "TRANSFER 100 TO CAROL", "STATUS")
    assert "Now, after your mail of this phase: cash 900 AgP" in reply
    assert "Your standing bids: ENGLAND 120 SHARES 20 PRICE 9, FRANCE 150" in reply
    assert "ITALY" not in reply.split("STATUS")[1]  # CAROL's bid is hers alone
    later = market.reply(member("ALICE"), "SIGNON ALICE@xa pwalice", "BID FRANCE 200",
                         "STATUS")
    assert "Your standing bids: ENGLAND 120 SHARES 20 PRICE 9, FRANCE 200" in later
    carol = market.reply(member("CAROL"), "SIGNON CAROL@xa pwcarol", "STATUS")
    assert "cash 1100 AgP" in carol and "Your standing bids: ITALY 300" in carol
    assert "ENGLAND" not in carol.split("Your standing bids")[1]
