"""Who belongs to a market game: creating one, joining as a member, signing on as
oneself or as a power one leads (with one's own password)."""

from __future__ import annotations

import re
import secrets
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.maps import load_map
from judge.games.market.mail.kind import MarketKind
from judge.games.market.mail.play import (
    PARAM,
    envelope,
    opened,
    opening_envelope,
    params_of,
    typed,
)
from judge.money.names import confusable
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.guessing import WrongPassword
from judge.service.passwords import password_matches
from judge.service.reports import members_mails
from judge.service.reports.replies import render_letter
from judge.storage.games import add_game, members
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState, PhaseRecord, Player, Role
from judge.text import commands as c
from judge.text.commands import Step

MEMBER = "member"  # Player.role of a market game's investor, player or pseudonym
NAME = re.compile(r"^[A-Z0-9_]{1,20}$")
MASTER_WORDS = ("MASTER", "M", "O", "OBSERVER")


def market_members(ctx: Context, game: Game) -> list[Player]:
    """The game's members in the order they joined (none who left)."""
    return [m for m in members(ctx.session, game) if m.role == MEMBER]


def create(ctx: Context, cmd: c.Create, step: Step, kind: MarketKind[Any, Any, Any],
           master_hash: str) -> Result:
    """``CREATE <game> <password> <KIND> [PARAM=value | FLAG ...]``: parameters are checked
    now (spec section 6), by playing the opening the game would have."""
    params: dict[str, str] = {}
    flags: list[str] = []
    for word in cmd.words[1:]:
        name, eq, value = word.partition("=")
        if eq:
            _check_param(kind, name, value)
            params[PARAM + name] = value
        else:
            flags.append(word)
    board = load_map()
    game = add_game(ctx.session, cmd.game, kind.name, flags, master_hash, ctx.reply_to,
                    secrets.randbelow(2**31), board, ctx.now)
    game.powers.clear()  # a market game's powers have no players of their own
    game.options = dict(params)
    problem = opening_problem(game, kind, _fewest(game, kind))
    if problem:
        raise Refusal(f"the game cannot be set up: {problem}")
    said = " ".join([kind.name.upper(), *flags, *(f"{k[len(PARAM):]}={v}"
                                                   for k, v in params.items())])
    return Result(step.line, step.text, True, [
        f"Game {game.name} created ({said}).",
        f"You are its master: SIGNON MASTER@{game.name} <password>; SET <parameter> "
        "<value> changes a parameter before the start.",
        f"Each {kind.member} joins with: JOIN {game.name} <own password> <name>",
        "START (signed on as master) begins the game once {} to {} have joined.".format(
            *kind.bounds(params_of(game, kind))),
    ])


def _check_param(kind: MarketKind[Any, Any, Any], name: str, value: str) -> None:
    if name not in kind.defaults:
        raise Refusal(f"{name} is not a parameter of {kind.title}; its parameters are "
                      f"{', '.join(kind.defaults)}")
    try:
        typed(value, kind.defaults[name])
    except ValueError as e:
        raise Refusal(f"{name}={value}: {e}") from None


def set_param(ctx: Context, game: Game, kind: MarketKind[Any, Any, Any], name: str, value: str,
              step: Step) -> Result:
    """The master's ``SET <parameter> <value>`` before the start."""
    if game.state != GameState.FORMING:
        raise Refusal(f"{game.name} has started; its parameters are fixed")
    _check_param(kind, name, value)
    before = dict(game.options)
    game.options = {**before, PARAM + name: value}
    problem = opening_problem(game, kind, _fewest(game, kind))
    if problem:
        game.options = before
        raise Refusal(f"{name} {value} refused: {problem}")
    return Result(step.line, step.text, True, [f"{name} is now {value} in {game.name}."])


def _fewest(game: Game, kind: MarketKind[Any, Any, Any]) -> list[str]:
    """Names for as few members as the game may start with, to try its opening on."""
    return [f"P{i}" for i in range(kind.bounds(params_of(game, kind))[0])]


