"""Capitalist Diplomacy by mail (capitalist.md 4, 7): players join under pseudonyms,
trade at commerce phases, and the biggest holder of a currency commands its power."""

from __future__ import annotations

from sqlalchemy import select

from judge.storage.mailqueue import OutboundMessage
from tests.markets.conftest import MarketJudge

GM = "grace.master@gm.example"
# a pseudonym -> the real person behind it (the local part of the address is his name)
PEOPLE = {
    "MIDAS": "alice.archer", "CROESUS": "bob.baker", "PLUTUS": "carol.cook",
    "MAMMON": "dave.dyer", "FUGGER": "erin.evans", "MEDICI": "frank.fisher",
    "SCROOGE": "gina.gale", "GEKKO": "hank.hill", "RICHIE": "ivy.irons",
}
NINE = tuple(PEOPLE)


def addr(pseudonym: str) -> str:
    return f"{PEOPLE.get(pseudonym, pseudonym.lower())}@home.example"


def pw(pseudonym: str) -> str:
    return f"pw{pseudonym.lower()}"


def signon(pseudonym: str, game: str = "cap") -> str:
    return f"SIGNON {pseudonym}@{game} {pw(pseudonym)}"


def flat(text: str) -> str:
    """A mail body with its line wrapping undone."""
    return " ".join(text.split())


def create(market: MarketJudge, *names: str, params: str = "") -> None:
    reply = market.reply(GM, f"CREATE cap masterpw CAPITALIST {params}".strip())
    assert "Game cap created (CAPITALIST" in reply
    for n in names:
        joined = market.reply(addr(n), f"JOIN cap {pw(n)} {n}")
        assert f"as player {n}" in joined, joined


def start(market: MarketJudge, *names: str, params: str = "") -> None:
    create(market, *names, params=params)
    reply = market.reply(GM, "SIGNON MASTER@cap masterpw", "START")
    assert "started: S1901C" in reply, reply


def all_mail(market: MarketJudge) -> list[OutboundMessage]:
    with market.factory() as s:
        return list(s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))
