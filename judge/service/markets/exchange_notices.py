"""Exchange's letters sent at once, as a mail's immediate commands are read: a
transfer's recipient, a taken ask's seller, the ledger asked for with LEDGER, and the
market's news to everyone (an ask opened, taken or withdrawn, never with its seller)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.money.counted import counted
from judge.service.markets.exchange_letters import corporate_ledger
from judge.service.markets.kind import History, Letter, State

Event = Mapping[str, Any]
NOTICE = "market/exchange_notice.txt.j2"


def notices(state: State, events: Sequence[Event], rules: Sequence[str],
            history: History) -> list[Letter]:
    """Letters an immediate command sends at once: a transfer's recipient (an investor,
    or a corporation's leader), an ask's seller when it is taken, the ledger asked for
    with LEDGER, and to everyone the market's news: an ask opened, taken or withdrawn,
    never with its seller (spec 7: asks are public without their sellers)."""
    anonymous = "ANON_TRANSFER" in {r.upper() for r in rules}
    corps = state.get("corporations", {})
    out: list[Letter] = []
    # one letter for a mail's transfers from one sender to one account, summed (issue 26)
    summed: dict[tuple[str, str], int] = {}
    for e in events:
        if e.get("event") == "transfer":
            key = (str(e["sender"]), str(e["to"]))
            summed[key] = summed.get(key, 0) + int(e["amount"])
    for (sender, account), amount in summed.items():
        who = "an investor" if anonymous else sender
        if account in corps:
            to = corps[account].get("leader")
            text = f"{account} received {amount} AgP from {who}."
        else:
            to, text = account, f"You received {amount} AgP from {who}."
        if to:
            out.append(Letter(to, "Exchange: a transfer", NOTICE, {"lines": [text]}))
    for e in events:
        kind = e.get("event")
        if kind == "fill":
            out.append(Letter(e["seller"], f"Exchange: ask #{e['id']} taken", NOTICE, {
                "lines": [f"Ask #{e['id']}: {e['quantity']} of your {e['corporation']} "
                          f"shares sold at {e['price']} AgP "
                          f"({e['quantity'] * e['price']} AgP to you); {e['left']} left."]}))
        elif kind == "ledger":
            out.append(Letter(e["to"], f"Exchange: the ledger of {e['corporation']}", NOTICE,
                              {"lines": corporate_ledger(history(), e["corporation"])}))
        news = _market_news(e)
        if news is not None:
            out.append(Letter("*", "Exchange: the market", MARKET, {"lines": [news]}))
    return out


MARKET = "market/exchange_market.txt.j2"


def _market_news(event: Event) -> str | None:
    """What everyone is told of an ask when it is opened, taken or withdrawn: its id, the
    shares and the price, never the seller nor the buyer."""
    kind = event.get("event")
    if kind not in ("ask", "fill", "withdraw"):
        return None
    number, corp, price = event["id"], event["corporation"], event["price"]
    shares = counted(int(event["quantity"]), f"{corp} share")
    if kind == "ask":
        return f"Ask #{number} opened: {shares} at {price} AgP each (TAKE {number} <n>)."
    if kind == "withdraw":
        return f"Ask #{number} withdrawn: {shares} at {price} AgP each."
    left = int(event["left"])
    rest = f"{left} left" if left else "none left, the ask is closed"
    return f"Ask #{number}: {shares} sold at {price} AgP each; {rest}."
