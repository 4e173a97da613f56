"""The ``judge`` command: one subcommand per job; the only place that wires layers together."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence


def _adjudicate(args: argparse.Namespace) -> int:
    from judge import batch

    batch.register_games()
    source = open(args.input, encoding="utf-8") if args.input else sys.stdin
    with source:
        return batch.main(source, sys.stdout)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="An email judge for Diplomacy.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    adj = sub.add_parser(
        "adjudicate",
        help="adjudicate JSON Lines cases from standard input (see docs/adjudicate.md)",
    )
    adj.add_argument("input", nargs="?", help="read cases from this file instead of stdin")
    adj.set_defaults(func=_adjudicate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    return func(args)


if __name__ == "__main__":
    sys.exit(main())