def set_setting(ctx: Context, game: Game, kind: MarketKind[Any, Any, Any], name: str, value: str,
                step: Step) -> Result:
    """The master's ``SET <word> <value>`` of the kind's own settings, before the start."""
    if game.state != GameState.FORMING:
        raise Refusal(f"{game.name} has started; SET {name} is for before the start")
    try:
        joined = [(m.name or "").upper() for m in market_members(ctx, game)]
        game.options = kind.settings[name](game.options, value, joined)
    except ValueError as e:
        raise Refusal(f"SET {name} {value} refused: {e}") from None
    return Result(step.line, step.text, True, [f"SET {name} {value}: done in {game.name}."])


def opening_problem(game: Game, kind: MarketKind[Any, Any, Any], names: list[str]) -> str | None:
    if kind.setup_problem is not None:
        return kind.setup_problem(envelope(game, kind))
    try:
        kind.opening(opening_envelope(game, kind), names)
    except ValueError as e:
        return str(e)
    return None


def join(ctx: Context, cmd: c.Join, step: Step, game: Game, kind: MarketKind[Any, Any, Any],
         password_hash: str) -> Result:
    if game.state != GameState.FORMING:
        raise Refusal(f"{game.name} has started; {kind.member}s join before the start; "
                      f"OBSERVE {game.name} <password> to watch it")
    if kind.secret and not cmd.power:
        raise Refusal(f"choose a pseudonym, all the others will know of you: "
                      f"JOIN {game.name} <password> <pseudonym>")
    name = (cmd.power or ctx.reply_to.split("@")[0]).upper()
    if not NAME.match(name):
        raise Refusal(f"a {kind.member}'s name is 1 to 20 letters, digits or _; "
                      f"JOIN {game.name} <password> <name>")
    if name in (*MASTER_WORDS, "ALL") or load_map(game.map_name).power_named(name):
        raise Refusal(f"{name} is a word of the judge's commands (a power, MASTER, "
                      f"OBSERVER, ALL); choose another name")
    joined = market_members(ctx, game)
    if any(m.address.lower() == ctx.reply_to.lower() for m in joined):
        raise Refusal(f"{ctx.reply_to} already plays in {game.name}")
    if any((m.name or "").upper() == name for m in joined):
        raise Refusal(f"{name} is taken in {game.name}; choose another name")
    like = confusable(name, [m.name for m in joined if m.name])
    if like is not None:  # CR0ESUS beside CROESUS (judge.money.names)
        raise Refusal(f"{name} is too like {like}, taken in {game.name} (0 and O, 1, I and "
                      "l read alike); choose another name")
    fewest, most = kind.bounds(params_of(game, kind))
    if len(joined) >= most:
        # the reason START gives a game of too many (Capitalist spec section 6)
        raise Refusal(f"{game.name} is full: {most} {kind.member}s have joined; "
                      f"{kind.title} needs {fewest} to {most} {kind.member}s; OBSERVE "
                      f"{game.name} <password> to watch it")
    ctx.session.add(Player(game_id=game.id, power_id=None, role=MEMBER, name=name,
                           address=ctx.reply_to, password_hash=password_hash,
                           joined_at=ctx.now))
    for note in members_mails(game.master_address, game.name, kind.title, kind.member,
                              len(joined) + 1, fewest, most):
        ctx.notify(note.to, note.subject, note.body)
    return Result(step.line, step.text, True, [
        f"You joined {game.name} as {kind.member} {name} ({len(joined) + 1} joined).",
        f"Sign on with: SIGNON {name}@{game.name} <password>",
    ])


