"""One turn of 1901-Shareholders from start to finish, for whoever drives the game (the
batch interface now, the mail service later): who may send what (spec 4, D35, D39),
checking one mail's lines into its sender's set, and playing the turn at its deadline."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.board import Map
from judge.engine.orders import Build, Remove
from judge.games.shareholders.rules.commands import (
    Command,
    Dividend,
    Refused,
    Unreadable,
)
from judge.games.shareholders.rules.february import Decisions, FebruaryDesk, agreed
from judge.games.shareholders.rules.january import Dealing, JanuaryDesk, deal
from judge.games.shareholders.rules.office_orders import OrderDesk
from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.seasons import Season, movement, retreats
from judge.games.shareholders.rules.state import ShareholdersGame, Step
from judge.games.shareholders.rules.submission import EMPTIES, Check, Submission, refuse_all, submit
from judge.games.shareholders.rules.treasury import Treasury, february
from judge.games.shareholders.rules.year import (
    YearEnd,
    after_fall,
    after_february,
    after_spring,
)
from judge.money.market.played import Ending
from judge.money.trades import Buy, NoTrade, Sell


def sender_problem(game: ShareholdersGame, sender: str, country: str | None) -> str | None:
    """Why every line of a mail from ``sender`` (signed on as ``country``, or as himself)
    is refused this turn, or None when he may send it."""
    if sender not in game.players:
        return f"{sender} is not a player in this game"
    if game.turn.step is Step.JANUARY:
        return "January orders are sent as yourself" if country is not None else None
    if country is None:
        return "sign on as a country to send country orders"
    if sender not in game.countries[country].office:
        return f"{sender} is not an office holder of {country}"
    return None


def submit_mail(game: ShareholdersGame, params: Params, board: Map, sender: str,
                country: str | None,
                commands: Sequence[Command | Unreadable]) -> Submission[Any]:
    """Check one mail's read lines. ``built`` is the sender's new set for the turn (a
    Dealing in January, Decisions in February, an OrderSet otherwise), None when the
    mail changes nothing."""
    problem = sender_problem(game, sender, country)
    step = game.turn.step
    if problem is not None:
        if step is Step.JANUARY or sender not in game.players:
            return refuse_all(commands, problem)
        return Submission(None, tuple((i, dealt_only_in_january(game) if dealing(c) else problem)
                                      for i, c in enumerate(commands)))
    if step is Step.JANUARY:
        return submit(commands, Dealing(), JanuaryDesk(game, params, sender).check, same)
    assert country is not None
    if step is Step.FEBRUARY:
        desk: Check[Any] = FebruaryDesk(game, board, country).check
        empty: Any = Decisions()
    else:
        retreat = step in (Step.SPRING_RETREAT, Step.FALL_RETREAT)
        desk, empty = OrderDesk(game.position, board, country, retreat).check, ()

    def check(built: Any, command: Command) -> tuple[Any, str | None] | Refused:
        if dealing(command):  # a January line in another turn: when shares are dealt
            return Refused(dealt_only_in_january(game))
        return desk(built, command)
    return submit(commands, empty, check, same)


def same(command: Command) -> object:
    """What a line sets, for telling which accepted lines a later one undoes: NOTRADE
    empties what the mail built (D37); a later dividend decision, dissolution of a unit
    or order for a unit replaces the earlier one (D32); a SELL, BUY or BUILD adds."""
    if isinstance(command, NoTrade):
        return EMPTIES
    if isinstance(command, Dividend):
        return "dividend"
    if isinstance(command, Remove):
        return ("dissolve", command.unit.province)
    if isinstance(command, Sell | Buy | Build):
        return None
    unit = getattr(command, "unit", None)  # a unit's order
    return None if unit is None else ("order", unit.province)


def dealing(command: object) -> bool:
    """Whether a line deals in shares (SELL, BUY, NOTRADE): January's lines alone."""
    return isinstance(command, Sell | Buy | NoTrade)


def dealt_only_in_january(game: ShareholdersGame) -> str:
    """Why a January line is refused in another turn, and when the next January is."""
    return f"shares are dealt only in January (next: W{game.turn.year}D)"


@dataclass(frozen=True)
class Played:
    """A turn played: the game at the opening of the next held turn, and what happened."""

    game: ShareholdersGame
    treasury: Treasury | None = None
    season: Season | None = None
    year_end: YearEnd | None = None

    @property
    def end(self) -> Ending | None:
        return self.year_end.end if self.year_end else None


def play_turn(game: ShareholdersGame, params: Params, board: Map, sets: Mapping[Any,
              Any]) -> Played:
    """Play the current turn at its deadline. ``sets``: in January ``{player: Dealing}``;
    otherwise ``{country: {office holder: set}}``."""
    step = game.turn.step
    if step is Step.JANUARY:
        return Played(deal(game, params, sets))
    if step is Step.FEBRUARY:
        decided = {c: agreed(k.office, sets.get(c, {})) for c, k in game.countries.items()}
        treasury = february(game, params, board, decided)
        return _then(after_february(treasury.game, params, board), treasury=treasury)
    if step in (Step.SPRING, Step.FALL):
        season = movement(game, params, board, sets)
    else:
        season = retreats(game, board, sets)
    if step in (Step.SPRING, Step.SPRING_RETREAT):
        nxt = after_spring(season.game, params, board)
    else:
        nxt = after_fall(season.game, params, board)
    return _then(nxt, season=season)


def _then(nxt: ShareholdersGame | YearEnd, treasury: Treasury | None = None,
          season: Season | None = None) -> Played:
    if isinstance(nxt, YearEnd):
        return Played(nxt.game, treasury, season, nxt)
    return Played(nxt, treasury, season)
