"""The market games (Exchange, 1901-Shareholders, Capitalist, the Bourse) for
test_truthful_replies_every_kind.py: each line answered, the set in force shown after
them; the phases of each."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.markets.conftest import MarketJudge
from tests.markets.test_bourse_by_mail import CAROL
from tests.markets.test_bourse_by_mail import _game as bourse_game
from tests.markets.test_bourse_by_mail import _join as bourse_join
from tests.markets.test_bourse_by_mail import _start as bourse_start
from tests.markets.test_capitalist_by_mail import NINE, addr, start
from tests.markets.test_exchange_refusals import to_phase
from tests.markets.test_shareholders_by_mail import _february_1901, _january_1901
from tests.markets.test_shareholders_by_mail import _game as shareholders_game
from tests.markets.test_truthful_replies import answers
from tests.markets.truthful_core import Phase, Sender, Told, result


def _flat(text: str) -> str:
    return " ".join(text.split())


def but_notrade(taken: list[str]) -> list[str]:
    """A mail's accepted lines as the set in force shows them: NOTRADE is no trade."""
    return [line for line in taken if line != "NOTRADE"]


def read_market(shown: Callable[[str], list[str] | None],
                taken: Callable[[list[str]], list[str]] = list
                ) -> Callable[[str, list[str]], Told]:
    """A market reply: each line accepted (or done, or kept) or refused, and the set in
    force as the reply shows it after "(in force now for ...)" (``shown`` reads it from
    the flattened text after that mark; None when it shows none). ``taken`` turns the
    accepted lines into what they leave in force, as the reply shows it: the lines
    themselves where a line a later one undoes is answered "not in force"."""
    def read(body: str, sent: list[str]) -> Told:
        said = answers(body)[1:]  # past the SIGNON
        assert [t for _, t, _ in said] == sent, body
        refused = [t for _, t, v in said if v in ("refused", "sunk")]
        took = [t for _, t, v in said if v == "accepted"]
        accepted = taken(took) if took else None
        mark = body.split("\n-- \n")[0].split("(in force now for ")
        assert len(mark) == 2, body
        listed = shown(_flat(mark[1].split("\n\n")[0]))  # to the blank line after it
        return Told(listed, refused, accepted)
    return read


def after(words: str, *ends: str) -> Callable[[str], str | None]:
    """The text after ``words`` in a flattened tail, up to the first of ``ends``."""
    def text(tail: str) -> str | None:
        if words not in tail:
            return None
        found = tail.split(words, 1)[1]
        for end in ends:
            found = found.split(end)[0]
        return found.strip()
    return text


def items(words: str, sep: str, *ends: str, drop: tuple[str, ...] = ()
          ) -> Callable[[str], list[str] | None]:
    def listed(tail: str) -> list[str] | None:
        found = after(words, *ends)(tail)
        if found is None:
            return None
        if found.startswith(("none", "(none", "NOTRADE (no trade)")):
            return []
        return [x.strip() for x in found.split(sep) if x.strip() and x.strip() not in drop]
    return listed


# Shareholders: January dealing as oneself, the orders of a country as its office holder

def _shareholders(phase: str) -> Callable[[MarketJudge], None]:
    def make(market: MarketJudge) -> None:
        shareholders_game(market)
        if phase != "W1900D":
            _january_1901(market)
        if phase not in ("W1900D", "W1900A"):
            _february_1901(market)
        assert market.state("sh")["phase"] == phase
    return make


def _investor(name: str, game: str, acting: str | None = None) -> Sender:
    return Sender(f"{name.lower()}@investors.example",
                  f"SIGNON {acting or name}@{game} pw{name.lower()}",
                  f"{name}/{acting}" if acting else name)


