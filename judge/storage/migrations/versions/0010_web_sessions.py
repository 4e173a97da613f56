"""web_sessions: the players' sessions on the web pages (judge.web)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28 09:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import judge.storage.base

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("who", sa.String(length=32), nullable=False),
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("vouched", sa.Text(), nullable=False),
        sa.Column("csrf", sa.String(length=64), nullable=False),
        sa.Column("created_at", judge.storage.base.UtcDateTime(), nullable=False),
        sa.Column("seen_at", judge.storage.base.UtcDateTime(), nullable=False),
        sa.Column("ended_at", judge.storage.base.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )


def downgrade() -> None:
    op.drop_table("web_sessions")
