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
WORK = "alice.at.work@office.example"  # MIDAS signs on from there once


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


def others(pseudonym: str) -> list[str]:
    """What would betray who is behind every other pseudonym: address and name."""
    out: list[str] = []
    for name, person in PEOPLE.items():
        if name != pseudonym:
            out += [addr(name), person, *person.split(".")]
    return out


def assert_secret(market: MarketJudge) -> None:
    """No mail the judge queued to a member names another member's address or real
    name (the master may know them)."""
    mails = all_mail(market)
    assert mails
    by_address = {addr(n): n for n in PEOPLE} | {WORK: "MIDAS"}
    for mail in mails:
        reader = by_address.get(mail.recipient)
        if reader is None:
            assert mail.recipient == GM, mail.recipient
            continue
        text = f"{mail.subject}\n{mail.body}".lower()
        for secret in others(reader):
            assert secret not in text, (mail.recipient, mail.subject, secret, mail.body)


# -- create, join, start ---------------------------------------------------------------


def test_create_join_and_the_refusals_of_a_join(market: MarketJudge) -> None:
    create(market, *NINE[:8], params="END_YEAR=1903 MAX_PLAYERS=9")
    taken = market.reply("someone@else.example", "JOIN cap pwxyz midas")
    assert "MIDAS is taken in cap; choose another name" in flat(taken)
    bad = market.reply("someone@else.example", "JOIN cap pwxyz mr.moneybags")
    assert "a player's name is 1 to 20 letters, digits or _" in flat(bad)
    power = market.reply("someone@else.example", "JOIN cap pwxyz Germany")
    assert "GERMANY is a word of the judge's commands" in flat(power)
    nameless = market.reply("someone@else.example", "JOIN cap pwxyz")
    assert "choose a pseudonym" in flat(nameless)
    early = market.reply(GM, "SIGNON MASTER@cap masterpw", "START")
    assert "cap cannot start: Capitalist Diplomacy needs 9 to 9 players; 8 joined" \
        in flat(early), flat(early)
    assert market.game("cap").state == "forming"
    assert "as player RICHIE (9 joined)" in market.reply(addr("RICHIE"), "JOIN cap pwrichie RICHIE")
    full = market.reply("late@else.example", "JOIN cap pwlate LATECOMER")
    assert ("cap is full: 9 players have joined; Capitalist Diplomacy needs 9 to 9 players"
            in flat(full))
    assert "started: S1901C" in market.reply(GM, "SIGNON MASTER@cap masterpw", "START")
    status = flat(market.reply(addr("MIDAS"), signon("MIDAS"), "STATUS"))
    assert "Pseudonym MIDAS: 0.00 SFr" in status
    assert ("Holdings: KRONEN 1000, POUND 1000, FRANC 1000, MARK 1000, LIRA 1000, "
            "RUBEL 1000, PIASTER 1000") in status
    assert "Rates: KRONEN 1.00, POUND 1.00" in status
    assert "Commanders: none while a commerce phase is open" in status


def test_parameters_are_checked_when_the_game_is_created(market: MarketJudge) -> None:
    reply = market.reply(GM, "CREATE cap masterpw CAPITALIST MIN_PLAYERS=10 MAX_PLAYERS=9")
    assert "the game cannot be set up" in flat(reply)
    assert "parameter MAX_PLAYERS must be at least 10" in flat(reply)
    unknown = market.reply(GM, "CREATE cap masterpw CAPITALIST MIN_BID=3")
    assert "MIN_BID is not a parameter of Capitalist Diplomacy" in flat(unknown)


def test_too_many_for_the_parameters_cannot_start(market: MarketJudge) -> None:
    create(market, *NINE, params="MIN_PLAYERS=10")
    refused = market.reply(GM, "SIGNON MASTER@cap masterpw", "START")
    assert "Capitalist Diplomacy needs 10 to 12 players; 9 joined" in flat(refused)


# -- commerce --------------------------------------------------------------------------


