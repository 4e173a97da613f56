"""Words veterans of the classic judges (njudge, DPjudge) type that this judge does not
know as commands. A line starting with one is answered as such instead of being read as
an order line, where it would spoil the set (``unknown province 'WHOGAME PAY4'``)."""

from __future__ import annotations

# word -> what to write instead ("" when this judge has nothing like it)
CLASSIC: dict[str, str] = {
    "WHOGAME": "SUMMARY <game> shows who plays what, without addresses",
    "WHOIS": "",
    "WHOAMI": "",
    "DIARY": "",
    "PHASE": "STATUS shows the phase and its deadline",
    "GET": "",
    "MAP": "",
    "INFO": "HELP",
    "VERSION": "",
    "REGISTER": "",
    "BECOME": "",
    "PREDICT": "",
    "POSTAL": "",
    "SUSPEND": "the master may PAUSE",
    "UNSTART": "",
    "MANUALPROCESS": "the master may PROCESS",
    "IAMALSO": "",
    "RECORD": "",
    "DEDICATION": "",
    "FORCE": "the master may PROCESS",
    "PROMOTE": "",
    "UNSIGN": "",
    "QUIT": "RESIGN",
    "DRAW": "SET DRAW",
    "CONCEDE": "SET CONCEDE <power>",
    "WAIT": "SET WAIT",
    "NOWAIT": "SET NOWAIT",
    "PASSWORD": "SET PASSWORD <new>",
    "ADDRESS": "SET ADDRESS <address>",
    "PREFERENCE": "",
    "PREFERENCES": "",
}


def classic_word(line: str) -> str | None:
    """The classic command word a line starts with (upper case), or None."""
    first = line.split(None, 1)[0].upper() if line.strip() else ""
    return first if first in CLASSIC else None


def not_a_command(word: str) -> str:
    """What the judge answers to a line starting with ``word``."""
    hint = CLASSIC.get(word, "")
    instead = f"; {hint}" if hint else ""
    return f"{word} is not a command of this judge (HELP lists them){instead}"
