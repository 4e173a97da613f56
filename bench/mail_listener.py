"""Benchmark: mails per second the SMTP listener accepts (stored before 250) from 20 clients.

    .venv/bin/python bench/mail_listener.py                      # SQLite in a temp directory
    .venv/bin/python bench/mail_listener.py --database-url "$(.ci/postgres.sh)"
    .venv/bin/python bench/mail_listener.py --serve              # the whole judge serve, flooded
    .venv/bin/python bench/mail_listener.py --serve --rate 200   # ... offered 200 mails/s

With ``--serve`` the listener runs inside the whole daemon, as ``judge serve`` runs it: the
worker (the real service handler) answers each mail while more arrive, and the sender
writes the answers to the Maildir (``--serve-options`` gives judge.conf's ``[serve]``
lines, e.g. ``worker = process``). It prints how fast mail was accepted, when the last
answer was queued and delivered (also counted from the last mail's 250), the largest
backlogs seen (mail stored but not answered; answers queued but not delivered), and
the daemon's CPU time per mail by thread. Without ``--rate`` the clients flood (each
sends its next mail as soon as the last is answered 250); with it they together offer
that many mails a second, steadily: "answers as fast as mail arrives" is a bounded
backlog and a last answer within about a second of the last mail.

Clients run in a separate process (20 threads, each with its own SMTP connection), so
the listener does not share its interpreter lock with them. Target: 200 mails/s.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import smtplib
import socket
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mail_database import scratch_database  # noqa: E402
from sqlalchemy import create_engine, func, select, text  # noqa: E402

from judge.config import settings_from_text  # noqa: E402
from judge.mail.daemon import Daemon  # noqa: E402
from judge.mail.listener import Listener  # noqa: E402
from judge.service.bounces import note_bounces  # noqa: E402
from judge.service.inbound import handle_mail  # noqa: E402
from judge.storage.mailqueue import InboundMessage  # noqa: E402
from judge.storage.session import make_sessionmaker  # noqa: E402

BODY = (
    "signon france@alpha secret\r\nA PAR - BUR\r\nA MAR S A PAR - BUR\r\nF BRE - MAO\r\n"
    "PRESS TO E\r\nThe Channel stays empty.\r\nENDPRESS\r\n" + ("x" * 70 + "\r\n") * 20
)


def _mail(n: int, run: str) -> bytes:
    return (
        f"From: player{n % 7}@example.org\r\nTo: judge@example.org\r\n"
        f"Subject: orders {n}\r\nMessage-ID: <{run}.{n}@example.org>\r\n\r\n{BODY}"
    ).encode()


def _clients(port: int, clients: int, per_client: int, run: str, reconnect: bool,
             rate: float = 0.0, accepted: Any = None) -> None:
    """Send ``per_client`` mails from each of ``clients`` threads: as fast as each gets
    its 250 (a flood), or, with ``rate``, mail number n (of all clients) at n / rate
    seconds after the start (a steady offer; a client that is behind sends at once).
    ``accepted`` (a shared double) gets the wall-clock time of the last 250."""
    errors: list[BaseException] = []
    last = [0.0]
    start = time.time()

    def client(c: int) -> None:
        try:
            smtp = smtplib.SMTP("127.0.0.1", port, timeout=60)
            for i in range(per_client):
                n = i * clients + c
                if rate:
                    ahead = start + n / rate - time.time()
                    if ahead > 0:
                        time.sleep(ahead)
                if reconnect and i:
                    smtp.quit()
                    smtp = smtplib.SMTP("127.0.0.1", port, timeout=60)
                smtp.sendmail("p@example.org", ["judge@example.org"], _mail(n, run))
                last[0] = max(last[0], time.time())
            smtp.quit()
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=client, args=(c,)) for c in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if accepted is not None:
        accepted.value = last[0]
    if errors:
        raise SystemExit(f"{len(errors)} clients failed: {errors[0]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--mails", type=int, default=2000, help="mails in all")
    parser.add_argument(
        "--reconnect",
        action="store_true",
        help="one SMTP connection per mail (as most MTAs deliver)",
    )
    parser.add_argument("--serve", action="store_true",
                        help="the whole judge serve: listener, worker and sender together")
    parser.add_argument("--rate", type=float, default=0.0,
                        help="with --serve: the clients together offer this many mails a "
                             "second, steadily (default: a flood, each client as fast as "
                             "it is answered)")
    parser.add_argument("--serve-options", default="",
                        help="with --serve: lines for judge.conf's [serve] section, e.g. "
                             "'worker = process'")
    args = parser.parse_args()
    if args.serve:
        serve(args)
        return
    with tempfile.TemporaryDirectory() as tmp, scratch_database(
        args.database_url, tmp
    ) as (url, engine):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        settings = settings_from_text(
            f"[judge]\naddress = judge@example.org\n[smtp]\nport = {port}\n", Path(tmp)
        )
        per_client = args.mails // args.clients
        with Listener(settings, make_sessionmaker(engine)):
            proc = multiprocessing.Process(
                target=_clients,
                args=(port, args.clients, per_client, uuid.uuid4().hex, args.reconnect),
            )
            start = time.perf_counter()
            proc.start()
            proc.join()
            elapsed = time.perf_counter() - start
        with engine.connect() as conn:
            stored = conn.execute(select(func.count()).select_from(InboundMessage)).scalar_one()
    total = per_client * args.clients
    if proc.exitcode != 0 or stored != total:
        raise SystemExit(f"clients exit {proc.exitcode}, stored {stored} of {total}")
    backend = url.split(":", 1)[0]
    mode = "connection per mail" if args.reconnect else "connection per client"
    print(
        f"listener {backend}: {total} mails from {args.clients} clients ({mode}) in "
        f"{elapsed:.2f} s = {total / elapsed:.0f} mails/s accepted (target 200)"
    )


def serve(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp, scratch_database(
        args.database_url, tmp
    ) as (url, engine):
        settings = settings_from_text(
            f"[judge]\naddress = judge@example.org\n[smtp]\nport = 0\n"
            f"[database]\nurl = {url}\n[outgoing]\nmaildir = {tmp}/outbox\n"
            "[security]\nreplies_per_hour = 1000000\n" + _serve_options(args), Path(tmp))
        factory = make_sessionmaker(engine)
        per_client = args.mails // args.clients
        total = per_client * args.clients
        last_accepted = multiprocessing.Value("d", 0.0)
        # the watcher is spawned, not forked: a child forked while the daemon's threads run
        # may start with a lock one of them held, for ever (a run waited 10 minutes so)
        spawn = multiprocessing.get_context("spawn")
        watched: multiprocessing.Queue[_Watched | None] = spawn.Queue()
        watch: _Watched | None = None
        with Daemon(settings, factory, handle_mail, bounces=note_bounces) as daemon:
            proc = multiprocessing.Process(
                target=_clients,
                args=(daemon.port, args.clients, per_client, uuid.uuid4().hex, args.reconnect,
                      args.rate, last_accepted),
            )
            _settled(daemon)
            started = spawn.Value("d", 0.0)
            watcher = spawn.Process(target=_watch, args=(url, total, started, watched))
            watcher.start()
            watched.get(timeout=120)  # ready: imports done, database opened
            start = time.time()
            started.value = start
            cpu_before = _cpu_by_thread(daemon)
            proc.start()
            proc.join()
            if proc.exitcode == 0:
                watch = watched.get(timeout=660)
            watcher.join(timeout=60)
            cpu = {k: v - cpu_before.get(k, 0.0) for k, v in _cpu_by_thread(daemon).items()}
    accepted = last_accepted.value - start
    if proc.exitcode != 0 or watch is None or watch.answered is None or watch.delivered is None:
        raise SystemExit(f"clients exit {proc.exitcode}, not every mail answered and sent")
    backend = url.split(":", 1)[0]
    mode = "connection per mail" if args.reconnect else "connection per client"
    offer = f"offered {args.rate:g} mails/s" if args.rate else "flood"
    options = " ".join(args.serve_options.split()) or "threads"
    print(f"judge serve {backend} ({offer}; {options}): {total} mails from {args.clients} "
          f"clients ({mode}) accepted in {accepted:.2f} s = {total / accepted:.0f} mails/s "
          f"(target 200); all answered after {watch.answered:.2f} s = "
          f"{total / watch.answered:.0f} mails/s, all answers delivered after "
          f"{watch.delivered:.2f} s")
    print(f"  after the last 250: last answer queued {watch.answered - accepted:.2f} s, "
          f"delivered {watch.delivered - accepted:.2f} s; largest backlog: "
          f"{watch.most_waiting} mails unanswered, {watch.most_unsent} answers undelivered")
    per_mail = ", ".join(f"{name} {seconds * 1000 / total:.2f}" for name, seconds in cpu.items())
    print(f"  daemon CPU ms a mail: {per_mail}")


def _settled(daemon: Daemon) -> None:
    """Wait until the daemon's child processes have started (their imports are not a
    mail's CPU): until their CPU time stays put for half a second (at most 30 s)."""
    deadline = time.time() + 30
    last: dict[str, float] = {}
    while getattr(daemon, "children", None) and time.time() < deadline:
        now = {k: v for k, v in _cpu_by_thread(daemon).items() if k.endswith(" process")}
        if len(now) == len(getattr(daemon, "children", ())) and now == last:
            return
        last = now
        time.sleep(0.5)