def test_commerce_refusals_have_the_spec_texts(market: MarketJudge) -> None:
    start(market, *NINE)
    reply = flat(market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 501 LIRA",
                              "SELL 300 RUBEL", "SELL 250 RUBEL", "BUY 10 RUBEL",
                              "SELL 1001 MARK", "SELL 0 POUND", "BUY 5 DUCATS",
                              "FLY TO THE MOON"))
    assert "SELL 501 LIRA REFUSED, nothing changed: - you may sell at most 500 LIRA this turn" \
        in reply
    assert "SELL 300 RUBEL accepted for S1901C" in reply
    assert "SELL 250 RUBEL REFUSED, nothing changed: - you may sell at most 500 RUBEL " \
        "this turn" in reply
    assert "BUY 10 RUBEL REFUSED, nothing changed: - you cannot buy and sell RUBEL in the " \
        "same turn" in reply
    assert "SELL 1001 MARK REFUSED, nothing changed: - you may sell at most 500 MARK " \
        "this turn" in reply
    assert "- number must be at least 1" in reply
    assert "- no such currency" in reply
    assert "FLY TO THE MOON REFUSED, nothing changed: - cannot understand this command" \
        in reply


def test_a_warning_and_the_replacement_rule(market: MarketJudge) -> None:
    start(market, *NINE)
    first = flat(market.reply(addr("CROESUS"), signon("CROESUS"), "SELL 200 PIASTER",
                              "BUY 300 FRANC"))
    assert ("WARNING: your purchases cost 300.00 SFr but you will have 200.00 SFr; they "
            "will be reduced as the rules require") in first
    # a mail whose lines are all refused changes nothing (D23)
    market.reply(addr("CROESUS"), signon("CROESUS"), "SELL 900 LIRA")
    # another accepted mail replaces the set; NOTRADE empties what the mail built (D36)
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 100 LIRA", "BUY 50 MARK")
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 100 LIRA", "NOTRADE", "SELL 400 POUND",
                 "BUY 300 MARK")
    out = market.deadline("cap")
    public = next(m.body for m in out if m.subject == "cap: Capitalist S1901C commerce results")
    assert "CROESUS sold 200 PIASTER, bought 200 FRANC (reduced from 300)" in flat(public)
    assert "MIDAS sold 400 POUND, bought 300 MARK" in flat(public)
    assert "LIRA 0 0 1.00 1.00" in flat(public)
    assert "MARK 300 0 1.00 1.03" in flat(public)
    assert "GERMANY MIDAS" in flat(public)
    command = next(m for m in out if "you command" in m.subject and m.recipient == addr("MIDAS"))
    assert "SIGNON GERMANY@cap <your password>" in command.body


# -- military --------------------------------------------------------------------------


def test_military_orders_come_from_the_commander_signed_on_as_the_power(
        market: MarketJudge) -> None:
    start(market, *NINE)
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 500 LIRA", "BUY 500 MARK")
    as_power = flat(market.reply(addr("MIDAS"), "SIGNON GERMANY@cap pwmidas", "SELL 1 POUND"))
    # nobody commands it in commerce: refused at the SIGNON line (issue 23)
    assert "MIDAS does not lead, direct or command GERMANY in cap now" in as_power
    market.deadline("cap")
    other = flat(market.reply(addr("CROESUS"), "SIGNON GERMANY@cap pwcroesus", "F KIE-DEN"))
    assert "Signed on" not in other
    assert "CROESUS does not lead, direct or command GERMANY in cap now" in other
    assert "F KIE-DEN REFUSED, nothing changed" in other
    himself = flat(market.reply(addr("MIDAS"), signon("MIDAS"), "F KIE-DEN"))
    assert "military orders must be sent signed on as the power you command" in himself
    wrong = flat(market.reply(addr("MIDAS"), "SIGNON GERMANY@cap nope", "F KIE-DEN"))
    assert "wrong password for GERMANY" in wrong
    right = flat(market.reply(addr("MIDAS"), "SIGNON GER@cap pwmidas", "F KIE-DEN", "STATUS"))
    # kept, not "accepted": a military order is checked with the power's other orders
    # only when the phase is played (issue 22: the phase is not played for a reply)
    assert "F KIE-DEN kept for S1901M" in right
    assert "GERMANY: commander MIDAS, rate 1.05 SFr" in right
    out = market.deadline("cap")
    public = next(m.body for m in out if m.subject == "cap: Capitalist S1901M results")
    assert "GERMANY (MIDAS) F KIE - DEN" in flat(public)
    assert "Rates for the commerce phase F1901C:" in public


