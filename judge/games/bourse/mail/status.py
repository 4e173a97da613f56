"""A Bourse member's STATUS, at any time (issue 23): what is in force for him (holdings,
cash, net worth, the rates, the eliminated currencies), and

- during a turn: the turn, its deadline, and his trades so far (this mail's included);
- before the start: the first turn, which opens with the host game;
- between turns (a host phase with no turn): the host phase, and the turn that comes
  next;
- after the end: how the host ended, his credits and the winners, his holdings as the
  Bourse was scored.

His own figures only: nothing of another member's holdings, cash or trades.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.engine.phase import Phase
from judge.games.bourse.mail import params_of
from judge.games.bourse.mail.kept import LIVE, closing, desk_of, opening, scored_of
from judge.games.bourse.mail.letters import dollars, next_turn, trade_line
from judge.games.bourse.mail.members import BourseIdentity
from judge.games.bourse.rules.currencies import Currencies
from judge.games.bourse.rules.scoring import net_worth
from judge.games.bourse.rules.state import Bourse, Member
from judge.games.bourse.rules.turn import turn_open
from judge.service.context import Context, Result
from judge.service.reports.roster import deadline_text
from judge.service.schedule import zone_of
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState
from judge.text.commands import Step

FIRST = "S1901M"  # the host's first phase: the Bourse's first turn


def status(ctx: Context, who: BourseIdentity, step: Step) -> Result:
    """STATUS signed on as a member (refused for a newcomer who has not joined)."""
    game = who.game
    if who.pseudonym is None:
        return Result(step.line, step.text, False, ["you are not in this Bourse"],
                      template="refused")
    if game.state not in LIVE:
        return Result(step.line, step.text, True, _over(ctx.session, game, who.pseudonym))
    bourse, record = opening(ctx.session, game)
    desk = desk_of(ctx.session, game, bourse, record)
    member = bourse.member(who.pseudonym) or desk.bourse.member(who.pseudonym)
    assert member is not None  # joined during this phase: as the desk gives him
    if record is None:
        head = [f"Bourse of {game.name}, before the start: {member.pseudonym}",
                f"  The first turn goes with the host's {FIRST}, which opens when "
                f"{game.name} starts; its deadline is set then."]
        return Result(step.line, step.text, True, [*head, *_figures(member, bourse)])
    phase = Phase.parse(record.phase)
    paused = " (the game is paused)" if game.state == GameState.PAUSED else ""
    if turn_open(phase, params_of(game)):
        zone = (who.player.zone if who.player is not None else None) or zone_of(game)
        mine = desk.sets.get(member.pseudonym)
        names = Currencies.of(bourse.powers)
        trades = [trade_line(t, names) for t in (mine.lines if mine is not None else ())]
        return Result(step.line, step.text, True, [
            f"Bourse of {game.name}, turn {record.phase} (as it opened): {member.pseudonym}",
            f"  The turn is open until {deadline_text(record.deadline, zone)}{paused}.",
            *_figures(member, bourse),
            f"  Your orders for {record.phase}: {'; '.join(trades) or 'none'}"])
    return Result(step.line, step.text, True, [
        f"Bourse of {game.name}, {record.phase}: {member.pseudonym}",
        f"  No Bourse turn goes with {record.phase}{paused}; the next goes with "
        f"{next_turn(phase, params_of(game))}.",
        *_figures(member, bourse)])


def _figures(member: Member, bourse: Bourse, heading: str = "") -> list[str]:
    """What is in force for the member: holdings, cash and net worth, the rates, and
    the eliminated currencies when there are any."""
    names = Currencies.of(bourse.powers)
    holdings = ", ".join(f"{names.name(p)} {member.holding(p)}" for p in bourse.powers)
    rates = ", ".join(f"{names.name(p)} {dollars(bourse.rate(p))}" for p in bourse.powers)
    out = [f"  Holdings{heading}: {holdings}",
           f"  Cash: {dollars(member.cash)}; net worth {dollars(net_worth(member, bourse))}",
           f"  Rates{heading}: {rates}"]
    if bourse.eliminated:
        out.append("  Eliminated: " + ", ".join(
            f"{names.name(p)} ({p})" for p in bourse.powers if p in bourse.eliminated))
    return out


def _over(session: Session, game: Game, pseudonym: str) -> list[str]:
    """After the end: how the host ended, the member's credits, the winners, and his
    holdings as the Bourse was scored."""
    record = current_record(session, game)
    ended = scored_of(record)
    if record is None or ended is None:
        return [f"The Bourse of {game.name} is over: {game.name} is {game.state} and its "
                "Bourse was never scored (the game never started)."]
    bourse, _ = closing(session, game, record)
    member = bourse.member(pseudonym)
    if member is None:  # joined after the end was scored: cannot happen, said plainly
        return [f"The Bourse of {game.name} is over; {pseudonym} was not scored in it."]
    winners = ", ".join(ended.winners) or "none"
    credits = ended.scores.get(member.pseudonym, 0.0)
    return [f"Bourse of {game.name}, over: {member.pseudonym}",
            f"  The host game ended ({ended.how}) in {record.phase}; no turn comes "
            "any more.",
            f"  Your credits: {credits:.2f}; the winner{'s' if ',' in winners else ''}: "
            f"{winners}.",
            *_figures(member, bourse, " as scored")]
