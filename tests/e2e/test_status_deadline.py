"""STATUS names the open phase's deadline in every kind of game (issue 23, point 2)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import MailJudge

GAMES = {"standard": ("STANDARD", ("FRANCE",)), "payola": ("PAYOLA", ("FRANCE",)),
         "exchange": ("EXCHANGE", ("ALICE", "BOB")),
         "shareholders": ("SHAREHOLDERS", ("ANN", "BEN", "CID")),
         "capitalist": ("CAPITALIST MIN_PLAYERS=2", ("MIDAS", "CROESUS"))}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_status_names_the_deadline(by_mail: MailJudge, kind: str) -> None:
    words, names = GAMES[kind]
    game, gm = f"sd{kind[:5]}", "gm@masters.example"
    by_mail.replies(gm, f"CREATE {game} masterpw {words}")
    for name in names:
        by_mail.replies(f"{name.lower()}@players.example", f"JOIN {game} pw{name.lower()} {name}")
    started = by_mail.replies(gm, f"SIGNON MASTER@{game} masterpw", "START")[gm]
    assert "REFUSED" not in started
    me = f"{names[0].lower()}@players.example"
    status = by_mail.replies(me, f"SIGNON {names[0]}@{game} pw{names[0].lower()}",
                             "STATUS")[me]
    deadline = [x.strip() for x in status.splitlines() if x.strip().startswith("Deadline: ")]
    assert len(deadline) == 1, status
    assert deadline[0].endswith(("UTC", "GMT")), deadline
    # the master's STATUS names the same deadline, in the same words
    shown = deadline[0].removeprefix("Deadline: ")
    master = by_mail.replies(gm, f"SIGNON MASTER@{game} masterpw", "STATUS")[gm]
    assert shown in " ".join(master.split()), master
