"""Alembic revisions of the judge's schema (applied by judge.storage.migrate)."""
