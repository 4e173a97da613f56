"""What handling one mail carries from command to command: who signed on, and the results so far."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.service.guessing import WrongPassword
from judge.storage.games import lock_game
from judge.storage.mailqueue import queue_mail
from judge.storage.schema import Game, GameState, Player, Power


class Refusal(Exception):
    """A command that was refused; everything it changed is rolled back. ``messages``
    say what is wrong and what would be right, one per line."""

    def __init__(self, *messages: str, data: dict[str, Any] | None = None) -> None:
        super().__init__(messages[0] if messages else "refused")
        self.messages = list(messages)
        self.data = data or {}


@dataclass
class Identity:
    """Who the mail signed on as: a power's player, an observer or the game's master."""

    game: Game
    role: str  # "player", "observer", "master"
    power: Power | None = None
    player: Player | None = None
    number: int = 0  # which sign-on of the mail, for the copies sent to registered addresses
    acting: str | None = None  # a market game's member signed on as a power he acts for
    # signed on to an attachment of the game (its kind's name, judge.games): his own
    # lines go to the attachment, not to the game
    attachment: str | None = None

    @property
    def market(self) -> bool:
        """A member of a market game (judge.games.market.mail), as himself or for a power."""
        return self.role == "member"

    @property
    def name(self) -> str:
        if self.role == "master":
            return "MASTER"
        if self.acting is not None:
            return self.acting
        if self.power is not None:
            return self.power.name
        return (self.player.name if self.player and self.player.name else "OBSERVER").upper()


@dataclass
class Result:
    """One command's result, in the order of the mail; ``template`` renders ``data``."""

    line: int
    text: str
    ok: bool
    messages: list[str] = field(default_factory=list)
    template: str = "done"
    data: dict[str, Any] = field(default_factory=dict)
    signon: int = 0
    picture: tuple[bytes, str] | None = None  # a map sent beside the reply (MAP), its name


@dataclass
class Context:
    session: Session
    settings: Settings
    now: datetime
    sender: str
    reply_to: str
    inbox_id: int | None = None
    source: str = ""  # where the mail came from (peer and envelope sender), for throttling
    # sign-ons of this mail refused for a wrong password, counted when the mail is done
    wrong_passwords: list[WrongPassword] = field(default_factory=list)
    # the Reply-To of a mail registering a member, to be confirmed before it gets mail
    unconfirmed_address: str | None = None
    identity: Identity | None = None
    signons: int = 0
    new_passwords: int = 0  # passwords hashed for this mail (judge.service.passwords)
    results: list[Result] = field(default_factory=list)
    # sign-on number -> (registered address, who signed on), for the copies of the reply
    copies: dict[int, tuple[str, str]] = field(default_factory=dict)
    # notices gathered over the mail by key, each key's sent once when the mail is done
    # (issue 26: one notice per sender, recipient and mail): ``gather``
    gathered: dict[Hashable, list[Any]] = field(default_factory=dict)
    at_end: list[Callable[[], None]] = field(default_factory=list)
    # a sign-on already checked (the web's session: the stored hash its password matched)
    # and the hash a sign-on's password matched (judge.service.passwords.password_matches)
    vouched: str | None = None
    matched: str | None = None

    def player(self) -> Identity:
        """The signed-on player of a power, or a refusal saying how to sign on."""
        who = self.identity
        if who is None:
            raise Refusal(self.sign_on_first())
        if who.role != "player" or who.power is None:
            raise Refusal(f"only a power's player may do this, and you are signed on as "
                          f"{who.name} in {who.game.name}; SUMMARY {who.game.name} shows "
                          "the game")
        return who

    def member(self) -> Identity:
        if self.identity is None:
            raise Refusal(self.sign_on_first())
        return self.identity

    def sign_on_first(self) -> str:
        """The refusal of a command that needs a sign-on: the sign-on lines of the games
        the sender plays in, with his own name in each (issue 23), else the form."""
        rows = self.session.execute(
            select(Player.name, Power.name, Game.name).join(Game, Player.game_id == Game.id)
            .outerjoin(Power, Player.power_id == Power.id)
            .where(func.lower(Player.address) == self.reply_to.lower(),
                   Player.left_at.is_(None),
                   Game.state.in_((GameState.FORMING, GameState.ACTIVE, GameState.PAUSED)))
            .order_by(Player.id)).all()
        forms = list(dict.fromkeys(f"SIGNON {(name or power or 'OBSERVER').upper()}@{game} "
                                   "<password>" for name, power, game in rows))
        if not forms:
            return "sign on first: SIGNON <power>@<game> <password>"
        return "sign on first: " + " or ".join(forms[:3])

    def master(self) -> Identity:
        who = self.identity
        if who is None or who.role != "master":
            raise Refusal("only the game's master may do this: SIGNON MASTER@<game> <password>")
        return who

    def board(self, game: Game) -> Map:
        return load_map(game.map_name)

    def active(self, game: Game) -> None:
        lock_game(self.session, game.id)  # wait for a phase being processed right now
        if game.state != GameState.ACTIVE:
            raise Refusal(f"game {game.name} is {game.state}, not active")

    def notify(self, to: str, subject: str, body: str) -> None:
        """Queue a mail other than the reply (press, notices) in this command's transaction;
        its body is rendered from a template by ``judge.service.reports``. It counts
        against its recipient's hourly budget (issue 26: every mail a mail makes the judge
        send does), though it is sent over it: what a signed-on member's commands tell
        the game's other members."""
        queue_mail(
            self.session, to, subject, body, sender=self.settings.address,
            inbox_id=self.inbox_id, now=self.now, budgeted=True,
        )

    def gather(self, key: Hashable, item: Any, send: Callable[[list[Any]], None]) -> None:
        """Keep ``item`` under ``key`` until the mail is done, then ``send`` is called
        once with every item gathered under that key, in order (``finish``)."""
        items = self.gathered.get(key)
        if items is None:
            items = self.gathered[key] = []
            self.at_end.append(lambda: send(items))
        items.append(item)

    def finish(self) -> None:
        """Send what the mail gathered (``gather``), once."""
        while self.at_end:
            self.at_end.pop(0)()
        self.gathered.clear()
