"""The orders of the demos' standard year (the Payola demo's, without their bribes):
Spring and Fall 1901 movement, and the Winter builds."""

from __future__ import annotations

SPRING = {
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"],
    "GERMANY": ["A MUN - RUH", "F KIE - DEN", "A BER - KIE"],
    "ITALY": ["F NAP - ION", "A ROM - APU", "A VEN H"],
    "RUSSIA": ["A WAR - GAL", "F SEV - BLA", "A MOS - UKR", "F STP/SC - BOT"],
    "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
}
FALL = {
    "AUSTRIA": ["F ALB - GRE", "A SER S F ALB - GRE", "A VIE H"],
    "ENGLAND": ["F NTH - NWY", "F NWG - BAR", "A YOR H"],
    "FRANCE": ["A BUR - BEL", "F MAO - POR", "A SPA H"],
    "GERMANY": ["A RUH - HOL", "F DEN H", "A KIE H"],
    "ITALY": ["F ION - TUN", "A APU H", "A VEN H"],
    "RUSSIA": ["F BOT - SWE", "A UKR - RUM", "A WAR H", "F SEV H"],
    "TURKEY": ["A BUL H", "F ANK - BLA", "A CON H"],
}
WINTER = {
    "AUSTRIA": ["BUILD A TRI", "BUILD A BUD"],
    "ENGLAND": ["BUILD F LON"],
    "FRANCE": ["BUILD F BRE", "BUILD A PAR", "BUILD A MAR"],
    "GERMANY": ["BUILD A BER", "BUILD A MUN"],
    "ITALY": ["BUILD F NAP"],
    "RUSSIA": ["BUILD A MOS", "BUILD F STP/NC"],
    "TURKEY": ["BUILD F ANK"],
}
