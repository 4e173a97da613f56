"""Exchange's letters sent at once, as a mail's immediate commands are read: a
transfer's recipient, a taken ask's seller, the ledger asked for with LEDGER, and the
market's news to everyone (an ask opened, taken or withdrawn, never with its seller).
The mail's events are read typed (judge.games.exchange.rules.events)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.games.exchange.mail.ledger import corporate_ledger
from judge.games.exchange.rules.events import (
    AskOpened,
    AskWithdrawn,
    Event,
    Fill,
    LedgerAsked,
    Transfer,
    events_of,
)
from judge.games.exchange.rules.game import ExchangeGame
from judge.games.market.mail.kind import History, Letter
from judge.money.counted import counted

NOTICE = "market/exchange_notice.txt.j2"
MARKET = "market/exchange_market.txt.j2"


def notices(game: ExchangeGame, journal: Sequence[Mapping[str, Any]],
            envelope: Mapping[str, Any], history: History[ExchangeGame]) -> list[Letter]:
    """Letters an immediate command sends at once: a transfer's recipient (an investor,
    or a corporation's leader), an ask's seller when it is taken, the ledger asked for
    with LEDGER, and to everyone the market's news: an ask opened, taken or withdrawn,
    never with its seller (spec 7: asks are public without their sellers). The game as
    the phase opened and the states of the history are typed."""
    corps = game.corporations
    anonymous = game.rules.anon_transfer
    events = events_of(journal)
    out: list[Letter] = []
    # one letter for a mail's transfers from one sender to one account, summed (issue 26)
    summed: dict[tuple[str, str], int] = {}
    for e in events:
        if isinstance(e, Transfer):
            summed[e.sender, e.to] = summed.get((e.sender, e.to), 0) + e.amount
    for (sender, account), amount in summed.items():
        who = "an investor" if anonymous else sender
        if account in corps:
            to = corps[account].leader
            text = f"{account} received {amount} AgP from {who}."
        else:
            to, text = account, f"You received {amount} AgP from {who}."
        if to:
            out.append(Letter(to, "Exchange: a transfer", NOTICE, {"lines": [text]}))
    for e in events:
        if isinstance(e, Fill):
            out.append(Letter(e.seller, f"Exchange: ask #{e.id} taken", NOTICE, {
                "lines": [f"Ask #{e.id}: {e.quantity} of your {e.corporation} "
                          f"shares sold at {e.price} AgP "
                          f"({e.quantity * e.price} AgP to you); {e.left} left."]}))
        elif isinstance(e, LedgerAsked):
            out.append(Letter(e.to, f"Exchange: the ledger of {e.corporation}", NOTICE,
                              {"lines": corporate_ledger(history(), e.corporation)}))
        news = _market_news(e)
        if news is not None:
            out.append(Letter("*", "Exchange: the market", MARKET, {"lines": [news]}))
    return out


def _market_news(event: Event) -> str | None:
    """What everyone is told of an ask when it is opened, taken or withdrawn: its id, the
    shares and the price, never the seller nor the buyer."""
    if not isinstance(event, AskOpened | AskWithdrawn | Fill):
        return None
    number, corp, price = event.id, event.corporation, event.price
    shares = counted(event.quantity, f"{corp} share")
    if isinstance(event, AskOpened):
        return f"Ask #{number} opened: {shares} at {price} AgP each (TAKE {number} <n>)."
    if isinstance(event, AskWithdrawn):
        return f"Ask #{number} withdrawn: {shares} at {price} AgP each."
    rest = f"{event.left} left" if event.left else "none left, the ask is closed"
    return f"Ask #{number}: {shares} sold at {price} AgP each; {rest}."
