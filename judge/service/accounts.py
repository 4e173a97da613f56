"""Payola money by mail: starting balances, acceptance lists and transfers between powers."""

from __future__ import annotations

from sqlalchemy import select

from judge.engine.board import Map
from judge.money.acceptance import AcceptanceError, AcceptanceList
from judge.money.income import starting_balance
from judge.money.ledger import TransferNotice
from judge.money.rules import RuleSet
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.powers import power_named
from judge.service.reports import roster_of, transfer_mails
from judge.storage.games import lock_game, post, power_of
from judge.storage.schema import Game, LedgerEntry
from judge.text import commands as c
from judge.text.commands import Step


def rules_of(game: Game) -> RuleSet:
    return RuleSet.parse(game.flags)


def open_accounts(ctx: Context, game: Game, board: Map) -> None:
    """Starting balances (spec 2.2): the income each power's starting centres would earn."""
    rules = rules_of(game)
    for power in game.powers:
        amount = starting_balance(
            board.homes.get(power.name, ()), len(board.starting_units.get(power.name, ())),
            rules, board.victory_centers, len(board.powers),
        )
        post(ctx.session, game, power, amount, "start", ctx.now)


def _payola(ctx: Context) -> Identity:
    who = ctx.player()
    lock_game(ctx.session, who.game.id)  # balances change with a phase being processed
    if who.game.variant != "payola":
        raise Refusal(f"{who.game.name} is not a Payola game; only Payola games have money")
    return who


def accept(ctx: Context, cmd: c.Accept, step: Step) -> Result:
    """Spec 4.2/4.5: a new complete list replaces the old one; a refused list changes nothing."""
    who = _payola(ctx)
    assert who.power is not None
    board = ctx.board(who.game)
    try:
        parsed = AcceptanceList.parse(cmd.letters, board.powers)
    except AcceptanceError as e:
        raise Refusal(f"acceptance list refused: {e}; e.g. ACCEPT "
                      f"{who.power.name[0]}? (initials {''.join(p[0] for p in board.powers)})"
                      ) from None
    who.power.acceptance = parsed.text(board.powers)
    return Result(step.line, step.text, True,
                  [f"Acceptance list of {who.power.name} is now {who.power.acceptance}."])


def transfer(ctx: Context, cmd: c.Transfer, step: Step) -> Result:
    """Spec 2.8: 1 up to the balance, to another power, at once; both parties told
    privately (the receiver without the sender's name under ANON_TRANSFER)."""
    who = _payola(ctx)
    game, sender = who.game, who.power
    assert sender is not None
    rules = rules_of(game)
    if rules.no_transfer:
        raise Refusal(f"{game.name} plays NO_TRANSFER: no transfers at all")
    to_name = power_named(ctx.board(game), cmd.to)
    receiver = power_of(game, to_name)
    assert receiver is not None
    if receiver is sender:
        raise Refusal("a power cannot transfer money to itself")
    if cmd.amount < 1:
        raise Refusal(f"a transfer is a whole number of AgP from 1 up to your balance, "
                      f"not {cmd.amount}")
    if cmd.amount > sender.balance:
        raise Refusal(f"you have {sender.balance} AgP; you cannot transfer {cmd.amount}")
    if rules.one_transfer and _already_sent(ctx, game, sender.name, to_name):
        raise Refusal(f"ONE_TRANSFER: {sender.name} already sent money to {to_name} this phase")
    before, received_before = sender.balance, receiver.balance
    post(ctx.session, game, sender, -cmd.amount, "transfer", ctx.now, counterparty=to_name)
    post(ctx.session, game, receiver, cmd.amount, "transfer", ctx.now, counterparty=sender.name)
    notice = TransferNotice(to_name, False, None if rules.anon_transfer else sender.name,
                            cmd.amount, received_before, receiver.balance)
    for mail in transfer_mails(roster_of(game, ctx.settings.name), [notice]):
        ctx.notify(mail.to, mail.subject, mail.body)
    return Result(step.line, step.text, True, template="transfer", data={
        "power": sender.name, "to": to_name, "amount": cmd.amount,
        "before": before, "after": sender.balance,
    })


def _already_sent(ctx: Context, game: Game, sender: str, to: str) -> bool:
    return ctx.session.scalar(
        select(LedgerEntry.id).where(
            LedgerEntry.game_id == game.id, LedgerEntry.phase == game.phase,
            LedgerEntry.power == sender, LedgerEntry.counterparty == to,
            LedgerEntry.kind == "transfer", LedgerEntry.amount < 0,
        ).limit(1)
    ) is not None