# -- press -----------------------------------------------------------------------------


def test_press_is_signed_with_the_pseudonym(market: MarketJudge) -> None:
    start(market, *NINE)
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 500 LIRA", "BUY 500 MARK")
    market.deadline("cap")
    out = market.send(addr("PLUTUS"), signon("PLUTUS"), "PRESS TO midas, Croesus",
                      "Shall we share the Mark?", "ENDPRESS", "PRESS TO GERMANY",
                      "To whoever commands Germany.", "ENDPRESS", "BROADCAST",
                      "Sell Lira!", "ENDPRESS")
    private = [m for m in out if m.subject == "Diplomacy press cap"]
    assert sorted(m.recipient for m in private) == sorted(
        [addr("MIDAS"), addr("CROESUS"), addr("MIDAS")])
    assert all("Message from PLUTUS to" in m.body for m in private)
    broadcast = [m for m in out if m.subject == "Diplomacy broadcast cap"]
    assert {m.recipient for m in broadcast} == {GM} | {addr(n) for n in NINE if n != "PLUTUS"}
    for m in broadcast:
        assert "Broadcast message from PLUTUS" in m.body
        assert (addr("PLUTUS") in m.body) == (m.recipient == GM)
    nobody = flat(market.reply(addr("PLUTUS"), signon("PLUTUS"), "PRESS TO ZEUS", "hi",
                               "ENDPRESS"))
    assert "ZEUS is not a player of cap" in nobody
    assert_secret(market)


# -- a year by mail --------------------------------------------------------------------


def test_a_year_by_mail_with_a_new_commander_in_the_fall(market: MarketJudge) -> None:
    start(market, *NINE)
    # S1901C: MIDAS buys Mark and commands GERMANY for the spring
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 500 LIRA", "BUY 500 MARK")
    out = market.deadline("cap")
    assert "GERMANY MIDAS" in flat(out[0].body)
    assert "kept for S1901M" in market.reply(addr("MIDAS"), "SIGNON GERMANY@cap pwmidas",
                                                 "F KIE-DEN", "A BER-KIE")
    out = market.deadline("cap")
    spring = flat(next(m.body for m in out if m.subject == "cap: Capitalist S1901M results"))
    assert "GERMANY (MIDAS) F KIE - DEN" in spring
    assert market.game("cap").phase == "F1901C"
    # F1901C: CROESUS outbuys him (rates MARK 1.05, POUND and RUBEL 1.00)
    reply = market.reply(addr("CROESUS"), signon("CROESUS"), "SELL 500 POUND",
                         "SELL 500 RUBEL", "BUY 900 MARK")
    assert "WARNING" not in reply
    out = market.deadline("cap")
    fall = flat(next(m.body for m in out if m.subject == "cap: Capitalist F1901C commerce results"))
    assert "MARK 900 0 1.05 1.14" in fall
    assert "GERMANY CROESUS" in fall
    assert any(m.recipient == addr("CROESUS") and "GERMANY" in m.subject for m in out)
    # F1901M: the spring commander is refused, the fall one orders
    refused = flat(market.reply(addr("MIDAS"), "SIGNON GERMANY@cap pwmidas", "F DEN H"))
    assert "MIDAS does not lead, direct or command GERMANY in cap now" in refused
    assert "kept for F1901M" in market.reply(
        addr("CROESUS"), "SIGNON GERMANY@cap pwcroesus", "F DEN H", "A KIE H")
    out = market.deadline("cap")
    year = flat(next(m.body for m in out if m.subject == "cap: Capitalist F1901M results"))
    assert "GERMANY (CROESUS) F DEN H" in year
    assert "No power was annihilated." in year
    assert "GERMANY 3 -> 4 MARK 1.14 -> 1.19" in year  # 114 x 105 / 100, rounded down
    # 10 x 3 KRONEN + 5 x 3 POUND + 10 x 3 FRANC + 19 x 4 MARK + 10 x 3 LIRA
    # + 5 x 4 RUBEL + 10 x 3 PIASTER
    assert "CROESUS 231" in year
    assert market.game("cap").phase == "W1901A"
    # W1901A: the fall commander builds
    assert "kept for W1901A" in market.reply(  # checked with the others when played
        addr("CROESUS"), "SIGNON GERMANY@cap pwcroesus", "BUILD A BER")
    out = market.deadline("cap")
    winter = flat(next(m.body for m in out if m.subject == "cap: Capitalist W1901A results"))
    assert "A BER" in winter and "Rates for the commerce phase S1902C" in winter
    game = market.game("cap")
    assert game.phase == "S1902C" and game.state == "active"
    status = flat(market.reply(addr("CROESUS"), signon("CROESUS"), "STATUS"))
    assert "MARK 1900" in status and "Commanders: none while a commerce phase is open" \
        in status
    assert_secret(market)


