"""A Bourse member's lines by mail: JOIN BOURSE, SELL, BUY, NOTRADE and STATUS.

The lines of one mail are one mail to the Bourse's desk (judge.money.bourse.desk, the
very desk ``judge adjudicate`` plays a Bourse case with): the desk as the phase's
earlier mails left it is kept with the phase (judge.money.bourse.desk_json), this mail
is handled once on it, and its refusals and warnings are the reply. A mail that changed
something (a JOIN accepted, or at least one trade line accepted) is kept for the phase
under the member's pseudonym, and the desk after it with the phase.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence

from sqlalchemy.orm import Session

from judge.engine.maps import load_map
from judge.engine.phase import Phase
from judge.money.bourse.commands import Command, JoinBourse
from judge.money.bourse.currencies import Currencies
from judge.money.bourse.desk import Desk
from judge.money.bourse.desk_json import desk_from_json, desk_json
from judge.money.bourse.scoring import net_worth
from judge.money.bourse.state import Bourse
from judge.money.bourse.state_json import read_bourse
from judge.money.bourse.turn import turn_open
from judge.money.market.codec import CodecError
from judge.service.context import Context, Result
from judge.service.markets.bourse import ROLE, params_of
from judge.service.markets.bourse.members import BourseIdentity, bourse_members, host_player
from judge.service.markets.lines import within_cap
from judge.service.markets.phases import phase_mails
from judge.service.reports.replies import render_letter
from judge.storage.games import lock_game, members
from judge.storage.mailqueue import queue_mail
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState, MarketMail, PhaseRecord, Player
from judge.text import commands as c
from judge.text.bourse import read_command
from judge.text.commands import Step

LIVE = (GameState.FORMING, GameState.ACTIVE, GameState.PAUSED)

log = logging.getLogger(__name__)


def read(lines: Iterable[str]) -> list[tuple[str, Command | None]]:
    return [(line, read_command(line)) for line in lines if line.strip()]


def opening(session: Session, game: Game) -> tuple[Bourse, PhaseRecord | None]:
    """The Bourse as the current phase opened (before the start: the members so far,
    with their start holdings), and the phase's record."""
    board = load_map(game.map_name)
    params = params_of(game)
    record = current_record(session, game) if game.state != GameState.FORMING else None
    if record is not None and ROLE in (record.state or {}):  # the Bourse's state, by name
        return read_bourse(record.state[ROLE], board, params), record
    bourse = Bourse.opened(board.powers, params)
    for member in bourse_members(session, game):
        bourse = bourse.joined(member.name or "", params)
    return bourse, record


def desk_of(session: Session, game: Game, bourse: Bourse, record: PhaseRecord | None) -> Desk:
    """The desk after the phase's kept mails: as it was kept with the phase when the last
    of them was handled (each Bourse mail is handled once); a phase whose mails were
    kept before the desk was (or whose desk this judge cannot read back) has them
    handled again, in the order they were read, once."""
    board = load_map(game.map_name)
    params = params_of(game)
    currencies = Currencies.of(board.powers)
    kept = (record.reading or {}).get(ROLE) if record is not None else None
    if kept is not None:
        try:
            return desk_from_json(kept, currencies, params)
        except (CodecError, KeyError, TypeError, ValueError) as e:
            log.warning("game %s: the Bourse's mail of %s is handled again (%s)", game.name,
                        record.phase if record else "-", e)
    open_now = record is not None and turn_open(Phase.parse(record.phase), params)
    desk = Desk(bourse, currencies, params, open_now)
    if record is not None:
        for mail in phase_mails(session, record):
            desk.handle(mail.sender, read(mail.lines))
        keep(record, desk)
    return desk


def keep(record: PhaseRecord, desk: Desk) -> None:
    """Keep the desk with the (host's) phase, under the Bourse's name."""
    record.reading = {**(record.reading or {}), ROLE: desk_json(desk)}


def lines(ctx: Context, who: BourseIdentity, steps: Sequence[Step]) -> list[Result]:
    """One Result per line; the accepted set's warnings come with its last line; STATUS
    is answered after the mail's other lines (a JOIN of the same mail counts)."""
    game = who.game
    lock_game(ctx.session, game.id)
    kept = [s for s in steps if not isinstance(s.command, c.Status)]
    out = _kept(ctx, who, kept) if kept else []
    out += [_status(ctx, who, s) for s in steps if isinstance(s.command, c.Status)]
    return sorted(out, key=lambda r: (r.line == 0, r.line))  # what is in force last


