"""Exchange Diplomacy (exchange.md): Payola with a stock market, pure.

Investors bid to start the great powers as corporations, buy their shares, elect their
leaders, draw their dividends and trade shares; the floated corporations play Payola.
``game`` holds the typed state, ``commands`` the typed commands, ``orders`` applies one
command of one sender, ``phases`` processes a phase and opens the next held one.
"""
