"""A scratch database for the mail benchmarks: SQLite in a temp directory, or its own
PostgreSQL schema (dropped afterwards) so a shared server is left as it was."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import Engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from judge.storage.base import register_all_tables  # noqa: E402
from judge.storage.session import make_engine  # noqa: E402


@contextmanager
def scratch_database(url: str, tmp: str) -> Iterator[tuple[str, Engine]]:
    """(url, engine) of an empty database with every table; removed on exit."""
    if not url:
        url = f"sqlite:///{tmp}/bench.db"
        engine = make_engine(url)
        register_all_tables().create_all(engine)
        yield url, engine
        engine.dispose()
        return
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = make_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    scoped_url = scoped.render_as_string(hide_password=False)
    engine = make_engine(scoped_url)
    try:
        register_all_tables().create_all(engine)
        yield scoped_url, engine
    finally:
        engine.dispose()
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
