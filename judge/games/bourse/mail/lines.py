"""A Bourse member's lines by mail: JOIN BOURSE, SELL, BUY, NOTRADE and STATUS.

The lines of one mail are one mail to the Bourse's desk (judge.games.bourse.rules.desk, the
very desk ``judge adjudicate`` plays a Bourse case with): the desk as the phase's
earlier mails left it is kept with the phase (judge.games.bourse.rules.desk_json), this mail
is handled once on it, and what the desk answers (judge.money.market.reading.MailRead:
each line refused by its place in the mail, each JOIN done, the warnings on the set) is
the reply, line by line; the reply ends with what is in force for the member. A mail
that changed something (a JOIN accepted, or at least one trade line accepted) is kept
for the phase under the member's pseudonym, and the desk after it with the phase.
STATUS: judge.games.bourse.mail.status.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.phase import Phase
from judge.games import BOURSE
from judge.games.bourse.mail import ROLE, params_of
from judge.games.bourse.mail.kept import LIVE, desk_of, keep, opening
from judge.games.bourse.mail.letters import next_turn
from judge.games.bourse.mail.members import BourseIdentity, host_player
from judge.games.bourse.mail.status import status
from judge.games.bourse.rules.commands import Command, JoinBourse
from judge.games.bourse.rules.currencies import Currencies
from judge.games.bourse.rules.desk import Desk
from judge.games.bourse.rules.trades import TradeSet
from judge.games.bourse.rules.turn import funds_of, play_member
from judge.games.bourse.text import WORDS, read_command
from judge.games.market.mail.foreign import not_ours, refused
from judge.games.market.mail.lines import UNDONE, within_cap
from judge.games.market.mail.phases import phase_mails
from judge.money.market.reading import Mail, MailRead
from judge.service.context import Context, Result
from judge.service.reports.notices import notice_subject
from judge.service.reports.replies import render_letter
from judge.service.reports.roster import deadline_text
from judge.service.schedule import is_zone, member_zone, zone_of
from judge.storage.games import lock_game, members
from judge.storage.mailqueue import queue_mail
from judge.storage.schema import Game, MarketMail, PhaseRecord, Player
from judge.text import commands as c
from judge.text.commands import Step


def lines(ctx: Context, who: BourseIdentity, steps: Sequence[Step]) -> list[Result]:
    """One Result per line; the accepted set's warnings and what is in force after the
    lines; STATUS is answered after the mail's other lines (a JOIN of the same mail
    counts)."""
    game = who.game
    lock_game(ctx.session, game.id)
    own = [s for s in steps if isinstance(s.command, c.Status) or is_zone(s)]
    foreign = {s.line: why for s in steps if s not in own
               and (why := not_ours(s, WORDS, BOURSE)) is not None}
    kept = [s for s in steps if s not in own and s.line not in foreign]
    out = _kept(ctx, who, kept) if kept else []
    out += [member_zone(who, s) for s in steps if is_zone(s)]  # before STATUS shows it
    out += [status(ctx, who, s) for s in steps if isinstance(s.command, c.Status)]
    out += [refused(s, foreign[s.line]) for s in steps if s.line in foreign]
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
    given: list[int] = []  # the places in ``kept`` of the lines the desk reads
    commands: list[Command | None] = []
    mine: dict[int, str] = {}  # refusals the judge gives before the desk: host players
    for place, step in enumerate(kept):
        command = read_command(step.text.strip())
        if (isinstance(command, JoinBourse) and params.join_open
                and not params.host_players_may_join and who.pseudonym is None
                and host_player(ctx.session, game, ctx.reply_to)):
            mine[place] = f"players of {game.name} may not join its Bourse"
        else:
            given.append(place)
            commands.append(command)
    texts = tuple(kept[place].text.strip() for place in given)
    read = desk.handle(Mail(sender, texts), commands)
    refused = {**mine, **{given[r.line]: r.reason for r in read.refused}}
    done = {given[d.line] for d in read.done}
    undone = {given[line] for line in read.undone}  # a later NOTRADE emptied it
    joined = desk.aliases.get(sender)
    if joined is not None and who.pseudonym is None:
        _join(ctx, who, joined, record.phase if record is not None else "before the start")
    label = record.phase if record is not None else "the first turn"
    out: list[Result] = []
    accepted: list[Result] = []
    for place, step in enumerate(kept):
        if place in refused:
            out.append(Result(step.line, step.text, False, [refused[place]],
                              template="refused"))
        elif place in done:
            out.append(Result(step.line, step.text, True, [
                f"You joined the Bourse of {game.name} as {joined}. Sign on later with "
                f"SIGNON BOURSE@{game.name} <password> or SIGNON {joined}@{game.name} "
                "<password>.", _when(game, record, desk, who)]))
        elif place in undone:
            out.append(Result(step.line, step.text, True, [UNDONE]))
        else:
            accepted.append(Result(step.line, step.text, True, [f"accepted for {label}"]))
    out += [Result(0, "(your trades)", True, [note]) for note in read.noted]
    if record is not None and (joined is not None or accepted):
        player = who.player
        assert player is not None and player.name is not None
        ctx.session.add(MarketMail(game_id=game.id, phase_id=record.id, sender=player.name,
                                   acting=None, lines=list(texts),
                                   player_id=player.id, at=ctx.now))
        keep(record, desk)
    return out + accepted + _in_force(desk, record, joined or who.pseudonym, read)


def _when(game: Game, record: PhaseRecord | None, desk: Desk, who: BourseIdentity) -> str:
    """What a newcomer is told of the turns: the one open and its deadline, or the one
    to come (the start letter told the members who joined before the start)."""
    if record is None:
        return ("The first turn goes with the host's first phase; a letter gives you its "
                "deadline and the Bourse's terms when the game starts.")
    if desk.turn_open:
        zone = (who.player.zone if who.player is not None else None) or zone_of(game)
        return (f"The turn {record.phase} is open until "
                f"{deadline_text(record.deadline, zone)}; STATUS shows your holdings.")
    return (f"No Bourse turn goes with {record.phase}; the next goes with "
            f"{next_turn(Phase.parse(record.phase), desk.params)}.")


def _in_force(desk: Desk, record: PhaseRecord | None, pseudonym: str | None,
              read: MailRead) -> list[Result]:
    """What the reply ends with (issue 23): the member's trades in force for the turn
    after this mail, his cash as the turn opened, and what the trades commit: the
    purchases' cost at the turn's rates against his funds (his sales, plus his cash
    under ``CASH_SURPLUS``; the Bourse reserves nothing). Nothing before the first turn,
    when no turn is open, or for one who is not a member."""
    if record is None or pseudonym is None or not desk.turn_open:
        return []
    member = desk.bourse.member(pseudonym)
    if member is None:
        return []
    names = Currencies.of(desk.bourse.powers)
    mine = desk.sets.get(pseudonym) or TradeSet()
    trades = [f"{t.side.name} {t.units} {names.name(t.power)}" for t in mine.lines]
    said = [f"this mail's {what} replace any sent before it" for what in read.replaced]
    said += [f"  Your orders: {'; '.join(trades) or 'none'}",
             f"  Cash as the turn opened: {_dollars(member.cash)}"]
    if mine.lines:
        cash = member.cash if desk.params.cash_surplus else 0
        funds = funds_of(member, mine, desk.bourse.rates, desk.params)
        cost = play_member(member, mine, desk.bourse.rates, desk.params).cost
        said.append(f"  Your purchases cost {_dollars(cost)} against funds of "
                    f"{_dollars(funds)} (your sales {_dollars(funds - cash)} plus your "
                    f"cash {_dollars(cash)})")
    return [Result(0, f"(in force now for {record.phase})", True, said)]


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
    queue_mail(ctx.session, game.master_address,
               notice_subject(game.name, f": {pseudonym} joined the Bourse"), body,
               sender=ctx.settings.address, now=ctx.now)


def _dollars(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"
