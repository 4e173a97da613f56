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
    left_out = config.stash.get(_LEFT_OUT, 0)
    if left_out and not hasattr(config, "workeroutput"):
        terminalreporter.write_line(
            f"{left_out} store tests on PostgreSQL were not run: {PG_ENV} is not set "
            f"(to run them: export {PG_ENV}=\"$(bash .ci/postgres.sh | tail -n 1)\")"
        )
