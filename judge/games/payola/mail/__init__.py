"""What Payola's bank adds to the board game by mail: accounts, offer sheets and bribes,
control of powers, the master's chart book. The board game (judge.games.board.mail) asks
them through the kind's bank."""
