"""sign-on failures counted by source and by power

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 16:40:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("signon_failures", schema=None) as batch_op:
        batch_op.add_column(sa.Column("source", sa.String(length=384), nullable=False,
                                      server_default=""))
        batch_op.add_column(sa.Column("target", sa.String(length=32), nullable=False,
                                      server_default=""))
        batch_op.create_index(batch_op.f("ix_signon_failures_source_at"), ["source", "at"],
                              unique=False)
        batch_op.create_index(batch_op.f("ix_signon_failures_game_target_at"),
                              ["game", "target", "at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("signon_failures", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_signon_failures_game_target_at"))
        batch_op.drop_index(batch_op.f("ix_signon_failures_source_at"))
        batch_op.drop_column("target")
        batch_op.drop_column("source")
