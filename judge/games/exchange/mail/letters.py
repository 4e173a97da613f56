"""Exchange's letters of a processed phase (exchange.md 7), read from the typed game as
the phase opened and the typed phase played (judge.games.exchange.rules.outcome), as the
service hands them, and the phase's events typed (judge.games.exchange.rules.events).

What each reader is told follows spec section 7, derived from the phase's opening game,
the game after it and the phase's events (the engine's journal of the phase):

- public: per corporation its status, S, T, price, leader, centre values, units and
  centres; the starts (not by whom nor for how much), the offering terms, IPO sales and
  floats, election winners, the fills (``ask #id: q sold``) and open asks without their
  sellers, the board (orders issued and results; bribe totals only under PUBLIC_TOTALS);
  at the end every investor's holdings and portfolio value;
- an investor: his cash, holdings, bids and their results, purchases (count and cost per
  corporation), fills, transfers made and received (the sender hidden under
  ANON_TRANSFER), his bribes, dividends received, votes that fell back, his refused lines;
  after a movement phase his own account's Payola statement (none under NO_LEDGERS);
- a leader: each corporation's treasury statement (income, IPO proceeds, dividends,
  bribes, transfers received), after a movement phase its Payola statement, and on
  taking office for the first time its whole ledger (from the phase's ``history``); a
  founder: the SETUP reminder and the defaults applied;
- a shareholder: the annual report when a Bids phase opens, the pending issue and its
  result, the election tally (totals per candidate) and the dividend declared.

Nothing else: another investor's cash, bids, purchases, votes and offers, and a
corporation's treasury to anyone who neither holds its shares nor leads it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from judge.games import EXCHANGE
from judge.games.exchange.mail.ledger import corporate_ledger, treasury_lines
from judge.games.exchange.rules.events import (
    Auction,
    Dividend,
    DrawVoted,
    Elected,
    Event,
    Fallback,
    Fill,
    Issue,
    Processed,
    Purchase,
    Setup,
    Tally,
    Transfer,
)
from judge.games.exchange.rules.game import Corporation, ExchangeGame, Founding, Status
from judge.games.exchange.rules.outcome import PhasePlayed
from judge.games.market.mail.kind import History, Letter
from judge.money.counted import counted
from judge.money.market.played import Ending
from judge.service.reports.ledgers import StatementView, statement_view

SUBJECT = EXCHANGE.title  # how the letters' subjects name the game

PRIVATE = "market/exchange_private.txt.j2"
PUBLIC = "market/exchange_public.txt.j2"

E = TypeVar("E")


def _corporations(game: ExchangeGame) -> list[dict[str, Any]]:
    """The public face of every corporation (no treasury: that is for its leader and
    shareholders)."""
    return [{"name": name, "status": c.status.value, "S": c.S, "T": c.T, "price": c.price,
             "leader": c.leader, "sc_values": dict(sorted(c.sc_values.items())),
             "units": sorted(str(u) for u in game.units.get(name, ())),
             "centers": sorted(game.centers.get(name, ()))}
            for name, c in sorted(game.corporations.items())]


def holders(game: ExchangeGame, power: str) -> list[str]:
    return sorted(n for n, i in game.investors.items() if i.holding(power) > 0)


def _of(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def split(events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """The events of the mail read during the phase, and those of its processing."""
    for i, e in enumerate(events):
        if isinstance(e, Processed):
            return list(events[:i]), list(events[i + 1:])
    return list(events), []


def _floated(game: ExchangeGame, power: str) -> bool:
    corp = game.corporations.get(power)
    return corp is not None and corp.floated


def _public(before: ExchangeGame, played: PhasePlayed) -> dict[str, Any]:
    after, events = played.game, played.events
    phase = before.phase
    started = [e.corporation for e in _of(events, Auction)]
    floated = [p for p, c in sorted(after.corporations.items())
               if not _floated(before, p) and c.floated]
    sold: dict[str, int] = {}
    for e in _of(events, Purchase):
        sold[e.corporation] = sold.get(e.corporation, 0) + e.count
    terms = ([{"name": p, "S": c.S, "T": c.T, "price": c.price}
              for p, c in sorted(after.corporations.items())
              if c.status is not Status.UNSTARTED]
             if phase.endswith("O") else [])
    elected = {e.corporation: e.leader for e in _of(events, Elected)}
    totals: dict[str, int] = {}
    if after.rules.public_totals:
        for units in (played.paid or {}).values():
            for unit, amount in units.items():
                totals[unit] = totals.get(unit, 0) + amount
    end = played.end
    return {
        "phase": phase, "corporations": _corporations(after), "started": started,
        "terms": terms, "floated": floated, "sold": dict(sorted(sold.items())),
        "elected": dict(sorted(elected.items())),
        "fills": [f"ask #{e.id}: {e.quantity} sold" for e in _of(events, Fill)],
        "asks": [f"#{a.id} {a.corporation} {a.remaining} @ {a.price}" for a in after.asks],
        "by_power": _by_power(before, after, played.orders or {}, played.results or {}),
        "totals": dict(sorted(totals.items())),
        "end": None if end is None else {"kind": end.kind, "winners": list(end.winners),
                                         "scores": dict(end.scores)},
        "final": _final(after, end) if end else [],
        "how": _how(end, events, after) if end else "",
    }


def _how(end: Ending, events: Sequence[Event], after: ExchangeGame) -> str:
    """How the game ended, in words (never the runner's token): whose solo, which
    corporations drew, or the end year with the corporations still holding centres."""
    centres = {p: cs for p, cs in after.centers.items() if cs}
    if end.kind == "solo":
        corp = max(sorted(centres), key=lambda p: len(centres[p]), default="?")
        return f"a solo victory of {corp} ({len(centres.get(corp, ()))} centres)"
    if end.kind == "draw":
        drawn = [e.members for e in _of(events, DrawVoted)]
        members = ", ".join(drawn[-1]) if drawn else "the corporations voted"
        return f"a draw of {members}, agreed by their leaders"
    holding = ", ".join(sorted(centres)) or "none"
    return (f"the end year was reached; the floated corporations holding centres drew "
            f"({holding})")


def _by_power(before: ExchangeGame, after: ExchangeGame, orders: Mapping[str, str],
              results: Mapping[str, str]) -> list[dict[str, Any]]:
    """The phase's orders and results under the corporation whose unit each is (its units
    as the phase opened, its dislodged units, the units it built): each line the order the
    unit issued (movement) or the unit, and what came of it."""
    owner: dict[str, str] = {}
    for game in (after, before):
        owner.update({str(u): p for p, units in game.units.items() for u in units})
    owner.update({str(d.unit): p for p, gone in before.dislodged.items() for d in gone})
    grouped: dict[str, list[str]] = {}
    for unit in sorted(set(orders) | set(results)):
        text = orders.get(unit, unit)
        outcome = results.get(unit)
        grouped.setdefault(owner.get(unit, "?"), []).append(
            f"{text} ({outcome})" if outcome else text)
    return [{"power": p, "lines": lines} for p, lines in sorted(grouped.items())]


_CODE = re.compile(r": E\d{1,2} ")  # the contract's error code before a refusal's reason


def phase_letters(before: ExchangeGame, played: PhasePlayed, envelope: Mapping[str, Any],
                  history: History[ExchangeGame] | None) -> list[Letter]:
    """The letters of a processed phase: the public results to everyone, and to each
    investor his statement (with his refused lines and his Payola statements); the
    game's history (None: not known) gives a new leader his corporation's ledger."""
    after = played.game
    phase = before.phase
    letters = [Letter("*", f"{SUBJECT} {phase} results", PUBLIC, _public(before, played))]
    for name in sorted(after.investors):
        own = _private(before, played, name, history)
        own["refused"] = [_CODE.sub(": ", line) for key, lines in sorted(played.errors.items())
                          if key.split("/")[0] == name for line in lines]
        own["statements"] = _statements(before, played, name)
        letters.append(Letter(name, f"{SUBJECT} {phase}: your statement", PRIVATE, own))
    return letters


def _statements(before: ExchangeGame, played: PhasePlayed, name: str) -> list[StatementView]:
    """The Payola statements of a movement phase ``name`` reads (none under NO_LEDGERS):
    his own account's, then each corporation's he led during the phase, laid out as
    Payola's statements are."""
    given = played.statements or {}
    mine = [given[name]] if name in given else []
    after = played.game.corporations
    for power in sorted(given):
        corp = before.corporations.get(power)
        if corp is None:
            continue
        led = corp.leader or (after[power].leader if power in after else None)
        if led == name:
            mine.append(given[power])
    return [statement_view("", s) for s in mine]


