"""One decoded mail handled: commands read, authorised and applied, and exactly one reply queued."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.config import Settings
from judge.service.answer_limits import HOUR, capped, over_budget, repeated
from judge.service.context import Context, Result
from judge.service.guessing import answer_delay
from judge.service.handlers import NOTHING_TO_UNDO, run
from judge.service.kinds import attachment_named, part_of
from judge.service.membership import count_wrong_passwords
from judge.service.passwords import LIMIT, NEW_PASSWORDS_SPENT
from judge.service.reports.replies import render
from judge.storage.base import utcnow
from judge.storage.mailqueue import DecodedMail, OutboundMessage, queue_mail, queue_reply
from judge.text import commands as c
from judge.text.commands import Step
from judge.text.script import MAX_STEPS, mail_script

log = logging.getLogger(__name__)

SUBSCRIBING = (c.Join, c.JoinBourse, c.Create, c.Observe)  # commands that register an address
NEW_PASSWORD_COMMANDS = (c.Join, c.Create, c.Observe, c.SetPassword)  # each hashes one
# A mail with more is cut short, and the reply says so; the rest of it is not even read
# (judge.text.script.mail_script).
MAX_COMMANDS = MAX_STEPS


def handle_mail(
    session: Session, mail: DecodedMail, settings: Settings, now: datetime | None = None,
    *, vouched: str | None = None,
) -> str | None:
    """Handle one mail in the caller's transaction. Mail that must not be answered
    (bounces, auto-replies, bulk, no return address, the judge itself) is logged and
    left; every other mail gets one reply, plus a copy to the registered address of
    each power signed on from another address. Returns the reply's body when one was
    queued.

    ``vouched``: the lines come from the web form of a signed-in player (judge.web),
    whose sign-on was checked when he signed in: the stored password hash it matched
    then (judge.service.passwords.password_matches)."""
    to = mail.reply_address
    if mail.auto_reply:
        log.info("not answering %s: %s", mail.message_id, mail.auto_reason)
        return None
    if not to or "@" not in to or settings.is_judge_address(to):
        log.info("not answering %s: no address to answer (%r)", mail.message_id, to)
        return None
    moment = now or utcnow()
    if mail.unreadable:
        _answer_unreadable(session, settings, mail, to, moment)
        return None
    script = mail_script(mail.body_lines)  # read once, up to the cap, with the worker
    steps = coalesce(script.steps[:MAX_COMMANDS])
    # A new member's address must read its mail before it gets any: a JOIN, OBSERVE or
    # CREATE whose Reply-To is not its From registers the From, is answered there, and
    # the Reply-To gets only a confirmation code (as SET ADDRESS does).
    unconfirmed: str | None = None
    if (mail.sender and to.lower() != mail.sender.lower()
            and any(isinstance(s.command, SUBSCRIBING) for s in steps)):
        unconfirmed, to = to, mail.sender
    ctx = Context(session, settings, moment, sender=mail.sender or to, reply_to=to,
                  inbox_id=mail.inbox_id, source=mail.source, unconfirmed_address=unconfirmed,
                  vouched=vouched)
    # A mail that starts by signing on with the right password is read whatever its
    # address's budget, so the budget is counted only when it does not (a sign-on writes
    # nothing, and a wrong password is recorded only below): one statement fewer for
    # nearly every player's mail.
    done = _sign_on_first(ctx, steps)
    answered = None if ctx.signons else over_budget(session, to, settings.replies_per_hour,
                                                    moment)
    if answered is None:
        _run_all(ctx, steps, done)
        ctx.finish()
    else:
        # Over its budget an address is read only if the mail signs on with a right
        # password (a forged From must not cut a player off); anything else is undone.
        attempt = session.begin_nested()
        _run_all(ctx, steps, done)
        if not ctx.signons:
            ctx.at_end.clear()
            attempt.rollback()
            count_wrong_passwords(ctx)
            log.info("not reading %s: %d answers to %s this hour", mail.message_id,
                     answered, to)
            if answered == settings.replies_per_hour:
                _budget_notice(session, settings, mail, to, answered, moment)
            return None
        ctx.finish()
        attempt.commit()
    count_wrong_passwords(ctx)
    if script.cut and not ctx.wrong_passwords:  # a wrong password's answer says it already
        last = script.steps[MAX_COMMANDS]
        ctx.results.append(Result(last.line, last.text, False, [
            f"only {MAX_COMMANDS} commands are read from one mail; this one and the rest "
            "were not done"], template="refused"))
    # the subject too may hold a password of the body (Re: SIGNON ITALY@g <password>)
    subject = script.scrub(mail.reply_subject())
    in_reply_to = mail.message_id or None
    body = capped(script.scrub(_reply(ctx, ctx.results, None)), _footer(settings))
    delay = timedelta(0)
    if ctx.wrong_passwords:
        wait = answer_delay(session, ctx.sender, ctx.source, moment)
        if wait is None:
            log.info("not answering %s: too many wrong passwords from %s (%s) this hour",
                     mail.message_id, ctx.sender, ctx.source)
            return None
        delay = wait
    # Only the answer to a sign-on, sent to the address registered for it, is outside the
    # budget: any other (a stranger's, or a signed-on mail's to its Reply-To or a forged
    # From: 30 such answers of 52 KB went to a victim) counts, and past the budget it is
    # not sent (issue 26), though what the mail did stays done.
    registered = ctx.signons > len(ctx.copies)
    sent: str | None = None
    if not registered and answered is None and ctx.signons:
        answered = over_budget(session, to, settings.replies_per_hour, moment)
    if not registered and answered is not None:
        log.info("not answering %s: %d answers to %s this hour", mail.message_id,
                 answered, to)
        if answered == settings.replies_per_hour:
            _budget_notice(session, settings, mail, to, answered, moment)
    else:
        # a map (MAP) goes only to a member's registered address: to any other, a
        # forged sender would turn a line into a picture mailed to a stranger
        picture = next((r.picture for r in ctx.results if r.picture), None) \
            if registered else None
        queue_reply(session, to, subject, body, sender=settings.address,
                    in_reply_to=in_reply_to, inbox_id=mail.inbox_id, now=moment,
                    not_before=moment + delay, budgeted=not registered, picture=picture)
        sent = body
    refused = sum(not r.ok for r in ctx.results)
    log.info("mail #%s from %s, game %s: %s; %d done, %d refused", mail.inbox_id,
             ctx.sender, ctx.identity.game.name if ctx.identity else "-",
             " ".join(_command_word(s) for s in steps[:MAX_COMMANDS]) or "no command",
             len(ctx.results) - refused, refused)
    for number, (address, who) in ctx.copies.items():
        own = [r for r in ctx.results if r.signon == number]
        copy = script.scrub(_reply(ctx, own, who))
        queue_mail(session, address, f"Copy: {subject}", copy, sender=settings.address,
                   inbox_id=mail.inbox_id, now=moment, budgeted=True)
    return sent


def _command_word(step: Step) -> str:
    """What a step is, for the log: its command's name (never its words, which may hold
    a password)."""
    return type(step.command).__name__.upper()


def _sign_on_first(ctx: Context, steps: list[Step]) -> int:
    """Run the mail's first step if it is a sign-on (which writes nothing, refused or
    not: judge.service.handlers.NOTHING_TO_UNDO); how many steps were run (0 or 1)."""
    if not steps or not isinstance(steps[0].command, c.SignOn):
        return 0
    assert c.SignOn in NOTHING_TO_UNDO
    run(ctx, steps[0])
    return 1


def _run_all(ctx: Context, steps: list[Step], start: int = 0) -> None:
    """Run the mail's steps from ``start`` on (those before it ran already)."""
    seen: dict[tuple[type, str], int] = {}
    limits: dict[type, str] = {}  # command type -> the limit that refuses the rest
    market: list[Step] = []  # a market member's own lines, read as one mail of his
    for step in steps[start:MAX_COMMANDS]:
        if ctx.wrong_passwords:
            # nothing after a wrong password is done, nor checked against a password
            # (one mail of 200 wrong sign-ons cost 200 scrypt hashes): the first step
            # not done says so
            ctx.results.append(Result(step.line, step.text, False, [
                "not done, nor anything after it: a wrong password above stops the mail"]))
            break
        if ctx.identity is not None and ctx.identity.market and _own_line(step):
            market.extend(_each_line(step))
            continue
        if market:
            _to_game(ctx, market)
            market = []
        again = repeated(step, seen)
        if again is not None:
            ctx.results.append(again)
            continue
        limit = limits.get(type(step.command))
        if limit is not None:
            # a command of this type was refused for a limit of the mail or the day (new
            # passwords, games a day): the rest are refused alike as they stand, with no
            # savepoint and no look at the store (a mail of 200 CREATE lines)
            ctx.results.append(Result(step.line, step.text, False, [limit],
                                      template="refused"))
            continue
        result = run(ctx, step)
        if not result.ok and LIMIT in result.data:
            spent = str(result.data[LIMIT])
            limits[type(step.command)] = spent
            if spent == NEW_PASSWORDS_SPENT:  # every command that sets a password
                limits.update(dict.fromkeys(NEW_PASSWORD_COMMANDS, spent))
        signed = ctx.identity
        if signed is not None and signed.role == "master" and not isinstance(step.command,
                                                                             c.SignOn):
            log.info("game %s: master's %s %s", signed.game.name, _command_word(step),
                     "done" if result.ok else "refused")
    if market:
        _to_game(ctx, market)


