"""Who belongs to a game: creating, joining, observing, signing on, resigning, personal settings."""

from __future__ import annotations

import random
import secrets

from judge.engine.maps import load_map
from judge.money.rules import RuleError, RuleSet
from judge.service.addresses import request_change
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.control import controller_player
from judge.service.guessing import ALERT_AT, WrongPassword, record_failure, senders_guessing
from judge.service.markets import kind_named, kind_of
from judge.service.markets import members as markets
from judge.service.markets.bourse import attached as has_bourse
from judge.service.markets.bourse import members as bourse_members
from judge.service.markets.bourse import setup as bourse_setup
from judge.service.passwords import check_password, new_password_hash
from judge.service.powers import power_named, powers_named
from judge.service.reports import (
    Mail,
    full_mails,
    guessing_mails,
    resignation_mails,
    roster_of,
    takeover_mails,
)
from judge.service.schedule import absence_set
from judge.storage.games import (
    add_game,
    find_and_lock_game,
    find_game,
    members,
    power_of,
    signed_player,
)
from judge.storage.schema import Game, GameState, Player, PowerState, Role
from judge.text import commands as c
from judge.text.commands import Step

VARIANTS = ("STANDARD", "PAYOLA")
GAME_FLAGS = {"NO_PRESS": "no press at all", "PUBLIC_PRESS": "broadcast press only",
              "ALWAYS_CONFIRM": "the master gets a copy of every order confirmation"}
MAX_NAME = 16


def _new_password(ctx: Context, password: str) -> str:
    return new_password_hash(ctx, password)


def game_named(ctx: Context, name: str, lock: bool = False) -> Game:
    """The game named; with ``lock``, read and locked for the rest of the mail's transaction
    (one read where finding it, loading its powers and locking it took four)."""
    game = find_and_lock_game(ctx.session, name) if lock else find_game(ctx.session, name)
    if game is None:
        raise Refusal(f"there is no game named {name!r}; LIST shows the games")
    return game


def _refuse_flags(rules: list[str]) -> None:
    """Rule flags a standard game does not know: when they are Payola's, say how to
    create a Payola game with them (the password is never repeated)."""
    try:
        RuleSet.parse(rules)
    except RuleError:
        known = ", ".join(GAME_FLAGS)
        raise Refusal(f"unknown rule flag(s) {', '.join(rules)}; standard games know "
                      f"{known}") from None
    what = "is a Payola rule flag" if len(rules) == 1 else "are Payola rule flags"
    raise Refusal(f"{', '.join(rules)} {what}: write CREATE <game> <password> PAYOLA "
                  f"{' '.join(rules)}")


def create(ctx: Context, cmd: c.Create, step: Step) -> Result:
    if len(cmd.game) > MAX_NAME:
        raise Refusal(f"a game name has at most {MAX_NAME} letters and digits")
    if find_game(ctx.session, cmd.game) is not None:
        raise Refusal(f"a game named {cmd.game!r} already exists; choose another name")
    words = list(cmd.words)
    market = kind_named(words[0]) if words else None
    if market is not None:
        return markets.create(ctx, cmd, step, market, _new_password(ctx, cmd.password))
    if cmd.game.upper() == "BOURSE":
        raise Refusal("BOURSE is a word of the judge (JOIN BOURSE <pseudonym>); choose "
                      "another game name")
    words, bourse = bourse_setup.split_words(words)  # CREATE ... BOURSE [PARAM=value ...]
    variant = words.pop(0) if words and words[0] in VARIANTS else "STANDARD"
    flags = [w for w in words if w in GAME_FLAGS]
    rules = [w for w in words if w not in GAME_FLAGS]
    if variant == "PAYOLA":
        try:
            RuleSet.parse(rules)
        except RuleError as e:
            raise Refusal(f"rule flags refused: {e}") from None
    elif rules:
        _refuse_flags(rules)
    board = load_map("standard")
    master = _new_password(ctx, cmd.password)
    seed = secrets.randbelow(2**31)
    game = add_game(
        ctx.session, cmd.game, variant.lower(), flags + rules, master, ctx.reply_to, seed,
        board, ctx.now,
    )
    if bourse is not None:
        bourse_setup.attach(game, bourse)
    return Result(step.line, step.text, True, [
        f"Game {game.name} created ({variant}{' ' + ' '.join(game.flags) if game.flags else ''})"
        + (f", {bourse_setup.describe(game)}." if bourse is not None else "."),
        f"You are its master: SIGNON MASTER@{game.name} <password> to set options.",
        f"Players join with: JOIN {game.name} <their password> [<power>]",
        "The game starts by itself once every power has a player; START begins it "
        "earlier, with the open powers in civil disorder.",
        *_confirming(ctx, Identity(game, "master")),
    ])


