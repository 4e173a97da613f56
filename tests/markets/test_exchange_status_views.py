"""Exchange's STATUS views (judge.games.exchange.mail.status) on a phase read one
mail at a time by the service's reader: each item in force to whom may see it. The
by-mail tests are tests/e2e/test_exchange_status.py; these reach the cases a game by
mail takes years to reach."""

from __future__ import annotations

from typing import Any

from judge.games.exchange.mail.reader import CODEC, READER
from judge.games.exchange.mail.status import in_force, market_now
from judge.games.exchange.rules.game import ExchangeGame
from judge.money.market.reading import Mail
from tests.exchange.builder import case, corporation, floated, state


def _game(st: dict[str, Any]) -> ExchangeGame:
    """The state as the phase opened, typed through the kind's codec."""
    return CODEC.state(case(st), st)


def _read(st: dict[str, Any], *mails: Mail) -> ExchangeGame:
    """What the reader says is in force once the mails are read, in order: the game as
    they left it."""
    reading = READER.open(case(st), st)
    for m in mails:
        read = READER.read(reading, m)
        assert not read.refused, read.refused
    return READER.in_force(reading)


def test_a_founders_price_of_a_corporation_started_in_an_earlier_year() -> None:
    """A corporation started a year before and not floated is priced by its founder:
    his STATUS shows the price he sent, nobody else's does."""
    st = state("W1901O", corporations={"FRANCE": corporation(
        status="STARTED", founder="ALICE", S=20, T=16, price=10)},
        investors={"ALICE": {"shares": {"FRANCE": 4}}})
    now = _read(st, Mail("ALICE", ("PRICE FRANCE 12",)))
    assert "  FRANCE is offered on: 20 shares at 12 AgP" in in_force(_game(st), now, "ALICE", None)
    assert not [x for x in in_force(_game(st), now, "BOB", None) if "FRANCE" in x]


def test_a_treasury_only_to_its_leader_and_shareholders() -> None:
    st = state("W1900A", corporations={
        "FRANCE": floated("FRANCE", S=30, T=10, price=5, treasury=70, leader="ALICE"),
        "ITALY": floated("ITALY", S=30, T=20, price=5, treasury=90, leader="CAROL")},
        investors={"ALICE": {"shares": {"FRANCE": 15}}, "BOB": {"shares": {"FRANCE": 5}},
                   "CAROL": {"shares": {"ITALY": 10}}})
    now = _read(st, Mail("DAVE", ("TRANSFER 25 TO FRANCE",)))
    assert "  FRANCE (you lead it and hold 15): treasury 95 AgP now" in \
        in_force(_game(st), now, "ALICE", None)
    assert "  FRANCE (you hold 5): treasury 95 AgP now" in in_force(_game(st), now, "BOB", None)
    for outsider in ("CAROL", "DAVE"):  # DAVE sent the money, but neither leads nor holds
        assert not [x for x in in_force(_game(st), now, outsider, None)
                    if "95" in x or "FRANCE" in x]
    assert "  FRANCE's acceptance list: F?" in in_force(_game(st), now, "ALICE", None)
    assert "acceptance" not in " ".join(in_force(_game(st), now, "BOB", None))


def test_open_asks_shown_to_all_without_the_seller() -> None:
    st = state("W1900A", corporations={
        "FRANCE": floated("FRANCE", S=30, T=10, price=5, treasury=70, leader="ALICE")},
        investors={"BOB": {"shares": {"FRANCE": 5}}})
    now = _read(st, Mail("BOB", ("ASK FRANCE 2 AT 9", "ASK FRANCE 1 AT 20")))
    assert market_now(now) == ["  Open asks (TAKE <id> <shares> buys):",
                               "    #1: 2 FRANCE shares at 9 AgP each",
                               "    #2: 1 FRANCE share at 20 AgP each"]
