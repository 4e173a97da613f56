"""The Payola statements of an Exchange movement phase in the runner's result (extra key
``statements``, beyond the contract): one per account owed one, JSON all through, none
under NO_LEDGERS."""

from __future__ import annotations

import json

from judge.money.payola.statement_json import statement_json, statement_of
from tests.contract.test_adjudicate_command import adjudicate
from tests.exchange.builder import case, floated, mail, play, state


def _war() -> dict:
    return state("S1901M",
                 investors={"ALICE": {"cash": 50, "shares": {"GERMANY": 20}},
                            "BOB": {"cash": 0, "shares": {"FRANCE": 20}}},
                 corporations={"FRANCE": floated("FRANCE", S=20, T=0, price=5, treasury=10,
                                                 leader="BOB"),
                               "GERMANY": floated("GERMANY", S=20, T=0, price=5, treasury=10,
                                                  leader="ALICE")},
                 units={"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR", "A MUN"]},
                 centers={"FRANCE": ["BRE", "PAR", "MAR"], "GERMANY": ["BER", "KIE", "MUN"]})


MAILS = (mail("ALICE", "3 : A PAR H"), mail("BOB", "2 : A PAR - PIC", signed_on="FRANCE"))


def test_each_account_gets_its_own_statement() -> None:
    result = play(_war(), *MAILS)
    found = result["statements"]
    assert {"ALICE", "FRANCE", "GERMANY"} <= set(found)
    assert "BOB" not in found  # no money and no offers of his own: no statement
    alice = statement_of(found["ALICE"])
    assert alice.power == "ALICE" and alice.phase == "S1901M"
    assert alice.sheet == ("3 : A PAR H",)
    assert [(b.amount, b.order) for b in alice.accepted or ()] == [(3, "A PAR H")]
    assert (alice.previous_balance, alice.cost, alice.balance) == (50, 3, 47)
    france = statement_of(found["FRANCE"])
    assert france.sheet == ("2 : A PAR - PIC",)
    assert france.cost == 0 and france.balance == 10  # ALICE outbid it
    assert {u.unit for u in france.units} == {"A PAR", "A MAR"}
    germany = statement_of(found["GERMANY"])
    assert not germany.offered and germany.balance == 10
    for data in found.values():  # JSON both ways, and back to the same statement
        assert statement_json(statement_of(json.loads(json.dumps(data)))) == data


def test_no_ledgers_no_statements() -> None:
    assert play(_war(), *MAILS, rules=["NO_LEDGERS"])["statements"] == {}


def test_adjudicate_prints_the_statements_as_json() -> None:
    [out] = adjudicate([json.dumps(case(_war(), list(MAILS)))])
    assert out["id"] == "t" and out["errors"] == {}
    assert out["state"]["phase"] in ("S1901R", "F1901M")
    assert out["statements"]["ALICE"]["sheet"] == ["3 : A PAR H"]
