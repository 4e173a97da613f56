"""``judge serve`` runs the processor itself every interval unless judge.conf turns it off."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from judge.config import Settings, settings_from_text
from judge.service.processing import process_due, processor_options, processor_thread
from judge.storage.base import utcnow
from tests.processing.conftest import Judge


def _settings(tmp_path: Path, processing: str) -> Settings:
    return settings_from_text("[judge]\naddress = judge@example.org\n[security]\n"
                              f"scrypt_n = 1024\n[processing]\n{processing}", tmp_path)


def test_processing_options_default_on_every_minute(tmp_path: Path) -> None:
    assert processor_options(_settings(tmp_path, "")) == (True, 60.0)
    assert processor_options(_settings(tmp_path, "enabled = no\n")) == (False, 60.0)
    assert processor_options(_settings(tmp_path, "interval = 5\n")) == (True, 5.0)
    with pytest.raises(ValueError, match="enabled must be yes or no"):
        processor_options(_settings(tmp_path, "enabled = sometimes\n"))
    with pytest.raises(ValueError, match="at least 1 second"):
        processor_options(_settings(tmp_path, "interval = 0\n"))


def test_the_processor_thread_starts_a_full_game(full: Callable[..., Judge],
                                                tmp_path: Path) -> None:
    judge = full()
    woken = threading.Event()
    settings = _settings(tmp_path, "interval = 1\n")
    with processor_thread(judge.factory, settings, on_done=woken.set) as on:
        assert on
        assert woken.wait(20)  # a pass that did something wakes the sender
    assert judge.game().state == "active"


def test_with_processing_off_serve_leaves_games_to_cron(full: Callable[..., Judge],
                                                       tmp_path: Path) -> None:
    judge = full()
    settings = _settings(tmp_path, "enabled = no\n")
    woken = threading.Event()
    before = set(threading.enumerate())
    with processor_thread(judge.factory, settings, on_done=woken.set) as on:
        assert not on
        assert set(threading.enumerate()) == before  # nothing runs that could process it
    assert not woken.is_set()
    assert judge.game().state == "forming"
    # and the game was due all along: one run as cron would do starts it
    assert process_due(judge.factory, settings, utcnow())
    assert judge.game().state == "active"
