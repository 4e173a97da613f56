"""P38 and P39 of the Payola spec: offer lines and the verdict each must get (None = valid)."""

from __future__ import annotations

# P38: France, Spring 1901, default rules unless a line names BLIND.
P38 = [
    ("5 : A PAR - BUR", None),
    ("5:A PAR-BUR", None),
    ("A MAR H", None),
    ("2 * 4 : F BRE - MAO", None),
    ("3+2#2 ! A PAR - BUR | - PIC", None),
    ("2 : A PAR S F BRE H", None),
    ("4 : A MUN - TYR", None),
    ("3 : F BRE - GAS % plan B", None),
    ("% note to self", None),
    ("10 $", None),
    ("0 : F LON - NTH", "E14"),
    ("4 : F BRE - MAO | - MAO", "E9"),
    ("2 : A PAR S F BRE H | S F BRE", "E9"),
    ("4 : A PAR - MAO", "E13"),
    ("3 : A RUH - BUR", "E11"),
    ("2 : A PAR S A PIC - BUR", "E12"),
    ("10#3 $", "E5"),
    ("5#6 : A PAR H", "E1"),
    ("0*5 : A PAR H", "E1"),
    ("10000 : A PAR H", "E1"),
    ("5 + : A PAR H", "E2"),
    ("5 ; A PAR H", "E6"),
    ("5 : A PAR", "E8"),
    ("5 : A PAR - BUR |", "E8"),
    ("5 :", "E7"),
    ("5 : A PAR - XYZZY", "E10"),
]

P38_BLIND = [
    ("1 & BUL H", "E15"),
    ("1 & F BUL/SC H", None),
    ("0 : A SER H", "E14"),
    ("1 : A SER - XYZ", "E10"),
    ("1 : A SER - NAO", "E13"),
]

# P39: PAYOLA_CLASSIC + LIMIT_OFFERS, France's balance 21, lines in this order.
P39 = [
    ("10 : A PAR - BUR", None),
    ("8 : F BRE - MAO", None),
    ("5 : A MAR - SPA", "E19"),
    ("0 : A MUN - BUR", None),
    ("2 : A PAR H", "E16"),
    ("3 > F BRE - MAO", "E17"),
    ("4 : A MAR - SPA | - PIE", "E17"),
    ("2*2 : A MAR H", "E18"),
    ("5 $", "E4"),
    ("5#2 : A MAR H", "E3"),
]
