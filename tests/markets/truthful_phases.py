"""The phases test_truthful_replies_every_kind.py sends random mails to, kind by kind:
how each is opened, who sends, the lines drawn (good and bad), how a reply is read back
into what it said is in force and what it refused, and what the processed phase used
as it records it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from judge.storage.schema import Game, PhaseRecord
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
from tests.service.conftest import POWERS, address

GM = "gm@example.org"


@dataclass(frozen=True, slots=True)
class Told:
    """What one reply said: the set in force for its account now (None: the reply left
    the set as it was), the lines it refused, and what the lines it accepted leave in
    force by the rules (a later NOTRADE of the same mail empties the lines before it)."""

    in_force: list[str] | None
    refused: list[str]
    accepted: list[str] | None = None  # None: the reply accepted no line


@dataclass(frozen=True, slots=True)
class Sender:
    address: str
    signon: str
    key: str  # the account the mail acts for, as the processed phase names it


@dataclass(frozen=True)
class Phase:
    kind: str  # the registry's name of the kind
    phase: str
    game: str
    open: Callable[[MarketJudge], None]  # a new game, played until ``phase`` opens
    senders: tuple[Sender, ...]
    good: tuple[str, ...]  # lines good in themselves, as the judge writes them
    bad: tuple[str, ...]  # lines refused whatever else the mail holds
    read: Callable[[str, list[str]], Told]
    used: Callable[[MarketJudge, Phase], dict[str, list[str]]]
    spare: Callable[[str], bool] = field(default=lambda line: False)
    # each line a reply accepted adds to what the phase uses (commands done at once),
    # rather than the last reply's set in force replacing the ones before
    cumulative: bool = False

    @property
    def id(self) -> str:
        return f"{self.kind}-{self.phase}"

    def process(self, market: MarketJudge) -> None:
        """Past the phase's deadline until it is processed."""
        for _ in range(3):
            market.deadline(self.game)
            if result(market, self.game, self.phase) is not None:
                return
        raise AssertionError(f"{self.id} was never processed")


def result(market: MarketJudge, game: str, phase: str) -> dict[str, Any] | None:
    """The result kept with a processed phase (None before it is processed)."""
    with market.factory() as s:
        record = s.scalar(select(PhaseRecord).join(Game).where(
            Game.name == game, PhaseRecord.phase == phase,
            PhaseRecord.rolled_back.is_(False)))
        if record is None or record.processed_at is None:
            return None
        return dict(record.result or {})


def played_to(market: MarketJudge, game: str, phase: str,
              mails: dict[str, list[tuple[str, str, list[str]]]]) -> None:
    """Play ``game`` on until ``phase`` opens, sending ``mails[<phase>]`` (address,
    SIGNON line, lines) in each phase before."""
    for _ in range(12):
        current = market.state(game)["phase"]
        if current == phase:
            return
        for to, signon, lines in mails.get(current, []):
            assert "REFUSED" not in market.reply(to, signon, *lines)
        market.deadline(game)
    raise AssertionError(f"{game}: {phase} never opened")


# -- the games played on the board: a set taken or refused whole -----------------------

LISTED = re.compile(r"^ {6} *\d+  (.*?)(?: {4}\(you wrote: .*\))?$")  # the set taken
KEPT = re.compile(r"^ {8}(\S.*)$")  # the set that stays
REFUSED_LINE = re.compile(r"^ {6}- line \d+: '(.*)': ")


def _listed(lines: list[str], start: int) -> list[str]:
    out = []
    for line in lines[start + 1:]:
        if line.strip() == "(none)":
            continue
        found = LISTED.match(line) or KEPT.match(line)
        if found is None:
            break
        out.append(found.group(1).strip())
    return out


