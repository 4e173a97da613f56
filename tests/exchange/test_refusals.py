"""Every refusal of exchange.md 4 (and the common reasons), each line alone in a mail,
against one rich state: the line is refused with the spec's reason and changes nothing."""

from __future__ import annotations

import pytest

from tests.exchange.builder import corporation, floated, mail, play, state


def _base(phase: str) -> dict:
    st = state(phase,
               investors={"ALICE": {"shares": {"FRANCE": 10}}, "BOB": {"shares": {
                   "FRANCE": 10, "GERMANY": 5}}, "CAROL": {"cash": 20, "shares": {"FRANCE": 3}},
                   "DAVE": {"shares": {"FRANCE": 6}}},
               corporations={
                   "FRANCE": floated("FRANCE", founder="ALICE", S=30, T=1, price=10,
                                     treasury=95, leader="ALICE", sc_values={
                                         "BRE": 20, "MAR": 20, "PAR": 20}),
                   "GERMANY": corporation(status="STARTED", founder="BOB", S=25, T=20,
                                          price=20, treasury=100)},
               units={"FRANCE": ["F BRE", "A PAR", "A MAR"]},
               centers={"FRANCE": ["BRE", "PAR", "MAR"]})
    st["asks"] = [{"id": 1, "seller": "ALICE", "corporation": "FRANCE", "remaining": 2,
                   "price": 15}]
    st["next_ask_id"] = 2
    return st