def _serve_options(args: argparse.Namespace) -> str:
    return f"[serve]\n{args.serve_options}\n" if args.serve_options else ""


@dataclass
class _Watched:
    answered: float | None = None
    delivered: float | None = None
    most_waiting: int = 0
    most_unsent: int = 0


def _watch(url: str, total: int, started: Any, out: Any) -> None:
    """Poll the inbox and outbox every 50 ms until every mail is answered and delivered
    (at most 10 minutes): the backlogs, and when the last answer was queued and sent; put
    on ``out``. Runs in a process of its own, with a plain engine (its reads take no
    write lock), so that watching costs the daemon nothing."""
    engine = create_engine(url)
    with engine.connect():
        pass
    out.put(None)  # ready; the clients start at ``started``
    while not started.value:
        time.sleep(0.001)
    start = started.value
    watched = _Watched()
    count = text(
        "SELECT (SELECT count(*) FROM inbox), "
        "(SELECT count(*) FROM inbox WHERE state != 'received'), "
        "(SELECT count(*) FROM outbox), (SELECT count(*) FROM outbox WHERE state = 'sent')")
    while time.time() - start < 600:
        with engine.connect() as conn:
            stored, handled, queued, sent = conn.execute(count).one()
        now = time.time() - start
        watched.most_waiting = max(watched.most_waiting, stored - handled)
        watched.most_unsent = max(watched.most_unsent, queued - sent)
        if handled == total and watched.answered is None:
            watched.answered = now
        if watched.answered is not None and sent == queued:
            watched.delivered = now
            break
        time.sleep(0.05)
    engine.dispose()
    out.put(watched)


def _cpu_by_thread(daemon: Daemon) -> dict[str, float]:
    """CPU seconds so far of this process's threads by their Python names (a pool's
    threads added up), of the whole process ("all"), and of the daemon's child processes
    (named "... process"), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")

    def cpu(stat: str) -> float | None:
        try:
            fields = Path(stat).read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / tick  # utime + stime

    out: dict[str, float] = {}
    for thread in threading.enumerate():
        seconds = cpu(f"/proc/self/task/{thread.native_id}/stat")
        if seconds:
            name = thread.name.split(" ")[0].rstrip("_0123456789-") or thread.name
            out[name] = out.get(name, 0.0) + seconds
    times = os.times()
    out["all"] = times.user + times.system
    for name, process in getattr(daemon, "processes", {}).items():
        seconds = cpu(f"/proc/{process.pid}/stat")
        if seconds is not None:
            out[f"{name} process"] = seconds
    return out


if __name__ == "__main__":
    main()
