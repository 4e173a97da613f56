"""Benchmark: the map of a 34-unit movement phase (every supply centre held, random
legal orders, adjudicated), drawn as SVG and as PNG; and a phase's results mails to 7
players, an observer and the master, with maps and without.

    .venv/bin/python bench/maps.py [--repeat 30]

Prints the median time (wall clock, one core) of ``board_svg`` and ``board_png`` (1,200
and 600 pixels wide) and the PNG's size, and the first PNG of a process (which paints
the board's ground, kept for the next ones); then the CPU time of ``results_mails`` for
the phase with every reader's map on and with every reader's map off, and their ratio;
then the same ratio for the phase's adjudication and its results mails together (what
``judge process`` does for a phase, less the database and the mail queue); then the same
with the mails rendered as the sender renders them for the relay (a map's mail with its
picture in base64).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace
from datetime import UTC, datetime

from judge.config import Settings
from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.choices import random_orders
from judge.engine.maps import load_map
from judge.engine.state import position_from_state
from judge.mail.send import render
from judge.maps import board_png, board_svg
from judge.maps.played import played
from judge.service.reports.results import results_mails
from judge.service.reports.roster import Member, Roster
from judge.storage.mailqueue import OutboundMessage

# a full board: 34 units, one on every supply centre, owned by the unit's power
SHARES = {"AUSTRIA": ["VIE", "BUD", "TRI", "SER", "GRE"],
          "ENGLAND": ["LON", "EDI", "LVP", "NWY", "BEL"],
          "FRANCE": ["PAR", "BRE", "MAR", "SPA", "POR"],
          "GERMANY": ["BER", "KIE", "MUN", "HOL", "DEN"],
          "ITALY": ["ROM", "NAP", "VEN", "TUN"],
          "RUSSIA": ["MOS", "WAR", "SEV", "STP", "SWE", "RUM"],
          "TURKEY": ["ANK", "CON", "SMY", "BUL"]}
FLEETS = {"LON", "EDI", "BRE", "KIE", "NAP", "SEV", "ANK", "TRI", "NWY", "DEN", "GRE"}


def busy_phase(seed: int = 1) -> PhaseResult:
    board = load_map("standard")
    units = {p: [f"{'F' if c in FLEETS else 'A'} {c}" for c in cs] for p, cs in SHARES.items()}
    state = {"phase": "F1905M", "units": units, "centers": SHARES}
    position = position_from_state(state, board)
    return adjudicate(position, random_orders(position, board, random.Random(seed)), board)


def _median(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _cpu(fn: object, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()  # type: ignore[operator]
    return (time.process_time() - start) / repeat * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    result = busy_phase()
    phase = played(result)
    units = sum(len(us) for us in phase.state["units"].values())
    draw = dict(orders=phase.orders, results=phase.results, title="Game bench")
    board_svg(phase.state, **draw)   # the geometry read once
    start = time.perf_counter()
    board_png(phase.state, **draw)   # the font loaded, the ground painted
    first = (time.perf_counter() - start) * 1000
    svg = _median(lambda: board_svg(phase.state, **draw), args.repeat)
    png = _median(lambda: board_png(phase.state, **draw), args.repeat)
    size = len(board_png(phase.state, **draw))
    board_png(phase.state, width=600, **draw)
    narrow = _median(lambda: board_png(phase.state, width=600, **draw), args.repeat)
    small = len(board_png(phase.state, width=600, **draw))
    print(f"{units} units, {len(phase.orders)} orders: SVG {svg:.1f} ms, "
          f"PNG {png:.1f} ms ({size / 1000:.0f} KB), at 600 px {narrow:.1f} ms "
          f"({small / 1000:.0f} KB), median of {args.repeat}; "
          f"first PNG of the process {first:.0f} ms")
    board = load_map("standard")
    players = {p: Member(f"{p.lower()}@players.test", p) for p in board.powers}
    roster = Roster(game="bench", variant="standard", players=players,
                    observers=(Member("watcher@players.test", "OBSERVER"),),
                    master=Member("master@players.test", "MASTER"))
    quiet = replace(roster, players={p: replace(m, maps=False) for p, m in players.items()},
                    observers=(Member("watcher@players.test", "OBSERVER", maps=False),),
                    master=Member("master@players.test", "MASTER", maps=False))
    deadline = datetime(2031, 3, 7, 20, 0, tzinfo=UTC)
    repeat = max(3, args.repeat // 3)
    with_maps = _cpu(lambda: results_mails(roster, result, board, deadline), repeat)
    text_only = _cpu(lambda: results_mails(quiet, result, board, deadline), repeat)
    print(f"results mails to 9 readers: {with_maps:.1f} ms CPU with maps, "
          f"{text_only:.1f} ms text only ({with_maps / text_only:.2f} times)")
    position, orders = result.position, result.orders

    def phase_with(members: Roster) -> None:
        results_mails(members, adjudicate(position, orders, board), board, deadline)

    whole_maps = _cpu(lambda: phase_with(roster), repeat)
    whole_text = _cpu(lambda: phase_with(quiet), repeat)
    print(f"adjudication and results mails: {whole_maps:.1f} ms CPU with maps, "
          f"{whole_text:.1f} ms text only ({whole_maps / whole_text:.2f} times)")
    judge = Settings(addresses=("judge@example.org",))

    def sent(members: Roster) -> None:
        for n, mail in enumerate(results_mails(members, adjudicate(position, orders, board),
                                               board, deadline)):
            picture = mail.picture or (None, "")
            render(OutboundMessage(recipient=mail.to, sender="", subject=mail.subject,
                                   body=mail.body, raw=None, in_reply_to=None,
                                   message_id=f"<{n}.bench@example.org>",
                                   picture=picture[0], picture_name=picture[1]),
                   judge, deadline)

    sent_maps = _cpu(lambda: sent(roster), repeat)
    sent_text = _cpu(lambda: sent(quiet), repeat)
    print(f"the same and the mails rendered for the relay: {sent_maps:.1f} ms CPU with maps, "
          f"{sent_text:.1f} ms text only ({sent_maps / sent_text:.2f} times)")


if __name__ == "__main__":
    main()
