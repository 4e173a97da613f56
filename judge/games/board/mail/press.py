"""Press: private messages and broadcasts, relayed under power names from the judge's address."""

from __future__ import annotations

from judge.games.payola.mail.accounts import rules_of
from judge.service.context import Context, Refusal, Result
from judge.service.powers import powers_named
from judge.service.reports import press_mail, roster_of
from judge.storage.games import add_press, player_of, power_of
from judge.text import commands as c
from judge.text.commands import Step

MAX_BODY_LINES = 500


def press(ctx: Context, cmd: c.Press, step: Step) -> Result:
    """Private press goes to the current players of the named powers only; a broadcast
    to every player, observer and the master. Nobody learns a sender's address."""
    who = ctx.member()
    game = who.game
    rules = rules_of(game)
    if rules.no_press:
        raise Refusal(f"{game.name} is a no-press game: press cannot be sent")
    if not any(line.strip() for line in cmd.body):
        raise Refusal("the press message is empty; write it between PRESS and ENDPRESS")
    if len(cmd.body) > MAX_BODY_LINES:
        raise Refusal(f"a press message has at most {MAX_BODY_LINES} lines")
    board = ctx.board(game)
    if cmd.broadcast:
        recipients: tuple[str, ...] = board.powers
    else:
        named = powers_named(board, cmd.to)
        recipients = tuple(p for p in board.powers if (p in named) != cmd.all_but)
    if who.power is not None:
        recipients = tuple(p for p in recipients if p != who.power.name)
    private = not cmd.broadcast and set(recipients) != set(board.powers) - {who.name}
    if private and rules.public_press:
        raise Refusal(f"{game.name} allows broadcast press only: use BROADCAST")
    if not recipients:
        raise Refusal("nobody would receive this press; name other powers")
    body = "\n".join(cmd.body).rstrip() + "\n"
    add_press(ctx.session, game, who.name, recipients, not private, body, ctx.now)
    lines = body.rstrip("\n").split("\n")
    shown = recipients if private else ()
    readers: list[tuple[str, str]] = []  # (address, reader)
    if private:
        for name in recipients:
            power = power_of(game, name)
            player = player_of(ctx.session, power) if power else None
            if player is not None:
                readers.append((player.address, name))
    else:
        readers = [(m.address, m.reader) for m in roster_of(game, ctx.settings.name).everyone()]
    for address, reader in readers:
        if address.lower() != ctx.reply_to.lower():
            mail = press_mail(address, reader, game.name, who.name, who.role, shown, lines)
            ctx.notify(mail.to, mail.subject, mail.body)
    to = "everyone" if not private else ", ".join(recipients)
    size = f"{len(cmd.body)} line{'s' if len(cmd.body) != 1 else ''}"
    return Result(step.line, step.text, True, [f"Press sent to {to} ({size})."])
