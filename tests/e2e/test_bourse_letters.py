"""The Bourse's letters and STATUS through the real SMTP listener (issue 23, point 4):
the start letter, one letter per turn that opens with its deadline (and no second copy
of the host's news for a host player), the end letter with each member's own discarded
trades, STATUS before, during, between turns and after the end, and the reply's
in-force tail with what the trades commit. Nothing of one member's trades, cash or
holdings reaches another."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.service.processing import process_due
from judge.storage.mailqueue import OutboundMessage
from tests.e2e.conftest import MailJudge
from tests.e2e.test_bourse_by_mail import CAROL, DAVE, GM, POWERS, _flat, new_mails, player
from tests.markets.test_bourse_by_mail import france_owns_eighteen

FRANCE = "france@players.example"


def _deadline(judge: MailJudge, factory: sessionmaker[Session], settings: Settings,
              days: int) -> list[OutboundMessage]:
    """Run the processor as if ``days`` had passed; the mails it queued."""
    process_due(factory, settings, datetime.now(UTC) + timedelta(days=days))
    return new_mails(judge, factory)


def _to(mails: list[OutboundMessage], recipient: str) -> dict[str, str]:
    """Subject -> body of the mails to one recipient."""
    return {m.subject: m.body for m in mails if m.recipient == recipient}


def _host_deadline(body: str) -> str:
    """The deadline a host letter names."""
    found = re.search(r"The deadline for orders will be (.+?)\.\n", body)
    assert found is not None, body
    return found.group(1)


def _reply(judge: MailJudge, sender: str, *lines: str) -> str:
    return judge.replies(sender, *lines)[sender]


def test_the_letters_of_a_bourse_from_start_to_end(
        by_mail: MailJudge, settings: Settings,
        session_factory: sessionmaker[Session]) -> None:
    judge = by_mail
    judge.replies(GM, "CREATE bl gmpass BOURSE CASH_SURPLUS=ON")
    for power in POWERS:
        judge.replies(player(power), f"JOIN bl pw{power.lower()} {power}")
    body = _flat(_reply(judge, CAROL, "SIGNON BOURSE@bl carolpw", "JOIN BOURSE crown"))
    assert ("The first turn goes with the host's first phase; a letter gives you its "
            "deadline and the Bourse's terms when the game starts.") in body
    judge.replies(FRANCE, "SIGNON BOURSE@bl argentpw", "JOIN BOURSE argent")

    # STATUS before the start: the first turn, no orders, no deadline yet
    body = _flat(_reply(judge, CAROL, "SIGNON CROWN@bl carolpw", "STATUS"))
    assert "Bourse of bl, before the start: CROWN" in body
    assert "The first turn goes with the host's S1901M, which opens when bl starts" in body
    assert "Holdings: CROWNS 1000, POUNDS 1000" in body and "Rates: CROWNS 1.00" in body
    assert "Your orders" not in body and "Eliminated" not in body
    assert "as it opened" not in body

    # the start: the host's notice and the Bourse's start letter, each once
    started = judge.send(GM, "SIGNON MASTER@bl gmpass", "START")
    starts = [m for m in started if m.subject == "bl: the Bourse begins, S1901M"]
    assert sorted(m.recipient for m in starts) == sorted([CAROL, FRANCE, GM])
    first = _host_deadline(_to(started, FRANCE)["Diplomacy game bl has started"])
    letter = _to(started, CAROL)["bl: the Bourse begins, S1901M"]
    flat = _flat(letter)
    assert f"The first Bourse turn goes with the host's S1901M. Its deadline: {first}" in flat
    assert "Every member starts with 1000 units of each currency and no cash" in flat
    assert "CROWNS, POUNDS, FRANCS, MARKS, LIRA, ROUBLES, PIASTRES" in flat
    assert "Members so far: ARGENT, CROWN." in flat
    assert "(SELL_LIMIT 500)" in flat and "(CASH_SURPLUS ON)" in flat
    assert "Bourse" not in _to(started, FRANCE)["Diplomacy game bl has started"]
    assert [m.subject for m in started if m.recipient == CAROL] == [
        "bl: the Bourse begins, S1901M"]  # a member who plays no power: the Bourse's alone

    # STATUS during the turn: the turn, its deadline, the orders so far
    body = _flat(_reply(judge, CAROL, "SIGNON CROWN@bl carolpw", "SELL 100 LIRA",
                        "BUY 115 MARKS", "STATUS"))
    assert f"turn S1901M (as it opened): CROWN The turn is open until {first}." in body
    assert "Your orders for S1901M: SELL 100 LIRA; BUY 115 MARKS" in body
    # the reply ends with what is in force: the orders and what they commit
    tail = body.split("(in force now for S1901M)")[1]
    assert tail.startswith(" this mail's trades replace any sent before it Your orders: "
                           "SELL 100 LIRA; BUY 115 MARKS Cash as the turn opened: 0.00 "
                           "Your purchases cost 115.00 against funds of 100.00 (your sales "
                           "100.00 plus your cash 0.00)"), tail
    body = _flat(_reply(judge, FRANCE, "SIGNON ARGENT@bl argentpw", "SELL 200 FRANCS",
                        "BUY 200 LIRA", "STATUS"))
    assert "Your orders: SELL 200 FRANCS; BUY 200 LIRA" in body
    assert "CROWN" not in body.replace("CROWNS", "") and "115 MARKS" not in body
    body = _flat(_reply(judge, CAROL, "SIGNON CROWN@bl carolpw", "STATUS"))
    assert "ARGENT" not in body and "200 FRANCS" not in body  # nothing of another member
    assert "Your orders for S1901M: SELL 100 LIRA; BUY 115 MARKS" in body
    judge.replies(player("TURKEY"), "SIGNON TURKEY@bl pwturkey", "A CON-BUL")

    # S1901M processed: one letter, which also opens F1901M with its deadline
    mails = _deadline(judge, session_factory, settings, 30)
    fall = _host_deadline(_to(mails, FRANCE)["Diplomacy results bl S1901M"])
    for reader in (CAROL, FRANCE, GM):
        got = _to(mails, reader)
        bourse = [s for s in got if "Bourse" in s]
        assert bourse == ["bl: Bourse S1901M results"], (reader, list(got))
        assert (f"The next Bourse turn, F1901M, is open now. Its deadline: {fall}"
                in _flat(got["bl: Bourse S1901M results"]))

    # F1901M: CAROL keeps cash (not her first turn); the letter names the next turn
    judge.replies(player("TURKEY"), "SIGNON TURKEY@bl pwturkey", "A BUL H")
    body = _flat(_reply(judge, CAROL, "SIGNON CROWN@bl carolpw", "SELL 100 LIRA",
                        "BUY 50 MARKS"))
    assert "Your purchases cost" in body
    body = _flat(_reply(judge, DAVE, "SIGNON BOURSE@bl davepw1", "JOIN BOURSE bullion"))
    assert f"The turn F1901M is open until {fall}; STATUS shows your holdings." in body
    mails = _deadline(judge, session_factory, settings, 60)
    assert "W1901A" in _to(mails, FRANCE)["Diplomacy results bl F1901M"]
    text = _flat(_to(mails, CAROL)["bl: Bourse F1901M results"])
    assert ("The host game goes on with W1901A, which has no Bourse turn; the next turn "
            "goes with S1902M.") in text

    # STATUS between turns: no orders, the next turn named
    body = _flat(_reply(judge, DAVE, "SIGNON BOURSE@bl davepw1", "STATUS", "BUY 10 LIRA"))
    assert "Bourse of bl, W1901A: BULLION No Bourse turn goes with W1901A; the next goes " \
           "with S1902M." in body
    assert "no Bourse turn is open" in body  # the BUY line
    assert "Your orders" not in body and "in force now" not in body
    assert "Holdings: CROWNS 1000" in body and "Cash: 0.00; net worth" in body

    # W1901A processed: no Bourse news, but S1902M opens: a letter to the members who
    # play no power, none to the host player (the host's letter names it) or the master
    mails = _deadline(judge, session_factory, settings, 90)
    spring = _host_deadline(_to(mails, FRANCE)["Diplomacy results bl W1901A"])
    opens = [m for m in mails if m.subject == "bl: Bourse turn S1902M is open"]
    assert sorted(m.recipient for m in opens) == sorted([CAROL, DAVE])
    assert not [m for m in mails if "Bourse" in m.subject and m.recipient in (FRANCE, GM)]
    assert f"is open. Its deadline: {spring}" in _flat(opens[0].body)

    # S1902M: the cash kept counts in the funds the tail shows
    body = _flat(_reply(judge, CAROL, "SIGNON CROWN@bl carolpw", "SELL 50 LIRA",
                        "BUY 30 POUNDS", "BUY 10 ROUBLES"))
    cash = re.search(r"Cash as the turn opened: (\d+\.\d\d)", body)
    assert cash is not None and cash.group(1) != "0.00"
    funds = re.search(r"against funds of (\d+)\.(\d\d) \(your sales (\d+)\.(\d\d) plus "
                      r"your cash (\d+)\.(\d\d)\)", body)
    assert funds is not None, body
    total, sales, kept = (int(funds.group(i)) * 100 + int(funds.group(i + 1))
                          for i in (1, 3, 5))
    assert total == sales + kept and f"{kept // 100}.{kept % 100:02d}" == cash.group(1)
    _reply(judge, FRANCE, "SIGNON ARGENT@bl argentpw", "SELL 10 PIASTRES", "BUY 10 LIRA")

    # the end during S1902M: the open turn is discarded; each member reads his own
    ended = judge.send(GM, "SIGNON MASTER@bl gmpass", "TERMINATE")
    ends = {m.recipient: _flat(m.body) for m in ended if m.subject == "bl: the Bourse ends"}
    assert set(ends) == {CAROL, FRANCE, DAVE, GM}
    assert "Your trades discarded with it (you alone are told): CROWN: SELL 50 LIRA; " \
           "BUY 30 POUNDS; BUY 10 ROUBLES" in ends[CAROL]
    assert "ARGENT: SELL 10 PIASTRES; BUY 10 LIRA" in ends[FRANCE]
    assert "You had no trade open in it." in ends[DAVE]
    assert "The open turn of S1902M was discarded" in ends[GM]
    for reader, text in ends.items():  # nobody reads another member's trades
        assert ("SELL 50 LIRA" in text) == (reader == CAROL)
        assert ("SELL 10 PIASTRES" in text) == (reader == FRANCE)
        assert "discarded with it" not in text or reader in (CAROL, FRANCE)

    # STATUS after the end: how it ended, the credits, no turn to come
    body = _flat(_reply(judge, CAROL, "SIGNON CROWN@bl carolpw", "STATUS"))
    assert ("Bourse of bl, over: CROWN The host game ended (terminated) in S1902M; no turn "
            "comes any more.") in body
    assert re.search(r"Your credits: \d+\.\d\d; the winners?: [A-Z, ]+\.", body)
    assert "Holdings as scored: CROWNS 1000, POUNDS 1000, FRANCS 1000, MARKS 1150" in body
    assert "Your orders" not in body and "deadline" not in body.lower()

    # no Bourse letter names an address, the host's letters name no pseudonym, and every
    # mail keeps within 78 columns
    with session_factory() as s:
        everything = list(s.scalars(select(OutboundMessage)))
    owners = {"CROWN": CAROL, "ARGENT": FRANCE, "BULLION": DAVE}
    for mail in everything:
        assert max(len(line) for line in mail.body.splitlines()) <= 78, mail.subject
        for pseudonym, owner in owners.items():
            if mail.recipient.lower() in (owner, GM):
                continue
            assert owner not in mail.body
            if mail.subject.startswith("Diplomacy"):  # the host's own letters
                assert not re.search(rf"\b{pseudonym}\b", mail.body), mail.subject
        if "Bourse" in mail.subject and mail.recipient != GM:
            assert "@" not in mail.body, mail.subject


def test_a_solo_sends_the_last_turn_letter_then_the_end(
        by_mail: MailJudge, settings: Settings,
        session_factory: sessionmaker[Session]) -> None:
    """The host ends once its phase is processed: the last turn counts, its letter comes
    first (no next turn to name), and the end letter says no trade was left open."""

    judge = by_mail
    judge.replies(GM, "CREATE bs gmpass BOURSE")
    for power in POWERS:
        judge.replies(player(power), f"JOIN bs pw{power.lower()} {power}")
    judge.replies(CAROL, "SIGNON BOURSE@bs carolpw", "JOIN BOURSE crown")
    judge.replies(GM, "SIGNON MASTER@bs gmpass", "START")
    _deadline(judge, session_factory, settings, 30)  # S1901M
    france_owns_eighteen(session_factory)
    _reply(judge, CAROL, "SIGNON CROWN@bs carolpw", "SELL 500 LIRA", "BUY 500 FRANCS")
    mails = _deadline(judge, session_factory, settings, 60)
    mine = [m for m in mails if m.recipient == CAROL]
    assert [m.subject for m in mine] == ["bs: Bourse F1901M results", "bs: the Bourse ends"]
    turn, end = (_flat(m.body) for m in mine)
    assert "The host game ended after F1901M; the next letter scores the Bourse." in turn
    assert "deadline" not in turn.lower()
    assert "ended (victory) in F1901M" in end
    assert "The last phase, F1901M, was processed before the end: no trade was left open." \
        in end
    assert "discarded" not in end and "CROWN 415.00" in end
    body = _flat(_reply(judge, CAROL, "SIGNON CROWN@bs carolpw", "STATUS"))
    assert "The host game ended (victory) in F1901M; no turn comes any more." in body
    assert "Your credits: 415.00; the winner: CROWN." in body
    assert "Holdings as scored: CROWNS 1000, POUNDS 1000, FRANCS 1500" in body
