"""``judge demo`` end to end: judge serve as a process, mail by SMTP, judge process, the
Maildir; every player gets every statement, and nobody gets another's secrets. By default
the books at the end are cut to their first lines; ``--full`` prints them whole."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
Printed = tuple[str, dict[str, str]]


def _start_demo(*options: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "judge.cli", "demo", *options],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _demo_output(run: subprocess.Popen[str]) -> Printed:
    """The demo's output, whole and split into each reader's mail."""
    stdout, stderr = run.communicate(timeout=300)
    assert run.returncode == 0, stderr[-3000:]
    assert "ended (draw)" in stderr
    parts = re.split(r"^# (\w+) <[^>]+>: \d+ mails$", stdout, flags=re.MULTILINE)
    # each reader's part ends with the rule above the next reader's heading: not a mail's
    readers = [re.sub(r"\n#{78}\n*\Z", "\n", part) for part in parts[2::2]]
    return stdout, dict(zip(parts[1::2], readers, strict=True))


@pytest.fixture(scope="module")
def both_runs() -> dict[str, Printed]:
    """Plain ``judge demo`` and ``judge demo --full``, played at the same time (each with
    a judge of its own): most of a run is waiting for mail, so two cost little more
    than one."""
    runs = {"plain": _start_demo("--by-reader"), "full": _start_demo("--by-reader", "--full"),
            "story": _start_demo()}
    try:
        out = {name: _demo_output(run) for name, run in runs.items() if name != "story"}
        stdout, stderr = runs["story"].communicate(timeout=300)
        assert runs["story"].returncode == 0, stderr[-3000:]
        out["story"] = (stdout, {})
        return out
    finally:
        for run in runs.values():
            if run.poll() is None:
                run.kill()
                run.communicate()


@pytest.fixture(scope="module")
def printed(both_runs: dict[str, Printed]) -> Printed:
    return both_runs["plain"]


@pytest.fixture(scope="module")
def demo(printed: tuple[str, dict[str, str]]) -> dict[str, str]:
    """What plain ``judge demo`` prints, by reader."""
    return printed[1]


@pytest.fixture(scope="module")
def printed_full(both_runs: dict[str, Printed]) -> Printed:
    return both_runs["full"]


@pytest.mark.slow
def test_every_power_gets_its_statements_reports_and_results(demo: dict[str, str]) -> None:
    assert set(demo) == {*POWERS, "master"}
    for power in POWERS:
        mail = demo[power]
        for season in ("SPRING", "FALL"):
            assert f"{season} 1901 MOVEMENT ACCOUNT STATEMENT FOR {power}\n" in mail
        assert f"PAYOLA INCOME REPORT FOR {power}, 1901\n" in mail
        for phase in ("S1901M", "F1901M", "W1901A"):
            assert re.search(rf"--- \d+\. Diplomacy results demo\d+ {phase}\n", mail)
        assert ":: Judge: judge  Game: demo" in mail
        assert "Ownership of supply centers:" in mail
        assert "It is a draw between Austria, England, France, Germany, Italy, Russia," in mail
    master = _during_play(demo["master"])  # the books at the end repeat every statement
    assert "ACCOUNT STATEMENT" not in master and "INCOME REPORT" not in master
    assert "Diplomacy results" in master


def _during_play(mail: str) -> str:
    """A reader's mail without the books a Payola game opens to everyone at its end."""
    parts = re.split(r"^(--- \d+\. .*)$", mail, flags=re.MULTILINE)
    kept = [parts[0]]
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        if not re.match(r"--- \d+\. Payola records ", title):
            kept += [title, body]
    return "".join(kept)


@pytest.mark.slow
def test_the_books_open_to_everyone_at_the_end(
        printed_full: tuple[str, dict[str, str]]) -> None:
    demo = printed_full[1]
    for reader, mail in demo.items():
        assert re.search(r"--- \d+\. Payola records demo\d+\n", mail), reader
        assert "a franc for Germany's good behaviour" in mail, reader  # France's note
        assert "PAYOLA BRIBE CHART, FALL 1901 MOVEMENT" in mail, reader
        for power in POWERS:
            assert f"FALL 1901 MOVEMENT ACCOUNT STATEMENT FOR {power}\n" in mail, reader
    master = _during_play(demo["master"])
    assert re.search(r"--- \d+\. Payola bribe chart demo\d+ S1901M\n", master)
    assert re.search(r"--- \d+\. Payola bribe chart demo\d+ F1901M\n", master)
    assert all("BRIBE CHART" not in _during_play(demo[p]) for p in POWERS)


