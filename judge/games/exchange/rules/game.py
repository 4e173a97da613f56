"""The state of an Exchange game (exchange.md 2): investors, corporations, the market,
the board, and what the mail of the current phase has set so far."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from judge.engine.board import Map
from judge.engine.orders import Order
from judge.engine.position import Dislodgement, Unit
from judge.games.exchange.rules.params import Params
from judge.money.payola.offers import OfferSheet
from judge.money.payola.rules import RuleSet


class Status(Enum):
    UNSTARTED = "UNSTARTED"
    STARTED = "STARTED"
    FLOATED = "FLOATED"


@dataclass(frozen=True, slots=True)
class Bid:
    """A standing BID of this Bids phase."""

    amount: int
    shares: int | None = None
    price: int | None = None


@dataclass(frozen=True, slots=True)
class Founding:
    """A corporation's winning BID line between the auction and the setup (D26)."""

    paid: int
    shares: int | None = None
    price: int | None = None


@dataclass
class Investor:
    """A player: cash, shares, the vote counted for him last time (2.2), and what his mail
    has set in the current phase."""

    name: str
    cash: int
    shares: dict[str, int] = field(default_factory=dict)
    last_vote: dict[str, str] = field(default_factory=dict)
    bids: dict[str, Bid] = field(default_factory=dict)
    purchases: list[str] = field(default_factory=list)
    cap: int | None = None
    votes: dict[str, str] = field(default_factory=dict)
    approvals: dict[str, bool] = field(default_factory=dict)
    transferred_to: set[str] = field(default_factory=set)

    def holding(self, corporation: str) -> int:
        return self.shares.get(corporation, 0)

    def committed(self) -> int:
        """Cash promised to standing bids (D9)."""
        return sum(b.amount for b in self.bids.values())

    def available(self) -> int:
        return self.cash - self.committed()


@dataclass
class Corporation:
    """A great power as a corporation (2.3), and its leader's orders of the current phase."""

    name: str
    status: Status = Status.UNSTARTED
    founder: str | None = None
    S: int = 0  # noqa: N815 - the spec's name
    T: int = 0  # noqa: N815
    price: int = 0
    treasury: int = 0
    leader: str | None = None
    accept: str | None = None
    sc_values: dict[str, int] = field(default_factory=dict)
    values_request: dict[str, int] | None = None
    pending_issue: int | None = None
    founding: Founding | None = None
    setup: tuple[int, int] | None = None
    new_price: int | None = None
    tiebreak: tuple[str, ...] | None = None
    dividend: int | None = None
    profit: int = 0  # ZEROSUM: this year's bribe profit, credited at the year-end step

    @property
    def floated(self) -> bool:
        return self.status is Status.FLOATED


@dataclass(frozen=True, slots=True)
class Ask:
    """An open ask of the share market (2.5)."""

    id: int
    seller: str
    corporation: str
    remaining: int
    price: int


@dataclass(frozen=True, slots=True)
class End:
    """How the game ended: ``kind`` solo, draw or end_year, the winners and every
    investor's portfolio value, exact (as a fraction's float) before rounding."""

    kind: str
    winners: tuple[str, ...]
    scores: dict[str, float]
    valued: tuple[str, ...]


@dataclass
class ExchangeGame:
    """The whole game when a phase opens, changed in place by the mail and the processing.

    ``phase`` is the label (``W1900B``, ``S1901M``...); ``units``, ``centers``,
    ``dislodged`` and ``contested`` are the board as the engine keeps it, keyed by
    corporation. ``sheets`` and ``orders`` are this phase's offer sheets (by payer) and
    unit orders (by corporation), each order with the mail key and line it came from.
    ``journal`` lists the events of the phase (``note``).
    """

    board: Map
    params: Params
    rules: RuleSet
    seed: int
    phase: str
    investors: dict[str, Investor]
    corporations: dict[str, Corporation]
    units: dict[str, tuple[Unit, ...]] = field(default_factory=dict)
    centers: dict[str, frozenset[str]] = field(default_factory=dict)
    dislodged: dict[str, tuple[Dislodgement, ...]] = field(default_factory=dict)
    contested: frozenset[str] = frozenset()
    asks: list[Ask] = field(default_factory=list)
    inactive: set[str] = field(default_factory=set)
    bank: int = 0
    next_ask_id: int = 1
    draw_votes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sheets: dict[str, OfferSheet] = field(default_factory=dict)
    orders: dict[str, list[tuple[Order, str, str]]] = field(default_factory=dict)
    end: End | None = None
    journal: list[dict[str, Any]] = field(default_factory=list)

    def note(self, event: str, **data: Any) -> None:
        """Record what happened for the reports (exchange.md 7): a transfer, a fill, a
        purchase, a tally... The journal is no part of the state: it lists what this
        phase's mail and processing did, for the judge to tell whom section 7 says."""
        self.journal.append({"event": event, **data})

    @property
    def season(self) -> str:
        return self.phase[0]

    @property
    def year(self) -> int:
        return int(self.phase[1:5])

    @property
    def kind(self) -> str:
        return self.phase[5]

    def copy(self) -> ExchangeGame:
        """An independent copy (the map, parameters and rules are shared: they are
        immutable)."""
        memo = {id(self.board): self.board, id(self.params): self.params,
                id(self.rules): self.rules}
        return copy.deepcopy(self, memo)

    def listed(self, investor: str, corporation: str) -> int:
        """Shares the investor offers in open asks (2.2, derived, D26)."""
        return sum(a.remaining for a in self.asks
                   if a.seller == investor and a.corporation == corporation)

    def ask(self, number: int) -> Ask | None:
        return next((a for a in self.asks if a.id == number), None)

    def owner_of(self, center: str) -> str | None:
        return next((p for p, cs in self.centers.items() if center in cs), None)

    def survivors(self) -> list[str]:
        """Floated corporations that own at least one centre, alphabetically."""
        return sorted(c.name for c in self.corporations.values()
                      if c.floated and self.centers.get(c.name))

    def has_units(self) -> bool:
        return any(self.units.values())
