"""A 1901-Shareholders turn read one mail at a time (market-contract.md section 3): opened
from the state the turn opened with, each mail checked once as it arrives (``read``),
its set replacing the sender's earlier one, the sets kept between mails as JSON
(``as_json``, ``resume``), and the turn played once at its deadline (``close``), which
answers the contract's result with the keys the mail service reads beyond it.

Reading the mails one by one, with the reading written to JSON and read back between any
two of them, gives exactly what reading them straight through gives
(tests/money/test_readings.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine import board as engine_board
from judge.engine import orders as engine_orders
from judge.engine import position as engine_position
from judge.engine.board import Map
from judge.games.shareholders.rules import commands as shareholders_commands
from judge.games.shareholders.rules import february as shareholders_february
from judge.games.shareholders.rules import january as shareholders_january
from judge.games.shareholders.rules import office_orders as shareholders_orders
from judge.games.shareholders.rules.commands import Command, Unreadable
from judge.games.shareholders.rules.outcome import Turned, turned_json
from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.results import in_force, turned
from judge.games.shareholders.rules.state import ShareholdersGame, Step
from judge.games.shareholders.rules.state_json import game_from_state
from judge.games.shareholders.rules.turns import play_turn, submit_mail
from judge.money import trades as money_trades
from judge.money.market.codec import Codec, types_in
from judge.money.market.reading import Mail, MailRead, Refused, Warned, errors_of, warnings_of
from judge.money.trades import FORMER_FIELDS

# the sets a turn's mail builds: dealings, February decisions, orders
CODEC = Codec(types_in(shareholders_commands, money_trades, shareholders_january,
                       shareholders_february, shareholders_orders, engine_orders,
                       engine_position, engine_board), renamed=FORMER_FIELDS)

Line = tuple[int, str, Command | Unreadable]  # a line's place, its text, what it reads as


@dataclass
class Reading:
    """A Shareholders turn part way: the game as it opened (the mail changes nothing of
    it before the deadline) and each sender's set in force."""

    state: Mapping[str, Any]
    game: ShareholdersGame
    params: Params
    board: Map
    sets: dict[Any, Any]

    @classmethod
    def open(cls, state: Mapping[str, Any], board: Map, params: Params) -> Reading:
        """The turn as it opened; the engine's StateError names what is wrong."""
        return cls(state, game_from_state(state, board), params, board, {})

    @classmethod
    def resume(cls, data: Mapping[str, Any], board: Map, params: Params) -> Reading:
        """A reading from its ``as_json``; CodecError for JSON it did not write."""
        state = data["state"]
        return cls(state, game_from_state(state, board), params, board,
                   CODEC.decode(data["sets"], {}))

    def as_json(self) -> dict[str, Any]:
        return {"state": self.state, "sets": CODEC.encode(self.sets, {})}

    ended = False  # no mail ends a Shareholders game before its deadline
    events: tuple[Mapping[str, Any], ...] = ()  # nor does any act at once

    def read(self, mail: Mail, lines: Sequence[Line]) -> MailRead:
        """Check one mail's lines (its non-blank ones); an accepted set replaces the
        sender's earlier one (January per player, otherwise per country and holder)."""
        submission = submit_mail(self.game, self.params, self.board, mail.sender, mail.power,
                                 [command for _, _, command in lines])
        if submission.built is not None:
            if self.game.turn.step is Step.JANUARY:
                self.sets[mail.sender] = submission.built
            else:
                self.sets.setdefault(mail.power, {})[mail.sender] = submission.built
        return MailRead(mail.key,
                        refused=tuple(Refused(lines[i][0], lines[i][1], reason)
                                      for i, reason in submission.refusals),
                        warned=tuple(Warned(lines[i][0], lines[i][1], warning)
                                     for i, warning in submission.warnings),
                        replaced=("orders",) if submission.built is not None else (),
                        undone=tuple(lines[i][0] for i in submission.undone))

    def close(self, mails: Sequence[MailRead]) -> dict[str, Any]:
        """Play the turn with the sets in force and answer the contract's result (without
        its ``id``), with the keys beyond it (warnings, February's details,
        cancellations, disagreements, the sets in force)."""
        return turned_json(self.played(mails), self.board)

    def played(self, mails: Sequence[MailRead]) -> Turned:
        """The turn played with the sets in force, as a typed record."""
        played = play_turn(self.game, self.params, self.board, self.sets)
        return turned(self.game, played, self.params, errors_of(mails, []), self.sets,
                      warnings_of(mails))

    def in_force(self) -> dict[str, list[str]]:
        """Each sender's set in force, as lines (what STATUS shows its sender)."""
        return in_force(self.game, self.sets)

