"""The ``judge`` command: one subcommand per job; the only place that wires layers together."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from judge.games import DEFAULT, KINDS

if TYPE_CHECKING:  # each subcommand imports only the layers it needs, when it runs
    from sqlalchemy.orm import Session, sessionmaker

    from judge.config import Settings


def _adjudicate(args: argparse.Namespace) -> int:
    from judge import batch

    batch.runner(DEFAULT.name)  # the engine, which every game plays on, loaded before settling
    settle_after_start()
    source = open(args.input, encoding="utf-8") if args.input else sys.stdin
    with source:
        return batch.main(source, sys.stdout)


def settle_after_start() -> None:
    """Start-up is done: what is alive now (modules, maps, grammars) stays to the end, so
    the cyclic collector is told not to look at it again (``gc.freeze``), and it runs
    less often (after 20,000 new objects, not 700: a heavy Payola phase makes thousands
    of short-lived objects). Measured with callgrind: about 7% fewer instructions
    reading and playing the heavy Payola phase, 1.5% on standard phases."""
    import gc

    gc.freeze()
    gc.set_threshold(20_000, 10, 10)


def _database(args: argparse.Namespace) -> tuple[Settings, sessionmaker[Session]]:
    """Settings, and a session factory on the database upgraded to the newest schema."""
    from judge.config import load_settings
    from judge.storage.migrate import upgrade
    from judge.storage.session import make_engine, make_sessionmaker

    settings = load_settings(args.config)
    engine = make_engine(settings.database_url)
    upgrade(engine)
    return settings, make_sessionmaker(engine)


def _close(factory: sessionmaker[Session]) -> None:
    """Close the database connections of a command that is done with them (main() may
    run in a longer process, a test's for one)."""
    bind = factory.kw.get("bind")
    if bind is not None:
        bind.dispose()


def _initdb(args: argparse.Namespace) -> int:
    from judge.storage.migrate import head_revision

    settings, factory = _database(args)
    _close(factory)
    from judge.storage.session import shown_url

    shown = shown_url(settings.database_url)
    print(f"database {shown} is at schema revision {head_revision()}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    import logging

    from judge.mail.daemon import Daemon
    from judge.service.bounces import note_bounces
    from judge.service.inbound import handle_mail
    from judge.service.processing import processor_thread
    from judge.web.server import web_thread

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    # the log tells an operator what happened to each mail; not aiosmtpd's chatter about
    # every connection (a normal QUIT read as "Connection lost during _handle_client()")
    # nor Alembic setting up its plugins at every start
    for chatter in ("mail.log", "alembic.runtime.plugins"):
        logging.getLogger(chatter).setLevel(logging.WARNING)
    settings, factory = _database(args)
    daemon = Daemon(settings, factory, handle_mail, bounces=note_bounces)
    with processor_thread(factory, settings, on_done=daemon.outbox_waiting.set), \
            web_thread(settings, factory):
        daemon.serve_forever()
    return 0


def _process(args: argparse.Namespace) -> int:
    """One run of the phase processor (cron: every minute; see docs/processing.md)."""
    from judge.service.processing import process_due
    from judge.storage.base import utcnow

    settings, factory = _database(args)
    settle_after_start()  # a heavy Payola phase: the collector's passes took a fifth of it
    for done in process_due(factory, settings, utcnow()):
        print(done)
    return 0


def _requeue(args: argparse.Namespace) -> int:
    from judge.storage.mailqueue import requeue_inbound
    from judge.storage.session import unit_of_work

    _, factory = _database(args)
    with unit_of_work(factory) as session:
        done = [n for n in args.ids if requeue_inbound(session, n)]
    _close(factory)
    for n in args.ids:
        print(f"inbox #{n}: " + ("queued again" if n in done else "not a failed mail; unchanged"))
    return 0 if len(done) == len(args.ids) else 1


def _mail(args: argparse.Namespace) -> int:
    """Send standard input as one mail to the running judge."""
    from judge.config import load_settings
    from judge.mail.client import compose, send_to_judge

    settings = load_settings(args.config)
    message = compose(args.sender, settings.address, sys.stdin.read(), args.subject)
    send_to_judge(settings, message)
    print(f"sent to {settings.address} at {settings.smtp_host}:{settings.smtp_port} as "
          f"{message['Message-ID']}")
    return 0


def _outbox(args: argparse.Namespace) -> int:
    """List the newest mails of the judge's Maildir, or print one whole."""
    from judge.config import load_settings
    from judge.mail.client import listing, outbox, shown

    settings = load_settings(args.config)
    mails = [m for _, m in outbox(settings.maildir)
             if args.to is None or args.to.lower() in str(m["To"]).lower()]
    if args.show is not None:
        if not 1 <= args.show <= len(mails):
            print(f"there is no mail {args.show}: {len(mails)} in {settings.maildir}")
            return 1
        print(shown(mails[-args.show]))
        return 0
    for line in listing(mails)[: args.last]:
        print(line)
    if not mails:
        print(f"no mail in {settings.maildir}")
    return 0


def _add_mail_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    config = argparse.ArgumentParser(add_help=False)
    config.add_argument(
        "--config", metavar="PATH",
        help="judge.conf to read (default: $JUDGE_CONFIG, else ./judge.conf)",
    )
    serve = sub.add_parser(
        "serve", parents=[config],
        help="run the judge by mail: SMTP listener, inbox worker, outbox sender (docs/mail.md), "
        "and with [web] the web pages (docs/web.md)",
    )
    serve.set_defaults(func=_serve)
    initdb = sub.add_parser(
        "initdb", parents=[config], help="create or upgrade the database to the newest schema"
    )
    initdb.set_defaults(func=_initdb)
    process = sub.add_parser(
        "process", parents=[config],
        help="process every phase that is due, send reminders and late notices (cron: every "
        "minute; docs/processing.md)",
    )
    process.set_defaults(func=_process)
    requeue = sub.add_parser(
        "requeue", parents=[config], help="handle again inbox mail that failed (by number)"
    )
    requeue.add_argument("ids", nargs="+", type=int, metavar="N")
    requeue.set_defaults(func=_requeue)
    mail = sub.add_parser(
        "mail", parents=[config],
        help="send standard input as a mail to the running judge (its [smtp] host and port)",
    )
    mail.add_argument("--from", dest="sender", required=True, metavar="ADDRESS",
                      help="your address: the judge answers there")
    mail.add_argument("--subject", default="commands")
    mail.set_defaults(func=_mail)
    box = sub.add_parser(
        "outbox", parents=[config],
        help="list the mails the judge wrote into its Maildir (no relay set), newest first",
    )
    box.add_argument("--to", metavar="ADDRESS", help="only the mails to this address")
    box.add_argument("--last", type=int, default=10, metavar="N", help="list N mails (10)")
    box.add_argument("--show", type=int, metavar="K", help="print mail K of the list whole")
    box.set_defaults(func=_outbox)


def _demo(args: argparse.Namespace) -> int:
    from judge import demo

    return demo.run(args.config, sys.stdout, args.only, args.full, args.by_reader, args.game,
                    args.maps)


def _map(args: argparse.Namespace) -> int:
    """Draw a phase: of a stored game (--game, --phase), or a judge adjudicate case or
    result read from a file or standard input; .svg or .png by the output's name."""
    import json

    from judge.maps import board_png, board_svg
    from judge.maps.played import Played

    if args.game:
        drawn, title = _stored_phase(args)
    else:
        source = open(args.input, encoding="utf-8") if args.input else sys.stdin
        with source:
            text = source.read().strip()
        try:
            data = json.loads(text)
        except json.JSONDecodeError:  # JSON Lines: the first line
            data = json.loads(text.splitlines()[0])
        drawn, title = _case_phase(data), str(data.get("id", ""))
    if drawn is None:
        print("judge map: no such game or phase", file=sys.stderr)
        return 1
    assert isinstance(drawn, Played)
    out = Path(args.out)
    draw = {"orders": drawn.orders, "results": drawn.results, "title": title,
            "width": args.width}
    if out.suffix.lower() == ".svg":
        out.write_text(board_svg(drawn.state, **draw), encoding="utf-8")
    else:
        out.write_bytes(board_png(drawn.state, **draw))
    print(f"judge map: wrote {out} ({drawn.state.get('phase', '?')})", file=sys.stderr)
    return 0


def _case_phase(data: dict) -> object:
    """A case (state and orders: played here) or a result (its state, the next phase)."""
    from judge import batch
    from judge.maps.played import Played
    from judge.maps.reading import orders_by_unit

    if "orders" in data and "results" not in data:
        result = batch.run_case(data)
        orders = orders_by_unit(result.get("orders") or data.get("orders") or {})
        return Played(data["state"], orders, dict(result.get("results") or {}))
    return Played(data["state"], orders_by_unit(data.get("orders") or {}), {})


def _stored_phase(args: argparse.Namespace) -> tuple[object, str]:
    from sqlalchemy import select

    from judge.config import load_settings
    from judge.service.reports.maps import recorded
    from judge.storage.phases import phase_records
    from judge.storage.schema import Game
    from judge.storage.session import make_engine, make_sessionmaker

    # read only: the database as it is (judge serve and judge initdb upgrade it)
    factory = make_sessionmaker(make_engine(load_settings(args.config).database_url))
    try:
        with factory() as session:
            game = session.scalar(select(Game).where(Game.name == args.game))
            if game is None:
                return None, ""
            records = [r for r in phase_records(session, game) if not r.rolled_back]
            chosen = [r for r in records if args.phase is None or r.phase == args.phase.upper()]
            if not chosen:
                return None, ""
            record = chosen[-1]
            return recorded(record.state, record.result), f"Game {game.name}"
    finally:
        _close(factory)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="An email judge for Diplomacy.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    adj = sub.add_parser(
        "adjudicate",
        help="adjudicate JSON Lines cases from standard input (see docs/adjudicate.md)",
    )
    adj.add_argument("input", nargs="?", help="read cases from this file instead of stdin")
    adj.set_defaults(func=_adjudicate)
    _add_mail_commands(sub)
    demo = sub.add_parser(
        "demo", help="scripted players play a short game by mail (Payola; --game shareholders: "
        "a 1901-Shareholders year); prints their mail",
    )
    demo.add_argument("--config", metavar="PATH",
                      help="play against the judge serve running with this judge.conf "
                      "(default: start a judge of its own in a temporary directory)")
    demos = [k for k in KINDS if k.demo is not None]  # the registry's scripted games
    demo.add_argument("--game", default=demos[0].name, choices=[k.name for k in demos],
                      help="the game the scripted players play by mail: "
                      + ", ".join(f"{k.name} ({k.title})" for k in demos)
                      + f"; default {demos[0].name}")
    demo.add_argument("--only", metavar="POWER", help="print only this power's mail")
    demo.add_argument("--by-reader", action="store_true",
                      help="print each reader's mail in turn instead of the game as a story "
                      "(each mail once, with its readers)")
    demo.add_argument("--full", action="store_true",
                      help="print the books every reader gets at the end in full "
                      "(by default only their first lines)")
    demo.add_argument("--maps", metavar="DIR",
                      default=str(Path(tempfile.gettempdir()) / "judge-demo-maps"),
                      help="write the maps the results mails carried into DIR/<game> "
                      "(default: judge-demo-maps in the system's temporary folder)")
    demo.set_defaults(func=_demo)
    drawing = sub.add_parser(
        "map", help="draw a phase as SVG or PNG: of a stored game (--game G [--phase P]), "
        "or a judge adjudicate case or result from a file or standard input")
    drawing.add_argument("input", nargs="?", help="a case or result (JSON) instead of stdin")
    drawing.add_argument("--out", required=True, metavar="FILE",
                         help="the picture to write: FILE.svg or FILE.png")
    drawing.add_argument("--game", metavar="NAME", help="a game of the judge's database")
    drawing.add_argument("--phase", metavar="PHASE",
                         help="the game's phase (S1901M); default its last")
    drawing.add_argument("--config", metavar="PATH", default="judge.conf",
                         help="the judge.conf of the database (with --game)")
    drawing.add_argument("--width", type=int, default=1200, help="pixels (1200)")
    drawing.set_defaults(func=_map)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    return func(args)


if __name__ == "__main__":
    sys.exit(main())