# what the service itself answers, whoever is signed on; a market member's other lines
# are his game's own (or his attachment's), read by its kind as one mail of his
SERVICE = (c.Help, c.List, c.Summary, c.History, c.Create, c.Join, c.Observe, c.SignOn,
           c.SignOff, c.SetPassword, c.SetAddress, c.ConfirmAddress,
           c.SetWait, c.Press, c.EndPress)


def _own_line(step: Step) -> bool:
    return not isinstance(step.command, SERVICE)


def _each_line(step: Step) -> list[Step]:
    """A step as the lines it came from: an order section is one line each."""
    if isinstance(step.command, c.Orders):
        return [Step(o.line, o.text, c.Orders((o,))) for o in step.command.lines]
    return [step]


def _to_game(ctx: Context, steps: list[Step]) -> None:
    """A signed-on member's own lines, to the kind (or attachment) he signed on to."""
    who = ctx.identity
    assert who is not None
    if who.attachment is not None:
        attachment_named(who.attachment).lines(ctx, steps)
    else:
        part_of(who.game).lines(ctx, steps)


def _footer(settings: Settings) -> str:
    return f"-- \n{settings.name} ({settings.address}). HELP lists the commands.\n"


def _budget_notice(session: Session, settings: Settings, mail: DecodedMail, to: str,
                   count: int, now: datetime) -> None:
    """The one answer an address gets when its hour's budget of replies runs out (it
    counts as a reply, so nothing more goes out that hour)."""
    body = render("notice/reply_budget.txt.j2", count=count, address=to,
                  until=(now + HOUR).strftime("%Y-%m-%d %H:%M"), judge=settings.name,
                  judge_address=settings.address)
    queue_mail(session, to, "Diplomacy judge: no more answers this hour", body,
               sender=settings.address, in_reply_to=mail.message_id or None,
               inbox_id=mail.inbox_id, now=now, budgeted=True)


