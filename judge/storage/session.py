"""Database engines and sessions from a URL, and the unit of work every change runs in."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

DEFAULT_URL = "sqlite:///var/judge.db"


def make_engine(url: str = DEFAULT_URL, **kwargs: Any) -> Engine:
    """An Engine for ``url``; for SQLite the file's directory is created on demand.

    SQLite runs in WAL mode with foreign keys on, and every transaction starts with
    ``BEGIN IMMEDIATE``: writers queue on the busy timeout instead of failing with
    "database is locked" when a read transaction later tries to write.
    PostgreSQL URLs without a driver get psycopg (version 3).
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() != "sqlite":
        kwargs.setdefault("pool_pre_ping", True)
        return create_engine(parsed, **kwargs)
    database = parsed.database or ""
    memory = database in ("", ":memory:") or database.startswith("file::memory:")
    if not memory:
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    connect_args = kwargs.pop("connect_args", {})
    connect_args.setdefault("timeout", 30)
    connect_args.setdefault("check_same_thread", False)
    if memory:
        kwargs.setdefault("poolclass", StaticPool)
    engine = create_engine(parsed, connect_args=connect_args, **kwargs)
    _sqlite_pragmas(engine, wal=not memory)
    return engine


def _sqlite_pragmas(engine: Engine, wal: bool) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control away from the sqlite3 module so BEGIN is ours.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if wal:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        # FULL: a message answered 250 must survive a power cut, not only a crash.
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    """Sessions bound to ``engine``; objects stay readable after commit."""
    return sessionmaker(engine, expire_on_commit=False)


@contextmanager
def unit_of_work(factory: sessionmaker[Session]) -> Iterator[Session]:
    """One transaction: committed when the block ends, rolled back if it raises."""
    with factory() as session, session.begin():
        yield session