def _kept(ctx: Context, who: BourseIdentity, kept: Sequence[Step]) -> list[Result]:
    game = who.game
    if game.state not in LIVE:
        return [Result(s.line, s.text, False, [f"the Bourse of {game.name} is over"],
                       template="refused") for s in kept]
    bourse, record = opening(ctx.session, game)
    if record is not None:
        within_cap(list(phase_mails(ctx.session, record)), who.pseudonym or ctx.reply_to,
                   len(kept))
    desk = desk_of(ctx.session, game, bourse, record)
    params = params_of(game)
    sender = who.pseudonym or ctx.reply_to
    given: list[tuple[str, Command | None]] = []
    mine: dict[int, str] = {}  # refusals the judge gives before the desk: host players
    for step in kept:
        text = step.text.strip()
        command = read_command(text)
        if (isinstance(command, JoinBourse) and params.join_open
                and not params.host_players_may_join and who.pseudonym is None
                and host_player(ctx.session, game, ctx.reply_to)):
            mine[step.line] = f"players of {game.name} may not join its Bourse"
        else:
            given.append((text, command))
    answer = desk.handle(sender, given)
    joined = desk.aliases.get(sender)
    if joined is not None and who.pseudonym is None:
        _join(ctx, who, joined, record.phase if record is not None else "before the start")
    refusals = list(answer.refusals)
    label = record.phase if record is not None else "the first turn"
    out: list[Result] = []
    accepted: list[Result] = []
    for step in kept:
        text = step.text.strip()
        reason = mine.get(step.line) or _take(refusals, text)
        if reason is not None:
            out.append(Result(step.line, step.text, False, [reason], template="refused"))
        elif isinstance(read_command(text), JoinBourse):
            out.append(Result(step.line, step.text, True, [
                f"You joined the Bourse of {game.name} as {joined}. Sign on later with "
                f"SIGNON BOURSE@{game.name} <password> or SIGNON {joined}@{game.name} "
                "<password>."]))
        else:
            accepted.append(Result(step.line, step.text, True, [f"accepted for {label}"]))
    if accepted:
        accepted[-1].messages.extend(answer.warnings)
    if record is not None and (joined is not None or accepted):
        player = who.player
        assert player is not None and player.name is not None
        ctx.session.add(MarketMail(game_id=game.id, phase_id=record.id, sender=player.name,
                                   acting=None, lines=[t for t, _ in given],
                                   player_id=player.id, at=ctx.now))
        keep(record, desk)
    return out + accepted + _in_force(desk, record, joined or who.pseudonym, bool(accepted))


def _in_force(desk: Desk, record: PhaseRecord | None, pseudonym: str | None,
              replaced: bool) -> list[Result]:
    """What the reply ends with (issue 23): the member's orders in force for the turn
    after this mail, and his cash as the turn opened; nothing before the first turn or
    for one who is not a member."""
    if record is None or pseudonym is None:
        return []
    member = desk.bourse.member(pseudonym)
    if member is None:
        return []
    names = Currencies.of(desk.bourse.powers)
    mine = desk.sets.get(pseudonym)
    trades = [f"{t.side.name} {t.units} {names.name(t.power)}"
              for t in (mine.lines if mine is not None else ())]
    # true of a first set too: it replaces whatever (if anything) was sent before it
    said = ["this mail's orders replace any sent before it"] if replaced else []
    return [Result(0, f"(in force now for {record.phase})", True, [
        *said, f"  Your orders: {'; '.join(trades) or 'none'}",
        f"  Cash as the turn opened: {_dollars(member.cash)}"])]


def _take(refusals: list[tuple[str, str]], text: str) -> str | None:
    """The reason of ``text``'s refusal, taken from the list (so a line sent twice and
    refused once is reported once), or None."""
    for i, (line, reason) in enumerate(refusals):
        if line == text:
            del refusals[i]
            return reason
    return None


def _join(ctx: Context, who: BourseIdentity, pseudonym: str, phase: str) -> None:
    """The newcomer is a member now: his row, his password; he acts as himself. The
    master alone is told who he is."""
    game = who.game
    plays = [m.power.name for m in members(ctx.session, game)
             if m.role == "player" and m.power is not None
             and m.address.lower() == ctx.reply_to.lower()]
    player = Player(game_id=game.id, power_id=None, role=ROLE, name=pseudonym,
                    address=ctx.reply_to, password_hash=who.password_hash, joined_at=ctx.now)
    ctx.session.add(player)
    ctx.session.flush()
    who.player = player
    who.acting = pseudonym
    view = {"pseudonym": pseudonym, "address": ctx.reply_to, "phase": phase,
            "plays": ", ".join(plays)}
    body = render_letter("market/bourse_joined.txt.j2", v=view, game=game.name)
    queue_mail(ctx.session, game.master_address, f"{game.name}: {pseudonym} joined the Bourse",
               body, sender=ctx.settings.address, now=ctx.now)


def _status(ctx: Context, who: BourseIdentity, step: Step) -> Result:
    """STATUS: the member's holdings, cash and net worth as the phase opened, the rates,
    and his orders so far for the turn."""
    game = who.game
    if who.pseudonym is None:
        return Result(step.line, step.text, False, ["you are not in this Bourse"],
                      template="refused")
    bourse, record = opening(ctx.session, game)
    member = bourse.member(who.pseudonym)
    if member is None:  # joined during this phase: holdings as the desk gives them
        member = desk_of(ctx.session, game, bourse, record).bourse.member(who.pseudonym)
    assert member is not None
    names = Currencies.of(bourse.powers)
    label = record.phase if record is not None else "before the start"
    holdings = ", ".join(f"{names.name(p)} {member.holding(p)}" for p in bourse.powers)
    rates = ", ".join(f"{names.name(p)} {_dollars(bourse.rate(p))}" for p in bourse.powers)
    out = [f"Bourse of {game.name}, {label} (as it opened): {member.pseudonym}",
           f"  Holdings: {holdings}",
           f"  Cash: {_dollars(member.cash)}; net worth {_dollars(net_worth(member, bourse))}",
           f"  Rates: {rates}",
           f"  Eliminated: {', '.join(sorted(bourse.eliminated)) or 'none'}"]
    if record is not None:
        desk = desk_of(ctx.session, game, bourse, record)
        mine = desk.sets.get(member.pseudonym)
        trades = [f"{t.side.name} {t.units} {names.name(t.power)}"
                  for t in (mine.lines if mine is not None else ())]
        out.append(f"  Your orders for {record.phase}: {'; '.join(trades) or 'none'}")
    return Result(step.line, step.text, True, out)


def _dollars(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"
