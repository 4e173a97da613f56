"""The Bourse's letters (spec 7; issue 23, point 4): who gets which, and what they say.

- **The start letter**, when the host game starts: the Bourse's terms, the money every
  member starts with, the members so far, the first turn and its deadline. To every
  member and the master (the host's start notice says nothing of the Bourse).
- **The turn letter**, after each host phase with something to tell (a turn processed,
  a join, an elimination): the public results of spec 7. It is sent once the host's
  next phase has its deadline, and when a Bourse turn goes with that phase the letter
  names the turn and its deadline: this one letter closes a turn and opens the next.
  To every member and the master.
- **The opening letter**, when a turn opens with no turn letter before it (the host's
  phase before had no turn: a retreat, or an adjustment without ``WINTER_TURNS``): the
  turn, its deadline and the rates. To the members who do not play the host game at the
  address they joined from; a host player reads the phase and its deadline in the
  host's own letter, and gets no second copy of that news.
- **The end letter**, when the host game ends: the final centres, every pseudonym's
  credits and holdings, the winners. A member's own copy also says which of his trades
  were discarded with an open turn (an end during a phase, spec 3); nobody reads
  another member's trades, and the master's copy names none.

Every deadline is written in the reader's zone. Pseudonyms only, never an address.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.phase import Phase, PhaseKind
from judge.games.bourse.mail.members import bourse_members, host_player
from judge.games.bourse.rules.currencies import Currencies
from judge.games.bourse.rules.params import BourseParams
from judge.games.bourse.rules.scoring import net_worth
from judge.games.bourse.rules.state import Bourse
from judge.games.bourse.rules.trades import TradeSet
from judge.games.bourse.rules.turn import TurnReport, turn_open
from judge.money.trades import Side
from judge.service.reports.replies import render_letter
from judge.service.reports.roster import deadline_text, maps_by_default
from judge.service.schedule import zone_of
from judge.storage.mailqueue import queue_mail
from judge.storage.schema import Game, PhaseRecord

HELD = "bourse_turn_letters"  # Session.info: the turn letter of each game, until it is sent


@dataclass
class Reader:
    """One mailbox the Bourse writes to: its zone, whether it takes pictures, and the
    pseudonyms of its own (none for the master)."""

    address: str
    zone: str
    pictures: bool
    own: list[str] = field(default_factory=list)
    plays_host: bool = False


def readers(session: Session, game: Game, master: bool = True) -> list[Reader]:
    """Every member's mailbox (one per address, with each pseudonym of that address),
    and the master's last unless one of the members' (then his copy is that one)."""
    default = maps_by_default(game)
    out: dict[str, Reader] = {}
    for m in bourse_members(session, game):
        reader = out.setdefault(m.address.lower(), Reader(
            m.address, m.zone or zone_of(game), default if m.maps is None else m.maps,
            plays_host=host_player(session, game, m.address)))
        reader.own.append(m.name or "")
    if master and game.master_address.lower() not in out:
        out[game.master_address.lower()] = Reader(game.master_address, zone_of(game), default)
    return list(out.values())


def send(session: Session, settings: Settings, game: Game, subject: str, template: str,
         view: Mapping[str, Any], now: datetime, to: Sequence[Reader],
         deadline: datetime | None = None, picture: tuple[bytes, str] | None = None,
         own: Mapping[str, Any] | None = None) -> None:
    """One letter to each reader, each his own mail: ``deadline`` in his zone, ``own``
    (by pseudonym) only what is his, ``picture`` to those who take pictures."""
    for reader in to:
        mine = {n: own[n] for n in reader.own if n in own} if own is not None else {}
        body = render_letter(template, v=view, game=game.name, judge=settings.name,
                             judge_address=settings.address,
                             deadline=deadline_text(deadline, reader.zone), mine=mine,
                             own=reader.own)
        queue_mail(session, reader.address, subject, body, sender=settings.address, now=now,
                   picture=picture if reader.pictures else None)


def dollars(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def trade_line(trade: Any, names: Currencies) -> str:
    return f"{trade.side.name} {trade.units} {names.name(trade.power)}"


def next_turn(phase: Phase, params: BourseParams) -> str:
    """The host phase the next Bourse turn goes with, after ``phase`` (which has none),
    in words: an adjustment phase may not be held, so with ``WINTER_TURNS`` both are
    named."""
    following = phase.next()
    while not turn_open(following, params):
        following = following.next()
    if following.kind is PhaseKind.ADJUSTMENT:
        return f"{following} if the host holds it, else {following.next()}"
    return str(following)


# -- the start letter ------------------------------------------------------------------

def start_view(bourse: Bourse, params: BourseParams, phase: str) -> dict[str, Any]:
    names = Currencies.of(bourse.powers)
    return {"phase": phase, "units": params.start_units, "rate": dollars(params.start_rate),
            "currencies": [names.name(p) for p in bourse.powers],
            "members": sorted(bourse.members), "terms": terms(params)}


def terms(params: BourseParams) -> list[str]:
    """The Bourse's parameters (spec 6) in plain words, each with its name."""
    step, low = params.step_units, dollars(params.min_rate)
    return [
        f"Each {step} units of a currency bought more than sold in a turn raise its rate "
        f"by one cent, each {step} sold more than bought lower it, never below {low} "
        f"(STEP_UNITS {step}, MIN_RATE {params.min_rate}).",
        f"You may sell at most {params.sell_limit} units of one currency a turn "
        f"(SELL_LIMIT {params.sell_limit}).",
        "Dollars left unspent at a turn's end are kept as cash, except on your first "
        "turn (CASH_SURPLUS ON)." if params.cash_surplus else
        "Dollars left unspent at a turn's end are lost: buy as much as you sell "
        "(CASH_SURPLUS OFF).",
        "A turn goes with every host movement phase and every adjustment phase the host "
        "holds (WINTER_TURNS ON)." if params.winter_turns else
        "A turn goes with every host movement phase, Spring and Fall (WINTER_TURNS OFF).",
        "A host phase with a turn is processed only at its deadline (NO_EARLY ON)."
        if params.no_early else
        "A host phase with a turn may be processed before its deadline, once every host "
        "player has ordered: trade early (NO_EARLY OFF).",
        ("Anyone may join at any time" if params.join_open else
         "The Bourse is closed to newcomers") + (
            ", players of the host game too" if params.host_players_may_join and
            params.join_open else "") + " (JOIN_OPEN "
        f"{'ON' if params.join_open else 'OFF'}, HOST_PLAYERS_MAY_JOIN "
        f"{'ON' if params.host_players_may_join else 'OFF'}).",
        "When the host game ends, your credits are, summed over the powers, the power's "
        "centres times your units of its currency divided by 100; most credits wins, "
        "and dollars count nothing.",
    ]


