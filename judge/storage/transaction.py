"""What a transaction has read and may remember: whether it is still in force."""

from __future__ import annotations

from sqlalchemy.orm import Session, SessionTransaction


def in_force(session: Session, taken: SessionTransaction | None) -> bool:
    """Whether what was read in transaction ``taken`` still holds: ``taken`` is the
    session's transaction or one that its savepoints run in, and still active."""
    transaction = transaction_of(session)
    while transaction is not None:
        if transaction is taken:
            return transaction.is_active
        transaction = transaction.parent
    return False


def transaction_of(session: Session) -> SessionTransaction | None:
    return session.get_nested_transaction() or session.get_transaction()
