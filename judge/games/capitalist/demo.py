"""``judge demo --game capitalist``: nine scripted pseudonyms and a master play a year of
Capitalist Diplomacy by mail against a running judge (SMTP in, Maildir out), and the
mail is printed as a story.

Every commerce phase is scripted so that each power has one biggest holder (no lot is
drawn, whatever the game's seed): in the spring seven pseudonyms buy one currency each,
CROESUS sells to build up cash, and in the fall CROESUS buys Mark and takes GERMANY from
MIDAS. The master ends each phase with PROCESS, as the deadlines are days away.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.demos.opening import FALL, SPRING, WINTER
from judge.demos.script import MailJudge, Script, open_game
from judge.games import CAPITALIST

PSEUDONYMS = ("MIDAS", "CROESUS", "PLUTUS", "MAMMON", "FUGGER", "MEDICI", "SCROOGE",
              "GEKKO", "RICHIE")
# the people behind the pseudonyms: their addresses appear in no mail to another player
PEOPLE = {"MIDAS": "alice", "CROESUS": "bob", "PLUTUS": "carol", "MAMMON": "dave",
          "FUGGER": "erin", "MEDICI": "frank", "SCROOGE": "gina", "GEKKO": "hank",
          "RICHIE": "ivy"}
COMMANDS = {"AUSTRIA": "PLUTUS", "ENGLAND": "MAMMON", "FRANCE": "FUGGER",
            "GERMANY": "MIDAS", "ITALY": "MEDICI", "RUSSIA": "SCROOGE", "TURKEY": "GEKKO"}
SPRING_TRADES = {
    "MIDAS": ["SELL 500 LIRA", "BUY 450 MARK"],
    "CROESUS": ["SELL 500 POUND", "SELL 500 RUBEL"],
    "PLUTUS": ["SELL 300 LIRA", "BUY 200 KRONEN"],
    "MAMMON": ["SELL 300 RUBEL", "BUY 200 POUND"],
    "FUGGER": ["SELL 300 PIASTER", "BUY 200 FRANCS"],
    "MEDICI": ["SELL 300 KRONEN", "BUY 200 LIRE"],
    "SCROOGE": ["SELL 300 POUND", "BUY 200 RUBLES"],
    "GEKKO": ["SELL 300 FRANC", "BUY 200 TURKEY"],
    "RICHIE": ["SELL 100 FRANC", "BUY 300 MARK", "SELL 600 LIRA"],
}
FALL_TRADES = {"CROESUS": ["BUY 800 MARK"], "RICHIE": ["NOTRADE"]}
NARRATION = {
    "start": (
        "The master creates a Capitalist Diplomacy game; nine players join, each under a "
        "pseudonym (MIDAS, CROESUS, ...), and the master starts it. Each holds 1000 units "
        "of each of the seven currencies; every rate is 1.00 SFr. Nobody but the judge and "
        "the master learns who is behind a pseudonym."),
    "S1901C": (
        "Spring 1901 commerce: seven players each sell one currency and buy another, so "
        "that each power has one biggest holder, its commander for the spring. CROESUS "
        "sells Pound and Rubel for cash. RICHIE over-spends (a warning: his Mark purchase "
        "is reduced) and tries to sell 600 Lira (refused: at most 500 a turn). PLUTUS "
        "writes to MIDAS, signed PLUTUS. The results show every trade and the new rates."),
    "S1901M": (
        "Spring 1901 moves: each commander signs on as his power with his own password and "
        "orders a standard opening; the results show each power's orders under its "
        "commander's pseudonym."),
    "F1901C": (
        "Fall 1901 commerce: CROESUS spends his cash on 800 Mark at 1.05 and now holds "
        "more Mark than MIDAS: he commands GERMANY for the fall."),
    "F1901M": (
        "Fall 1901 moves: MIDAS, no longer GERMANY's commander, is refused; CROESUS "
        "orders GERMANY. The neutral centres fall, and the year-end step gives each "
        "currency 5% per centre won: the rates for 1902 and every pseudonym's points."),
    "W1901A": (
        "Winter 1901: the fall commanders build. The game goes on to the spring 1902 "
        "commerce phase."),
}


def address(pseudonym: str, game: str) -> str:
    return f"{PEOPLE.get(pseudonym, pseudonym.lower())}@{game}.example"


def signon(pseudonym: str, game: str, power: str | None = None) -> str:
    return f"SIGNON {power or pseudonym}@{game} pw{pseudonym.lower()}"


def play(judge: MailJudge, game: str) -> None:
    """The script: create, join and start, then a year of commerce and moves."""
    master = address("master", game)

    def process() -> None:
        judge.settle()
        judge.send(master, [f"SIGNON MASTER@{game} masterpw", "PROCESS"])
        judge.settle()

    print(f"Game {game}: the master creates it, nine pseudonyms join.", file=judge.log)
    open_game(judge, game, CAPITALIST.word, PSEUDONYMS, address)
    judge.chapter("S1901C")
    for name, lines in SPRING_TRADES.items():
        judge.send(address(name, game), [signon(name, game), *lines])
    judge.send(address("PLUTUS", game), [signon("PLUTUS", game), "PRESS TO MIDAS",
                                         "Keep out of Bohemia and I keep out of Kiel.",
                                         "ENDPRESS"])
    process()
    _orders(judge, game, "S1901M", SPRING, COMMANDS)
    process()
    judge.chapter("F1901C")
    for name, lines in FALL_TRADES.items():
        judge.send(address(name, game), [signon(name, game), *lines])
    process()
    fall = {**COMMANDS, "GERMANY": "CROESUS"}
    judge.chapter("F1901M")
    judge.send(address("MIDAS", game), [signon("MIDAS", game, "GERMANY"), "A RUH - BEL"])
    _orders(judge, game, None, FALL, fall)
    process()
    _orders(judge, game, "W1901A", WINTER, fall)
    process()


def _orders(judge: MailJudge, game: str, chapter: str | None,
            orders: dict[str, list[str]], commanders: dict[str, str]) -> None:
    if chapter is not None:
        judge.chapter(chapter)
    for power, lines in orders.items():
        who = commanders[power]
        judge.send(address(who, game), [signon(who, game, power), *lines])


SCRIPT = Script(play, PSEUDONYMS, NARRATION, address)


def script_senders(game: str) -> Sequence[str]:
    """Every address the script mails from (for tests)."""
    return [address(n, game) for n in (*PSEUDONYMS, "master")]
