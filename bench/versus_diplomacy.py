"""Benchmark: ``judge adjudicate`` side by side with the `diplomacy` package (1.1.2, the
Python reference engine) on the same standard movement phases, and whether they agree.

    .venv/bin/python bench/versus_diplomacy.py [--count 2000] [--runs 3]

The package is installed by this benchmark into a throw-away virtualenv
(``var/bench/diplomacy-venv``); it is never a dependency of the judge, and the judge's
tests never import it. The phases are the benchmark's generated games (bench/games.py:
legal random games, ``var/bench/movement-<count>.jsonl``). Each engine runs in its own
process, pinned to the same core when ``taskset`` is there, best of ``--runs``:

- the judge: the real command, ``judge adjudicate``, process start included (its
  bytecode compiled first, as an install does);
- the package: bench/diplomacy_peer.py in the package's virtualenv (a new ``Game`` per
  phase, set to the case's phase, units and centres, given the case's orders,
  ``process()``), timed both as a whole process and as its loop alone (no import, no
  JSON reading): the loop alone is the package's best case, and the ratio printed first.

Wall clock and CPU time are both printed: on a busy machine the CPU figures are the
ones to compare (wall clock then includes waiting for the core).

Then every phase's outcome is compared: the next phase, each power's units, its
dislodged units (with where the attacker came from) and its centres. Disagreements are
written to ``var/bench/versus-disagreements.jsonl`` and counted; the DATC is the arbiter.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from adjudicate_batch import cases_file, compile_bytecode, judge_command  # noqa: E402

PACKAGE = "diplomacy==1.1.2"
VENV = ROOT / "var" / "bench" / "diplomacy-venv"
PEER = ROOT / "bench" / "diplomacy_peer.py"


def peer_python() -> Path:
    """The throw-away virtualenv's Python, with the package installed (once)."""
    python = VENV / "bin" / "python"
    marker = VENV / f".{PACKAGE}"
    if not marker.exists():
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", PACKAGE],
            check=True,
        )
        marker.touch()
    return python


def pinned(cmd: list[str]) -> list[str]:
    return ["taskset", "-c", "0", *cmd] if shutil.which("taskset") else cmd


def timed(cmd: list[str], stdin_path: Path | None) -> tuple[float, float, bytes, bytes]:
    """Wall and CPU seconds of one run of ``cmd``, its standard output and error."""
    stdin = stdin_path.open("rb") if stdin_path else subprocess.DEVNULL
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        out = subprocess.run(cmd, stdin=stdin, capture_output=True, check=True, env=os.environ)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    finally:
        if stdin_path:
            stdin.close()  # type: ignore[union-attr]
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.stdout, out.stderr


def outcome_of_judge(result: dict[str, Any]) -> dict[str, Any]:
    state = result["state"]
    return {
        "phase": state["phase"],
        "units": {p: sorted(us) for p, us in state["units"].items() if us},
        "dislodged": {
            p: sorted((d["unit"], d["attacker"]) for d in ds)
            for p, ds in state.get("dislodged", {}).items()
            if ds
        },
        "centers": {p: sorted(cs) for p, cs in state["centers"].items() if cs},
    }


def outcome_of_peer(result: dict[str, Any]) -> dict[str, Any]:
    return {
        "phase": result["phase"],
        "units": {p: sorted(us) for p, us in result["units"].items() if us},
        "dislodged": {
            p: sorted((d["unit"], d["attacker"]) for d in ds)
            for p, ds in result["dislodged"].items()
            if ds
        },
        "centers": {p: sorted(cs) for p, cs in result["centers"].items() if cs},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    path = cases_file(args.count)
    python = peer_python()
    compile_bytecode()

    judge = [float("inf"), float("inf")]
    peer = [float("inf")] * 4
    judge_out = peer_out = b""
    for _ in range(args.runs):  # alternate, so both see the same load
        wall, cpu, judge_out, _ = timed(judge_command(), path)
        judge = [min(judge[0], wall), min(judge[1], cpu)]
        wall, cpu, peer_out, err = timed(pinned([str(python), str(PEER), str(path)]), None)
        times = json.loads(err.decode().strip().splitlines()[-1])
        peer = [min(peer[0], wall), min(peer[1], cpu), min(peer[2], times["loop"]),
                min(peer[3], times["loop_cpu"])]

    n = args.count
    print(f"{n} generated standard movement phases, each engine pinned to one core, "
          f"best of {args.runs}:")
    print(f"  judge adjudicate (process start included): wall {judge[0]:.2f} s = "
          f"{n / judge[0]:,.0f}/s, cpu {judge[1]:.2f} s = {n / judge[1]:,.0f}/s")
    print(f"  diplomacy {PACKAGE.split('==')[1]}, its loop alone:        wall {peer[2]:.2f} s = "
          f"{n / peer[2]:,.0f}/s, cpu {peer[3]:.2f} s = {n / peer[3]:,.0f}/s")
    print(f"  diplomacy, whole process (import, JSON):  wall {peer[0]:.2f} s = "
          f"{n / peer[0]:,.0f}/s, cpu {peer[1]:.2f} s = {n / peer[1]:,.0f}/s")
    print(f"  ratio, judge's whole process to the package's loop alone: "
          f"{peer[2] / judge[0]:.1f}x (wall), {peer[3] / judge[1]:.1f}x (cpu)")
    print(f"  ratio, whole process to whole process: {peer[0] / judge[0]:.1f}x (wall), "
          f"{peer[1] / judge[1]:.1f}x (cpu)")
    print("  target: at least 10x, aim 20x")

    judged = [json.loads(line) for line in judge_out.splitlines()]
    peered = [json.loads(line) for line in peer_out.splitlines()]
    assert len(judged) == len(peered) == n, (len(judged), len(peered))
    cases = [json.loads(line) for line in path.read_text().splitlines()]
    disagreements = []
    for case, ours, theirs in zip(cases, judged, peered, strict=True):
        assert ours["id"] == theirs["id"] == case["id"]
        if "error" in ours:
            disagreements.append({"id": case["id"], "judge_error": ours["error"]})
            continue
        a, b = outcome_of_judge(ours), outcome_of_peer(theirs)
        if a != b:
            diff = {k: {"judge": a[k], "diplomacy": b[k]} for k in a if a[k] != b[k]}
            disagreements.append({"id": case["id"], "differs": diff, "case": case})
    report = ROOT / "var" / "bench" / "versus-disagreements.jsonl"
    report.write_text("".join(json.dumps(d) + "\n" for d in disagreements))
    print(f"  outcomes: {n - len(disagreements)} of {n} phases agree"
          + (f"; {len(disagreements)} disagree, see {report.relative_to(ROOT)}"
             if disagreements else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
