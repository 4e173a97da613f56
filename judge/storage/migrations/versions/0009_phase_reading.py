"""phases.reading: a market phase as its mail so far has left it

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28 09:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reading", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.drop_column("reading")
