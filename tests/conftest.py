"""Fixtures shared by every test package, and how the suite is ordered and reported."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from judge.engine.board import Map
from judge.engine.maps import load_map

PG_ENV = "JUDGE_TEST_DATABASE_URL"

# Under CI (the CI environment variable set, as .ci/run sets it) the property tests try
# the same examples on every run and have no time limit per example: a red run then
# means a change broke something, not that hypothesis drew a new input or the machine
# was slow. Run locally they draw new examples each time, to find what CI would not.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")
_LEFT_OUT = pytest.StashKey[int]()
CORPUS_ENV = "JUDGE_BATCH_CORPUS"  # bench/batch_corpus.py record: where the cases go


def _record_batch_cases(folder: str) -> None:
    """Every case a test feeds the batch interface is appended, JSON-encoded, to a file of
    this process in ``folder``: those given to ``judge.batch.run_case`` (wrapped here,
    before any test module binds the name) and the lines given to a ``judge adjudicate``
    subprocess. Only when bench/batch_corpus.py sets JUDGE_BATCH_CORPUS."""
    import json
    import subprocess
    from pathlib import Path

    import judge.batch

    out = (Path(folder) / f"cases-{os.getpid()}.jsonl").open("a", encoding="utf-8")
    play, spawn = judge.batch.run_case, subprocess.run

    def run_case(case: object) -> dict[str, object]:
        try:
            out.write(json.dumps(case) + "\n")
            out.flush()
        except (TypeError, ValueError):  # not JSON: no line of a corpus can carry it
            pass
        return play(case)

    def run(args: object, *rest: object, **kw: object) -> object:
        given = kw.get("input")
        if isinstance(args, list | tuple) and "adjudicate" in map(str, args) and given:
            text = given.decode() if isinstance(given, bytes) else str(given)
            out.writelines(line + "\n" for line in text.splitlines() if line.strip())
            out.flush()
        return spawn(args, *rest, **kw)  # type: ignore[call-overload]

    judge.batch.run_case = run_case  # type: ignore[assignment]
    subprocess.run = run  # type: ignore[assignment]


if os.environ.get(CORPUS_ENV):
    _record_batch_cases(os.environ[CORPUS_ENV])


@pytest.fixture(scope="session")
def board() -> Map:
    """The standard map."""
    return load_map("standard")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow tests first (under pytest-xdist, which hands out whole files in this
    order, their files then start at once and the quick ones fill in around them);
    without a PostgreSQL server the PostgreSQL variants of the store tests are left out,
    and the summary says so in one line."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable
    left_out = 0
    if not os.environ.get(PG_ENV):
        postgres = [item for item in items if item.get_closest_marker("postgres")]
        if postgres:
            items[:] = [item for item in items if not item.get_closest_marker("postgres")]
            config.hook.pytest_deselected(items=postgres)
        left_out = len(postgres)
    config.stash[_LEFT_OUT] = left_out
    workeroutput = getattr(config, "workeroutput", None)  # an xdist worker tells the controller
    if workeroutput is not None:
        workeroutput["postgres_left_out"] = left_out


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """pytest-xdist's controller: note how many PostgreSQL tests a worker left out."""
    output = getattr(node, "workeroutput", None) or {}
    config = getattr(node, "config", None)
    if config is not None and "postgres_left_out" in output:
        config.stash[_LEFT_OUT] = max(config.stash.get(_LEFT_OUT, 0),
                                      int(output["postgres_left_out"]))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int,
                            config: pytest.Config) -> None:
    import shutil

    if not hasattr(config, "workeroutput") and not (
            (shutil.which("chromium") or shutil.which("chromium-browser"))
            and shutil.which("chromedriver")):
        terminalreporter.write_line(
            "the web's browser tests (tests/web/test_in_a_browser.py) were not run: no "
            "chromium and chromedriver (to run them: apt-get install -y chromium "
            "chromium-driver)")
    left_out = config.stash.get(_LEFT_OUT, 0)
    if left_out and not hasattr(config, "workeroutput"):
        terminalreporter.write_line(
            f"{left_out} store tests on PostgreSQL were not run: {PG_ENV} is not set "
            f"(to run them: export {PG_ENV}=\"$(bash .ci/postgres.sh | tail -n 1)\")"
        )