UNREADABLE_SUBJECT = "Diplomacy judge: your mail could not be read"
MAX_DIGESTED = 50  # mails listed in one digest to the keeper


def _answer_unreadable(session: Session, settings: Settings, mail: DecodedMail, to: str,
                       now: datetime) -> None:
    """One answer to a mail the email package could not read (within the address's
    budget, as any answer), under a subject of the judge's own (the mail's may hold a
    password no body tells), and the keeper's digest if none went out this hour."""
    answered = over_budget(session, to, settings.replies_per_hour, now)
    if answered is not None:
        log.info("not answering unreadable %s: %d answers to %s this hour", mail.message_id,
                 answered, to)
        if answered == settings.replies_per_hour:
            _budget_notice(session, settings, mail, to, answered, now)
        return
    body = render("notice/unreadable.txt.j2", reason=mail.unreadable, judge=settings.name,
                  judge_address=settings.address)
    queue_reply(session, to, UNREADABLE_SUBJECT, body, sender=settings.address,
                in_reply_to=mail.message_id or None, inbox_id=mail.inbox_id, now=now,
                budgeted=True)
    log.info("mail #%s from %s could not be read (%s); answered", mail.inbox_id, to,
             mail.unreadable)
    _keeper_digest(session, settings, mail.unreadable, now)


def _keeper_digest(session: Session, settings: Settings, reason: str, now: datetime) -> None:
    """The keeper's digest of unreadable mail: at most one an hour, listing the mails
    answered as unreadable since the last one (issue 26: one traceback mail each)."""
    subject = f"{settings.name}: mail that could not be read"
    last = session.scalar(select(func.max(OutboundMessage.created_at)).where(
        OutboundMessage.recipient == settings.keeper, OutboundMessage.subject == subject))
    if last is not None and last > now - HOUR:
        return  # this one waits for the next digest
    since = last if last is not None else now - timedelta(days=1)
    session.flush()
    mails = session.scalars(select(OutboundMessage).where(
        OutboundMessage.subject == UNREADABLE_SUBJECT, OutboundMessage.created_at > since)
        .order_by(OutboundMessage.id).limit(MAX_DIGESTED)).all()
    body = render("notice/unreadable_digest.txt.j2", mails=mails, reason=reason,
                  since=since.strftime("%Y-%m-%d %H:%M"), judge=settings.name,
                  judge_address=settings.address)
    queue_mail(session, settings.keeper, subject, body, sender=settings.address, now=now)


def _signing(text: str) -> bool:
    """A SIGNON or SIGNOFF line: signing is not "the rest" of a reply that was done."""
    return text.split()[0].upper() in ("SIGNON", "SIGNOFF") if text.split() else False


def _reply(ctx: Context, results: list[Result], copy_of: str | None) -> str:
    return render(
        "reply/mail.txt.j2",
        results=results,
        refused=sum(not r.ok for r in results),
        done=any(r.ok and r.line and not _signing(r.text) for r in results),
        copy_of=copy_of,
        sender=ctx.reply_to,
        judge=ctx.settings.name,
        address=ctx.settings.address,
    )


def coalesce(steps: tuple[Step, ...]) -> list[Step]:
    """Join the order sections given under one sign-on into one: a mail's orders are one
    set that replaces the power's whole set, even when other commands sit between them."""
    out: list[Step] = []
    first: int | None = None
    for step in steps:
        if isinstance(step.command, c.SignOn):
            first = None
        if isinstance(step.command, c.Orders):
            if first is not None:
                head = out[first]
                assert isinstance(head.command, c.Orders)
                joined = c.Orders(head.command.lines + step.command.lines)
                out[first] = Step(head.line, head.text, joined)
                continue
            first = len(out)
        out.append(step)
    return out