def test_nothing_any_member_is_sent_betrays_another(market: MarketJudge) -> None:
    """Start notices, replies, copies, letters, press, lists and the notice of wrong
    passwords: no member learns another's address or name."""
    start(market, *NINE)
    for n in NINE:
        market.send(addr(n), signon(n), "SELL 100 LIRA", "BUY 90 MARK", "STATUS")
        market.send(addr(n), "LIST cap", "SUMMARY cap", "HISTORY cap")
    # guessing MIDAS's password: the notice lists the senders, so the master alone has it
    for _ in range(6):
        market.send(addr("CROESUS"), "SIGNON MIDAS@cap guess")
    # a member signing on from elsewhere gets a copy at his own address
    market.send(WORK, signon("MIDAS"), "NOTRADE")
    market.send(addr("GEKKO"), signon("GEKKO"), "BROADCAST", "Hello from Gekko.",
                "ENDPRESS")
    market.deadline("cap")
    assert_secret(market)
    assert any(m.recipient == addr("MIDAS") and m.subject.startswith("Copy:")
               for m in all_mail(market))
    notices = [m for m in all_mail(market) if "wrong passwords" in m.subject]
    assert notices and {m.recipient for m in notices} == {GM}


def test_press_to_all_but_and_the_master_s_broadcast(market: MarketJudge) -> None:
    start(market, *NINE)
    out = market.send(addr("MIDAS"), signon("MIDAS"), "PRESS TO ALL BUT CROESUS",
                      "Not a word to Croesus.", "ENDPRESS")
    told = {m.recipient for m in out if m.subject == "Diplomacy broadcast cap"}
    assert told == {GM} | {addr(n) for n in NINE if n not in ("MIDAS", "CROESUS")}
    out = market.send(GM, "SIGNON MASTER@cap masterpw", "BROADCAST", "Deadline moved.",
                      "ENDPRESS")
    told = {m.recipient for m in out if m.subject == "Diplomacy broadcast cap"}
    assert told == {addr(n) for n in NINE}
    assert all("Broadcast message from the Master" in m.body for m in out
               if m.subject == "Diplomacy broadcast cap")
    empty = flat(market.reply(addr("MIDAS"), signon("MIDAS"), "PRESS TO MIDAS", "me",
                              "ENDPRESS"))
    assert "nobody would receive this press" in empty
    assert_secret(market)


def test_the_end_year_ends_the_game_with_the_final_points(market: MarketJudge) -> None:
    start(market, *NINE, params="END_YEAR=1901")
    market.reply(addr("MIDAS"), signon("MIDAS"), "SELL 500 LIRA", "BUY 500 RUBEL")
    for _ in range(3):  # S1901C, S1901M, F1901C
        market.deadline("cap")
    out = market.deadline("cap")  # F1901M: the year-end step ends the game
    final = [m for m in out if m.subject == "cap: Capitalist F1901M results"]
    assert {m.recipient for m in final} == {GM} | {addr(n) for n in NINE}
    body = flat(final[0].body)
    assert "The game is over: the end year was reached; the best scores win." in body
    assert "end_year" not in body
    # MIDAS: 5 x 3 LIRA + 15 x 4 RUBEL + 10 x 3 for each of the five others
    assert "MIDAS 225" in body and "CROESUS 220" in body and "Winner: MIDAS" in body
    game = market.game("cap")
    assert game.state == "completed" and game.result == "end_year MIDAS"
    assert_secret(market)
