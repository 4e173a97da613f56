"""Issue 22, "a mail is read once": an Exchange, 1901-Shareholders or Capitalist mail is
read when it comes, into the phase as the earlier mail left it (kept with the phase as
JSON), and the phase is played once, at its deadline, from that reading; no reply plays
the phase (issue 26: nothing is played under the write lock for a reply). What the
phase's play alone can refuse (a unit order, checked with its power's other orders) is
answered as kept, and the refusal is in the results. A Bourse mail is handled once on
the desk kept with the host's phase."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import select

import judge.games.capitalist.rules.reading as capitalist_reading
import judge.games.exchange.rules.reading as reading_module
import judge.games.shareholders.rules.reading as shareholders_reading
from judge.batch import run_case
from judge.games.bourse.rules.desk import Desk
from judge.storage.phases import current_record
from judge.storage.schema import Game, MarketMail, PhaseRecord
from tests.markets.conftest import MarketJudge, member
from tests.markets.test_bourse_by_mail import CAROL
from tests.markets.test_bourse_by_mail import _game as bourse_game
from tests.markets.test_bourse_by_mail import _join as bourse_join
from tests.markets.test_bourse_by_mail import _lines as bourse_lines
from tests.markets.test_bourse_by_mail import _start as bourse_start
from tests.markets.test_capitalist_by_mail import NINE, addr, signon
from tests.markets.test_capitalist_by_mail import start as capitalist_start
from tests.markets.test_exchange_refusals import GAME, send, to_phase
from tests.markets.test_shareholders_by_mail import _game as _shareholders_game


def _record(market: MarketJudge, name: str = GAME) -> PhaseRecord:
    with market.factory() as s:
        game = s.scalar(select(Game).where(Game.name == name))
        assert game is not None
        record = current_record(s, game)
        assert record is not None
        s.expunge(record)
        return record


def _case(market: MarketJudge, record: PhaseRecord, name: str = GAME) -> dict[str, Any]:
    """The phase as a judge adjudicate case: its opening state and the mail kept for it."""
    with market.factory() as s:
        game = s.scalar(select(Game).where(Game.name == name))
        assert game is not None
        mails = s.scalars(select(MarketMail).where(MarketMail.phase_id == record.id)
                          .order_by(MarketMail.id)).all()
        return {"id": name, "variant": game.map_name, "game": game.variant,
                "rules": list(game.flags), "seed": game.seed,
                "params": {k.removeprefix("param:"): int(v) for k, v in game.options.items()
                           if k.startswith("param:")},
                "state": record.state,
                "mails": [{"from": m.sender, "lines": list(m.lines),
                           **({"as": m.acting} if m.acting else {})} for m in mails]}


def _played_as_the_batch_runner_plays_it(market: MarketJudge, record: PhaseRecord,
                                         expected: dict[str, Any]) -> None:
    """The phase was played, and its stored answer is the batch runner's for the same
    opening state and mail (``expected``), key by key."""
    with market.factory() as s:
        done = s.get(PhaseRecord, record.id)
        assert done is not None and done.result is not None and done.processed_at is not None
        kept = {k: v for k, v in expected.items() if k not in ("id", "state")}
        assert json.dumps({k: done.result[k] for k in kept}, sort_keys=True) == \
            json.dumps(kept, sort_keys=True)


def test_mails_are_read_once_and_the_phase_played_once_at_its_deadline(
        market: MarketJudge, monkeypatch: pytest.MonkeyPatch) -> None:
    to_phase(market, "W1900B")
    played: list[str] = []
    process = reading_module.process

    def counted(game: Any) -> Any:
        played.append(game.phase)
        return process(game)

    monkeypatch.setattr(reading_module, "process", counted)
    for n, who in enumerate(["ALICE", "BOB", "CAROL", "ALICE", "BOB"]):
        body = send(market, who, None, f"BID FRANCE {150 + 10 * n}", "BID ITALY 120",
                    "TRANSFER 5 TO DAVE", "STATUS")
        assert "BID FRANCE" in body and "accepted for W1900B" in body, body
        assert "done: 5 AgP transferred to DAVE" in body, body
    status = send(market, "ALICE", None, "STATUS")
    assert "Your standing bids: FRANCE 180, ITALY 120" in " ".join(status.split()), status
    assert played == []  # no reply played the phase
    record = _record(market)
    assert record.reading is not None and record.reading["game"]["c"] == "ExchangeGame"
    # the batch runner plays the same phase from the same mail to the same result
    expected = run_case(_case(market, record))
    played.clear()  # the batch runner plays it with the same function
    market.deadline(GAME)
    assert played == ["W1900B"]  # once, at the deadline
    _played_as_the_batch_runner_plays_it(market, record, expected)


def test_a_shareholders_turn_is_read_once_and_played_once_at_its_deadline(
        market: MarketJudge, monkeypatch: pytest.MonkeyPatch) -> None:
    _shareholders_game(market)
    played: list[str] = []
    play_turn = shareholders_reading.play_turn

    def counted(game: Any, *rest: Any) -> Any:
        played.append(str(game.turn))
        return play_turn(game, *rest)

    monkeypatch.setattr(shareholders_reading, "play_turn", counted)
    for who, lines in [("BEN", ["BUY 5 RUSSIA", "BUY 2 FRANCE"]), ("ANN", ["BUY 1 ITALY"]),
                       ("BEN", ["BUY 1 FRANCE"]), ("DOT", ["SELL 1 FRANCE", "STATUS"])]:
        body = market.reply(member(who), f"SIGNON {who}@sh pw{who.lower()}", *lines)
        assert "accepted for W1900D" in body or "you hold only 0 FRANCE" in body, body
    status = " ".join(market.reply(member("BEN"), "SIGNON BEN@sh pwben", "STATUS").split())
    assert "Your January orders in force: BUY 1 FRANCE" in status, status  # replaced
    assert played == []
    record = _record(market, "sh")
    expected = run_case(_case(market, record, "sh"))
    played.clear()
    market.deadline("sh")
    assert len(played) == 1
    _played_as_the_batch_runner_plays_it(market, record, expected)


def test_a_unit_order_is_kept_and_checked_when_the_phase_is_played(
        market: MarketJudge) -> None:
    to_phase(market, "W1900A")
    state = market.state(GAME)
    power, corp = next((p, c) for p, c in sorted(state["corporations"].items())
                       if c["status"] == "FLOATED" and c["leader"])
    units = sorted(state["units"][power])
    builds = [f"REMOVE {u}" for u in units]  # each legal alone; no removal is due
    body = " ".join(send(market, corp["leader"], power, *builds).split())
    assert body.count("kept for W1900A; checked with the other orders when the phase "
                      "is played (a refusal then is in the results)") == len(builds), body
    assert "accepted for W1900A" not in body
    record = _record(market)
    market.deadline(GAME)
    with market.factory() as s:
        done = s.get(PhaseRecord, record.id)
        assert done is not None and done.result is not None
        refused = [line for lines in done.result["errors"].values() for line in lines]
    assert [line.split(":")[0] for line in refused] == builds, refused


def test_a_capitalist_phase_is_read_once_and_played_once_at_its_deadline(
        market: MarketJudge, monkeypatch: pytest.MonkeyPatch) -> None:
    capitalist_start(market, *NINE)
    played: list[int] = []
    move_rates = capitalist_reading.move_rates

    def counted(*args: Any) -> Any:
        played.append(1)
        return move_rates(*args)

    monkeypatch.setattr(capitalist_reading, "move_rates", counted)
    first = " ".join(market.reply(addr("CROESUS"), signon("CROESUS"), "SELL 200 PIASTER",
                                  "BUY 300 FRANC").split())
    assert "(your order set)" in first and "WARNING: your purchases cost" in first, first
    again = market.reply(addr("CROESUS"), signon("CROESUS"), "SELL 100 LIRA", "BUY 50 MARK")
    assert again.count("accepted for S1901C") == 2, again
    assert played == []
    record = _record(market, "cap")
    expected = run_case(_case(market, record, "cap"))
    played.clear()
    market.deadline("cap")
    assert played == [1]
    _played_as_the_batch_runner_plays_it(market, record, expected)


def test_a_bourse_mail_is_handled_once_on_the_desk_kept_with_the_phase(
        market: MarketJudge, monkeypatch: pytest.MonkeyPatch) -> None:
    bourse_game(market, "CASH_SURPLUS=ON")
    bourse_join(market, CAROL, "crown")
    bourse_start(market)
    handled: list[str] = []
    handle = Desk.handle

    def counted(desk: Desk, mail: Any, commands: Any) -> Any:
        handled.append(mail.sender)
        return handle(desk, mail, commands)

    monkeypatch.setattr(Desk, "handle", counted)
    for n in range(4):
        reply = bourse_lines(market, CAROL, f"SELL {100 + n} LIRA", "BUY 50 MARKS")
        assert reply.count("accepted for S1901M") == 2, reply
    assert handled == ["CROWN"] * 4  # each mail once, none of the earlier ones again
    status = bourse_lines(market, CAROL, "STATUS")
    assert "Your orders for S1901M: SELL 103 LIRA; BUY 50 MARKS" in status, status
    assert handled == ["CROWN"] * 4  # STATUS reads the kept desk
    record = _record(market, "ba")
    assert record.reading is not None and "bourse" in record.reading
