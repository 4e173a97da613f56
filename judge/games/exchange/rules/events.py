"""The events of an Exchange phase (exchange.md 7), typed: what the engine's journal
(``ExchangeGame.note``) records of the mail and the processing, one record per kind,
each read from the journal's entry (``event_of``) and written back to it, key for key
(``event_json``). The journal itself stays plain: a mail's events travel with the
mail's reading (judge.money.market.reading.MailRead) as JSON; the mail service reads
them through these records."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

KEY = "key"  # a field's metadata: the journal's key when it is not the field's name


@dataclass(frozen=True, slots=True)
class Transfer:
    KIND: ClassVar[str] = "transfer"
    sender: str
    to: str
    amount: int


@dataclass(frozen=True, slots=True)
class AskOpened:
    KIND: ClassVar[str] = "ask"
    id: int
    seller: str
    corporation: str
    quantity: int
    price: int


@dataclass(frozen=True, slots=True)
class AskWithdrawn:
    KIND: ClassVar[str] = "withdraw"
    id: int
    seller: str
    corporation: str
    quantity: int
    price: int


@dataclass(frozen=True, slots=True)
class Fill:
    """Shares of an ask taken: ``left`` the shares the ask still offers."""

    KIND: ClassVar[str] = "fill"
    id: int
    seller: str
    buyer: str
    corporation: str
    quantity: int
    price: int
    left: int


@dataclass(frozen=True, slots=True)
class LedgerAsked:
    KIND: ClassVar[str] = "ledger"
    corporation: str
    to: str


@dataclass(frozen=True, slots=True)
class Acceptance:
    """A leader's ACCEPT: the corporation's acceptance list now."""

    KIND: ClassVar[str] = "accept"
    corporation: str
    accepted: str | None = field(metadata={KEY: "list"})


@dataclass(frozen=True, slots=True)
class Auction:
    """A corporation started at the Bids phase: the winner, what he paid, every bid."""

    KIND: ClassVar[str] = "auction"
    corporation: str
    winner: str
    paid: int
    bids: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Setup:
    """A corporation set up at the Offering, as its founder sent (``sent``) or by default."""

    KIND: ClassVar[str] = "setup"
    corporation: str
    founder: str
    S: int  # noqa: N815 - the spec's name
    price: int
    founder_shares: int
    sent: bool


@dataclass(frozen=True, slots=True)
class Issue:
    """A pending issue voted on: the shares approving of those held."""

    KIND: ClassVar[str] = "issue"
    corporation: str
    shares: int
    approving: int
    held: int
    approved: bool


@dataclass(frozen=True, slots=True)
class Purchase:
    KIND: ClassVar[str] = "purchase"
    investor: str
    corporation: str
    count: int
    cost: int


@dataclass(frozen=True, slots=True)
class Proceeds:
    """A corporation's IPO sales, ``to`` its treasury or to the bank."""

    KIND: ClassVar[str] = "proceeds"
    corporation: str
    amount: int
    to: str


@dataclass(frozen=True, slots=True)
class Fallback:
    """A vote for a candidate who holds no shares, counted for another."""

    KIND: ClassVar[str] = "fallback"
    investor: str
    corporation: str
    wanted: str
    counted: str


@dataclass(frozen=True, slots=True)
class Tally:
    KIND: ClassVar[str] = "tally"
    corporation: str
    totals: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Elected:
    KIND: ClassVar[str] = "elected"
    corporation: str
    leader: str
    was: str | None


@dataclass(frozen=True, slots=True)
class Dividend:
    """A dividend declared (``per_share`` 0: withheld) and what each holder received."""

    KIND: ClassVar[str] = "dividend"
    corporation: str
    per_share: int
    paid: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Income:
    KIND: ClassVar[str] = "income"
    corporation: str
    amount: int


@dataclass(frozen=True, slots=True)
class DrawVoted:
    """A leader's DRAW: the corporations he proposes share the draw."""

    KIND: ClassVar[str] = "draw"
    corporation: str
    members: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Processed:
    """Where the mail's events end and the processing's begin."""

    KIND: ClassVar[str] = "processed"
    phase: str


Event = (Transfer | AskOpened | AskWithdrawn | Fill | LedgerAsked | Acceptance | Auction
         | Setup | Issue | Purchase | Proceeds | Fallback | Tally | Elected | Dividend
         | Income | DrawVoted | Processed)

_KINDS: dict[str, type[Any]] = {cls.KIND: cls for cls in (
    Transfer, AskOpened, AskWithdrawn, Fill, LedgerAsked, Acceptance, Auction, Setup, Issue,
    Purchase, Proceeds, Fallback, Tally, Elected, Dividend, Income, DrawVoted, Processed)}


def event_of(entry: Mapping[str, Any]) -> Event:
    """The record of a journal entry; KeyError for an entry of no known kind."""
    cls = _KINDS[str(entry["event"])]
    values = {}
    for f in fields(cls):
        value = entry[f.metadata.get(KEY, f.name)]
        values[f.name] = tuple(value) if isinstance(value, list) else value
    made: Event = cls(**values)
    return made


def events_of(journal: Any) -> tuple[Event, ...]:
    return tuple(event_of(entry) for entry in journal or ())


def event_json(event: Event) -> dict[str, Any]:
    """The journal's entry of a record, its keys in the order the engine notes them."""
    out: dict[str, Any] = {"event": event.KIND}
    for f in fields(event):
        value = getattr(event, f.name)
        out[f.metadata.get(KEY, f.name)] = list(value) if isinstance(value, tuple) else value
    return out
