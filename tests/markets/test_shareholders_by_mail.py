"""1901-Shareholders by mail: create, join, January dealing as oneself, country orders
signed on as the country by its office holders with their own passwords, the spec's
refusals and warnings, the replacement rule per mail, the deadline, secrecy, a year."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from judge.games.shareholders.mail.part import KIND
from judge.games.shareholders.mail.reader import board, kept
from judge.games.shareholders.rules.outcome import turned_from_json
from judge.service.reports.replies import render
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game, GameState, PhaseRecord
from tests.markets.conftest import GM, MarketJudge, member
from tests.shareholders.cases import country, mail, play, state

NAMES = ("ANN", "BEN", "CID", "DOT")


def _game(market: MarketJudge, *params: str, names: tuple[str, ...] = NAMES) -> str:
    reply = market.reply(GM, " ".join(["CREATE sh masterpw SHAREHOLDERS", *params]))
    assert "Game sh created (SHAREHOLDERS" in reply, reply
    for n in names:
        assert f"as player {n}" in market.reply(member(n), f"JOIN sh pw{n.lower()} {n}")
    out = market.send(GM, "SIGNON MASTER@sh masterpw", "START")
    assert any("started: W1900D" in m.body for m in out)
    return "\n".join(m.body for m in out)


def _as(name: str) -> str:
    return f"SIGNON {name}@sh pw{name.lower()}"


def _for(country: str, name: str) -> str:
    """Sign on as ``country`` with ``name``'s own password."""
    return f"SIGNON {country}@sh pw{name.lower()}"


def _result(market: MarketJudge, phase: str) -> dict[str, Any]:
    """What the runner answered when ``phase`` was played (kept on its record)."""
    with market.factory() as s:
        record = s.scalar(select(PhaseRecord).join(Game).where(
            Game.name == "sh", PhaseRecord.phase == phase))
        assert record is not None and record.result is not None
        return dict(record.result)


def _state(market: MarketJudge) -> dict[str, Any]:
    """The state the current phase opened with."""
    with market.factory() as s:
        record = s.scalar(select(PhaseRecord).join(Game).where(Game.name == "sh")
                          .order_by(PhaseRecord.seq.desc()).limit(1))
        assert record is not None
        return dict(record.state)


def _mailboxes(market: MarketJudge) -> dict[str, str]:
    """Everything the judge has queued so far, per recipient, in one text."""
    with market.factory() as s:
        rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
    out: dict[str, str] = {}
    for m in rows:
        out[m.recipient] = out.get(m.recipient, "") + f"\n{m.subject}\n{m.body}"
    return out


def _january_1901(market: MarketJudge) -> None:
    """S3 by mail: ANN and CID codirect FRANCE, ANN directs ENGLAND, DOT GERMANY."""
    market.reply(member("ANN"), _as("ANN"), "BUY 4 FRANCE", "BUY 3 ENGLAND")
    market.reply(member("BEN"), _as("BEN"), "BUY 5 RUSSIA", "BUY 2 FRANCE")
    market.reply(member("CID"), _as("CID"), "BUY 4 FRANCE")
    market.reply(member("DOT"), _as("DOT"), "SELL 1 FRANCE", "BUY 7 GERMANY")
    market.deadline("sh")


def _february_1901(market: MarketJudge) -> None:
    """S4 by mail."""
    market.reply(member("ANN"), _for("ENGLAND", "ANN"), "NO DIVIDEND", "BUILD F LON")
    market.reply(member("DOT"), _for("G", "DOT"), "DIVIDEND", "BUILD A BER")
    market.reply(member("ANN"), _for("FRA", "ANN"), "NO DIVIDEND", "BUILD A PAR", "BUILD F BRE")
    market.reply(member("CID"), _for("france", "CID"), "NO DIVIDEND", "BUILD A PAR")
    market.deadline("sh")


