"""pictures: each picture sent beside queued mail stored once, named by the SHA-256 of
its bytes; the outbox row names it (a phase's map was stored in each reader's mail)

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28 13:00:00.000000
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PICTURES = sa.table("pictures", sa.column("key", sa.String(64)),
                     sa.column("data", sa.LargeBinary()))


def upgrade() -> None:
    op.create_table(
        "pictures",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_pictures")),
    )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("picture_key", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("chart_key", sa.String(length=64), nullable=True))
        batch_op.create_foreign_key(batch_op.f("fk_outbox_picture_key_pictures"),
                                    "pictures", ["picture_key"], ["key"])
        batch_op.create_foreign_key(batch_op.f("fk_outbox_chart_key_pictures"),
                                    "pictures", ["chart_key"], ["key"])
    _move_pictures()
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("chart")
        batch_op.drop_column("picture")


def _move_pictures() -> None:
    """Each queued mail's picture and chart into ``pictures``, once each, the row naming it."""
    connection = op.get_bind()
    outbox = sa.table("outbox", sa.column("id", sa.Integer()),
                      sa.column("picture", sa.LargeBinary()),
                      sa.column("chart", sa.LargeBinary()),
                      sa.column("picture_key", sa.String(64)),
                      sa.column("chart_key", sa.String(64)))
    stored: set[str] = set()
    rows = connection.execute(sa.select(outbox.c.id, outbox.c.picture, outbox.c.chart).where(
        sa.or_(outbox.c.picture.is_not(None), outbox.c.chart.is_not(None)))
        .order_by(outbox.c.id)).all()
    for row_id, picture, chart in rows:
        keys = {}
        for column, data in (("picture_key", picture), ("chart_key", chart)):
            if data is None:
                continue
            key = hashlib.sha256(bytes(data)).hexdigest()
            if key not in stored:
                connection.execute(_PICTURES.insert().values(key=key, data=bytes(data)))
                stored.add(key)
            keys[column] = key
        connection.execute(outbox.update().where(outbox.c.id == row_id).values(**keys))


def downgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("picture", sa.LargeBinary(), nullable=True))
        batch_op.add_column(sa.Column("chart", sa.LargeBinary(), nullable=True))
    connection = op.get_bind()
    for column in ("picture", "chart"):
        connection.execute(sa.text(
            f"UPDATE outbox SET {column} = (SELECT data FROM pictures "
            f"WHERE pictures.key = outbox.{column}_key) WHERE {column}_key IS NOT NULL"))
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_constraint("fk_outbox_chart_key_pictures", type_="foreignkey")
        batch_op.drop_constraint("fk_outbox_picture_key_pictures", type_="foreignkey")
        batch_op.drop_column("chart_key")
        batch_op.drop_column("picture_key")
    op.drop_table("pictures")
