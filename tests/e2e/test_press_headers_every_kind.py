"""Press headers name the sender and the readers as the game names them everywhere else,
in every kind (issue 23, point 6), by mail through the real listener: a board game's
powers as judges print them (``France``), a market game's members by the names they
joined with (``ALICE``, never ``Alice``), an observer by the name he signs on as, the
master as ``the Master``; press to one reader and to all, ended by ENDPRESS or by the
sender's signature, which is never relayed (it may give away who is behind a name)."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.games import Kind
from judge.storage.mailqueue import OutboundMessage
from tests.e2e.conftest import MailJudge
from tests.e2e.played import GM, OBSERVER, Played, address, games


def _told(mails: list[OutboundMessage], reader: str, reply: bool = False) -> str:
    found = [m.body for m in mails if m.recipient == reader
             and ("Re:" in m.subject) == reply]
    assert len(found) == 1, (reader, [(m.recipient, m.subject) for m in mails])
    return found[0]


@pytest.mark.parametrize("kind", games(), ids=lambda k: k.name)
def test_press_headers_name_everyone_as_the_game_does(
        by_mail: MailJudge, session_factory: sessionmaker[Session], settings: Settings,
        kind: Kind) -> None:
    played = Played(by_mail, session_factory, settings, kind)
    next(played.batches())  # started
    game, (one, two, *_) = played.game, played.recipe.names
    # as the letters and STATUS name them: powers "France", members "ALICE"
    shown = {n: n.title() if not kind.market else n for n in (one, two)}
    sign = f"SIGNON {one}@{game} pw{one.lower()}"

    sent = by_mail.send(address(one), sign, f"PRESS TO {two.lower()}", "Shall we?",
                        "ENDPRESS")
    assert _told(sent, address(two)) == (
        f"Message from {shown[one]} to {shown[two]} in '{game}':\n\nShall we?\n")
    assert {m.recipient for m in sent} == {address(one), address(two)}  # nobody else

    # no ENDPRESS: the body ends at the mail's signature, which stays with the sender
    sent = by_mail.send(address(one), sign, f"PRESS TO {two}", "Think it over.", "",
                        "-- ", "Alice Archer, 12 Mill Lane")
    assert _told(sent, address(two)) == (
        f"Message from {shown[one]} to {shown[two]} in '{game}':\n\nThink it over.\n")

    sent = by_mail.send(address(one), sign, "BROADCAST", "Peace!", "-- ", "Alice Archer")
    for reader in (address(two), OBSERVER, GM):
        body = _told(sent, reader)
        assert body.startswith(f"Broadcast message from {shown[one]} in '{game}':\n\n")
        assert "Peace!" in body and "Archer" not in body

    sent = by_mail.send(GM, f"SIGNON MASTER@{game} masterpw", f"PRESS TO {one}",
                        "Orders, please.", "ENDPRESS")
    assert _told(sent, address(one)) == (
        f"Message from the Master to {shown[one]} in '{game}':\n\nOrders, please.\n")

    # the observer is named as the judge named him when he came, and at his sign-on
    assert f"You observe {game} as WATCHER:" in played.observed
    sent = by_mail.send(OBSERVER, f"SIGNON OBSERVER@{game} watchpw", "BROADCAST", "Go on!")
    assert f"Signed on as WATCHER in {game}" in _told(
        [m for m in sent if "Re:" in m.subject], OBSERVER, reply=True)
    for reader in (address(one), address(two), GM):
        assert _told(sent, reader).startswith(
            f"Broadcast message from observer WATCHER in '{game}':\n\n")
