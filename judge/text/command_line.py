"""One mail line read as a command with grammar/mail.lark; lark errors become CommandProblems."""

from __future__ import annotations

import re
from functools import cache

from lark import Lark, Token, UnexpectedInput
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken, VisitError

from judge.games import attachments, create_words
from judge.text import commands as c
from judge.text.command_tree import ToCommand
from judge.text.grammar import load_parser
from judge.text.secrets import line_secrets

# How an expected terminal is named to a player.
_EXPECTED = {
    "SECRET": "a password",
    "GAME_NAME": "a game name",
    "POWER_AT_GAME": "POWER@GAME (e.g. France@alpha)",
    "INITIAL_GAME": "a power initial and the game (e.g. Falpha)",
    "QUERY_GAME": "?GAME",
    "WORD": "a name",
    "ACCEPTANCE": "power initials (e.g. FRI?)",
    "AMOUNT": "a whole number",
    "PHASE_NAME": "a phase (e.g. S1901M)",
    "REST": "more words",
    "$END": "end of line",
    "<END-OF-FILE>": "end of line",
}

# What each command looks like, for the hint in an error message.
USAGE = {
    "HELP": "HELP [<topic>]  or  HELP RULES <game> [<section>]",
    "LIST": "LIST [game]",
    "CREATE": "CREATE <game> <password> [" + "|".join(create_words()) + "] [rule flags] ["
    + "|".join(k.word for k in attachments()) + "] [PARAMETER=value ...]",
    "JOIN": "JOIN <game> <password> [<power>]  or  JOIN <power>@<game> <password>",
    "OBSERVE": "OBSERVE <game> <password>",
    "WATCH": "WATCH <game> <password>",
    "SIGNON": "SIGNON <power>@<game> <password>  or  SIGNON <initial><game> <password>",
    "SIGNOFF": "SIGNOFF",
    "CLEAR": "CLEAR",
    "NMR": "NMR",
    "LPAR": "(NMR)",
    "STATUS": "STATUS",
    "ACCEPT": "ACCEPT <initials>, e.g. ACCEPT FRI?",
    "TRANSFER": "TRANSFER <amount> TO <power>",
    "PRESS": "PRESS TO <powers>  or  PRESS TO ALL BUT <powers>",
    "BROADCAST": "BROADCAST",
    "END_PRESS": "ENDPRESS",
    "CONFIRM": "CONFIRM ADDRESS <code from the judge's mail>",
    "SET": "SET PASSWORD <new>, SET ADDRESS [addr], SET WAIT|NOWAIT, SET ABSENCE <from> TO "
    "<to>, SET NOABSENCE, SET DRAW [powers]|NODRAW, or (master) SET <option> <value>",
    "HISTORY": "HISTORY [game] [FROM <phase>] [TO <phase>]",
    "MAP": "MAP [game] [phase]",
    "SUMMARY": "SUMMARY [game]",
    "RESIGN": "RESIGN",
    "WITHDRAW": "WITHDRAW",
    "START": "START",
    "PAUSE": "PAUSE",
    "RESUME": "RESUME",
    "PROCESS": "PROCESS [<phase>]",
    "ROLLBACK": "ROLLBACK <phase>, e.g. ROLLBACK F1901M",
    "EJECT": "EJECT <power>",
    "REPLACE": "REPLACE <power>",
    "TERMINATE": "TERMINATE",
    "ADDRESSES": "ADDRESSES",
}


def _parser() -> Lark:
    return load_parser("mail", start="line", positions=True)


_TRANSFORMER = ToCommand()
PASSWORD_WORDS = frozenset({"SIGNON", "JOIN", "CREATE", "OBSERVE", "WATCH", "SET"})
"""Command words whose lines carry a password, never to be echoed."""
_WORD_MEANING = {
    "TRANSFER": "a power",
    "EJECT": "a power",
    "REPLACE": "a power",
    "JOIN": "a power",
    "PRESS": "a power or initials",
    "SET": "an option",
    "CONFIRM": "the code",
    "LIST": "a game",
    "HISTORY": "a game",
    "MAP": "a game",
    "SUMMARY": "a game",
    "HELP": "a topic",
    "CREATE": "a variant or rule flag",
}


# Lines found to be no command (order and offer lines, mostly: a mail's every line is
# tried as a command first), so a line seen before costs a lookup, not a parse. Only such
# lines, and never one that could hold a password (judge.text.secrets), are kept.
_NOT_COMMANDS: set[str] = set()
MAX_NOT_COMMANDS = 1 << 14


def parse_command(text: str, line: int = 1) -> c.Command | None:
    """The command on one line; ``Unreadable`` when the line starts with a command word
    but the rest cannot be read; None when it is no command (an order or offer line)."""
    if text in _NOT_COMMANDS or not _may_be_command(text):
        return None
    command = _parse_command(text, line)
    if command is None and not _may_hold_secret(text):
        if len(_NOT_COMMANDS) >= MAX_NOT_COMMANDS:
            _NOT_COMMANDS.clear()
        _NOT_COMMANDS.add(text)
    return command


