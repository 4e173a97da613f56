"""What the public pages show, read from the store: only what public mail showed.

Every text here is one the judge mailed to observers, or would have mailed to an observer
in UTC: a phase's public letters (kept with the phase when it was played:
``PhaseRecord.result["public"]``, the results of the board games, the market games'
public letters), the broadcasts (press every player, observer and the master received),
the game's deadline and, once a game is over, the books mailed to everyone. Nothing is
rendered a second way: what the pages show cannot drift from what the mail showed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, String, bindparam, cast, func, select
from sqlalchemy.orm import Session

from judge.config import Settings
from judge.games import kind_of
from judge.games.market.mail.news import open_phase_news
from judge.games.market.mail.phases import market_chart
from judge.games.payola.mail.chartbook import book_mails
from judge.money.payola.rules import RuleSet
from judge.service.kinds import part_of
from judge.service.lookups import ending_words
from judge.service.reports.roster import deadline_text
from judge.service.schedule import open_deadline
from judge.storage.games import all_games, find_game, members
from judge.storage.phases import public_letters
from judge.storage.schema import (
    NAME,
    Game,
    GameState,
    MarketMail,
    PhaseRecord,
    Player,
    Power,
    PowerState,
    PressMessage,
    Role,
)

ENDED = (GameState.COMPLETED, GameState.TERMINATED)


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game in the list."""

    name: str
    kind: str
    state: str
    phase: str
    deadline: str
    players: int
    open: bool


@dataclass(frozen=True, slots=True)
class PhaseView:
    """One played phase: its name and its public letters as mailed."""

    phase: str
    letters: tuple[str, ...]
    processed: datetime | None
    map: bool  # whether its map may be shown (not in a BLIND game, not a market's)


@dataclass(frozen=True, slots=True)
class Broadcast:
    phase: str
    sender: str
    lines: tuple[str, ...]
    sent: datetime


@dataclass(frozen=True, slots=True)
class GameView:
    """Everything a game's public page shows."""

    name: str
    kind: str
    state: str
    phase: str
    deadline: str
    players: int
    open: bool
    ending: str
    phases: tuple[PhaseView, ...]  # played, oldest first
    press: tuple[Broadcast, ...]
    books: str  # the books mailed to everyone at the end ("" while it runs)
    news: tuple[str, ...]  # a market's public letters of the open phase so far
    market: bool
    map: bool  # whether the current map may be shown
    chart: bool  # whether a market chart of the phases played may be shown


def listed(session: Session) -> list[GameRow]:
    """The games LIST shows, each as a row of the list page."""
    return [_row(session, g) for g in all_games(session)
            if g.options.get("LISTED", "YES") == "YES"]


def _current(session: Session, game: Game) -> PhaseRecord | None:
    return session.scalar(select(PhaseRecord).where(
        PhaseRecord.game_id == game.id, PhaseRecord.rolled_back.is_(False))
        .order_by(PhaseRecord.seq.desc()).limit(1))


def _row(session: Session, game: Game) -> GameRow:
    kind = kind_of(game.variant)
    playing = [m for m in members(session, game) if m.role != Role.OBSERVER]
    record = _current(session, game) if game.phase else None
    deadline = deadline_text(open_deadline(game, record), "UTC")  # none once it is over
    seats = part_of(game).most_players(game)
    joinable = (game.state == GameState.FORMING and len(playing) < seats) or any(
        p.state == PowerState.OPEN for p in game.powers) and game.state not in ENDED
    return GameRow(game.name, kind.title, str(game.state), game.phase or "-",
                   deadline or "-", len(playing), bool(joinable))


def game_named(session: Session, name: str) -> Game | None:
    """The game of a URL, or None (a name no game could have is never looked up)."""
    if not name or len(name) > NAME or not name.isprintable():
        return None
    return find_game(session, name)


def _version_query() -> Any:
    """One statement for the version of the game of a name (see ``version``)."""
    phases = PhaseRecord.game_id == Game.id
    broadcasts = (PressMessage.game_id == Game.id) & PressMessage.broadcast.is_(True)
    people = Player.game_id == Game.id
    current = select(PhaseRecord.deadline).where(phases, PhaseRecord.rolled_back.is_(False))
    return select(
        Game.id, Game.state, Game.phase, Game.ended_at, Game.paused_at,
        cast(Game.options, String), cast(Game.flags, String),
        select(func.max(PhaseRecord.id)).where(phases).scalar_subquery(),
        select(func.max(PhaseRecord.processed_at)).where(phases).scalar_subquery(),
        select(func.count(PhaseRecord.id)).where(phases).scalar_subquery(),
        current.order_by(PhaseRecord.seq.desc()).limit(1).scalar_subquery(),
        select(func.max(PressMessage.id)).where(broadcasts).scalar_subquery(),
        select(func.max(MarketMail.id)).where(MarketMail.game_id == Game.id).scalar_subquery(),
        # who plays: a join, a leave, a replacement, a power opened or taken
        select(func.max(Player.id)).where(people).scalar_subquery(),
        select(func.count(Player.id)).where(people, Player.left_at.is_(None)).scalar_subquery(),
        select(func.count(Power.id)).where(Power.game_id == Game.id,
                                           Power.state == PowerState.OPEN).scalar_subquery(),
    ).where(Game.name == bindparam("name"))


