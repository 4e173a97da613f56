"""The game store's ledger: money moved in and out of the powers' accounts."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import cast

from sqlalchemy import Table, insert
from sqlalchemy.orm import Session

from judge.storage.schema import Game, LedgerEntry, Power


def post_many(session: Session, game: Game, changes: Iterable[tuple[Power, int]], kind: str,
              now: datetime) -> None:
    """``post`` for several accounts at once (each ``(power, amount)``, in order): the
    balances change as ``post`` changes them, and the ledger rows are written by one Core
    insert (no ORM object, nothing returned), where the ORM wrote each with its own
    ``INSERT ... RETURNING``. Ledger rows are only ever written so (``post`` too), so
    they keep the order in which they were posted."""
    rows = [_ledger_row(session, game, power, amount, kind, now, None) for power, amount in changes]
    if rows:
        session.connection().execute(_POST, rows)


def post(
    session: Session,
    game: Game,
    power: Power,
    amount: int,
    kind: str,
    now: datetime,
    counterparty: str | None = None,
) -> None:
    """Move money in or out of a power's account; a balance never goes below zero."""
    session.connection().execute(_POST, _ledger_row(session, game, power, amount, kind,
                                                    now, counterparty))


def _ledger_row(session: Session, game: Game, power: Power, amount: int, kind: str, now: datetime,
                counterparty: str | None) -> dict[str, object]:
    """Change the power's balance and give its ledger row's values (``post``)."""
    if power.balance + amount < 0:
        raise ValueError(f"{power.name} has {power.balance} AgP; cannot take {-amount}")
    if game.id is None:  # a game not yet written: its row first (the ledger refers to it)
        session.flush()
    power.balance += amount
    return {"game_id": game.id, "phase": game.phase, "power": power.name, "amount": amount,
            "kind": kind, "counterparty": counterparty, "balance_after": power.balance,
            "at": now}


_POST = insert(cast(Table, LedgerEntry.__table__)).inline()  # built once; no RETURNING
