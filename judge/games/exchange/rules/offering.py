"""The Offering phase (exchange.md 3.2 ``O``, 4.3): the founders' setup (5.3), prices,
centre values for the float (5.5 step 3) and the vote on new issues (5.8)."""

from __future__ import annotations

from judge.games.exchange.rules import commands as c
from judge.games.exchange.rules.checks import (
    Refused,
    corporation,
    price_at_least_one,
    shares_bounds,
    started,
)
from judge.games.exchange.rules.game import Corporation, ExchangeGame, Status
from judge.games.exchange.rules.params import IncomeMode


def setup(game: ExchangeGame, sender: str, cmd: c.Setup) -> str:
    corp = corporation(game, cmd.power)
    if corp.founding is None or corp.founder != sender:
        raise Refused(f"you did not start {corp.name} this year")
    shares_bounds(game, cmd.shares)
    price_at_least_one(cmd.price)
    corp.setup = (cmd.shares, cmd.price)
    return _recheck_values(game, corp, f"{corp.name}: {cmd.shares} shares at {cmd.price} AgP")


def price(game: ExchangeGame, sender: str, cmd: c.Price) -> str:
    """A founder prices his started corporation, a leader his floated one."""
    corp = corporation(game, cmd.power)
    started(corp)
    if corp.floated:
        if corp.leader != sender:
            raise Refused(f"you are not the leader of {corp.name}")
    elif corp.founder != sender:
        raise Refused(f"you are not the founder of {corp.name}")
    price_at_least_one(cmd.price)
    corp.new_price = cmd.price
    return _recheck_values(game, corp, f"{corp.name} offered at {cmd.price} AgP")


def values(game: ExchangeGame, sender: str, cmd: c.Values) -> str:
    corp = corporation(game, cmd.power)
    if game.params.income_mode is not IncomeMode.FINANCING:
        raise Refused("centre values are not used in this game")
    if corp.floated:
        raise Refused(f"{corp.name} has already floated")
    started(corp)
    if corp.founder != sender:
        raise Refused(f"you are not the founder of {corp.name}")
    given: dict[str, int] = {}
    for word, value in cmd.values:
        center = game.board.canonical(word)
        if center is None or center in given:
            raise Refused(f"list each home centre of {corp.name} once")
        given[center] = value
    if set(given) != set(homes(game, corp.name)):
        raise Refused(f"list each home centre of {corp.name} once")
    reason = values_fault(game, corp, given)
    if reason is not None:
        raise Refused(reason)
    corp.values_request = given
    return f"values for {corp.name} recorded"


def approve(game: ExchangeGame, sender: str, cmd: c.Approve) -> str:
    corp = corporation(game, cmd.power)
    if corp.pending_issue is None:
        raise Refused(f"no issue is pending for {corp.name}")
    inv = game.investors[sender]
    if not inv.holding(corp.name):
        raise Refused(f"you hold no {corp.name} shares")
    inv.approvals[corp.name] = cmd.approve
    return f"{'approval' if cmd.approve else 'rejection'} of the {corp.name} issue recorded"


def homes(game: ExchangeGame, power: str) -> list[str]:
    return sorted(game.board.homes.get(power, ()))


def terms(game: ExchangeGame, corp: Corporation) -> tuple[int, int]:
    """S and price as the Offering phase would give them now (5.3, D28, D30)."""
    if corp.founding is None:
        n, p = corp.S, corp.price
    elif corp.setup is not None:
        n, p = corp.setup
    else:
        n = corp.founding.shares or game.params.default_shares
        p = corp.founding.price or max(1, corp.founding.paid // (n // 5))
    if corp.new_price is not None:
        p = corp.new_price
    return n, p


def values_fault(game: ExchangeGame, corp: Corporation, given: dict[str, int]) -> str | None:
    """Why centre values do not fit the corporation's current terms, or None."""
    if any(v < 1 for v in given.values()):
        return "values must be at least 1"
    n, p = terms(game, corp)
    income = n * p // 5
    if income < len(given):
        return "income too small to divide; the even split will be used"
    if sum(given.values()) != income:
        return f"values must total {income}"
    if max(given.values()) > 2 * min(given.values()):
        return "no centre may be worth more than twice the smallest"
    return None


def even_split(centers: list[str], income: int) -> dict[str, int]:
    """5.5 step 3: alphabetically, floor(I / k) each and one more for the first I mod k."""
    k = len(centers)
    return {c: income // k + (1 if i < income % k else 0) for i, c in enumerate(sorted(centers))}


def _recheck_values(game: ExchangeGame, corp: Corporation, done: str) -> str:
    """A SETUP or PRICE that breaks stored VALUES drops them, with a notice (4.3)."""
    if corp.values_request is not None and values_fault(game, corp, corp.values_request):
        corp.values_request = None
        return (f"{done}; VALUES for {corp.name} no longer match the offering; the even "
                "split will be used unless you resend them")
    return done


def process_offering(game: ExchangeGame) -> None:
    """3.2 ``O``: setups (founder gets floor(S / 5)), prices, then the issue votes."""
    for name in sorted(game.corporations):
        corp = game.corporations[name]
        if corp.founding is not None:
            n, p = terms(game, corp)
            founder = game.investors.get(corp.founder or "")
            free = n // 5
            game.note("setup", corporation=name, founder=corp.founder, S=n, price=p,
                      founder_shares=free, sent=corp.setup is not None)
            corp.S, corp.T, corp.price = n, n - free, p
            if founder is not None:
                founder.shares[name] = founder.holding(name) + free
            corp.founding = corp.setup = None
        elif corp.new_price is not None:
            corp.price = corp.new_price
        corp.new_price = None
    for name in sorted(game.corporations):
        corp = game.corporations[name]
        if corp.pending_issue is None:
            continue
        yes = sum(inv.holding(name) for inv in game.investors.values()
                  if inv.approvals.get(name))
        approved = corp.status is Status.FLOATED and 5 * yes >= 4 * (corp.S - corp.T)
        game.note("issue", corporation=name, shares=corp.pending_issue, approving=yes,
                  held=corp.S - corp.T, approved=approved)
        if approved:
            corp.S += corp.pending_issue
            corp.T += corp.pending_issue
        corp.pending_issue = None
    for inv in game.investors.values():
        inv.approvals.clear()