CASES = [
    # any time
    ("W1901B", "BOB", None, "TRANSFER 0 TO ALICE", "amount must be at least 1"),
    ("W1901B", "BOB", None, "TRANSFER 2000 TO ALICE", "you have only 1000 AgP available"),
    ("W1901B", "BOB", None, "TRANSFER 5 TO GERMANY", "GERMANY has not floated"),
    ("W1901B", "BOB", None, "TRANSFER 5 TO BOB", "you cannot transfer to yourself"),
    ("W1901B", "BOB", None, "TRANSFER 5 TO ZOE", "no such investor"),
    ("W1901B", "ALICE", "FRANCE", "TRANSFER 5 TO BOB", "corporations cannot transfer money"),
    ("W1901B", "BOB", None, "ASK FRANCE 0 AT 5", "quantity must be at least 1"),
    ("W1901B", "BOB", None, "ASK FRANCE 1 AT 0", "price must be at least 1"),
    ("W1901B", "BOB", None, "ASK ITALY 1 AT 5", "ITALY has not been started"),
    ("W1901B", "BOB", None, "ASK FRANCE 11 AT 5", "you hold only 10 unlisted FRANCE shares"),
    ("W1901B", "ALICE", None, "ASK FRANCE 9 AT 5", "you hold only 8 unlisted FRANCE shares"),
    ("W1901B", "BOB", None, "ASK ATLANTIS 1 AT 5", "no such power"),
    ("W1901B", "BOB", None, "WITHDRAW 7", "no open ask #7"),
    ("W1901B", "BOB", None, "WITHDRAW 1", "ask #1 is not yours"),
    ("W1901B", "BOB", None, "TAKE 7 1", "no open ask #7"),
    ("W1901B", "ALICE", None, "TAKE 1 1", "you cannot take your own ask"),
    ("W1901B", "BOB", None, "TAKE 1 0", "quantity must be at least 1"),
    ("W1901B", "BOB", None, "TAKE 1 3", "ask #1 has only 2 shares left"),
    ("W1901B", "CAROL", None, "TAKE 1 2", "you have only 20 AgP available"),
    ("W1901B", "BOB", None, "LEDGER FRANCE", "you are not the leader of FRANCE"),
    ("W1901B", "ALICE", None, "DRAW FRANCE FRANCE",
     "no draw is possible until every power has floated"),
    ("W1901B", "BOB", None, "NODRAW FRANCE", "you are not the leader of FRANCE"),
    ("W1901B", "ALICE", "FRANCE", "ACCEPT FEGAITRX", "acceptance list too long"),
    ("W1901B", "ALICE", "FRANCE", "ACCEPT FX", "letter X is not a power initial"),
    ("W1901B", "ALICE", "FRANCE", "ACCEPT FEF", "letter F appears more than once"),
    ("W1901B", "BOB", None, "ACCEPT FE", "investors have no acceptance list"),
    # signed on
    ("W1901B", "BOB", "FRANCE", "ISSUE FRANCE 1", "you are not the leader of FRANCE"),
    ("W1901B", "ALICE", "FRANCE", "ISSUE GERMANY 1", "you are signed on as FRANCE, not GERMANY"),
    ("W1901B", "ALICE", "FRANCE", "BID ITALY 100", "only investors may do this"),
    ("W1901P", "ALICE", "FRANCE", "PURCHASE FRANCE", "only investors may do this"),
    # Bids
    ("W1901B", "BOB", None, "BID GERMANY 100", "GERMANY has already been started"),
    ("W1901B", "BOB", None, "BID ITALY 99", "the minimum bid is 100 AgP"),
    ("W1901B", "BOB", None, "BID ITALY 100 SHARES 4", "shares must be between 5 and 100"),
    ("W1901B", "BOB", None, "BID ITALY 100 SHARES 101", "shares must be between 5 and 100"),
    ("W1901B", "BOB", None, "BID ITALY 100 PRICE 0", "price must be at least 1"),
    ("W1901B", "BOB", None, "BID ITALY 1001",
     "your bids would total 1001 AgP but you have 1000 AgP"),
    ("W1901B", "BOB", None, "ISSUE GERMANY 1", "GERMANY has not floated"),
    ("W1901B", "BOB", None, "ISSUE FRANCE 1", "you are not the leader of FRANCE"),
    ("W1901B", "ALICE", None, "ISSUE FRANCE 0", "amount must be at least 1"),
    ("W1901B", "ALICE", None, "ISSUE FRANCE 14",
     "an issue of 14 would leave more than a third of FRANCE unsold; at most 13"),
    ("W1901B", "BOB", None, "NOISSUE FRANCE", "you are not the leader of FRANCE"),
    ("W1901O", "BOB", None, "BID ITALY 100", "not accepted in this phase; BID is for the "
     "bids phase W1902B; now - APPROVE, PRICE, SETUP, VALUES"),
    # Offering
    ("W1901O", "BOB", None, "SETUP GERMANY SHARES 30 PRICE 10",
     "you did not start GERMANY this year"),
    ("W1901O", "BOB", None, "PRICE GERMANY 0", "price must be at least 1"),
    ("W1901O", "ALICE", None, "PRICE GERMANY 5", "you are not the founder of GERMANY"),
    ("W1901O", "BOB", None, "PRICE FRANCE 5", "you are not the leader of FRANCE"),
    ("W1901O", "BOB", None, "PRICE ITALY 5", "ITALY has not been started"),
    ("W1901O", "ALICE", None, "VALUES FRANCE BRE 20 MAR 20 PAR 20", "FRANCE has already floated"),
    ("W1901O", "ALICE", None, "VALUES GERMANY BER 34 KIE 33 MUN 33",
     "you are not the founder of GERMANY"),
    ("W1901O", "BOB", None, "VALUES GERMANY BER 34 KIE 33 MUN 33 MUN 1",
     "list each home centre of GERMANY once"),
    ("W1901O", "BOB", None, "VALUES GERMANY BER 34 KIE 66 MUN 0", "values must be at least 1"),
    ("W1901O", "BOB", None, "VALUES GERMANY BER 34 KIE 33 MUN 34", "values must total 100"),
    ("W1901O", "BOB", None, "VALUES GERMANY BER 52 KIE 24 MUN 24",
     "no centre may be worth more than twice the smallest"),
    ("W1901O", "BOB", None, "APPROVE FRANCE", "no issue is pending for FRANCE"),
    ("W1901P", "BOB", None, "APPROVE FRANCE", "not accepted in this phase; APPROVE is for "
     "the offering phase W1902O; now - CAP, NOCAP, NOPURCHASE, PURCHASE"),
    # IPO
    ("W1901P", "BOB", None, "PURCHASE 0*GERMANY", "count must be at least 1"),
    ("W1901P", "BOB", None, "PURCHASE ITALY", "no ITALY shares are offered"),
    ("W1901P", "BOB", None, "CAP -1", "cannot parse this command"),
    ("W1901E", "BOB", None, "NOPURCHASE", "not accepted in this phase; NOPURCHASE is for "
     "the IPO phase W1902P; now - TIEBREAK, VOTE"),
    # Elections
    ("W1901E", "BOB", None, "VOTE GERMANY BOB", "GERMANY has not floated"),
    ("W1901E", "ZOE", None, "VOTE FRANCE BOB", "ZOE is not a player in this game"),
    ("W1901E", "BOB", None, "VOTE FRANCE ZOE", "no such investor"),
    ("W1901E", "BOB", None, "TIEBREAK FRANCE BOB", "only the sitting leader of FRANCE may "
                                                   "break ties"),
    ("W1901E", "BOB", None, "TIEBREAK GERMANY BOB", "GERMANY has not floated"),
    # Dividends
    ("W1901A", "ALICE", None, "DIVIDEND FRANCE 4",
     "the largest possible dividend is 3 AgP per share"),
    ("W1901A", "BOB", None, "DIVIDEND FRANCE 1", "you are not the leader of FRANCE"),
    ("W1901A", "BOB", None, "BUILD A PAR", "sign on as the corporation to order its units"),
    # lines
    ("W1901B", "BOB", None, "HELLO", "unknown command"),
    ("W1901B", "BOB", None, "BID FRANCE", "cannot parse this command"),
    ("W1901B", "BOB", None, "TRANSFER TEN TO ALICE", "cannot parse this command"),
]


