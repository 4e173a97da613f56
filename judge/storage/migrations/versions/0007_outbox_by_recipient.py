"""outbox: answers counted against their recipient's hourly budget

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 17:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("budgeted", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        # the budget's count reads this index alone
        batch_op.create_index(batch_op.f("ix_outbox_recipient_budgeted_created_at"),
                              ["recipient", "budgeted", "created_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_outbox_recipient_budgeted_created_at"))
        batch_op.drop_column("budgeted")
