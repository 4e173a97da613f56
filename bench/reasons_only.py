"""Whether two plays of one batch corpus differ in reason texts only (issue 23).

    .venv/bin/python bench/reasons_only.py CASES.jsonl BEFORE.jsonl AFTER.jsonl

Every result of AFTER must equal its BEFORE but for the words of each refusal's reason:
the same keys of ``errors`` (and ``warnings``), the same number of refused lines under
each, each the same line, refused in the same order; every other key identical, but for
the confirmations of commands done at once (``said``), whose words may differ too. Prints
how many reasons and confirmations changed, and each result that differs otherwise;
exits 1 if any does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

WORDS_ONLY = ("errors", "warnings", "said")


def _line_of(entry: str, other: str, case: str) -> bool:
    """Whether ``entry`` and ``other`` (``<line>: <reason>``) refuse the same line: some
    prefix ending before a ``": "`` is the same in both and is a line of the case."""
    for k in range(1, min(len(entry), len(other))):
        if entry[:k] != other[:k]:
            return False
        if entry[k:k + 2] == ": " == other[k:k + 2] and json.dumps(entry[:k])[1:-1] in case:
            return True
    return entry == other


def compare(case: str, before: dict[str, Any], after: dict[str, Any]) -> tuple[int, int, list[str]]:
    """(reasons changed, confirmations changed, what differs beyond words)."""
    problems = [f"{key} differs" for key in sorted(set(before) | set(after))
                if key not in WORDS_ONLY and before.get(key) != after.get(key)]
    changed = 0
    for key in ("errors", "warnings"):
        b, a = before.get(key) or {}, after.get(key) or {}
        if sorted(b) != sorted(a):
            problems.append(f"{key}: other senders")
            continue
        for sender in b:
            if len(b[sender]) != len(a[sender]):
                problems.append(f"{key}[{sender}]: another number of lines")
                continue
            for x, y in zip(b[sender], a[sender], strict=True):
                if not _line_of(x, y, case):
                    problems.append(f"{key}[{sender}]: {x!r} became {y!r}")
                changed += x != y
    said_b, said_a = before.get("said") or [], after.get("said") or []
    said = 0
    if [[t for t, _ in m] for m in said_b] != [[t for t, _ in m] for m in said_a]:
        problems.append("said: other lines done")
    else:
        said = sum(x != y for mb, ma in zip(said_b, said_a, strict=True)
                   for x, y in zip(mb, ma, strict=True))
    return changed, said, problems


def main(cases: Path, before: Path, after: Path) -> int:
    reasons = said = bad = 0
    rows = zip(cases.read_text(encoding="utf-8").splitlines(),
               before.read_text(encoding="utf-8").splitlines(),
               after.read_text(encoding="utf-8").splitlines(), strict=True)
    for n, (case, b, a) in enumerate(rows, 1):
        r, s, problems = compare(case, json.loads(b), json.loads(a))
        reasons, said = reasons + r, said + s
        if problems:
            bad += 1
            print(f"case {n}: {'; '.join(problems)[:300]}")
    print(f"{reasons} reasons and {said} confirmations changed; "
          f"{bad} results differ beyond words")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(*(Path(p) for p in sys.argv[1:4])))
