"""Money games on top of the standard engine: Payola and its relatives."""
