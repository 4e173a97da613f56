"""Bad input by mail (exchange.md 4): every refusal of the spec reachable by mail, an
unknown command, commands in the wrong phase, a leader who lost his office, a DRAW from
someone who leads nothing. Each line gets its own reason in the reply and changes
nothing: the phase played with the refused mail is the phase played without it."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS, mails_for
from judge.storage.phases import current_record
from judge.storage.schema import Game
from tests.markets.conftest import GM, MarketJudge, member, played

GAME = "xr"


def to_phase(market: MarketJudge, phase: str, params: str = CREATE_PARAMS,
             extra: dict[str, list[tuple[str, str | None, list[str]]]] | None = None) -> None:
    """A new game played by the script until ``phase`` opens (``extra`` mails are sent in
    the phases named, after the script's)."""
    market.reply(GM, f"CREATE {GAME} masterpw EXCHANGE {params}")
    for n in INVESTORS:
        market.reply(member(n), f"JOIN {GAME} pw{n.lower()} {n}")
    market.reply(GM, f"SIGNON MASTER@{GAME} masterpw", "START")
    for _ in range(30):
        state = market.state(GAME)
        if state["phase"] == phase:
            return
        mails = [] if state["phase"] == "F1901M" else mails_for(state)  # no draw here
        for who, acting, lines in [*mails, *(extra or {}).get(str(state["phase"]), [])]:
            send(market, who, acting, *lines)
        market.deadline(GAME)
    raise AssertionError(f"{phase} never opened")


def send(market: MarketJudge, who: str, acting: str | None, *lines: str) -> str:
    return market.reply(member(who), f"SIGNON {acting or who}@{GAME} pw{who.lower()}", *lines)


def refused(market: MarketJudge, who: str, line: str, acting: str | None = None) -> str:
    """Send one line; it must be refused, and the phase must play as it did before."""
    before = played(market, GAME)
    body = send(market, who, acting, line)
    assert "REFUSED, nothing changed:" in body, body
    # each reason with its wrapped lines joined again
    reasons = [" ".join(r.split()) for r in re.findall(r"^ +- (.*(?:\n {8}\S.*)*)$", body, re.M)]
    assert len(reasons) == 1, body
    after = played(market, GAME)
    assert after["state"] == before["state"]
    return reasons[0]


def signon_refused(market: MarketJudge, who: str, line: str, acting: str) -> None:
    """Sign on as a corporation ``who`` does not lead: refused at the SIGNON line with the
    reason (issue 23), the line after it not done, and the phase as it was."""
    before = played(market, GAME)
    body = send(market, who, acting, line)
    assert "Signed on" not in body, body
    assert f"{who} does not lead, direct or command {acting} in {GAME} now" in \
        " ".join(body.split()), body
    assert played(market, GAME)["state"] == before["state"]


def test_any_time_commands(market: MarketJudge) -> None:
    to_phase(market, "W1900A")
    st = market.state(GAME)
    cash = st["investors"]["ALICE"]["cash"]
    assert refused(market, "ALICE", "TRANSFER 0 TO BOB") == "amount must be at least 1"
    assert refused(market, "ALICE", f"TRANSFER {cash + 1} TO BOB") == \
        f"you have only {cash} AgP available"
    assert refused(market, "ALICE", "TRANSFER 5 TO ALICE") == "you cannot transfer to yourself"
    assert refused(market, "ALICE", "TRANSFER 5 TO NOBODY") == "no such investor"
    assert refused(market, "ALICE", "TRANSFER 5 TO BOB", acting="FRANCE") == \
        "corporations cannot transfer money"
    assert refused(market, "ALICE", "ASK FRANCE 0 AT 5") == "quantity must be at least 1"
    assert refused(market, "ALICE", "ASK FRANCE 1 AT 0") == "price must be at least 1"
    assert refused(market, "ALICE", "ASK FRANCE 7 AT 5") == \
        "you hold only 6 unlisted FRANCE shares"
    assert refused(market, "ALICE", "ASK XANADU 1 AT 5") == "no such power"
    assert "ask #1 opened" in send(market, "BOB", None, "ASK FRANCE 2 AT 15")
    assert refused(market, "ALICE", "WITHDRAW 9") == "no open ask #9"
    assert refused(market, "ALICE", "WITHDRAW 1") == "ask #1 is not yours"
    assert refused(market, "ALICE", "TAKE 9 1") == "no open ask #9"
    assert refused(market, "BOB", "TAKE 1 1") == "you cannot take your own ask"
    assert refused(market, "ALICE", "TAKE 1 0") == "quantity must be at least 1"
    assert refused(market, "ALICE", "TAKE 1 3") == "ask #1 has only 2 shares left"
    assert refused(market, "BOB", "LEDGER FRANCE") == "you are not the leader of FRANCE"
    assert refused(market, "ALICE", "ACCEPT FE") == "investors have no acceptance list"
    assert refused(market, "ALICE", "ACCEPT FXE", acting="FRANCE").startswith("letter X")
    assert refused(market, "BOB", "DRAW FRANCE FRANCE ENGLAND") == \
        "you are not the leader of FRANCE"  # he leads nothing
    assert refused(market, "ALICE", "DRAW FRANCE FRANCE FRANCE") == "FRANCE is named twice"
    assert refused(market, "ALICE", "HELLO THERE") == "unknown command"
    assert refused(market, "ALICE", "BID FRANCE") == "cannot parse this command"
    assert refused(market, "ALICE", "DIVIDEND GERMANY 1", acting="FRANCE") == \
        "you are signed on as FRANCE, not GERMANY"
    assert refused(market, "ALICE", "BID ITALY 100", acting="FRANCE") == \
        "only investors may do this"
    signon_refused(market, "BOB", "DIVIDEND FRANCE 1", "FRANCE")


def test_ledger_mails_the_corporations_books(market: MarketJudge) -> None:
    to_phase(market, "W1900A")
    out = market.send(member("ALICE"), f"SIGNON ALICE@{GAME} pwalice", "LEDGER FRANCE")
    ledger = [m for m in out if m.subject == "xr: Exchange: the ledger of FRANCE"]
    assert [m.recipient for m in ledger] == [member("ALICE")]
    assert "W1900B: treasury 0 AgP; started: the founder paid 150 AgP" in ledger[0].body
    assert "W1900P: treasury 150 AgP; IPO sales 160 AgP (to the bank" in ledger[0].body


def test_phase_commands_in_the_wrong_phase_and_their_checks(market: MarketJudge) -> None:
    to_phase(market, "W1900O")
    # each says which phase the command is for, and what this one takes (issue 23)
    now = "now: APPROVE, PRICE, SETUP, VALUES"
    assert refused(market, "ALICE", "BID ITALY 100") == \
        f"not accepted in this phase; BID is for the bids phase W1901B; {now}"
    assert refused(market, "ALICE", "VOTE FRANCE ALICE") == \
        f"not accepted in this phase; VOTE is for the elections phase W1900E; {now}"
    assert refused(market, "ALICE", "PURCHASE FRANCE") == \
        f"not accepted in this phase; PURCHASE is for the IPO phase W1900P; {now}"
    assert refused(market, "ALICE", "DIVIDEND FRANCE 1") == \
        f"not accepted in this phase; DIVIDEND is for the adjustment phase W1900A; {now}"
    assert refused(market, "BOB", "SETUP FRANCE SHARES 30 PRICE 10") == \
        "you did not start FRANCE this year"
    assert refused(market, "ALICE", "SETUP FRANCE SHARES 4 PRICE 10") == \
        "shares must be between 5 and 100"
    assert refused(market, "ALICE", "SETUP FRANCE SHARES 30 PRICE 0") == \
        "price must be at least 1"
    assert refused(market, "BOB", "PRICE FRANCE 12") == "you are not the founder of FRANCE"
    assert refused(market, "ALICE", "VALUES FRANCE BRE 20 MAR 20 PAR 20") == \
        "values must total 150"  # 25 shares at 30 AgP from her BID line (D30)
    assert "accepted for W1900O" in send(market, "ALICE", None, "SETUP FRANCE SHARES 30 PRICE 10")
    assert refused(market, "ALICE", "VALUES FRANCE BRE 10 MAR 20 PAR 30") == \
        "no centre may be worth more than twice the smallest"
    assert refused(market, "ALICE", "VALUES FRANCE BRE 20 MAR 20") == \
        "list each home centre of FRANCE once"
    assert refused(market, "ALICE", "VALUES FRANCE BRE 20 MAR 20 PAR 21") == \
        "values must total 60"
    assert refused(market, "ALICE", "APPROVE FRANCE") == "no issue is pending for FRANCE"
    assert refused(market, "ALICE", "TRANSFER 5 TO GERMANY") == "GERMANY has not floated"
    assert refused(market, "ALICE", "DRAW FRANCE FRANCE") == "FRANCE has not floated"


def test_bids_phase(market: MarketJudge) -> None:
    to_phase(market, "W1900B")
    assert refused(market, "DAVE", "BID ITALY 90") == "the minimum bid is 100 AgP"
    assert refused(market, "DAVE", "BID ITALY 100 SHARES 4") == \
        "shares must be between 5 and 100"
    assert refused(market, "DAVE", "BID ITALY 100 PRICE 0") == "price must be at least 1"
    assert "accepted for W1900B" in send(market, "DAVE", None, "BID ITALY 600")
    assert refused(market, "DAVE", "BID FRANCE 500") == \
        "your bids would total 1100 AgP but you have 1000 AgP"
    assert refused(market, "DAVE", "TRANSFER 500 TO BOB") == "you have only 400 AgP available"
    assert refused(market, "DAVE", "ISSUE FRANCE 5") == "FRANCE has not floated"
    assert refused(market, "DAVE", "ASK FRANCE 1 AT 5") == "FRANCE has not been started"


def test_ipo_and_elections(market: MarketJudge) -> None:
    to_phase(market, "W1900P")
    assert refused(market, "ALICE", "PURCHASE 0*GERMANY") == "count must be at least 1"
    assert refused(market, "ALICE", "PURCHASE XANADU") == "no such power"
    market.deadline(GAME)  # nobody buys: only the founders hold shares
    assert market.state(GAME)["phase"] == "W1901B"  # nothing floated, the year is empty


def test_elections_and_dividends(market: MarketJudge) -> None:
    to_phase(market, "W1900E")
    assert refused(market, "DAVE", "VOTE FRANCE ALICE") == "you hold no FRANCE shares"
    assert refused(market, "BOB", "TIEBREAK FRANCE BOB") == \
        "only the sitting leader of FRANCE may break ties"
    assert refused(market, "ALICE", "VOTE FRANCE NOBODY") == "no such investor"
    for who, acting, lines in mails_for(market.state(GAME)):
        send(market, who, acting, *lines)
    market.deadline(GAME)
    assert refused(market, "ALICE", "DIVIDEND FRANCE 6") == \
        "the largest possible dividend is 5 AgP per share"
    assert refused(market, "BOB", "DIVIDEND FRANCE 1") == "you are not the leader of FRANCE"


@pytest.mark.parametrize("flag,reason", [
    ("NO_TRANSFER", "transfers are not allowed in this game"),
    ("ONE_TRANSFER", "you have already transferred to BOB this phase"),
])
def test_transfer_flags(market: MarketJudge, flag: str, reason: str) -> None:
    to_phase(market, "W1900B", params=f"{CREATE_PARAMS} {flag}")
    if flag == "ONE_TRANSFER":
        assert "done: 5 AgP transferred to BOB" in send(market, "ALICE", None, "TRANSFER 5 TO BOB")
    assert refused(market, "ALICE", "TRANSFER 5 TO BOB") == reason


def test_draw_before_every_power_has_floated(market: MarketJudge) -> None:
    """Only FRANCE starts and floats: its leader's DRAW is refused."""
    market.reply(GM, f"CREATE {GAME} masterpw EXCHANGE {CREATE_PARAMS}")
    for n in ("ALICE", "BOB"):
        market.reply(member(n), f"JOIN {GAME} pw{n.lower()} {n}")
    market.reply(GM, f"SIGNON MASTER@{GAME} masterpw", "START")
    send(market, "ALICE", None, "BID FRANCE 100 SHARES 5 PRICE 1")
    market.deadline(GAME)
    market.deadline(GAME)  # O
    send(market, "BOB", None, "PURCHASE 4*FRANCE")
    market.deadline(GAME)  # P: FRANCE floats
    send(market, "ALICE", None, "VOTE FRANCE ALICE")
    send(market, "BOB", None, "VOTE FRANCE ALICE")
    market.deadline(GAME)  # E: ALICE leads (her vote and BOB's)
    assert market.state(GAME)["corporations"]["FRANCE"]["leader"] == "ALICE"
    assert refused(market, "ALICE", "DRAW FRANCE FRANCE") == \
        "no draw is possible until every power has floated"


def test_a_leader_who_lost_his_office(market: MarketJudge) -> None:
    """ALICE leads FRANCE from W1900E; at W1901E BOB and CAROL elect CAROL. ALICE may
    still sign on as FRANCE with her own password, but nothing she sends for it counts."""
    to_phase(market, "W1901E")
    assert market.state(GAME)["corporations"]["FRANCE"]["leader"] == "ALICE"
    send(market, "BOB", None, "VOTE FRANCE CAROL")
    send(market, "CAROL", None, "VOTE FRANCE CAROL")
    market.deadline(GAME)
    state = market.state(GAME)
    assert state["corporations"]["FRANCE"]["leader"] == "CAROL"
    assert state["phase"] == "W1901A"
    assert refused(market, "ALICE", "DIVIDEND FRANCE 1") == "you are not the leader of FRANCE"
    signon_refused(market, "ALICE", "DIVIDEND FRANCE 1", "FRANCE")
    signon_refused(market, "ALICE", "ACCEPT FE", "FRANCE")
    assert refused(market, "ALICE", "LEDGER FRANCE") == "you are not the leader of FRANCE"


def test_anon_transfer_hides_the_sender(market: MarketJudge) -> None:
    to_phase(market, "W1900B", params=f"{CREATE_PARAMS} ANON_TRANSFER")
    out = market.send(member("ALICE"), f"SIGNON ALICE@{GAME} pwalice", "TRANSFER 5 TO BOB")
    notice = [m.body for m in out if m.recipient == member("BOB")]
    assert notice and "You received 5 AgP from an investor." in notice[0]
    assert "ALICE" not in notice[0]
    market.deadline(GAME)
    assert not any("ALICE" in m.body for m in market.log if m.recipient == member("BOB")
                   and "your statement" in m.subject)


def test_a_setup_or_price_that_breaks_the_values_drops_them(market: MarketJudge) -> None:
    """4.3 (D30): the founder is told, in the reply to the line that broke them, and the
    float uses the even split."""
    to_phase(market, "W1900O")
    assert "accepted for W1900O" in send(market, "ALICE", None,
                                         "SETUP FRANCE SHARES 30 PRICE 10",
                                         "VALUES FRANCE BRE 20 MAR 20 PAR 20")
    notice = ("VALUES for FRANCE no longer match the offering; the even split will be used "
              "unless you resend them")
    assert notice not in send(market, "ALICE", None, "PRICE FRANCE 10")  # still 60 a year
    body = " ".join(send(market, "ALICE", None, "PRICE FRANCE 12").split())  # 72 a year
    assert "accepted for W1900O: FRANCE offered at 12 AgP; " + notice in body, body
    assert "REFUSED" not in body
    body = send(market, "ALICE", None, "VALUES FRANCE BRE 24 MAR 24 PAR 24")  # resent
    assert "accepted for W1900O" in body and "REFUSED" not in body
    body = " ".join(send(market, "ALICE", None,  # 48 a year with the PRICE of 12 (D29)
                         "SETUP FRANCE SHARES 20 PRICE 10").split())
    assert "accepted for W1900O: FRANCE: 20 shares at 10 AgP; " + notice in body, body
    market.deadline(GAME)
    assert market.state(GAME)["corporations"]["FRANCE"]["values_request"] is None


def test_dias_only_refuses_a_draw_of_fewer_than_all_survivors(market: MarketJudge) -> None:
    to_phase(market, "W1900A", params=f"{CREATE_PARAMS} DIAS_ONLY=yes")
    assert refused(market, "ALICE", "DRAW FRANCE FRANCE ENGLAND") == \
        "only draws including all survivors are allowed"
    body = send(market, "ALICE", None, "DRAW FRANCE " + " ".join(
        ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")))
    assert "draw vote of FRANCE recorded" in body and "REFUSED" not in body


def test_without_dias_only_a_smaller_draw_is_voted(market: MarketJudge) -> None:
    to_phase(market, "W1900A")
    body = send(market, "ALICE", None, "DRAW FRANCE FRANCE ENGLAND")
    assert "draw vote of FRANCE recorded" in body and "REFUSED" not in body


def test_a_corporation_without_centres_cannot_be_part_of_a_draw(market: MarketJudge) -> None:
    """Every corporation has floated; ITALY has lost its last centre (the phase's state is
    set so, as a Fall would leave it): naming it in a DRAW is refused."""
    to_phase(market, "W1900A")
    with market.factory() as s:
        game = s.scalar(select(Game).where(Game.name == GAME))
        assert game is not None
        record = current_record(s, game)
        assert record is not None
        state = dict(record.state)
        centers = {p: list(cs) for p, cs in state["centers"].items()}
        centers["AUSTRIA"] = sorted([*centers["AUSTRIA"], *centers.pop("ITALY")])
        state["centers"] = centers
        record.state = state
        s.commit()
    assert refused(market, "ALICE", "DRAW FRANCE FRANCE ITALY") == \
        "ITALY cannot be part of a draw"
    assert refused(market, "ALICE", "DRAW FRANCE ITALY FRANCE") == \
        "ITALY cannot be part of a draw"
