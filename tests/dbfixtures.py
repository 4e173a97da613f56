"""Database fixtures for every store test: SQLite always, PostgreSQL when
JUDGE_TEST_DATABASE_URL is set (each test gets its own schema there, so runs never collide).

Use from a conftest.py: ``from tests.dbfixtures import db_url, db_engine, session_factory,
session``.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from judge.storage.base import register_all_tables
from judge.storage.session import make_engine, make_sessionmaker

PG_ENV = "JUDGE_TEST_DATABASE_URL"


def _backends() -> list[object]:
    postgres = pytest.param(
        "postgresql",
        marks=[
            pytest.mark.postgres,
            pytest.mark.skipif(not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set"),
        ],
    )
    return ["sqlite", postgres]


@pytest.fixture(params=_backends())
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL to an empty database of each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'judge.db'}"
        return
    base = make_url(os.environ[PG_ENV])
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = make_engine(base.render_as_string(hide_password=False))
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = base.update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def db_engine(db_url: str) -> Iterator[Engine]:
    """An Engine on ``db_url`` with every table of the judge created."""
    engine = make_engine(db_url)
    register_all_tables().create_all(engine)
    try:
        yield engine
    finally:
        engine.dispose()


@pytest.fixture
def session_factory(db_engine: Engine) -> sessionmaker[Session]:
    """Sessions on the test database (commit freely: the database is the test's own)."""
    return make_sessionmaker(db_engine)


@pytest.fixture
def session(session_factory: sessionmaker[Session]) -> Iterator[Session]:
    """One session, closed after the test."""
    with session_factory() as s:
        yield s


def postgres_only(test):  # type: ignore[no-untyped-def]
    """Run ``test`` on PostgreSQL alone (what only it can show, such as two workers
    claiming at once); skipped, like every PostgreSQL test, without a server."""
    for mark in (
        pytest.mark.parametrize("db_url", ["postgresql"], indirect=True),
        pytest.mark.postgres,
        pytest.mark.skipif(not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set"),
    ):
        test = mark(test)
    return test