# -- the turn letter -------------------------------------------------------------------

def turn_view(phase: str, following: str, bourse: Bourse, report: TurnReport | None,
              gone: tuple[str, ...], joined: list[str], params: BourseParams) -> dict[str, Any]:
    """What everyone is told after a turn (spec 7): every pseudonym's trades (reductions
    marked), holdings, cash (when kept) and net worth; per currency the units bought and
    sold, old and new rate; the eliminations. Pseudonyms only."""
    names = Currencies.of(bourse.powers)
    members: list[dict[str, Any]] = []
    for name, member in sorted(bourse.members.items()):
        turn = report.members.get(name) if report is not None else None
        trades = []
        for t in turn.trades if turn is not None else ():
            word = "SELL" if t.side is Side.SELL else "BUY"
            trades.append({"line": f"{word} {t.units} {names.name(t.power)}",
                           "done": t.done, "reduced": t.reduced,
                           "amount": dollars(t.amount)})
        members.append({
            "name": name, "trades": trades, "orders": turn is not None,
            "lost": dollars(turn.lost) if turn is not None and turn.lost else None,
            "holdings": [(names.name(p), member.holding(p)) for p in bourse.powers],
            "cash": dollars(member.cash), "net_worth": dollars(net_worth(member, bourse)),
        })
    moves: list[Mapping[str, Any]] = [
        {"name": names.name(m.power), "bought": m.bought, "sold": m.sold,
         "old": dollars(m.old), "new": dollars(m.new)}
        for m in (report.currencies if report is not None else ())]
    return {"phase": phase, "next": following, "turn": report is not None,
            "opens": None, "later": None,
            "members": members, "currencies": moves, "cash_kept": params.cash_surplus,
            "eliminated": [(p, names.name(p)) for p in gone], "joined": joined,
            "rates": [(names.name(p), dollars(bourse.rate(p))) for p in bourse.powers]}


@dataclass(frozen=True)
class Held:
    """A turn letter waiting for the host's next phase to have its deadline."""

    subject: str
    view: dict[str, Any]
    picture: tuple[bytes, str] | None


def hold(session: Session, game: Game, letter: Held) -> None:
    session.info.setdefault(HELD, {})[game.id] = letter


def held(session: Session, game: Game) -> Held | None:
    """The game's turn letter waiting to be sent (taken: it is sent once)."""
    letters: dict[int, Held] = session.info.get(HELD, {})
    return letters.pop(game.id, None)


def send_turn_letter(session: Session, settings: Settings, game: Game, letter: Held,
                     opens: PhaseRecord | None, params: BourseParams, now: datetime) -> None:
    """The turn letter, naming the turn that opens with ``opens`` and its deadline (None:
    the host ended, or its next phase has no turn: the letter says when the next comes)."""
    view = dict(letter.view)
    if opens is not None and turn_open(Phase.parse(opens.phase), params):
        view["opens"] = opens.phase
    elif opens is not None:
        view["later"] = next_turn(Phase.parse(opens.phase), params)
    send(session, settings, game, letter.subject, "market/bourse_turn.txt.j2", view, now,
         readers(session, game), opens.deadline if opens is not None else None,
         letter.picture)


def send_opening(session: Session, settings: Settings, game: Game, record: PhaseRecord,
                 bourse: Bourse, now: datetime) -> None:
    """A turn opens with no turn letter before it: to the members who are not host
    players at their address."""
    names = Currencies.of(bourse.powers)
    view = {"phase": record.phase,
            "rates": [(names.name(p), dollars(bourse.rate(p))) for p in bourse.powers]}
    to = [r for r in readers(session, game, master=False) if not r.plays_host]
    send(session, settings, game, f"{game.name}: Bourse turn {record.phase} is open",
         "market/bourse_opens.txt.j2", view, now, to, record.deadline)


# -- the end letter ---------------------------------------------------------------------

def discarded(sets: Mapping[str, TradeSet] | None, names: Currencies) -> dict[str, list[str]]:
    """Each member's trades of the open turn the end discarded ({} when none was open):
    only to be shown to their own member."""
    return {n: [trade_line(t, names) for t in s.lines] for n, s in (sets or {}).items()
            if s.lines}
