"""``judge demo --game shareholders``: four scripted players and a master play a year
of 1901-Shareholders by mail against a running judge."""

from __future__ import annotations

from judge.demos.script import MailJudge, Script, open_game, player
from judge.games import SHAREHOLDERS

# 1901-Shareholders (--game shareholders): four players deal in January 1901 as in the
# spec's S3, ANN and CID codirect FRANCE and agree on one build and not another, then on
# one move and not another; the master processes each phase (a market game waits for its
# deadline), and END_YEAR=1901 ends the game after the year.
HOLDERS = ("ANN", "BEN", "CID", "DOT")
SHAREHOLDERS_TURNS: tuple[tuple[str, dict[tuple[str, str | None], list[str]]], ...] = (
    ("W1900D", {("ANN", None): ["BUY 4 FRANCE", "BUY 3 ENGLAND", "STATUS"],
                ("BEN", None): ["BUY 5 RUSSIA", "BUY 2 FRANCE"],
                ("CID", None): ["BUY 4 FRANCE"],
                ("DOT", None): ["SELL 1 FRANCE", "BUY 7 GERMANY"]}),
    ("W1900A", {("ANN", "ENGLAND"): ["NO DIVIDEND", "BUILD F LON"],
                ("DOT", "GERMANY"): ["DIVIDEND", "BUILD A BER"],
                ("ANN", "FRANCE"): ["NO DIVIDEND", "BUILD A PAR", "BUILD F BRE"],
                ("CID", "FRANCE"): ["NO DIVIDEND", "BUILD A PAR"],
                ("BEN", "FRANCE"): ["BUILD A MAR"]}),
    ("S1901M", {("ANN", "ENGLAND"): ["F LON - NTH"],
                ("ANN", "FRANCE"): ["A PAR - BUR"],
                ("CID", "FRANCE"): ["A PAR - PIC", "STATUS"]}),
    ("F1901M", {("ANN", "ENGLAND"): ["F NTH - NWY"],
                ("ANN", "FRANCE"): ["A PAR - BUR"],
                ("CID", "FRANCE"): ["A PAR - BUR"]}),
)
SHAREHOLDERS_NARRATION = {
    "start": (
        "The master creates a 1901-Shareholders game that ends after 1901 (END_YEAR=1901) "
        "and four players join; START shares the $12,600 among them ($3,150 each) and "
        "publishes the January 1901 share prices: $400 a country, Russia $500."),
    "W1900D": (
        "January 1901: each player deals as himself. ANN buys 4 France and 3 England, CID "
        "4 France, DOT 7 Germany. BEN's purchases cost more than his cash: he is warned at "
        "once and at the deadline none is made. DOT's sale of France shares he does not "
        "hold is refused. Nobody sees another's orders; after the deadline everyone sees "
        "the holdings and the office holders: ANN directs England, DOT Germany, and ANN "
        "and CID, equal largest holders, codirect France."),
    "W1900A": (
        "February 1901: office holders sign on as their country with their own password. "
        "England builds a fleet in London; Germany pays a dividend of $34 a share, so its "
        "army in Berlin cannot be paid for. France's Codirectors both order A PAR, but only "
        "ANN orders F BRE: the army is built, the fleet is not, and only they are told "
        "what they did not agree on. BEN, no office holder of France, is refused."),
    "S1901M": (
        "Spring 1901: England's fleet moves to the North Sea for a $20 fee. France's "
        "Codirectors disagree (Burgundy or Picardy), so A PAR holds and costs nothing; "
        "the results mark it held for disagreement."),
    "F1901M": (
        "Fall 1901: the Codirectors agree on Burgundy and France pays $20; England takes "
        "Norway. The year-end step changes centre ownership and publishes every player's "
        "net worth at the next January's prices; END_YEAR ends the game and the highest "
        "net worth wins."),
}


def play_shareholders(judge: MailJudge, game: str) -> None:
    """The script of ``--game shareholders``."""
    say = lambda text: print(text, file=judge.log)  # noqa: E731
    say(f"Game {game}: the master creates a 1901-Shareholders game, four players join.")
    master = open_game(judge, game, f"{SHAREHOLDERS.word} END_YEAR=1901", HOLDERS)
    for phase, mails in SHAREHOLDERS_TURNS:
        say(f"{phase}: the players mail the judge; the master processes the phase.")
        judge.chapter(phase)
        for (name, country), lines in mails.items():
            who = country or name
            judge.send(player(name, game), [f"SIGNON {who}@{game} pw{name.lower()}", *lines])
        judge.settle()
        judge.send(master, [f"SIGNON MASTER@{game} masterpw", "PROCESS"])
        judge.settle()
    ended = judge.has(f"{game}: Shareholders F1901M (Fall 1901) results")
    say(f"Game {game} " + ("ended (end_year)." if ended else "did not end as scripted."))


SCRIPT = Script(play_shareholders, HOLDERS, SHAREHOLDERS_NARRATION)
