"""The layer every market game shares: parameters, joining, starting, the master's
commands, lines before the start, and a phase processed at the master's PROCESS."""

from __future__ import annotations

from sqlalchemy import select

from judge.storage.schema import MarketMail
from tests.markets.conftest import GM, MarketJudge, member


def _created(market: MarketJudge, *extra: str) -> None:
    assert "created" in market.reply(GM, " ".join(["CREATE xl masterpw EXCHANGE", *extra]))


def _started(market: MarketJudge) -> None:
    """Game xl with investors ANN and BOB (passwords pwdANN, pwdBOB), started."""
    _created(market)
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xl pwd{n} {n}")
    assert "started" in market.reply(GM, "SIGNON MASTER@xl masterpw", "START")


def test_parameters_are_checked_at_creation(market: MarketJudge) -> None:
    reply = market.reply(GM, "CREATE xl masterpw EXCHANGE MIN_SHARES=3")
    assert "the game cannot be set up" in reply and "MIN_SHARES" in reply
    reply = market.reply(GM, "CREATE xl masterpw EXCHANGE MAX_BIDS=3")
    assert "MAX_BIDS is not a parameter of Exchange" in reply
    reply = market.reply(GM, "CREATE xl masterpw EXCHANGE MIN_BID=lots")
    assert "MIN_BID=LOTS: 'LOTS' is not a whole number" in reply
    reply = market.reply(GM, "CREATE xl masterpw EXCHANGE ZEROSUM")
    assert "use INCOME_MODE" in reply


def test_the_master_sets_parameters_before_the_start_only(market: MarketJudge) -> None:
    _created(market)
    reply = market.reply(GM, "SIGNON MASTER@xl masterpw", "SET MIN_BID 150",
                         "SET MIN_SHARES 2", "SET DIAS_ONLY yes")
    assert "MIN_BID is now 150 in xl." in reply
    assert "MIN_SHARES 2 refused" in reply
    assert "DIAS_ONLY is now yes in xl." in reply
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xl pw{n} {n}")
    market.reply(GM, "SIGNON MASTER@xl masterpw", "START")
    reply = market.reply(member("ANN"), "SIGNON ANN@xl pwANN", "BID ENGLAND 120")
    assert "the minimum bid is 150 AgP" in reply
    reply = market.reply(GM, "SIGNON MASTER@xl masterpw", "SET MIN_BID 100")
    assert "xl has started; its parameters are fixed" in reply


def test_joining_names_and_limits(market: MarketJudge) -> None:
    _created(market)
    assert "as investor ANN" in market.reply(member("ANN"), "JOIN xl pwd1 ann")
    assert "ANN is taken in xl" in market.reply(member("ANNE"), "JOIN xl pwd2 Ann")
    assert "already plays in xl" in market.reply(member("ANN"), "JOIN xl pwd3 OTHER")
    reply = market.reply(member("CAT"), "JOIN xl pwd4 A-very-long-name-indeed")
    assert "1 to 20 letters, digits or _" in reply
    reply = market.reply(GM, "SIGNON MASTER@xl masterpw", "START")
    assert "xl cannot start" in reply
    assert market.game("xl").state == "forming"
    market.reply(member("BOB"), "JOIN xl pwd5 BOB")
    assert "started: W1900B" in market.reply(GM, "SIGNON MASTER@xl masterpw", "START")
    assert "xl has started" in market.reply(member("CAT"), "JOIN xl pwd6 CAT")


def test_lines_before_the_start_change_nothing(market: MarketJudge) -> None:
    _created(market)
    market.reply(member("ANN"), "JOIN xl pwd1 ANN")
    reply = market.reply(member("ANN"), "SIGNON ANN@xl pwd1", "BID ENGLAND 120", "STATUS")
    assert "xl has not started; nothing done" in reply
    assert "xl has not started yet." in reply
    with market.factory() as s:
        assert s.scalars(select(MarketMail)).all() == []


def test_master_process_plays_the_phase_now(market: MarketJudge) -> None:
    _created(market)
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xl pw{n} {n}")
    market.reply(GM, "SIGNON MASTER@xl masterpw", "START")
    market.reply(member("ANN"), "SIGNON ANN@xl pwANN", "BID FRANCE 300")
    reply = market.reply(GM, "SIGNON MASTER@xl masterpw", "PROCESS W1900O")
    assert "xl is in W1900B, not W1900O; nothing processed" in reply
    reply = market.reply(GM, "SIGNON MASTER@xl masterpw", "PROCESS W1900B",
                         "ROLLBACK S1901M", "EJECT ANN")
    assert "W1900B processed; Next: W1900O." in reply
    assert "ROLLBACK is not available in Exchange games" in reply
    assert "EJECT is not available in Exchange games" in reply
    assert market.game("xl").phase == "W1900O"