@pytest.mark.parametrize(("phase", "sender", "signed_on", "line", "reason"), CASES,
                         ids=[c[3] + " @" + c[0] for c in CASES])
def test_refusal(phase: str, sender: str, signed_on: str | None, line: str,
                 reason: str) -> None:
    before = _base(phase)
    result = play(before, mail(sender, line, signed_on=signed_on))
    key = sender if signed_on is None else f"{sender}/{signed_on}"
    assert result["errors"] == {key: [f"{line}: {reason}"]}
    silent = play(_base(phase))
    assert result["state"] == silent["state"], "a refused line changes nothing"


def test_one_transfer_per_recipient_and_phase() -> None:
    result = play(_base("W1901B"), mail("BOB", "TRANSFER 5 TO ALICE", "TRANSFER 5 TO ALICE",
                                        "TRANSFER 5 TO CAROL"), rules=["ONE_TRANSFER"])
    assert result["errors"] == {"BOB": [
        "TRANSFER 5 TO ALICE: you have already transferred to ALICE this phase"]}
    assert result["state"]["investors"]["BOB"]["cash"] == 990


def test_no_transfer() -> None:
    result = play(_base("W1901B"), mail("BOB", "TRANSFER 5 TO ALICE"), rules=["NO_TRANSFER"])
    assert result["errors"] == {"BOB": [
        "TRANSFER 5 TO ALICE: transfers are not allowed in this game"]}


def test_draw_member_checks() -> None:
    st = _base("W1901B")
    for p, c in st["corporations"].items():
        if c["status"] != "FLOATED":
            st["corporations"][p] = floated(p, S=20, T=0, price=5, leader="BOB")
    st["inactive"] = []
    result = play(st, mail("ALICE", "DRAW FRANCE FRANCE FRANCE", "DRAW FRANCE FRANCE ITALY",
                           "DRAW FRANCE FRANCE ATLANTIS"))
    assert result["errors"] == {"ALICE": [
        "DRAW FRANCE FRANCE FRANCE: FRANCE is named twice",
        "DRAW FRANCE FRANCE ITALY: ITALY cannot be part of a draw",
        "DRAW FRANCE FRANCE ATLANTIS: no such power"]}


def test_a_stranger_signed_on_has_every_line_refused() -> None:
    result = play(_base("W1901B"), mail("ZOE", "BID ITALY 100", "HELLO", signed_on="FRANCE"))
    assert result["errors"] == {"ZOE/FRANCE": [
        "BID ITALY 100: ZOE is not a player in this game",
        "HELLO: ZOE is not a player in this game"]}


def test_bad_parameters_and_income_flags_are_case_errors() -> None:
    from judge.batch import run_case
    from tests.exchange.builder import case
    for params in ({"MIN_SHARES": 4}, {"MAX_SHARES": 4, "MIN_SHARES": 5},
                   {"DEFAULT_SHARES": 200}, {"VICTORY_SCS": 0}, {"INCOME_MODE": "BARTER"}):
        assert "error" in run_case(case(_base("W1901B"), params=params)), params
    for flag in ("ZEROSUM", "FLAT_TAX"):
        assert run_case(case(_base("W1901B"), rules=[flag]))["error"] == "use INCOME_MODE"
