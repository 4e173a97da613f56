"""What the market games (Exchange, 1901-Shareholders, Capitalist, the Bourse) share,
written once: the parameters' constructor (``params``), the lot (``lots``), carrying out
a set of trades (``executor``) and moving a currency's rate (``rates``)."""
