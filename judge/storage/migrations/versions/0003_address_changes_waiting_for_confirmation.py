"""address changes waiting for confirmation

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-21 06:49:31.754092
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import judge.storage.base

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "address_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("requested_by", sa.String(length=320), nullable=False),
        sa.Column("requested_at", judge.storage.base.UtcDateTime(), nullable=False),
        sa.Column("expires_at", judge.storage.base.UtcDateTime(), nullable=False),
        sa.Column("done_at", judge.storage.base.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_address_changes_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_address_changes_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_address_changes")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_address_changes_code_hash")),
    )
    with op.batch_alter_table("address_changes", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_address_changes_game_id_player_id_requested_at"),
            ["game_id", "player_id", "requested_at"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("address_changes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_address_changes_game_id_player_id_requested_at"))
    op.drop_table("address_changes")