def read_board(body: str, sent: list[str]) -> Told:
    """A board game's reply: the set taken ("accepted, replacing any earlier set") or
    refused whole with each bad line named and the set that stays listed."""
    lines = body.splitlines()
    refused = [m.group(1) for line in lines if (m := REFUSED_LINE.match(line))]
    for n, line in enumerate(lines):
        if "accepted, replacing any earlier set" in line:
            assert not refused, body  # never some lines taken, others refused
            return Told(_listed(lines, n), [], _listed(lines, n))
        if "stays as it was" in line or "stay as they were" in line:
            # every line of a refused set is refused with it
            return Told(_listed(lines, n), list(sent))
    raise AssertionError(f"a reply that neither takes nor refuses the set:\n{body}")


def board_orders(key: str) -> Callable[[MarketJudge, Phase], dict[str, list[str]]]:
    def used(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
        done = result(market, phase.game, phase.phase) or {}
        return {key: list(done.get("orders", {}).get(key, []))}
    return used


def default_hold(line: str) -> bool:
    """A unit's hold, which the processing orders for a unit with no order of its own."""
    return line.endswith(" H")


def _board_game(name: str, word: str) -> Callable[[MarketJudge], None]:
    def make(market: MarketJudge) -> None:
        market.reply(GM, f"CREATE {name} masterpw {word}")
        for power in POWERS:
            market.reply(address(power), f"JOIN {name} pw{power.lower()} {power}")
        assert "started" in market.reply(GM, f"SIGNON MASTER@{name} masterpw", "START")
    return make


def _as(power: str, game: str) -> tuple[str, str]:
    return address(power), f"SIGNON {power}@{game} pw{power.lower()}"


def _power(power: str, game: str) -> Sender:
    return Sender(*_as(power, game), power)


def _to(name: str, word: str, phase: str, offers: bool) -> Callable[[MarketJudge], None]:
    """A board game played until ``phase``: Austria takes Venice in 1901 (a retreat for
    Italy, which retreats to Apulia; a build for Austria, a removal for Italy)."""
    pay = "1 : " if offers else ""
    mails = {"S1901M": [(*_as("AUSTRIA", name), [f"{pay}A VIE - TYR"])],
             "F1901M": [(*_as("AUSTRIA", name), [f"{pay}A TYR - VEN",
                                                  f"{pay}F TRI S A TYR - VEN"])],
             "F1901R": [(*_as("ITALY", name), ["A VEN - APU"])]}

    def make(market: MarketJudge) -> None:
        _board_game(name, word)(market)
        played_to(market, name, phase, mails)
    return make


# (good, bad): a line good for one power is bad for the other
MOVES = (("A PAR - BUR", "F BRE - MAO", "A MAR - SPA", "A PAR H", "A MAR S A PAR - BUR",
          "A MUN - BUR", "A BER - KIE", "F KIE - DEN"),
         ("A XYZ - BUR", "A PAR - MOS", "FROBNICATE"))
RETREATS = (("A VEN - APU", "A VEN - PIE", "A VEN - TUS", "A VEN D"),
            ("A VEN - TYR", "A VEN - ROM", "A VEN - MOS", "A ROM - APU", "FROBNICATE"))
BUILDS = (("BUILD A VIE", "WAIVE", "REMOVE A ROM", "REMOVE F NAP", "REMOVE A APU"),
          ("BUILD F VIE", "BUILD A BUD", "REMOVE A VIE", "BUILD A ROM", "FROBNICATE"))


def _retreat_default(line: str) -> bool:
    return line.endswith(" D")  # a dislodged unit with no retreat is disbanded


def _adjustment_default(line: str) -> bool:
    return line.startswith("REMOVE") or line == "WAIVE"  # civil disorder, a waived build


def _board_phases(kind: str, word: str, game: str, offers: bool,
                  movement: tuple[tuple[str, ...], tuple[str, ...]],
                  used_movement: Callable[[str], Callable[[MarketJudge, Phase],
                                                          dict[str, list[str]]]],
                  spare_movement: Callable[[str], bool]) -> list[Phase]:
    """A board kind's movement, retreat and adjustment phases."""
    return [
        Phase(kind, "S1901M", game, _to(game, word, "S1901M", offers),
              (_power("FRANCE", game), _power("GERMANY", game)), *movement, read_board,
              _both(used_movement, "FRANCE", "GERMANY"), spare_movement),
        Phase(kind, "F1901R", game, _to(game, word, "F1901R", offers),
              (_power("ITALY", game),), *RETREATS, read_board, board_orders("ITALY"),
              _retreat_default),
        Phase(kind, "W1901A", game, _to(game, word, "W1901A", offers),
              (_power("AUSTRIA", game), _power("ITALY", game)), *BUILDS, read_board,
              _both(board_orders, "AUSTRIA", "ITALY"), _adjustment_default),
    ]


def _both(each: Callable[[str], Callable[[MarketJudge, Phase], dict[str, list[str]]]],
          *keys: str) -> Callable[[MarketJudge, Phase], dict[str, list[str]]]:
    def used(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for key in keys:
            out.update(each(key)(market, phase))
        return out
    return used


def payola_sheet(key: str) -> Callable[[MarketJudge, Phase], dict[str, list[str]]]:
    """The offer sheet a Payola movement phase played for ``key`` (its statement)."""
    def used(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
        done = result(market, phase.game, phase.phase) or {}
        statement = done.get("statements", {}).get(key) or {}
        return {key: [str(x) for x in statement.get("sheet") or []]}
    return used


OFFERS = (("4 : A PAR - BUR", "2 : F BRE - MAO", "2 : A MAR - SPA", "1 : A PAR H",
           "3 : A MUN - BUR", "1 : F KIE - DEN", "0 : A BER - KIE"),
          ("99999 : A PAR - BUR", "2 : A XYZ - BUR", "4 : A PAR - MOS", "FROBNICATE"))

PHASES: list[Phase] = [  # every kind: see the end of the module for the markets
    *_board_phases("standard", "STANDARD", "st", False, MOVES, board_orders, default_hold),
    *_board_phases("payola", "PAYOLA", "py", True, OFFERS, payola_sheet, lambda x: False),
]


# -- the market games: each line answered, the set in force shown after them -----------

def _flat(text: str) -> str:
    return " ".join(text.split())


def emptied(taken: list[str]) -> list[str]:
    """What a mail's accepted lines leave in force, a set built line by line: a
    NOTRADE empties what the mail built before it."""
    out: list[str] = []
    for line in taken:
        out = [] if line == "NOTRADE" else [*out, line]
    return out


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
    """A mail's accepted BID lines as the standing bids show them: a later bid for a
    corporation replaces an earlier one."""
    out: dict[str, str] = {}
    for line in taken:
        words = line.split()
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
    """A mail's accepted VOTE lines as the votes show them: the later per corporation."""
    out: dict[str, str] = {}
    for line in taken:
        _, corp, who = line.split()
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

PHASES += [
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
          read_market(items("Your trades in force: ", "; "), but_notrade),
          capitalist_trades),
    Phase("capitalist", "S1901M", "cap", _capitalist("S1901M"),
          (_capitalist_player("MIDAS", "GERMANY"), _capitalist_player("MIDAS")),
          *CAP_MILITARY, read_market(items("GERMANY's orders in force: ", ", ")),
          capitalist_orders),
    Phase("shareholders", "S1901M", "sh", _shareholders("S1901M"),
          (_investor("ANN", "sh", "ENGLAND"), _investor("ANN", "sh", "FRANCE"),
           _investor("CID", "sh", "FRANCE")), *SH_ORDERS,
          read_market(_country_orders), shareholder_sets),
    Phase("bourse", "S1901M", "ba", _bourse,
          (Sender(CAROL, "SIGNON BOURSE@ba secret1", "CROWN"),), *BOURSE,
          read_market(items("Your orders: ", "; ", " Cash as"), emptied), bourse_trades),
]
