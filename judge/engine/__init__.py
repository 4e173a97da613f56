"""The pure rules engine: maps, positions, orders and adjudication (stdlib only)."""