def _private(before: ExchangeGame, played: PhasePlayed, name: str,
             history: History[ExchangeGame] | None) -> dict[str, Any]:
    """Everything one investor is told of a phase (spec 7, private)."""
    after, events = played.game, played.events
    anonymous = after.rules.anon_transfer
    was, now = before.investors.get(name), after.investors.get(name)
    news: list[str] = []
    for e in _of(events, Auction):
        if name in e.bids:
            mine = e.bids[name]
            news.append(f"Your bid of {mine} AgP for {e.corporation} won: you paid "
                        f"{e.paid} AgP and founded it." if e.winner == name else
                        f"Your bid of {mine} AgP for {e.corporation} did not win.")
    news += _money_news(events, name, anonymous)
    for bought in _of(events, Purchase):
        if bought.investor == name:
            news.append(f"You bought {_shares(bought.count, bought.corporation)} at the "
                        f"offering for {bought.cost} AgP.")
    for void in _of(events, Fallback):
        if void.investor == name:
            news.append(f"Your vote for {void.wanted} as leader of {void.corporation} was "
                        f"void ({void.wanted} holds no shares); it counted for "
                        f"{void.counted}.")
    for dividend in _of(events, Dividend):
        if name in dividend.paid:
            news.append(f"Dividend from {dividend.corporation}: {dividend.paid[name]} AgP "
                        f"({dividend.per_share} AgP a share).")
    bribes = (played.paid or {}).get(name, {})
    if bribes:
        news.append("Your bribes paid: " + ", ".join(
            f"{u} {n}" for u, n in sorted(bribes.items())) + f" ({sum(bribes.values())} AgP).")
    founder = [_setup_news(e) for e in _of(events, Setup) if e.founder == name]
    for p, c in sorted(after.corporations.items()):
        if c.founder == name and c.founding and after.phase.endswith("O"):
            founder.append(_reminder(p, c.founding, after))
    led = sorted(p for p, c in after.corporations.items() if c.leader == name
                 or (p in before.corporations and before.corporations[p].leader == name))
    ledgers = [{"name": p, "lines": corporate_ledger(history(), p)}
               for p in _first_offices(events, name, history)] if history else []
    return {
        "phase": before.phase, "name": name,
        "cash_before": was.cash if was else 0, "cash": now.cash if now else 0,
        "shares": dict(sorted(now.shares.items())) if now else {},
        "news": news, "founder": founder,
        "led": [_treasury(before, played, p, anonymous) for p in led],
        "ledgers": ledgers,
        "shareholder": _shareholder_news(before, after, events, name),
        # the annual reports go when a Bids phase opens: none once the game is over
        "reports": _annual(after, name) if after.phase.endswith("B")
        and played.end is None else [],
    }


