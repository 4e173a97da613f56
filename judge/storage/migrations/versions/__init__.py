"""One module per schema revision, oldest first by down_revision."""