def test_create_with_parameters_and_the_start_checks(market: MarketJudge) -> None:
    reply = market.reply(GM, "CREATE sx masterpw SHAREHOLDERS MAX_PLAYERS=2")
    assert "MAX_PLAYERS must not be below MIN_PLAYERS" in reply
    reply = market.reply(GM, "CREATE sx masterpw SHAREHOLDERS EBAYOLA")
    assert "has no rule flags" in reply and "EBAYOLA" in reply
    reply = market.reply(GM, "CREATE sx masterpw SHAREHOLDERS NO_SUCH=1")
    assert "NO_SUCH is not a parameter of 1901-Shareholders" in reply
    reply = market.reply(GM, "CREATE sx masterpw SHAREHOLDERS MOVE_FEE=25 END_YEAR=1903")
    assert "Game sx created (SHAREHOLDERS MOVE_FEE=25 END_YEAR=1903)" in reply
    assert "JOIN sx <own password> <name>" in reply
    for n in ("ANN", "BEN"):
        market.reply(member(n), f"JOIN sx pw{n.lower()} {n}")
    reply = market.reply(GM, "SIGNON MASTER@sx masterpw", "SET MIN_PLAYERS 2", "START")
    assert "MIN_PLAYERS is now 2 in sx" in reply
    assert "Game sx started: W1900D" in reply


def test_too_few_players_to_start(market: MarketJudge) -> None:
    market.reply(GM, "CREATE sy masterpw SHAREHOLDERS")
    for n in ("ANN", "BEN"):
        market.reply(member(n), f"JOIN sy pw{n.lower()} {n}")
    reply = market.reply(GM, "SIGNON MASTER@sy masterpw", "START")
    # the bounds are this game's own, from its parameters' defaults (3 to 10)
    assert "sy cannot start: 1901-Shareholders needs 3 to 10 players; 2 joined" in " ".join(
        reply.split())
    created = market.reply(GM, "CREATE sz masterpw SHAREHOLDERS MAX_PLAYERS=5")
    assert "begins the game once 3 to 5 have joined" in " ".join(created.split())


def test_the_start_publishes_the_january_1901_prices(market: MarketJudge) -> None:
    told = _game(market)
    assert "Share prices for January 1901" in told
    assert "RUSSIA   $500" in told and "FRANCE   $400" in told
    status = market.reply(member("ANN"), _as("ANN"), "STATUS")
    assert "Player ANN: cash $3150" in status
    assert "RUSSIA $500" in status


def test_january_dealing_refusals_and_warnings(market: MarketJudge) -> None:
    _game(market)
    reply = market.reply(member("BEN"), _as("BEN"), "BUY 5 RUSSIA", "BUY 2 FRANCE")
    assert reply.count("accepted for W1900D") == 2
    assert ("WARNING: your purchases cost 3300 but you will have 3150; as written, no\n"
            "      purchase will be made") in reply
    reply = market.reply(member("DOT"), _as("DOT"), "SELL 1 FRANCE", "BUY 0 FRANCE",
                         "SELL 6 ITALY", "BUY 7 GERMANY")
    assert "you hold only 0 FRANCE shares" in reply
    assert "number must be at least 1" in reply
    assert "you may sell at most 5 shares" in reply
    market.deadline("sh")
    errors = _result(market, "W1900D")["errors"]
    assert errors == {"DOT": ["SELL 1 FRANCE: you hold only 0 FRANCE shares",
                              "BUY 0 FRANCE: number must be at least 1",
                              "SELL 6 ITALY: you may sell at most 5 shares"]}
    players = _state(market)["players"]
    assert players["BEN"] == {"cash": 3150, "shares": {}}  # D3: no purchase at all
    assert players["DOT"] == {"cash": 350, "shares": {"GERMANY": 7}}