def join(ctx: Context, cmd: c.Join, step: Step) -> Result:
    game = game_named(ctx, cmd.game)
    market = kind_of(game)
    if market is not None:
        return markets.join(ctx, cmd, step, game, market, _new_password(ctx, cmd.password))
    board = load_map(game.map_name)
    if game.state not in (GameState.FORMING, GameState.ACTIVE):
        raise Refusal(f"game {game.name} is {game.state}; nobody can join it")
    for member in members(ctx.session, game):
        if member.role == Role.PLAYER and member.address.lower() == ctx.reply_to.lower():
            raise Refusal(f"{ctx.reply_to} already plays {member.power.name} in {game.name}"
                          if member.power else f"{ctx.reply_to} already plays in {game.name}")
    open_powers = [p for p in game.powers if p.state == PowerState.OPEN]
    if cmd.power:
        name = power_named(board, cmd.power)
        power = power_of(game, name)
        if power is None or power.state != PowerState.OPEN:
            free = ", ".join(p.name for p in open_powers) or "none"
            raise Refusal(f"{name} is not open in {game.name}; open powers: {free}")
    elif not open_powers:
        raise Refusal(f"every power of {game.name} has a player; OBSERVE {game.name} <password>")
    else:
        # seeded by the game, so an assignment can be replayed from the record
        rng = random.Random(game.seed + len(members(ctx.session, game)))
        power = rng.choice(open_powers)
    player = Player(
        game_id=game.id, power_id=power.id, role=Role.PLAYER, address=ctx.reply_to,
        password_hash=_new_password(ctx, cmd.password), joined_at=ctx.now,
    )
    ctx.session.add(player)
    power.state = PowerState.PLAYED
    messages = [f"You joined {game.name} as {power.name}.",
                f"Sign on with: SIGNON {power.name}@{game.name} <password>"]
    messages += _confirming(ctx, Identity(game, "player", power, player))
    if game.state == GameState.FORMING and all(p.state != PowerState.OPEN for p in game.powers):
        _tell(ctx, full_mails(roster_of(game, ctx.settings.name)))
        messages.append("Every power now has a player: the judge starts the game at its next "
                        "run and tells everyone.")
    elif game.state == GameState.ACTIVE:
        _tell(ctx, takeover_mails(roster_of(game, ctx.settings.name), power.name))
    return Result(step.line, step.text, True, messages)


def _tell(ctx: Context, mails: list[Mail]) -> None:
    for mail in mails:
        ctx.notify(mail.to, mail.subject, mail.body)


def join_bourse(ctx: Context, cmd: c.JoinBourse, step: Step) -> Result:
    """``JOIN BOURSE <pseudonym>`` when not signed on to a Bourse (the Bourse's own
    lines are read by judge.service.markets.bourse.orders)."""
    raise Refusal("JOIN BOURSE comes after SIGNON BOURSE@<game> <password>, which signs "
                  "on to that game's Bourse")


def observe(ctx: Context, cmd: c.Observe, step: Step) -> Result:
    game = game_named(ctx, cmd.game)
    name = (cmd.name or ctx.reply_to.split("@")[0])[:MAX_NAME]
    watcher = Player(
        game_id=game.id, role=Role.OBSERVER, name=name, address=ctx.reply_to,
        password_hash=_new_password(ctx, cmd.password), joined_at=ctx.now,
    )
    ctx.session.add(watcher)
    return Result(step.line, step.text, True, [
        f"You observe {game.name} as {name}: you will receive its results and broadcasts.",
        *_confirming(ctx, Identity(game, "observer", None, watcher)),
    ])


def _confirming(ctx: Context, who: Identity) -> list[str]:
    """For a mail whose Reply-To differs from its From: the new member is registered at
    the From, and the Reply-To gets a confirmation code, nothing else, until it answers."""
    new = ctx.unconfirmed_address
    if not new:
        return []
    ctx.session.flush()  # the new member's row, for the address change to point at
    try:
        asked = request_change(ctx, who, new)
    except Refusal as refusal:
        asked = f"Your mail's Reply-To {new} was not asked to confirm: {refusal.messages[0]}."
    return [f"Registered at {ctx.reply_to}, the From of your mail, not at its Reply-To.", asked]


def signon(ctx: Context, cmd: c.SignOn, step: Step) -> Result:
    ctx.identity = None  # a failed sign-on must not leave an earlier one in force
    game = game_named(ctx, cmd.game, lock=True)
    market = kind_of(game)
    if market is not None:
        done = markets.signon(ctx, cmd, step, game, market)
        if done is not None:
            return done
    elif has_bourse(game):  # SIGNON BOURSE@game, SIGNON <pseudonym>@game
        done = bourse_members.signon(ctx, cmd, step, game)
        if done is not None:
            return done
    who, stored, registered = _who(ctx, game, cmd.who)
    # Always checked, never refused for what others sent: see judge.service.guessing.
    if not check_password(cmd.password, stored):
        target = who.power.name if who.power is not None else who.role.upper()
        ctx.wrong_passwords.append(
            WrongPassword(game.name, target, who.name, registered, game.master_address))
        return Result(step.line, step.text, False, [
            f"wrong password for {who.name} in {game.name}; nothing after this line is "
            "done or checked"
        ])
    ctx.signons += 1
    who.number = ctx.signons
    ctx.identity = who
    if registered.lower() != ctx.reply_to.lower():
        ctx.copies[who.number] = (registered, f"{who.name} in {game.name}")
    phase = f", phase {game.phase}" if game.phase else ""
    return Result(step.line, step.text, True,
                  [f"Signed on as {who.name} in {game.name} ({game.state}{phase})."],
                  signon=who.number)


