"""What every script of ``judge demo`` is made of: the judge as its players meet it by
mail (``MailJudge``), a player's address, and the ``Script`` itself (what it plays, its
players, its story). ``judge.demo`` plays the scripts; those of ``judge.demos`` import
this module only, never ``judge.demo``."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import TextIO

from sqlalchemy import func, select

from judge.config import Settings
from judge.mail.client import compose, outbox, send_to_judge
from judge.storage.base import utcnow
from judge.storage.mailqueue import InboundMessage, InboxState, OutboundMessage, OutboxState
from judge.storage.session import make_engine

WAIT_SECONDS = 90.0


def player(power: str, game: str) -> str:
    return f"{power.lower()}@{game}.example"


class MailJudge:
    """The judge as its players meet it: SMTP in, the judge's Maildir out, and the
    ``judge process`` a judge keeper's cron runs."""

    def __init__(self, settings: Settings, config: Path, log: TextIO) -> None:
        self.settings, self.config, self.log = settings, config, log
        self.engine = make_engine(settings.database_url)
        self.seen: list[str] = []
        self.mails: dict[str, EmailMessage] = {}
        self.chapters: list[tuple[int, str]] = []  # (mails seen before it, NARRATION key)

    def chapter(self, key: str) -> None:
        """The mails from here on belong to the part of the game ``key`` tells of."""
        self.collect()
        self.chapters.append((len(self.seen), key))

    def send(self, sender: str, lines: Sequence[str], subject: str = "orders") -> None:
        send_to_judge(self.settings,
                      compose(sender, self.settings.address, "\n".join(lines), subject))

    def process(self) -> None:
        """One run of ``judge process``, exactly as cron would start it."""
        run = subprocess.run([sys.executable, "-m", "judge.cli", "process", "--config",
                              str(self.config)], capture_output=True, text=True, check=True)
        for line in run.stdout.splitlines():
            print(f"  judge process: {line}", file=self.log)
        self.settle()

    def settle(self) -> None:
        """Wait until every mail sent has been handled and every mail queued delivered."""
        deadline = time.monotonic() + WAIT_SECONDS
        count = -1
        while time.monotonic() < deadline:
            with self.engine.connect() as db:
                busy = db.scalar(select(func.count()).select_from(InboundMessage).where(
                    InboundMessage.state == InboxState.RECEIVED.value)) or 0
                busy += db.scalar(select(func.count()).select_from(OutboundMessage).where(
                    OutboundMessage.state.in_([OutboxState.PENDING.value,
                                               OutboxState.SENDING.value]),
                    OutboundMessage.next_attempt_at <= utcnow())) or 0
            now = self.collect()
            if not busy and now == count:
                return
            count = now
            time.sleep(max(0.2, self.settings.poll_seconds / 2))
        raise TimeoutError(f"the judge at port {self.settings.smtp_port} did not answer in "
                           f"{WAIT_SECONDS:.0f} s; is judge serve running with this config?")

    def collect(self) -> int:
        """Read new mail from the judge's Maildir, in the order it appears."""
        for key, message in outbox(self.settings.maildir, self.mails):
            self.mails[key] = message
            self.seen.append(key)
        return len(self.seen)

    def received(self, address: str) -> list[EmailMessage]:
        return [m for k in self.seen if (m := self.mails[k])["To"] == address]

    def has(self, subject: str) -> bool:
        return any(str(m["Subject"]) == subject for m in self.mails.values())


@dataclass(frozen=True)
class Script:
    """One game ``judge demo --game`` can play: the script, its players, the story."""

    play: Callable[[MailJudge, str], None]
    players: Sequence[str]
    narration: Mapping[str, str]
    address: Callable[[str, str], str] = player  # a player's address in a game


def open_game(judge: MailJudge, game: str, create: str, names: Sequence[str],
              address: Callable[[str, str], str] = player, start: bool = True) -> str:
    """The opening every market script plays: the master CREATEs the game with ``create``
    (its kind's word and parameters), each of ``names`` JOINs with his own password, and
    (``start``) the master STARTs it; ``address`` gives each one's address, the master's
    too. Returns the master's address."""
    master = address("master", game)
    judge.chapter("start")
    judge.send(master, [f"CREATE {game} masterpw {create}"])
    judge.settle()
    for name in names:
        judge.send(address(name, game), [f"JOIN {game} pw{name.lower()} {name}"])
    judge.settle()
    if start:
        judge.send(master, [f"SIGNON MASTER@{game} masterpw", "START"])
        judge.settle()
    return master
