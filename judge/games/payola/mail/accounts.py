"""Payola money by mail: starting balances, acceptance lists and transfers between powers
(checked by the money layer's ``Ledger``)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from sqlalchemy import select

from judge.engine.board import Map
from judge.games import kind_of
from judge.games.payola.mail.bribes import captures_of
from judge.games.payola.mail.control import control_of
from judge.money.payola.acceptance import AcceptanceError, AcceptanceList
from judge.money.payola.income import owed as owed_by
from judge.money.payola.income import starting_balance
from judge.money.payola.ledger import Ledger, TransferError, TransferNotice
from judge.money.payola.rules import RuleSet
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.powers import power_named
from judge.service.reports import roster_of, transfer_mails
from judge.storage.games import lock_game, power_of
from judge.storage.ledger import post
from judge.storage.phases import current_record, position_of
from judge.storage.schema import Game, LedgerEntry
from judge.text import commands as c
from judge.text.commands import Step


def rules_of(game: Game) -> RuleSet:
    return RuleSet.parse(game.flags)


def open_accounts(ctx: Context, game: Game, board: Map) -> None:
    """Starting balances (spec 2.2): the income each power's starting centres would earn;
    none for a DUMMY under VASSAL_DUMMIES, which has no account (spec 2.1)."""
    rules = RuleSet.parse(game.flags, board.centers)
    control = control_of(game, board)
    for power in game.powers:
        if not control.has_account(power.name):
            continue
        amount = starting_balance(
            board.homes.get(power.name, ()), len(board.starting_units.get(power.name, ())),
            rules, board.victory_centers, len(board.powers),
        )
        post(ctx.session, game, power, amount, "start", ctx.now)


def _payola(ctx: Context) -> Identity:
    who = ctx.player()
    lock_game(ctx.session, who.game.id)  # balances change with a phase being processed
    if not kind_of(who.game.variant).bank:
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
    """Spec 2.8: 1 up to the balance, to another power, at once, through the money layer's
    ``Ledger.transfer`` (NO_TRANSFER, ONE_TRANSFER, NO_DONATIONS, NO_LOOTING,
    VASSAL_DUMMIES, control, and Zero-Sum money owed for centres lost); both parties told
    privately, the receiver without the sender's name under ANON_TRANSFER, a controlled
    receiver through its controller. A refusal changes nothing."""
    who = _payola(ctx)
    game, sender = who.game, who.power
    assert sender is not None
    board = ctx.board(game)
    to_name = power_named(board, cmd.to)
    # the amount and the receiver first, in the words players know from the spec
    if to_name == sender.name:
        raise Refusal("a power cannot transfer money to itself")
    if cmd.amount < 1:
        raise Refusal(f"a transfer is a whole number of AgP from 1 up to your balance, "
                      f"not {cmd.amount}")
    if cmd.amount > sender.balance:
        raise Refusal(f"you have {sender.balance} AgP; you cannot transfer {cmd.amount}")
    rules = RuleSet.parse(game.flags, board.centers)
    ledger, centers = _ledger(ctx, game, board, rules)
    try:
        _, to_sender, to_receiver = ledger.transfer(sender.name, to_name, cmd.amount, rules,
                                                    centers)
    except TransferError as e:
        raise Refusal(f"transfer refused: {e}{_why(rules, str(e))}") from None
    receiver = power_of(game, to_name)
    assert receiver is not None
    post(ctx.session, game, sender, -cmd.amount, "transfer", ctx.now, counterparty=to_name)
    post(ctx.session, game, receiver, cmd.amount, "transfer", ctx.now, counterparty=sender.name)
    # the receiver's notice once for the mail, its transfers from this sender summed
    # (issue 26: 250 lines of TRANSFER 1 TO BOB sent BOB 199 notices)
    ctx.gather(("transfer", game.id, sender.name, to_name), to_receiver,
               partial(_tell_receiver, ctx, game))
    # the sender's notice is the reply itself (spec 6.3: both parties are told)
    return Result(step.line, step.text, True, template="transfer", data={"notice": to_sender})


def _tell_receiver(ctx: Context, game: Game, notices: list[TransferNotice]) -> None:
    """One notice for a mail's transfers from one power to another: the amounts summed,
    the balance before the first and after the last."""
    first, last = notices[0], notices[-1]
    summed = replace(first, amount=sum(n.amount for n in notices), balance=last.balance)
    for mail in transfer_mails(roster_of(game, ctx.settings.name), [summed]):
        ctx.notify(mail.to, mail.subject, mail.body)


def _ledger(ctx: Context, game: Game, board: Map,
            rules: RuleSet) -> tuple[Ledger, dict[str, int]]:
    """The game's accounts as the money layer sees them, and each power's centre count."""
    record = current_record(ctx.session, game)
    position = position_of(record, board) if record is not None else None
    control = control_of(game, board, position)
    centers = {p: len(cs) for p, cs in position.centers.items()} if position else {}
    owed = owed_by(captures_of(record.state)) if record is not None and rules.zerosum else {}
    sent = ctx.session.execute(
        select(LedgerEntry.power, LedgerEntry.counterparty).where(
            LedgerEntry.game_id == game.id, LedgerEntry.phase == game.phase,
            LedgerEntry.kind == "transfer", LedgerEntry.amount < 0,
        )
    ).all()
    ledger = Ledger({p.name: p.balance for p in game.powers},
                    frozenset((p, str(to)) for p, to in sent), control.dummies,
                    dict(control.controllers), owed)
    return ledger, centers


# the flag behind each refusal the money layer words without naming it
_FLAGS = (("not allowed in this game", "NO_TRANSFER"), ("only one transfer", "ONE_TRANSFER"),
          ("owns no supply centre", "NO_DONATIONS"), ("DUMMY power's account", "NO_LOOTING"),
          ("DUMMY powers have no account", "VASSAL_DUMMIES"), ("owes", "ZEROSUM"))


def _why(rules: RuleSet, reason: str) -> str:
    for words, flag in _FLAGS:
        if words in reason and flag in rules.flags():
            return f" ({flag})"
    return ""
