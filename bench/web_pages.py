"""Benchmark: a game's page served by the web server, requests per second on one core.

    .venv/bin/python bench/web_pages.py [--seconds 10] [--clients 4]

Builds (in a temporary directory) a Payola game of seven players with 20 phases of
history, played through the service and the processor, with a broadcast per phase;
starts the web server (uvicorn, as ``judge serve`` runs it) in a process of its own
pinned to one core when ``taskset`` is there; asks once for the page of each phase
(the first request renders it), then has ``--clients`` keep-alive clients ask for the
game page and its phases in turn for ``--seconds``. Target: 300 pages a second or more.
"""

from __future__ import annotations

import argparse
import http.client
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import select  # noqa: E402

from judge.config import settings_from_text  # noqa: E402
from judge.mail.decode import DecodedMail  # noqa: E402
from judge.service.inbound import handle_mail  # noqa: E402
from judge.service.processing import process_due  # noqa: E402
from judge.storage.base import register_all_tables  # noqa: E402
from judge.storage.schema import PhaseRecord  # noqa: E402
from judge.storage.session import make_engine, make_sessionmaker, unit_of_work  # noqa: E402

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
PHASES = 20


def build(folder: Path) -> Path:
    config = folder / "judge.conf"
    port = _free_port()
    config.write_text(f"[judge]\naddress = judge@example.org\n[database]\nurl = sqlite:///"
                      f"{folder / 'judge.db'}\n[security]\nscrypt_n = 1024\n"
                      f"[web]\nhost = 127.0.0.1\nport = {port}\n")
    settings = settings_from_text(config.read_text(), folder)
    engine = make_engine(settings.database_url)
    register_all_tables().create_all(engine)
    factory = make_sessionmaker(engine)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    count = 0

    def mail(sender: str, *lines: str) -> None:
        nonlocal count, now
        count += 1
        now += timedelta(minutes=1)
        with unit_of_work(factory) as s:
            handle_mail(s, DecodedMail(sender, None, "orders", f"<b{count}@x>", lines, False),
                        settings, now)

    mail("gm@example.org", "CREATE bench masterpw PAYOLA")
    for p in POWERS:
        mail(f"{p.lower()}@example.org", f"JOIN bench pw{p.lower()} {p}")
    mail("gm@example.org", "SIGNON MASTER@bench masterpw", "START")
    while True:
        with factory() as s:
            played = s.scalars(select(PhaseRecord).where(
                PhaseRecord.processed_at.is_not(None))).all()
        if len(played) >= PHASES:
            break
        mail("france@example.org", "SIGNON FRANCE@bench pwfrance", "BROADCAST",
             f"News of phase {len(played)}.", "ENDPRESS")
        now += timedelta(days=30)
        process_due(factory, settings, now)
    engine.dispose()
    return config


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SERVER = """
import sys, uvicorn
from judge.config import load_settings
from judge.storage.session import make_engine, make_sessionmaker
from judge.web.app import create_app
settings = load_settings(sys.argv[1])
app = create_app(settings, make_sessionmaker(make_engine(settings.database_url)))
uvicorn.run(app, host="127.0.0.1", port=int(settings.option("web", "port")),
            log_level="warning", access_log=False, lifespan="off")
"""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="judge-web-bench-"))
    try:
        config = build(folder)
        settings = settings_from_text(config.read_text(), folder)
        port = int(settings.option("web", "port"))
        pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
        server = subprocess.Popen([*pin, sys.executable, "-c", SERVER, str(config)], cwd=ROOT)
        try:
            _wait(port)
            with make_engine(settings.database_url).connect() as db:
                phases = [r[0] for r in db.execute(select(PhaseRecord.phase).where(
                    PhaseRecord.processed_at.is_not(None)))]
            paths = ["/game/bench", *(f"/game/bench/phase/{p}" for p in phases)]
            for path in paths:  # the first request for each renders it
                assert _get(http.client.HTTPConnection("127.0.0.1", port), path) == 200
            done = [0] * args.clients
            stop = time.monotonic() + args.seconds

            def client(n: int) -> None:
                connection = http.client.HTTPConnection("127.0.0.1", port)
                i = n
                while time.monotonic() < stop:
                    assert _get(connection, paths[i % len(paths)]) == 200
                    done[n] += 1
                    i += 1

            threads = [threading.Thread(target=client, args=(n,))
                       for n in range(args.clients)]
            start = time.monotonic()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            took = time.monotonic() - start
            total = sum(done)
            print(f"{len(phases)} phases of history, 7 players; {total} pages in {took:.1f} s "
                  f"by {args.clients} clients: {total / took:.0f} pages a second "
                  f"(server on {'one core' if pin else 'any core'}; target 300)")
        finally:
            server.terminate()
            server.wait(10)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


def _get(connection: http.client.HTTPConnection, path: str) -> int:
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    return response.status


def _wait(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the web server did not start")


if __name__ == "__main__":
    sys.exit(main())
