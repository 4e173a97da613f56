"""The master's STATUS shows no address in any kind of game; ADDRESSES, the master's
alone, lists every member with his address, the same in every kind (issue 23, point 8)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import MailJudge

GAMES = {"standard": ("STANDARD", "FRANCE"), "payola": ("PAYOLA", "FRANCE"),
         "exchange": ("EXCHANGE", "ALICE"), "capitalist": ("CAPITALIST MIN_PLAYERS=1", "MIDAS")}


def _flat(by_mail: MailJudge, sender: str, *lines: str) -> str:
    return " ".join(by_mail.replies(sender, *lines)[sender].split())


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_addresses_only_by_their_own_command(by_mail: MailJudge, kind: str) -> None:
    words, name = GAMES[kind]
    game, gm, player = f"ad{kind[:5]}", "gm@masters.example", "someone@players.example"
    assert "created" in _flat(by_mail, gm, f"CREATE {game} masterpw {words}")
    assert "REFUSED" not in _flat(by_mail, player, f"JOIN {game} secretpw {name}")
    assert "REFUSED" not in _flat(by_mail, "watcher@players.example",
                                  f"OBSERVE {game} watchpw")
    status = _flat(by_mail, gm, f"SIGNON MASTER@{game} masterpw", "STATUS")
    assert "players.example" not in status
    listed = _flat(by_mail, gm, f"SIGNON MASTER@{game} masterpw", "ADDRESSES")
    assert f"{name}: {player}" in listed and "watcher@players.example" in listed
    refused = _flat(by_mail, player, f"SIGNON {name}@{game} secretpw", "ADDRESSES")
    assert "REFUSED" in refused and "watcher@players.example" not in refused


def test_addresses_of_a_game_whose_members_are_all_gone(by_mail: MailJudge) -> None:
    """Nobody joined yet is said only of a forming game; a started game whose last
    player was ejected has had members: nobody plays or watches it now."""
    gm = "gm@masters.example"
    assert "created" in _flat(by_mail, gm, "CREATE adgone masterpw STANDARD")
    listed = _flat(by_mail, gm, "SIGNON MASTER@adgone masterpw", "ADDRESSES")
    assert "nobody has joined yet" in listed
    assert "REFUSED" not in _flat(by_mail, "fr@players.example",
                                  "JOIN adgone secretpw FRANCE")
    started = _flat(by_mail, gm, "SIGNON MASTER@adgone masterpw", "START")
    assert "REFUSED" not in started, started
    ejected = _flat(by_mail, gm, "SIGNON MASTER@adgone masterpw", "EJECT FRANCE")
    assert "REFUSED" not in ejected, ejected
    listed = _flat(by_mail, gm, "SIGNON MASTER@adgone masterpw", "ADDRESSES")
    assert "nobody plays or watches it now" in listed and "joined yet" not in listed, listed