@pytest.mark.slow
def test_nobody_reads_another_powers_sheet_press_or_transfer(demo: dict[str, str]) -> None:
    demo = {reader: _during_play(mail) for reader, mail in demo.items()}
    allowed = {  # a secret, and who may read it
        "a franc for Germany's good behaviour": {"FRANCE"},  # a note on France's sheet
        "STATEMENT FOR FRANCE": {"FRANCE"},
        "STATEMENT FOR ENGLAND": {"ENGLAND"},
        "Shall we keep the Channel empty": {"FRANCE", "ENGLAND"},  # press France to England
        "TRANSFER 5 TO AUSTRIA": {"ITALY"},
        "TRANSFER FROM ITALY": {"AUSTRIA"},
        "BALANCE OF YOUR BANK ACCOUNT WAS: 48 AgP": set(POWERS) - {"RUSSIA"},
    }
    for secret, readers in allowed.items():
        assert any(secret in demo[r] for r in readers), secret
        for reader, mail in demo.items():
            if reader not in readers:
                assert secret not in mail, f"{secret!r} reached {reader}"


def _mails(reader: str) -> list[tuple[str, str]]:
    """A reader's printed mails: (subject, body), the game's name left out of both, and
    the blank lines the printout puts around each body too (the reader's last mail has
    one fewer after it, and which mail comes last differs between runs)."""
    parts = re.split(r"^--- \d+\. (.*)$", reader, flags=re.MULTILINE)
    return [(re.sub(r"demo\d+", "GAME", t), re.sub(r"demo\d+", "GAME", b).strip("\n"))
            for t, b in zip(parts[1::2], parts[2::2], strict=True)]


@pytest.mark.slow
def test_by_default_the_books_are_cut_short_and_every_other_mail_shown_whole(
        printed: tuple[str, dict[str, str]],
        printed_full: tuple[str, dict[str, str]]) -> None:
    short, full = printed, printed_full
    assert len(short[0].splitlines()) < len(full[0].splitlines()) / 2
    assert set(short[1]) == set(full[1]) == {*POWERS, "master"}
    for reader in short[1]:
        # the same mails (players' mails cross, so two runs may deliver them in another order)
        cut, whole = sorted(_mails(short[1][reader])), sorted(_mails(full[1][reader]))
        assert [t for t, _ in cut] == [t for t, _ in whole], reader
        for (title, body), (_, entire) in zip(cut, whole, strict=True):
            if title.startswith("Payola records"):
                assert len(body.splitlines()) < 25 < len(entire.splitlines())
                assert "more lines: every offer sheet, statement and chart" in body
                assert "judge demo --full prints them]" in body
                assert body.splitlines()[:12] == entire.splitlines()[:12]
            else:  # deadlines and the game's name differ between runs, not the length
                assert len(body.splitlines()) == len(entire.splitlines()), (reader, title)


@pytest.mark.slow
def test_plain_demo_tells_the_game_as_a_story_with_each_mail_once(
        both_runs: dict[str, Printed]) -> None:
    story = both_runs["story"][0]
    by_reader = both_runs["plain"][0]
    # a part of the game told before its mails, for each of the five parts
    for said in ("The master creates a Payola game", "Spring 1901:", "Fall 1901:",
                 "Winter 1901:", "Spring 1902: every player votes SET DRAW"):
        assert said in story
    assert "France offers Germany's army in Munich 1 AgP" in " ".join(story.split())
    # the results of a phase go to every reader alike: printed once, with its readers
    assert re.search(r"^--- Diplomacy results demo\d+ S1901M\n    to everyone \(the seven "
                     r"players and the master\)$", story, flags=re.MULTILINE)
    assert by_reader.count("Diplomacy results demo") == 8 * story.count(
        "--- Diplomacy results demo")
    # a private statement is shown with its one reader
    assert re.search(r"^--- Payola bribe results demo\d+ S1901M\n    to FRANCE\n\n"
                     r"SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR FRANCE", story,
                     flags=re.MULTILINE)
    assert max(len(line) for line in story.splitlines()) <= 78


def test_the_demo_writes_the_maps_its_results_mails_carried(tmp_path: Path) -> None:
    """``judge demo --maps DIR`` writes each picture the results mails carried beside its
    output and says where; each is a PNG of the board at 1,200 pixels."""
    run = subprocess.run([sys.executable, "-m", "judge.cli", "demo", "--game", "payola",
                          "--maps", str(tmp_path)], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    said = re.search(r"The maps the results mails carried: (\d+) pictures in (\S+)/ ",
                     run.stdout + run.stderr)
    assert said is not None, (run.stdout[-2000:], run.stderr[-2000:])
    folder = Path(said.group(2))
    assert folder.parent == tmp_path
    pictures = sorted(folder.glob("*.png"))
    assert len(pictures) == int(said.group(1)) >= 3
    assert any(p.name.endswith("-F1901M.png") for p in pictures)
    for picture in pictures:
        with Image.open(picture) as image:
            assert image.format == "PNG" and image.width == 1200
