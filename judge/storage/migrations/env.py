"""Alembic environment: every table registered on Base, the URL from judge.conf or the caller."""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy.engine import Connection

from judge.config import load_settings
from judge.storage.base import register_all_tables
from judge.storage.session import make_engine

config = context.config
target_metadata = register_all_tables()

if config.config_file_name is not None and config.attributes.get("connection") is None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def _url() -> str:
    return (
        context.get_x_argument(as_dictionary=True).get("url")
        or config.get_main_option("sqlalchemy.url")
        or load_settings().database_url
    )


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite can only ALTER by copying the table
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    given = config.attributes.get("connection")
    if given is not None:
        _configure(given)
    else:
        engine = make_engine(_url())
        with engine.connect() as connection:
            _configure(connection)
        engine.dispose()
