"""An Exchange movement's public results name each order's corporation (issue 23,
point 6): the orders and results come under the corporation whose units they are; a
corporation that has only started shows no S 0, T 0, price 0."""

from __future__ import annotations

from tests.markets.conftest import GM, MarketJudge, member


def test_public_results_name_each_orders_corporation(market: MarketJudge) -> None:
    market.reply(GM, "CREATE xr masterpw EXCHANGE")
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xr pwd{n} {n}")
    market.reply(GM, "SIGNON MASTER@xr masterpw", "SET PREFLOATED yes",
                 "SET HOLDINGS ANN FRANCE 20", "SET HOLDINGS BOB FRANCE 10",
                 "SET HOLDINGS BOB GERMANY 10", "START")
    for _ in range(6):
        if market.game("xr").phase == "S1901M":
            break
        market.deadline("xr")
    assert market.game("xr").phase == "S1901M"
    reply = market.reply(member("ANN"), "SIGNON FRANCE@xr pwdANN", "A PAR - BUR")
    assert "REFUSED" not in reply
    sent = market.deadline("xr")
    public = [m.body for m in sent if m.recipient == member("BOB") and "S1901M" in m.subject
              and "results" in m.subject.lower()]
    assert len(public) == 1, [m.subject for m in sent if m.recipient == member("BOB")]
    text = public[0]
    block = text.split("Orders and results, by corporation:\n")[1].split("\n\n")[0]
    assert "  FRANCE:\n" in block and "    A PAR - BUR (ok)\n" in block
    assert block.index("A PAR - BUR") > block.index("FRANCE:")
    assert "  GERMANY:\n" in block and "    A MUN H (ok)" in block
    assert block.index("A MUN H") > block.index("GERMANY:") > block.index("A PAR - BUR")


def test_a_corporation_only_started_shows_no_empty_terms(market: MarketJudge) -> None:
    market.reply(GM, "CREATE xs masterpw EXCHANGE")
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xs pwd{n} {n}")
    market.reply(GM, "SIGNON MASTER@xs masterpw", "START")
    market.reply(member("ANN"), "SIGNON ANN@xs pwdANN", "BID FRANCE 100")
    sent = market.deadline("xs")
    public = [m.body for m in sent if m.recipient == member("BOB") and "W1900B" in m.subject]
    assert public
    line = next(x for x in public[0].splitlines() if x.strip().startswith("FRANCE "))
    assert "STARTED" in line and "S 0" not in line and "price 0" not in line, line


def test_no_annual_report_after_the_end(market: MarketJudge) -> None:
    """The year-end step that ends the game at END_YEAR would open a Bids phase: its
    annual reports do not go out, the game being over (issue 23, point 6)."""
    market.reply(GM, "CREATE xe masterpw EXCHANGE END_YEAR=1901")
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xe pwd{n} {n}")
    market.reply(GM, "SIGNON MASTER@xe masterpw", "SET PREFLOATED yes",
                 "SET HOLDINGS ANN FRANCE 20", "SET HOLDINGS BOB GERMANY 10", "START")
    last: list = []
    for _ in range(12):
        if market.game("xe").state != "active":
            break
        last = market.deadline("xe")
    assert market.game("xe").state == "completed"
    private = [m.body for m in last if "your statement" in m.subject]
    assert private and not [b for b in private if "Annual reports:" in b]
    public = [m.body for m in last if m.recipient == member("ANN") and "results" in m.subject]
    assert public and "The game is over: the end year was reached" in " ".join(public[0].split())


def test_a_retreat_result_says_where_the_unit_went(market: MarketJudge) -> None:
    market.reply(GM, "CREATE xt masterpw EXCHANGE")
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xt pwd{n} {n}")
    market.reply(GM, "SIGNON MASTER@xt masterpw", "SET PREFLOATED yes",
                 "SET HOLDINGS ANN FRANCE 20", "SET HOLDINGS BOB GERMANY 20", "START")
    for _ in range(6):
        if market.game("xt").phase == "S1901M":
            break
        market.deadline("xt")
    assert market.game("xt").phase == "S1901M"
    market.reply(member("BOB"), "SIGNON GERMANY@xt pwdBOB", "A MUN - BUR")
    market.deadline("xt")
    assert market.game("xt").phase == "F1901M"
    market.reply(member("ANN"), "SIGNON FRANCE@xt pwdANN", "A PAR - BUR", "A MAR S A PAR - BUR")
    market.deadline("xt")
    assert market.game("xt").phase == "F1901R"
    assert "REFUSED" not in market.reply(member("BOB"), "SIGNON GERMANY@xt pwdBOB",
                                         "A BUR - RUH")
    sent = market.deadline("xt")
    public = [m.body for m in sent if m.recipient == member("ANN") and "F1901R" in m.subject
              and "results" in m.subject.lower()]
    assert public, [m.subject for m in sent]
    block = public[0].split("Orders and results, by corporation:\n")[1].split("\n\n")[0]
    assert "  GERMANY:\n    A BUR - RUH (ok)" in block, block
