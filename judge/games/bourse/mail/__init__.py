"""The Bourse by mail: a currency exchange beside a standard or Payola game (bourse.md).

Unlike the other market games the Bourse is no game of its own: it is attached to a host
game the ordinary service plays, and everything of it is kept with the host's records.

- ``Game.options``: ``BOURSE`` is ``ON`` once the master attached one, and each GM
  parameter he set is ``bourse:<NAME>`` (spec section 6).
- Members are ``Player`` rows of the host game with role ``bourse``: ``name`` is the
  pseudonym, ``address`` and ``password_hash`` are the member's own. The host's rosters,
  votes and reports read only players of a power and observers, so members are in none
  of them.
- The Bourse's state (market-contract.md section 5, ``state.bourse``) is kept in each
  host phase's ``PhaseRecord.state["bourse"]``, as it stands when the phase opens.
- Each mail a member (or a newcomer who joined by it) sends is kept as a ``MarketMail``
  row of the host's current phase, sender the pseudonym, and handled once, when it comes,
  on the desk the batch runner uses (judge.games.bourse.rules.desk), which is kept with the
  host's phase (``PhaseRecord.reading["bourse"]``, judge.games.bourse.rules.desk_json) for the
  next mail, STATUS and the turn: a reply, the processing and a ``judge adjudicate``
  case of the same phase give the same answers.
"""

from __future__ import annotations

from typing import Any

from judge.games import BOURSE
from judge.games.bourse.rules.params import DEFAULTS, BourseParams
from judge.games.market.mail.play import typed
from judge.storage.schema import Game

FLAG = BOURSE.word  # Game.options[FLAG] == "ON": the game has a Bourse
PARAM = f"{BOURSE.name}:"  # Game.options: "bourse:<NAME>", a GM parameter set
ROLE = BOURSE.name  # Player.role of a Bourse member


def attached(game: Game) -> bool:
    """Whether the game has a Bourse beside it."""
    return (game.options or {}).get(FLAG) == "ON"


def param_values(game: Game) -> dict[str, Any]:
    """The GM parameters set, by their spec names, typed as the defaults."""
    return {key[len(PARAM):]: typed(text, DEFAULTS[key[len(PARAM):]])
            for key, text in (game.options or {}).items()
            if key.startswith(PARAM) and key[len(PARAM):] in DEFAULTS}


def params_of(game: Game) -> BourseParams:
    return BourseParams.from_names(param_values(game))
