"""market_mails: the command lines each mail sent to a market game during a phase

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 19:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import judge.storage.base

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "market_mails",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("sender", sa.String(length=32), nullable=False),
        sa.Column("acting", sa.String(length=32), nullable=True),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("errors", sa.JSON(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("at", judge.storage.base.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["phase_id"], ["phases.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("market_mails", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_market_mails_phase_id_id"), ["phase_id", "id"],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table("market_mails", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_market_mails_phase_id_id"))
    op.drop_table("market_mails")
