"""A whole Exchange game by mail through the service and the processor: the scripted
game of judge.games.exchange.demo (auctions, offering, IPO, floats, elections, dividends, a
market trade, a transfer, a movement phase with an investor's bribe, a draw), what each
reader is told (spec 7), and what no investor is ever told of another."""

from __future__ import annotations

import re
from typing import Any

import pytest

from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS, mails_for
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import GameState
from tests.markets.conftest import GM, MarketJudge, member


def _mail(market: MarketJudge, game: str, who: str, acting: str | None,
          lines: list[str]) -> str:
    signon = f"SIGNON {acting or who}@{game} pw{who.lower()}"
    return market.reply(member(who), signon, *lines)


def play_game(market: MarketJudge, game: str = "xg") -> dict[str, list[str]]:
    """Play the script to its end; the replies each investor got, by phase."""
    market.reply(GM, f"CREATE {game} masterpw EXCHANGE {CREATE_PARAMS}")
    for n in INVESTORS:
        market.reply(member(n), f"JOIN {game} pw{n.lower()} {n}")
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "START")
    replies: dict[str, list[str]] = {}
    for _ in range(12):
        if market.game(game).state != GameState.ACTIVE:
            break
        state = market.state(game)
        for who, acting, lines in mails_for(state):
            replies.setdefault(str(state["phase"]), []).append(
                _mail(market, game, who, acting, lines))
        if market.game(game).state == GameState.ACTIVE:
            market.deadline(game)
    return replies


@pytest.fixture
def played(market: MarketJudge) -> tuple[MarketJudge, dict[str, list[str]]]:
    return market, play_game(market)


def _to(log: list[OutboundMessage], who: str, subject: str = "") -> list[str]:
    return [m.body for m in log if m.recipient == member(who) and subject in m.subject]


def test_the_whole_game(played: tuple[MarketJudge, dict[str, list[str]]]) -> None:
    market, replies = played
    game = market.game("xg")
    assert game.state == GameState.COMPLETED
    assert game.result.startswith("draw")
    # Bids: DAVE's low bid refused with the spec's reason; ALICE told her win
    assert "BID ITALY 90\n      REFUSED, nothing changed:\n      - the minimum bid is 100 AgP" \
        in replies["W1900B"][3]
    alice_b = _to(market.log, "ALICE", "W1900B: your statement")[0]
    assert "Your bid of 150 AgP for FRANCE won: you paid 150 AgP and founded it." in alice_b
    assert "You founded FRANCE: send SETUP FRANCE SHARES <n> PRICE <p> (and VALUES if you " \
        "wish) in W1900O. Without it, FRANCE is set up with 25 shares at 30 AgP." \
        in _words(alice_b)  # the letter's lines are wrapped within 78 columns
    public_b = _to(market.log, "BOB", "W1900B results")[0]
    assert "Started: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY." in public_b
    assert "150" not in public_b  # not for how much
    # Offering: BOB's SETUP for FRANCE refused; terms published; defaults told
    assert "you did not start FRANCE this year" in replies["W1900O"][1]
    public_o = _to(market.log, "CAROL", "W1900O results")[0]
    assert "FRANCE   30 shares, 24 for sale at 10 AgP" in public_o
    assert "ENGLAND  5 shares, 4 for sale at 1 AgP" in public_o
    assert "FRANCE is set up as you sent: 30 shares at 10 AgP; you receive 6 founder" \
        in _to(market.log, "ALICE", "W1900O: your statement")[0]
    assert "GERMANY is set up by default (no SETUP came): 5 shares at 1 AgP" \
        in _to(market.log, "BOB", "W1900O: your statement")[0]
    # IPO: purchases per corporation with count and cost; floats public
    public_p = _to(market.log, "DAVE", "W1900P results")[0]
    assert "Floated: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY." in public_p
    assert re.search(r"FRANCE +16", public_p)
    bob_p = _to(market.log, "BOB", "W1900P: your statement")[0]
    assert "You bought 8 FRANCE shares at the offering for 80 AgP." in bob_p
    # Elections: winners public, tallies to shareholders
    public_e = _to(market.log, "ALICE", "W1900E results")[0]
    assert re.search(r"FRANCE +ALICE", public_e)
    assert "FRANCE election tally: ALICE 14, CAROL 8." in \
        _to(market.log, "CAROL", "W1900E: your statement")[0]
    assert "FRANCE election tally" not in _to(market.log, "DAVE", "W1900E: your statement")[0]
    # Dividends, the market trade and the transfer (W1900A)
    assert "ask #1 opened" in replies["W1900A"][1]
    assert "done: ask #1: 2 sold" in replies["W1900A"][2]
    assert "done: 50 AgP transferred to DAVE" in replies["W1900A"][3]
    bob_sold = [b for b in _to(market.log, "BOB") if "Ask #1: 2 of your FRANCE" in b]
    assert bob_sold  # the seller is told at once, and in his statement
    assert any("You received 50 AgP from CAROL." in b for b in _to(market.log, "DAVE"))
    public_a = _to(market.log, "ALICE", "W1900A results")[0]
    assert "Market fills: ask #1: 2 sold" in public_a
    bob_a = _to(market.log, "BOB", "W1900A: your statement")[0]
    assert "Dividend from FRANCE: 12 AgP (2 AgP a share)." in bob_a
    alice_a = _to(market.log, "ALICE", "W1900A: your statement")[0]
    assert "FRANCE (you lead it): treasury" in alice_a
    assert "dividend 2 AgP a share, 44 AgP paid" in alice_a
    # The movement phase: DAVE's bribe is his alone to see
    dave_m = _to(market.log, "DAVE", "S1901M: your statement")[0]
    assert "Your bribes paid: A MUN" in dave_m
    public_m = _to(market.log, "ALICE", "S1901M results")[0]
    assert "A PAR - BUR" in public_m and "AgP" not in public_m.split("Corporations:")[0]
    # The draw ends the game at once (the last leader's DRAW), with the final holdings
    assert "the game ends in a draw" in replies["F1901M"][-1]
    assert "this mail ended the game; everyone is told at once" in replies["F1901M"][-1]
    assert all("ended the game" not in r for r in replies["F1901M"][:-1])
    final = _to(market.log, "CAROL", "F1901M results")
    assert final and "The game is over: a draw of " in " ".join(final[0].split())
    assert ", agreed by their leaders." in " ".join(final[0].split())
    assert "Final holdings and portfolio values:" in final[0]