def signon(ctx: Context, cmd: c.SignOn, step: Step, game: Game,
           kind: MarketKind[Any, Any, Any]) -> Result | None:
    """A sign-on as a member (his name) or as a power he may act for (his own
    password); None for the master's and observers' sign-ons, which are the service's."""
    who = cmd.who.upper()
    if who in MASTER_WORDS:
        return None
    joined = market_members(ctx, game)
    member = next((m for m in joined if (m.name or "").upper() == who), None)
    acting: str | None = None
    if member is not None:
        candidates = [member]
    else:
        acting = load_map(game.map_name).power_named(who)
        if acting is None:
            raise Refusal(_no_such_name(who, game, kind, joined))
        record = current_record(ctx.session, game)
        may = (set(kind.acting(opened(game, kind, record), acting)) if record is not None
               else set())
        # his own password: the power's leaders first, then the members at this address
        candidates = ([m for m in joined if (m.name or "").upper() in may]
                      + [m for m in joined if m.address.lower() == ctx.reply_to.lower()])
    chosen = next((m for m in dict.fromkeys(candidates)
                   if password_matches(ctx, cmd.password, m.password_hash)), None)
    if chosen is None:
        owner = (candidates[0].address if candidates and not kind.secret
                 else game.master_address)
        ctx.wrong_passwords.append(WrongPassword(game.name, who, who, owner,
                                                 game.master_address))
        return Result(step.line, step.text, False, [
            f"wrong password for {who} in {game.name}; nothing after this line is "
            "done or checked"])
    if acting is not None and (chosen.name or "").upper() not in may:
        # his password, but not his power: refused here, not at each line after it (and
        # no earlier sign-on of the mail carries its lines)
        ctx.identity = None
        return Result(step.line, step.text, False, [
            f"{chosen.name} does not lead, direct or command {acting} in {game.name} "
            f"now, so may not sign on as it; sign on as {chosen.name} instead"
            + _may_act_for(game, kind, record, chosen.name or "")])
    ctx.signons += 1
    identity = Identity(game, MEMBER, None, chosen, ctx.signons, acting=acting)
    ctx.identity = identity
    if chosen.address.lower() != ctx.reply_to.lower():
        ctx.copies[identity.number] = (chosen.address, f"{identity.name} in {game.name}")
    phase = f", phase {game.phase}" if game.phase else ""
    as_who = f" as {acting} ({kind.member} {chosen.name})" if acting else f" as {chosen.name}"
    return Result(step.line, step.text, True,
                  [f"Signed on{as_who} in {game.name} ({game.state}{phase})."],
                  signon=identity.number)


def _no_such_name(who: str, game: Game, kind: MarketKind[Any, Any, Any],
                  joined: list[Player]) -> str:
    """A sign-on as a name the game has not: what the game has, as a power's sign-on
    to a board game lists its powers (the names are public; never an address)."""
    names = ", ".join(sorted(m.name or "" for m in joined)) or "none yet"
    powers = ", ".join(load_map(game.map_name).powers)
    return (f"{who!r} is neither a {kind.member} nor a power of {game.name}; its "
            f"{kind.member}s: {names}; its powers: {powers}")


def _may_act_for(game: Game, kind: MarketKind[Any, Any, Any], record: PhaseRecord | None,
                 name: str) -> str:
    """The powers ``name`` may sign on as now (the kind's ``acting``), for a refusal of a
    sign-on as another: ``, or as ITALY or GERMANY, which ... now``; "" for none."""
    if record is None:
        return ""
    state = opened(game, kind, record)  # decoded once for every power
    mine = [p for p in load_map(game.map_name).powers
            if name.upper() in {w.upper() for w in kind.acting(state, p)}]
    if not mine:
        return ""
    return f", or as {' or '.join(mine)}, which {name} may act for now"


def notice_readers(session: Session, game: Game) -> list[tuple[str, str | None]]:
    """Whom a notice of the game goes to, as in every kind of game: every member and
    observer, then the master, each address once, with his own zone (None: the
    game's)."""
    readers: dict[str, tuple[str, str | None]] = {}
    for m in members(session, game):
        if m.role in (MEMBER, Role.OBSERVER):
            readers.setdefault(m.address.lower(), (m.address, m.zone))
    readers.setdefault(game.master_address.lower(), (game.master_address, None))
    return list(readers.values())


def notice(settings: Settings, text: str) -> str:
    """A market game's notice: its text, wrapped, and the judge's signature."""
    return render_letter("market/notice.txt.j2", text=text, judge=settings.name,
                         judge_address=settings.address)
