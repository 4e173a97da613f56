"""Payola accounts through the whole service, by mail and under the processor: transfers
checked by the money layer's Ledger (each flag's refusal changes nothing), the year's end
under ZEROSUM with a capture and the debt it leaves, and controlled powers and vassals,
whose money mail reaches the controller's player and nobody else."""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

import judge.games.payola.mail.bribes as bribes
from judge.engine.maps import load_map
from judge.engine.state import state_from_position
from judge.games.board.mail.phases import initial_position
from judge.money.payola.phase import PayolaPhase, PlayedPhase
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game, LedgerEntry, PhaseRecord, Power
from judge.storage.session import unit_of_work
from tests.processing.conftest import MASTER, POWERS, Judge, address, by_recipient, signon

GM = ("SIGNON MASTER@alpha masterpw",)
AS_ITALY = "SIGNON italy@alpha pwfrance"  # France's player, playing Italy under control


def _game(full: Callable[..., Judge], flags: str = "") -> Judge:
    judge = full(f"PAYOLA {flags}".strip())
    done, _ = judge.run()
    assert [str(d) for d in done] == ["alpha: started S1901M"]
    return judge


def _balances(judge: Judge) -> dict[str, int]:
    with judge.factory() as s:
        return {p.name: p.balance for p in s.scalars(select(Power))}


def _ledger(judge: Judge) -> list[tuple[str, int, str]]:
    with judge.factory() as s:
        return [(e.power, e.amount, e.kind)
                for e in s.scalars(select(LedgerEntry).order_by(LedgerEntry.id))]


def _adds_up(judge: Judge) -> None:
    """Every balance is the sum of its ledger entries."""
    entries = _ledger(judge)
    for power, balance in _balances(judge).items():
        assert sum(a for p, a, _ in entries if p == power) == balance, power


def _state(phase: str = "S1901M") -> dict[str, Any]:
    state = state_from_position(initial_position(load_map("standard")))
    state["phase"] = phase
    return copy.deepcopy(state)


def _put(judge: Judge, state: dict[str, Any]) -> None:
    """Set the board of the phase being played (the test's starting position)."""
    with unit_of_work(judge.factory) as s:
        game = s.scalar(select(Game).where(Game.name == "alpha"))
        assert game is not None
        record = s.scalars(select(PhaseRecord).where(PhaseRecord.game_id == game.id)
                           .order_by(PhaseRecord.seq.desc())).first()
        assert record is not None
        record.state, record.phase, game.phase = state, state["phase"], state["phase"]


def _process(judge: Judge) -> list[OutboundMessage]:
    """Past the deadline and its grace: the phase is processed with what is in force."""
    phase = judge.record().phase
    deadline = judge.record().deadline
    assert deadline is not None
    done, mails = judge.at(max(judge.now, deadline) + timedelta(days=2))
    assert f"alpha: processed {phase}" in [str(d) for d in done], done
    return mails


def _refused(judge: Judge, sender: str, signed: str, line: str, reason: str) -> None:
    """The transfer is refused with ``reason`` and changes nothing: no balance, no ledger
    entry, no mail but the reply."""
    balances, entries = _balances(judge), _ledger(judge)
    out = judge.send(sender, signed, line)
    assert [m.recipient for m in out] == [sender], [(m.recipient, m.subject) for m in out]
    assert reason in " ".join(out[0].body.split()), out[0].body  # wrapped at 78 columns
    assert _balances(judge) == balances and _ledger(judge) == entries


# -- transfers: each flag's refusal --------------------------------------------------------


def test_no_transfer_refuses_every_transfer(full: Callable[..., Judge]) -> None:
    judge = _game(full, "NO_TRANSFER")
    _refused(judge, address("FRANCE"), signon("FRANCE"), "TRANSFER 5 TO GERMANY",
             "transfer refused: transfers are not allowed in this game (NO_TRANSFER)")


