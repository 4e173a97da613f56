"""A market game's command lines by mail: each mail's lines are kept for the phase in
the order read, and the reply says at once which lines are refused and why, which were
done, and which are kept for the phase; and shows STATUS.

The kind's ``reader`` reads the mail once, into the phase as its earlier mail left it
(the reading kept with the phase), and the phase is played only at its deadline
(judge.games.market.mail.phases): a line that only the play can refuse is answered as
kept and checked then, and its refusal is in the results."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import select

from judge.games.market.mail.foreign import not_the_kinds, refused
from judge.games.market.mail.kind import Letter, MarketKind, PhaseReading
from judge.games.market.mail.members import notice
from judge.games.market.mail.phases import (
    READ,
    conclude,
    history,
    mails_read,
    reading_of,
    send,
)
from judge.games.market.mail.play import envelope, opened
from judge.money.market.reading import Mail, MailRead
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.maps import VALUES as MAP_VALUES
from judge.service.reports.notices import notice_subject
from judge.service.reports.roster import deadline_text
from judge.service.schedule import is_zone, member_zone, open_deadline, zone_of
from judge.storage.games import lock_game
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState, MarketMail, PhaseRecord
from judge.text import commands as c
from judge.text.commands import Step

log = logging.getLogger(__name__)

S = TypeVar("S")
N = TypeVar("N")


MAX_KEPT_LINES = 1000  # a member's lines kept for one phase, all his mails together

# a line the mail accepted, then undid by a later line of its own: never "accepted"
UNDONE = ("not in force: a later line of this mail undoes it (a NOTRADE empties the "
          "lines before it; of two lines for the same thing, the later counts)")


def within_cap(earlier: list[MarketMail], sender: str, more: int) -> None:
    """Refuse a mail whose lines would take its sender past ``MAX_KEPT_LINES`` in this
    phase (issue 26): what one member may make the judge keep with the phase (each
    mail is read once, but every kept line is stored and shown to the master)."""
    sent = sum(len(m.lines) for m in earlier if m.sender == sender)
    if sent + more > MAX_KEPT_LINES:
        raise Refusal(f"at most {MAX_KEPT_LINES} of your lines are kept for a phase, and "
                      f"{sent} are kept already: this mail's {more} would pass that; "
                      "nothing of it was kept (send fewer lines, or later lines that "
                      "replace your earlier ones)")


def answered(ctx: Context, steps: list[Step],
             read: Callable[[], list[Result]]) -> None:
    """A member's lines answered as one mail of his: ``read`` keeps them (in a
    savepoint, so a refusal of the mail keeps none and refuses every line), and each
    result goes into the reply under his sign-on."""
    who = ctx.identity
    assert who is not None
    try:
        with ctx.session.begin_nested():
            results = read()
    except Refusal as refusal:
        results = [Result(s.line, s.text, False, refusal.messages, template="refused")
                   for s in steps]
    for result in results:
        result.signon = who.number
    ctx.results.extend(results)


def lines(ctx: Context, who: Identity, kind: MarketKind[Any, Any, Any],
          steps: list[Step]) -> list[Result]:
    """One Result per line: every line but STATUS kept in one mail for the phase,
    accepted or refused as the phase would; then STATUS answered from the phase's
    opening state (and the sets in force, this mail's included)."""
    status = [s for s in steps if s.text.strip().upper() == "STATUS"]
    maps = [s for s in steps if _SET_MAP.fullmatch(s.text.strip()) or is_zone(s)]
    leaving = [s for s in steps if isinstance(s.command, c.Resign)  # (Exchange's WITHDRAW
               and s.text.split()[0].upper() not in kind.words]  # of an ask is its own)
    foreign = {s.line: why for s in steps if s not in status and s not in maps
               and s not in leaving and (why := not_the_kinds(s, kind)) is not None}
    kept = [s for s in steps if s not in status and s not in maps and s not in leaving
            and s.line not in foreign]
    out = _keep(ctx, who, kind, kept) if kept else []
    # his own settings before STATUS, which shows the deadline in his zone
    out += [member_zone(who, s) if is_zone(s) else _set_map(who, s) for s in maps]
    out += [_status(ctx, who, kind, step) for step in status]
    out += [_resign(ctx, who, kind, step) for step in leaving]
    out += [refused(s, foreign[s.line]) for s in steps if s.line in foreign]
    # each line under its own number, in the mail's order; what is said of the mail as a
    # whole (line 0: no number) after them, what is in force last
    return sorted(out, key=lambda r: (r.line == 0, r.line))


_SET_MAP = re.compile(r"SET\s+MAP\b\s*(.*)", re.IGNORECASE)


def _resign(ctx: Context, who: Identity, kind: MarketKind[Any, Any, Any],
            step: Step) -> Result:
    """RESIGN (also WITHDRAW) of a member: before the start he leaves the game, as a
    board game's player leaves his power open (the master is told); once it has
    started a member stays in it to its end."""
    game = who.game
    if who.player is None or who.player.left_at is not None:
        return Result(step.line, step.text, False, [f"you have left {game.name} already"],
                      template="refused")
    if game.state != GameState.FORMING:
        return Result(step.line, step.text, False, [
            f"{game.name} has started: each {kind.member} stays in it to its end (send "
            "nothing and the rules' defaults play for you)"], template="refused")
    who.player.left_at = ctx.now
    ctx.notify(game.master_address, notice_subject(game.name, f": {who.name} resigned"),
               notice(ctx.settings, f"{who.name} has left {game.name} before its start; "
                                    f"{kind.member}s may still JOIN it."))
    return Result(step.line, step.text, True, [
        f"You left {game.name}; you may JOIN it again before its start."])


def _set_map(who: Identity, step: Step) -> Result:
    """A member's own SET MAP ON / OFF (judge.service.maps for a power's player): whether
    his letters carry the map of a phase played on the board and a year-end's chart."""
    match = _SET_MAP.fullmatch(step.text.strip())
    value = match.group(1).strip().upper() if match else ""
    if value not in MAP_VALUES or who.player is None:
        return Result(step.line, step.text, False,
                      [f"SET MAP takes ON or OFF, not {value or 'nothing'!r}"],
                      template="refused")
    who.player.maps = MAP_VALUES[value]
    said = ("will carry the map of a phase played on the board and a year-end's chart"
            if MAP_VALUES[value] else "will be text only")
    return Result(step.line, step.text, True, [f"Letters mailed to {who.name} {said}."])


def _keep(ctx: Context, who: Identity, kind: MarketKind[Any, Any, Any],
          kept: list[Step]) -> list[Result]:
    game = who.game
    assert who.player is not None and who.player.name is not None
    lock_game(ctx.session, game.id)
    record = current_record(ctx.session, game)
    if game.state != GameState.ACTIVE or record is None or record.processed_at is not None:
        state = "has not started" if game.state == GameState.FORMING else f"is {game.state}"
        return [Result(s.line, s.text, False, [f"{game.name} {state}; nothing done"],
                       template="refused") for s in kept]
    return _read(ctx, who, kind, record, kept)


def _read(ctx: Context, who: Identity, kind: MarketKind[Any, Any, Any], record: PhaseRecord,
          kept: list[Step]) -> list[Result]:
    """The mail read once, into the phase as its earlier mail left it (kept with the
    phase): each line refused with its reason, done at once, or kept for the phase;
    the phase itself is played at its deadline, not here."""
    game = who.game
    assert who.player is not None and who.player.name is not None
    name = who.player.name
    texts = [s.text.strip() for s in kept]
    _within_cap_of(ctx, record, name, len(texts))
    reading = reading_of(ctx.session, game, kind, record)
    read = kind.reader.read(reading, Mail(name, tuple(texts), who.acting))
    record.reading = reading.as_json()
    ctx.session.add(MarketMail(game_id=game.id, phase_id=record.id, sender=name,
                               acting=who.acting, lines=texts, player_id=who.player.id,
                               refusals={READ: read.as_json()}, at=ctx.now))
    refused = {r.line: r.reason for r in read.refused}
    sunk = set(read.whole) - set(refused)
    done = {d.line: d.done for d in read.done}
    warned: dict[int, list[str]] = {}
    for w in read.warned:
        warned.setdefault(w.line, []).append(w.warning)
    undone = set(read.undone)  # accepted, then undone by a later line of the mail
    ended_at = max(done) if reading.ended and done else None
    out: list[Result] = []
    for place, (step, text) in enumerate(zip(kept, texts, strict=True)):
        if place in refused:
            out.append(Result(step.line, step.text, False, [_plain(refused[place])],
                              template="refused"))
        elif place in sunk:
            out.append(Result(step.line, step.text, False,
                              ["refused with your whole sheet: an offer sheet is taken or "
                               "refused whole, and another line of it is refused (HELP "
                               "RULES PAYOLA 3.1)"], template="refused"))
        elif ended_at is not None and place > ended_at:
            out.append(Result(step.line, step.text, False,
                              ["not read: the game ended with your DRAW above"],
                              template="refused"))
        elif place in undone:
            out.append(Result(step.line, step.text, True, [
                UNDONE, *([f"(as read: {done[place]})"] if place in done else []),
                *warned.get(place, [])]))
        elif place in done:
            out.append(Result(step.line, step.text, True,
                              [_confirmed(text, done[place], record.phase),
                               *warned.get(place, [])]))
        elif place in read.later:
            out.append(Result(step.line, step.text, True, [
                f"kept for {record.phase}; checked with the other orders when the phase "
                "is played (a refusal then is in the results)", *warned.get(place, [])]))
        else:
            out.append(Result(step.line, step.text, True,
                              [f"accepted for {record.phase}", *warned.get(place, [])]))
    # a warning about the mail's whole set (Capitalist's over-spending, spec 4.1)
    out += [Result(0, "(your order set)", True, [note]) for note in read.noted]
    seen = len(reading.events) - len(read.events)
    state = opened(game, kind, record)  # the phase's opening state, decoded once
    _notify(ctx, kind, record, state, seen, list(reading.events))
    if not reading.ended:
        out.append(_in_force_tail(kind, record, state, reading, read, name, who.acting))
    if reading.ended:
        out.append(Result(0, "(the game)", True,
                          ["this mail ended the game; everyone is told at once"]))
        conclude(ctx.session, ctx.settings, game, kind, record,
                 reading.played(mails_read(ctx.session, record)), ctx.now)
    return out


def _in_force_tail(kind: MarketKind[S, Any, Any], record: PhaseRecord, state: S,
                   reading: PhaseReading[Any], read: MailRead, name: str,
                   acting: str | None) -> Result:
    """What the reply ends with: what is in force now, after this mail, for each account
    the sender acted for (the kind's ``in_force``: his own, and the power he signed on
    as), said after a set refused or replaced whole."""
    said = []
    if read.whole:
        said.append("your whole offer sheet is refused (HELP RULES PAYOLA 3.1): none of "
                    "its lines is in force; the sheet in force is the one shown below")
    # true of a first set too: it replaces whatever (if anything) was sent before it
    said += [f"this mail's {what} {'replace' if what.endswith('s') else 'replaces'} any sent "
             "before it" for what in read.replaced]
    if kind.in_force is not None:
        said += kind.in_force(state, kind.reader.in_force(reading), name, acting)
    return Result(0, f"(in force now for {record.phase})", True, said or ["nothing"])


def _within_cap_of(ctx: Context, record: PhaseRecord, sender: str, more: int) -> None:
    """``within_cap`` on the sender's own kept mail of the phase (his rows alone)."""
    mine = list(ctx.session.scalars(select(MarketMail).where(
        MarketMail.phase_id == record.id, MarketMail.sender == sender)))
    within_cap(mine, sender, more)


def _confirmed(text: str, done: str, phase: str) -> str:
    """What a line carried out as it was read did: an immediate command's confirmation
    (``ask #1 opened``), or a phase command's, kept for the phase."""
    if text.split()[0].upper() in IMMEDIATE:
        return f"done: {done}"
    return f"accepted for {phase}: {done}"


IMMEDIATE = ("TRANSFER", "ASK", "WITHDRAW", "TAKE", "LEDGER", "DRAW", "NODRAW", "ACCEPT")


def _notify(ctx: Context, kind: MarketKind[S, Any, Any], record: PhaseRecord, state: S,
            seen: int, after: list[Mapping[str, Any]]) -> None:
    """The letters this mail's immediate commands send at once (a transfer's recipient,
    a taken ask's seller, a ledger): the events after the ``seen`` earlier mails caused."""
    if kind.notices is None or len(after) <= seen:
        return
    game = ctx.identity.game if ctx.identity else None
    assert game is not None
    letters = kind.notices(state, after[seen:], envelope(game, kind),
                           lambda: history(ctx.session, game, kind, record, after))
    # sent when the mail is done, one letter a reader (issue 26)
    for letter in letters:
        ctx.gather(("letters", game.id), letter, partial(_send_gathered, ctx, game, kind))


def _send_gathered(ctx: Context, game: Game, kind: MarketKind[Any, Any, Any],
                   letters: list[Letter]) -> None:
    """A mail's immediate letters, those to one reader in one template as one letter:
    their lines one after another, under the first one's subject."""
    merged: dict[tuple[str, str], Letter] = {}
    alone: list[Letter] = []
    for letter in letters:
        key = (letter.to.upper(), letter.template)
        if "lines" not in letter.view:
            alone.append(letter)
        elif key not in merged:
            merged[key] = letter
        else:
            first = merged[key]
            subject = first.subject if first.subject.endswith(MORE) else first.subject + MORE
            merged[key] = replace(first, subject=subject, view={
                **first.view, "lines": [*first.view["lines"], "", *letter.view["lines"]]})
    send(ctx.session, ctx.settings, game, kind, ctx.now, [*merged.values(), *alone])


MORE = " (and more)"


_CODE = re.compile(r"^E\d{1,2} ")  # the contract's error code (payola.md's E1-E25)


def _plain(reason: str) -> str:
    """A refusal as a player reads it: the rules' words, without the contract's error
    code that the batch interface prints before them."""
    return _CODE.sub("", reason)


def _in_force_now(ctx: Context, who: Identity, kind: MarketKind[Any, Any, N],
                  record: PhaseRecord) -> N:
    """What the mail kept so far has in force, typed as the kind reads it: from the
    phase's reading (no replay)."""
    return kind.reader.in_force(reading_of(ctx.session, who.game, kind, record))


def _status(ctx: Context, who: Identity, kind: MarketKind[Any, Any, Any], step: Step) -> Result:
    record = current_record(ctx.session, who.game)
    assert who.player is not None and who.player.name is not None
    if record is None:
        return Result(step.line, step.text, True,
                      [f"{who.game.name} has not started yet."])
    state = opened(who.game, kind, record)  # decoded once for the whole STATUS
    lines = kind.status(state, who.player.name)
    if who.acting:
        lines += kind.status(state, who.acting)
    if kind.in_force is not None and record.processed_at is None \
            and who.game.state == GameState.ACTIVE:
        now = _in_force_now(ctx, who, kind, record)
        lines += kind.in_force(state, now, who.player.name, who.acting)
        if kind.status_now is not None:
            lines += kind.status_now(now)
    deadline = deadline_text(open_deadline(who.game, record),
                             who.player.zone or zone_of(who.game))
    return Result(step.line, step.text, True,
                  [f"{who.game.name}, {record.phase} (as it opened):",
                   *([f"  Deadline: {deadline}"] if deadline else []), *lines])
