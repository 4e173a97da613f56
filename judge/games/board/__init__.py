"""The board games by mail: standard Diplomacy and Payola are one BoardGame with two
records."""