def test_one_sell_line_and_sent_the_wrong_way(market: MarketJudge) -> None:
    _game(market)
    reply = market.reply(member("ANN"), _as("ANN"), "BUY 4 ENGLAND")
    market.deadline("sh")  # ANN directs ENGLAND; February
    reply = market.reply(member("ANN"), _as("ANN"), "NO DIVIDEND")
    assert "sign on as a country to send country orders" in reply
    reply = market.reply(member("BEN"), _for("ENGLAND", "BEN"), "DIVIDEND")
    # refused at the SIGNON line, with the reason (issue 23); its DIVIDEND not kept
    assert "Signed on" not in reply
    assert "BEN does not lead, direct or command ENGLAND in sh now" in " ".join(reply.split())
    reply = market.reply(member("ANN"), _for("ENGLAND", "ANN"), "BUILD A PAR", "BUILD F LVP",
                         "DISSOLVE A LON", "DIVIDEND")
    assert "PAR is not a home centre of ENGLAND" in reply
    assert "ENGLAND has no A LON" in reply
    assert "WARNING" not in reply
    reply = market.reply(member("DOT"), _for("GERMANY", "DOT"), "DIVIDEND")
    assert "DOT does not lead, direct or command GERMANY in sh now" in " ".join(reply.split())
    market.deadline("sh")
    errors = _result(market, "W1900A")["errors"]
    assert errors["ANN"] == ["NO DIVIDEND: sign on as a country to send country orders"]
    assert "BEN/ENGLAND" not in errors and "DOT/GERMANY" not in errors  # never kept
    assert errors["ANN/ENGLAND"] == ["BUILD A PAR: PAR is not a home centre of ENGLAND",
                                     "DISSOLVE A LON: ENGLAND has no A LON"]
    # ANN's dividend: 240 / 4 = 60 a share, nothing kept, so the fleet cannot be paid
    after = _state(market)
    assert after["players"]["ANN"]["cash"] == 3150 - 1600 + 240
    assert _result(market, "W1900A")["builds"] == {"ENGLAND": [["F LVP", "insufficient cash"]]}


def test_january_orders_signed_on_as_a_country(market: MarketJudge) -> None:
    _game(market)
    market.reply(member("ANN"), _as("ANN"), "BUY 4 ENGLAND")
    market.deadline("sh")
    market.deadline("sh")  # February passes; ENGLAND has no unit: the year runs out
    assert _state(market)["phase"] == "W1901D"
    reply = market.reply(member("ANN"), _for("ENGLAND", "ANN"), "BUY 1 FRANCE")
    assert "January orders are sent as yourself" in reply
    reply = market.reply(member("ANN"), _as("ANN"), "SELL 1 ENGLAND", "SELL 1 ENGLAND")
    assert "you may sell shares of one country only" in reply


def test_a_mail_replaces_the_senders_set(market: MarketJudge) -> None:
    _game(market)
    market.reply(member("ANN"), _as("ANN"), "BUY 4 FRANCE", "BUY 1 ENGLAND")
    market.reply(member("ANN"), _as("ANN"), "BUY 2 ITALY")  # replaces the first set
    reply = market.reply(member("ANN"), _as("ANN"), "BUY 0 FRANCE")  # changes nothing
    assert "number must be at least 1" in reply
    market.reply(member("BEN"), _as("BEN"), "BUY 3 TURKEY", "NOTRADE", "BUY 1 AUS")
    market.reply(member("CID"), _as("CID"), "BUY 3 TURKEY", "NOTRADE")  # an empty set
    market.deadline("sh")
    players = _state(market)["players"]
    assert players["ANN"]["shares"] == {"ITALY": 2}
    assert players["BEN"]["shares"] == {"AUSTRIA": 1}
    assert players["CID"]["shares"] == {}


def test_codirectors_each_keep_their_own_set(market: MarketJudge) -> None:
    _game(market)
    _january_1901(market)
    market.reply(member("ANN"), _for("ENGLAND", "ANN"), "NO DIVIDEND", "BUILD F LON")
    market.reply(member("DOT"), _for("G", "DOT"), "DIVIDEND", "BUILD A BER")
    market.reply(member("ANN"), _for("FRA", "ANN"), "NO DIVIDEND", "BUILD A PAR", "BUILD F BRE")
    market.reply(member("CID"), _for("france", "CID"), "NO DIVIDEND", "BUILD A PAR")
    # a second mail of ANN's for ENGLAND does not touch her FRANCE set
    market.reply(member("ANN"), _for("ENGLAND", "ANN"), "BUILD F LON")
    out = market.deadline("sh")
    result = _result(market, "W1900A")
    assert result["builds"] == {"ENGLAND": [["F LON", "built"]],
                                "FRANCE": [["A PAR", "built"]],
                                "GERMANY": [["A BER", "insufficient cash"]]}
    public = next(m.body for m in out if m.recipient == member("BEN") and "results" in m.subject)
    assert "GERMANY: income $240; dividend $34 a share, $238 paid, $2 kept" in public
    assert "build A BER: insufficient cash" in public
    # a build ordered and void for want of cash was tried, not waived
    waived = " ".join(public.split("Builds waived:")[1].split("\n\n")[0].split())
    assert "GERMANY waives 2 builds." in waived, waived  # of 3: A BER was void
    assert "FRANCE builds 1 of 3, waives 2." in waived, waived
    assert "F BRE" not in public  # not agreed: only the Codirectors are told
    mine = {m.recipient: m.body for m in out if "your statement" in m.subject}
    assert "FRANCE: the Codirectors did not all order BUILD F BRE" in mine[member("ANN")]
    assert "FRANCE: the Codirectors did not all order BUILD F BRE" in mine[member("CID")]
    assert member("BEN") not in mine
    assert "Cash: $588 (was $350; dividends)" in mine[member("DOT")]


