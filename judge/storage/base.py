"""The one declarative Base every table of the judge registers on, and its column types."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, Dialect, LargeBinary, MetaData, Text
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator

# Named constraints let Alembic alter and drop them on every backend (SQLite batch mode
# needs names to find them again).
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UtcDateTime(TypeDecorator[datetime]):
    """A moment in UTC: stored naive-UTC (SQLite keeps no zone), always read back aware."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given; pass an aware UTC moment")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if isinstance(value, str):  # raw SQL paths on SQLite may hand back text
            value = datetime.fromisoformat(value)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    """Declarative base of every judge table; import it, never make another."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {
        datetime: UtcDateTime(),
        bytes: LargeBinary(),
        str: Text(),
    }


def utcnow() -> datetime:
    """The current moment, aware UTC (the default clock of the stores)."""
    return datetime.now(UTC)


def register_all_tables() -> MetaData:
    """Import every module of judge.storage so each table is on ``Base.metadata``
    (migrations and ``create_all`` must see the tables of modules nobody imported yet)."""
    import importlib
    import pkgutil

    import judge.storage as package

    for module in pkgutil.iter_modules(package.__path__):
        if module.name not in ("migrations", "session") and not module.ispkg:
            importlib.import_module(f"{package.__name__}.{module.name}")
    return Base.metadata