def count_wrong_passwords(ctx: Context) -> None:
    """Record the mail's wrong passwords; at 5 and 20 for one power within the hour, its
    owner and the game's master are told (judge.service.guessing)."""
    for wrong in ctx.wrong_passwords:
        count = record_failure(ctx.session, ctx.sender, ctx.source, wrong.game, wrong.target,
                               ctx.now)
        if count in ALERT_AT:
            senders = senders_guessing(ctx.session, wrong.game, wrong.target, ctx.now)
            _tell(ctx, guessing_mails(wrong.game, wrong.who, count, senders, wrong.owner,
                                      wrong.master, ctx.settings.keeper))


def _who(ctx: Context, game: Game, who: str) -> tuple[Identity, str, str]:
    """The identity a sign-on claims, its password hash and its registered address."""
    if who in ("MASTER", "M"):
        return Identity(game, "master"), game.master_hash, game.master_address
    if who not in ("O", "OBSERVER"):
        power = power_of(game, power_named(ctx.board(game), who))
        assert power is not None
        # read with the game (game_named(lock=True)): no statement of its own
        player = signed_player(power)
        lord = controller_player(game, power) if player is None else None
        if lord is not None:  # DPjudge's CONTROL: the controller's player, own password
            player = signed_player(lord)
        if player is None:
            raise Refusal(f"{power.name} of {game.name} has no player "
                          f"({power.state}); JOIN {game.name} <password> {power.name}")
        return Identity(game, "player", power, player), player.password_hash, player.address
    watchers = [m for m in members(ctx.session, game) if m.role == Role.OBSERVER]
    mine = [m for m in watchers if m.address.lower() == ctx.reply_to.lower()] or watchers
    if not mine:
        raise Refusal(f"{game.name} has no observers; OBSERVE {game.name} <password>")
    obs = mine[0]
    return Identity(game, "observer", None, obs), obs.password_hash, obs.address


def resign(ctx: Context, cmd: c.Resign, step: Step) -> Result:
    who = ctx.player()
    assert who.player is not None and who.power is not None
    if who.player.power_id != who.power.id:
        raise Refusal(f"you play {who.power.name} as its controller's player; RESIGN "
                      f"signed on as your own power, or ask the master for SET NOCONTROL "
                      f"{who.power.name}")
    who.player.left_at = ctx.now
    # before the start a power without a player is simply open (the game starts by itself
    # once none is); civil disorder would keep the game from ever filling
    started = who.game.state != GameState.FORMING
    who.power.state = PowerState.DISORDER if started else PowerState.OPEN
    _tell(ctx, resignation_mails(roster_of(who.game, ctx.settings.name), who.name, started))
    ctx.identity = None
    said = "it is in civil disorder" if started else "it is open for a new player"
    return Result(step.line, step.text, True,
                  [f"You resigned {who.name} in {who.game.name}; {said}."])


def set_password(ctx: Context, cmd: c.SetPassword, step: Step) -> Result:
    who = ctx.member()
    new = _new_password(ctx, cmd.password)
    if who.role == "master":
        who.game.master_hash = new
    else:
        assert who.player is not None
        who.player.password_hash = new
    return Result(step.line, step.text, True,
                  [f"Password for {who.name} in {who.game.name} changed."])


def set_wait(ctx: Context, cmd: c.SetWait, step: Step) -> Result:
    who = ctx.player()
    assert who.player is not None
    who.player.wait = cmd.wait
    word = ("set: this phase will not be processed before its deadline (the flag clears "
            "when the phase is processed)" if cmd.wait else "cleared")
    return Result(step.line, step.text, True, [f"Wait flag {word}."])


def set_absence(ctx: Context, cmd: c.SetAbsence, step: Step) -> Result:
    who = ctx.player()
    assert who.player is not None
    who.player.absence = absence_set(ctx, cmd.period) if cmd.period else None
    said = f"Absence noted: {who.player.absence}." if cmd.period else "Absence cleared."
    return Result(step.line, step.text, True, [said])


def set_draw(ctx: Context, cmd: c.SetDraw, step: Step) -> Result:
    who = ctx.player()
    assert who.player is not None
    if not cmd.draw:
        who.player.draw = None
        return Result(step.line, step.text, True, ["Draw vote withdrawn."])
    board = ctx.board(who.game)
    powers = powers_named(board, cmd.powers, "SET DRAW") if cmd.powers else ()
    who.player.draw = "".join(p[0] for p in powers)
    among = ", ".join(powers) if powers else "all surviving powers"
    return Result(step.line, step.text, True, [
        f"You vote for a draw among {among} (secret; the vote clears when the phase is "
        "processed)."])
