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
    """``TRANSFER <amount> TO <investor-or-power>`` (4.1): cash moved now."""

    amount: int
    recipient: str


@dataclass(frozen=True, slots=True)
class AskShares:
    """``ASK <power> <qty> AT <price>`` (4.1): an ask opened now."""

    power: str
    quantity: int
    price: int


@dataclass(frozen=True, slots=True)
class Withdraw:
    """``WITHDRAW <id>`` (4.1): the seller closes his ask."""

    ask: int


@dataclass(frozen=True, slots=True)
class Take:
    """``TAKE <id> <qty>`` (4.1): shares bought from an open ask."""

    ask: int
    quantity: int


@dataclass(frozen=True, slots=True)
class Ledger:
    """``LEDGER <power>`` (4.1): the corporation's ledger, to its leader."""

    power: str


@dataclass(frozen=True, slots=True)
class Draw:
    """``DRAW <voter-power> <member> ...`` (4.1): a corporation's draw vote."""

    voter: str
    members: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NoDraw:
    """``NODRAW <voter-power>`` (4.1): the vote withdrawn."""

    voter: str


@dataclass(frozen=True, slots=True)
class Accept:
    """``ACCEPT <list>`` (4.1, D32): the corporation's acceptance list, as letters."""

    letters: str


@dataclass(frozen=True, slots=True)
class BidFor:
    """``BID <power> <amount> [SHARES <n>] [PRICE <p>]`` (4.2)."""

    power: str
    amount: int
    shares: int | None = None
    price: int | None = None


@dataclass(frozen=True, slots=True)
class NoBid:
    """``NOBID <power>`` (4.2): the bid removed."""

    power: str


@dataclass(frozen=True, slots=True)
class Issue:
    """``ISSUE <power> <n>`` (4.2): new shares proposed."""

    power: str
    shares: int


@dataclass(frozen=True, slots=True)
class NoIssue:
    """``NOISSUE <power>`` (4.2): the proposal withdrawn."""

    power: str


@dataclass(frozen=True, slots=True)
class Setup:
    """``SETUP <power> SHARES <n> PRICE <p>`` (4.3): the founder's terms."""

    power: str
    shares: int
    price: int


@dataclass(frozen=True, slots=True)
class Price:
    """``PRICE <power> <p>`` (4.3)."""

    power: str
    price: int


@dataclass(frozen=True, slots=True)
class Values:
    """``VALUES <power> <SC> <v> ...`` (4.3): each home centre's income."""

    power: str
    values: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Approve:
    """``APPROVE <power>`` or ``REJECT <power>`` (4.3): a holder's word on an issue."""

    power: str
    approve: bool


@dataclass(frozen=True, slots=True)
class Purchase:
    """``PURCHASE <item> ...`` (4.4): each item ``(count, power)``, ``k*POWER`` read as k."""

    items: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class Cap:
    """``CAP <amount>`` (4.4): the most the purchases may cost."""

    amount: int


@dataclass(frozen=True, slots=True)
class NoCap:
    """``NOCAP`` (4.4): the cap cleared."""


@dataclass(frozen=True, slots=True)
class NoPurchase:
    """``NOPURCHASE`` (4.4): the list and the cap cleared."""


@dataclass(frozen=True, slots=True)
class Vote:
    """``VOTE <power> <investor>`` (4.5)."""

    power: str
    candidate: str


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """``TIEBREAK <power> <investor> ...`` (4.5): the order that breaks a tie."""

    power: str
    candidates: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Dividend:
    """``DIVIDEND <power> <k>`` (4.6): k AgP a share."""

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
