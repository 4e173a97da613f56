"""Whole games by mail, from CREATE to the end, under the processor and a clock the test
moves: a standard game to victory and a Payola game to a draw, each with a missed
deadline, late orders, a retreat, adjustments, a pause and a rollback. Every mail every
reader receives is checked: who gets it, how many, and that private mail stays private."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from datetime import timedelta

from sqlalchemy import select

from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.engine.phase import PhaseKind
from judge.engine.position import Position
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import LedgerEntry, PhaseRecord, Power
from tests.processing import players
from tests.processing.conftest import MASTER, POWERS, Judge, address, by_recipient, signon

WATCHER = "watcher@example.net"
WINNER = "FRANCE"


class Table:
    """Plays one game: scripted players' orders by mail, processor runs, and the mail
    each reader received checked against what they are owed."""

    def __init__(self, judge: Judge, board: Map, game: str, payola: bool) -> None:
        self.judge = judge
        self.board = board
        self.game = game
        self.payola = payola
        self.readers = {address(p) for p in POWERS} | {MASTER, WATCHER}
        self.last: list[OutboundMessage] = []

    def position(self) -> Position:
        return players.position(self.judge.record(self.game).state, self.board)

    def orders(self, pos: Position) -> dict[str, list[str]]:
        kind = pos.phase.kind
        if kind is PhaseKind.RETREAT:
            return {p: players.retreats(pos, p) for p in POWERS}
        if kind is PhaseKind.ADJUSTMENT:
            return {p: players.adjustments(pos, p, self.board) for p in POWERS}
        mine = players.grab(pos, WINNER, self.board)
        aims = players.targets(mine)
        out = {p: players.step_aside(pos, p, self.board, aims) for p in POWERS if p != WINNER}
        return {WINNER: mine, **out}

    def send(self, power: str, lines: list[str], kind: PhaseKind) -> str:
        if self.payola and kind is PhaseKind.MOVEMENT:
            # the winner pays its own units; a bare order is a 0 AgP offer (spec 3.2)
            lines = [f"1 : {x}" if power == WINNER else x for x in lines]
        body = self.judge.reply(address(power), signon(power, self.game), *lines)
        assert "refused" not in body, body
        return body

    def submit(self, orders: Mapping[str, list[str]], skip: tuple[str, ...] = ()) -> None:
        kind = self.position().phase.kind
        for power, lines in orders.items():
            if lines and power not in skip:
                self.send(power, lines, kind)

    def processed(self, mails: list[OutboundMessage], phase: str, ended: bool = False) -> None:
        """A processed phase's mail: results to every reader once; in Payola movement
        each power's own statement to its player alone; income reports to each player
        alone; when the game ended, the end to everyone."""
        got = Counter((m.recipient, m.subject) for m in mails)
        expected: Counter[tuple[str, str]] = Counter()
        for reader in self.readers:
            expected[(reader, f"Diplomacy results {self.game} {phase}")] = 1
            if ended:
                expected[(reader, f"Diplomacy game {self.game} is over")] = 1
        for m in mails:
            if m.subject.startswith(("Payola bribe results", "Payola income report")):
                power = next(p for p in POWERS if address(p) == m.recipient)
                heading = "ACCOUNT STATEMENT FOR" if "bribe" in m.subject else "INCOME"
                assert power in m.body, m.body
                assert not any(f"{heading} {q}" in m.body or f"FOR {q}" in m.body
                               for q in POWERS if q != power), m.body
                expected[(m.recipient, m.subject)] = 1
        if self.payola and phase.endswith("M"):  # every power has units or money here
            statements = {r for (r, s) in got if s.startswith("Payola bribe results")}
            assert statements == {address(p) for p in POWERS}
            # the bribe chart: the master's alone while the game runs (spec 6.6)
            expected[(MASTER, f"Payola bribe chart {self.game} {phase}")] = 1
            chart = next(m for m in mails if m.subject.startswith("Payola bribe chart"))
            assert f"PAYOLA BRIBE CHART, {_heading(phase)}" in chart.body
        for m in mails:
            if m.recipient != MASTER:
                assert "BRIBE CHART" not in m.body and "ACCEPTS  SAVINGS" not in m.body
        if ended and self.payola:
            for reader in self.readers:
                expected[(reader, f"Payola records {self.game}")] = 1
        assert got == expected, sorted(set(got) ^ set(expected))
        self.last = mails

    def play(self, orders: Mapping[str, list[str]] | None = None) -> str:
        """Everyone that must act sends orders; the next run processes the phase early."""
        pos = self.position()
        self.submit(orders if orders is not None else self.orders(pos))
        done, mails = self.judge.later(minutes=5)
        phase = str(pos.phase)
        assert f"{self.game}: processed {phase}" in [str(d) for d in done], done
        ended = self.judge.game(self.game).state == "completed"
        self.processed(mails, phase, ended)
        return phase


def _setup(full: Callable[..., Judge], variant: str, game: str) -> Table:
    judge = full(variant, "SET GRACE 1D", name=game)
    body = judge.reply(WATCHER, f"OBSERVE {game} watchpw")
    assert "You observe" in body
    done, mails = judge.run()
    assert [str(d) for d in done] == [f"{game}: started S1901M"]
    started = by_recipient(mails)
    assert set(started) == {address(p) for p in POWERS} | {MASTER, WATCHER}
    return Table(judge, load_map("standard"), game, variant == "PAYOLA")


def _opening(table: Table) -> None:
    """S1901M with England missing the deadline and Italy late within grace, then F1901M
    where Germany dislodges France from Burgundy, a pause in between."""
    judge = table.judge
    pos = table.position()
    orders = table.orders(pos)
    orders["GERMANY"] = ["A MUN - RUH", "A BER - MUN", "F KIE - DEN"]
    table.submit(orders, skip=("ENGLAND", "ITALY"))
    deadline = judge.record(table.game).deadline
    done, mails = judge.at(deadline)
    late = Counter((m.recipient, m.subject) for m in mails)
    subject = f"Diplomacy late notice {table.game} S1901M"
    assert late == Counter({(address("ENGLAND"), subject): 1, (address("ITALY"), subject): 1,
                            (MASTER, subject): 1})
    judge.later(hours=3)
    table.send("ITALY", orders["ITALY"], PhaseKind.MOVEMENT)  # late, within grace
    assert judge.later(hours=1) == ([], [])  # England still missing: grace runs on
    done, mails = judge.at(deadline + timedelta(days=1))
    table.processed(mails, "S1901M")
    results = by_recipient(mails)[WATCHER][0].body
    assert "England: Fleet London HOLD." in results  # civil disorder
    pos = table.position()
    assert str(pos.phase) == "F1901M"

    orders = table.orders(pos)
    orders["GERMANY"] = ["A RUH - BUR", "A MUN S A RUH - BUR", "F DEN H"]
    orders[WINNER] = [("A BUR H" if o.startswith("A BUR") else o) for o in orders[WINNER]]
    table.submit(orders)
    out = judge.send(MASTER, f"SIGNON MASTER@{table.game} masterpw", "PAUSE")
    paused = {m.recipient for m in out if m.subject.endswith("is paused")}
    assert paused == table.readers
    assert "paused, not active" in judge.reply(address("AUSTRIA"),
                                               signon("AUSTRIA", table.game), "A BUD H")
    assert judge.later(hours=2) == ([], [])  # complete, but paused
    out = judge.send(MASTER, f"SIGNON MASTER@{table.game} masterpw", "RESUME")
    assert {m.recipient for m in out if m.subject.endswith("is resumed")} == table.readers
    done, mails = judge.later(minutes=5)
    table.processed(mails, "F1901M")
    assert "France: Army Burgundy HOLD.  (*dislodged*)" in by_recipient(mails)[WATCHER][0].body
    pos = table.position()
    assert str(pos.phase) == "F1901R"
    assert [d.unit.location for d in pos.dislodged["FRANCE"]] == ["BUR"]
    table.play({"FRANCE": ["A BUR - PIC"]})  # the retreat
    assert "PIC" in {u.location for u in table.position().units["FRANCE"]}


def _rollback(table: Table) -> None:
    """The master rolls the phase just processed back: everyone is told, Payola money
    returns to what it was, and the phase is processed again, once, to the same end."""
    judge = table.judge
    before = _balances(judge)
    phase = table.play()
    after = _balances(judge)
    assert (before != after) == table.payola  # the winner paid for its units
    out = judge.send(MASTER, f"SIGNON MASTER@{table.game} masterpw", f"ROLLBACK {phase}")
    told = {m.recipient for m in out if m.subject.endswith(f"rolled back to {phase}")}
    assert told == table.readers
    assert str(table.position().phase) == phase
    assert _balances(judge) == before
    done, mails = judge.later(minutes=5)  # the orders stood: complete again at once
    table.processed(mails, phase)
    assert _balances(judge) == after  # same sheets, same seed, same money
    with judge.factory() as s:
        kept = s.scalars(select(PhaseRecord.phase).where(
            PhaseRecord.rolled_back.is_(False))).all()
    assert Counter(kept)[phase] == 1


def _heading(phase: str) -> str:
    seasons = {"S": "SPRING", "F": "FALL", "W": "WINTER"}
    return f"{seasons[phase[0]]} {phase[1:5]} MOVEMENT"


def _balances(judge: Judge) -> dict[str, int]:
    with judge.factory() as s:
        return {p.name: p.balance for p in s.scalars(select(Power))}


def test_a_standard_game_by_mail_to_victory(full: Callable[..., Judge]) -> None:
    table = _setup(full, "STANDARD", "alpha")
    _opening(table)
    assert table.play() == "W1901A"  # builds
    _rollback(table)
    for _ in range(60):
        if table.judge.game("alpha").state == "completed":
            break
        table.play()
    game = table.judge.game("alpha")
    assert game.state == "completed" and game.result == "victory FRANCE"
    assert table.judge.later(hours=500) == ([], [])


def test_a_payola_game_by_mail_to_a_draw(full: Callable[..., Judge]) -> None:
    table = _setup(full, "PAYOLA", "beta")
    judge = table.judge
    start = _balances(judge)
    assert start["FRANCE"] == 48 and start["RUSSIA"] == 62
    out = judge.send(address("ENGLAND"), signon("ENGLAND", "beta"), "TRANSFER 5 TO FRANCE")
    assert {m.recipient for m in out} == {address("ENGLAND"), address("FRANCE")}
    _opening(table)
    assert table.play() == "W1901A"
    reports = {m.recipient for m in table.last if m.subject == "Payola income report beta 1901"}
    assert reports == {address(p) for p in POWERS}
    with judge.factory() as s:
        income = s.scalars(select(LedgerEntry).where(LedgerEntry.kind == "income")).all()
        entries = s.scalars(select(LedgerEntry)).all()
    assert {e.power for e in income} == set(POWERS)
    for power, balance in _balances(judge).items():  # the ledger adds up to each balance
        assert sum(e.amount for e in entries if e.power == power) == balance
    _rollback(table)  # S1902M: money restored and charged again
    while str(table.position().phase) != "S1903M":
        table.play()
    for power in POWERS:
        judge.reply(address(power), signon(power, "beta"), "SET DRAW")
    done, mails = judge.later(minutes=1)
    assert [str(d) for d in done] == ["beta: ended (draw) S1903M"]
    end = Counter((m.recipient, m.subject) for m in mails)
    assert end == Counter({(r, subject): 1 for r in table.readers
                           for subject in ("Diplomacy game beta is over", "Payola records beta")})
    assert "Bank balances at the end" in mails[0].body
    # the books open: every movement phase processed, every sheet, every chart
    books = [m.body for m in mails if m.subject == "Payola records beta"]
    assert len(set(books)) == 1
    played = [_heading(p) for p in ("S1901M", "F1901M", "S1902M", "F1902M")]
    assert all(f"PAYOLA BRIBE CHART, {h}" in books[0] for h in played)
    assert "S1903M" not in books[0] and "SPRING 1903" not in books[0]  # never processed
    assert "France:\n  1 : A PAR - BUR\n" in books[0] or "  1 : A " in books[0]
    assert judge.game("beta").result == "draw " + " ".join(POWERS)
