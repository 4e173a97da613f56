"""A mail body read as a script: commands, press blocks and order sections, with line numbers."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from judge.text import commands as c
from judge.text.command_line import PASSWORD_WORDS, parse_command
from judge.text.secrets import line_secrets, masked_line, scrubber
from judge.text.vocabulary import classic_word, not_a_command

PASSWORD_CARRYING = (c.SignOn, c.Join, c.Create, c.Observe, c.SetPassword)


def redacted(text: str, command: c.Command) -> str:
    """The line as it may be echoed in a reply: passwords, found by position, masked."""
    if isinstance(command, PASSWORD_CARRYING):
        return masked_line(text, command.password)
    if isinstance(command, c.Unreadable):
        first = text.split(None, 1)[0].upper() if text.strip() else ""
        if first.startswith("SIGN") or first in PASSWORD_WORDS:
            return masked_line(text, rest_too=True)
    return text


MAX_STEPS = 200  # steps read from one mail; the one after them is named, never done


@dataclass(frozen=True)
class Script:
    """A mail read up to its cap, once (issue 26: nothing past the cap is parsed, hashed
    or scrubbed, and nothing is read twice).

    ``steps`` are at most ``MAX_STEPS`` + 1: the last of them, when there are that many,
    is the first step past the cap, read only as far as its first line, to be named in
    the refusal. ``lines_read`` is how many of the mail's lines were read; the rest were
    not parsed at all. ``secrets`` are the words of the lines read that are or may be a
    password (judge.text.secrets: the word at a command's password position and the
    password the grammar read), and ``scrub`` masks them in any text."""

    steps: tuple[c.Step, ...]
    lines_read: int
    secrets: tuple[str, ...]
    scrub: Callable[[str], str]

    @property
    def cut(self) -> bool:
        """Whether the mail held more than ``MAX_STEPS`` steps (the rest not done)."""
        return len(self.steps) > MAX_STEPS


def mail_script(lines: Sequence[str]) -> Script:
    """The mail's lines read as a script, up to ``MAX_STEPS`` steps; the worker (what is
    kept of the mail) and the service (the commands and the reply) share one reading."""
    return _script(lines if isinstance(lines, tuple) else tuple(lines))


@lru_cache(maxsize=32)  # the worker reads a batch of up to 20 mails before handling them
def _script(lines: tuple[str, ...]) -> Script:
    steps, read, found = _read(lines, MAX_STEPS)
    for step in steps:
        if isinstance(step.command, PASSWORD_CARRYING) and step.command.password:
            found.append(step.command.password)
    secrets = tuple(dict.fromkeys(found))
    return Script(steps, read, secrets, scrubber(secrets))


_PHONE_SEPARATOR = re.compile(r"^\\\\([^\w\s])")

# No command or order is longer than this; a longer line is refused before any grammar or
# pattern reads it (press bodies are not read, so their lines may be as long as they like).
MAX_LINE = 500


def too_long(number: int, text: str) -> c.Step:
    """The refusal of an over-long line, echoing only its start (never a password)."""
    first = text.split(None, 1)[0][:20] if text.strip() else ""
    shown = first if first.upper().startswith(("SIGN", *PASSWORD_WORDS)) else text[:40]
    message = (f"this line has {len(text)} characters; a command or order has at most "
               f"{MAX_LINE}, so it was not read")
    return c.Step(number, f"{shown}...", c.Unreadable(c.CommandProblem(number, 1, "", (), message)))


def body_lines(lines: Iterable[str]) -> list[tuple[int, str]]:
    """Numbered lines, with DPjudge phone separators (``\\\\;``) split and ``//`` lines
    dropped; a separator line applies to the rest of the mail. The pieces of a split
    line are stripped, and empty ones left out (``a; b;`` is two lines)."""
    out: list[tuple[int, str]] = []
    separator: str | None = None
    for number, raw in enumerate(lines, 1):
        stripped = raw.strip()
        # the pattern is tried only where it can match (a line starting with two
        # backslashes): most mails have no such line, and the rest of the loop is cheap
        m = _PHONE_SEPARATOR.match(stripped) if stripped.startswith("\\\\") else None
        if m:
            separator = m.group(1)
            raw = stripped[3:]
        if separator:
            parts = [p.strip() for p in raw.split(separator) if p.strip()]
            out.extend((number, p) for p in parts if not p.startswith("//"))
        elif not stripped.startswith("//"):  # raw.rstrip().strip() is stripped
            out.append((number, raw.rstrip()))
    return out


def read_script(lines: Iterable[str]) -> tuple[c.Step, ...]:
    """Split a mail body into steps: each command line, each press block (header to
    ENDPRESS, SIGNOFF or the end of the mail) and each run of order/offer lines.
    ``SIGNOFF`` ends the script. (A mail is read with ``mail_script``, which stops at
    the cap.)"""
    return _read(lines, None)[0]


def _read(lines: Iterable[str], cap: int | None) -> tuple[tuple[c.Step, ...], int, list[str]]:
    """The steps, up to ``cap`` + 1 of them (the last one begun past the cap read only
    as far as it was when the cap was reached), how many lines were read, and the
    secrets of the lines read outside press bodies (a press body line's own password
    is masked where it stands)."""
    steps: list[c.Step] = []
    orders: list[c.OrderLine] = []
    press: tuple[int, str, c.Press] | None = None
    body: list[str] = []
    secrets: list[str] = []
    read = 0

    def flush_orders() -> None:
        if orders:
            steps.append(c.Step(orders[0].line, orders[0].text, c.Orders(tuple(orders))))
            orders.clear()

    def close_press() -> None:
        nonlocal press
        if press is not None:
            number, text, cmd = press
            full = c.Press(cmd.to, cmd.all_but, cmd.broadcast, _trim(body))
            steps.append(c.Step(number, text, full))
            press = None
            body.clear()

    for number, raw in body_lines(lines):
        # the step after the cap has begun (or more): read no further
        if cap is not None and len(steps) + bool(orders) + (press is not None) > cap:
            break
        read = number
        text = raw.strip()
        if len(text) > MAX_LINE:
            if press is not None:
                body.append(raw)
            else:
                flush_orders()
                steps.append(too_long(number, text))
            continue
        if press is not None and not text[:4].lower().startswith(("end", "sign")):
            body.append(raw)  # only ENDPRESS or SIGNOFF ends a press: no parse needed
            continue
        cmd = parse_command(text, number) if text else None
        if press is not None:
            if isinstance(cmd, c.EndPress | c.SignOff):
                close_press()
                if isinstance(cmd, c.SignOff):
                    break
            else:
                body.append(raw)
            continue
        if cmd is not None:  # a password's position is a command's (JOIN, SIGNON, ...)
            secrets.extend(line_secrets(text))
        else:
            word = classic_word(text) if text else None
            if word is not None:  # a classic judge's command: answered, not an order
                flush_orders()  # (the service joins a sign-on's order sections again)
                problem = c.CommandProblem(number, 1, text, (), not_a_command(word))
                steps.append(c.Step(number, text, c.Unreadable(problem)))
            elif text:
                orders.append(c.OrderLine(number, text))
            continue
        flush_orders()
        if isinstance(cmd, c.SignOff):
            break
        if isinstance(cmd, c.Press):
            press = (number, text, cmd)
        else:
            steps.append(c.Step(number, redacted(text, cmd), cmd))
    flush_orders()
    close_press()
    if cap is not None:
        del steps[cap + 1:]
    return tuple(steps), read, secrets


def _trim(body: list[str]) -> tuple[str, ...]:
    lines = list(body)
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return tuple(lines)
