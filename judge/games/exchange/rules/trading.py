"""The commands that take effect the moment they are read (exchange.md 3.4, 4.1): cash
transfers, the share market (5.10), ledgers and acceptance lists."""

from __future__ import annotations

from judge.games.exchange.rules import commands as c
from judge.games.exchange.rules.checks import (
    Refused,
    at_least_one,
    available,
    corporation,
    floated,
    leader,
    price_at_least_one,
    started,
)
from judge.games.exchange.rules.game import Ask, ExchangeGame
from judge.money.counted import counted
from judge.money.names import did_you_mean
from judge.money.payola.acceptance import AcceptanceError, AcceptanceList


def transfer(game: ExchangeGame, sender: str, cmd: c.Transfer) -> str:
    """Cash from an investor to another investor or a floated corporation (D19)."""
    inv = game.investors[sender]
    if game.rules.no_transfer:
        raise Refused("transfers are not allowed in this game")
    at_least_one(cmd.amount)
    to = cmd.recipient
    if to in game.investors:
        if to == sender:
            raise Refused("you cannot transfer to yourself")
    else:
        name = game.board.power_named(to)
        if name is None or name not in game.corporations:
            raise Refused("no such investor"
                          + did_you_mean(to, [*game.investors, *game.corporations]))
        floated(game.corporations[name])
        to = name
    if game.rules.one_transfer and to in inv.transferred_to:
        raise Refused(f"you have already transferred to {to} this phase")
    available(inv, cmd.amount)
    inv.cash -= cmd.amount
    if to in game.investors:
        game.investors[to].cash += cmd.amount
    else:
        game.corporations[to].treasury += cmd.amount
    inv.transferred_to.add(to)
    game.note("transfer", sender=sender, to=to, amount=cmd.amount)
    return f"{cmd.amount} AgP transferred to {to}"


def ask(game: ExchangeGame, sender: str, cmd: c.AskShares) -> str:
    corp = corporation(game, cmd.power)
    at_least_one(cmd.quantity, "quantity")
    price_at_least_one(cmd.price)
    started(corp)
    free = game.investors[sender].holding(corp.name) - game.listed(sender, corp.name)
    if cmd.quantity > free:
        raise Refused(f"you hold only {counted(free, f'unlisted {corp.name} share')}")
    number = game.next_ask_id
    game.next_ask_id += 1
    game.asks.append(Ask(number, sender, corp.name, cmd.quantity, cmd.price))
    game.note("ask", id=number, seller=sender, corporation=corp.name,
              quantity=cmd.quantity, price=cmd.price)
    return f"ask #{number} opened"


def withdraw(game: ExchangeGame, sender: str, cmd: c.Withdraw) -> str:
    found = game.ask(cmd.ask)
    if found is None:
        raise Refused(f"no open ask #{cmd.ask}")
    if found.seller != sender:
        raise Refused(f"ask #{cmd.ask} is not yours")
    game.asks.remove(found)
    game.note("withdraw", id=found.id, seller=sender, corporation=found.corporation,
              quantity=found.remaining, price=found.price)
    return f"ask #{cmd.ask} withdrawn"


def take(game: ExchangeGame, sender: str, cmd: c.Take) -> str:
    """Buy from an open ask at its price (5.10); shares move, S and T never change."""
    found = game.ask(cmd.ask)
    if found is None:
        raise Refused(f"no open ask #{cmd.ask}")
    if found.seller == sender:
        raise Refused("you cannot take your own ask")
    at_least_one(cmd.quantity, "quantity")
    if cmd.quantity > found.remaining:
        raise Refused(f"ask #{cmd.ask} has only {counted(found.remaining, 'share')} left")
    buyer, seller = game.investors[sender], game.investors[found.seller]
    cost = cmd.quantity * found.price
    available(buyer, cost)
    buyer.cash -= cost
    seller.cash += cost
    corp = found.corporation
    seller.shares[corp] = seller.holding(corp) - cmd.quantity
    if not seller.shares[corp]:
        del seller.shares[corp]
    buyer.shares[corp] = buyer.holding(corp) + cmd.quantity
    at = game.asks.index(found)
    left = found.remaining - cmd.quantity
    if left:
        game.asks[at] = Ask(found.id, found.seller, corp, left, found.price)
    else:
        del game.asks[at]
    game.note("fill", id=found.id, seller=found.seller, buyer=sender, corporation=corp,
              quantity=cmd.quantity, price=found.price, left=left)
    return f"ask #{cmd.ask}: {cmd.quantity} sold"


def ledger(game: ExchangeGame, sender: str, cmd: c.Ledger) -> str:
    corp = corporation(game, cmd.power)
    leader(corp, sender)
    game.note("ledger", corporation=corp.name, to=sender)
    return f"the ledger of {corp.name} is on its way"


def accept(game: ExchangeGame, corp_name: str, cmd: c.Accept) -> str:
    """A corporation's acceptance list, checked as Payola 4.2 and stored at once (D32)."""
    try:
        found = AcceptanceList.parse(cmd.letters, game.board.powers)
    except AcceptanceError as e:
        raise Refused(str(e)) from None
    game.corporations[corp_name].accept = found.text(game.board.powers)
    game.note("accept", corporation=corp_name, list=game.corporations[corp_name].accept)
    return f"acceptance list of {corp_name}: {game.corporations[corp_name].accept}"
