"""Standard Diplomacy: its batch runner. Its rules are the engine (judge/engine); by mail
it is the board game (judge.games.board.mail)."""
