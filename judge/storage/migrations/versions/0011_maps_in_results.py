"""maps: a picture beside an outgoing mail's text, and each player's SET MAP

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28 09:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("picture", sa.LargeBinary(), nullable=True))
        batch_op.add_column(sa.Column("picture_name", sa.String(length=64), nullable=False,
                                      server_default=""))
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("maps", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("maps")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("picture_name")
        batch_op.drop_column("picture")
