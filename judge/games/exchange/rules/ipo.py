"""The IPO purchase phase (exchange.md 3.2 ``P``, 4.4): purchase lists and caps, the
purchase algorithm (5.4), where the money goes (D3) and the float (5.5)."""

from __future__ import annotations

from judge.engine.position import Unit
from judge.games.exchange.rules import commands as c
from judge.games.exchange.rules.checks import Refused, at_least_one, corporation
from judge.games.exchange.rules.game import Corporation, ExchangeGame, Status
from judge.games.exchange.rules.offering import even_split, homes, values_fault
from judge.games.exchange.rules.params import IncomeMode
from judge.money.market.lots import by_lot


def purchase_entries(game: ExchangeGame, cmd: c.Purchase) -> list[str]:
    """The list entries a PURCHASE line adds (one entry = one share); the whole line is
    refused when one item is.

    An item is kept as at most ``T`` entries: T cannot grow before the purchase is run,
    and an investor whose entry for a corporation finds it sold out or unaffordable will
    find every later one so too (prices are fixed, cash and the room under a cap only
    shrink), so entries beyond the T-th never buy and are dropped without ending a turn.
    The purchase is the same, and ``PURCHASE 1000000000*FRANCE`` builds no huge list."""
    entries: list[str] = []
    for count, word in cmd.items:
        corp = corporation(game, word)
        at_least_one(count, "count")
        if corp.status is Status.UNSTARTED or corp.T <= 0:
            raise Refused(f"no {corp.name} shares are offered")
        entries.extend([corp.name] * min(count, corp.T))
    return entries


def cap(game: ExchangeGame, sender: str, cmd: c.Cap | c.NoCap) -> str:
    """CAP and NOCAP change the cap at once and never the list (D47)."""
    inv = game.investors[sender]
    inv.cap = cmd.amount if isinstance(cmd, c.Cap) else None
    return "no cap" if inv.cap is None else f"cap {inv.cap} AgP"


def process_purchases(game: ExchangeGame) -> None:
    """Rounds over the investors in lot order until every list is empty (5.4), then route
    the payments (3.2 ``P`` step 2, D3) and test the floats alphabetically."""
    corps = game.corporations
    floated_before = {n for n, x in corps.items() if x.floated}
    lists = {n: list(inv.purchases) for n, inv in game.investors.items() if inv.purchases}
    order = by_lot(game.seed, f"{game.phase}/IPO", lists)
    spent = dict.fromkeys(lists, 0)
    takings = dict.fromkeys(corps, 0)
    bought: dict[tuple[str, str], int] = {}
    while any(lists.values()):
        for name in order:
            inv, entries = game.investors[name], lists[name]
            while entries:
                corp = corps[entries.pop(0)]
                if corp.T <= 0:
                    continue
                over_cap = inv.cap is not None and spent[name] + corp.price > inv.cap
                if over_cap or corp.price > inv.cash:
                    continue
                inv.cash -= corp.price
                spent[name] += corp.price
                corp.T -= 1
                inv.shares[corp.name] = inv.holding(corp.name) + 1
                takings[corp.name] += corp.price
                bought[(name, corp.name)] = bought.get((name, corp.name), 0) + 1
                break
    zerosum = game.params.income_mode is IncomeMode.ZEROSUM
    for (buyer, corp_name), count in sorted(bought.items()):
        game.note("purchase", investor=buyer, corporation=corp_name, count=count,
                  cost=count * corps[corp_name].price)
    for name, amount in takings.items():
        if name in floated_before or zerosum:
            corps[name].treasury += amount
        else:
            game.bank += amount
        if amount:
            game.note("proceeds", corporation=name, amount=amount,
                      to="treasury" if name in floated_before or zerosum else "bank")
    for inv in game.investors.values():
        inv.purchases = []
        inv.cap = None
    for name in sorted(corps):
        corp = corps[name]
        if corp.status is Status.STARTED and 3 * (corp.S - corp.T) >= 2 * corp.S:
            float_corporation(game, corp)


def float_corporation(game: ExchangeGame, corp: Corporation) -> None:
    """5.5: home centres active and owned, foreign units on them change sides, standard
    units placed on the others, centre values fixed, acceptance list ``X?``."""
    name = corp.name
    own = homes(game, name)
    game.inactive -= set(own)
    for other, cs in list(game.centers.items()):
        game.centers[other] = cs - set(own)
    game.centers[name] = game.centers.get(name, frozenset()) | set(own)
    units = {p: list(us) for p, us in game.units.items()}
    starting = {Unit.parse(u).province: Unit.parse(u)
                for u in game.board.starting_units.get(name, ())}
    mine = units.setdefault(name, [])
    for center in own:
        holder = next(((p, u) for p, us in units.items() for u in us if u.province == center),
                      None)
        if holder is not None:
            if holder[0] != name:
                units[holder[0]].remove(holder[1])
                mine.append(holder[1])
        elif center in starting:
            mine.append(starting[center])
    game.units = {p: tuple(us) for p, us in units.items() if us}
    if game.params.income_mode is IncomeMode.FINANCING:
        wanted = corp.values_request
        if wanted is not None and set(wanted) == set(own) and values_fault(game, corp,
                                                                           wanted) is None:
            corp.sc_values = dict(wanted)
        else:
            corp.sc_values = even_split(own, corp.S * corp.price // 5)
    corp.values_request = None
    corp.status = Status.FLOATED
    corp.accept = name[0] + "?"
    corp.leader = None