def _first_offices(events: Sequence[Event], name: str,
                   history: History[ExchangeGame]) -> list[str]:
    """The corporations ``name`` was elected to lead in this phase without having led
    them before: he is sent each one's whole ledger (spec 7, seed 1.3)."""
    won = [e.corporation for e in _of(events, Elected) if e.leader == name and e.was != name]
    if not won:
        return []
    past = [r.state.corporations for r in history()]
    return [p for p in won if all(p not in corps or corps[p].leader != name for corps in past)]


def _shares(n: int, power: str) -> str:
    return f"{n} {power} share{'' if n == 1 else 's'}"


def _money_news(events: Sequence[Event], name: str, anonymous: bool) -> list[str]:
    """Transfers made and received and fills, as one investor sees them."""
    out: list[str] = []
    for e in events:
        if isinstance(e, Transfer) and e.sender == name:
            out.append(f"You transferred {e.amount} AgP to {e.to}.")
        elif isinstance(e, Transfer) and e.to == name:
            who = "an investor" if anonymous else e.sender
            out.append(f"You received {e.amount} AgP from {who}.")
        elif isinstance(e, Fill) and e.seller == name:
            out.append(f"Ask #{e.id}: {e.quantity} of your {e.corporation} shares "
                       f"sold at {e.price} AgP ({e.quantity * e.price} AgP to you); "
                       f"{e.left} left.")
        elif isinstance(e, Fill) and e.buyer == name:
            out.append(f"You bought {_shares(e.quantity, e.corporation)} from ask "
                       f"#{e.id} for {e.quantity * e.price} AgP.")
    return out


