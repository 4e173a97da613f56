"""Store tests run on SQLite and, when JUDGE_TEST_DATABASE_URL is set, on PostgreSQL."""

from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401
