"""A shortcut for Exchange command lines written plainly (``BID FRANCE 120 SHARES 10 PRICE
3``, ``PURCHASE 2*FRANCE 1*ITALY``, ``TRANSFER 5 TO BOB``, ``TAKE #3 1``...), which
nearly all lines of a market phase are.

It makes the very command the grammar (``grammar/exchange.lark``, the source of truth)
makes of such a line, without Lark, and answers None for anything else, which then goes
to the grammar: a line with a character outside printable ASCII and the grammar's
whitespace, a word that is not whole (``100SHARES``, ``2 * FRANCE``), a name spelled like
one of the grammar's keywords, an out-of-place or missing word, a very long number. It
never decides that a line cannot be read: the grammar does. A property test checks it
against the grammar on every line of the test corpora and on generated lines, malformed
ones included (``tests/text/test_exchange_canonical.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from judge.games.exchange.rules import commands as c

# The grammar's keywords (its string literals): a name or a LETTERS word spelled like one
# is left to the grammar, whose lexer may read it as the keyword.
KEYWORDS = frozenset({
    "BID", "NOBID", "ISSUE", "NOISSUE", "SETUP", "PRICE", "VALUES", "APPROVE", "REJECT",
    "PURCHASE", "CAP", "NOCAP", "NOPURCHASE", "VOTE", "TIEBREAK", "DIVIDEND", "TRANSFER",
    "ASK", "WITHDRAW", "TAKE", "LEDGER", "DRAW", "NODRAW", "ACCEPT", "SHARES", "TO", "AT",
})
# printable ASCII and the grammar's whitespace ([ \t\f\r\n], common.WS): str.split() also
# splits at \v and \x1c-\x1f, which the grammar does not ignore
_PLAIN = re.compile(r"[ -~\t\f\r\n]*")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.@'/-]*")
_ITEM = re.compile(r"([0-9]{1,18})\*([A-Za-z][A-Za-z0-9_.@'/-]*)")
_LETTERS = re.compile(r"[A-Za-z?]+")
_MAX_DIGITS = 18  # a longer number is left to the grammar (and int()'s own limits)


def _name(word: str) -> str | None:
    upper = word.upper()
    if upper in KEYWORDS or not _NAME.fullmatch(word):
        return None
    return upper


def _int(word: str) -> int | None:
    if not word or len(word) > _MAX_DIGITS or not word.isascii() or not word.isdigit():
        return None
    return int(word)


def _names(words: list[str]) -> tuple[str, ...] | None:
    out = []
    for word in words:
        name = _name(word)
        if name is None:
            return None
        out.append(name)
    return tuple(out)


def _ticket(words: list[str]) -> tuple[int | None, list[str]]:
    """The ask number of ``#3``, ``# 3`` or ``3`` at the head of ``words``, and the rest."""
    if words and words[0] == "#":
        words = words[1:]
    elif words and words[0].startswith("#"):
        words = [words[0][1:], *words[1:]]
    if not words:
        return None, []
    return _int(words[0]), words[1:]


# The commands of fixed shape: ``N`` a name, ``I`` a number, anything else a keyword.
_Make = Callable[..., c.Command]
_FIXED: dict[str, tuple[tuple[str, ...], _Make]] = {
    "NOBID": (("N",), c.NoBid),
    "ISSUE": (("N", "I"), c.Issue),
    "NOISSUE": (("N",), c.NoIssue),
    "SETUP": (("N", "SHARES", "I", "PRICE", "I"), c.Setup),
    "PRICE": (("N", "I"), c.Price),
    "APPROVE": (("N",), lambda p: c.Approve(p, True)),
    "REJECT": (("N",), lambda p: c.Approve(p, False)),
    "CAP": (("I",), c.Cap),
    "NOCAP": ((), c.NoCap),
    "NOPURCHASE": ((), c.NoPurchase),
    "VOTE": (("N", "N"), c.Vote),
    "DIVIDEND": (("N", "I"), c.Dividend),
    "TRANSFER": (("I", "TO", "N"), c.Transfer),
    "ASK": (("N", "I", "AT", "I"), c.AskShares),
    "LEDGER": (("N",), c.Ledger),
    "NODRAW": (("N",), c.NoDraw),
}