def test_one_transfer_allows_one_per_receiver_and_phase(full: Callable[..., Judge]) -> None:
    judge = _game(full, "ONE_TRANSFER")
    france = (address("FRANCE"), signon("FRANCE"))
    assert "CURRENT BALANCE" in judge.reply(*france, "TRANSFER 5 TO GERMANY")
    _refused(judge, *france, "TRANSFER 1 TO GERMANY",
             "only one transfer to GERMANY is allowed in this phase (ONE_TRANSFER)")
    assert "CURRENT BALANCE" in judge.reply(*france, "TRANSFER 1 TO ENGLAND")
    _process(judge)  # the record starts afresh with the next phase
    assert "CURRENT BALANCE" in judge.reply(*france, "TRANSFER 1 TO GERMANY")
    assert _balances(judge)["FRANCE"] == 48 - 7


def test_no_donations_refuses_a_power_without_centers(full: Callable[..., Judge]) -> None:
    judge = _game(full, "NO_DONATIONS")
    state = _state()
    state["centers"]["FRANCE"] = []  # BRE, MAR and PAR are nobody's
    _put(judge, state)
    _refused(judge, address("FRANCE"), signon("FRANCE"), "TRANSFER 5 TO GERMANY",
             "a power that owns no supply centre cannot transfer money (NO_DONATIONS)")
    assert "CURRENT BALANCE" in judge.reply(address("GERMANY"), signon("GERMANY"),
                                            "TRANSFER 5 TO FRANCE")  # receiving is fine


def _control_italy(judge: Judge) -> None:
    assert "in civil disorder" in judge.reply(MASTER, *GM, "EJECT ITALY")
    body = judge.reply(MASTER, *GM, "SET CONTROL ITALY BY FRANCE")
    assert "ITALY is now controlled by FRANCE." in body, body


def test_a_controlled_power_cannot_transfer_out(full: Callable[..., Judge]) -> None:
    judge = _game(full)
    _control_italy(judge)
    assert "Signed on as ITALY" in judge.reply(address("FRANCE"), AS_ITALY, "STATUS")
    _refused(judge, address("FRANCE"), AS_ITALY, "TRANSFER 5 TO FRANCE",
             "ITALY is controlled by FRANCE and cannot transfer money out")


def test_no_looting_keeps_a_dummy_account_shut(full: Callable[..., Judge]) -> None:
    judge = _game(full, "NO_LOOTING CD_DUMMIES")
    _control_italy(judge)
    _refused(judge, address("FRANCE"), AS_ITALY, "TRANSFER 5 TO FRANCE",
             "no money may be taken out of a DUMMY power's account (NO_LOOTING)")


def test_vassal_dummies_refuses_money_to_a_dummy(full: Callable[..., Judge]) -> None:
    judge = _game(full, "VASSAL_DUMMIES")
    judge.reply(MASTER, *GM, "EJECT ITALY")
    _refused(judge, address("FRANCE"), signon("FRANCE"), "TRANSFER 5 TO ITALY",
             "DUMMY powers have no account (VASSAL_DUMMIES)")


# -- the year's end under ZEROSUM ---------------------------------------------------------


def _paris_falls() -> dict[str, Any]:
    """F1901M: a German army in Burgundy, Paris empty (its army in Picardy)."""
    state = _state("F1901M")
    state["units"]["GERMANY"] = ["A BER", "A BUR", "F KIE"]
    state["units"]["FRANCE"] = ["A MAR", "A PIC", "F BRE"]
    return state


