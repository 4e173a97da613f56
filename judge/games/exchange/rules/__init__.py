"""Exchange Diplomacy (exchange.md): Payola with a stock market, pure.

Investors bid to start the great powers as corporations, buy their shares, elect their
leaders, draw their dividends and trade their shares; the floated corporations play
Payola. ``game`` holds the typed state, ``commands`` the typed commands, ``mail`` applies
a mail (or one command) of one sender, and ``calendar`` processes a phase and opens the
next one that is held.
"""
