"""The Bourse by mail beside a standard game: attaching it, joining under a pseudonym,
trades checked at once, the turn played with the host phase, eliminations, the end, and
the secret of who is behind each pseudonym."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import PhaseRecord
from tests.markets.conftest import MarketJudge
from tests.service.conftest import POWERS, address

NEUTRAL = ("NWY", "SWE", "DEN", "HOL", "BEL", "SPA", "POR", "TUN", "GRE", "SER", "RUM", "BUL")


def france_owns_eighteen(factory: sessionmaker[Session]) -> None:
    """In F1901M, the centres set so that FRANCE owns 18 and ENGLAND is gone: the
    phase played ends the game in a solo."""
    with factory() as s:
        record = s.scalars(select(PhaseRecord).order_by(PhaseRecord.seq.desc())).first()
        assert record is not None and record.phase == "F1901M"
        state = dict(record.state)
        state["units"] = {**state["units"], "ENGLAND": []}
        state["centers"] = {**state["centers"], "ENGLAND": [],
                            "FRANCE": ["BRE", "PAR", "MAR", "LON", "EDI", "LVP", *NEUTRAL]}
        record.state = state
        s.commit()

GM = "gm@example.org"
CAROL = "carol@outside.example"
DAVE = "dave@outside.example"


def _flat(reply: str) -> str:
    """A reply with its wrapped lines joined."""
    return " ".join(reply.split())


def _game(market: MarketJudge, *words: str) -> None:
    reply = market.reply(GM, " ".join(("CREATE ba masterpw BOURSE", *words)))
    assert "Game ba created (STANDARD), with a Bourse" in reply, reply
    for power in POWERS:
        assert "joined" in market.reply(address(power), f"JOIN ba pw{power.lower()} {power}")


def _start(market: MarketJudge) -> None:
    assert "started" in market.reply(GM, "SIGNON MASTER@ba masterpw", "START")


def _join(market: MarketJudge, sender: str, pseudonym: str, pw: str = "secret1") -> str:
    return _flat(market.reply(sender, f"SIGNON BOURSE@ba {pw}", f"JOIN BOURSE {pseudonym}"))


def _lines(market: MarketJudge, sender: str, *lines: str, pw: str = "secret1") -> str:
    return _flat(market.reply(sender, f"SIGNON BOURSE@ba {pw}", *lines))


def _outbox(market: MarketJudge) -> list[OutboundMessage]:
    with market.factory() as s:
        return list(s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))


def test_create_with_parameters_and_set_before_the_start(market: MarketJudge) -> None:
    reply = _flat(market.reply(GM, "CREATE bb masterpw PAYOLA BOURSE CASH_SURPLUS=ON "
                               "SELL_LIMIT=300"))
    assert "Game bb created (PAYOLA), with a Bourse (CASH_SURPLUS=ON, SELL_LIMIT=300)" in reply
    assert "is not a Bourse parameter" in market.reply(GM, "CREATE bc pw12345 BOURSE FOO=1")
    reply = _flat(market.reply(GM, "CREATE bd masterpw", "SIGNON MASTER@bd masterpw",
                               "SET CASH_SURPLUS ON", "SET BOURSE ON", "SET WINTER_TURNS ON",
                               "SET MIN_RATE 0"))
    assert "SET BOURSE ON first" in reply
    assert "bd now has a Bourse beside it" in reply
    assert "WINTER_TURNS is now ON" in reply
    assert "MIN_RATE must be a whole number of at least 1" in reply
    assert "choose another game name" in _flat(market.reply(GM, "CREATE bourse pw12345"))


def test_join_refusals_in_the_spec_order(market: MarketJudge) -> None:
    _game(market)
    assert "You joined the Bourse of ba as CROWN" in _join(market, CAROL, "crown")
    reply = _join(market, CAROL, "other")
    assert "you are already in this Bourse" in reply
    reply = _join(market, DAVE, "bad-name!")
    assert "a pseudonym is 1 to 20 letters, digits or _" in reply
    reply = _join(market, DAVE, "Crown")
    assert "pseudonym CROWN is taken" in reply
    reply = _lines(market, DAVE, "SELL 10 LIRA", "NOTRADE", "STATUS")
    assert reply.count("you are not in this Bourse") == 3
    assert "comes after SIGNON BOURSE@" in market.reply(DAVE, "JOIN BOURSE DAVE")
    # closing the Bourse: the closed refusal comes first, even for a member
    market.reply(GM, "SIGNON MASTER@ba masterpw", "SET JOIN_OPEN OFF")
    assert "this Bourse is closed to new players" in _join(market, CAROL, "crown")
    assert "this Bourse is closed to new players" in _join(market, DAVE, "dave")
    assert "wrong password for BOURSE" in _join(market, CAROL, "x", pw="nothers")


def test_host_players_may_be_forbidden(market: MarketJudge) -> None:
    _game(market, "HOST_PLAYERS_MAY_JOIN=OFF")
    reply = _join(market, address("FRANCE"), "argent")
    assert "players of ba may not join its Bourse" in reply
    assert "You joined" in _join(market, CAROL, "crown")


def test_trades_are_answered_at_once_and_played_with_the_host_phase(
        market: MarketJudge) -> None:
    _game(market, "CASH_SURPLUS=ON")
    _join(market, CAROL, "crown")  # before the start
    _start(market)
    reply = _lines(market, CAROL, "SELL 100 LIRA", "BUY 115 MARKS")
    assert "accepted for S1901M" in reply
    assert ("WARNING: your purchases cost 115.00 but you will have 100.00; they will be "
            "reduced as the rules require") in reply
    reply = _lines(market, CAROL, "SELL 501 MARKS", "BUY 0 LIRA", "SELL 10 PIASTRES",
                   "BUY 5 TURKEY", "HELLO THERE")
    assert "you may sell at most 500 MARKS this turn" in reply
    assert "number must be at least 1" in reply
    assert "you cannot buy and sell PIASTRES in the same turn" in reply
    assert "cannot understand this command" in reply
    assert "WARNING: 10.00 will be left unspent and lost" in reply  # a first turn
    # a host player joins under a pseudonym during the turn and trades at once
    reply = _lines(market, address("FRANCE"), "JOIN BOURSE argent", "SELL 200 FRANCS",
                   "BUY 200 MARKS", pw="pwbourse")
    assert "You joined the Bourse of ba as ARGENT" in reply
    assert reply.count("accepted for S1901M") == 2
    # his later mail replaces his set; NOTRADE empties what the mail built so far
    reply = market.reply(address("FRANCE"), "SIGNON ARGENT@ba pwbourse", "SELL 100 LIRA",
                         "NOTRADE", "BUY 50 MARKS", "STATUS")
    assert "Your orders for S1901M: BUY 50 MARKS" in reply
    assert "Holdings: CROWNS 1000" in reply
    assert "wrong password for BOURSE" in _lines(market, CAROL, "SELL 1 CROWNS", pw="wrongpw")
    # NO_EARLY: the master cannot process early
    assert "NO_EARLY" in market.reply(GM, "SIGNON MASTER@ba masterpw", "PROCESS")
    out = market.deadline("ba")
    letters = [m for m in out if m.subject == "ba: Bourse S1901M results"]
    assert {m.recipient for m in letters} == {CAROL, address("FRANCE"), GM}
    body = letters[0].body
    assert "CROWN                SELL 10 PIASTRES: received 10.00" in body
    assert "ARGENT               BUY 50 MARKS: bought 0 (reduced), paid 0.00" in body
    assert "CROWN                10.00 left unspent and lost" in body
    assert "MARKS" in body and "Rates now:" in body
    assert len({m.body for m in letters}) == 1
    with market.factory() as s:
        record = s.scalars(select(PhaseRecord).order_by(PhaseRecord.seq.desc())).first()
        assert record is not None and record.phase == "F1901M"
        crown = record.state["bourse"]["players"]["CROWN"]
        assert crown["holdings"]["TURKEY"] == 990 and crown["turns_played"] == 1


def test_a_turn_no_one_traded_in_and_the_end_by_terminate(market: MarketJudge) -> None:
    _game(market)
    _start(market)
    _join(market, CAROL, "crown")
    _lines(market, CAROL, "SELL 500 LIRA", "BUY 500 MARKS")
    market.deadline("ba")
    out = market.send(GM, "SIGNON MASTER@ba masterpw", "TERMINATE")
    ends = [m for m in out if m.subject == "ba: the Bourse ends"]
    assert {m.recipient for m in ends} == {CAROL, GM}
    assert "Winner: CROWN." in ends[0].body
    # 1500 MARKS x 5 centres + 500 LIRA x 4 ... every home centre still owned
    assert "CROWN" in ends[0].body and "terminated" in ends[0].body


@pytest.mark.parametrize("winter", [False, True])
def test_elimination_after_the_fall_ownership_change(market: MarketJudge, winter: bool) -> None:
    _game(market, *(["WINTER_TURNS=ON"] if winter else []))
    _start(market)
    _join(market, CAROL, "crown")
    market.reply(address("TURKEY"), "SIGNON TURKEY@ba pwturkey", "A CON-BUL")
    market.deadline("ba")  # S1901M; TURKEY will build in W1901A
    with market.factory() as s:  # AUSTRIA is wiped off the board before the Fall
        record = s.scalars(select(PhaseRecord).order_by(PhaseRecord.seq.desc())).first()
        assert record is not None and record.phase == "F1901M"
        state = dict(record.state)
        state["units"] = {**state["units"], "AUSTRIA": []}
        state["centers"] = {**state["centers"], "AUSTRIA": []}
        record.state = state
        s.commit()
    _lines(market, CAROL, "SELL 100 CROWNS", "BUY 100 LIRA")
    out = market.deadline("ba")  # F1901M, then the ownership change
    letter = next(m for m in out if m.subject == "ba: Bourse F1901M results")
    assert "CROWNS (AUSTRIA)" in letter.body and "Eliminated" in letter.body
    # the year's end: the letter carries the chart of the rates so far (docs/maps.md)
    assert letter.picture_name == "ba-F1901M-bourse.png" and letter.picture is not None
    assert letter.picture.startswith(b"\x89PNG")
    # and the host's results carry the map of the phase
    assert any(m.picture_name == "ba-F1901M.png" for m in out)
    reply = _lines(market, CAROL, "BUY 10 CROWNS", "SELL 10 LIRA")
    if winter:  # W1901A already sees the elimination (D23)
        assert "AUSTRIA is eliminated; its currency is worthless" in reply
        assert "accepted for W1901A" in reply
    else:
        assert reply.count("no Bourse turn is open") == 2
    # a late joiner gets none of the worthless currency
    _join(market, DAVE, "bullion")
    reply = _lines(market, DAVE, "STATUS")
    assert "Holdings: CROWNS 0, POUNDS 1000" in reply


def test_secrecy_over_every_mail(market: MarketJudge) -> None:
    _game(market)
    _start(market)
    _join(market, CAROL, "crown")
    _join(market, address("FRANCE"), "argent", pw="pwbourse")
    _lines(market, address("FRANCE"), "SELL 100 FRANCS", "BUY 100 LIRA", pw="pwbourse")
    market.reply(address("GERMANY"), "SIGNON GERMANY@ba pwgermany", "A MUN H")
    market.deadline("ba")
    market.send(GM, "SIGNON MASTER@ba masterpw", "TERMINATE")
    members = {"CROWN": CAROL, "ARGENT": address("FRANCE")}
    for mail in _outbox(market):
        body = mail.body
        for pseudonym, owner in members.items():
            if mail.recipient in (owner, GM):
                continue
            assert owner not in body, (mail.recipient, mail.subject)
            if "Bourse" not in mail.subject:
                assert not re.search(rf"\b{pseudonym}\b", body), mail.subject
        if "Bourse" in mail.subject and mail.recipient != GM:
            assert "@" not in body, body  # no address at all in a Bourse letter
            assert mail.recipient in (CAROL, address("FRANCE"))
    # the master alone is told who joined
    notes = {m.body for m in _outbox(market)
             if m.subject == "Diplomacy game ba: ARGENT joined the Bourse"}
    assert len(notes) == 1 and "france@players.example (who also plays FRANCE" in notes.pop()


def test_a_draw_during_a_phase_discards_the_open_turn(market: MarketJudge) -> None:
    _game(market)
    _start(market)
    _join(market, CAROL, "crown")
    _lines(market, CAROL, "SELL 500 LIRA", "BUY 500 MARKS")
    for power in POWERS:
        market.reply(address(power), f"SIGNON {power}@ba pw{power.lower()}", "SET DRAW")
    out = market.deadline("ba")
    end = next(m for m in out if m.subject == "ba: the Bourse ends" and m.recipient == CAROL)
    assert "ended (draw) in S1901M" in _flat(end.body)
    assert "MARKS 1000" in end.body and "LIRA 1000" in end.body  # the trades were discarded
    # 1000 units of each: AUSTRIA 3 ... 22 home centres in all -> 220.00 credits
    assert "CROWN 220.00" in _flat(end.body) and "Winner: CROWN." in end.body


def test_the_turn_by_mail_is_the_batch_case(market: MarketJudge) -> None:
    """The phase played by mail and the same phase as a ``judge adjudicate`` case (the
    record's opening state, the mails kept) give the same Bourse."""
    from judge.batch import run_case
    from judge.storage.schema import MarketMail

    _game(market, "CASH_SURPLUS=ON")
    _start(market)
    _join(market, CAROL, "crown")
    _lines(market, CAROL, "SELL 300 LIRA", "BUY 100 MARKS", "BUY 250 POUNDS")
    _lines(market, address("ITALY"), "JOIN BOURSE argent", "SELL 500 MARKS", "BUY 400 LIRA",
           pw="pwbourse")
    _lines(market, DAVE, "SELL 5 LIRA", "JOIN BOURSE crown")  # refused: changes nothing
    market.deadline("ba")
    with market.factory() as s:
        record = s.scalars(select(PhaseRecord).where(PhaseRecord.phase == "S1901M")).one()
        mails = s.scalars(select(MarketMail).where(MarketMail.phase_id == record.id)
                          .order_by(MarketMail.id)).all()
        case = {"id": "ba", "variant": "standard", "game": "standard", "rules": [],
                "params": {"CASH_SURPLUS": True}, "seed": 0, "state": dict(record.state),
                "orders": {}, "mails": [{"from": m.sender, "to": "bourse", "lines": m.lines}
                                        for m in mails]}
        assert [m.sender for m in mails] == ["CROWN", "CROWN", "ARGENT"]
        assert run_case(case)["state"]["bourse"] == record.result["bourse"]


def test_a_solo_keeps_the_last_turn(market: MarketJudge) -> None:
    _game(market)
    _start(market)
    _join(market, CAROL, "crown")
    market.deadline("ba")  # S1901M
    france_owns_eighteen(market.factory)
    _lines(market, CAROL, "SELL 500 LIRA", "BUY 500 FRANCS")
    out = market.deadline("ba")
    turn = next(m for m in out if m.subject == "ba: Bourse F1901M results")
    assert "POUNDS (ENGLAND)" in turn.body  # eliminated by the same Fall change
    end = next(m for m in out if m.subject == "ba: the Bourse ends" and m.recipient == CAROL)
    body = _flat(end.body)
    assert "ended (victory) in F1901M" in body
    assert "FRANCS 1500" in body and "LIRA 500" in body  # the last turn counts
    # FRANCE 18 x 15 + AUSTRIA, GERMANY, TURKEY 3 x 10 each + ITALY 3 x 5 + RUSSIA 4 x 10
    assert "CROWN 415.00" in body


def test_switching_no_early_during_the_game_tells_every_member(market: MarketJudge) -> None:
    """The Bourse keeps NO_EARLY; when the master switches it off once the game runs,
    every member of the Bourse is told, host player or not (issue 23, point 4)."""
    _game(market)
    _join(market, CAROL, "crown")
    _join(market, address("FRANCE"), "argent")
    _start(market)
    sent = market.send(GM, "SIGNON MASTER@ba masterpw", "SET NO_EARLY OFF")
    reply = _flat(next(m.body for m in sent if m.recipient == GM))
    assert "NO_EARLY is now OFF" in reply and "Every member of the Bourse is told (2)" in reply
    told = {m.recipient for m in sent if "NO_EARLY is now OFF" in m.subject}
    assert told == {CAROL, address("FRANCE")}
    letter = _flat(next(m.body for m in sent if m.recipient == CAROL))
    assert "may now be processed before its deadline" in letter
    again = market.send(GM, "SIGNON MASTER@ba masterpw", "SET NO_EARLY OFF")
    assert not [m for m in again if m.recipient == CAROL]  # no change, no letter


def test_status_after_the_end_says_how_the_bourse_was_scored(market: MarketJudge) -> None:
    """A member's STATUS once the host ended reads how the Bourse was scored, as kept
    with the last phase: how the host ended, his credits and the winner, the figures
    the end letter gave him."""
    _game(market)
    _start(market)
    _join(market, CAROL, "crown")
    _join(market, DAVE, "sceptre", pw="secret2")
    _lines(market, DAVE, "SELL 500 LIRA", "BUY 500 ROUBLES", pw="secret2")
    market.deadline("ba")  # S1901M: RUSSIA's 4 centres make ROUBLES worth more
    out = market.send(GM, "SIGNON MASTER@ba masterpw", "TERMINATE")
    [end] = [m for m in out if m.subject == "ba: the Bourse ends" and m.recipient == CAROL]
    credits = {n: c for n, c in re.findall(r"^  (CROWN|SCEPTRE) +([0-9.]+)", end.body, re.M)}
    assert float(credits["SCEPTRE"]) > float(credits["CROWN"]) and "Winner: SCEPTRE." \
        in end.body
    reply = _lines(market, CAROL, "STATUS")
    assert "Bourse of ba, over: CROWN" in reply
    assert "The host game ended (terminated) in F1901M; no turn comes any more." in reply
    assert f"Your credits: {credits['CROWN']}; the winner: SCEPTRE." in reply