def test_zerosum_capture_leaves_a_debt_paid_at_the_income_step(
        full: Callable[..., Judge]) -> None:
    judge = _game(full, "ZEROSUM")
    assert _balances(judge)["FRANCE"] == 30  # 10 AgP a centre
    _put(judge, _paris_falls())
    assert "accepted" in judge.reply(address("GERMANY"), signon("GERMANY"), "A BUR - PAR")
    _process(judge)
    record = judge.record()
    assert record.phase == "W1901A"
    # Paris is fixed at floor((30 + 0) / 3) = 10 AgP, owed by France until the income step
    assert record.state["captures"] == [
        {"center": "PAR", "winner": "GERMANY", "loser": "FRANCE", "amount": 10}]
    france = (address("FRANCE"), signon("FRANCE"))
    _refused(judge, *france, "TRANSFER 25 TO ENGLAND",
             "FRANCE owes 10 AgP for centres lost this year; it can transfer at most 20 AgP"
             " (ZEROSUM)")
    assert "CURRENT BALANCE" in judge.reply(*france, "TRANSFER 20 TO ENGLAND")
    mails = _process(judge)  # the adjustments, then the income step
    assert judge.record().phase == "S1902M"
    assert _balances(judge) == {**{p: 30 for p in POWERS}, "RUSSIA": 40, "FRANCE": 0,
                                "ENGLAND": 50, "GERMANY": 40}
    reports = {m.recipient: m.body for m in mails
               if m.subject == "Payola income report alpha 1901"}
    assert "LOSS OF PAR                 -10 AgP" in reports[address("FRANCE")]
    assert "CAPTURE OF PAR               10 AgP" in reports[address("GERMANY")]
    assert "PAR" not in reports[address("ENGLAND")]
    assert "captures" not in judge.record().state or not judge.record().state["captures"]
    _adds_up(judge)


def test_each_phase_is_one_call_of_the_money_layers_phase_step(
        full: Callable[..., Judge], monkeypatch: pytest.MonkeyPatch) -> None:
    """The Fall (sheets, payments, a capture) and the Winter (builds, the income step) are
    each played whole by one call of ``play_payola_phase``: nothing is played twice."""
    played: list[tuple[str, list[str]]] = []
    step = bribes.play_payola_phase

    def counted(phase: PayolaPhase) -> PlayedPhase:
        played.append((str(phase.position.phase),
                       [str(o) for os in phase.orders.values() for o in os]))
        return step(phase)

    monkeypatch.setattr(bribes, "play_payola_phase", counted)
    judge = _game(full, "ZEROSUM")
    _put(judge, _paris_falls())
    judge.reply(address("GERMANY"), signon("GERMANY"), "A BUR - PAR")
    _process(judge)
    assert "accepted" in judge.reply(address("GERMANY"), signon("GERMANY"), "BUILD A MUN")
    mails = _process(judge)
    assert [p for p, _ in played] == ["F1901M", "W1901A"]
    assert played[1][1] == ["BUILD A MUN"]  # the Winter played from its orders, in that call
    assert judge.record().phase == "S1902M"
    assert "A MUN" in judge.record().state["units"]["GERMANY"]  # the build, adjudicated
    assert [m for m in mails if m.subject == "Payola income report alpha 1901"]
    _adds_up(judge)


def test_zerosum_no_donations_forfeits_only_what_is_not_owed(
        full: Callable[..., Judge]) -> None:
    judge = _game(full, "ZEROSUM NO_DONATIONS")
    state = _paris_falls()
    state["centers"]["FRANCE"] = ["PAR"]  # Brest and Marseilles are nobody's
    state["units"]["FRANCE"] = ["A GAS", "A PIC", "F MAO"]  # and stay nobody's
    _put(judge, state)
    judge.reply(address("GERMANY"), signon("GERMANY"), "A BUR - PAR")
    _process(judge)
    # the last centre is gone: Paris costs all of France's 30 AgP, which stay owed
    assert _balances(judge)["FRANCE"] == 30
    assert judge.record().state["captures"][0]["amount"] == 30
    _refused(judge, address("FRANCE"), signon("FRANCE"), "TRANSFER 1 TO ENGLAND",
             "(NO_DONATIONS)")
    _process(judge)
    balances = _balances(judge)
    assert balances["FRANCE"] == 0 and balances["GERMANY"] == 60
    _adds_up(judge)


