"""Alembic revisions build exactly the schema the models declare, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, select, text
from sqlalchemy.orm import Session

from judge.storage.base import register_all_tables
from judge.storage.mailqueue import OutboundMessage
from judge.storage.migrate import current_revision, head_revision, upgrade
from judge.storage.session import make_engine


def test_upgrading_an_empty_database_gives_every_model_table_and_nothing_else(
    db_url: str,
) -> None:
    engine = make_engine(db_url)
    assert current_revision(engine) is None
    upgrade(engine)
    upgrade(engine)  # a second upgrade finds nothing to do
    assert current_revision(engine) == head_revision()
    metadata = register_all_tables()
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, metadata)
    assert differences == [], "models changed: generate a revision (see alembic.ini)"
    tables = set(inspect(engine).get_table_names())
    assert {"inbox", "outbox"} <= tables
    assert tables == set(metadata.tables) | {"alembic_version"}
    engine.dispose()


def test_upgrading_from_the_first_revision_keeps_stored_mail(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine, "0001")
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO inbox (message_id, mail_from, rcpt_to, raw, peer, received_at, state) "
            "VALUES ('<kept@x>', 'p@x.org', 'j@x.org', :raw, '', :at, 'received')"),
            {"raw": b"Subject: x\r\n\r\nA PAR H", "at": datetime(2026, 11, 21, 12, 0)})
    upgrade(engine)
    with engine.connect() as conn:
        raw = conn.execute(text("SELECT raw FROM inbox WHERE message_id = '<kept@x>'")).scalar()
    assert bytes(raw) == b"Subject: x\r\n\r\nA PAR H"
    assert current_revision(engine) == head_revision()
    engine.dispose()


def test_upgrading_to_shared_pictures_keeps_each_queued_mails_pictures(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine, "0012")
    phase_map, blind_map, chart = b"\x89PNG phase map", b"\x89PNG FRANCE's own", b"\x89PNG chart"
    queued = [("<a@x>", "a@x.org", phase_map, None), ("<b@x>", "b@x.org", phase_map, chart),
              ("<c@x>", "c@x.org", blind_map, None), ("<d@x>", "d@x.org", None, None)]
    with engine.begin() as conn:
        for message_id, recipient, picture, chart_png in queued:
            conn.execute(text(
                "INSERT INTO outbox (message_id, recipient, sender, subject, body, picture,"
                " picture_name, chart, chart_name, budgeted, state, attempts, created_at,"
                " next_attempt_at) VALUES (:id, :to, '', 'Results', 'text', :picture,"
                " :name, :chart, :chart_name, false, 'pending', 0, :at, :at)"),
                {"id": message_id, "to": recipient, "picture": picture,
                 "name": "g-S1901M.png" if picture else "", "chart": chart_png,
                 "chart_name": "g-chart.png" if chart_png else "",
                 "at": datetime(2026, 11, 21, 12, 0)})
    upgrade(engine)
    assert current_revision(engine) == head_revision()
    with engine.connect() as conn:
        stored = {bytes(data) for data in conn.execute(text("SELECT data FROM pictures"))
                  .scalars()}
        columns = {c["name"] for c in inspect(conn).get_columns("outbox")}
    assert stored == {phase_map, blind_map, chart}  # the phase's map once, not twice
    assert {"picture", "chart"}.isdisjoint(columns)
    with Session(engine) as session:
        rows = {row.message_id: row for row in session.scalars(select(OutboundMessage))}
        assert [(rows[m].picture, rows[m].chart) for m, *_ in queued] == [
            (phase_map, None), (phase_map, chart), (blind_map, None), (None, None)]
        assert rows["<a@x>"].picture_key == rows["<b@x>"].picture_key
        assert rows["<b@x>"].picture_name == "g-S1901M.png"
        assert rows["<b@x>"].chart_name == "g-chart.png"
    engine.dispose()