def test_refused_lines_are_kept_and_refused_again(market: MarketJudge) -> None:
    """A refused line is kept with its mail, so the phase played at the deadline gives
    the same refusal and changes nothing."""
    _created(market)
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xl pw{n} {n}")
    market.reply(GM, "SIGNON MASTER@xl masterpw", "START")
    reply = market.reply(member("ANN"), "SIGNON ANN@xl pwANN", "BID ENGLAND 2000",
                         "FROBNICATE")
    assert "your bids would total 2000 AgP but you have 1000 AgP" in reply
    assert "unknown command" in reply
    out = market.deadline("xl")
    mine = next(m.body for m in out if m.recipient == member("ANN") and "statement" in m.subject)
    assert "Cash: 1000 AgP" in mine
    assert "BID ENGLAND 2000: your bids would total" in mine


def test_a_sign_on_from_another_address_sends_a_copy(market: MarketJudge) -> None:
    _created(market)
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xl pw{n} {n}")
    market.reply(GM, "SIGNON MASTER@xl masterpw", "START")
    out = market.send("elsewhere@example.net", "SIGNON ANN@xl pwANN", "BID ENGLAND 100")
    copies = [m for m in out if m.recipient == member("ANN")]
    assert len(copies) == 1 and "BID ENGLAND 100" in copies[0].body


def test_the_masters_status_pause_resume_and_terminate(market: MarketJudge) -> None:
    _started(market)
    market.reply(member("ANN"), "SIGNON ANN@xl pwdANN", "BID FRANCE 300")
    reply = market.reply(GM, "SIGNON MASTER@xl masterpw", "STATUS")
    assert "investor ANN (has sent mail this phase)" in reply
    assert "investor BOB\n" in reply
    assert "investors.example" not in reply  # no address in any kind's STATUS
    listed = market.reply(GM, "SIGNON MASTER@xl masterpw", "ADDRESSES")
    assert f"member ANN: {member('ANN')}" in listed and f"member BOB: {member('BOB')}" in listed
    out = market.send(GM, "SIGNON MASTER@xl masterpw", "PAUSE")
    told = {m.recipient for m in out if m.subject == "Diplomacy game xl is paused"}
    assert told == {member("ANN"), member("BOB"), GM}  # the master too, as in every game
    # a paused game's deadline does not pass; a month on, everyone is told it is paused
    assert {m.subject for m in market.deadline("xl")} == {"Diplomacy game xl is paused"}
    assert market.game("xl").phase == "W1900B"
    reply = market.reply(GM, "SIGNON MASTER@xl masterpw", "RESUME")
    assert "xl is resumed in W1900B. The deadline of W1900B is" in reply
    market.deadline("xl")
    assert market.game("xl").phase == "W1900O"
    out = market.send(GM, "SIGNON MASTER@xl masterpw", "TERMINATE")
    assert {m.recipient for m in out if m.subject == "Diplomacy game xl is over"} == {
        member("ANN"), member("BOB"), GM}
    assert market.game("xl").state == "terminated"
    reply = market.reply(member("ANN"), "SIGNON ANN@xl pwdANN", "STATUS", "BID ITALY 100")
    assert "xl is terminated; nothing done" in reply


def test_a_prefloated_exchange_starts_with_the_holdings_the_master_set(
        market: MarketJudge) -> None:
    reply = market.reply(GM, "CREATE xp masterpw EXCHANGE", "SIGNON MASTER@xp masterpw",
                         "SET HOLDINGS ANN FRANCE 20")
    assert "holdings are set only in a PREFLOATED game" in " ".join(reply.split())
    for n in ("ANN", "BOB"):
        market.reply(member(n), f"JOIN xp pwd{n} {n}")
    reply = market.reply(GM, "SIGNON MASTER@xp masterpw", "SET PREFLOATED yes",
                         "SET HOLDINGS ANN FRANCE 20", "SET HOLDINGS BOB F 10",
                         "SET HOLDINGS BOB ENGLAND 30", "SET HOLDINGS BOB ENGLAND 0",
                         "SET HOLDINGS BOB SPAIN 3", "SET HOLDINGS CAT ITALY 5")
    assert reply.count(": done in xp.") == 4
    assert "SPAIN is no power" in reply
    # someone who has not joined is refused when the line is sent (issue 23), with the
    # name a near miss meant
    assert "SET HOLDINGS CAT ITALY 5 refused: CAT has not joined; holdings are set for " \
        "investors who have joined" in " ".join(reply.split())
    reply = market.reply(GM, "SIGNON MASTER@xp masterpw", "SET HOLDINGS ANNA ITALY 5")
    assert "ANNA has not joined (did you mean ANN?)" in " ".join(reply.split())
    assert "started: W1900E" in market.reply(GM, "SIGNON MASTER@xp masterpw", "START")
    status = market.reply(member("ANN"), "SIGNON ANN@xp pwdANN", "STATUS")
    assert "FRANCE 20" in status
    status = market.reply(member("BOB"), "SIGNON BOB@xp pwdBOB", "STATUS")
    assert "FRANCE 10" in status and "ENGLAND" not in status.split("Shares:")[1].split("\n")[0]
    reply = market.reply(GM, "SIGNON MASTER@xp masterpw", "SET HOLDINGS ANN FRANCE 1")
    assert "has started; SET HOLDINGS is for before the start" in " ".join(reply.split())
