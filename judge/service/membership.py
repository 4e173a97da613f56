"""Who belongs to a game: creating, joining, observing, signing on, resigning, personal settings."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from judge.games import DEFAULT, attachments, kind_named
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.enrolment import (
    MAX_NAME,
    confirming,
    game_named,
    new_password,
    tell,
)
from judge.service.guessing import (
    ALERT_AT,
    WrongPassword,
    queue_alert,
    record_failure,
    senders_guessing,
)
from judge.service.kinds import Attachment, all_attachments, attachments_of, part_of
from judge.service.passwords import LIMIT, password_matches
from judge.service.powers import power_named, powers_named
from judge.service.reports import guessing_mails, resignation_mails, roster_of
from judge.service.schedule import absence_set
from judge.storage.games import find_game, members
from judge.storage.schema import Game, GameState, Player, PowerState, Role
from judge.text import commands as c
from judge.text.commands import Step

# games one address may create a day (issue 26: one mail of 200 CREATE lines made 200)
GAMES_PER_DAY = 3
# A broadcast goes to every observer of a game, and OBSERVE needs no confirmation: so that
# one mail of press cannot reach more than a bounded number of addresses (issue 26)
MAX_OBSERVERS = 30
DAY = timedelta(days=1)


def create(ctx: Context, cmd: c.Create, step: Step) -> Result:
    """``CREATE <game> <password> [<kind>] [words ...]``: the kind's word (none: standard
    Diplomacy), the words of what rides beside it (``BOURSE [PARAM=value ...]``), and the
    rest for the kind."""
    if len(cmd.game) > MAX_NAME:
        raise Refusal(f"a game name has at most {MAX_NAME} letters and digits")
    if find_game(ctx.session, cmd.game) is not None:
        raise Refusal(f"a game named {cmd.game!r} already exists; choose another name")
    made = ctx.session.scalar(select(func.count()).select_from(Game).where(
        func.lower(Game.master_address) == ctx.reply_to.lower(),
        Game.created_at > ctx.now - DAY))
    if (made or 0) >= GAMES_PER_DAY:
        said = (f"{ctx.reply_to} created {GAMES_PER_DAY} games within the last day, as many "
                "as one address may; create")
        # a limit: the mail's later CREATE lines are refused alike, unread (inbound)
        raise Refusal(f"{said} {cmd.game} tomorrow", data={LIMIT: f"{said} it tomorrow"})
    if cmd.game.upper() in {k.word for k in attachments()}:
        raise Refusal(f"{cmd.game.upper()} is a word of the judge (JOIN {cmd.game.upper()} "
                      "<pseudonym>); choose another game name")
    words = list(cmd.words)
    named = kind_named(words[0]) if words else None
    kind = DEFAULT
    if named is not None and not named.attachment:
        kind = named
    part = kind.part("mail")
    if kind.market:  # its words are its parameters, read by the kind
        return part.create(ctx, cmd, step, words[1:], [])
    if named is kind:
        words.pop(0)
    attached: list[tuple[Attachment, dict[str, str]]] = []
    for attachment in all_attachments():  # CREATE ... BOURSE [PARAM=value ...]
        words, params = attachment.split_words(words)
        if params is not None:
            attached.append((attachment, params))
    if words and (later := kind_named(words[0])) is not None and not later.attachment:
        kind, part = later, later.part("mail")  # CREATE g pw BOURSE PAYOLA
        words.pop(0)
    return part.create(ctx, cmd, step, words, attached)


def join(ctx: Context, cmd: c.Join, step: Step) -> Result:
    game = game_named(ctx, cmd.game)
    if game.state in (GameState.COMPLETED, GameState.TERMINATED):  # in every kind alike
        raise Refusal(f"game {game.name} is {game.state}; nobody can join it")
    return part_of(game).join(ctx, cmd, step, game)


def join_bourse(ctx: Context, cmd: c.JoinBourse, step: Step) -> Result:
    """``JOIN BOURSE <pseudonym>`` when not signed on to a Bourse (the Bourse's own
    lines are read by judge.games.bourse.mail.lines)."""
    raise Refusal("JOIN BOURSE comes after SIGNON BOURSE@<game> <password>, which signs "
                  "on to that game's Bourse")


def observe(ctx: Context, cmd: c.Observe, step: Step) -> Result:
    game = game_named(ctx, cmd.game)
    watching = [m for m in members(ctx.session, game) if m.role == Role.OBSERVER]
    if len(watching) >= MAX_OBSERVERS:
        raise Refusal(f"{game.name} has {MAX_OBSERVERS} observers, as many as a game may "
                      "have; its results are in HISTORY and SUMMARY")
    name = (cmd.name or ctx.reply_to.split("@")[0])[:MAX_NAME]
    watcher = Player(
        game_id=game.id, role=Role.OBSERVER, name=name, address=ctx.reply_to,
        password_hash=new_password(ctx, cmd.password), joined_at=ctx.now,
    )
    ctx.session.add(watcher)
    return Result(step.line, step.text, True, [
        f"You observe {game.name} as {name.upper()}: you will receive its results and "
        "broadcasts.",
        *confirming(ctx, Identity(game, "observer", None, watcher)),
    ])


def signon(ctx: Context, cmd: c.SignOn, step: Step) -> Result:
    ctx.identity = None  # a failed sign-on must not leave an earlier one in force
    game = game_named(ctx, cmd.game, lock=True)
    done = part_of(game).signon(ctx, cmd, step, game)  # a market member, as himself
    for attachment in attachments_of(game):  # SIGNON BOURSE@game, SIGNON <pseudonym>@game
        done = done or attachment.signon(ctx, cmd, step, game)
    if done is not None:
        return done
    who, stored, registered = _who(ctx, game, cmd.who)
    # Always checked, never refused for what others sent: see judge.service.guessing.
    if not password_matches(ctx, cmd.password, stored):
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
            for mail in guessing_mails(wrong.game, wrong.who, count, senders, wrong.owner,
                                       wrong.master, ctx.settings.keeper):
                queue_alert(ctx.session, mail.to, mail.subject, mail.body,
                            sender=ctx.settings.address, now=ctx.now, inbox_id=ctx.inbox_id)


def _who(ctx: Context, game: Game, who: str) -> tuple[Identity, str, str]:
    """The identity a sign-on claims, its password hash and its registered address."""
    if who in ("MASTER", "M"):
        return Identity(game, "master"), game.master_hash, game.master_address
    if who not in ("O", "OBSERVER"):  # one of the game's own names: a power
        return part_of(game).claimant(ctx, game, who)
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
    tell(ctx, resignation_mails(roster_of(who.game, ctx.settings.name), who.name, started))
    ctx.identity = None
    said = "it is in civil disorder" if started else "it is open for a new player"
    return Result(step.line, step.text, True,
                  [f"You resigned {who.name} in {who.game.name}; {said}."])


def set_password(ctx: Context, cmd: c.SetPassword, step: Step) -> Result:
    who = ctx.member()
    new = new_password(ctx, cmd.password)
    if who.role == "master":
        who.game.master_hash = new
    else:
        assert who.player is not None
        who.player.password_hash = new
    return Result(step.line, step.text, True,
                  [f"Password for {who.name} in {who.game.name} changed."])


def set_wait(ctx: Context, cmd: c.SetWait, step: Step) -> Result:
    """SET WAIT / SET NOWAIT of a power's player or a market game's member (the phase is
    then not processed before its deadline, in every kind)."""
    who = ctx.member()
    if not who.market or who.player is None or who.attachment is not None:
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


def set_concede(ctx: Context, cmd: c.SetOption, step: Step) -> Result:
    """``SET CONCEDE <power>`` (njudge): once every other surviving power concedes to the
    same power in the same phase, it wins; ``SET NOCONCEDE`` withdraws. The vote is
    secret and holds one phase (``phase_flags.clear_phase_flags``)."""
    who = ctx.player()
    assert who.player is not None
    if cmd.name in ("NOCONCEDE", "NOCONCESSION"):
        who.player.concede = None
        return Result(step.line, step.text, True, ["Concession withdrawn."])
    if not cmd.value.strip():
        raise Refusal("SET CONCEDE needs the power you concede to, e.g. SET CONCEDE FRANCE")
    power = power_named(ctx.board(who.game), cmd.value)
    if power == who.name:
        raise Refusal("a power cannot concede to itself; SET DRAW votes for a draw")
    who.player.concede = power
    return Result(step.line, step.text, True, [
        f"You concede the game to {power} (secret; the concession clears when the phase is "
        "processed)."])
