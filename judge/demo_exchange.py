"""A scripted Exchange game for four investors: what each sends in each phase, read off
the phase's opening state (who leads what, the next ask's number). ``judge demo --game
exchange`` plays it by SMTP; the by-mail tests play it through the service.

The first year starts all seven corporations: ALICE founds FRANCE (30 shares at 10 AgP,
with her own centre values), the others cheap five-share corporations from their BID
lines. Every corporation floats at the IPO; the elections follow, FRANCE's leader pays a
dividend, BOB sells FRANCE shares to DAVE on the market and CAROL gives DAVE money. In
Spring 1901 FRANCE bribes its own army and DAVE, an investor, bribes a German one; in
Fall 1901 the seven leaders agree a draw of all seven, which ends the game at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

INVESTORS = ("ALICE", "BOB", "CAROL", "DAVE")
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
CREATE_PARAMS = "MIN_BID=100"

Mail = tuple[str, str | None, list[str]]  # investor, power he signs on as (or None), lines

BIDS: dict[str, list[str]] = {
    "ALICE": ["BID FRANCE 150", "BID ENGLAND 100 SHARES 5 PRICE 1"],
    "BOB": ["BID GERMANY 100 SHARES 5 PRICE 1", "BID AUSTRIA 100 SHARES 5 PRICE 1"],
    "CAROL": ["BID ITALY 100 SHARES 5 PRICE 1", "BID RUSSIA 100 SHARES 5 PRICE 1"],
    "DAVE": ["BID TURKEY 100 SHARES 5 PRICE 1", "BID ITALY 90"],
}
PURCHASES: dict[str, list[str]] = {
    "ALICE": ["PURCHASE 2*GERMANY 2*AUSTRIA 2*ITALY 2*RUSSIA 2*TURKEY"],
    "BOB": ["PURCHASE 8*FRANCE 2*ENGLAND 2*ITALY 2*RUSSIA 2*TURKEY", "CAP 200"],
    "CAROL": ["PURCHASE 8*FRANCE 2*ENGLAND 2*GERMANY 2*AUSTRIA 2*TURKEY"],
    "DAVE": ["PURCHASE 2*ENGLAND 2*GERMANY 2*AUSTRIA 2*ITALY 2*RUSSIA"],
}


def leaders(state: Mapping[str, Any]) -> dict[str, str]:
    return {p: c["leader"] for p, c in state["corporations"].items() if c.get("leader")}


def mails_for(state: Mapping[str, Any]) -> list[Mail]:
    """The mails of the phase that opens with ``state``, in the order they are sent."""
    phase = str(state["phase"])
    if phase == "W1900B":
        return [(n, None, BIDS[n]) for n in INVESTORS]
    if phase == "W1900O":
        return [("ALICE", None, ["SETUP FRANCE SHARES 30 PRICE 10",
                                 "VALUES FRANCE BRE 20 MAR 20 PAR 20"]),
                ("BOB", None, ["SETUP FRANCE SHARES 30 PRICE 10"])]  # not his: refused
    if phase == "W1900P":
        return [(n, None, PURCHASES[n]) for n in INVESTORS]
    if phase == "W1900E":
        return [("ALICE", None, ["VOTE FRANCE ALICE"]),
                ("BOB", None, ["VOTE FRANCE ALICE"]),
                ("CAROL", None, ["VOTE FRANCE CAROL"])]
    if phase == "W1900A":
        ask = int(state["next_ask_id"])
        return [(leaders(state)["FRANCE"], None, ["DIVIDEND FRANCE 2"]),
                ("BOB", None, ["ASK FRANCE 2 AT 15"]),
                ("DAVE", None, [f"TAKE {ask} 2"]),
                ("CAROL", None, ["TRANSFER 50 TO DAVE"])]
    if phase == "S1901M":
        return [(leaders(state)["FRANCE"], "FRANCE",
                 ["4 : A PAR - BUR", "2 : F BRE - MAO", "2 : A MAR - SPA"]),
                ("DAVE", None, ["3 : A MUN - RUH"])]
    if phase == "F1901M":
        everyone = " ".join(POWERS)
        return [(who, None, [f"DRAW {p} {everyone}"]) for p, who in sorted(leaders(state).items())]
    return []
