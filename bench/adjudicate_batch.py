"""Benchmark: movement phases per second through ``judge adjudicate``, process start included.

    .venv/bin/python bench/adjudicate_batch.py [--count 10000] [--runs 3]

Writes (once) ``var/bench/movement-<count>.jsonl`` from bench/games.py, then runs
the real command on it, pinned to one core when ``taskset`` is there, and prints
the best of the runs. Target: at least 2,000 movement phases per second.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from games import movement_cases  # noqa: E402


def cases_file(count: int) -> Path:
    path = ROOT / "var" / "bench" / f"movement-{count}.jsonl"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        with tmp.open("w") as f:
            for case in movement_cases(count):
                f.write(json.dumps(case) + "\n")
        tmp.replace(path)
    return path


def compile_bytecode() -> None:
    """Compile the judge's modules once, as installing it from a wheel does (pip compiles
    by default): where bytecode is not written (PYTHONDONTWRITEBYTECODE, a read-only
    checkout), every start would compile them again."""
    compileall.compile_dir(ROOT / "judge", quiet=1)


def judge_command() -> list[str]:
    exe = Path(sys.executable).with_name("judge")
    cmd = [str(exe)] if exe.exists() else [sys.executable, str(ROOT / "bin" / "judge")]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    return [*cmd, "adjudicate"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    path = cases_file(args.count)
    compile_bytecode()
    best_wall = best_cpu = float("inf")
    for _ in range(args.runs):
        with path.open("rb") as stdin:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            out = subprocess.run(
                judge_command(), stdin=stdin, capture_output=True, check=True, env=os.environ
            )
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        lines = out.stdout.splitlines()
        assert len(lines) == args.count, f"{len(lines)} results for {args.count} cases"
        assert not any(b'"error"' in line for line in lines), "a case was answered with an error"
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    print(f"{args.count} movement phases, one process, pinned to one core (best of {args.runs}):")
    print(f"  wall {best_wall:.2f} s = {args.count / best_wall:,.0f} phases/s")
    print(f"  cpu  {best_cpu:.2f} s = {args.count / best_cpu:,.0f} phases/s (what the core spent)")
    rate = args.count / best_wall
    print(
        "target 2,000 phases/s (wall):",
        "met" if rate >= 2000 else "NOT met (a busy machine? see cpu)",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
