"""A mail body read as a script: commands, press blocks and order sections, with line numbers."""

from __future__ import annotations

import re
from collections.abc import Iterable

from judge.text import commands as c
from judge.text.command_line import PASSWORD_WORDS, parse_command
from judge.text.vocabulary import classic_word, not_a_command


def redacted(text: str, command: c.Command) -> str:
    """The line as it may be echoed in a reply: passwords replaced by ``****``."""
    secret: str | None = None
    if isinstance(command, c.SignOn | c.Join | c.Create | c.Observe | c.SetPassword):
        secret = command.password
    elif isinstance(command, c.Unreadable):
        first = text.split(None, 1)[0].upper() if text.strip() else ""
        if first.startswith("SIGN") or first in PASSWORD_WORDS:
            return " ".join(text.split()[:2]) + " ****"
        return text
    if secret is None:
        return text
    head, sep, tail = text.rpartition(secret)
    return f"{head}****{tail}" if sep else text


_PHONE_SEPARATOR = re.compile(r"^\\\\([^\w\s])")


def body_lines(lines: Iterable[str]) -> list[tuple[int, str]]:
    """Numbered lines, with DPjudge phone separators (``\\\\;``) split and ``//`` lines
    dropped; a separator line applies to the rest of the mail. The pieces of a split
    line are stripped, and empty ones left out (``a; b;`` is two lines)."""
    out: list[tuple[int, str]] = []
    separator: str | None = None
    for number, raw in enumerate(lines, 1):
        m = _PHONE_SEPARATOR.match(raw.strip())
        if m:
            separator = m.group(1)
            raw = raw.strip()[3:]
        if separator:
            parts = [p.strip() for p in raw.split(separator) if p.strip()]
        else:
            parts = [raw.rstrip()]
        out.extend((number, p) for p in parts if not p.strip().startswith("//"))
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
