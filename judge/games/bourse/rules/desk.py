"""The Bourse's desk: one mail at a time, as the judge reads them during a turn.

The desk knows who a mail is from (a member's pseudonym, or a sender who joined earlier
in the turn, D14), takes ``JOIN BOURSE`` at once, and builds the mail's set of trades
line by line (D31): a mail with at least one accepted trade line replaces the member's
set for the turn, a mail whose lines are all refused changes nothing (D19). What each
mail got is the market games' typed answer (judge.money.market.reading.MailRead): each
line refused (its place in the mail, its text, the reason), each ``JOIN BOURSE`` done,
and, with an accepted set, its warnings (D20) as notes on the whole set; nobody matches
a line back by its text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from judge.games.bourse.rules import checks
from judge.games.bourse.rules.commands import Command, JoinBourse
from judge.games.bourse.rules.params import BourseParams
from judge.games.bourse.rules.state import Bourse
from judge.games.bourse.rules.trades import TradeSet
from judge.money.currencies import Currencies
from judge.money.market.reading import Done, Mail, MailRead, Refused
from judge.money.trades import TRADE_WORDS, MailSet, unreadable

REPLACED = "trades"  # MailRead.replaced: the set a mail with an accepted trade line replaced


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

    def handle(self, mail: Mail, commands: Sequence[Command | None]) -> MailRead:
        """One mail: ``mail.lines`` as received, with the command read from each line
        (None when it could not be read), in the same order."""
        if len(commands) != len(mail.lines):
            raise ValueError(f"{len(mail.lines)} lines but {len(commands)} commands")
        refused: list[Refused] = []
        done: list[Done] = []
        who = self.identity(mail.sender)
        built = MailSet()
        taken: list[int] = []  # the place of each line the set took, in order
        for place, (text, command) in enumerate(zip(mail.lines, commands, strict=True)):
            if isinstance(command, JoinBourse):
                reason = self._join(mail.sender, who, command.pseudonym)
                if reason is None:
                    who = self.aliases[mail.sender]
                    done.append(Done(place, text, f"joined as {who}"))
            elif who is None:
                reason = checks.NOT_A_MEMBER
            elif command is None:
                reason = unreadable(text, (*TRADE_WORDS, "JOIN"))
            elif not self.turn_open:
                reason = checks.NO_TURN
            else:
                taken.append(place)
                reason = built.take(command, checks.trade_terms(
                    self.bourse.members[who], self.bourse, self.currencies, self.params))
            if reason is not None:
                refused.append(Refused(place, text, reason))
        noted: list[str] = []
        replaced: tuple[str, ...] = ()
        trades = built.trades
        if trades is not None and who is not None:
            self.sets[who] = TradeSet(trades)
            noted = checks.warnings(self.sets[who], self.bourse.members[who], self.bourse,
                                    self.params)
            replaced = (REPLACED,)
        return MailRead(mail.key, tuple(refused), tuple(done), noted=tuple(noted),
                        replaced=replaced, undone=tuple(taken[i] for i in built.undone))

    def _join(self, sender: str, who: str | None, pseudonym: str) -> str | None:
        reason = checks.check_join(self.bourse, who is not None, pseudonym, self.params)
        if reason is None:
            self.bourse = self.bourse.joined(pseudonym, self.params)
            self.aliases[sender] = pseudonym.upper()
        return reason
