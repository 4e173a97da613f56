"""One mail of an Exchange game applied line by line (exchange.md 4, market-contract.md
section 1): who may send what, in which phase, and the sets a mail builds (a purchase
list, an offer sheet). The lines arrive already read (judge.games.exchange.text.lines)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.hints import order_fault
from judge.engine.legality import check_order
from judge.engine.orders import Order
from judge.engine.outcomes import Reason
from judge.games.exchange.rules import commands as c
from judge.games.exchange.rules.auction import bid, issue, nobid, noissue
from judge.games.exchange.rules.checks import Refused, corporation
from judge.games.exchange.rules.dividends import dividend
from judge.games.exchange.rules.elections import tiebreak, vote
from judge.games.exchange.rules.ending import draw, nodraw
from judge.games.exchange.rules.game import ExchangeGame
from judge.games.exchange.rules.ipo import cap, purchase_entries
from judge.games.exchange.rules.movement import position
from judge.games.exchange.rules.offering import approve, price, setup, values
from judge.games.exchange.rules.trading import accept, ask, ledger, take, transfer, withdraw
from judge.money.payola.offers import OfferSheet
from judge.money.payola.sheets import SheetContext, check_sheet

Handler = Callable[[ExchangeGame, str, Any], str]

HANDLERS: dict[type, Handler] = {
    c.Transfer: transfer, c.AskShares: ask, c.Withdraw: withdraw, c.Take: take,
    c.Ledger: ledger, c.Draw: draw, c.NoDraw: nodraw,
    c.BidFor: bid, c.NoBid: nobid, c.Issue: issue, c.NoIssue: noissue,
    c.Setup: setup, c.Price: price, c.Values: values, c.Approve: approve,
    c.Cap: cap, c.NoCap: cap, c.Vote: vote, c.Tiebreak: tiebreak, c.Dividend: dividend,
}
# The phase kind each phase command belongs to (4.2-4.6); immediate commands go anywhere.
PHASE_OF: dict[type, str] = {
    c.BidFor: "B", c.NoBid: "B", c.Issue: "B", c.NoIssue: "B",
    c.Setup: "O", c.Price: "O", c.Values: "O", c.Approve: "O",
    c.Purchase: "P", c.Cap: "P", c.NoCap: "P", c.NoPurchase: "P",
    c.Vote: "E", c.Tiebreak: "E", c.Dividend: "A",
}
# What a player writes of each phase command, and what each phase kind is called: the
# hint of a command sent in the wrong phase (issue 23) says which phase it is for
WORD_OF: dict[type, str] = {
    c.BidFor: "BID", c.NoBid: "NOBID", c.Issue: "ISSUE", c.NoIssue: "NOISSUE",
    c.Setup: "SETUP", c.Price: "PRICE", c.Values: "VALUES", c.Approve: "APPROVE",
    c.Purchase: "PURCHASE", c.Cap: "CAP", c.NoCap: "NOCAP", c.NoPurchase: "NOPURCHASE",
    c.Vote: "VOTE", c.Tiebreak: "TIEBREAK", c.Dividend: "DIVIDEND",
}
PHASE_NAMES = {"B": "bids", "O": "offering", "P": "IPO", "E": "elections",
               "A": "adjustment", "M": "movement", "R": "retreat"}
_WINTER = "BOPEA"
WRONG_PHASE = "not accepted in this phase"


def wrong_phase(game: ExchangeGame, what: str, kind: str) -> Refused:
    """The refusal of ``what`` (a command word, "offer lines"...) sent in a phase other
    than its ``kind``: which phase it is for, and what the open phase takes."""
    if kind in _WINTER:
        now = game.kind
        later = game.season == "W" and now in _WINTER and _WINTER.index(now) < _WINTER.index(kind)
        year = game.year if game.season != "W" or later else game.year + 1
        when = f" W{year}{kind}"
    else:
        when = "s"
    takes = sorted(w for t, w in WORD_OF.items() if PHASE_OF[t] == game.kind)
    if game.kind == "M":
        takes.append("offer lines")
    elif game.kind in ("R", "A"):
        takes.append("unit orders, signed on as the corporation")
    now_takes = f"; now: {', '.join(takes)}" if takes else ""
    return Refused(f"{WRONG_PHASE}; {what} is for the {PHASE_NAMES[kind]} phase{when}"
                   f"{now_takes}")


def not_a_player(name: str) -> str:
    return f"{name} is not a player in this game"


def apply_command(game: ExchangeGame, sender: str, power: str | None, command: c.Command) -> str:
    """One immediate or phase command of an investor (signed on as ``power`` or not),
    applied to ``game`` at once; the confirmation, or Refused with the reason. Offer lines,
    unit orders and PURCHASE lines are mail sets: see read_mail."""
    if sender not in game.investors:
        raise Refused(not_a_player(sender))
    if isinstance(command, c.Unreadable):
        raise Refused("cannot parse this command")
    if power is not None:
        _signed_on(game, sender, power, command)
    elif isinstance(command, c.Accept):
        raise Refused("investors have no acceptance list")
    if isinstance(command, c.Accept):
        assert power is not None
        return accept(game, power, command)
    if isinstance(command, c.UnitLine):
        raise Refused(f"unknown command{command.hint}")
    if isinstance(command, (c.Purchase, c.NoPurchase, c.OfferLine, c.UnitOrder)):
        refusals = read_mail(game, sender, power, [(command_text(command), command)])
        if refusals:
            raise Refused(refusals[0][2])
        return "accepted"
    phase = PHASE_OF.get(type(command))
    if phase is not None and game.kind != phase:
        raise wrong_phase(game, WORD_OF[type(command)], phase)
    return HANDLERS[type(command)](game, sender, command)


# the commands keyed by their corporation alone, by the thing they set
_KEYED: dict[type, str] = {c.Vote: "vote", c.Tiebreak: "tiebreak", c.Dividend: "dividend",
                           c.Approve: "approve"}


def standing(command: c.Command, power: str | None) -> tuple[str, ...] | None:
    """What a command done at once sets for the rest of the phase, replacing the same
    thing set before it (a bid, a vote, a dividend... for one corporation): a later line
    of the same mail with the same key undoes this one. None: a command that adds (a
    TRANSFER, an ASK) or changes part of a setting (SETUP, PRICE, VALUES)."""
    if isinstance(command, (c.BidFor, c.NoBid)):
        return ("bid", command.power)
    if isinstance(command, (c.Issue, c.NoIssue)):
        return ("issue", command.power)
    if isinstance(command, (c.Cap, c.NoCap)):
        return ("cap",)
    if isinstance(command, c.Accept):
        return ("accept", power or "")
    word = _KEYED.get(type(command))
    return None if word is None else (word, getattr(command, "power", ""))


def command_text(command: c.Command) -> str:
    """The line a mail-set command came from, where it keeps it."""
    return getattr(command, "text", type(command).__name__.upper())


def _signed_on(game: ExchangeGame, sender: str, power: str, command: c.Command) -> None:
    """The checks of a mail sent as a corporation (4, D48)."""
    if game.corporations[power].leader != sender:
        raise Refused(f"you are not the leader of {power}")
    if isinstance(command, c.Transfer):
        raise Refused("corporations cannot transfer money")
    if isinstance(command, c.LEADER_NAMING):
        named = corporation(game, c.named_power(command) or "")
        if named.name != power:
            raise Refused(f"you are signed on as {power}, not {named.name}")
        return
    if not isinstance(command, (c.Accept, c.UnitLine, c.OfferLine, c.UnitOrder)):
        raise Refused("only investors may do this")


def read_mail(game: ExchangeGame, sender: str, power: str | None,
              lines: Sequence[tuple[str, c.Command]],
              said: list[tuple[int, str, str]] | None = None,
              sunk: list[int] | None = None,
              sets: list[str] | None = None) -> list[tuple[int, str, str]]:
    """Apply a mail's lines in order; the refused ones, as (place in ``lines``, line,
    reason). A DRAW that ends the game ends the mail: the lines after it are ignored
    (D34). ``said``, when given, receives (place, line, confirmation) for each command
    applied at once; ``sunk``, the places of every line of an offer sheet refused whole
    (payola.md 3.1); ``sets``, the sets the mail replaced ("offer sheet", "orders",
    "purchase list")."""
    if sender not in game.investors:
        return [(i, text, not_a_player(sender)) for i, (text, _) in enumerate(lines)]
    refused: list[tuple[int, str, str]] = []
    built: list[str] | None = None
    offers: list[tuple[int, c.OfferLine]] = []
    unit_orders: list[tuple[Order, str, str]] | None = None
    for i, (text, command) in enumerate(lines):
        if game.end is not None:
            break
        try:
            if isinstance(command, (c.Purchase, c.NoPurchase)):
                built = _purchase(game, sender, power, command, built)
            elif isinstance(command, c.OfferLine):
                _unit_line_allowed(game, sender, power, command)
                offers.append((i, command))
            elif isinstance(command, c.UnitOrder):
                unit_orders = (unit_orders or []) + [_order(game, sender, power, command)]
            else:
                done = apply_command(game, sender, power, command)
                if said is not None:
                    said.append((i, text, done))
        except Refused as e:
            refused.append((i, text, e.reason))
    if game.end is not None:
        return refused
    replaced: list[str] = []
    if built is not None:
        game.investors[sender].purchases = built
        replaced.append("purchase list")
    if unit_orders is not None and power is not None:
        game.orders[power] = unit_orders  # the mail's set replaces the earlier one
        replaced.append("orders")
    if offers:
        bad = _sheet(game, sender, power, offers)
        if bad:
            (sunk if sunk is not None else []).extend(i for i, _ in offers)
        else:
            replaced.append("offer sheet")
        refused += bad
    if sets is not None:
        sets.extend(replaced)
    return refused


def _purchase(game: ExchangeGame, sender: str, power: str | None,
              command: c.Purchase | c.NoPurchase, built: list[str] | None) -> list[str]:
    """The purchase list this mail builds (D38, D45, D47)."""
    if power is not None:
        _signed_on(game, sender, power, command)
    if game.kind != "P":
        raise wrong_phase(game, WORD_OF[type(command)], "P")
    if isinstance(command, c.NoPurchase):
        game.investors[sender].cap = None
        return []
    return (built or []) + purchase_entries(game, command)


def _unit_line_allowed(game: ExchangeGame, sender: str, power: str | None, line: c.Command) -> None:
    if power is not None:
        _signed_on(game, sender, power, line)
    if game.kind != "M":
        raise wrong_phase(game, "an offer line", "M")


def _order(game: ExchangeGame, sender: str, power: str | None,
           line: c.UnitOrder) -> tuple[Order, str, str]:
    """A retreat or adjustment order: only from a leader signed on as his corporation, and
    legal in the position (an illegal order is refused when read and changes nothing). The
    orders of one mail form the corporation's set, which replaces the set of an earlier
    mail (market-contract.md section 1); how many builds or removals the set may hold is
    the adjustment's business, at processing."""
    if power is None:
        raise Refused(f"unknown command{line.hint}" if line.order is None else
                      "sign on as the corporation to order its units")
    _signed_on(game, sender, power, line)
    if game.kind not in ("R", "A"):
        raise wrong_phase(game, "a unit order", "A" if game.kind == "M" else "R")
    if line.order is None:
        raise Refused(line.problem or "cannot parse this order")
    where = position(game)
    checked = check_order(line.order, power, where, game.board)
    if isinstance(checked, Reason):
        raise Refused(order_fault(checked, line.order, power, where, game.board))
    return line.order, _key(sender, power), line.text


