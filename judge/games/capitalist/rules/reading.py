"""A Capitalist phase read one mail at a time (market-contract.md section 4,
capitalist.md 3.1): opened from the state the phase opened with, each mail checked once
as it arrives (``read``), a commerce mail's trades or a commander's orders replacing the
sender's earlier set, the sets kept between mails as JSON (``as_json``, ``resume``), and
the phase played once at its deadline (``close``): the trades executed and the rates
moved, or the orders adjudicated (and, out of the Fall, the year-end step).

Reading the mails one by one, with the reading written to JSON and read back between any
two of them, gives exactly what reading them straight through gives
(tests/money/test_readings.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from judge.engine import board as engine_board
from judge.engine import orders as engine_orders
from judge.engine import position as engine_position
from judge.engine.adjudicate import adjudicate
from judge.engine.board import Map
from judge.engine.hints import order_fault
from judge.engine.legality import check_order
from judge.engine.orders import Order
from judge.engine.outcomes import Reason
from judge.engine.phase import PhaseKind, Season
from judge.engine.position import Position
from judge.engine.state import StateError
from judge.games.capitalist.rules.calendar import (
    Commerce,
    GamePhase,
    after_military,
    next_commerce,
    read_phase,
)
from judge.games.capitalist.rules.command import command_refusal, commanders, not_commander
from judge.games.capitalist.rules.commerce import Account, execute, move_rates
from judge.games.capitalist.rules.commerce_mail import check_commerce
from judge.games.capitalist.rules.outcome import Commanded, Dealt, PhasePlayed, played_json
from judge.games.capitalist.rules.params import Params
from judge.games.capitalist.rules.score import scores
from judge.games.capitalist.rules.state import CapitalistGame, Economy
from judge.games.capitalist.rules.state_json import read_economy, read_position
from judge.games.capitalist.rules.year_end import year_end
from judge.money import trades as money_trades
from judge.money.market.codec import Codec, types_in
from judge.money.market.reading import (
    LateRefusal,
    Mail,
    MailRead,
    Refused,
    errors_of,
    not_a_player,
)
from judge.money.trades import FORMER_FIELDS, TRADE_WORDS, UNREADABLE, Trade, unreadable

# the sets a phase's mail builds: trades, or orders with their lines
CODEC = Codec(types_in(money_trades, engine_orders, engine_position, engine_board),
              renamed=FORMER_FIELDS)

NO_POWER = "military orders must be sent signed on as the power you command"

def _first(text: str) -> str:
    """A line's first word, in upper case ("" for none)."""
    words = text.split()
    return words[0].upper().split("/")[0] if words else ""


# a line's place in its mail and its text, with what it reads as: a trade (or the
# reason it is none) in a commerce phase, an order (or the reason) in a military one
Line = tuple[int, str, Any]


