"""``judge demo``: scripted players and a master play a short game by mail against a
running judge, and the mail each of them received is printed: by default seven players
of a Payola game; ``--game <kind>`` another game's script (``GAMES``: one line per kind)."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from email.message import EmailMessage
from pathlib import Path
from typing import TextIO

from judge.config import Settings, load_settings
from judge.demos.opening import WINTER
from judge.demos.script import WAIT_SECONDS, MailJudge, Script, open_game, player
from judge.games import KINDS, kind_named
from judge.games import PAYOLA as PAYOLA_KIND

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
# The books a Payola game opens at its end go to every reader alike and run to hundreds
# of lines each: by default the demo prints only their beginning.
BOOKS = "Payola records "
BOOKS_HEAD = 16

# Each power pays most for its own units, so the year goes as a standard opening would;
# the small foreign bribes show up only in the statements of those who offered them.
SPRING = {
    "AUSTRIA": ["3 : A VIE - GAL", "2 : A BUD - SER", "2 : F TRI - ALB", "1 : A WAR H"],
    "ENGLAND": ["3 : F LON - NTH", "2 : F EDI - NWG", "2 : A LVP - YOR"],
    "FRANCE": ["4 : A PAR - BUR", "2 : F BRE - MAO", "2 : A MAR - SPA",
               "1 : A MUN - RUH % a franc for Germany's good behaviour"],
    "GERMANY": ["3 : A MUN - RUH", "2 : F KIE - DEN", "2 : A BER - KIE"],
    "ITALY": ["2 : F NAP - ION", "2 : A ROM - APU", "1 : A VEN H"],
    "RUSSIA": ["3 : A WAR - GAL", "2 : F SEV - BLA", "2 : A MOS - UKR", "2 : F STP/SC - BOT"],
    "TURKEY": ["3 : F ANK - BLA", "2 : A CON - BUL", "2 : A SMY - CON"],
}
FALL = {
    "AUSTRIA": ["3 : F ALB - GRE", "2 : A SER S F ALB - GRE", "1 : A VIE H"],
    "ENGLAND": ["3 : F NTH - NWY", "2 : F NWG - BAR", "1 : A YOR H"],
    "FRANCE": ["3 : A BUR - BEL", "3 : F MAO - POR", "2 : A SPA H"],
    "GERMANY": ["3 : A RUH - HOL", "2 : F DEN H", "2 : A KIE H"],
    "ITALY": ["3 : F ION - TUN", "2 : A APU H", "1 : A VEN H"],
    "RUSSIA": ["3 : F BOT - SWE", "2 : A UKR - RUM", "2 : A WAR H", "1 : F SEV H"],
    "TURKEY": ["3 : A BUL H", "2 : F ANK - BLA", "2 : A CON H"],
}
SPRING_EXTRAS = {
    "FRANCE": ["PRESS TO ENGLAND", "Shall we keep the Channel empty this year?", "ENDPRESS"],
    "ENGLAND": ["ACCEPT E?"],
    "ITALY": ["TRANSFER 5 TO AUSTRIA"],
}


# What to notice in each part of the game, printed before its mails.
NARRATION = {
    "start": (
        "The master creates a Payola game and seven players join it. The last JOIN fills "
        "it: the processor starts the game at its next run, and each power is told its "
        "starting balance (48 AgP; Russia, with four centres, 62)."),
    "S1901M": (
        "Spring 1901: each power pays its own units 1 to 4 AgP for a standard opening. Two "
        "bribes cross a border. France offers Germany's army in Munich 1 AgP to go to the "
        "Ruhr, which Germany pays 3 for anyway: the army goes and France pays its franc. "
        "Austria offers Russia's army in Warsaw 1 AgP to hold, but Russia pays 3 for "
        "Galicia: the army moves and Austria pays nothing. Vienna and Warsaw both go for "
        "Galicia and bounce, as Sevastopol and Ankara do in the Black Sea. Italy "
        "transfers 5 AgP to Austria, England changes its acceptance list, France writes "
        "to England: each mail reaches only its readers."),
    "F1901M": (
        "Fall 1901: every power pays its own units again, and the neutral centres fall: "
        "Greece to Austria (with Serbia's support), Norway to England, Belgium and "
        "Portugal to France, Holland to Germany, Tunis to Italy, Sweden and Rumania to "
        "Russia. Each statement shows its power what it paid; the master's bribe chart "
        "shows all of it."),
    "W1901A": (
        "Winter 1901: each power builds what its new centres allow. Then the income step "
        "pays each power for the centres it owns (17 AgP for the first, one less for "
        "each next): the income reports."),
    "draw": (
        "Spring 1902: every player votes SET DRAW. Once the last vote is in, the processor "
        "ends the game in a draw, and every reader gets the books: every offer sheet, "
        "statement and bribe chart of the game, public now."),
}


def signon(power: str, game: str) -> str:
    return f"SIGNON {power}@{game} pw{power.lower()}"


def play(judge: MailJudge, game: str) -> None:
    """The script: create, join, a Payola year with press and a transfer, then a draw."""
    say = lambda text: print(text, file=judge.log)  # noqa: E731
    say(f"Game {game}: the master creates it, seven players join.")
    master = open_game(judge, game, PAYOLA_KIND.word, POWERS, start=False)
    judge.process()  # every power has a player: the processor starts the game
    for phase, sheets, extras in (("S1901M", SPRING, SPRING_EXTRAS), ("F1901M", FALL, {}),
                                  ("W1901A", WINTER, {})):
        say(f"{phase}: every player mails the judge.")
        judge.chapter(phase)
        for power in POWERS:
            judge.send(player(power, game), [signon(power, game), *sheets[power],
                                             *extras.get(power, [])])
        judge.settle()
        judge.process()
        if not judge.has(f"Diplomacy results {game} {phase}"):
            say(f"{phase} was not processed on its own; the master processes it.")
            judge.send(master, [f"SIGNON MASTER@{game} masterpw", f"PROCESS {phase}"])
            judge.settle()
    say("S1902M: every player votes for a draw among all survivors.")
    judge.chapter("draw")
    for power in POWERS:
        judge.send(player(power, game), [signon(power, game), "SET DRAW"])
    judge.settle()
    judge.process()


def report(judge: MailJudge, game: str, out: TextIO, only: str | None = None,
           full: bool = False, players: Sequence[str] = POWERS,
           address_of: Callable[[str, str], str] = player) -> None:
    """Every mail each reader received, in order; the books at the end cut to their first
    lines unless ``full``."""
    for who in (*players, "master"):
        if only and who != only.upper() and who != only.lower():
            continue
        address = address_of(who, game)
        mails = judge.received(address)
        print(f"\n{'#' * 78}\n# {who} <{address}>: {len(mails)} mails\n{'#' * 78}", file=out)
        for n, mail in enumerate(mails, 1):
            print(f"\n--- {n}. {mail['Subject']}\n", file=out)
            body = _text(mail)
            if not full and str(mail["Subject"]).startswith(BOOKS):
                body = _head(body)
            print(body, file=out)


def story(judge: MailJudge, game: str, out: TextIO, full: bool = False,
          players: Sequence[str] = POWERS, narration: Mapping[str, str] = NARRATION,
          address_of: Callable[[str, str], str] = player) -> None:
    """The game as a story: each part told in a few lines, then its mails, each printed
    once with its readers (a results mail sent to eight readers is shown once)."""
    readers = {address_of(who, game): who for who in (*players, "master")}
    ends = [start for start, _ in judge.chapters[1:]] + [len(judge.seen)]
    for (start, key), end in zip(judge.chapters, ends, strict=True):
        print(f"\n{'=' * 78}", file=out)
        print(textwrap.fill(narration[key], 76, initial_indent="  ",
                            subsequent_indent="  "), file=out)
        print("=" * 78, file=out)
        shown: dict[tuple[str, str], list[str]] = {}
        for key_ in judge.seen[start:end]:
            mail = judge.mails[key_]
            shown.setdefault((str(mail["Subject"]), _text(mail)), []).append(
                readers.get(str(mail["To"]), str(mail["To"]).split("@")[0]))
        for (subject, body), to in shown.items():
            if not full and subject.startswith(BOOKS):
                body = _head(body)
            order = list(readers.values())
            count = {4: "four", 7: "seven", 9: "nine"}.get(len(players), str(len(players)))
            named = (f"everyone (the {count} players and the master)"
                     if set(to) == set(order) else ", ".join(sorted(
                         to, key=lambda r: (order.index(r) if r in order else len(order), r))))
            print(f"\n--- {subject}\n    to {named}\n", file=out)
            print(body, file=out)


def _text(mail: EmailMessage) -> str:
    part = mail.get_body(preferencelist=("plain",))
    return part.get_content().rstrip() if part is not None else ""  # the judge's are plain


def _head(body: str) -> str:
    lines = body.splitlines()
    if len(lines) <= BOOKS_HEAD:
        return body
    rest = len(lines) - BOOKS_HEAD
    return "\n".join([*lines[:BOOKS_HEAD], "",
                      f"[... {rest} more lines: every offer sheet, statement and chart of",
                      " the game, the same for every reader; judge demo --full prints them]"])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def own_judge(log: TextIO) -> Iterator[Path]:
    """A judge of its own: a temporary judge.conf, SQLite and Maildir, and ``judge serve``
    started as a process on a free loopback port (its processor off: the demo runs
    ``judge process`` itself, as cron would)."""
    with tempfile.TemporaryDirectory(prefix="judge-demo-") as tmp, \
            open(Path(tmp) / "serve.log", "wb") as serve_log:
        config = Path(tmp) / "judge.conf"
        config.write_text(
            f"[judge]\naddress = judge@demo.example\nvar = {tmp}\n"
            f"[smtp]\nhost = 127.0.0.1\nport = {free_port()}\n"
            f"[database]\nurl = sqlite:///{tmp}/judge.db\n"
            f"[outgoing]\nmaildir = {tmp}/outbox\n[worker]\npoll_seconds = 0.2\n"
            "[processing]\nenabled = no\n[security]\nscrypt_n = 1024\n", encoding="utf-8")
        settings = load_settings(config)
        serve = subprocess.Popen([sys.executable, "-m", "judge.cli", "serve", "--config",
                                  str(config)], stdout=subprocess.DEVNULL, stderr=serve_log)
        try:
            _wait_for_port(settings, serve)
            print(f"judge serve is listening on 127.0.0.1:{settings.smtp_port} "
                  f"(data in {tmp})", file=log)
            yield config
        finally:
            serve.terminate()
            serve.wait(30)


def _wait_for_port(settings: Settings, serve: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if serve.poll() is not None:
            raise RuntimeError(f"judge serve stopped at once (exit {serve.returncode})")
        try:
            socket.create_connection((settings.smtp_host, settings.smtp_port), 1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError("judge serve did not start listening")


def run(config: str | None, out: TextIO, only: str | None = None, full: bool = False,
        by_reader: bool = False, kind: str | None = None, maps: str | None = None) -> int:
    """Play against the judge of ``config`` (already serving), or against one of its own;
    print the game as a story, or (``by_reader``, ``only``) each reader's mail in turn.
    ``kind`` plays that market game's script (``GAMES``) instead of the Payola game.
    ``maps``: the folder where the maps the results mails carried are written (in a
    folder of the game's name); the log says where."""
    game = f"demo{int(time.time() * 10) % 10**7:07d}"  # always as long: wrapped mail lines stay put
    log = sys.stderr
    script = script_named(kind or GAMES[0])
    if config is None:
        with own_judge(log) as path:
            return _play_and_report(path, game, out, log, only, full, by_reader, script, maps)
    return _play_and_report(Path(config), game, out, log, only, full, by_reader, script, maps)


def _play_and_report(config: Path, game: str, out: TextIO, log: TextIO,
                     only: str | None, full: bool, by_reader: bool, script: Script,
                     maps: str | None = None) -> int:
    judge = MailJudge(load_settings(config), config, log)
    try:
        script.play(judge, game)
        if by_reader or only:
            report(judge, game, out, only, full, script.players, script.address)
        else:
            story(judge, game, out, full, script.players, script.narration, script.address)
        if maps:
            write_maps(judge, Path(maps) / game, log)
    finally:
        judge.engine.dispose()
    return 0


def write_maps(judge: MailJudge, folder: Path, log: TextIO) -> list[Path]:
    """Each map the game's mails carried (once, by its file name) into ``folder``."""
    written: dict[str, Path] = {}
    for key in judge.seen:
        for part in judge.mails[key].walk():
            name = part.get_filename()
            if part.get_content_type() != "image/png" or not name or name in written:
                continue
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / Path(name).name
            path.write_bytes(part.get_content())
            written[name] = path
    if written:
        print(f"The maps the results mails carried: {len(written)} pictures in {folder}/ "
              f"({', '.join(sorted(p.name for p in written.values()))})", file=log)
    return list(written.values())


PAYOLA = Script(play, POWERS, NARRATION)  # the registry's demo of Payola (judge.games)
# judge demo --game <name>: every kind of the registry with a demo script
GAMES = tuple(k.name for k in KINDS if k.demo is not None)


def script_named(kind: str) -> Script:
    """The script of ``judge demo --game <kind>``."""
    found = kind_named(kind)
    if found is None or found.demo is None:
        raise LookupError(f"no demo of {kind!r} (demos: {', '.join(GAMES)})")
    script = found.part("demo")
    assert isinstance(script, Script)
    return script
