"""A market game's command lines by mail: each mail's lines are kept for the phase in
the order read, and the reply says at once which lines the phase refuses (the phase
played so far with and without this mail) and shows STATUS."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from sqlalchemy import select

from judge.service.context import Context, Identity, Refusal, Result
from judge.service.markets.kind import Letter, MarketKind
from judge.service.markets.phases import conclude, history, phase_mails, send
from judge.service.markets.play import key_of, mails_json, new_refusals, play
from judge.service.reports.roster import deadline_text
from judge.service.schedule import zone_of
from judge.storage.games import lock_game
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState, MarketMail, PhaseRecord
from judge.text.commands import Step

log = logging.getLogger(__name__)


MAX_KEPT_LINES = 1000  # a member's lines kept for one phase, all his mails together


def within_cap(earlier: list[MarketMail], sender: str, more: int) -> None:
    """Refuse a mail whose lines would take its sender past ``MAX_KEPT_LINES`` in this
    phase: every mail of a phase is read again for each new one, so one member's flood
    must not slow everyone's answers (issue 26)."""
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


def lines(ctx: Context, who: Identity, kind: MarketKind, steps: list[Step]) -> list[Result]:
    """One Result per line: every line but STATUS kept in one mail for the phase,
    accepted or refused as the phase would; then STATUS answered from the phase's
    opening state (and the sets in force, this mail's included)."""
    status = [s for s in steps if s.text.strip().upper() == "STATUS"]
    kept = [s for s in steps if s.text.strip().upper() != "STATUS"]
    out = _keep(ctx, who, kind, kept) if kept else []
    out += [_status(ctx, who, kind, step) for step in status]
    return sorted(out, key=lambda r: r.line)


def _keep(ctx: Context, who: Identity, kind: MarketKind, kept: list[Step]) -> list[Result]:
    game = who.game
    assert who.player is not None and who.player.name is not None
    name = who.player.name
    out: list[Result] = []
    lock_game(ctx.session, game.id)
    record = current_record(ctx.session, game)
    if game.state != GameState.ACTIVE or record is None or record.processed_at is not None:
        state = "has not started" if game.state == GameState.FORMING else f"is {game.state}"
        return out + [Result(s.line, s.text, False, [f"{game.name} {state}; nothing done"],
                             template="refused") for s in kept]
    earlier = phase_mails(ctx.session, record)
    texts = [s.text.strip() for s in kept]
    within_cap(earlier, name, len(texts))
    mail = {"from": name, "lines": texts, **({"as": who.acting} if who.acting else {})}
    after = play(game, kind, record.state, [*mails_json(earlier), mail])
    if "error" in after:
        log.error("game %s: phase %s cannot be played: %s", game.name, record.phase,
                  after["error"])
        raise Refusal(f"the judge cannot play {game.name}'s phase {record.phase} just now; "
                      "the master is told, and nothing of this mail was kept")
    ctx.session.add(MarketMail(game_id=game.id, phase_id=record.id, sender=name,
                               acting=who.acting, lines=texts, player_id=who.player.id,
                               refusals={"errors": after.get("errors", {}),
                                         "warnings": after.get("warnings", {}),
                                         "events": len(mail_events(after)),
                                         IN_FORCE: {k: after[k] for k in kind.in_force_keys
                                                    if k in after}},
                               at=ctx.now))
    before = earlier[-1].refusals if earlier else {}
    refused = new_refusals(before, after, key_of(name, who.acting))
    warned = new_refusals(before, after, key_of(name, who.acting), "warnings")
    said = [list(x) for x in (after.get("said") or [[]])[-1]]
    for step, text in zip(kept, texts, strict=True):
        reason = _reason(refused, text)
        if reason is None:
            warning = _reason(warned, text)
            out.append(Result(step.line, step.text, True,
                              [_done(said, text, record.phase), *([warning] if warning else [])]))
        else:
            out.append(Result(step.line, step.text, False, [reason], template="refused"))
    out += _warnings(game, kind, record, mail, after, key_of(name, who.acting), kept[-1])
    _notify(ctx, kind, record, int(before.get("events", 0)), mail_events(after))
    if after.get("end") is not None and after["state"].get("phase") == record.phase:
        out.append(Result(kept[-1].line, "(the game)", True,
                          ["this mail ended the game; everyone is told at once"]))
        conclude(ctx.session, ctx.settings, game, kind, record, after, ctx.now)
    return sorted(out, key=lambda r: r.line)


