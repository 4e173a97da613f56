"""Creating and joining a game played on the board alone (standard Diplomacy) or with
bank accounts (Payola): powers are assigned to players, and the game starts by itself
once every power has one."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from judge.engine.maps import load_map
from judge.games import Kind
from judge.games.payola.mail.control import controller_player
from judge.money.payola.rules import RuleError, RuleSet
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.enrolment import confirming, new_password, tell
from judge.service.kinds import Attachment
from judge.service.powers import power_named
from judge.service.reports import full_mails, roster_of, takeover_mails
from judge.storage.games import add_game, members, power_of, signed_player
from judge.storage.schema import Game, GameState, Player, PowerState, Role
from judge.text import commands as c
from judge.text.commands import Step

GAME_FLAGS = {"NO_PRESS": "no press at all", "PUBLIC_PRESS": "broadcast press only",
              "ALWAYS_CONFIRM": "the master gets a copy of every order confirmation"}


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


def create(ctx: Context, cmd: c.Create, step: Step, kind: Kind, words: list[str],
           attached: Sequence[tuple[Attachment, dict[str, str]]]) -> Result:
    """``CREATE <game> <password> [STANDARD|PAYOLA] [flags]``: ``words`` are the flags,
    ``attached`` what rides beside the game (a Bourse) with its parameters."""
    flags = [w for w in words if w in GAME_FLAGS]
    rules = [w for w in words if w not in GAME_FLAGS]
    if kind.bank:
        try:
            RuleSet.parse(rules)
        except RuleError as e:
            raise Refusal(f"rule flags refused: {e}") from None
    elif rules:
        _refuse_flags(rules)
    board = load_map()
    master = new_password(ctx, cmd.password)
    seed = secrets.randbelow(2**31)
    game = add_game(
        ctx.session, cmd.game, kind.name, flags + rules, master, ctx.reply_to, seed,
        board, ctx.now,
    )
    for attachment, params in attached:
        attachment.attach(game, params)
    beside = "".join(f", {a.describe(game)}" for a, _ in attached)
    return Result(step.line, step.text, True, [
        f"Game {game.name} created "
        f"({kind.word}{' ' + ' '.join(game.flags) if game.flags else ''}){beside}.",
        f"You are its master: SIGNON MASTER@{game.name} <password> to set options.",
        f"Players join with: JOIN {game.name} <their password> [<power>]",
        "The game starts by itself once every power has a player; START begins it "
        "earlier, with the open powers in civil disorder.",
        *confirming(ctx, Identity(game, "master")),
    ])


def claimant(ctx: Context, game: Game, who: str) -> tuple[Identity, str, str]:
    """A sign-on as a power: its player (or, under SET CONTROL, its controller's), the
    password hash to check and the registered address."""
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


def join(ctx: Context, cmd: c.Join, step: Step, game: Game) -> Result:
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
        raise Refusal(f"no power of {game.name} is open to a new player (the master opens "
                      f"one with REPLACE); OBSERVE {game.name} <password> to watch it")
    else:
        # seeded by the game, so an assignment can be replayed from the record
        rng = random.Random(game.seed + len(members(ctx.session, game)))
        power = rng.choice(open_powers)
    player = Player(
        game_id=game.id, power_id=power.id, role=Role.PLAYER, address=ctx.reply_to,
        password_hash=new_password(ctx, cmd.password), joined_at=ctx.now,
    )
    ctx.session.add(player)
    power.state = PowerState.PLAYED
    messages = [f"You joined {game.name} as {power.name}.",
                f"Sign on with: SIGNON {power.name}@{game.name} <password>"]
    messages += confirming(ctx, Identity(game, "player", power, player))
    if game.state == GameState.FORMING and all(p.state != PowerState.OPEN for p in game.powers):
        tell(ctx, full_mails(roster_of(game, ctx.settings.name)))
        messages.append("Every power now has a player: the judge starts the game at its next "
                        "run and tells everyone.")
    elif game.state == GameState.ACTIVE:
        tell(ctx, takeover_mails(roster_of(game, ctx.settings.name), power.name))
    return Result(step.line, step.text, True, messages)
