"""Capitalist Diplomacy (capitalist.md): a currency market decides who commands each power.

Pure: the state (``state``), the GM parameters (``params``), the currencies
(``currency``), one player's commerce orders checked line by line (``orders``), their
execution and the rates (``commerce``), the commanders (``command``), the year-end step
(``year_end``) and the score (``score``). The phases are named in ``calendar``.
"""
