"""Bank accounts between phases: transfers and their private notices (spec 2.8, 6.3)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from judge.money.payola.rules import RuleSet


class TransferError(ValueError):
    """A transfer that was refused; nothing changed."""


@dataclass(frozen=True, slots=True)
class TransferNotice:
    """What one party of a transfer is told; ``counterpart`` is None when the receiver may
    not learn who sent the money (ANON_TRANSFER); ``played_by`` names the controller of a
    controlled party."""

    power: str
    sent: bool
    counterpart: str | None
    amount: int
    balance_forward: int
    balance: int
    played_by: str | None = None

    @property
    def recipient(self) -> str:
        """A controlled power's notice goes to its controller."""
        return self.played_by or self.power


@dataclass(frozen=True)
class Ledger:
    """Every power's balance, and which transfers were made in the current phase (for
    ONE_TRANSFER; the record is cleared when a phase is processed). ``owed`` is what each
    power still owes for centres it lost this year (ZEROSUM, paid at the income step): a
    transfer may not spend that money, since the captors' claims were fixed from it."""

    balances: Mapping[str, int]
    transfers_this_phase: frozenset[tuple[str, str]] = frozenset()
    dummies: Collection[str] = frozenset()
    controlled: Mapping[str, str] = field(default_factory=dict)  # power -> its controller
    owed: Mapping[str, int] = field(default_factory=dict)  # ZEROSUM settlements still due

    def total(self) -> int:
        return sum(self.balances.values())

    def transfer(
        self, sender: str, receiver: str, amount: int, rules: RuleSet,
        centers_owned: Mapping[str, int],
    ) -> tuple[Ledger, TransferNotice, TransferNotice]:
        """Move ``amount`` AgP at once, or raise TransferError with the reason (spec 2.8)."""
        if rules.no_transfer:
            raise TransferError("transfers are not allowed in this game")
        if receiver not in self.balances:
            raise TransferError(f"{receiver} has no bank account")
        if receiver == sender:
            raise TransferError("a power cannot transfer money to itself")
        if amount < 1:
            raise TransferError("the amount must be at least 1 AgP")
        have = self.balances.get(sender, 0)
        if amount > have:
            raise TransferError(f"the amount is more than the balance ({have} AgP)")
        if rules.one_transfer and (sender, receiver) in self.transfers_this_phase:
            raise TransferError(f"only one transfer to {receiver} is allowed in this phase")
        if rules.no_donations and centers_owned.get(sender, 0) == 0:
            raise TransferError("a power that owns no supply centre cannot transfer money")
        if rules.no_looting and sender in self.dummies:
            raise TransferError("no money may be taken out of a DUMMY power's account")
        if rules.vassal_dummies and self.dummies and {sender, receiver} & set(self.dummies):
            raise TransferError("DUMMY powers have no account")
        if sender in self.controlled:
            raise TransferError(f"{sender} is controlled by {self.controlled[sender]} and "
                                "cannot transfer money out")
        due = self.owed.get(sender, 0)
        if due and amount > have - due:
            raise TransferError(f"{sender} owes {due} AgP for centres lost this year; it "
                                f"can transfer at most {max(0, have - due)} AgP")
        balances = dict(self.balances)
        balances[sender] -= amount
        balances[receiver] = balances.get(receiver, 0) + amount
        ledger = Ledger(balances, self.transfers_this_phase | {(sender, receiver)},
                        self.dummies, self.controlled, self.owed)
        to_sender = TransferNotice(sender, True, receiver, amount, have, balances[sender])
        shown = None if rules.anon_transfer else sender
        to_receiver = TransferNotice(receiver, False, shown, amount,
                                     self.balances.get(receiver, 0), balances[receiver],
                                     self.controlled.get(receiver))
        return ledger, to_sender, to_receiver

    def phase_processed(self) -> Ledger:
        """The ONE_TRANSFER record starts afresh after each processed phase."""
        return Ledger(self.balances, frozenset(), self.dummies, self.controlled, self.owed)
