"""The Bids phase (exchange.md 3.2 ``B``, 4.2): startup bids, the auction (5.2) and new
share issues proposed by leaders (5.8)."""

from __future__ import annotations

from judge.games.exchange.rules import commands as c
from judge.games.exchange.rules.checks import (
    Refused,
    at_least_one,
    corporation,
    leader,
    price_at_least_one,
    shares_bounds,
)
from judge.games.exchange.rules.game import Bid, ExchangeGame, Founding, Status
from judge.games.exchange.rules.params import BidStyle
from judge.money.counted import counted
from judge.money.market.lots import by_lot


def bid(game: ExchangeGame, sender: str, cmd: c.BidFor) -> str:
    corp = corporation(game, cmd.power)
    if corp.status is not Status.UNSTARTED:
        raise Refused(f"{corp.name} has already been started")
    if cmd.amount < game.params.min_bid:
        raise Refused(f"the minimum bid is {game.params.min_bid} AgP")
    if cmd.shares is not None:
        shares_bounds(game, cmd.shares)
    if cmd.price is not None:
        price_at_least_one(cmd.price)
    inv = game.investors[sender]
    total = cmd.amount + sum(b.amount for p, b in inv.bids.items() if p != corp.name)
    if total > inv.cash:
        raise Refused(f"your bids would total {total} AgP but you have {inv.cash} AgP")
    inv.bids[corp.name] = Bid(cmd.amount, cmd.shares, cmd.price)
    return f"bid for {corp.name} recorded"


def nobid(game: ExchangeGame, sender: str, cmd: c.NoBid) -> str:
    corp = corporation(game, cmd.power)
    if game.investors[sender].bids.pop(corp.name, None) is None:
        return f"no bid for {corp.name} to withdraw; nothing changed"  # accepted (D39)
    return f"bid for {corp.name} withdrawn"


def issue(game: ExchangeGame, sender: str, cmd: c.Issue) -> str:
    """Propose new shares; at most so many that a third of S stays the limit (5.8)."""
    corp = corporation(game, cmd.power)
    leader(corp, sender)
    at_least_one(cmd.shares)
    if 3 * (corp.T + cmd.shares) > corp.S + cmd.shares:
        most = max(0, (corp.S - 3 * corp.T) // 2)
        raise Refused(f"an issue of {cmd.shares} would leave more than a third of "
                      f"{corp.name} unsold; at most {most}")
    corp.pending_issue = cmd.shares
    return f"issue of {counted(cmd.shares, f'{corp.name} share')} proposed"


def noissue(game: ExchangeGame, sender: str, cmd: c.NoIssue) -> str:
    corp = corporation(game, cmd.power)
    leader(corp, sender)
    corp.pending_issue = None
    return f"no issue for {corp.name}"


def process_bids(game: ExchangeGame) -> None:
    """Every unstarted corporation, alphabetically, goes to its highest bidder (ties by
    lot); the price goes into its treasury in every income mode; bids are cleared."""
    for name in sorted(game.corporations):
        corp = game.corporations[name]
        if corp.status is not Status.UNSTARTED:
            continue
        offers = {inv.name: inv.bids[name] for inv in game.investors.values()
                  if name in inv.bids}
        if not offers:
            continue
        top = max(b.amount for b in offers.values())
        tied = [n for n, b in offers.items() if b.amount == top]
        winner = by_lot(game.seed, f"{game.phase}/BID/{name}", tied)[0]
        paid = top
        if game.params.bid_style is BidStyle.SECOND_PRICE and len(tied) == 1:
            others = [b.amount for n, b in offers.items() if n != winner]
            paid = max(others, default=game.params.min_bid)
        winning = offers[winner]
        game.investors[winner].cash -= paid
        corp.treasury += paid
        corp.status = Status.STARTED
        corp.founder = winner
        corp.founding = Founding(paid, winning.shares, winning.price)
        game.note("auction", corporation=name, winner=winner, paid=paid,
                  bids={n: b.amount for n, b in sorted(offers.items())})
    for inv in game.investors.values():
        inv.bids.clear()