# -- controlled powers and vassals ---------------------------------------------------------


def _subjects(mails: list[OutboundMessage], start: str) -> dict[str, list[str]]:
    return {to: [m.body for m in ms if m.subject.startswith(start)]
            for to, ms in by_recipient(mails).items()}


def test_a_controlled_powers_money_mail_reaches_its_controller_alone(
        full: Callable[..., Judge]) -> None:
    judge = _game(full)
    _put(judge, _state("F1901M"))
    _control_italy(judge)
    france = address("FRANCE")
    body = judge.reply(france, AS_ITALY, "2 : A VEN - TYR", "ACCEPT IF?")
    assert "refused" not in body, body
    out = judge.send(address("ENGLAND"), signon("ENGLAND"), "TRANSFER 5 TO ITALY")
    notices = [m for m in out if m.subject == "Payola funds transfer alpha"]
    assert [m.recipient for m in notices] == [france]
    assert "ACCOUNT ACTIVITY FOR ITALY" in notices[0].body
    mails = _process(judge)
    statements = _subjects(mails, "Payola bribe results")
    about_italy = {to for to, bodies in statements.items()
                   if any("ACCOUNT STATEMENT FOR ITALY" in b for b in bodies)}
    assert about_italy == {france}
    italy = next(b for b in statements[france] if "FOR ITALY" in b)
    assert "2 : A VEN - TYR" in italy and "A VEN - TYR" in italy
    reports = _subjects(mails, "Payola income report")
    readers = {to for to, bodies in reports.items()
               if any("INCOME REPORT FOR ITALY" in b for b in bodies)}
    assert readers == {france}
    assert not [m.subject for m in mails if m.recipient == address("ITALY")]
    assert _balances(judge)["ITALY"] == 48 + 5 - 2 + 48  # the year's income: 3 centres
    _adds_up(judge)


def test_a_vassal_is_played_by_whoever_holds_its_home_centers(
        full: Callable[..., Judge]) -> None:
    judge = _game(full, "VASSAL_DUMMIES")
    judge.reply(MASTER, *GM, "EJECT ITALY")
    state = _state("F1901M")
    state["units"]["FRANCE"] = ["A MAR", "A PAR", "F BRE", "A ROM", "F NAP", "A VEN"]
    state["units"]["ITALY"] = ["A APU", "A GRE", "F ION"]
    state["centers"]["FRANCE"] = ["BRE", "MAR", "NAP", "PAR", "ROM", "VEN"]
    state["centers"]["ITALY"] = ["GRE", "TUN"]
    _put(judge, state)
    refused = judge.reply(address("FRANCE"), AS_ITALY, "A APU H")
    assert "has no player" in refused  # a vassal is nobody's to sign on as
    body = judge.reply(address("FRANCE"), signon("FRANCE"), "3 : A APU - NAP")
    assert "refused" not in body, body
    mails = _process(judge)
    statements = _subjects(mails, "Payola bribe results")
    assert not any("FOR ITALY" in b for bodies in statements.values() for b in bodies)
    own = statements[address("FRANCE")][0]
    assert "YOUR VASSALS' UNITS WERE PAID AND ORDERED AS FOLLOWS:" in own
    assert "A APU - NAP" in own
    mails = _process(judge)  # Italy's removal in civil disorder, then the income step
    reports = _subjects(mails, "Payola income report")
    france = reports[address("FRANCE")][0]
    # six own centres (87) and the vassal's two (33), which go to France
    assert "OF WHICH FROM ITALY          33 AgP" in france
    assert "TAX INCOME                  120 AgP" in france
    balances = _balances(judge)
    assert balances["ITALY"] == 0  # a DUMMY has no account under VASSAL_DUMMIES
    assert balances["FRANCE"] == 48 - 3 + 120
    _adds_up(judge)
