"""The replies to the commands every game has are the same in every kind of the registry
(issue 22: "a player should never be able to tell which corner of the code his game
lives in"): LIST, SUMMARY (a player's and the master's), SIGNON as a name the game has
not, the words of other judges and games, an observer's STATUS, STATUS of a game that is
over, RESIGN before the start, JOIN of an ended game. Each test starts a game of every
kind by mail (tests/markets/every_kind.py) and sends the same lines to each.

The ``market`` fixture checks every mail of these games for 78 columns and for internal
error codes."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from judge.games import KINDS
from judge.service.kinds import part_of
from judge.storage.schema import Game
from tests.markets.conftest import GM, MarketJudge, member
from tests.markets.every_kind import OBSERVER, started
from tests.markets.test_views_of_every_kind import RECIPES


def _list_row(market: MarketJudge, game: str) -> str:
    body = market.reply(f"lister-{game}@example.org", "LIST")
    [row] = [x for x in body.splitlines() if x.split()[:1] == [game]]
    return row


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_list_says_how_many_may_still_join_in_every_kind(market: MarketJudge,
                                                         kind: str) -> None:
    """LIST tells a newcomer, in every kind, how many more may join a forming game (up
    to the game's own most players, as its web page does), and nothing once started."""
    words, joining = RECIPES[kind]
    game = f"l{kind[:6]}"
    market.reply(GM, f"CREATE {game} masterpw {words}")
    first = joining[0]
    market.reply(member(first), f"JOIN {game} pw{first.lower()} {first}")
    with market.factory() as s:
        found = s.scalar(select(Game).where(Game.name == game))
        assert found is not None
        room = part_of(found).most_players(found) - 1
    row = _list_row(market, game)
    assert row == row.rstrip() and len(row) <= 78, repr(row)
    assert re.search(rf"\b{room} (open powers|places open)$", row), (row, room)
    for name in joining[1:]:
        market.reply(member(name), f"JOIN {game} pw{name.lower()} {name}")
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "START")
    row = _list_row(market, game)
    assert row == row.rstrip() and "open" not in row.split()[-1], repr(row)


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_a_sign_on_as_an_unknown_name_says_what_the_game_has(market: MarketJudge,
                                                             kind: str) -> None:
    """SIGNON ZORRO@game is refused with the names one may sign on as (a board game's
    powers, a market game's members and powers), never an address, in every kind."""
    game, names = started(market, kind)
    body = market.reply(member(names[0]), f"SIGNON ZORRO@{game} pw", "STATUS")
    flat = " ".join(body.split())
    assert "'ZORRO' is not" in flat or "'ZORRO' is neither" in flat, body
    said = flat.split("'ZORRO'", 1)[1].split(" 2> ")[0]
    assert names[0] in said and "FRANCE" in said, said
    assert "@" not in said


def _answers(body: str) -> dict[str, str]:
    """Each echoed line of a reply and what the judge said of it, on one line."""
    out: dict[str, str] = {}
    for part in re.split(r"^ *\d+> ", body.split("\n-- \n")[0], flags=re.M)[1:]:
        line, _, said = part.partition("\n")
        out[line.strip()] = " ".join(said.split())
    return out


