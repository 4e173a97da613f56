"""The refusal of a command and the checks every Exchange command shares (exchange.md 4:
the common reasons)."""

from __future__ import annotations

from judge.games.exchange.rules.game import Corporation, ExchangeGame, Investor, Status
from judge.money.names import did_you_mean


class Refused(Exception):  # noqa: N818 - a refusal is the game's word, not a failure
    """A command that changes nothing; the message is the reason the sender is told."""

    @property
    def reason(self) -> str:
        return str(self)


def corporation(game: ExchangeGame, word: str) -> Corporation:
    """The corporation a word names (full name, abbreviation, initial; D46)."""
    name = game.board.power_named(word)
    if name is None or name not in game.corporations:
        raise Refused(f"no such power{did_you_mean(word, game.corporations)}")
    return game.corporations[name]


def investor(game: ExchangeGame, word: str) -> Investor:
    found = game.investors.get(word.upper())
    if found is None:
        raise Refused(f"no such investor{did_you_mean(word, game.investors)}")
    return found


def floated(corp: Corporation) -> None:
    if corp.status is not Status.FLOATED:
        raise Refused(f"{corp.name} has not floated")


def started(corp: Corporation) -> None:
    if corp.status is Status.UNSTARTED:
        raise Refused(f"{corp.name} has not been started")


def leader(corp: Corporation, sender: str) -> None:
    """The sender leads the corporation (which must have floated)."""
    floated(corp)
    if corp.leader != sender:
        raise Refused(f"you are not the leader of {corp.name}")


def at_least_one(amount: int, what: str = "amount") -> None:
    if amount < 1:
        raise Refused(f"{what} must be at least 1")


def shares_bounds(game: ExchangeGame, shares: int) -> None:
    p = game.params
    if not p.min_shares <= shares <= p.max_shares:
        raise Refused(f"shares must be between {p.min_shares} and {p.max_shares}")


def price_at_least_one(price: int) -> None:
    if price < 1:
        raise Refused("price must be at least 1")


def available(inv: Investor, amount: int) -> None:
    """Cash not committed to standing bids covers ``amount`` (D9)."""
    if amount > inv.available():
        raise Refused(f"you have only {inv.available()} AgP available")
