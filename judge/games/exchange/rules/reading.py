"""An Exchange phase read one mail at a time (market-contract.md section 2): opened from
the state the phase opened with, each mail applied once as it arrives (``read``), kept
between mails as JSON (``as_json``, ``resume``), and played once at its deadline
(``close``), which answers the contract's result.

Reading the mails one by one, with the reading written to JSON and read back between any
two of them, gives exactly what reading them straight through gives
(tests/money/test_readings.py checks it on every case of the batch corpus).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine import board as engine_board
from judge.engine import orders as engine_orders
from judge.engine import position as engine_position
from judge.engine.board import Map
from judge.games.exchange.rules import game as exchange_game
from judge.games.exchange.rules.calendar import process
from judge.games.exchange.rules.commands import Command, UnitOrder
from judge.games.exchange.rules.events import events_of
from judge.games.exchange.rules.game import ExchangeGame
from judge.games.exchange.rules.mail import read_mail, standing
from judge.games.exchange.rules.outcome import PhasePlayed, ending_of, played_json, standing_of
from judge.games.exchange.rules.params import Params
from judge.games.exchange.rules.state_json import game_from_state
from judge.money.market.codec import Codec, types_in
from judge.money.market.reading import Done, LateRefusal, Mail, MailRead, Refused, errors_of
from judge.money.payola import offers as payola_offers
from judge.money.payola.rules import RuleError, RuleSet
from judge.money.payola.statements import Statement

# the values a phase's game holds part way (its own, the board's, the offer sheets')
CODEC = Codec(types_in(exchange_game, engine_position, engine_board, engine_orders,
                       payola_offers),
              formerly={"Game": ExchangeGame})  # readings kept before the rename

Line = tuple[int, str, Command]  # a line's place in its mail, its text, the command read


@dataclass
class Reading:
    """An Exchange phase part way: the game as its mail so far has left it."""

    game: ExchangeGame

    @classmethod
    def open(cls, state: Mapping[str, Any], board: Map, params: Params, rules: RuleSet,
             seed: int) -> Reading:
        """The phase as it opened; the engine's StateError names what is wrong."""
        return cls(game_from_state(state, board, params, rules, seed))

    @classmethod
    def resume(cls, data: Mapping[str, Any], board: Map, params: Params,
               rules: RuleSet) -> Reading:
        """A reading from its ``as_json``; CodecError for JSON it did not write."""
        shared = {"board": board, "params": params, "rules": rules}
        return cls(CODEC.decode(data["game"], shared))

    def as_json(self) -> dict[str, Any]:
        game = self.game
        shared = {"board": game.board, "params": game.params, "rules": game.rules}
        return {"game": CODEC.encode(game, shared)}

    @property
    def ended(self) -> bool:
        """A DRAW ended the game: the rest of the phase's mail is not read (D34)."""
        return self.game.end is not None

    @property
    def kind(self) -> str:
        """The phase's kind (``B``, ``M``, ``R``...), which tells how a line reads."""
        return self.game.kind

    def read(self, mail: Mail, lines: Sequence[Line]) -> MailRead:
        """Apply one mail's lines (its non-blank ones, read for this phase) in order."""
        game = self.game
        seen = len(game.journal)
        texts = [(text, command) for _, text, command in lines]
        place = [n for n, _, _ in lines]
        said: list[tuple[int, str, str]] = []
        sunk: list[int] = []
        sets: list[str] = []
        refused = read_mail(game, mail.sender.strip().upper(), mail.power, texts, said, sunk,
                            sets)
        out = {i for i, _, _ in refused}
        keys = [(i, standing(texts[i][1], mail.power)) for i, _, _ in said]
        undone = [i for n, (i, key) in enumerate(keys)
                  if key is not None and any(k == key for _, k in keys[n + 1:])]
        return MailRead(mail.key,
                        tuple(Refused(place[i], text, reason) for i, text, reason in refused),
                        tuple(Done(place[i], text, done) for i, text, done in said),
                        tuple(game.journal[seen:]),
                        tuple(place[i] for i, (_, command) in enumerate(texts)
                              if i not in out and isinstance(command, UnitOrder)),
                        whole=tuple(place[i] for i in sunk), replaced=tuple(sets),
                        undone=tuple(place[i] for i in undone))

    @property
    def events(self) -> list[dict[str, Any]]:
        """What the phase's mail has done so far (transfers, fills...), in order."""
        return self.game.journal

    def close(self, mails: Sequence[MailRead]) -> dict[str, Any]:
        """Play the phase (``played``) and answer the contract's result (without its
        ``id``), as the batch interface prints it."""
        return played_json(self.played(mails))

    def played(self, mails: Sequence[MailRead]) -> PhasePlayed:
        """Play the phase with what its mail (read as ``mails``) has set, unless a DRAW
        ended the game, as a typed record. The reading is spent: the game is the next
        phase's."""
        game = self.game
        late: list[LateRefusal] = []
        # Beyond the contract (whose comparison ignores extra keys): what each mail's
        # immediate commands did, and the events of the phase, for the mail service's
        # replies and reports (exchange.md 7).
        said = tuple(tuple((d.text, d.done) for d in m.done) for m in mails)
        standing = standing_of(game)
        orders: dict[str, str] | None = None
        paid: dict[str, dict[str, int]] | None = None
        statements: dict[str, Statement] | None = None
        results: dict[str, str] | None = None
        if game.end is None:
            movement = game.kind == "M"
            game.note("processed", phase=game.phase)  # the events before it are the mail's
            report = process(game)
            if report is not None:
                late = [LateRefusal(key, line, reason) for key, line, reason in report.refusals]
                if movement or report.orders:  # a retreat phase's too: where units went
                    orders = dict(sorted(report.orders.items()))
                if movement:
                    paid = report.paid
                    # each account's Payola statement, for its reader alone (exchange.md 7)
                    statements = dict(sorted(report.statements.items()))
                results = dict(sorted(report.results.items()))
        return PhasePlayed(said, standing, errors_of(mails, late, written), game,
                           ending_of(game), events_of(game.journal), orders, paid, statements,
                           results)


_INCOME_FLAGS = {"ZEROSUM", "FLAT_TAX"}  # Payola's flags that INCOME_MODE replaces here


def rules_of(names: Sequence[Any], board: Map) -> RuleSet:
    """An Exchange game's rule flags; RuleError says why they are none."""
    if any(str(n).strip().upper() in _INCOME_FLAGS for n in names):
        raise RuleError("use INCOME_MODE")
    return RuleSet.parse([str(n) for n in names], board.centers)


def written(reason: str) -> str:
    """A reason with no ``": "`` inside, so that ``<line>: <reason>`` splits back at its
    last colon even for offer lines, which hold colons of their own."""
    return reason.replace(": ", " - ")