def shareholder_sets(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
    """The sets in force the turn was played with, per sender key."""
    return dict((result(market, phase.game, phase.phase) or {}).get("sets", {}))


SH_JANUARY = (("BUY 5 RUSSIA", "BUY 2 FRANCE", "BUY 1 ITALY", "NOTRADE"),
              ("SELL 1 FRANCE", "BUY 0 ITALY", "BUY 1 XYZ", "A PAR - BUR", "FROBNICATE"))

SH_ORDERS = (("F LON - NTH", "F LON H", "A PAR - BUR", "A PAR H", "F BRE - MAO",
              "A PAR - PIC"),
             ("A MUN - RUH", "A PAR - MOS", "BUY 1 FRANCE", "FROBNICATE"))


def _country_orders(tail: str) -> list[str] | None:
    """"Your FRANCE orders for Spring 1901 in force (...): A PAR - BUR, F BRE H"."""
    found = re.search(r"Your \w+ orders for .*? in force(?: \(.*?\))?: (.*)$", tail)
    if found is None:
        return None
    text = found.group(1).strip()
    return [] if text.startswith("none") else [x.strip() for x in text.split(", ")]

SH_FEBRUARY = (("DIVIDEND", "NO DIVIDEND", "BUILD F LON", "BUILD A LON", "BUILD F EDI"),
               ("BUILD A XYZ", "BUILD A PAR", "BUY 1 FRANCE", "FROBNICATE"))


# Capitalist: a commerce phase's trades, a military phase's orders by the commander

WORDS = {"TURKEY": "PIASTER", "FRANCE": "FRANC", "ITALY": "LIRA", "GERMANY": "MARK",
         "ENGLAND": "POUND"}


def _capitalist(phase: str) -> Callable[[MarketJudge], None]:
    def make(market: MarketJudge) -> None:
        start(market, *NINE)
        if phase != "S1901C":  # MIDAS buys the most marks: he commands GERMANY
            market.reply(addr("MIDAS"), "SIGNON MIDAS@cap pwmidas", "SELL 500 LIRA",
                         "BUY 500 MARK")
            market.deadline("cap")
        assert market.state("cap")["phase"] == phase
    return make


def _capitalist_player(name: str, acting: str | None = None) -> Sender:
    return Sender(addr(name), f"SIGNON {acting or name}@cap pw{name.lower()}",
                  acting or name)


def capitalist_trades(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
    """Each player's trades as the commerce phase executed them."""
    done = (result(market, phase.game, phase.phase) or {}).get("trades", {})
    return {name: [f"{t['side']} {t['ordered']} {WORDS[t['power']]}" for t in trades]
            for name, trades in done.items()}


def capitalist_orders(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
    """Each power's orders as the military phase adjudicated them."""
    done = (result(market, phase.game, phase.phase) or {}).get("orders", {})
    return {power: list(given["lines"]) for power, given in done.items()}


CAP_COMMERCE = (("SELL 200 PIASTER", "BUY 300 FRANC", "SELL 100 LIRA", "BUY 50 MARK",
                 "NOTRADE"),
                ("SELL 0 LIRA", "BUY 10 XYZ", "F KIE H", "FROBNICATE"))
CAP_MILITARY = (("F KIE - DEN", "A BER - KIE", "A MUN - RUH", "A MUN H", "F KIE H"),
                ("A PAR - BUR", "A MUN - MOS", "BUY 10 MARK", "FROBNICATE"))


# Exchange: the startup bids, the IPO purchase lists, a movement phase's offer sheets

def _exchange(phase: str) -> Callable[[MarketJudge], None]:
    def make(market: MarketJudge) -> None:
        to_phase(market, phase)
    return make


def _bid_terms(amount: int, terms: dict[str, Any]) -> str:
    extra = "".join(f" {w.upper()} {terms[w]}" for w in ("shares", "price")
                    if terms.get(w) is not None)
    return f"{amount}{extra}"


def exchange_bids(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
    """Each investor's bids as the startup auctions played them (with the terms his
    standing bid set up)."""
    done = result(market, phase.game, phase.phase) or {}
    out: dict[str, list[str]] = {}
    for event in done.get("events", []):
        if event.get("event") != "auction":
            continue
        corp = event["corporation"]
        for name, amount in event.get("bids", {}).items():
            terms = done["standing"][name]["bids"].get(corp, {})
            out.setdefault(name, []).append(f"{corp} {_bid_terms(amount, terms)}")
    return out


def exchange_purchases(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
    """Each investor's purchase list and cap as the IPO was played with them."""
    standing = (result(market, phase.game, phase.phase) or {}).get("standing", {})
    return {name: [*inv["purchases"], *([f"cap {inv['cap']} AgP"]
                                        if inv["cap"] is not None else [])]
            for name, inv in standing.items()}


def exchange_sheets(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
    """Each account's offer sheet as the movement phase played it (its statement)."""
    done = (result(market, phase.game, phase.phase) or {}).get("statements", {})
    return {name: [str(x) for x in s.get("sheet") or []] for name, s in done.items()}


def _bids(taken: list[str]) -> list[str]:
    """A mail's accepted BID lines as the standing bids show them: a bid a later one of
    the same mail replaces is answered "not in force", never "accepted"."""
    out: dict[str, str] = {}
    for line in taken:
        words = line.split()
        assert words[1] not in out, f"two bids for {words[1]} of one mail accepted"
        out[words[1]] = " ".join(words[1:])
    return list(out.values())


def _purchases(taken: list[str]) -> list[str]:
    """A mail's accepted PURCHASE and CAP lines as the purchase list shows them: each
    share named once a unit, the cap last."""
    units: list[str] = []
    cap: list[str] = []
    for line in taken:
        word, *rest = line.split()
        if word == "CAP":
            cap = [f"cap {rest[0]} AgP"]
            continue
        for item in rest:
            count, _, corp = item.partition("*")
            units += [corp] * int(count)
    return units + cap


def _purchase_list(tail: str) -> list[str] | None:
    found = after("Your purchase list: ")(tail)
    if found is None:
        return None
    units, _, cap = found.partition("; ")
    out = [u for u in units.split() if u not in ("(none)", "empty")]
    return out + ([cap.strip()] if cap.strip() else [])


def _sheet(account: str) -> Callable[[str], list[str] | None]:
    def listed(tail: str) -> list[str] | None:
        found = after(f"{account} offer sheet: ", " It offers")(tail)
        if found is None:
            return None
        return [] if found.startswith(("(", "none")) else [x.strip() for x in
                                                 re.split(r" (?=\d+ : )", found)]
    return listed


def _france_or_own(tail: str) -> list[str] | None:
    """The sheet the mail set: FRANCE's signed on as FRANCE, else the sender's own."""
    france = _sheet("FRANCE's")(tail)
    return france if france is not None else _sheet("Your")(tail)


def exchange_votes(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
    """Each investor's votes as the elections counted them."""
    standing = (result(market, phase.game, phase.phase) or {}).get("standing", {})
    return {name: [f"{corp} {who}" for corp, who in inv["votes"].items()]
            for name, inv in standing.items()}


def _votes(taken: list[str]) -> list[str]:
    """A mail's accepted VOTE lines as the votes show them: a vote a later one of the
    same mail replaces is answered "not in force", never "accepted"."""
    out: dict[str, str] = {}
    for line in taken:
        _, corp, who = line.split()
        assert corp not in out, f"two votes for {corp} of one mail accepted"
        out[corp] = f"{corp} {who}"
    return list(out.values())


def exchange_done(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
    """The transfers and asks the phase's journal holds, per investor, as lines."""
    out: dict[str, list[str]] = {}
    for e in (result(market, phase.game, phase.phase) or {}).get("events", []):
        if e["event"] == "transfer":
            out.setdefault(e["sender"], []).append(f"TRANSFER {e['amount']} TO {e['to']}")
        elif e["event"] == "ask":
            out.setdefault(e["seller"], []).append(
                f"ASK {e['corporation']} {e['quantity']} AT {e['price']}")
    return out


XE = (("VOTE FRANCE ALICE", "VOTE FRANCE BOB", "VOTE GERMANY DAVE", "VOTE GERMANY ALICE"),
      ("VOTE XYZ BOB", "VOTE FRANCE NOBODY", "TRANSFER 0 TO BOB", "FROBNICATE"))
XA = (("TRANSFER 5 TO BOB", "TRANSFER 7 TO CAROL", "TRANSFER 300 TO DAVE",
       "ASK GERMANY 1 AT 20", "ASK AUSTRIA 2 AT 15"),
      ("TRANSFER 5000 TO BOB", "TRANSFER 5 TO NOBODY", "ASK XYZ 1 AT 5",
       "ASK GERMANY 0 AT 5", "VOTE FRANCE BOB", "FROBNICATE"))
XB = (("BID FRANCE 150", "BID ENGLAND 100 SHARES 5 PRICE 1", "BID GERMANY 120",
       "BID FRANCE 200"),
      ("BID ITALY 90", "BID XYZ 100", "PURCHASE 2*ITALY", "FROBNICATE"))
XP = (("PURCHASE 8*FRANCE 2*ENGLAND", "PURCHASE 2*ITALY", "CAP 200", "CAP 0",
       "PURCHASE 2*GERMANY 2*AUSTRIA"),
      ("PURCHASE 2*XYZ", "BID FRANCE 100", "FROBNICATE"))
XM = (("4 : A PAR - BUR", "2 : F BRE - MAO", "2 : A MAR - SPA", "1 : A PAR H",
       "3 : A MUN - RUH", "1 : F LON - NTH"),
      ("2 : A XYZ - BUR", "99999 : A PAR - BUR", "4 : A PAR - MOS", "FROBNICATE"))


# the Bourse beside a standard game: a member's trades of a turn

def _bourse(market: MarketJudge) -> None:
    bourse_game(market, "CASH_SURPLUS=ON")
    bourse_join(market, CAROL, "crown")
    bourse_start(market)


TRADE = re.compile(r"^  (\S+) +((?:SELL|BUY) \d+ \S+): ")


def bourse_trades(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
    """Each member's trades as the turn's results letter says they were carried out."""
    letters = [m.body for m in market.log if m.subject == f"ba: Bourse {phase.phase} results"]
    assert letters, "no Bourse results"
    out: dict[str, list[str]] = {}
    for line in letters[0].splitlines():
        if (found := TRADE.match(line)) is not None:
            out.setdefault(found.group(1), []).append(found.group(2))
    return out


BOURSE = (("SELL 100 LIRA", "BUY 50 MARKS", "SELL 20 POUNDS", "BUY 10 FRANCS"),
          ("SELL 0 LIRA", "BUY 10 DUCATS", "FROBNICATE", "SELL 2000 LIRA"))

MARKET_PHASES: list[Phase] = [
    Phase("exchange", "W1900B", "xr", _exchange("W1900B"),
          (_investor("ALICE", "xr"), _investor("BOB", "xr")), *XB,
          read_market(items("Your standing bids: ", ", "), _bids), exchange_bids),
    Phase("exchange", "W1900P", "xr", _exchange("W1900P"),
          (_investor("ALICE", "xr"), _investor("BOB", "xr")), *XP,
          read_market(_purchase_list, _purchases), exchange_purchases),
    Phase("exchange", "W1900E", "xr", _exchange("W1900E"),
          (_investor("ALICE", "xr"), _investor("BOB", "xr")), *XE,
          read_market(items("Your votes: ", ", "), _votes), exchange_votes),
    Phase("exchange", "W1900A", "xr", _exchange("W1900A"),
          (_investor("ALICE", "xr"), _investor("DAVE", "xr")), *XA,
          read_market(lambda tail: None), exchange_done, cumulative=True),
    Phase("exchange", "S1901M", "xr", _exchange("S1901M"),
          (Sender("alice@investors.example", "SIGNON FRANCE@xr pwalice", "FRANCE"),
           _investor("DAVE", "xr")), *XM,
          read_market(_france_or_own), exchange_sheets),
    Phase("shareholders", "W1900D", "sh", _shareholders("W1900D"),
          (_investor("ANN", "sh"), _investor("BEN", "sh")), *SH_JANUARY,
          read_market(items("Your January orders in force: ", ", ", drop=("NOTRADE",)),
                      but_notrade),
          shareholder_sets),
    Phase("shareholders", "W1900A", "sh", _shareholders("W1900A"),
          (_investor("ANN", "sh", "ENGLAND"), _investor("DOT", "sh", "GERMANY")),
          *SH_FEBRUARY, read_market(_country_orders), shareholder_sets),
    Phase("capitalist", "S1901C", "cap", _capitalist("S1901C"),
          (_capitalist_player("CROESUS"), _capitalist_player("MIDAS")), *CAP_COMMERCE,
          read_market(items("Your trades in force for S1901C: ", ", "), but_notrade),
          capitalist_trades),
    Phase("capitalist", "S1901M", "cap", _capitalist("S1901M"),
          (_capitalist_player("MIDAS", "GERMANY"), _capitalist_player("MIDAS")),
          *CAP_MILITARY, read_market(items("Your GERMANY orders for S1901M in force: ", ", ")),
          capitalist_orders),
    Phase("shareholders", "S1901M", "sh", _shareholders("S1901M"),
          (_investor("ANN", "sh", "ENGLAND"), _investor("ANN", "sh", "FRANCE"),
           _investor("CID", "sh", "FRANCE")), *SH_ORDERS,
          read_market(_country_orders), shareholder_sets),
    Phase("bourse", "S1901M", "ba", _bourse,
          (Sender(CAROL, "SIGNON BOURSE@ba secret1", "CROWN"),), *BOURSE,
          read_market(items("Your orders: ", "; ", " Cash as"), but_notrade), bourse_trades),
]
