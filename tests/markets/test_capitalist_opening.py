"""The opening of S1901C (capitalist.md 7): at START everyone is told, publicly, the rates
in force and every pseudonym's holdings and SFr."""

from __future__ import annotations

from tests.markets.conftest import MarketJudge
from tests.markets.test_capitalist_by_mail import GM, NINE, addr, assert_secret, create, flat

SUBJECT = "cap: Capitalist S1901C: rates and holdings at the opening"


def test_start_publishes_the_opening_rates_and_holdings(market: MarketJudge) -> None:
    create(market, *NINE, params="START_RATE=120 START_SFR=5000 START_UNITS=800")
    out = market.send(GM, "SIGNON MASTER@cap masterpw", "START")
    opening = [m for m in out if m.subject == SUBJECT]
    assert {m.recipient for m in opening} == {GM} | {addr(n) for n in NINE}
    assert len({m.body for m in opening}) == 1  # one public letter, the same for all
    body = opening[0].body
    assert "Capitalist Diplomacy game cap: S1901C, the commerce phase, opens." in body
    for currency, power in (("KRONEN", "AUSTRIA"), ("POUND", "ENGLAND"), ("FRANC", "FRANCE"),
                            ("MARK", "GERMANY"), ("LIRA", "ITALY"), ("RUBEL", "RUSSIA"),
                            ("PIASTER", "TURKEY")):
        assert f"{currency} {power} 1.20 SFr" in flat(body)
    for name in NINE:
        assert (f"{name} 50.00 SFr; KRONEN 800, POUND 800, FRANC 800, MARK 800, LIRA 800, "
                f"RUBEL 800, PIASTER 800") in flat(body)
    assert "commands its power for S1901M" in flat(body)
    # the start letter still comes first, and the letter agrees with STATUS
    subjects = [m.subject for m in out]
    assert subjects.index("Diplomacy game cap has started") < subjects.index(SUBJECT)
    status = flat(market.reply(addr("MIDAS"), "SIGNON MIDAS@cap pwmidas", "STATUS"))
    assert "Pseudonym MIDAS: 50.00 SFr" in status and "Rates: KRONEN 1.20" in status
    assert_secret(market)


def test_the_opening_letter_is_sent_once(market: MarketJudge) -> None:
    create(market, *NINE)
    market.send(GM, "SIGNON MASTER@cap masterpw", "START")
    out = market.deadline("cap")  # S1901C played: the commerce results, not the opening
    assert not [m for m in out if "at the opening" in m.subject]
    assert any(m.subject == "cap: Capitalist S1901C commerce results" for m in out)