def test_nobody_sees_anothers_orders_before_the_deadline(market: MarketJudge) -> None:
    _game(market)
    market.reply(member("ANN"), _as("ANN"), "BUY 4 FRANCE", "BUY 3 ENGLAND")
    market.reply(member("CID"), _as("CID"), "BUY 4 FRANCE", "STATUS")
    market.reply(member("DOT"), _as("DOT"), "BUY 7 GERMANY")
    boxes = _mailboxes(market)
    assert "BUY 4 FRANCE" in boxes[member("ANN")] and "BUY 4 FRANCE" in boxes[member("CID")]
    assert "BUY 4 FRANCE" not in boxes[member("BEN")] + boxes[member("DOT")] + boxes[GM]
    assert "BUY 3 ENGLAND" not in boxes[member("CID")] + boxes[member("BEN")] + boxes[GM]
    assert "BUY 7 GERMANY" not in boxes[member("ANN")] + boxes[member("CID")] + boxes[GM]
    market.deadline("sh")
    _february_1901(market)
    # Spring: the Codirectors of FRANCE disagree; neither sees the other's set
    market.reply(member("ANN"), _for("ENGLAND", "ANN"), "F LON - NTH")
    market.reply(member("ANN"), _for("FRANCE", "ANN"), "A PAR - BUR")
    market.reply(member("CID"), _for("FRANCE", "CID"), "A PAR - PIC", "STATUS")
    boxes = _mailboxes(market)
    assert "A PAR - PIC" not in boxes[member("ANN")] + boxes[member("BEN")] + boxes[GM]
    assert "A PAR - BUR" not in boxes[member("CID")] + boxes[member("BEN")] + boxes[GM]
    assert "F LON - NTH" not in boxes[member("CID")] + boxes[member("DOT")] + boxes[GM]
    out = market.deadline("sh")
    public = next(m.body for m in out if m.recipient == GM)
    assert "held for disagreement of the Codirectors: A PAR" in public
    assert "ENGLAND: fees $20, cash $20" in public
    assert "FRANCE: fees $0, cash $40" in public


def test_a_former_office_holder_is_refused(market: MarketJudge) -> None:
    _game(market, "END_YEAR=1905")
    market.reply(member("ANN"), _as("ANN"), "BUY 3 ENGLAND")
    market.deadline("sh")
    market.reply(member("ANN"), _for("ENGLAND", "ANN"), "BUILD F LON")
    market.deadline("sh")  # February 1901
    market.deadline("sh")  # Spring 1901
    market.deadline("sh")  # Fall 1901; then January 1902
    assert _state(market)["phase"] == "W1901D"
    market.reply(member("ANN"), _as("ANN"), "SELL 3 ENGLAND")
    market.reply(member("BEN"), _as("BEN"), "BUY 1 ENGLAND")
    market.deadline("sh")
    assert _state(market)["countries"]["ENGLAND"]["office"] == ["BEN"]
    reply = market.reply(member("ANN"), _for("ENGLAND", "ANN"), "DIVIDEND")
    assert "ANN does not lead, direct or command ENGLAND in sh now" in " ".join(reply.split())
    reply = market.reply(member("BEN"), _for("E", "BEN"), "DIVIDEND")
    assert "accepted for W1901A" in reply


