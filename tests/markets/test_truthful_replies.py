"""Issue 23, point 1: a reply tells the truth. Random mails of valid and invalid lines are
sent to a phase, the phase is then played at its deadline, and what each reply said is
held against what the phase played: every line a reply called accepted is in the input
the phase played (the offer sheet in force, the orders), no refused line is, a sheet the
rules take or refuse whole (payola.md 3.1) is answered whole, no line number is said
twice, "the rest were done" only follows something done, and every reply ends with what
is in force for each account the sender acted for.

Shared with the other kinds' property tests (tests/e2e/test_truthful_replies_by_mail.py):
``answers`` reads a reply back into what it said of each line."""

from __future__ import annotations

import copy
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import judge.games.exchange.rules.reading as exchange_reading
from judge.engine.maps import load_map
from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS, mails_for
from judge.games.exchange.text.lines import read_mail_lines
from tests.markets.conftest import GM, MarketJudge, member

ECHO = re.compile(r"^ {0,3}(\d+)> (.*)$")
ACCEPTED = ("accepted for", "done:", "kept for")


def answers(body: str) -> list[tuple[int, str, str]]:
    """Each numbered line of a reply: its number, its text, and what the reply said of
    it (``accepted``, ``refused``, ``sunk`` (refused with its whole sheet) or ``other``,
    from the lines under it)."""
    lines = body.splitlines()
    out = []
    for n, line in enumerate(lines):
        echo = ECHO.match(line)
        if echo is None:
            continue
        said = lines[n + 1].strip() if n + 1 < len(lines) else ""
        why = lines[n + 2].strip() if n + 2 < len(lines) else ""
        verdict = ("refused" if said.startswith("REFUSED") else
                   "accepted" if said.startswith(ACCEPTED) else "other")
        if verdict == "refused" and why.startswith("- refused with your whole sheet"):
            verdict = "sunk"  # good in itself, refused with its sheet (payola.md 3.1)
        out.append((int(echo.group(1)), echo.group(2).strip(), verdict))
    return out


def check_reply_shape(body: str) -> None:
    """What every reply must hold whatever its kind: no line number said twice, and "the
    rest were done" only when some line was done."""
    said = answers(body)
    numbers = Counter(n for n, _, _ in said)
    assert all(c == 1 for c in numbers.values()), body
    if "the rest were done" in body:
        assert any(v != "refused" and not t.upper().startswith(("SIGNON", "SIGNOFF"))
                   for _, t, v in said), body


GAME = "xt"


def _to_movement(market: MarketJudge) -> dict[str, Any]:
    """A new Exchange game played by its demo script until S1901M opens; its state."""
    market.reply(GM, f"CREATE {GAME} masterpw EXCHANGE {CREATE_PARAMS}")
    for n in INVESTORS:
        market.reply(member(n), f"JOIN {GAME} pw{n.lower()} {n}")
    market.reply(GM, f"SIGNON MASTER@{GAME} masterpw", "START")
    for _ in range(12):
        state = market.state(GAME)
        if state["phase"] == "S1901M":
            return state
        for who, acting, lines in mails_for(state):
            _send(market, who, acting, lines)
        market.deadline(GAME)
    raise AssertionError("S1901M never opened")


def _send(market: MarketJudge, who: str, acting: str | None, lines: list[str]) -> str:
    return market.reply(member(who), f"SIGNON {acting or who}@{GAME} pw{who.lower()}",
                        *lines)


# offer lines good in themselves, others refused (a unit that is not there, an amount
# beyond any balance, a move to a province not adjacent), and lines of other phases
GOOD = ["4 : A PAR - BUR", "2 : F BRE - MAO", "2 : A MAR - SPA", "1 : A PAR H",
        "3 : A MUN - RUH", "1 : F LON - NTH", "5 $"]
BAD = ["2 : A XYZ - BUR", "99999 : A PAR - BUR", "4 : A PAR - MOS", "BID FRANCE 100",
       "FROBNICATE"]
OTHER = ["TRANSFER 5 TO BOB", "CLEAR"]
SENDERS = [("FRANCE", True), ("DAVE", False), ("BOB", False)]  # (account, a power?)

mail_lines = st.lists(st.sampled_from(GOOD + BAD + OTHER), min_size=1, max_size=5)
mails = st.lists(st.tuples(st.sampled_from(range(len(SENDERS))), mail_lines),
                 min_size=1, max_size=4)


def _canonical(text: str, board: Any) -> str | None:
    """An offer line as the sheet in force writes it; None for any other line."""
    read = read_mail_lines([text], board, "M")
    written = getattr(read[0][2], "written", None) if read else None
    return None if written is None else str(written.value)