def _fixed(shape: tuple[str, ...], make: _Make, words: list[str]) -> c.Command | None:
    if len(words) != len(shape):
        return None
    values: list[str | int] = []
    for slot, word in zip(shape, words, strict=True):
        value: str | int | None
        if slot == "N":
            value = _name(word)
        elif slot == "I":
            value = _int(word)
        else:
            value = slot if word.upper() == slot else None
            if value is not None:
                continue
        if value is None:
            return None
        values.append(value)
    return make(*values)


def _bid(words: list[str]) -> c.Command | None:
    if len(words) < 2 or len(words) > 6 or len(words) % 2:
        return None
    power, amount = _name(words[0]), _int(words[1])
    terms: dict[str, int] = {}
    for i in range(2, len(words), 2):
        key, value = words[i].upper(), _int(words[i + 1])
        if key not in ("SHARES", "PRICE") or key in terms or value is None:
            return None
        terms[key] = value
    if power is None or amount is None:
        return None
    return c.BidFor(power, amount, terms.get("SHARES"), terms.get("PRICE"))


def _values(words: list[str]) -> c.Command | None:
    if len(words) < 3 or len(words) % 2 == 0:
        return None
    power = _name(words[0])
    pairs: list[tuple[str, int]] = []
    for i in range(1, len(words), 2):
        centre, amount = _name(words[i]), _int(words[i + 1])
        if centre is None or amount is None:
            return None
        pairs.append((centre, amount))
    return None if power is None else c.Values(power, tuple(pairs))


def _purchase(words: list[str]) -> c.Command | None:
    if not words:
        return None
    items: list[tuple[int, str]] = []
    for word in words:
        match = _ITEM.fullmatch(word)
        if match is not None:
            name = _name(match[2])
            if name is None:
                return None
            items.append((int(match[1]), name))
        else:
            name = _name(word)
            if name is None:
                return None
            items.append((1, name))
    return c.Purchase(tuple(items))


def _tiebreak(words: list[str]) -> c.Command | None:
    names = _names(words) if len(words) >= 2 else None
    return None if names is None else c.Tiebreak(names[0], names[1:])


def _draw(words: list[str]) -> c.Command | None:
    names = _names(words) if len(words) >= 2 else None
    return None if names is None else c.Draw(names[0], names[1:])


def _withdraw(words: list[str]) -> c.Command | None:
    ask, rest = _ticket(words)
    return None if ask is None or rest else c.Withdraw(ask)


def _take(words: list[str]) -> c.Command | None:
    ask, rest = _ticket(words)
    if ask is None or len(rest) != 1:
        return None
    quantity = _int(rest[0])
    return None if quantity is None else c.Take(ask, quantity)


def _accept(words: list[str]) -> c.Command | None:
    if not words:
        return None
    for word in words:
        if not _LETTERS.fullmatch(word) or word.upper() in KEYWORDS:
            return None
    return c.Accept("".join(words).upper())


_VARIABLE: dict[str, Callable[[list[str]], c.Command | None]] = {
    "BID": _bid, "VALUES": _values, "PURCHASE": _purchase, "TIEBREAK": _tiebreak,
    "DRAW": _draw, "WITHDRAW": _withdraw, "TAKE": _take, "ACCEPT": _accept,
}


def read_plain(line: str) -> c.Command | None:
    """The command the grammar makes of ``line`` when the line is written plainly (see
    the module's help), else None (the grammar is then asked)."""
    if not line.isascii() or not _PLAIN.fullmatch(line):
        return None
    words = line.split()
    if not words:
        return None
    word = words[0].upper()
    fixed = _FIXED.get(word)
    if fixed is not None:
        return _fixed(fixed[0], fixed[1], words[1:])
    read = _VARIABLE.get(word)
    return None if read is None else read(words[1:])
