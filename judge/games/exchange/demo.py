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

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.demos.script import MailJudge, Script, open_game, player
from judge.games import EXCHANGE
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState

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


NARRATION = {
    "start": (
        "The master creates an Exchange game (MIN_BID=100) and four investors join it: "
        "ALICE, BOB, CAROL and DAVE, 1000 AgP each. The master starts it: the first phase "
        "is the Bids phase W1900B, and every corporation is unstarted."),
    "W1900B": (
        "W1900B, the startup auctions: ALICE bids 150 for FRANCE and 100 for ENGLAND, the "
        "others 100 each for two more corporations, with SHARES and PRICE on the BID line "
        "as their set-up defaults. DAVE's bid of 90 for ITALY is refused at once (below "
        "MIN_BID). Everyone learns which corporations started, not by whom nor for how "
        "much; each bidder learns his own results, each founder gets his SETUP reminder."),
    "W1900O": (
        "W1900O, the offering: ALICE sets FRANCE up with 30 shares at 10 AgP and her own "
        "centre values; BOB's SETUP for FRANCE is refused (he did not start it). The other "
        "founders send nothing and get their BID lines' terms. The terms are public."),
    "W1900P": (
        "W1900P, the IPO: each investor mails a purchase list. The shares sell in rounds "
        "in the order of a lot, every corporation sells two thirds or more of its shares "
        "and floats: its units appear on the board. Each buyer learns his own purchases."),
    "W1900E": (
        "W1900E, the elections: ALICE and BOB vote ALICE for FRANCE, CAROL votes for "
        "herself; the others are silent (each silent holder votes for himself). The "
        "winners are public; each shareholder gets the tally, totals per candidate."),
    "W1900A": (
        "W1900A, dividends: FRANCE's leader pays 2 AgP a share. In the same phase BOB asks "
        "15 AgP for 2 FRANCE shares and DAVE takes them at once (the seller is told at "
        "once, everyone sees the fill at the end of the phase), and CAROL gives DAVE 50 AgP."),
    "S1901M": (
        "Spring 1901, Payola: FRANCE's leader signs on as FRANCE and pays its own units; "
        "DAVE, an investor, bribes the German army in Munich 3 AgP to go to the Ruhr. The "
        "orders and results are public, the bribes are known only to whoever paid them."),
    "F1901M": (
        "Fall 1901: the seven leaders each vote DRAW for a draw of all seven corporations; "
        "the last vote ends the game at once, and everyone gets the final holdings and "
        "portfolio values."),
}


def _state(judge: MailJudge, game: str) -> tuple[str, dict[str, Any]]:
    """The game's state (forming, active, completed) and its open phase's opening state."""
    with Session(judge.engine) as s:
        found = s.scalar(select(Game).where(Game.name == game))
        assert found is not None
        record = current_record(s, found)
        return str(found.state), dict(record.state) if record is not None else {}


def play(judge: MailJudge, game: str) -> None:
    """Create, join, start, then each phase: the investors' and leaders' mails by SMTP and
    the master's PROCESS (the phases' deadlines are days away)."""
    say = lambda text: print(text, file=judge.log)  # noqa: E731
    say(f"Game {game}: the master creates an Exchange game, four investors join.")
    master = open_game(judge, game, f"{EXCHANGE.word} {CREATE_PARAMS}", INVESTORS)
    for _ in range(12):
        status, state = _state(judge, game)
        if status != GameState.ACTIVE:
            break
        phase = str(state["phase"])
        say(f"{phase}: the investors and leaders mail the judge.")
        judge.chapter(phase if phase in NARRATION else "F1901M")
        for who, acting, lines in mails_for(state):
            judge.send(player(who, game),
                       [f"SIGNON {acting or who}@{game} pw{who.lower()}", *lines])
            judge.settle()  # immediate commands take effect in the order they are read
        if _state(judge, game)[0] == GameState.ACTIVE:
            judge.send(master, [f"SIGNON MASTER@{game} masterpw", "PROCESS"])
            judge.settle()
    say(f"Game {game} ended ({_state(judge, game)[0]}).")


SCRIPT = Script(play, INVESTORS, NARRATION)
