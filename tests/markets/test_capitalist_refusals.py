"""Bad input to Capitalist Diplomacy by mail (capitalist.md 4, 6, D23-D25, D30, D32): each
refusal gives its specific reason, and nothing changes: the members stay as they were,
the game does not start, and the open phase plays exactly as it did before the bad mail
(its state, trades and orders as the runner gives them from the mail kept)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from judge.storage.phases import current_record
from judge.storage.schema import Game, MarketMail, PhaseRecord
from tests.markets.conftest import MarketJudge, played
from tests.markets.test_capitalist_by_mail import (
    GM,
    NINE,
    addr,
    create,
    flat,
    pw,
    signon,
    start,
)

MASTER = "SIGNON MASTER@cap masterpw"


def plays(market: MarketJudge) -> dict[str, Any]:
    """What the open phase would do at its deadline with the mail kept so far."""
    result = played(market, "cap")
    return {k: result.get(k) for k in ("state", "trades", "orders", "results", "end")}


def refused(reply: str, line: str, reason: str) -> bool:
    return f"{line} REFUSED, nothing changed: - {reason}" in flat(reply)


def not_his(reply: str, who: str, power: str) -> bool:
    """A sign-on as a power ``who`` does not command, refused at the SIGNON line with the
    reason (issue 23), and not "Signed on"."""
    return f"{who} does not lead, direct or command {power} in cap now" in flat(reply) \
        and "Signed on" not in reply


def kept(market: MarketJudge) -> int:
    with market.factory() as s:
        return len(s.scalars(select(MarketMail)).all())


def members(market: MarketJudge) -> list[tuple[str | None, str]]:
    from judge.games.market.mail.members import MEMBER
    from judge.storage.games import members as all_members

    with market.factory() as s:
        game = s.scalar(select(Game).where(Game.name == "cap"))
        assert game is not None
        return sorted((m.name, m.address) for m in all_members(s, game) if m.role == MEMBER)


def records(market: MarketJudge) -> int:
    with market.factory() as s:
        return len(s.scalars(select(PhaseRecord)).all())


# -- commerce (4.1) --------------------------------------------------------------------


def test_every_commerce_refusal_by_mail_changes_nothing(market: MarketJudge) -> None:
    start(market, *NINE)
    assert "accepted for S1901C" in market.reply(addr("MIDAS"), signon("MIDAS"),
                                                 "SELL 200 LIRA", "BUY 150 MARK")
    before = plays(market)
    reply = market.reply(addr("MIDAS"), signon("MIDAS"),
                         "SELL 0 LIRA", "BUY 0 MARK", "SELL -5 LIRA",
                         "SELL 10 DUCATS", "BUY 10 GERM",
                         "SELL 501 POUND", "SELL 1001 FRANC",
                         "BUY 10 RUBEL", "SELL 10 RUBLES",
                         "BUY 10", "SELL", "EXCHANGE 10 LIRA FOR MARK")
    for line, reason in (
            ("SELL 0 LIRA", "number must be at least 1"),
            ("BUY 0 MARK", "number must be at least 1"),
            ("SELL -5 LIRA", "number must be at least 1"),
            ("SELL 10 DUCATS", "no such currency"),
            ("BUY 10 GERM", "no such currency"),  # only D37's forms name a power
            ("SELL 501 POUND", "you may sell at most 500 POUND this turn"),
            ("SELL 1001 FRANC", "you may sell at most 500 FRANC this turn"),  # limit first
            ("SELL 10 RUBLES", "you cannot buy and sell RUBEL in the same turn"),
            ("BUY 10", "cannot understand this command"),
            ("SELL", "cannot understand this command"),
            ("EXCHANGE 10 LIRA FOR MARK", "cannot understand this command")):
        assert refused(reply, line, reason), (line, flat(reply))
    # BUY 10 RUBEL alone was accepted, so this mail replaced MIDAS's set (D23)
    assert "BUY 10 RUBEL accepted for S1901C" in flat(reply)
    # a mail whose lines are all refused changes nothing (D23)
    again = plays(market)
    reply = market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 600 LIRA", "BUY 0 MARK",
                         "HELLO THERE")
    assert refused(reply, "SELL 600 LIRA", "you may sell at most 500 LIRA this turn")
    assert refused(reply, "HELLO THERE", "cannot understand this command")
    assert plays(market) == again != before
    assert again["trades"] == {"MIDAS": [{"side": "BUY", "power": "RUSSIA", "ordered": 10,
                                          "units": 0}]}  # 0 SFr at the opening


def test_sales_beyond_the_holding_and_over_several_lines(market: MarketJudge) -> None:
    start(market, *NINE, params="START_UNITS=300")
    before = plays(market)
    reply = market.reply(addr("CROESUS"), signon("CROESUS"), "SELL 400 LIRA",
                         "SELL 600 MARK", "SELL 200 PIASTER", "SELL 101 PIASTER",
                         "BUY 5 PIASTER")
    assert refused(reply, "SELL 400 LIRA", "you hold only 300 LIRA")
    assert refused(reply, "SELL 600 MARK", "you may sell at most 500 MARK this turn")
    assert "SELL 200 PIASTER accepted for S1901C" in flat(reply)
    # counted with the mail's earlier sales of the currency (D24)
    assert refused(reply, "SELL 101 PIASTER", "you hold only 300 PIASTER")
    assert refused(reply, "BUY 5 PIASTER", "you cannot buy and sell PIASTER in the same turn")
    after = plays(market)
    assert after["trades"] == {"CROESUS": [{"side": "SELL", "power": "TURKEY",
                                            "ordered": 200, "units": 200}]}
    assert before["trades"] == {}


def test_an_annihilated_power_s_currency_cannot_be_traded(market: MarketJudge) -> None:
    """Annihilation needs a year-end with a power left without a centre; the phase's
    opening state is set as such a year-end leaves it (ITALY annihilated, rate 0)."""
    start(market, *NINE)
    with market.factory() as s:
        game = s.scalar(select(Game).where(Game.name == "cap"))
        assert game is not None
        record = current_record(s, game)
        assert record is not None
        state = dict(record.state)
        state["annihilated"] = ["ITALY"]
        state["rates"] = {**state["rates"], "ITALY": 0}
        state["units"] = {**state["units"], "ITALY": []}
        state["centers"] = {**state["centers"], "ITALY": []}
        record.state = state
        s.commit()
    before = plays(market)
    reply = market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 100 LIRA", "BUY 10 ITALY",
                         "buy 5 lire", "STATUS")
    for line in ("SELL 100 LIRA", "BUY 10 ITALY", "buy 5 lire"):
        assert refused(reply, line, "ITALY is annihilated; its currency cannot be traded")
    assert "LIRA 0.00" in flat(reply)
    assert plays(market) == before


def test_a_mail_signed_on_as_a_power_during_commerce(market: MarketJudge) -> None:
    start(market, *NINE)
    before = plays(market)
    reply = market.reply(addr("MIDAS"), "SIGNON GERMANY@cap pwmidas", "SELL 10 LIRA",
                         "NOTRADE")
    assert not_his(reply, "MIDAS", "GERMANY")  # nobody commands it in commerce
    assert "accepted for" not in reply and "kept for" not in reply
    assert plays(market) == before


# -- military (4.2, D30) ---------------------------------------------------------------


def test_orders_from_anyone_but_the_commander_change_nothing(market: MarketJudge) -> None:
    start(market, *NINE)
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 500 LIRA", "BUY 500 MARK")
    market.deadline("cap")  # MIDAS commands GERMANY in S1901M
    assert "kept for S1901M" in market.reply(addr("MIDAS"), "SIGNON GERMANY@cap pwmidas",
                                                 "F KIE-DEN", "A BER-KIE")
    before = plays(market)
    assert before["orders"]["GERMANY"] == {"by": "MIDAS",
                                           "lines": ["F KIE - DEN", "A BER - KIE"]}
    other = market.reply(addr("CROESUS"), "SIGNON GERMANY@cap pwcroesus", "F KIE H",
                         "A BER H")
    assert not_his(other, "CROESUS", "GERMANY")
    assert "accepted for" not in other and "kept for" not in other
    # ITALY's commander was drawn by lot among the eight equal holders of LIRA; one who
    # did not draw it is refused too
    commanders = market.state("cap")["commanders"]
    assert commanders["GERMANY"] == "MIDAS"
    loser = next(n for n in NINE[1:] if commanders["ITALY"] != n)
    italy = market.reply(addr(loser), f"SIGNON ITALY@cap {pw(loser)}", "A VEN H")
    assert not_his(italy, loser, "ITALY"), flat(italy)
    himself = market.reply(addr("CROESUS"), signon("CROESUS"), "F KIE H")
    assert refused(himself, "F KIE H",
                   "military orders must be sent signed on as the power you command")
    wrong = market.reply(addr("CROESUS"), "SIGNON GERMANY@cap guess", "F KIE H")
    assert "wrong password for GERMANY in cap" in flat(wrong)
    # nothing after a wrong password is done (issue 26)
    assert "2> F KIE H not done, nor anything after it" in flat(wrong)
    assert plays(market) == before


def test_the_commander_s_own_bad_orders_leave_his_orders_standing(
        market: MarketJudge) -> None:
    start(market, *NINE)
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 500 LIRA", "BUY 500 MARK")
    market.deadline("cap")
    market.reply(addr("MIDAS"), "SIGNON GERMANY@cap pwmidas", "F KIE-DEN", "A BER-KIE")
    before = plays(market)
    reply = market.reply(addr("MIDAS"), "SIGNON GERMANY@cap pwmidas", "SELL 10 LIRA",
                         "A BER-LON", "A VIE-TRI", "F KIE-XYZ")
    # a trade in a military phase is told when trades are next taken (issue 23)
    assert refused(reply, "SELL 10 LIRA", "no commerce phase is open (next: F1901C)")
    assert refused(reply, "A BER-LON", "no possible convoy route")
    assert refused(reply, "A VIE-TRI", "not your unit")
    assert refused(reply, "F KIE-XYZ", "unknown province 'XYZ'")
    # a mail with no accepted order leaves the standing orders (section 1)
    assert plays(market) == before


# -- strangers -------------------------------------------------------------------------


def test_strangers_and_the_master_cannot_trade_or_order(market: MarketJudge) -> None:
    """D38's `<NAME> is not a player in this game` is the batch answer; by mail a
    stranger cannot sign on at all, so his lines are refused before the phase sees them
    and no mail of his is kept."""
    start(market, *NINE)
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 100 LIRA")
    before, count = plays(market), kept(market)
    stranger = market.reply("zeus@olympus.example", "SIGNON ZEUS@cap secret", "SELL 10 LIRA")
    assert refused(stranger, "SIGNON ZEUS@cap ****", "'ZEUS' is neither a player nor a power "
                   "of cap")
    assert refused(stranger, "SELL 10 LIRA",
                   "sign on first: SIGNON <power>@<game> <password>")
    as_power = market.reply("zeus@olympus.example", "SIGNON GERMANY@cap secret",
                            "SELL 10 LIRA")
    assert "wrong password for GERMANY in cap" in flat(as_power)
    # another player's pseudonym with the wrong password
    guess = market.reply("zeus@olympus.example", "SIGNON MIDAS@cap " + pw("CROESUS"),
                         "NOTRADE")
    assert "wrong password for MIDAS in cap" in flat(guess)
    master = market.reply(GM, MASTER, "SELL 10 LIRA")
    assert "SELL 10 LIRA REFUSED, nothing changed: - only a power's player may do this" \
        in flat(master)
    assert kept(market) == count
    assert plays(market) == before


# -- pseudonyms ------------------------------------------------------------------------


def test_a_pseudonym_taken_in_any_case_or_malformed(market: MarketJudge) -> None:
    create(market, *NINE[:3])
    before = members(market)
    senders = (f"someone{i}@else.example" for i in range(100))  # the judge answers an
    # address at most ten times an hour
    for name in ("MIDAS", "midas", "Midas", "mIdAs"):
        reply = market.reply(next(senders), f"JOIN cap pwsomeone {name}")
        assert refused(reply, f"JOIN cap **** {name}",
                       "MIDAS is taken in cap; choose another name"), flat(reply)
    for name in ("mr.moneybags", "MONEY-BAGS", "A" * 21):
        reply = market.reply(next(senders), f"JOIN cap pwsomeone {name}")
        assert "a player's name is 1 to 20 letters, digits or _" in flat(reply), name
    for name in ("Crœsus", "$$$", "TWO WORDS"):  # not even read as a JOIN
        reply = market.reply(next(senders), f"JOIN cap pwsomeone {name}")
        assert "REFUSED, nothing changed: - JOIN cannot be read" in flat(reply), name
    for name, word in (("Germany", "GERMANY"), ("GER", "GER"), ("G", "G"),
                       ("master", "MASTER"), ("Observer", "OBSERVER"), ("all", "ALL")):
        reply = market.reply(next(senders), f"JOIN cap pwsomeone {name}")
        assert f"{word} is a word of the judge's commands" in flat(reply), name
    nameless = market.reply(next(senders), "JOIN cap pwsomeone")
    assert "choose a pseudonym, all the others will know of you" in flat(nameless)
    twice = market.reply(addr("MIDAS"), "JOIN cap pwmidas2 MIDAS2")
    assert f"{addr('MIDAS')} already plays in cap" in flat(twice)
    assert members(market) == before
    # and the name is still free for its first taker
    assert "as player A20" in market.reply("first@else.example", "JOIN cap pwsomeone a20")


def test_a_join_after_the_start(market: MarketJudge) -> None:
    start(market, *NINE)
    before = members(market)
    late = market.reply("late@else.example", "JOIN cap pwlate LATECOMER")
    assert "cap has started; players join before the start" in flat(late)
    assert members(market) == before


# -- the number of players (section 6, D32) --------------------------------------------


def test_too_few_players_at_start(market: MarketJudge) -> None:
    create(market, *NINE[:8])
    reply = market.reply(GM, MASTER, "START")
    assert refused(reply, "START", "cap cannot start: Capitalist Diplomacy needs 9 to 12 "
                   "players; 8 joined"), flat(reply)
    game = market.game("cap")
    assert game.state == "forming" and game.phase is None
    assert records(market) == 0
    assert len(members(market)) == 8
    # STATUS and trades before the start change nothing either
    early = market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 10 LIRA", "STATUS")
    assert "cap has not started; nothing done" in flat(early)
    assert "cap has not started yet" in flat(early)
    assert kept(market) == 0


def test_too_many_players_at_join_and_at_start(market: MarketJudge) -> None:
    twelve = [*NINE, "NOUVEAU", "PARVENU", "NABOB"]
    create(market, *twelve)
    full = market.reply("thirteen@else.example", "JOIN cap pwthirteen THIRTEEN")
    assert refused(full, "JOIN cap **** THIRTEEN", "cap is full: 12 players have joined; "
                   "Capitalist Diplomacy needs 9 to 12 players"), flat(full)
    assert len(members(market)) == 12
    # the master lowers MAX_PLAYERS below the players who joined: START refuses
    assert "MAX_PLAYERS is now 10 in cap" in market.reply(GM, MASTER, "SET MAX_PLAYERS 10")
    reply = market.reply(GM, MASTER, "START")
    assert refused(reply, "START", "cap cannot start: Capitalist Diplomacy needs 9 to 10 "
                   "players; 12 joined"), flat(reply)
    assert market.game("cap").state == "forming" and records(market) == 0
    assert "cap is full: 10 players have joined; Capitalist Diplomacy needs 9 to 10 players" \
        in flat(market.reply("another@else.example", "JOIN cap pwanother ANOTHER"))
    # back to 12, the same twelve start
    market.reply(GM, MASTER, "SET MAX_PLAYERS 12")
    assert "started: S1901C" in market.reply(GM, MASTER, "START")
    assert sorted(plays(market)["state"]["players"]) == sorted(twelve)
