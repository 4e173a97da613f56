"""What players read, by mail through the real listener: every command answered in every
state of a game, never with "a fault in the judge"."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import MailJudge
from tests.e2e.test_by_mail import GM, player

FAULT = "could not be processed"


@pytest.mark.parametrize("variant", ["STANDARD", "PAYOLA"])
def test_status_from_a_player_of_a_game_still_forming(by_mail: MailJudge, variant: str) -> None:
    judge = by_mail
    assert "Game forming created" in judge.replies(GM, f"CREATE forming gmpass {variant}")[GM]
    judge.replies(player("FRANCE"), "JOIN forming pwfrance FRANCE")
    reply = judge.replies(player("FRANCE"), "SIGNON FRANCE@forming pwfrance", "STATUS")
    body = reply[player("FRANCE")]
    assert FAULT not in body
    assert "FRANCE in forming (forming), phase not started" in body
    assert "Units:   none" in body and "(none yet)" in body
    assert ("Balance:" in body) is (variant == "PAYOLA")
    assert set(reply) == {player("FRANCE")}
