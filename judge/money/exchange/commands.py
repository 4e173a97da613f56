"""The commands players mail in an Exchange game (exchange.md 4), as typed values.

Names of powers, investors and centres are kept as the player wrote them (upper case);
the checks resolve them, so that an unknown name is refused with the spec's reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.orders import Order
from judge.money.payola.sheets import SheetError, WrittenLine


@dataclass(frozen=True, slots=True)
class Transfer:
    amount: int
    recipient: str


@dataclass(frozen=True, slots=True)
class AskShares:
    power: str
    quantity: int
    price: int


@dataclass(frozen=True, slots=True)
class Withdraw:
    ask: int


@dataclass(frozen=True, slots=True)
class Take:
    ask: int
    quantity: int


@dataclass(frozen=True, slots=True)
class Ledger:
    power: str


@dataclass(frozen=True, slots=True)
class Draw:
    voter: str
    members: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NoDraw:
    voter: str


@dataclass(frozen=True, slots=True)
class Accept:
    letters: str


@dataclass(frozen=True, slots=True)
class BidFor:
    power: str
    amount: int
    shares: int | None = None
    price: int | None = None


@dataclass(frozen=True, slots=True)
class NoBid:
    power: str


@dataclass(frozen=True, slots=True)
class Issue:
    power: str
    shares: int


@dataclass(frozen=True, slots=True)
class NoIssue:
    power: str


@dataclass(frozen=True, slots=True)
class Setup:
    power: str
    shares: int
    price: int


@dataclass(frozen=True, slots=True)
class Price:
    power: str
    price: int


@dataclass(frozen=True, slots=True)
class Values:
    power: str
    values: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Approve:
    power: str
    approve: bool


@dataclass(frozen=True, slots=True)
class Purchase:
    items: tuple[tuple[int, str], ...]  # (count, power)


@dataclass(frozen=True, slots=True)
class Cap:
    amount: int


@dataclass(frozen=True, slots=True)
class NoCap:
    pass


@dataclass(frozen=True, slots=True)
class NoPurchase:
    pass


@dataclass(frozen=True, slots=True)
class Vote:
    power: str
    candidate: str


@dataclass(frozen=True, slots=True)
class Tiebreak:
    power: str
    candidates: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Dividend:
    power: str
    per_share: int


@dataclass(frozen=True, slots=True)
class UnitLine:
    """A line that starts with no command word: an offer line in a movement phase, a unit
    order (retreat, BUILD, REMOVE, WAIVE) of a leader signed on as his corporation.
    ``hint`` follows the refusal of an unknown command: the command words its first word
    may be a near miss of (`` (did you mean BID?)``), or the empty string."""

    text: str
    hint: str = ""


@dataclass(frozen=True, slots=True)
class OfferLine:
    """A line of a Payola offer sheet in a movement phase: read, or its syntax error;
    neither for ``CLEAR`` (or ``NMR``), which empties the sheet."""

    text: str
    written: WrittenLine | None = None
    error: SheetError | None = None


@dataclass(frozen=True, slots=True)
class UnitOrder:
    """A retreat or adjustment order line: the order, or why it could not be read."""

    text: str
    order: Order | None = None
    problem: str | None = None
    hint: str = ""  # as UnitLine's


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A line whose command word is known but whose words cannot be read (D31)."""

    word: str


Command = (Transfer | AskShares | Withdraw | Take | Ledger | Draw | NoDraw | Accept | BidFor
           | NoBid | Issue | NoIssue | Setup | Price | Values | Approve | Purchase | Cap | NoCap
           | NoPurchase | Vote | Tiebreak | Dividend | UnitLine | OfferLine | UnitOrder
           | Unreadable)

IMMEDIATE = (Transfer, AskShares, Withdraw, Take, Ledger, Draw, NoDraw, Accept)
# Leader commands that name the corporation: allowed signed on as it (D48).
LEADER_NAMING = (Issue, NoIssue, Price, Values, Tiebreak, Dividend, Ledger, Draw, NoDraw)


def named_power(command: Command) -> str | None:
    """The corporation a leader command names (for the signed-on check of D48)."""
    if isinstance(command, (Draw, NoDraw)):
        return command.voter
    return getattr(command, "power", None)
