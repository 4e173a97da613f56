"""A Bourse turn: each member's trades (spec 5.2), then the rates (5.3), then every
member's ``turns_played`` (spec 3).

Members do not affect each other: a member's trades depend only on his own set, his
holdings and cash, and the rates in force for the turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.engine.phase import Phase, PhaseKind
from judge.games.bourse.rules.params import BourseParams
from judge.games.bourse.rules.state import Bourse, Member
from judge.games.bourse.rules.trades import TradeSet
from judge.money.market.executor import execute
from judge.money.market.rates import RateMove, rate_moves
from judge.money.trades import Side


@dataclass(frozen=True, slots=True)
class Executed:
    """One line of a set as carried out: ``units`` asked, ``done`` executed (fewer for a
    reduced purchase), at ``rate`` cents."""

    side: Side
    power: str
    units: int
    done: int
    rate: int

    @property
    def reduced(self) -> bool:
        return self.done < self.units

    @property
    def amount(self) -> int:
        """Cents received (a sale) or paid (a purchase)."""
        return self.done * self.rate


@dataclass(frozen=True, slots=True)
class MemberTurn:
    """What one member's set did: the lines carried out, the cents lost, the member
    after."""

    trades: tuple[Executed, ...]
    lost: int
    member: Member

    @property
    def cost(self) -> int:
        """What the purchases as written would cost at the turn's rates."""
        return sum(t.units * t.rate for t in self.trades if t.side is Side.BUY)


@dataclass(frozen=True, slots=True)
class TurnReport:
    """What a processed turn publishes (spec 7): every member's trades and the rates."""

    members: Mapping[str, MemberTurn]
    currencies: tuple[RateMove, ...]


def turn_open(phase: Phase, params: BourseParams) -> bool:
    """A turn goes with every host movement phase, and with the adjustment phase when
    ``WINTER_TURNS`` is on (spec 3, D1); it is labelled with the host phase."""
    return phase.kind is PhaseKind.MOVEMENT or (
        phase.kind is PhaseKind.ADJUSTMENT and params.winter_turns)


def funds_of(member: Member, trades: TradeSet, rates: Mapping[str, int],
             params: BourseParams) -> int:
    """The cents a set has to spend: its sale proceeds, plus the member's cash when
    ``CASH_SURPLUS`` is on."""
    proceeds = sum(t.units * rates[t.power] for t in trades.sales)
    return proceeds + (member.cash if params.cash_surplus else 0)


def play_member(member: Member, trades: TradeSet, rates: Mapping[str, int],
                params: BourseParams) -> MemberTurn:
    """Spec 5.2: sell, buy in the order written (each cut down to what is left), then
    forfeit the leftover or keep it as cash (kept only with ``CASH_SURPLUS`` after the
    member's first turn, D21)."""
    run = execute(trades.lines, member.holdings,
                  member.cash if params.cash_surplus else 0, rates)
    done = tuple(Executed(t.side, t.power, t.units, units, rates[t.power])
                 for t, units in zip(trades.lines, run.done, strict=True))
    funds, holdings = run.funds, run.holdings
    if params.cash_surplus and member.turns_played > 0:
        cash, lost = funds, 0
    elif params.cash_surplus:
        cash, lost = 0, funds
    else:
        cash, lost = member.cash, funds
    return MemberTurn(done, lost, member.with_holdings(holdings, cash))


def process_turn(bourse: Bourse, sets: Mapping[str, TradeSet],
                 params: BourseParams) -> tuple[Bourse, TurnReport]:
    """The turn processed: every member with a set trades (members without one keep
    everything, D10), the surviving currencies move, every member has played one more
    turn."""
    turns: dict[str, MemberTurn] = {}
    members: dict[str, Member] = {}
    for name, member in bourse.members.items():
        given = sets.get(name)
        if given is not None:
            turns[name] = play_member(member, given, bourse.rates, params)
            member = turns[name].member
        members[name] = Member(member.pseudonym, member.holdings, member.cash,
                               member.turns_played + 1)
    traded = ((e.power, -e.done if e.side is Side.SELL else e.done)
              for t in turns.values() for e in t.trades)
    moves = rate_moves(bourse.rates, traded, bourse.surviving, params.step_units,
                       params.min_rate)
    rates = {**bourse.rates, **{p: m.new for p, m in moves.items()}}
    after = bourse.with_members(members).with_rates(rates, bourse.eliminated)
    return after, TurnReport(turns, tuple(moves.values()))