def _key(sender: str, power: str | None) -> str:
    return sender if power is None else f"{sender}/{power}"


def _sheet(game: ExchangeGame, sender: str, power: str | None,
           offers: list[tuple[int, c.OfferLine]]) -> list[tuple[int, str, str]]:
    """The mail's offer sheet, checked as Payola's (payola.md 3.9): one bad line refuses the
    whole sheet (OQ-14) and the bad lines are reported; an accepted sheet replaces the
    payer's earlier one."""
    payer = power or sender
    balance = (game.corporations[power].treasury if power is not None
               else game.investors[sender].cash)
    errors = [o.error for _, o in offers if o.error is not None]
    written = [o.written for _, o in offers if o.written is not None]
    if not written and not errors:
        game.sheets.pop(payer, None)  # only CLEAR lines
        return []
    ctx = SheetContext(payer, position(game), game.board, game.rules, balance)
    checked = check_sheet(written, ctx)
    if isinstance(checked, OfferSheet) and not errors:
        game.sheets[payer] = checked
        return []
    if isinstance(checked, list):
        errors += checked
    by_number: dict[int, tuple[int, str]] = {}
    for i, o in offers:
        if o.written is not None:
            by_number[o.written.number] = (i, o.text)
        elif o.error is not None:
            by_number[o.error.line] = (i, o.text)
    out = []
    for e in sorted(errors, key=lambda e: e.line):
        i, text = by_number.get(e.line, (offers[0][0], e.text))
        out.append((i, text, f"{e.code} {e.message}"))
    return out


@dataclass(frozen=True, slots=True)
class Applied:
    """A command accepted: the game after it and the confirmation for the sender."""

    game: ExchangeGame
    reply: str


@dataclass(frozen=True, slots=True)
class Refusal:
    """A command refused: the reason the sender is told; the game is unchanged."""

    reason: str


def applied(game: ExchangeGame, sender: str, power: str | None,
            command: c.Command) -> Applied | Refusal:
    """One command on a copy of ``game``: the new game, or why the command was refused.
    ``game`` itself is never changed (the mail service's immediate commands)."""
    after = game.copy()
    try:
        return Applied(after, apply_command(after, sender, power, command))
    except Refused as e:
        return Refusal(e.reason)
