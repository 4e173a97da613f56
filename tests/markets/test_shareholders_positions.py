"""1901-Shareholders' movement results list every country's units as they now stand,
those of countries with no office holder too (issue 23, point 6)."""

from __future__ import annotations

from tests.markets.conftest import GM, MarketJudge, member

COUNTRIES = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def test_movement_results_list_every_countrys_units(market: MarketJudge) -> None:
    market.reply(GM, "CREATE sp masterpw SHAREHOLDERS")
    for n in ("ANN", "BEN", "CID"):
        market.reply(member(n), f"JOIN sp pw{n.lower()} {n}")
    market.reply(GM, "SIGNON MASTER@sp masterpw", "START")
    market.reply(member("ANN"), "SIGNON ANN@sp pwann", "BUY 5 FRANCE")
    market.deadline("sp")  # January: ANN directs FRANCE; nobody holds office elsewhere
    built = market.reply(member("ANN"), "SIGNON FRANCE@sp pwann", "BUILD A PAR")
    assert "REFUSED" not in built
    market.deadline("sp")  # February: FRANCE builds; S1901M is held (a unit exists)
    assert market.game("sp").phase == "S1901M"
    sent = market.deadline("sp")
    public = [m.body for m in sent if m.recipient == member("BEN") and "S1901M" in m.subject]
    assert public, [m.subject for m in sent]
    block = public[0].split("Units now:\n")[1].split("\n\n")[0]
    rows = {line.split()[0]: line for line in block.splitlines()}
    assert set(rows) == set(COUNTRIES)
    assert "A PAR" in rows["FRANCE"] and rows["AUSTRIA"].split()[1] == "none"
