"""Maps in the results mails, end to end: a Payola game played through the real SMTP
listener; each results mail carries the map of the phase as a PNG beside its text,
which stays the first part and unchanged; a player who said SET MAP OFF gets text
only, and the master's SET MAP OFF makes that the game's default."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from email import message_from_bytes, policy
from pathlib import Path

from PIL import Image
from sqlalchemy import func, select

from judge.cli import main
from judge.config import Settings
from judge.mail.send import render
from judge.storage.mailqueue import OutboundMessage
from judge.storage.pictures import StoredPicture
from tests.e2e.conftest import MailJudge
from tests.e2e.test_by_mail import GM, POWERS, _start, player

EXAMPLE = Path(__file__).resolve().parent.parent.parent / "examples" / "opening.jsonl"


def _results(rows: list[OutboundMessage], phase: str) -> dict[str, OutboundMessage]:
    return {r.recipient: r for r in rows if r.subject.startswith("Diplomacy results")
            and r.subject.endswith(phase)}


def test_a_payola_results_mail_carries_the_map_beside_its_text(
        by_mail: MailJudge, settings: Settings) -> None:
    _start(by_mail, "mapg", "PAYOLA")
    france = player("FRANCE")
    out = by_mail.replies(france, "SIGNON france@mapg pwfrance", "SET MAP OFF")
    assert "text only" in out[france]
    italy = player("ITALY")
    assert "accepted" in by_mail.replies(italy, "SIGNON italy@mapg pwitaly",
                                         "5 : A VEN - TYR", "3 : F NAP - ION")[italy]
    rows = by_mail.send(GM, "SIGNON MASTER@mapg gmpass", "PROCESS S1901M")
    results = _results(rows, "S1901M")
    assert set(results) == {GM} | {player(p) for p in POWERS}
    now = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)
    for address, row in results.items():
        sent = message_from_bytes(render(row, settings, now), policy=policy.default)
        if address == france:
            assert row.picture is None
            assert not sent.is_multipart() and sent.get_content_type() == "text/plain"
            continue
        assert row.picture is not None and len(row.picture) <= 150_000
        assert sent.get_content_type() == "multipart/mixed"
        parts = list(sent.iter_parts())
        assert [p.get_content_type() for p in parts] == ["text/plain", "image/png"]
        text = parts[0].get_content().replace("\r\n", "\n")
        assert text == row.body + ("" if row.body.endswith("\n") else "\n")
        # and it is the very text part the mail had without its map
        alone = OutboundMessage(message_id=row.message_id, recipient=row.recipient,
                                sender=row.sender, subject=row.subject, body=row.body)
        plain = message_from_bytes(render(alone, settings, now), policy=policy.default)
        assert parts[0].get_payload(decode=True) == plain.get_payload(decode=True)
        assert parts[0]["Content-Transfer-Encoding"] == plain["Content-Transfer-Encoding"]
        assert "Army Venice" in text  # the judge-format results, as a text client reads
        picture = parts[1].get_content()
        assert picture == row.picture
        assert parts[1].get_filename() == "mapg-S1901M.png"
        assert Image.open(io.BytesIO(picture)).size[0] == 1200
    # every reader outside BLIND gets the same map, stored once for all their mails
    assert len({r.picture for a, r in results.items() if a != france}) == 1
    with by_mail.factory() as s:
        assert s.scalar(select(func.count()).select_from(StoredPicture)) == 1
    # the same body is what France's text-only mail carries
    assert results[france].body == results[player("ENGLAND")].body


def test_the_masters_set_map_off_is_the_games_default(by_mail: MailJudge) -> None:
    _start(by_mail, "mapd", "STANDARD")
    out = by_mail.replies(GM, "SIGNON MASTER@mapd gmpass", "SET MAP OFF")
    assert "MAP is now OFF" in out[GM]
    germany = player("GERMANY")
    assert "will carry the map" in by_mail.replies(
        germany, "SIGNON germany@mapd pwgermany", "SET MAP ON")[germany]
    results = _results(by_mail.send(GM, "SIGNON MASTER@mapd gmpass", "PROCESS S1901M"),
                       "S1901M")
    assert {a for a, r in results.items() if r.picture is not None} == {germany}


def test_judge_map_draws_a_stored_phase_and_a_case(by_mail: MailJudge, db_url: str,
                                                   tmp_path: Path) -> None:
    _start(by_mail, "mapc", "STANDARD")
    by_mail.replies(player("FRANCE"), "SIGNON france@mapc pwfrance", "A PAR - BUR")
    by_mail.send(GM, "SIGNON MASTER@mapc gmpass", "PROCESS S1901M")
    config = tmp_path / "judge.conf"
    config.write_text(f"[judge]\naddress = judge@example.org\n[database]\nurl = {db_url}\n",
                      encoding="utf-8")
    svg = tmp_path / "s1901m.svg"
    assert main(["map", "--game", "mapc", "--phase", "S1901M", "--config", str(config),
                 "--out", str(svg)]) == 0
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    moves = [e.get("data-unit") for e in root.iter() if e.get("class") == "move"]
    assert moves == ["A PAR"]
    assert main(["map", "--game", "nosuch", "--config", str(config),
                 "--out", str(svg)]) == 1
    case = tmp_path / "case.json"
    case.write_text(EXAMPLE.read_text(encoding="utf-8").splitlines()[1], encoding="utf-8")
    png = tmp_path / "f1901m.png"
    assert main(["map", str(case), "--out", str(png), "--width", "600"]) == 0
    with Image.open(png) as image:
        assert image.size[0] == 600


def test_map_by_mail_to_a_signed_on_member_only(by_mail: MailJudge) -> None:
    _start(by_mail, "mapm", "STANDARD")
    by_mail.send(GM, "SIGNON MASTER@mapm gmpass", "PROCESS S1901M")
    italy = player("ITALY")
    rows = by_mail.send(italy, "SIGNON italy@mapm pwitaly", "MAP mapm S1901M")
    assert [r.recipient for r in rows] == [italy]
    assert "The map of mapm S1901M is beside this reply" in rows[0].body
    assert rows[0].picture is not None and rows[0].picture_name == "mapm-S1901M.png"
    with Image.open(io.BytesIO(rows[0].picture)) as image:
        assert image.size[0] == 1200
    # without a sign-on the reply goes to whoever the From says: no picture
    stranger = by_mail.send("someone@else.example", "MAP mapm")
    assert stranger[0].picture is None and "no picture" in stranger[0].body
    refused = by_mail.send(italy, "SIGNON italy@mapm pwitaly", "MAP mapm F1905M")
    assert "has no played phase F1905M" in refused[0].body and refused[0].picture is None


def test_map_by_mail_in_a_blind_game_is_the_players_own_view(by_mail: MailJudge) -> None:
    _start(by_mail, "mapb", "PAYOLA BLIND")
    rows = by_mail.send(GM, "SIGNON MASTER@mapb gmpass", "PROCESS S1901M")
    results = _results(rows, "S1901M")
    france, turkey = player("FRANCE"), player("TURKEY")
    # each reader's results map is its own view: France's and Turkey's differ
    assert results[france].picture != results[turkey].picture
    reply = by_mail.send(france, "SIGNON france@mapb pwfrance", "MAP mapb S1901M")[0]
    assert "as France sees it" in reply.body
    # the very map France's results mail carried
    assert reply.picture == results[france].picture
    # the master signed on gets the whole board, as his results mail had it
    master = by_mail.send(GM, "SIGNON MASTER@mapb gmpass", "MAP mapb")[0]
    assert master.picture == results[GM].picture != reply.picture
    # each view is stored once, and only its own reader's mails name it
    with by_mail.factory() as s:
        readers: dict[str | None, set[str]] = {}
        for key, recipient in s.execute(select(OutboundMessage.picture_key,
                                               OutboundMessage.recipient)
                                        .where(OutboundMessage.picture_key.is_not(None))):
            readers.setdefault(key, set()).add(recipient)
        assert s.scalar(select(func.count()).select_from(StoredPicture)) == len(readers)
    assert readers[results[france].picture_key] == {france}
    assert readers[results[turkey].picture_key] == {turkey}
    assert len(readers) == len(results)