@dataclass
class Reading:
    """A Capitalist phase part way: the board and the economy as it opened (its mail
    changes neither before the deadline), and the sets in force: each player's trades in
    a commerce phase; each power's orders (the commander's mail key, each order with its
    line) in a military one."""

    state: Mapping[str, Any]
    board: Map
    params: Params
    seed: int
    phase: GamePhase
    economy: Economy
    position: Position
    trades: dict[str, tuple[Trade, ...]]
    orders: dict[str, tuple[str, str, list[tuple[Order, str]]]]

    @classmethod
    def open(cls, state: Mapping[str, Any], board: Map, params: Params,
             seed: int) -> Reading:
        """The phase as it opened; the engine's StateError names what is wrong, or why
        the players are no game these parameters allow."""
        try:
            phase = read_phase(str(state.get("phase", "")))
        except ValueError as e:
            raise StateError(str(e)) from None
        economy = read_economy(state, board, params)
        problem = params.player_count_problem(len(economy.players))
        if problem is not None:
            raise StateError(problem)
        return cls(state, board, params, seed, phase, economy,
                   read_position(state, phase, board), {}, {})

    @classmethod
    def resume(cls, data: Mapping[str, Any], board: Map, params: Params,
               seed: int) -> Reading:
        """A reading from its ``as_json``; CodecError for JSON it did not write."""
        reading = cls.open(data["state"], board, params, seed)
        reading.trades = CODEC.decode(data["trades"], {})
        reading.orders = CODEC.decode(data["orders"], {})
        return reading

    def as_json(self) -> dict[str, Any]:
        return {"state": self.state, "trades": CODEC.encode(self.trades, {}),
                "orders": CODEC.encode(self.orders, {})}

    ended = False  # no mail ends a Capitalist game before its deadline
    events: tuple[Mapping[str, Any], ...] = ()  # nor does any act at once

    @property
    def commerce(self) -> bool:
        """A commerce phase (trades); else a military one (orders)."""
        return isinstance(self.phase, Commerce)

    def read(self, mail: Mail, lines: Sequence[Line]) -> MailRead:
        """Check one mail's (non-blank) lines: strangers, and mails from anyone who may
        not send them in this phase, are refused whole; an accepted set replaces the
        sender's earlier one (a player's trades, a power's orders)."""
        name = mail.sender.strip().upper()
        whole = None
        if name not in self.economy.players:
            whole = not_a_player(mail.sender)
        elif self.commerce and mail.power is not None:
            whole = not_commander(mail.power)  # nobody commands in a commerce phase (D18)
        elif not self.commerce and mail.power is None:
            whole = NO_POWER
        elif not self.commerce:
            whole = command_refusal(self.economy.commanders, name, mail.power or "")
        if whole is not None:
            return MailRead(mail.key, tuple(Refused(i, text, self._whole(text, whole))
                                            for i, text, _ in lines))
        if self.commerce:
            return self._trades(mail, name, lines)
        return self._orders(mail, lines)

    def _whole(self, text: str, reason: str) -> str:
        """The reason a line of a mail refused whole is given: a trade in a military
        phase is told when trades are next taken (issue 23)."""
        if not self.commerce and _first(text) in TRADE_WORDS:
            return f"no commerce phase is open (next: {next_commerce(self.phase)})"
        return reason

    def _unreadable(self, text: str) -> str:
        """Why a line of a commerce phase reads as no trade: an order is told when orders
        are taken; another word, the trade words it may be a near miss of."""
        first = _first(text)
        order = first in ("A", "F", "ARMY", "FLEET") or self.board.canonical(first) is not None
        if order and isinstance(self.phase, Commerce):
            return f"{UNREADABLE}; orders are for the military phase {self.phase.movement}"
        return unreadable(text)

    def _trades(self, mail: Mail, name: str, lines: Sequence[Line]) -> MailRead:
        checked = check_commerce([command for _, _, command in lines],
                                 self.economy.players[name], self.economy, self.params)
        if checked.trades is not None:
            self.trades[name] = checked.trades
        return MailRead(mail.key,
                        tuple(Refused(lines[r.index][0], lines[r.index][1],
                                      self._unreadable(lines[r.index][1])
                                      if r.reason == UNREADABLE
                                      else r.reason)
                              for r in checked.refusals),
                        noted=() if checked.warning is None else (checked.warning,),
                        replaced=("trades",) if checked.trades is not None else (),
                        undone=tuple(lines[i][0] for i in checked.undone))

    def _orders(self, mail: Mail, lines: Sequence[Line]) -> MailRead:
        """The mail's orders that read and are legal for its power, in order; the others
        refused. A mail with no accepted order leaves the standing set (section 1)."""
        assert mail.power is not None
        refused: list[Refused] = []
        built: list[tuple[Order, str]] = []
        later: list[int] = []
        for place, text, order in lines:
            if isinstance(order, str):  # the reason it reads as no order
                refused.append(Refused(place, text, self._whole(text, order)))
                continue
            checked = check_order(order, mail.power, self.position, self.board)
            if isinstance(checked, Reason):
                refused.append(Refused(place, text, order_fault(
                    checked, order, mail.power, self.position, self.board)))
                continue
            built.append((order, text))
            later.append(place)
        if built:
            self.orders[mail.power] = (mail.key, mail.sender, built)
        return MailRead(mail.key, tuple(refused), later=tuple(later),
                        replaced=("orders",) if built else ())

    def close(self, mails: Sequence[MailRead]) -> dict[str, Any]:
        """Play the phase with the sets in force; the contract's result (without its
        ``id``), with the keys the mail service reads beyond it."""
        return played_json(self.played(mails), self.board)

    def played(self, mails: Sequence[MailRead]) -> PhasePlayed:
        """The phase played with the sets in force, as a typed record."""
        if isinstance(self.phase, Commerce):
            return self._commerce(self.phase, mails)
        return self._military(mails)

    def _commerce(self, phase: Commerce, mails: Sequence[MailRead]) -> PhasePlayed:
        """The deadline: every player's set executed, the rates moved, the commanders
        drawn."""
        economy, params = self.economy, self.params
        accounts = [execute(p, self.trades.get(name, ()), economy.rates)
                    for name, p in economy.players.items()]
        moves = move_rates(economy.rates, accounts, economy.annihilated, params)
        players = {a.player.name: a.player for a in accounts}
        after = replace(economy, players=players, rates={p: m.new for p, m in moves.items()})
        after = after.with_commanders(
            commanders(players.values(), after.surviving, self.seed, str(phase)))
        warnings: dict[str, list[str]] = {}
        for mail in mails:
            for note in mail.noted:
                warnings.setdefault(mail.key, []).append(note)
        game = CapitalistGame(phase.movement, self.position, after)
        return PhasePlayed(errors_of(mails, []), game, None, warnings,
                           trades=executed_trades(accounts))

    def _military(self, mails: Sequence[MailRead]) -> PhasePlayed:
        """Each power's orders adjudicated; on the way out of the Fall the year-end step
        (capitalist.md 3.1, D17-D19, D30)."""
        position, economy, board = self.position, self.economy, self.board
        given = {power: [order for order, _ in built]
                 for power, (_, _, built) in self.orders.items()}
        result = adjudicate(position, given, board)
        late: list[LateRefusal] = []
        for power, errors in result.errors.items():
            key, _, built = self.orders[power]
            lines = {str(order): line for order, line in built}
            late += [LateRefusal(key, lines.get(e.text, e.text), e.reason.value)
                     for e in errors]
        after = result.next
        ending = None
        points = None
        if _ownership_changed(position, after):
            owned = {p: len(cs) for p, cs in after.centers.items()}
            step = year_end(economy, owned, position.phase.year, self.params)
            economy, ending = step.economy, step.ending
            points = scores(economy.players.values(), owned, self.params.point_block)
        phase = after_military(after.phase)
        if isinstance(phase, Commerce):
            economy = economy.with_commanders({})
        outcomes = {u.text: o._value_ for u, o in result.outcomes.items()}
        # for the reports (spec 7; not a contract key): each power's orders under its
        # commander
        orders = {power: Commanded(sender.strip().upper(), tuple(str(o) for o, _ in built))
                  for power, (_, sender, built) in sorted(self.orders.items())}
        game = CapitalistGame(phase, after, economy)
        return PhasePlayed(errors_of(mails, late), game, ending, {},
                           results={u: outcomes[u] for u in sorted(outcomes)},
                           orders=orders, points=points)


def executed_trades(accounts: Sequence[Account]) -> dict[str, tuple[Dealt, ...]]:
    """What each player's trades did, for the reports (spec 7; not a contract key): per
    pseudonym, each trade with the units ordered and the units executed."""
    return {a.player.name: tuple(Dealt(d.trade.side.value, d.trade.power, d.trade.units,
                                       d.units) for d in a.executed)
            for a in sorted(accounts, key=lambda a: a.player.name) if a.executed}


def _ownership_changed(before: Position, after: Position) -> bool:
    """Whether the Fall centre ownership change happened in this phase: a Fall movement
    or retreat phase not followed by the Fall retreats."""
    phase = before.phase
    return (phase.season is Season.FALL
            and phase.kind in (PhaseKind.MOVEMENT, PhaseKind.RETREAT)
            and after.phase.kind is not PhaseKind.RETREAT)

