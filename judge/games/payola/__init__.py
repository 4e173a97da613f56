"""Payola (payola.md): its batch runner and what its bank adds by mail. Its rules are the
bribe kit judge/money/payola, which Exchange plays too."""
