"""charts: a second picture beside an outgoing mail's text (a year-end letter's chart
beside the phase's map)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28 12:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("chart", sa.LargeBinary(), nullable=True))
        batch_op.add_column(sa.Column("chart_name", sa.String(length=64), nullable=False,
                                      server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("chart_name")
        batch_op.drop_column("chart")
