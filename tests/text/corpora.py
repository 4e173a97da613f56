"""The text corpora the readers' shortcut tests read: string constants of test modules
and the bodies of the mail corpus, split into lines."""

from __future__ import annotations

import ast
import email
from collections.abc import Iterable
from email.message import Message
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent


def string_constants(paths: Iterable[Path]) -> list[str]:
    """Every string constant of these Python files."""
    return [n.value for path in paths for n in ast.walk(ast.parse(path.read_text()))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def mail_corpus_lines() -> list[str]:
    """The lines of every text part of the mails in tests/mail/corpus."""
    lines: list[str] = []
    for path in sorted((TESTS / "mail" / "corpus").glob("*.eml")):
        message = email.message_from_bytes(path.read_bytes())
        for part in message.walk():
            if isinstance(part, Message) and part.get_content_maintype() == "text":
                body = part.get_payload(decode=True)
                if isinstance(body, bytes):
                    lines += body.decode("utf-8", "replace").splitlines()
    return lines


def each_line(lines: Iterable[str]) -> list[str]:
    """Every piece of these texts, a line each."""
    return [piece for line in lines for piece in line.splitlines()]
