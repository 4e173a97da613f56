"""Market games by mail: Exchange, 1901-Shareholders and Capitalist Diplomacy, and the
Bourse beside a host game.

Each market kind's mail part (judge.games.market.mail.game.MarketGame, named in the
registry, judge.games) answers what the service core asks; what differs between the
kinds is their ``MarketKind`` (who may act for a power, the opening state, the letters
and STATUS). The phase is played at its deadline from its opening state and the mail
read during it, through the very ``judge adjudicate`` runner the contract tests
(market-contract.md), so a game by mail and a batch case can never disagree.
"""
