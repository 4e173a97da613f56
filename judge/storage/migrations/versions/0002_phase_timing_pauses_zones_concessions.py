"""phase timing, pauses, zones and concessions

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 06:29:57.299846
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import judge.storage.base

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:

    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("paused_at", judge.storage.base.UtcDateTime(), nullable=True))
        batch_op.add_column(
            sa.Column("pause_told_at", judge.storage.base.UtcDateTime(), nullable=True)
        )
        batch_op.add_column(sa.Column("ended_at", judge.storage.base.UtcDateTime(), nullable=True))
        batch_op.add_column(sa.Column("result", sa.Text(), nullable=True))

    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.add_column(sa.Column("deadline", judge.storage.base.UtcDateTime(), nullable=True))
        batch_op.add_column(
            sa.Column("reminded_at", judge.storage.base.UtcDateTime(), nullable=True)
        )
        batch_op.add_column(
            sa.Column("late_told_at", judge.storage.base.UtcDateTime(), nullable=True)
        )
        batch_op.add_column(
            sa.Column("master_told_at", judge.storage.base.UtcDateTime(), nullable=True)
        )

    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("zone", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("concede", sa.String(length=32), nullable=True))


def downgrade() -> None:

    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("concede")
        batch_op.drop_column("zone")

    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.drop_column("master_told_at")
        batch_op.drop_column("late_told_at")
        batch_op.drop_column("reminded_at")
        batch_op.drop_column("deadline")

    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("result")
        batch_op.drop_column("ended_at")
        batch_op.drop_column("pause_told_at")
        batch_op.drop_column("paused_at")
