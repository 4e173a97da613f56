"""``judge demo --game bourse``: a standard game with a Bourse beside it. Seven scripted
players play the board; two outsiders and one of the players trade currencies under
pseudonyms; nobody but the master learns who is behind them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TextIO

from judge.demos.opening import FALL, SPRING, WINTER
from judge.demos.script import Script, player


class MailJudge(Protocol):
    """What the script needs of ``judge.demos.script.MailJudge``."""

    log: TextIO

    def chapter(self, key: str) -> None: ...
    def send(self, sender: str, lines: Sequence[str], subject: str = "orders") -> None: ...
    def settle(self) -> None: ...
    def process(self) -> None: ...
    def has(self, subject: str) -> bool: ...

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")

# (reader, password, lines) for each Bourse turn; the first line of a mail is its sign-on
TRADES = {
    "S1901M": [
        ("carol", "carolpw", ["SELL 300 LIRA", "BUY 300 MARKS"]),
        ("france", "argentpw", ["JOIN BOURSE ARGENT", "SELL 400 CROWNS", "BUY 400 FRANCS"]),
        ("dave", "davepw1", ["JOIN BOURSE CROWN", "JOIN BOURSE BULLION", "SELL 600 PIASTRES",
                             "SELL 500 PIASTRES", "BUY 250 POUNDS", "BUY 250 ROUBLES"]),
    ],
    "F1901M": [
        ("carol", "carolpw", ["SELL 200 FRANCS", "BUY 210 MARKS", "STATUS"]),
        ("france", "argentpw", ["SELL 100 LIRA", "BUY 90 FRANCS"]),
        ("dave", "davepw1", ["BUY 10 POUNDS"]),
    ],
}

NARRATION = {
    "start": (
        "The master creates a standard game with a Bourse beside it (CREATE ... BOURSE "
        "CASH_SURPLUS=ON) and seven players join. Before the start an outsider, Carol, "
        "signs on to the Bourse (SIGNON BOURSE@<game>) and joins it as CROWN: the reply "
        "goes to her alone. Every Bourse member holds 1000 units of each currency, every "
        "rate is 1.00."),
    "S1901M": (
        "Spring 1901: the players order their units. In the Bourse, CROWN sells Lira for "
        "Marks; France's player joins under the pseudonym ARGENT and buys Francs with "
        "Crowns; another outsider, Dave, finds CROWN taken and joins as BULLION, and is "
        "told at once that 600 is over the 500 limit and that his purchases will be "
        "reduced. The judge's processor finds every order in but does not process: "
        "NO_EARLY keeps a phase with a Bourse turn until its deadline. The master's "
        "PROCESS is refused for the same reason; he sets NO_EARLY OFF for the demo and "
        "processes. The Bourse letter, the same for every member and the master, shows "
        "pseudonyms only: who is ARGENT is known to the judge and the master alone."),
    "F1901M": (
        "Fall 1901: the neutral centres fall. The Bourse's second turn: with CASH_SURPLUS "
        "on, what a member does not spend from now on is kept as cash. The rates move one "
        "cent per 100 units net bought or sold."),
    "W1901A": (
        "Winter 1901: the builds. No Bourse turn goes with an adjustment phase unless the "
        "master set WINTER_TURNS. When S1902M opens, the members who play no power get a "
        "letter naming the turn and its deadline; France's player, who is ARGENT, reads "
        "them in the host's own results instead."),
    "draw": (
        "Spring 1902: CROWN trades, then every player votes SET DRAW and the game ends in "
        "a draw. The open Bourse turn is discarded, and the Bourse is scored on the final "
        "centres: credits are centres x units / 100, summed over the powers; the most "
        "credits win. CROWN's copy of the closing letter lists the trades discarded; "
        "nobody else's does."),
}


def play(judge: MailJudge, game: str) -> None:
    """The script: create with a Bourse, join, a year of orders and trades, a draw."""
    master = player("master", game)
    say = lambda text: print(text, file=judge.log)  # noqa: E731
    say(f"Game {game}: a standard game with a Bourse; seven players and two outsiders.")
    judge.chapter("start")
    judge.send(master, [f"CREATE {game} masterpw BOURSE CASH_SURPLUS=ON"])
    judge.settle()
    for power in POWERS:
        judge.send(player(power, game), [f"JOIN {game} pw{power.lower()} {power}"])
    judge.send(player("carol", game), [f"SIGNON BOURSE@{game} carolpw", "JOIN BOURSE CROWN"])
    judge.settle()
    judge.process()  # every power has a player: the processor starts the game
    for phase, orders in (("S1901M", SPRING), ("F1901M", FALL), ("W1901A", WINTER)):
        say(f"{phase}: every player mails the judge; the Bourse members trade.")
        judge.chapter(phase)
        for power in POWERS:
            judge.send(player(power, game), [f"SIGNON {power}@{game} pw{power.lower()}",
                                              *orders[power]])
        for who, password, lines in TRADES.get(phase, []):
            judge.send(player(who, game), [f"SIGNON BOURSE@{game} {password}", *lines])
        judge.settle()
        judge.process()
        if not judge.has(f"Diplomacy results {game} {phase}"):
            say(f"{phase} was not processed on its own; the master processes it.")
            judge.send(master, [f"SIGNON MASTER@{game} masterpw", f"PROCESS {phase}"])
            judge.settle()
            if not judge.has(f"Diplomacy results {game} {phase}"):
                judge.send(master, [f"SIGNON MASTER@{game} masterpw", "SET NO_EARLY OFF",
                                    f"PROCESS {phase}"])
                judge.settle()
    say("S1902M: CROWN trades; every player votes for a draw among all survivors.")
    judge.chapter("draw")
    judge.send(player("carol", game), [f"SIGNON BOURSE@{game} carolpw", "SELL 100 MARKS",
                                        "BUY 100 LIRA"])
    for power in POWERS:
        judge.send(player(power, game), [f"SIGNON {power}@{game} pw{power.lower()}",
                                          "SET DRAW"])
    judge.settle()
    judge.process()


SCRIPT = Script(play, POWERS, NARRATION)
