"""Payola (spec rules/payola.md): offers, acceptance lists, control, order determination,
the movement phase, statements and charts, income and the close of phase. The Exchange plays
its movement phases through it."""