def _setup_news(e: Setup) -> str:
    how = "as you sent" if e.sent else "by default (no SETUP came)"
    return (f"{e.corporation} is set up {how}: {e.S} shares at {e.price} AgP; "
            f"you receive {e.founder_shares} founder shares.")


def _reminder(power: str, bid: Founding, game: ExchangeGame) -> str:
    """The founder's SETUP reminder, with the defaults he gets without one (5.3, D28)."""
    n = bid.shares or game.params.default_shares
    p = bid.price or max(1, bid.paid // max(1, n // 5))
    return (f"You founded {power}: send SETUP {power} SHARES <n> PRICE <p> (and VALUES if "
            f"you wish) in {game.phase}. Without it, {power} is set up with {n} "
            f"shares at {p} AgP.")


def _treasury(before: ExchangeGame, played: PhasePlayed, power: str,
              anonymous: bool) -> dict[str, Any]:
    """A leader's statement for one corporation he led during the phase."""
    b = before.corporations.get(power) or Corporation(power)
    a = played.game.corporations.get(power) or Corporation(power)
    return {"name": power, "treasury_before": b.treasury, "treasury": a.treasury,
            "accept": a.accept,
            "lines": treasury_lines(played.events, played.paid or {}, power, anonymous),
            "leader": a.leader}


def _shareholder_news(before: ExchangeGame, after: ExchangeGame, events: Sequence[Event],
                      name: str) -> list[str]:
    """Issues, tallies and dividends of the corporations ``name`` holds shares of."""
    mine = {p for game in (before, after) if name in game.investors
            for p, n in game.investors[name].shares.items() if n > 0}
    out: list[str] = []
    for e in events:
        power = getattr(e, "corporation", None)
        if power not in mine:
            continue
        if isinstance(e, Issue):
            verdict = "approved" if e.approved else "rejected"
            out.append(f"{power}: the issue of {counted(e.shares, 'share')} was {verdict} "
                       f"({e.approving} of {counted(e.held, 'share')} approved; 80% "
                       "needed).")
        elif isinstance(e, Tally):
            votes = ", ".join(f"{c} {n}" for c, n in e.totals.items())
            out.append(f"{power} election tally: {votes}.")
        elif isinstance(e, Elected):
            out.append(f"{power}: {e.leader} leads.")
        elif isinstance(e, Dividend):
            out.append(f"{power} declared a dividend of {e.per_share} AgP a share."
                       if e.per_share else f"{power}: no dividend (withheld).")
    if after.phase.endswith("O"):
        for p, c in sorted(after.corporations.items()):
            if p in mine and c.pending_issue:
                out.append(f"{p} proposes to issue {c.pending_issue} new shares: APPROVE "
                           f"{p} or REJECT {p} in {after.phase} (80% of the held "
                           "shares must approve).")
    return out


def _annual(game: ExchangeGame, name: str) -> list[str]:
    """The annual report of each floated corporation ``name`` holds shares of or leads
    (holders' names without quantities, E20)."""
    inv = game.investors.get(name)
    fiscal = game.year + 1
    out = []
    for power, c in sorted(game.corporations.items()):
        held = inv.holding(power) if inv else 0
        if not c.floated or (held <= 0 and c.leader != name):
            continue
        names = holders(game, power)
        out.append(f"{power}, fiscal year {fiscal}: treasury {c.treasury} AgP; "
                   f"{c.S} shares, {c.T} unsold; leader "
                   f"{c.leader or 'none'}; shareholders {', '.join(names) or 'none'}")
    return out


def _final(game: ExchangeGame, end: Ending) -> list[dict[str, Any]]:
    return [{"name": n, "shares": dict(sorted(i.shares.items())), "value": end.scores.get(n)}
            for n, i in sorted(game.investors.items())]
