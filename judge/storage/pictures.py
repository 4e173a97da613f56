"""Pictures sent beside queued mail (a phase's PNG map, a market's chart), each stored
once however many mails carry it: the outbox row names it by the SHA-256 of its bytes.

A phase's map goes to every reader who takes maps (8 mails a phase for a standard
game): stored in each row it cost about 2 ms of SQLite's CPU a phase for 600 KB of
copies. A BLIND reader's own map has bytes of its own, so a row of its own, named only
by his mails. A picture is kept while a mail names it (the outbox keeps sent mail, and
so its pictures, as it did when each row held its own copy)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import lru_cache
from typing import cast

from sqlalchemy import Connection, Insert, String, Table, bindparam, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, mapped_column

from judge.storage.base import Base

KEY_LENGTH = 64  # a SHA-256 in hex


class StoredPicture(Base):
    """One picture's bytes, named by their SHA-256 (hex)."""

    __tablename__ = "pictures"

    key: Mapped[str] = mapped_column(String(KEY_LENGTH), primary_key=True)
    data: Mapped[bytes]


@lru_cache(maxsize=16)
def picture_key(data: bytes) -> str:
    """The key a picture is stored under: the SHA-256 of its bytes, in hex (computed once
    for the bytes every mail of a phase shares)."""
    return hashlib.sha256(data).hexdigest()


def store_pictures(connection: Connection, pictures: Mapping[str, bytes]) -> None:
    """Store each picture (``{key: bytes}``, keys from ``picture_key``) not stored yet, in
    the caller's transaction; one already stored is left as it is (same key, same bytes)."""
    if not pictures:
        return
    rows = [{"key": key, "data": data} for key, data in pictures.items()]
    statement = _STORE.get(connection.dialect.name)
    if statement is not None:
        connection.execute(statement, rows)
        return
    stored = set(connection.execute(select(_TABLE.c.key).where(
        _TABLE.c.key.in_(bindparam("keys", expanding=True))), {"keys": list(pictures)})
        .scalars())
    rows = [row for row in rows if row["key"] not in stored]
    if rows:
        connection.execute(_TABLE.insert(), rows)


_TABLE = cast(Table, StoredPicture.__table__)
# INSERT ... ON CONFLICT DO NOTHING, by dialect, built once
_STORE: dict[str, Insert] = {
    name: module.insert(_TABLE).on_conflict_do_nothing()
    for name, module in (("postgresql", postgresql), ("sqlite", sqlite))
}
