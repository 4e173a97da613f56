"""Refusals say what to write, in every kind of the registry (issue 23, point 5), by mail
through the real listener: a near miss of a command word, a name, a country, a currency
or a province is answered with what it may have meant; a command sent in a phase that
does not take it says which phase does; a member who forgets to sign on is shown his own
sign-on line; an order the board refuses says what the unit can do. A kind added to the
registry without a recipe here fails the test."""

from __future__ import annotations

import pytest

from judge.games import KINDS
from tests.e2e.conftest import MailJudge

GM = "gm@example.org"


def address(name: str) -> str:
    return f"{name.lower()}@players.example"


# kind -> (CREATE words, the names that join, who signs on (as what) and sends the
# lines, then (line, what its refusal must say) for each line)
RECIPES: dict[str, tuple[str, tuple[str, ...], tuple[str, str],
                         tuple[tuple[str, str], ...]]] = {
    "standard": ("STANDARD", ("FRANCE",), ("FRANCE", "FRANCE"), (
        ("A PAR - BRU", "unknown province 'BRU' (did you mean BRE or BUR or PRU?)"),
        ("A PAR - MOS", "not adjacent; A PAR can move to BRE, BUR, GAS, PIC"),
    )),
    "payola": ("PAYOLA", ("FRANCE",), ("FRANCE", "FRANCE"), (
        ("A PAR - BRU", "unknown province 'BRU' (did you mean BRE or BUR or PRU?)"),
    )),
    "exchange": ("EXCHANGE", ("ALICE", "BOB"), ("ALICE", "ALICE"), (
        ("BIDD FRANCE 100", "unknown command (did you mean BID?)"),
        ("BID FRNACE 100", "no such power (did you mean FRANCE?)"),
        ("TRANSFER 5 TO ALIC", "no such investor (did you mean ALICE?)"),
        ("PURCHASE FRANCE", "PURCHASE is for the IPO phase W1900P; now: BID, ISSUE, "
                            "NOBID, NOISSUE"),
    )),
    "shareholders": ("SHAREHOLDERS", ("ANN", "BEN", "CID"), ("ANN", "ANN"), (
        ("BYU 1 FRANCE", "BYU is not a command (did you mean BUY?)"),
        ("SEL 1 FRANCE", "SEL is not a command (did you mean SELL?)"),
        ("BUY 1 FRNACE", "FRNACE is not a country (did you mean FRANCE?)"),
        ("SELL 1 FRANCE", "you hold only 0 FRANCE shares"),
    )),
    "capitalist": ("CAPITALIST MIN_PLAYERS=2", ("MIDAS", "CROESUS"), ("MIDAS", "MIDAS"), (
        ("BYU 10 MARKS", "cannot understand this command (did you mean BUY?)"),
        ("SEL 10 LIRA", "cannot understand this command (did you mean SELL?)"),
        ("BUY 10 MARKZ", "no such currency (did you mean MARK?)"),
        ("A PAR - BUR", "orders are for the military phase S1901M"),
    )),
    "bourse": ("STANDARD BOURSE", ("FRANCE",), ("BOURSE", "DAVE"), (
        ("JOIN BOURSE DAVE", ""),
        ("BYU 10 MARKS", "cannot understand this command (did you mean BUY?)"),
        ("SEL 10 LIRA", "cannot understand this command (did you mean SELL?)"),
        ("BUY 10 MARKZ", "no such currency (did you mean MARKS?)"),
    )),
}


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_refusals_say_what_to_write(by_mail: MailJudge, kind: str) -> None:
    words, joining, (signer, name), lines = RECIPES[kind]
    game = f"h{kind[:6]}"
    assert "created" in by_mail.replies(GM, f"CREATE {game} gmpass {words}")[GM]
    for who in joining:
        by_mail.replies(address(who), f"JOIN {game} pw{who.lower()} {who}")
    sender = address(name)
    if signer == "BOURSE":
        by_mail.replies(sender, f"SIGNON BOURSE@{game} pw{name.lower()}",
                        f"JOIN BOURSE {name}")
    assert "started" in by_mail.replies(GM, f"SIGNON MASTER@{game} gmpass", "START")[GM]
    body = _flat(by_mail.replies(sender, f"SIGNON {name}@{game} pw{name.lower()}",
                                 *(line for line, _ in lines if line.split()[0] != "JOIN")
                                 )[sender])
    for line, said in lines:
        if said:
            assert f"{line} REFUSED, nothing changed: - {said}" in body or said in body, \
                (line, said, body)
    # a member who forgets to sign on is shown his own sign-on line
    body = _flat(by_mail.replies(sender, "SET WAIT")[sender])
    assert f"sign on first: SIGNON {name}@{game} <password>" in body, body


def test_an_exchange_says_no_bid_to_withdraw_and_counts_one_share(by_mail: MailJudge) -> None:
    alice, bob = address("ALICE"), address("BOB")
    by_mail.replies(GM, "CREATE hx gmpass EXCHANGE")
    for who in ("ALICE", "BOB"):
        by_mail.replies(address(who), f"JOIN hx pw{who.lower()} {who}")
    by_mail.replies(GM, "SIGNON MASTER@hx gmpass", "START")
    raw = by_mail.replies(alice, "SIGNON ALICE@hx pwalice", "NOBID FRANCE",
                          "BID FRANCE 100", "NOBID FRANCE")[alice]
    assert all(len(line) <= 78 for line in raw.splitlines()), raw
    body = _flat(raw)
    # the first NOBID changed nothing, and the last one of the mail counts: it is not in
    # force, and the reply still says why it did nothing
    assert "2> NOBID FRANCE not in force: a later line of this mail undoes it" in body, body
    assert "(as read: no bid for FRANCE to withdraw; nothing changed)" in body, body
    assert "NOBID FRANCE accepted for W1900B: bid for FRANCE withdrawn" in body, body

    by_mail.replies(GM, "CREATE hp gmpass EXCHANGE")
    for who in ("ALICE", "BOB"):
        by_mail.replies(address(who), f"JOIN hp pw{who.lower()} {who}")
    by_mail.replies(GM, "SIGNON MASTER@hp gmpass", "SET PREFLOATED yes",
                    "SET HOLDINGS ALICE FRANCE 1", "SET HOLDINGS BOB FRANCE 20", "START")
    body = _flat(by_mail.replies(alice, "SIGNON ALICE@hp pwalice", "ASK FRANCE 2 AT 5")[alice])
    assert "you hold only 1 unlisted FRANCE share" in body and "1 unlisted FRANCE shares" \
        not in body, body
    by_mail.replies(bob, "SIGNON BOB@hp pwbob", "ASK FRANCE 1 AT 5")
    body = _flat(by_mail.replies(alice, "SIGNON ALICE@hp pwalice", "TAKE 1 2")[alice])
    assert "ask #1 has only 1 share left" in body, body
