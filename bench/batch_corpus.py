"""Byte-identity checker: every case the tests and examples feed ``judge adjudicate``.

    .venv/bin/python bench/batch_corpus.py record CASES.jsonl [-- PYTEST-ARGS...]
    .venv/bin/python bench/batch_corpus.py play CASES.jsonl RESULTS.jsonl

``record`` runs the test suite (``tests/`` unless PYTEST-ARGS name other paths) with
JUDGE_BATCH_CORPUS set, so that tests/conftest.py appends every case given to
``judge.batch.run_case`` and every line given to a ``judge adjudicate`` subprocess;
it adds every line of examples/*.jsonl and of the JSON Lines corpora under tests/,
and writes them once each, sorted. The property tests run with the CI profile
(CI=1: hypothesis draws the same examples every run), so the corpus is stable.

``readings`` plays every case of a corpus whose game is read one mail at a time
(judge.games.<game>.rules.reading) twice: straight through, and with the reading written to
JSON and read back before every mail (tests/money/test_readings.py's ``resumed``, as the
mail service keeps it between mails); it prints how many cases gave other bytes.

``play`` runs the real command (``python -m judge.cli adjudicate``) over a corpus.
Record once, play before and after a change, and compare the two outputs with
``cmp``: a refactoring that changes nothing gives byte-identical results.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS_ENV = "JUDGE_BATCH_CORPUS"  # read by tests/conftest.py


def corpus_files() -> list[Path]:
    """The JSON Lines files of cases kept in the repository."""
    return sorted([*ROOT.glob("examples/*.jsonl"), *ROOT.glob("tests/**/*.jsonl")])


def record(out: Path, pytest_args: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="batch-corpus-") as folder:
        env = {**os.environ, CORPUS_ENV: folder, "CI": "1"}
        args = pytest_args or ["tests"]
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               *args], cwd=ROOT, env=env, check=False)
        lines: set[str] = set()
        recorded = 0
        for path in [*sorted(Path(folder).glob("*.jsonl")), *corpus_files()]:
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    lines.add(line)
                    recorded += 1
    out.write_text("".join(line + "\n" for line in sorted(lines)), encoding="utf-8")
    print(f"{len(lines)} cases ({recorded} recorded) -> {out}; pytest exit {done.returncode}",
          file=sys.stderr)
    return done.returncode


def play(given: Path, out: Path) -> int:
    with out.open("wb") as results:
        done = subprocess.run([sys.executable, "-m", "judge.cli", "adjudicate", str(given)],
                              cwd=ROOT, stdout=results, check=False,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    return done.returncode


def readings(given: Path) -> int:
    sys.path.insert(0, str(ROOT))
    from tests.money.test_readings import READ_ONCE, same_either_way

    checked = differ = 0
    for line in given.read_text(encoding="utf-8").splitlines():
        try:
            case = json.loads(line)
        except ValueError:
            continue
        if not isinstance(case, dict) or case.get("game") not in READ_ONCE \
                or not case.get("mails") or "start" in case:
            continue
        checked += 1
        if not same_either_way(case):
            differ += 1
            print(f"differs: {line[:200]}", file=sys.stderr)
    print(f"{checked} cases read once with mails; {differ} differ when resumed from JSON",
          file=sys.stderr)
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="gather the cases the tests and examples feed the judge")
    rec.add_argument("out", type=Path)
    rec.add_argument("pytest_args", nargs="*", help="after --: what pytest runs (tests)")
    ply = sub.add_parser("play", help="run judge adjudicate over a corpus")
    ply.add_argument("given", type=Path)
    ply.add_argument("out", type=Path)
    rdg = sub.add_parser("readings", help="check readings resumed from JSON on a corpus")
    rdg.add_argument("given", type=Path)
    args = parser.parse_args(argv)
    if args.command == "readings":
        return readings(args.given)
    if args.command == "record":
        return record(args.out, args.pytest_args)
    return play(args.given, args.out)


if __name__ == "__main__":
    raise SystemExit(main())