@cache
def _first_words() -> tuple[re.Pattern[str], tuple[re.Pattern[str], ...]]:
    """The terminals a command line can start with (those the grammar accepts first):
    all of them in one pattern, and each alone."""
    parser = _parser()
    accepted = parser.parse_interactive("").accepts()
    each = tuple(re.compile(t.pattern.to_regexp()) for t in parser.terminals
                 if t.name in accepted)
    return re.compile("|".join(f"(?:{p.pattern})" for p in each)), each


def _may_be_command(text: str) -> bool:
    """Whether the parser could read a command on this line: it starts with a terminal
    the grammar accepts first, ending a word (``_ends_word``). Most lines are orders, and
    a mail may hold tens of thousands of different ones (issue 26): this costs a pattern
    match, where the parser costs some 50 microseconds a line."""
    stripped = text.lstrip(" \t")  # what the grammar ignores (WS_INLINE)
    anyone, each = _first_words()
    if not anyone.match(stripped):
        return False
    for pattern in each:
        m = pattern.match(stripped)
        if m and not (m.end() < len(stripped) and stripped[m.end() - 1].isalnum()
                      and stripped[m.end()].isalnum()):
            return True
    return False


def _may_hold_secret(text: str) -> bool:
    words = text.split()
    first = words[0].upper() if words else ""
    # a command word run into the next ("JOINalpha pw") may still be a mistyped command
    return first.startswith(("SIGN", *PASSWORD_WORDS)) or bool(line_secrets(text))


def _parse_command(text: str, line: int) -> c.Command | None:
    parser = _parser()
    interactive = parser.parse_interactive(text)
    first: Token | None = None
    last: Token | None = None
    try:
        for token in interactive.lexer_thread.lex(interactive.parser_state):
            if first is None:
                if not _ends_word(text, token):
                    return None  # "Setting", "Listen": a word that only starts like a command
                first = token
            interactive.feed_token(token)
            last = token
        if first is None or last is None:
            return None
        tree = interactive.feed_eof(last)
    except UnexpectedInput as e:
        if first is None or last is None:
            return None
        return c.Unreadable(_problem(e, text, line, first, parser))
    try:
        return _TRANSFORMER.transform(tree)
    except VisitError as e:
        if not isinstance(e.orig_exc, ValueError):
            raise
        keyword = first.type
        message = f"{e.orig_exc}; write it as: {USAGE.get(keyword, keyword)}"
        return c.Unreadable(c.CommandProblem(line, 1, text, (), message))


def _ends_word(text: str, token: Token) -> bool:
    end = token.end_pos or 0
    return not (end < len(text) and text[end - 1].isalnum() and text[end].isalnum())


def _problem(
    e: UnexpectedInput, text: str, line: int, first: Token, parser: Lark
) -> c.CommandProblem:
    keyword = first.type
    usage = USAGE.get(keyword, keyword)
    patterns = {t.name: t.pattern for t in parser.terminals}
    if isinstance(e, UnexpectedToken | UnexpectedEOF):
        names = e.accepts or e.expected if isinstance(e, UnexpectedToken) else e.expected
    elif isinstance(e, UnexpectedCharacters):
        names = e.allowed
    else:
        names = set()
    expected = tuple(sorted(_describe(n, patterns, keyword) for n in names))
    at_end = isinstance(e, UnexpectedEOF) or (
        isinstance(e, UnexpectedToken) and e.token.type == "$END"
    )
    what = first.value.upper()
    wanted = " or ".join(expected) if expected else "nothing more"
    if at_end:
        column, found = len(text.rstrip()) + 1, ""
        message = f"{what} is incomplete: expected {wanted}; write it as: {usage}"
    else:
        column = getattr(e, "column", 1)
        found = text[column - 1 :].split(None, 1)[0] if text[column - 1 :].strip() else ""
        if keyword in PASSWORD_WORDS:
            found = ""  # it may be a password: never echo it
            message = f"{what} cannot be read at column {column}: expected {wanted}; "
        else:
            message = f"{what} cannot use {found!r} here: expected {wanted}; "
        message += f"write it as: {usage}"
    excerpt = "" if keyword in PASSWORD_WORDS else text
    return c.CommandProblem(line, column, excerpt, expected, message)


def _describe(name: str, patterns: dict, keyword: str) -> str:
    if name == "WORD" and keyword in _WORD_MEANING:
        return _WORD_MEANING[keyword]
    if name in _EXPECTED:
        return _EXPECTED[name]
    pattern = patterns.get(name)
    if pattern is not None and pattern.type == "str":
        return pattern.value.upper()
    return name.lower()