@settings(max_examples=6, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                 HealthCheck.too_slow], deadline=None)
@given(sent=mails)
def test_an_exchange_reply_says_what_the_phase_plays(
        market: MarketJudge, sent: list[tuple[int, list[str]]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    if not getattr(market, "_opened", None):
        market._opened = _to_movement(market)  # type: ignore[attr-defined]
        market._base = market.now  # type: ignore[attr-defined]
    state = market._opened  # type: ignore[attr-defined]
    leaders = {p: c["leader"] for p, c in state["corporations"].items() if c["leader"]}
    board = load_map("standard")
    # a fresh game each example: the same phase reopened from its state
    _reopen(market, GAME, "S1901M")
    played: dict[str, Any] = {}
    play = exchange_reading.Reading.played  # the service plays the phase typed

    def caught(reading: Any, mails_read: Any) -> Any:
        played["sheets"] = {p: [str(x) for x in s.lines]
                            for p, s in copy.deepcopy(reading.game.sheets).items()}
        return play(reading, mails_read)

    monkeypatch.setattr(exchange_reading.Reading, "played", caught)
    last: dict[str, list[str] | None] = {}  # payer -> the offer lines last called in force
    told: list[tuple[str, list[tuple[str, str]]]] = []
    for who_at, lines in sent:
        account, power = SENDERS[who_at]
        sender = leaders[account] if power else account
        body = _send(market, sender, account if power else None, lines)
        check_reply_shape(body)
        said = [(text, verdict) for _, text, verdict in answers(body)][1:]  # past SIGNON
        offers = [(t, v) for t, v in said if _canonical(t, board) is not None
                  or t.upper() == "CLEAR"]
        verdicts = {"refused" if v == "sunk" else v for _, v in offers}
        assert len(verdicts) <= 1, f"a sheet answered line by line:\n{body}"
        if offers and verdicts == {"accepted"}:
            last[account] = [c for t, _ in offers if (c := _canonical(t, board))]
            assert "replaces any sent before it" in body, body
        if offers and verdicts == {"refused"}:
            assert "your whole offer sheet is refused" in body, body
        assert body.rstrip().split("\n-- \n")[0].count("(in force now for S1901M)") == 1, body
        tail = body.split("(in force now for S1901M)")[1]
        for line in last.get(account) or []:
            assert line in tail, body  # the sheet in force shown, as the phase holds it
        told.append((f"{sender}/{account}" if power else sender, said))
    market.deadline(GAME)
    against_errors(told, _errors(market, GAME, "S1901M"))
    sheets = played["sheets"]
    for account, lines in last.items():
        assert sorted(sheets.get(account, [])) == sorted(lines or []), (account, sheets, last)
    for account in set(sheets) - set(last):
        assert account not in [a for a, _ in SENDERS], (account, sheets)


def _reopen(market: MarketJudge, name: str, phase: str) -> None:
    """The game's ``phase`` opened again as it first opened: its mail, reading and the
    phases after it forgotten."""
    from sqlalchemy import delete, select

    from judge.storage.schema import Game, GameState, MarketMail, PhaseRecord

    with market.factory() as s, s.begin():
        game = s.scalar(select(Game).where(Game.name == name))
        assert game is not None
        records = s.scalars(select(PhaseRecord).where(PhaseRecord.game_id == game.id)
                            .order_by(PhaseRecord.seq)).all()
        opened = next(r for r in records if r.phase == phase)
        later = [r.id for r in records if r.seq > opened.seq]
        s.execute(delete(MarketMail).where(MarketMail.phase_id.in_([opened.id, *later])))
        s.execute(delete(PhaseRecord).where(PhaseRecord.id.in_(later)))
        opened.reading = None
        opened.result = None
        opened.processed_at = None
        opened.deadline = market.now + __import__("datetime").timedelta(days=3)
        game.state = GameState.ACTIVE
        game.phase = phase
        game.ended_at = None
        game.result = None


def _errors(market: MarketJudge, name: str, phase: str) -> dict[str, list[str]]:
    """The refusals of ``phase`` as it was played: per sender key, ``<line>: <reason>``."""
    from sqlalchemy import select

    from judge.storage.schema import Game, PhaseRecord

    with market.factory() as s:
        record = s.scalar(select(PhaseRecord).join(Game).where(
            Game.name == name, PhaseRecord.phase == phase))
        assert record is not None and record.processed_at is not None
        return dict((record.result or {}).get("errors", {}))


def against_errors(told: list[tuple[str, list[tuple[str, str]]]],
                   errors: dict[str, list[str]]) -> None:
    """What the replies said of each line (per sender key) against the refusals of the
    phase as played: each line a reply refused is among them, and a line a reply called
    accepted (not "kept", which only the play checks) is not, unless a reply refused the
    same line too. (A line refused only with its whole sheet is not among the play's
    refusals, which name the sheet's bad lines: the sheet in force is checked instead.)"""
    refused: Counter[tuple[str, str]] = Counter()
    accepted: set[tuple[str, str]] = set()
    for key, said in told:
        for text, verdict in said:
            if verdict == "refused":
                refused[(key, text)] += 1
            elif verdict == "accepted":
                accepted.add((key, text))
    found: Counter[tuple[str, str]] = Counter()
    for key, lines in errors.items():
        for line in lines:
            for k, text in list(refused) + list(accepted):
                if k == key and line.startswith(f"{text}: "):
                    found[(k, text)] += 1
                    break
    for item, n in refused.items():
        assert found[item] >= n, ("refused in a reply, not at play", item, errors)
    for item in accepted - set(refused):
        assert found[item] == 0, ("accepted in a reply, refused at play", item, errors)


# -- the other market kinds: the same truths, held against the phase's refusals --------

KINDS = {
    "shareholders": ("sh", "W1900D", ["ANN", "BEN", "DOT"],
                     ["BUY 5 RUSSIA", "BUY 2 FRANCE", "SELL 1 FRANCE", "NOTRADE",
                      "BUY 0 ITALY", "BUY 1 XYZ", "A PAR - BUR", "FROBNICATE"]),
    "capitalist": ("cap", "S1901C", ["CROESUS", "MIDAS"],
                   ["SELL 200 PIASTER", "BUY 300 FRANC", "SELL 100 LIRA", "BUY 50 MARK",
                    "NOTRADE", "SELL 0 LIRA", "BUY 10 XYZ", "F KIE H", "FROBNICATE"]),
}


def _open_kind(market: MarketJudge, kind: str) -> None:
    if kind == "shareholders":
        from tests.markets.test_shareholders_by_mail import _game
        _game(market)
    else:
        from tests.markets.test_capitalist_by_mail import NINE, start
        start(market, *NINE)


def _address(kind: str, name: str) -> str:
    if kind == "shareholders":
        return member(name)
    from tests.markets.test_capitalist_by_mail import addr
    return addr(name)


@pytest.mark.parametrize("kind", sorted(KINDS))
@settings(max_examples=4, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                 HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_a_market_reply_says_what_the_phase_plays(market: MarketJudge, kind: str,
                                                  data: st.DataObject) -> None:
    game, phase, names, pool = KINDS[kind]
    if getattr(market, "_opened", None) != kind:
        _open_kind(market, kind)
        market._opened = kind  # type: ignore[attr-defined]
    _reopen(market, game, phase)
    sent = data.draw(st.lists(st.tuples(st.sampled_from(names),
                                        st.lists(st.sampled_from(pool), min_size=1,
                                                 max_size=5)), min_size=1, max_size=4))
    told = []
    for name, lines in sent:
        body = market.reply(_address(kind, name), f"SIGNON {name}@{game} pw{name.lower()}",
                            *lines)
        check_reply_shape(body)
        said = [(text, verdict) for _, text, verdict in answers(body)][1:]
        assert [t for t, _ in said] == lines, body
        assert body.split("\n-- \n")[0].count(f"(in force now for {phase})") == 1, body
        if any(v == "accepted" for _, v in said):  # a set taken replaces the earlier
            assert "sent before it" in body, body
        told.append((name, said))
    market.deadline(game)
    against_errors(told, _errors(market, game, phase))


# -- the Bourse: a member's trades of a turn, as the turn will play them -----------------

BOURSE = ["SELL 100 LIRA", "BUY 50 MARKS", "SELL 20 POUNDS", "BUY 10 FRANCS",
          "SELL 0 LIRA", "BUY 10 DUCATS", "FROBNICATE"]


@settings(max_examples=6, suppress_health_check=[HealthCheck.function_scoped_fixture],
          deadline=None)
@given(sent=st.lists(st.lists(st.sampled_from(BOURSE), min_size=1, max_size=4),
                     min_size=1, max_size=3))
def test_a_bourse_reply_says_what_the_turn_plays(market: MarketJudge,
                                                 sent: list[list[str]]) -> None:
    from tests.markets.test_bourse_by_mail import CAROL
    from tests.markets.test_bourse_by_mail import _game as bourse_game
    from tests.markets.test_bourse_by_mail import _join as bourse_join
    from tests.markets.test_bourse_by_mail import _start as bourse_start

    if getattr(market, "_opened", None) != "bourse":
        bourse_game(market, "CASH_SURPLUS=ON")
        bourse_join(market, CAROL, "crown")
        bourse_start(market)
        market._opened = "bourse"  # type: ignore[attr-defined]
        market._orders = "none"  # type: ignore[attr-defined]
    for lines in sent:
        body = market.reply(CAROL, "SIGNON BOURSE@ba secret1", *lines)
        check_reply_shape(body)
        said = [(t, v) for _, t, v in answers(body)][1:]
        assert [t for t, _ in said] == lines, body
        flat = " ".join(body.split())
        orders = flat.split("Your orders: ")[1].split(" Cash as the turn opened")[0]
        taken = [t for t, v in said if v == "accepted"]
        if taken:  # the mail's accepted trades are the set in force, and nothing else
            assert orders == "; ".join(taken), body
            market._orders = orders  # type: ignore[attr-defined]
        else:  # nothing taken: the set sent before stands
            assert orders == market._orders, body  # type: ignore[attr-defined]
        status = " ".join(market.reply(CAROL, "SIGNON BOURSE@ba secret1", "STATUS").split())
        assert f"Your orders for S1901M: {orders}" in status, status  # as the desk keeps it