def test_a_whole_year_by_mail(market: MarketJudge) -> None:
    _game(market, "END_YEAR=1901")
    _january_1901(market)
    _february_1901(market)
    market.reply(member("ANN"), _for("ENGLAND", "ANN"), "F LON - NTH")
    market.reply(member("ANN"), _for("FRANCE", "ANN"), "A PAR - BUR")
    market.reply(member("CID"), _for("FRANCE", "CID"), "A PAR - PIC")
    market.deadline("sh")
    assert _result(market, "S1901M")["fees"] == {"ENGLAND": 20}
    market.reply(member("ANN"), _for("ENGLAND", "ANN"), "F NTH - NWY")
    market.reply(member("ANN"), _for("FRANCE", "ANN"), "A PAR - BUR")
    market.reply(member("CID"), _for("FRANCE", "CID"), "A PAR - BUR")
    out = market.deadline("sh")
    fall = _result(market, "F1901M")
    assert fall["orders"] == {"F NTH": "F NTH - NWY", "A PAR": "A PAR - BUR"}
    assert fall["fees"] == {"ENGLAND": 20, "FRANCE": 20}
    assert fall["end"]["kind"] == "end_year"
    assert set(fall["net_worth"]) == set(NAMES)
    public = next(m.body for m in out if m.recipient == member("BEN"))
    assert "End of the year. Centres owned:" in public
    assert "ENGLAND  4: EDI, LON, LVP, NWY" in public
    flat_public = " ".join(public.split())
    assert "The game is over: the end year was reached; the highest net worth wins." \
        in flat_public and "end_year" not in public
    winners = ", ".join(fall["end"]["winners"])
    plural = "s" if len(fall["end"]["winners"]) != 1 else ""
    assert f"Winner{plural}: {winners}." in flat_public
    game = market.game("sh")
    assert game.state == GameState.COMPLETED
    assert {m.recipient for m in out if "results" in m.subject} == {
        *(member(n) for n in NAMES), GM}


def test_help_shareholders_mails_the_players_guide(market: MarketJudge) -> None:
    reply = market.reply(member("ANN"), "HELP SHAREHOLDERS")
    assert "Playing 1901-Shareholders by mail" in reply
    assert "SIGNON FRANCE@shares1 annspassword" in reply


def test_the_retreat_letters_mark_a_disagreement() -> None:
    """A retreat of codirected France (spec S12): the Codirectors disagree, the unit is
    disbanded, the public letter says so and each Codirector is told."""
    holders = {"ANN": {"cash": 0, "shares": {"FRANCE": 2}},
               "BEN": {"cash": 0, "shares": {}}, "CID": {"cash": 0, "shares": {"FRANCE": 2}}}
    given = state("S1902R", holders, {"FRANCE": country(cash=30, office=("ANN", "CID"))},
                  units={"GERMANY": ["A BUR"]},
                  dislodged={"FRANCE": [{"unit": "A BUR", "attacker": "MUN"}]})
    result = play(given, mail("ANN", "A BUR - PIC", as_="FRANCE"),
                  mail("CID", "A BUR - GAS", as_="FRANCE"))
    assert result["orders"] == {"A BUR": "A BUR D"}
    letters = KIND.letters(kept({**given, "params": {}}), turned_from_json(result, board()),
                           {}, list)
    public = render(letters[0].template, v={**letters[0].view, "next_phase": "F1902M",
                                            "deadline": "soon"},
                    game="sh", title="1901-Shareholders", judge="judge", judge_address="j@x")
    assert "Spring 1902 retreats (S1902R) processed" in public
    assert "A BUR D" in public
    assert "disbanded for disagreement of the Codirectors: A BUR" in public
    private = {x.to: x for x in letters[1:]}
    assert set(private) == {"ANN", "CID"}
    body = render(private["CID"].template, v=private["CID"].view, game="sh",
                  title="1901-Shareholders", judge="judge", judge_address="j@x")
    assert "FRANCE: the Codirectors did not all order A BUR; disbanded." in body


def test_the_master_may_name_the_phase_he_processes(market: MarketJudge) -> None:
    _game(market)
    reply = market.reply(GM, "SIGNON MASTER@sh masterpw", "PROCESS W1900A")
    assert "sh is in W1900D, not W1900A; nothing processed" in reply
    reply = market.reply(GM, "SIGNON MASTER@sh masterpw", "PROCESS W1900D")
    assert "W1900D processed; Next: W1900A." in reply
    reply = market.reply(GM, "SIGNON MASTER@sh masterpw", "PROCESS W1900A")
    # nobody bought a share, so no unit was built: 1901's movement is skipped (3.2)
    assert "W1900A processed; Next: W1901D." in reply