def test_secrecy_across_the_whole_game(
        played: tuple[MarketJudge, dict[str, list[str]]]) -> None:
    """Nothing one investor receives shows another's cash, bids, purchases, votes or
    offers; a corporation's treasury reaches only its shareholders and leader."""
    market, _ = played
    for reader in INVESTORS:
        mails = [m for m in market.log if m.recipient == member(reader)]
        assert mails
        for mail in mails:
            body = mail.body
            for other in INVESTORS:
                if other == reader:
                    continue
                assert f"Investor {other}" not in body
                assert f"your statement, {other}" not in body
                assert not re.search(rf"{other}[^\n]*(cash|Cash) \d", body)
            if "(for you alone)" not in body and not mail.subject.startswith("Re:"):
                # a public letter (not a reply to his own mail, which tells him what
                # his mail has in force): no bids, purchases, bribes, votes or treasuries
                assert "treasury" not in body.lower()
                assert "bid of" not in body.lower() and "You bought" not in body
                assert "tally" not in body and "bribes paid" not in body.lower()
    # who sent what, phase by phase: each investor's offers and bids stay his own
    dave_bribe = "3 : A MUN - RUH"
    assert not any(dave_bribe in b for r in INVESTORS if r != "DAVE" for b in _to(market.log, r))
    assert not any("BID FRANCE 150" in b for r in ("BOB", "CAROL", "DAVE")
                   for b in _to(market.log, r))
    # treasuries: only in mails to those who held shares of that corporation or led it
    allowed: dict[str, set[str]] = {}
    for state in market.states("xg"):
        for power, corp in state["corporations"].items():
            allowed.setdefault(power, set()).update(
                [corp["leader"]] if corp.get("leader") else [],
                (n for n, i in state["investors"].items() if i["shares"].get(power)))
    told = 0
    for m in market.log:
        for power in re.findall(r"^\s*([A-Z]+)\b[^\n]*treasury \d+", m.body, re.M):
            reader = next((n for n in INVESTORS if member(n) == m.recipient), None)
            assert reader in allowed[power], (m.recipient, m.subject, power)
            told += 1
    assert told > 20


def test_a_new_leader_gets_the_whole_ledger(
        played: tuple[MarketJudge, dict[str, list[str]]]) -> None:
    """Spec 7 (seed 1.3): on taking office for the first time, the whole corporate ledger;
    in his own statement alone."""
    market, _ = played
    alice = _to(market.log, "ALICE", "W1900E: your statement")[0]
    assert "You now lead FRANCE for the first time: its whole ledger so far.\n" \
        "  W1900B: treasury 0 AgP; started: the founder paid 150 AgP\n" \
        "  W1900O: treasury 150 AgP\n" \
        "  W1900P: treasury 150 AgP; IPO sales 160 AgP (to the bank: FRANCE had not\n" \
        "      floated)\n  W1900E: treasury 150 AgP\n" in alice
    leaders = dict(re.findall(r"^  (\w+): (\w+) leads\.$", alice, re.M))
    assert len(leaders) == 7 and leaders["FRANCE"] == "ALICE"  # ties are drawn by lot
    for who in INVESTORS:  # each leader his own corporations' ledgers, and no other
        mine = _to(market.log, who, "W1900E: your statement")[0]
        got = re.findall(r"^You now lead (\w+) for the first time", mine, re.M)
        assert got == sorted(p for p, n in leaders.items() if n == who), who
    for m in market.log:  # no other phase and no public letter carries a ledger
        if "first time" in m.body:
            assert m.subject == "xg: Exchange W1900E: your statement", m.subject


