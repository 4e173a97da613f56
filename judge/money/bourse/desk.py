"""The Bourse's desk: one mail at a time, as the judge reads them during a turn.

The desk knows who a mail is from (a member's pseudonym, or a sender who joined earlier
in the turn, D14), takes ``JOIN BOURSE`` at once, and builds the mail's set of trades
line by line (D31): a mail with at least one accepted trade line replaces the member's
set for the turn, a mail whose lines are all refused changes nothing (D19). Each mail
gets its refusals (line, reason) and, with an accepted set, its warnings (D20).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from judge.money.bourse import checks
from judge.money.bourse.commands import Command, JoinBourse
from judge.money.bourse.params import BourseParams
from judge.money.bourse.state import Bourse
from judge.money.bourse.trades import TradeSet
from judge.money.currencies import Currencies
from judge.money.trades import TRADE_WORDS, MailSet, unreadable


@dataclass(frozen=True, slots=True)
class Answer:
    """What one mail got: its refused lines with their reasons, and its warnings."""

    refusals: tuple[tuple[str, str], ...]
    warnings: tuple[str, ...]


@dataclass
class Desk:
    """The mail of one turn (or of a phase with no turn open, where only JOIN works).

    ``bourse`` grows as members join; ``sets`` holds each member's set for the turn;
    ``aliases`` maps a sender who joined to his pseudonym.
    """

    bourse: Bourse
    currencies: Currencies
    params: BourseParams
    turn_open: bool
    sets: dict[str, TradeSet] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)

    def identity(self, sender: str) -> str | None:
        """The pseudonym a sender acts for, or None for someone not in the Bourse."""
        if sender in self.aliases:
            return self.aliases[sender]
        member = self.bourse.member(sender)
        return None if member is None else member.pseudonym

    def handle(self, sender: str, lines: Iterable[tuple[str, Command | None]]) -> Answer:
        """One mail: each line as received with the command read from it (None when it
        could not be read)."""
        refusals: list[tuple[str, str]] = []
        who = self.identity(sender)
        built = MailSet()
        for text, command in lines:
            if isinstance(command, JoinBourse):
                reason = self._join(sender, who, command.pseudonym)
                if reason is None:
                    who = self.aliases[sender]
            elif who is None:
                reason = checks.NOT_A_MEMBER
            elif command is None:
                reason = unreadable(text, (*TRADE_WORDS, "JOIN"))
            elif not self.turn_open:
                reason = checks.NO_TURN
            else:
                reason = built.take(command, checks.trade_terms(
                    self.bourse.members[who], self.bourse, self.currencies, self.params))
            if reason is not None:
                refusals.append((text, reason))
        warned: list[str] = []
        trades = built.trades
        if trades is not None and who is not None:
            self.sets[who] = TradeSet(trades)
            warned = checks.warnings(self.sets[who], self.bourse.members[who], self.bourse,
                                     self.params)
        return Answer(tuple(refusals), tuple(warned))

    def _join(self, sender: str, who: str | None, pseudonym: str) -> str | None:
        reason = checks.check_join(self.bourse, who is not None, pseudonym, self.params)
        if reason is None:
            self.bourse = self.bourse.joined(pseudonym, self.params)
            self.aliases[sender] = pseudonym.upper()
        return reason
