"""inbox: the same mail is the same Message-ID and the same body digest

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 16:45:00.000000
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _digest(raw: bytes) -> str:
    # as judge.storage.mailqueue.body_digest computed it when this revision was written
    normal = bytes(raw).replace(b"\r\n", b"\n")
    _, sep, body = normal.partition(b"\n\n")
    if not sep:
        body = b""
    return hashlib.sha256(body.rstrip(b"\n").replace(b"\n", b"\r\n")).hexdigest()


def upgrade() -> None:
    with op.batch_alter_table("inbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("digest", sa.String(length=64), nullable=False,
                                      server_default=""))
    connection = op.get_bind()
    inbox = sa.table("inbox", sa.column("id", sa.Integer), sa.column("raw", sa.LargeBinary),
                     sa.column("digest", sa.String))
    for row_id, raw in connection.execute(sa.select(inbox.c.id, inbox.c.raw)).all():
        connection.execute(inbox.update().where(inbox.c.id == row_id)
                           .values(digest=_digest(raw or b"")))
    with op.batch_alter_table("inbox", schema=None) as batch_op:
        batch_op.drop_constraint("uq_inbox_message_id", type_="unique")
        batch_op.create_unique_constraint(batch_op.f("uq_inbox_message_id_digest"),
                                          ["message_id", "digest"])


def downgrade() -> None:
    with op.batch_alter_table("inbox", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_inbox_message_id_digest"), type_="unique")
        batch_op.create_unique_constraint(batch_op.f("uq_inbox_message_id"), ["message_id"])
        batch_op.drop_column("digest")