FOREIGN = ("WHOGAME", "DIARY", "SET PREFERENCE X", "QUIT", "SET ZONE Europe/Paris",
           "SET DRAW", "SET CONCEDE FRANCE", "CLEAR",
           "SET ABSENCE 2026-03-10 TO 2026-03-12", "RESIGN")  # RESIGN last: it leaves


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_words_of_other_judges_and_games_are_answered_alike(market: MarketJudge,
                                                            kind: str) -> None:
    """A veteran's WHOGAME or SET PREFERENCE gets the same answer in every kind; a
    command of the board games sent in a market game says it is not used there, never
    "unknown command" nor a province or coast it is not (unless its word is the kind's
    own, as an Exchange offer sheet's CLEAR: then the kind answers it)."""
    game, names = started(market, kind)
    signon = f"SIGNON {names[0]}@{game} pw{names[0].lower()}"
    said = {line: _answers(market.reply(member(names[0]), signon, line))[line]
            for line in FOREIGN}
    assert ("- WHOGAME is not a command of this judge (HELP lists them); SUMMARY <game> "
            "shows who plays what, without addresses 1 command") in said["WHOGAME"]
    assert "- DIARY is not a command of this judge (HELP lists them) 1 command" \
        in said["DIARY"]
    assert said["SET PREFERENCE X"].startswith(
        "REFUSED, nothing changed: - SET PREFERENCE is not an option of this judge (HELP "
        "lists the SET commands) 1 command"), said["SET PREFERENCE X"]
    record = next(k for k in KINDS if k.name == kind)
    title = record.title
    market_part = getattr(record.part("mail"), "market", None)
    own = market_part.words if market_part is not None else frozenset()
    for line in FOREIGN:
        if line.split()[0] in own:  # the kind's own word (an Exchange sheet's CLEAR)
            continue
        lowered = said[line].lower()
        assert not any(w in lowered for w in ("unknown command", "cannot understand",
                                              "province", "coast")), (line, said[line])
        if said[line].startswith("REFUSED") and line.split()[0] not in ("WHOGAME", "DIARY",
                                                                        "QUIT"):
            assert "is not an option" in said[line] or \
                f"is not used in {title} games" in said[line] or \
                "stays in it to its end" in said[line] or \
                "cannot concede to itself" in said[line], (line, said[line])


UNREAD = (("WHOGAME", 1), ("HISTORY x y z", 11))


def _carets(body: str, line: str) -> list[int]:
    """The columns (from 1) of the carets the reply sets under ``line`` echoed in it."""
    rows = body.splitlines()
    return [len(below) - len(below.lstrip()) - (len(echo) - len(echo.lstrip())) + 1
            for echo, below in zip(rows, rows[1:], strict=False)
            if echo.strip() == line and below.strip() == "^"]


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_a_line_not_understood_is_echoed_with_a_caret_in_every_kind(market: MarketJudge,
                                                                    kind: str) -> None:
    """A line the judge cannot read (a classic judge's WHOGAME, a judge's command
    miswritten) is answered alike in every kind: the line echoed with a caret under
    the word not understood, and the grammar's reason (a market game said "unknown
    command", or the reason with no caret)."""
    game, names = started(market, kind)
    signon = f"SIGNON {names[0]}@{game} pw{names[0].lower()}"
    for line, column in UNREAD:
        body = market.reply(member(names[0]), signon, line)
        assert _carets(body, line) == [column], (line, body)
        said = _answers(body)[line]
        assert "unknown command" not in said and "cannot understand" not in said, said
    assert "HISTORY cannot use 'y' here" in _answers(
        market.reply(member(names[0]), signon, "HISTORY x y z"))["HISTORY x y z"]


