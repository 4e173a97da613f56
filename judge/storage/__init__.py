"""The judge's database: SQLAlchemy 2.0 models, sessions and migrations."""
