"""Bourse command lines read with grammar/bourse.lark into the Bourse's commands.

Knows nothing of mail or of the batch JSON: a line in, a command (or None) out.
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

from judge.games import BOURSE
from judge.games.bourse.rules.commands import Buy, Command, JoinBourse, NoTrade, Sell
from judge.text.grammar import load_parser


class _Commands(Transformer[Token, Command]):
    def join(self, words: list[Token]) -> JoinBourse:
        return JoinBourse(" ".join(str(w) for w in words))

    def sell(self, parts: list[Token]) -> Sell:
        return Sell(int(parts[0]), str(parts[1]))

    def buy(self, parts: list[Token]) -> Buy:
        return Buy(int(parts[0]), str(parts[1]))

    def notrade(self, _: list[Token]) -> NoTrade:
        return NoTrade()


_COMMANDS = _Commands()


def _parser() -> Lark:
    # one transformer for the process, so load_parser's cache builds the parser once
    return load_parser(BOURSE.grammar or "", transformer=_COMMANDS)


WORDS = frozenset({"JOIN", "SELL", "BUY", "NOTRADE", "NO"})  # a Bourse line's first words


@lru_cache(maxsize=8192)  # a turn is read again with each new mail: lines repeat
def read_command(line: str) -> Command | None:
    """The command a line holds, or None when it is no Bourse command (D18)."""
    try:
        command = _parser().parse(line)
    except LarkError:
        return None
    return command if isinstance(command, JoinBourse | Sell | Buy | NoTrade) else None