@pytest.mark.parametrize("kind", [k.name for k in KINDS if k.attachment])
def test_an_attachments_member_reads_the_caret_too(market: MarketJudge, kind: str) -> None:
    """The Bourse's member who plays no power: the same caret under the same word."""
    record = next(k for k in KINDS if k.name == kind)
    host = next(k for k in KINDS if k.name == record.hosts[0])
    game = f"c{kind[:6]}"
    market.reply(GM, f"CREATE {game} masterpw {host.word} {record.word}")
    outsider = "outsider@example.net"
    market.reply(outsider, f"SIGNON {record.word}@{game} secret1", f"JOIN {record.word} crown")
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "START")
    for line, column in UNREAD:
        body = market.reply(outsider, f"SIGNON {record.word}@{game} secret1", line)
        assert _carets(body, line) == [column], (line, body)
    # and his own zone, as every member's: his STATUS shows the turn's deadline in it
    zoned = " ".join(market.reply(outsider, f"SIGNON {record.word}@{game} secret1",
                                  "SET ZONE Asia/Tokyo", "STATUS").split())
    assert "Deadlines will be shown to CROWN in Asia/Tokyo." in zoned, zoned
    assert " JST" in zoned and "UTC" not in zoned.split("3> STATUS", 1)[1], zoned
    early = " ".join(market.reply("newcomer@example.net", f"SIGNON {record.word}@{game} newpw2",
                                  "SET ZONE Asia/Tokyo").split())  # no member yet
    assert "REFUSED, nothing changed: - you have not joined yet" in early, early


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_an_observers_status_and_a_join_of_an_ended_game_alike(market: MarketJudge,
                                                               kind: str) -> None:
    """An observer's STATUS, and a JOIN of a game its master ended, get the same answer
    in every kind (a market game said "only the game's master may do this", and "has
    started" of a game that is over)."""
    game, _ = started(market, kind)
    watching = " ".join(market.reply(OBSERVER, f"SIGNON O@{game} watchpw", "STATUS").split())
    assert (f"STATUS REFUSED, nothing changed: - STATUS shows a player his own game, and "
            f"the master his view; you observe {game}: SUMMARY {game} shows the game") \
        in watching, watching
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "TERMINATE")
    late = " ".join(market.reply("late@example.org", f"JOIN {game} pwlate").split())
    assert f"- game {game} is terminated; nobody can join it" in late, late


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_status_of_a_game_that_is_over_shows_no_deadline(market: MarketJudge,
                                                         kind: str) -> None:
    """Once the master ends a game, neither a player's STATUS nor the master's shows a
    deadline it will never keep; while it goes on, both show it."""
    game, names = started(market, kind)
    signon = f"SIGNON {names[0]}@{game} pw{names[0].lower()}"
    master = f"SIGNON MASTER@{game} masterpw"
    for body in (market.reply(member(names[0]), signon, "STATUS"),
                 market.reply(GM, master, "STATUS")):
        assert "deadline" in body.lower(), body
    market.reply(GM, master, "TERMINATE")
    for body in (market.reply(member(names[0]), signon, "STATUS"),
                 market.reply(GM, master, "STATUS")):
        said = body.split("2> STATUS", 1)[1]
        assert "REFUSED" not in said and "deadline" not in said.lower(), body


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_resign_before_the_start_leaves_the_game_in_every_kind(market: MarketJudge,
                                                               kind: str) -> None:
    """A player who joined a forming game may RESIGN before its start, in every kind: he
    is out (his sign-on no longer works), the master is told, and he may JOIN again (a
    market game answered "has not started; nothing done" and kept him)."""
    words, joining = RECIPES[kind]
    game = f"r{kind[:6]}"
    first = joining[0]
    market.reply(GM, f"CREATE {game} masterpw {words}")
    market.reply(member(first), f"JOIN {game} pw{first.lower()} {first}")
    sent = market.send(member(first), f"SIGNON {first}@{game} pw{first.lower()}", "RESIGN")
    [reply] = [m.body for m in sent if m.recipient == member(first)]
    assert "REFUSED" not in reply, reply
    assert [m.subject for m in sent if m.recipient == GM] == [
        f"Diplomacy game {game}: {first} resigned"], sent  # one subject in every kind
    again = market.reply(member(first), f"SIGNON {first}@{game} pw{first.lower()}", "STATUS")
    assert "Signed on" not in again, again
    assert "joined" in market.reply(member(first), f"JOIN {game} pw{first.lower()} {first}")
    for name in joining[1:]:
        market.reply(member(name), f"JOIN {game} pw{name.lower()} {name}")
    assert "started" in market.reply(GM, f"SIGNON MASTER@{game} masterpw", "START")


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_summary_says_who_plays_in_every_kind(market: MarketJudge, kind: str) -> None:
    """SUMMARY names who has joined, forming and running, in every kind: a board game's
    powers played, a market game's members (a market game's SUMMARY named nobody);
    never an address."""
    words, joining = RECIPES[kind]
    game = f"s{kind[:6]}"
    market.reply(GM, f"CREATE {game} masterpw {words}")
    market.reply(member(joining[0]), f"JOIN {game} pw{joining[0].lower()} {joining[0]}")
    reader = f"reader-{kind}@example.org"
    forming = market.reply(reader, f"SUMMARY {game}")
    assert re.search(rf"\b{joining[0]}\b", forming.split("\n-- \n")[0].split("\n", 1)[1]), \
        forming
    for name in joining[1:]:
        market.reply(member(name), f"JOIN {game} pw{name.lower()} {name}")
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "START")
    running = market.reply(reader, f"SUMMARY {game}").split("\n-- \n")[0]
    for name in joining:
        assert re.search(rf"\b{name}\b", running.split("\n", 1)[1]), running
    assert "investors.example" not in running


