"""STATUS shows everything in force in an Exchange game (issue 23, points 2 and 3), each
item to whom may see it: a corporation's treasury after this phase's transfers and its
acceptance list after ACCEPT to its leader (the treasury to its shareholders too), a
dividend declared, a founder's SETUP and VALUES, the offer sheets of the investor and
of each corporation he leads; to everyone every open ask with its id, shares and price,
never its seller, and in a retreat phase each unit to retreat and where it may go. Every
mail goes through the real listener; the phases are played by the processor at their
deadlines."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.service.processing import process_due
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game
from tests.e2e.conftest import MailJudge

GM = "gm@exchange.example"
ECHO = re.compile(r"^ *\d+> ")  # a line of the mail echoed as the investor wrote it


def _address(name: str) -> str:
    return f"{name.lower()}@investors.example"


class Table:
    """The game ``xq`` by mail: each investor's mail, and the clock moved past each
    deadline for the processor."""

    def __init__(self, judge: MailJudge, factory: sessionmaker[Session],
                 settings: Settings) -> None:
        self.judge, self.factory, self.settings = judge, factory, settings
        self.clock: datetime = utcnow()

    def mail(self, name: str, *lines: str, acting: str | None = None) -> str:
        """The reply to one mail of ``name`` (signed on as ``acting`` when given)."""
        out = self.judge.replies(_address(name),
                                 f"SIGNON {acting or name}@xq pw{name.lower()}", *lines)
        wide = [x for x in out[_address(name)].splitlines()
                if len(x) > 78 and not ECHO.match(x)]
        assert not wide, wide  # every mail keeps within 78 columns
        return out[_address(name)]

    def status(self, name: str, acting: str | None = None) -> str:
        """What STATUS answers (the reply after the echoed STATUS line)."""
        return self.mail(name, "STATUS", acting=acting).split("> STATUS", 1)[1]

    def master_status(self) -> str:
        return self.judge.replies(GM, "SIGNON MASTER@xq masterpw", "STATUS")[GM]

    def phase(self) -> str:
        with self.factory() as s:
            game = s.scalar(select(Game).where(Game.name == "xq"))
            assert game is not None
            return str(game.phase)

    def deadline(self) -> None:
        self.clock += timedelta(days=40)
        process_due(self.factory, self.settings, self.clock)
        with self.factory() as s:
            self.judge.seen = len(s.scalars(select(OutboundMessage)).all())


def _game(by_mail: MailJudge, factory: sessionmaker[Session], settings: Settings,
          *master: str) -> Table:
    by_mail.replies(GM, "CREATE xq masterpw EXCHANGE")
    for name in ("ANN", "BOB", "CAT"):
        by_mail.replies(_address(name), f"JOIN xq pw{name.lower()} {name}")
    out = by_mail.replies(GM, "SIGNON MASTER@xq masterpw", *master, "START")
    assert "Game xq started" in out[GM], out[GM]
    return Table(by_mail, factory, settings)


def _prefloated(by_mail: MailJudge, factory: sessionmaker[Session],
                settings: Settings) -> Table:
    """ANN holds and leads FRANCE, where BOB holds shares too; BOB holds and leads
    GERMANY; CAT holds and leads ITALY."""
    table = _game(by_mail, factory, settings, "SET PREFLOATED yes",
                  "SET HOLDINGS ANN FRANCE 20", "SET HOLDINGS BOB FRANCE 10",
                  "SET HOLDINGS BOB GERMANY 20", "SET HOLDINGS CAT ITALY 20")
    assert table.phase() == "W1900E"
    table.deadline()
    assert table.phase() == "W1900A"
    return table


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_status_shows_treasuries_lists_dividends_and_asks_to_whom_may_see_them(
        by_mail: MailJudge, session_factory: sessionmaker[Session],
        settings: Settings) -> None:
    table = _prefloated(by_mail, session_factory, settings)
    before = _flat(table.status("BOB"))
    treasury = int(before.split("GERMANY (you lead it and hold 20): treasury ")[1].split()[0])
    assert "FRANCE (you hold 10): treasury" in before, before
    # the leader's DIVIDEND and ACCEPT; another investor's TRANSFER; BOB's ask
    done = _flat(table.mail("BOB", "DIVIDEND GERMANY 1", "ACCEPT GF?", acting="GERMANY"))
    assert "REFUSED" not in done, done
    assert "REFUSED" not in table.mail("ANN", "TRANSFER 30 TO GERMANY")
    assert "REFUSED" not in table.mail("BOB", "ASK FRANCE 4 AT 15")

    bob = _flat(table.status("BOB"))
    assert f"GERMANY (you lead it and hold 20): treasury {treasury + 30} AgP now" in bob, bob
    assert "GERMANY's acceptance list: GF?" in bob, bob
    assert "GERMANY's dividend: 1 AgP a share, paid when this phase is played" in bob, bob
    assert "Open asks (TAKE <id> <shares> buys): #1: 4 FRANCE shares at 15 AgP each" in bob

    # ANN transferred to GERMANY but neither leads nor holds it: no treasury of it, no
    # list, no dividend; her own corporation's treasury and list are hers to see
    ann = _flat(table.status("ANN"))
    assert "GERMANY (" not in ann and "GERMANY's" not in ann and "GF?" not in ann, ann
    assert "FRANCE (you lead it and hold 20): treasury" in ann, ann
    assert "FRANCE's acceptance list: F?" in ann, ann
    assert "#1: 4 FRANCE shares at 15 AgP each" in ann

    # CAT: every open ask, never its seller; no treasury but ITALY's
    cat = _flat(table.status("CAT"))
    assert "#1: 4 FRANCE shares at 15 AgP each" in cat, cat
    assert "BOB" not in cat and "ANN" not in cat, cat
    assert "FRANCE (" not in cat and "GERMANY (" not in cat, cat
    assert "ITALY (you lead it and hold 20): treasury" in cat, cat
    # the master sees the open asks too, without the seller
    master = _flat(table.master_status())
    assert "#1: 4 FRANCE shares at 15 AgP each" in master, master
    assert "treasury" not in master

    # taken, the ask shows what is left; the buyer now holds FRANCE and sees its treasury
    assert "REFUSED" not in table.mail("CAT", "TAKE 1 3")
    cat = _flat(table.status("CAT"))
    assert "#1: 1 FRANCE share at 15 AgP each" in cat, cat
    assert "FRANCE (you hold 3): treasury" in cat, cat


def test_status_shows_the_sheets_of_the_investor_and_of_each_corporation_he_leads(
        by_mail: MailJudge, session_factory: sessionmaker[Session],
        settings: Settings) -> None:
    table = _prefloated(by_mail, session_factory, settings)
    table.deadline()
    assert table.phase() == "S1901M"
    assert "REFUSED" not in table.mail("ANN", "2 : A MUN - RUH")
    assert "REFUSED" not in table.mail("ANN", "4 : A PAR - BUR", acting="FRANCE")
    ann = _flat(table.status("ANN"))  # signed on as herself: FRANCE's sheet too
    assert "Your offer sheet: 2 : A MUN - RUH It offers 2 AgP in all" in ann, ann
    assert "FRANCE's offer sheet: 4 : A PAR - BUR It offers 4 AgP in all" in ann, ann
    assert "GERMANY's offer sheet: none" not in ann
    bob = _flat(table.status("BOB"))
    assert "A PAR - BUR" not in bob and "A MUN - RUH" not in bob, bob
    assert "FRANCE's offer sheet" not in bob, bob
    assert "Your offer sheet: none" in bob and "GERMANY's offer sheet: none" in bob, bob


def test_status_in_a_retreat_phase_shows_each_unit_to_retreat_and_where(
        by_mail: MailJudge, session_factory: sessionmaker[Session],
        settings: Settings) -> None:
    table = _prefloated(by_mail, session_factory, settings)
    table.deadline()
    table.mail("BOB", "A MUN - BUR", acting="GERMANY")
    table.deadline()
    assert table.phase() == "F1901M"
    table.mail("ANN", "A PAR - BUR", "A MAR S A PAR - BUR", acting="FRANCE")
    table.deadline()
    assert table.phase() == "F1901R"
    for text in (table.status("CAT"), table.status("BOB", acting="GERMANY"),
                 table.master_status()):
        flat = _flat(text)
        assert "To retreat: GERMANY A BUR: to BEL, GAS, MUN, PIC, RUH or disband" in flat, flat


def test_status_shows_a_founders_setup_and_values_to_him_alone(
        by_mail: MailJudge, session_factory: sessionmaker[Session],
        settings: Settings) -> None:
    table = _game(by_mail, session_factory, settings)
    assert "REFUSED" not in table.mail("ANN", "BID FRANCE 100")
    table.deadline()
    assert table.phase() == "W1900O"
    done = table.mail("ANN", "SETUP FRANCE SHARES 30 PRICE 12",
                      "VALUES FRANCE BRE 24 MAR 24 PAR 24")
    assert "REFUSED" not in done, done
    ann = _flat(table.status("ANN"))
    assert "FRANCE is offered on: 30 shares at 12 AgP" in ann, ann
    assert "FRANCE's centre values: BRE 24, MAR 24, PAR 24" in ann, ann
    bob = _flat(table.status("BOB"))
    assert "offered on" not in bob and "centre values" not in bob, bob


def test_status_shows_an_issue_to_its_leader_then_to_the_shareholders_who_vote(
        by_mail: MailJudge, session_factory: sessionmaker[Session],
        settings: Settings) -> None:
    table = _prefloated(by_mail, session_factory, settings)
    for _ in range(3):
        table.deadline()
    assert table.phase() == "W1901B"
    assert "REFUSED" not in table.mail("ANN", "ISSUE FRANCE 5")
    ann = _flat(table.status("ANN"))
    assert "FRANCE's issue of 5 new shares: pending, voted on in the Offering" in ann, ann
    bob = _flat(table.status("BOB"))  # a shareholder hears of it in the Offering
    assert "issue" not in bob, bob
    table.deadline()
    assert table.phase() == "W1901O"
    bob = _flat(table.status("BOB"))
    assert "FRANCE proposes 5 new shares: APPROVE FRANCE or REJECT FRANCE" in bob
    cat = _flat(table.status("CAT"))  # no FRANCE shares: no vote, nothing of it
    assert "issue" not in cat, cat
    assert "REFUSED" not in table.mail("BOB", "APPROVE FRANCE")
    assert "Your approvals: FRANCE APPROVE" in _flat(table.status("BOB"))