_VERSION = _version_query()


def version(connection: Connection, name: str) -> tuple[Any, ...] | None:
    """What changes whenever the public pages of the game named change (the key of the
    pages' cache), in one statement: the game's id, state, phase, pause and end, its
    options and flags, its newest phase record, when a phase was last played, how many
    records it has, the open phase's deadline, its newest broadcast, its newest mail kept
    for a market phase, and who plays (the newest member, how many, the powers open).
    None: no game has that name."""
    if not name or len(name) > NAME or not name.isprintable():
        return None
    row = connection.execute(_VERSION, {"name": name.lower()}).first()
    return tuple(row) if row is not None else None


def blind(game: Game) -> bool:
    """A BLIND game: an observer sees no unit, so no map of it is public."""
    return RuleSet.parse(game.flags).blind


def board_shown(game: Game) -> bool:
    """Whether the game's board may be drawn on a public page: a game played on the
    board (a market game's too), never a BLIND one."""
    return kind_of(game.variant).board and not blind(game)


def played(session: Session, game: Game) -> list[PhaseRecord]:
    return [r for r in session.scalars(select(PhaseRecord).where(
        PhaseRecord.game_id == game.id, PhaseRecord.rolled_back.is_(False))
        .order_by(PhaseRecord.seq)) if r.processed_at is not None]


def phase_view(record: PhaseRecord, shown: bool) -> PhaseView:
    letters = public_letters(record)
    return PhaseView(record.phase, tuple(str(x) for x in letters or ()), record.processed_at,
                     shown)


def game_view(session: Session, game: Game, settings: Settings) -> GameView:
    row = _row(session, game)
    market = getattr(part_of(game), "market", None)  # a market kind's part (MarketKind)
    news = open_phase_news(session, settings, game, market) if market is not None else []
    shown = board_shown(game)
    books = ""
    if game.state in ENDED:
        mails = book_mails(session, game, settings.name)
        books = mails[0].body if mails else ""
    return GameView(
        name=game.name, kind=row.kind, state=row.state, phase=row.phase,
        deadline=row.deadline, players=row.players, open=row.open,
        ending=ending_words(game.result) if game.result else "",
        phases=tuple(phase_view(r, shown) for r in played(session, game)),
        press=tuple(broadcasts(session, game)), books=books, news=tuple(news),
        market=kind_of(game.variant).market, map=shown and game.phase is not None,
        chart=market is not None and market.chart is not None and bool(played(session, game)))


def chart_png(session: Session, game: Game) -> bytes:
    """The market game's chart of the phases played so far (the chart its year-end
    letters carry, drawn from the states its phases opened with, each public when it
    opened); empty when the kind draws none or nothing is played yet."""
    market = getattr(part_of(game), "market", None)
    if market is None or market.chart is None or blind(game):
        return b""
    made = market_chart(game, market, played(session, game), f"{game.name}-chart.png")
    return made[0] if made is not None else b""


def broadcasts(session: Session, game: Game) -> list[Broadcast]:
    """The press every reader of the game received, oldest first."""
    rows = session.scalars(select(PressMessage).where(
        PressMessage.game_id == game.id, PressMessage.broadcast.is_(True))
        .order_by(PressMessage.id))
    return [Broadcast(p.phase or "-", p.sender, tuple(p.body.rstrip("\n").split("\n")),
                      p.sent_at) for p in rows]


def record_named(session: Session, game: Game, phase: str) -> PhaseRecord | None:
    """The played phase of that name still standing (its latest play), or None."""
    found = [r for r in played(session, game) if r.phase == phase.upper()]
    return found[-1] if found else None


def current_state(session: Session, game: Game) -> dict[str, Any] | None:
    """The position of the phase being played, if its board is public."""
    if not board_shown(game) or not game.phase:
        return None
    record = _current(session, game)
    return dict(record.state) if record is not None else None