def _said(body: str, line: str) -> list[str]:
    """What the reply said under its echoed last ``line`` (up to its signature)."""
    after = body.split(f"> {line}\n", 1)[1]
    return [x for x in after.split("\n-- \n", 1)[0].splitlines() if x.strip()]


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_the_masters_summary_adds_his_status_in_every_kind(market: MarketJudge,
                                                           kind: str) -> None:
    """SUMMARY from the signed-on master adds the view his STATUS gives, in every kind
    (a market game's added nothing)."""
    game, _ = started(market, kind)
    signon = f"SIGNON MASTER@{game} masterpw"
    view = _said(market.reply(GM, signon, "STATUS"), "STATUS")
    summary = _said(market.reply(GM, signon, "SUMMARY"), "SUMMARY")
    assert view and all(line in summary for line in view), (view, summary)


@pytest.mark.parametrize("kind", [k.name for k in KINDS if k.attachment])
def test_an_attachments_member_is_answered_alike(market: MarketJudge, kind: str) -> None:
    """A member of an attachment (the Bourse) who plays no power gets the same answers
    to the words of other judges and games as a player of every kind (he was told
    "cannot understand this command")."""
    record = next(k for k in KINDS if k.name == kind)
    host = next(k for k in KINDS if k.name == record.hosts[0])
    game = f"t{kind[:6]}"
    market.reply(GM, f"CREATE {game} masterpw {host.word} {record.word}")
    outsider = "outsider@example.net"
    joined = market.reply(outsider, f"SIGNON {record.word}@{game} secret1",
                          f"JOIN {record.word} crown")
    assert "REFUSED" not in joined, joined
    market.reply(GM, f"SIGNON MASTER@{game} masterpw", "START")
    signon = f"SIGNON {record.word}@{game} secret1"
    said = {line: _answers(market.reply(outsider, signon, line))[line] for line in FOREIGN}
    assert "- WHOGAME is not a command of this judge (HELP lists them)" in said["WHOGAME"]
    assert said["SET PREFERENCE X"].startswith(
        "REFUSED, nothing changed: - SET PREFERENCE is not an option of this judge"), said
    for line in FOREIGN:
        assert "cannot understand" not in said[line] and "unknown" not in said[line], said


@pytest.mark.parametrize("kind", [k.name for k in KINDS])
def test_a_join_of_a_started_game_says_how_to_watch_it(market: MarketJudge,
                                                        kind: str) -> None:
    """JOIN of a started game with no place open is refused alike in every kind: it says
    how to watch the game instead, and never that every power has a player when the
    powers nobody joined are in civil disorder (a standard game said so)."""
    game, _ = started(market, kind)
    late = " ".join(market.reply("late@example.org", f"JOIN {game} pwlate").split())
    assert "REFUSED" in late and f"OBSERVE {game} <password> to watch it" in late, late
    assert "has a player" not in late, late
