"""The refusals and warnings of spec 4, in the spec's order and with its words.

A refusal is the reason a line is refused (``<line>: <reason>`` goes to the sender); a
warning comes with an accepted set (D20). Amounts print as ``0.75``, without ``$``.
``SELL`` and ``BUY`` are checked by the rules every market shares
(``judge.money.trades``, the same table and texts), against the terms given here.
"""

from __future__ import annotations

import re

from judge.games.bourse.rules.params import BourseParams
from judge.games.bourse.rules.state import Bourse, Member
from judge.games.bourse.rules.trades import TradeSet
from judge.games.bourse.rules.turn import funds_of, play_member
from judge.money.currencies import Currencies
from judge.money.names import confusable
from judge.money.trades import TradeTerms

NOT_A_MEMBER = "you are not in this Bourse"
NO_TURN = "no Bourse turn is open"
CLOSED = "this Bourse is closed to new players"
ALREADY_A_MEMBER = "you are already in this Bourse"
BAD_PSEUDONYM = "a pseudonym is 1 to 20 letters, digits or _"

_PSEUDONYM = re.compile(r"[A-Za-z0-9_]{1,20}")


def dollars(cents: int) -> str:
    """``0.75``, ``1099.00``: cents printed with two decimals, no ``$``."""
    return f"{cents // 100}.{cents % 100:02d}"


def pseudonym_taken(name: str) -> str:
    return f"pseudonym {name} is taken"


def pseudonym_confusable(name: str, taken: str) -> str:
    """The refusal of a pseudonym a reader could mistake for a taken one (judge.money.names)."""
    return f"pseudonym {name} is too like {taken}, which is taken (0 and O, 1, I and l read alike)"


def worthless(power: str) -> str:
    return f"{power} is eliminated; its currency is worthless"


def check_join(bourse: Bourse, is_member: bool, pseudonym: str,
               params: BourseParams) -> str | None:
    """Why ``JOIN BOURSE <pseudonym>`` is refused, checked in D15's order; None when it
    is accepted."""
    if not params.join_open:
        return CLOSED
    if is_member:
        return ALREADY_A_MEMBER
    if not _PSEUDONYM.fullmatch(pseudonym):
        return BAD_PSEUDONYM
    if bourse.member(pseudonym) is not None:
        return pseudonym_taken(pseudonym.upper())
    like = confusable(pseudonym, bourse.members)
    if like is not None:
        return pseudonym_confusable(pseudonym.upper(), like)
    return None


def trade_terms(member: Member, bourse: Bourse, currencies: Currencies,
                params: BourseParams) -> TradeTerms:
    """What a member's SELL and BUY lines are checked against (spec 4's table): his
    holdings, ``SELL_LIMIT``, the currencies the Bourse has, the eliminated ones."""
    return TradeTerms(member.holdings, params.sell_limit, currencies, bourse.eliminated,
                      worthless, frozenset(bourse.powers))


def warnings(built: TradeSet, member: Member, bourse: Bourse,
             params: BourseParams) -> list[str]:
    """The warnings an accepted set gets at submission (spec 4, D20): purchases above
    the funds, then funds that will be lost (strict mode, or a first turn)."""
    out: list[str] = []
    funds = funds_of(member, built, bourse.rates, params)
    turn = play_member(member, built, bourse.rates, params)
    if turn.cost > funds:
        out.append(f"WARNING: your purchases cost {dollars(turn.cost)} but you will have "
                   f"{dollars(funds)}; they will be reduced as the rules require")
    if turn.lost > 0:
        out.append(f"WARNING: {dollars(turn.lost)} will be left unspent and lost")
    return out
