"""A mail body read as a script: commands, press blocks and order sections, with line numbers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from judge.text import commands as c
from judge.text.command_line import PASSWORD_WORDS, parse_command
from judge.text.secrets import line_secrets, masked_line
from judge.text.vocabulary import classic_word, not_a_command


def redacted(text: str, command: c.Command) -> str:
    """The line as it may be echoed in a reply: passwords, found by position, masked."""
    if isinstance(command, c.SignOn | c.Join | c.Create | c.Observe | c.SetPassword):
        return masked_line(text, command.password)
    if isinstance(command, c.Unreadable):
        first = text.split(None, 1)[0].upper() if text.strip() else ""
        if first.startswith("SIGN") or first in PASSWORD_WORDS:
            return masked_line(text, rest_too=True)
    return text


def mail_secrets(lines: Iterable[str]) -> list[str]:
    """Every word of a mail that is or may be a password (judge.text.secrets), to scrub
    from the reply."""
    if isinstance(lines, tuple):  # a mail's lines: the worker asks twice (redaction, reply)
        return list(_tuple_secrets(lines))
    found: list[str] = []
    for _, piece in body_lines(lines):
        found.extend(line_secrets(piece))
    return found


@lru_cache(maxsize=64)
def _tuple_secrets(lines: tuple[str, ...]) -> tuple[str, ...]:
    found: list[str] = []
    for _, piece in body_lines(lines):
        found.extend(line_secrets(piece))
    return tuple(found)


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
    ``SIGNOFF`` ends the script."""
    steps: list[c.Step] = []
    orders: list[c.OrderLine] = []
    press: tuple[int, str, c.Press] | None = None
    body: list[str] = []

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
        text = raw.strip()
        if len(text) > MAX_LINE:
            if press is not None:
                body.append(raw)
            else:
                flush_orders()
                steps.append(too_long(number, text))
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
        if cmd is None:
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
    return tuple(steps)


def _trim(body: list[str]) -> tuple[str, ...]:
    lines = list(body)
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return tuple(lines)