def _warnings(game: Game, kind: MarketKind, record: PhaseRecord, mail: dict[str, Any],
              after: Mapping[str, Any], key: str, last: Step) -> list[Result]:
    """The warnings this mail's order set draws (Capitalist's over-spending, spec 4.1).
    A warning depends on the mail alone (its set, the sender's account and the rates as
    the phase opened), so when the sender has any, the mail is played alone to tell
    which are its own."""
    if not after.get("warnings", {}).get(key):
        return []
    alone = play(game, kind, record.state, [mail])
    return [Result(last.line, "(your order set)", True, [w])
            for w in alone.get("warnings", {}).get(key, [])]


IMMEDIATE = ("TRANSFER", "ASK", "WITHDRAW", "TAKE", "LEDGER", "DRAW", "NODRAW", "ACCEPT")


def _done(said: list[list[str]], text: str, phase: str) -> str:
    """What an accepted line did: an immediate command's confirmation (``ask #1
    opened``), or that a phase command is kept for the phase (with its confirmation)."""
    for i, (line, done) in enumerate(said):
        if line == text:
            del said[i]
            if text.split()[0].upper() in IMMEDIATE:
                return f"done: {done}"
            return f"accepted for {phase}: {done}"
    return f"accepted for {phase}"


def mail_events(result: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The events the mail read during a phase caused (the runner's ``events`` before
    its ``processed`` marker)."""
    out: list[Mapping[str, Any]] = []
    for event in result.get("events") or []:
        if event.get("event") == "processed":
            break
        out.append(event)
    return out


def _notify(ctx: Context, kind: MarketKind, record: PhaseRecord,
            seen: int, after: list[Mapping[str, Any]]) -> None:
    """The letters this mail's immediate commands send at once (a transfer's recipient,
    a taken ask's seller, a ledger): the events after the ``seen`` earlier mails caused."""
    if kind.notices is None or len(after) <= seen:
        return
    game = ctx.identity.game if ctx.identity else None
    assert game is not None
    letters = kind.notices(record.state, after[seen:], list(game.flags),
                           lambda: history(ctx.session, game, record, after))
    # sent when the mail is done, one letter a reader (issue 26)
    for letter in letters:
        ctx.gather(("letters", game.id), letter, partial(
            _send_gathered, ctx, game, kind, record.state))


def _send_gathered(ctx: Context, game: Game, kind: MarketKind, state: Mapping[str, Any],
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
    send(ctx.session, ctx.settings, game, kind, state, ctx.now, [*merged.values(), *alone])


MORE = " (and more)"


def _reason(refused: list[str], text: str) -> str | None:
    """The reason of ``text``'s refusal (taken from the list, so a line sent twice and
    refused once is reported once), or None."""
    for i, entry in enumerate(refused):
        if entry.upper().startswith(text.upper() + ":"):
            del refused[i]
            return _plain(entry[len(text) + 1:].strip())
    return None


_CODE = re.compile(r"^E\d{1,2} ")  # the contract's error code (payola.md's E1-E25)


def _plain(reason: str) -> str:
    """A refusal as a player reads it: the rules' words, without the contract's error
    code that the batch interface prints before them."""
    return _CODE.sub("", reason)


IN_FORCE = "in_force"  # MarketMail.refusals: what STATUS reads of the phase so far


def _in_force_now(ctx: Context, who: Identity, kind: MarketKind,
                  record: PhaseRecord) -> Mapping[str, Any]:
    """What the mail kept so far has in force, as the runner answered when the last of it
    was kept (no replay); a phase whose last mail was kept before the judge kept this
    is played again."""
    last = ctx.session.scalars(select(MarketMail).where(MarketMail.phase_id == record.id)
                               .order_by(MarketMail.id.desc()).limit(1)).first()
    if last is None:
        return {}
    kept = (last.refusals or {}).get(IN_FORCE)
    if kept is not None:
        return dict(kept)
    return play(who.game, kind, record.state, mails_json(phase_mails(ctx.session, record)))


def _status(ctx: Context, who: Identity, kind: MarketKind, step: Step) -> Result:
    record = current_record(ctx.session, who.game)
    assert who.player is not None and who.player.name is not None
    if record is None:
        return Result(step.line, step.text, True,
                      [f"{who.game.name} has not started yet."])
    lines = kind.status(record.state, who.player.name)
    if who.acting:
        lines += kind.status(record.state, who.acting)
    if kind.in_force is not None and record.processed_at is None \
            and who.game.state == GameState.ACTIVE:
        now = _in_force_now(ctx, who, kind, record)
        if "error" not in now:
            lines += kind.in_force(record.state, now, who.player.name, who.acting)
    deadline = None if record.processed_at is not None else deadline_text(
        record.deadline, who.player.zone or zone_of(who.game))
    return Result(step.line, step.text, True,
                  [f"{who.game.name}, {record.phase} (as it opened):",
                   *([f"  Deadline: {deadline}"] if deadline else []), *lines])
