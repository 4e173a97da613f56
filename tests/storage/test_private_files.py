"""The database and var/ are private to the judge's user; a database password is never
printed (issue 12)."""

from __future__ import annotations

import os
import stat
import uuid
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from judge.cli import main
from judge.storage.session import make_engine, shown_url
from tests.dbfixtures import PG_ENV


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_sqlite_database_and_its_directory_are_owner_only(tmp_path: Path) -> None:
    old = os.umask(0o022)  # the usual umask, which made the file 0644 before
    try:
        engine = make_engine(f"sqlite:///{tmp_path / 'var' / 'judge.db'}")
        with engine.begin() as connection:
            connection.exec_driver_sql("CREATE TABLE t (x INTEGER)")
            connection.exec_driver_sql("INSERT INTO t VALUES (1)")
        engine.dispose()
    finally:
        os.umask(old)
    assert _mode(tmp_path / "var") == 0o700
    assert _mode(tmp_path / "var" / "judge.db") == 0o600
    for extra in ("judge.db-wal", "judge.db-shm"):
        if (tmp_path / "var" / extra).exists():
            assert _mode(tmp_path / "var" / extra) & 0o077 == 0


def test_a_url_is_shown_without_its_password() -> None:
    shown = shown_url("postgresql://judge:S3cret!pw@db.example.org/judge")
    assert "S3cret" not in shown and "judge@db.example.org" not in shown.replace("***", "")
    assert shown == "postgresql://judge:***@db.example.org/judge"


@pytest.mark.postgres
@pytest.mark.skipif(not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set")
def test_initdb_never_prints_the_database_password(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parsed = make_url(os.environ[PG_ENV])
    # a schema of its own, so that what other runs left in the server's database (a
    # branch's migrations of another numbering) never decides this test
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = make_engine(parsed.render_as_string(hide_password=False))
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    parsed = parsed.update_query_dict({"options": f"-csearch_path={schema}"})
    if not parsed.password:  # a test server with trust authentication ignores it
        parsed = parsed.set(password="Not-Checked-7")
    password = str(parsed.password)
    url = parsed.render_as_string(hide_password=False)
    conf = tmp_path / "judge.conf"
    conf.write_text(f"[database]\nurl = {url}\n", encoding="utf-8")
    try:
        assert main(["initdb", "--config", str(conf)]) == 0
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
    out = capsys.readouterr()
    assert password not in out.out + out.err and "***" in out.out