def _election(was: str | None, leader: str, past_leaders: list[str | None]) -> str:
    """ALICE's statement of an election that ``leader`` won (``was`` leading), in a game
    whose earlier phases had FRANCE led by ``past_leaders``."""
    from judge.games.exchange.mail.part import KIND
    from judge.games.exchange.mail.reader import setup
    from judge.games.exchange.rules.outcome import played_from_json
    from judge.games.market.mail.kind import Past
    from judge.service.reports.replies import render

    def state(phase: str, who: str | None, treasury: int) -> dict[str, Any]:
        return {"phase": phase, "asks": [],
                "corporations": {"FRANCE": {"status": "FLOATED", "leader": who, "S": 10,
                                            "T": 0, "price": 5, "treasury": treasury}},
                "investors": {n: {"cash": 10, "shares": {"FRANCE": 5}}
                              for n in ("ALICE", "BOB")}}

    envelope = {"variant": "standard"}
    past = [Past(f"W19{i:02d}A", KIND.codec.state(envelope, state(f"W19{i:02d}A", who, 40 + i)),
                 {"events": [{"event": "income", "corporation": "FRANCE", "amount": 7}]})
            for i, who in enumerate(past_leaders)]
    before = KIND.codec.state(envelope, state("W1905E", was, 60))
    events = [{"event": "elected", "corporation": "FRANCE", "leader": leader, "was": was}]
    history = [*past, Past("W1905E", before, {"events": events})]
    played = played_from_json({"state": state("W1905E", leader, 60), "events": events},
                              *setup(envelope))
    letters = KIND.letters(before, played, envelope, lambda: history)
    [mine] = [x for x in letters if x.to == "ALICE"]
    return render(mine.template, v={"next_phase": "W1905A", "deadline": "-", **mine.view},
                  game="g", title="Exchange", judge="judge", judge_address="j@example.org")


def test_the_ledger_only_on_first_taking_office() -> None:
    first = _election("BOB", "ALICE", ["BOB", None])
    assert "You now lead FRANCE for the first time: its whole ledger so far.\n" \
        "  W1900A: treasury 40 AgP; income 7 AgP\n  W1901A: treasury 41 AgP; income 7 AgP\n" \
        "  W1905E: treasury 60 AgP\n" in first
    assert "first time" not in _election("ALICE", "ALICE", ["ALICE"])  # re-elected
    assert "first time" not in _election("BOB", "ALICE", ["ALICE", "BOB"])  # led it before
    assert "first time" not in _election("ALICE", "BOB", [])  # lost it


def _words(text: str) -> str:
    """The text with its line breaks and runs of spaces as one space each."""
    return " ".join(text.split())


def test_a_refused_offer_in_a_movement_phase_reads_without_its_code(
        market: MarketJudge) -> None:
    """The batch interface prints the rules' error code before a refusal (``E13 ILLEGAL
    ORDER``); a player by mail reads the rules' words alone, as in Payola."""
    market.reply(GM, f"CREATE xm masterpw EXCHANGE {CREATE_PARAMS}")
    for n in INVESTORS:
        market.reply(member(n), f"JOIN xm pw{n.lower()} {n}")
    market.reply(GM, "SIGNON MASTER@xm masterpw", "START")
    while market.state("xm")["phase"] != "S1901M":
        for who, acting, lines in mails_for(market.state("xm")):
            _mail(market, "xm", who, acting, lines)
        market.deadline("xm")
    reply = _mail(market, "xm", "DAVE", None, ["3 : A MUN - PAR"])
    assert "ILLEGAL ORDER" in reply and "REFUSED" in reply.upper()
    assert not re.search(r"\bE\d{1,2}\b", reply), reply


def test_status_reads_what_is_in_force_without_playing_the_phase_again(
        market: MarketJudge, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a member's mail has in force is in the phase's reading, kept when the mail
    is read: STATUS shows it without playing the phase or reading its mail again."""
    import judge.games.exchange.rules.mail as exchange_mail
    import judge.games.exchange.rules.reading as reading

    market.reply(GM, f"CREATE xs masterpw EXCHANGE {CREATE_PARAMS}")
    for n in INVESTORS:
        market.reply(member(n), f"JOIN xs pw{n.lower()} {n}")
    market.reply(GM, "SIGNON MASTER@xs masterpw", "START")
    assert "accepted" in _mail(market, "xs", "ALICE", None, ["BID FRANCE 150"])
    assert "accepted" in _mail(market, "xs", "BOB", None, ["BID ITALY 120"])

    def replayed(*args: Any, **kw: Any) -> dict[str, Any]:
        raise AssertionError("STATUS played the phase or read its mail again")

    monkeypatch.setattr(reading, "process", replayed)
    monkeypatch.setattr(reading, "read_mail", replayed)
    monkeypatch.setattr(exchange_mail, "read_mail", replayed)
    status = _mail(market, "xs", "ALICE", None, ["STATUS"])
    assert "Your standing bids: FRANCE 150" in status
    assert "ITALY" not in status and "120" not in status  # hers, never BOB's
