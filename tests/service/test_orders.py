"""Orders and offer sheets by mail: whole sets replaced, refused whole, echoed as understood."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from judge.storage.schema import Submission
from tests.service.conftest import Judge, address

FRANCE = ("SIGNON france@alpha pwfrance",)


def _versions(judge: Judge, power: str) -> list[list[str]]:
    with judge.factory() as s:
        rows = s.scalars(select(Submission).where(Submission.power == power)
                         .order_by(Submission.version)).all()
        return [[x["canonical"] for x in r.lines] for r in rows]


def test_orders_are_echoed_in_canonical_form(started: Callable[..., Judge]) -> None:
    judge = started()
    body = judge.reply(address("FRANCE"), *FRANCE, "a par-bur", "F Brest - Mid-Atlantic Ocean")
    assert "A PAR - BUR" in body and "F BRE - MAO" in body
    assert "(you wrote: a par-bur)" not in body  # same words, only spacing and case differ
    assert "No order for A MAR" in body


def test_a_bad_line_refuses_the_whole_set_and_lists_every_error(
    started: Callable[..., Judge],
) -> None:
    judge = started()
    judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR")
    body = judge.reply(address("FRANCE"), *FRANCE, "A PAR - PIC", "A MAR - MUN", "F XYZ - NTH",
                       "A BER - KIE")
    body = " ".join(body.split())  # messages are wrapped at 78 columns
    assert "REFUSED" in body
    assert "line 3: 'A MAR - MUN'" in body and "not adjacent" in body
    assert "A MAR can move to BUR, GAS, PIE, SPA" in body
    assert "line 4: 'F XYZ - NTH'" in body
    assert "line 5: 'A BER - KIE'" in body and "not your unit" in body
    assert "stay as they were" in body and "A PAR - BUR" in body
    assert _versions(judge, "FRANCE") == [["A PAR - BUR"]]


def test_each_mail_replaces_the_whole_set_and_every_version_is_kept(
    started: Callable[..., Judge],
) -> None:
    judge = started()
    judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR", "A MAR - SPA")
    judge.reply(address("FRANCE"), *FRANCE, "F BRE - ENG")
    judge.reply(address("FRANCE"), *FRANCE, "CLEAR")
    assert _versions(judge, "FRANCE") == [["A PAR - BUR", "A MAR - SPA"], ["F BRE - ENG"], []]


def test_order_lines_split_by_other_commands_are_one_set(started: Callable[..., Judge]) -> None:
    judge = started()
    judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR", "SET WAIT", "A MAR - SPA")
    assert _versions(judge, "FRANCE") == [["A PAR - BUR", "A MAR - SPA"]]


def test_two_orders_for_one_unit_are_refused(started: Callable[..., Judge]) -> None:
    judge = started()
    body = judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR", "A PAR H")
    assert "already has an order on line 2" in body
    assert _versions(judge, "FRANCE") == []


def test_orders_before_signing_on_are_refused(started: Callable[..., Judge]) -> None:
    judge = started()
    body = judge.reply(address("FRANCE"), "A PAR - BUR")
    assert "sign on first" in body


def test_status_shows_own_units_orders_and_flags(started: Callable[..., Judge]) -> None:
    judge = started()
    body = judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR", "SET WAIT", "SET DRAW",
                       "STATUS")
    assert "Units:   A MAR, A PAR, F BRE" in body
    assert "Wait: yes." in body and "Draw vote: all survivors." in body


def test_payola_offer_sheet_is_checked_and_echoed(started: Callable[..., Judge]) -> None:
    judge = started("PAYOLA")
    body = judge.reply(address("FRANCE"), *FRANCE, "5 : A PAR - BUR", "3 > F BRE - MAO",
                       "A MAR H")
    assert "Offer sheet of FRANCE for S1901M accepted" in body
    # a bare order is read as a 0 AgP offer: shown so, without "you wrote" (nothing changed)
    assert "         4  0 : A MAR H\n" in body
    body = judge.reply(address("FRANCE"), *FRANCE, "5 : a par-bur", "f bre-mid atlantic ocean")
    assert "         2  5 : A PAR - BUR\n" in body
    assert "         3  0 : F BRE - MAO    (you wrote: f bre-mid atlantic ocean)\n" in body
    body = judge.reply(address("FRANCE"), *FRANCE, "99999 : A PAR - PIC", "x : y")
    assert "REFUSED" in body and "INVALID OFFER AMOUNT" in body and "line 3: 'x : y'" in body
    assert "E1 " not in body  # no internal error codes
    assert _versions(judge, "FRANCE") == [["5 : A PAR - BUR", "3 > F BRE - MAO", "0 : A MAR H"],
                                          ["5 : A PAR - BUR", "0 : F BRE - MAO"]]


def test_a_closing_remark_under_the_orders_is_left_out_and_named(
    started: Callable[..., Judge],
) -> None:
    judge = started()
    body = judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR", "F BRE - MAO", "",
                       "Thanks, see you next turn", "Karl")
    body = " ".join(body.split())  # messages are wrapped at 78 columns
    assert "Orders of FRANCE for S1901M accepted" in body
    assert "lines 5-6 ('Thanks, see you next turn', ...) read as a closing remark" in body
    assert _versions(judge, "FRANCE") == [["A PAR - BUR", "F BRE - MAO"]]


def test_a_mistyped_order_after_a_blank_line_still_refuses_the_set(
    started: Callable[..., Judge],
) -> None:
    judge = started()
    body = judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR", "", "Amar - SPA", "Cheers")
    assert "REFUSED" in body and "line 4: 'Amar - SPA'" in body and "line 5: 'Cheers'" in body
    assert _versions(judge, "FRANCE") == []
    body = judge.reply(address("FRANCE"), *FRANCE, "A PAR - BUR", "", "Thanks")
    assert "line 4 ('Thanks') read as a closing remark" in body
    body = judge.reply(address("FRANCE"), *FRANCE, "A PAR - XYZ", "", "Thanks")
    assert "REFUSED" in body and "line 4 ('Thanks') read as a closing remark" in body


def test_a_players_command_from_the_master_or_an_observer_says_who_signed_on(
        started: Callable[..., Judge]) -> None:
    judge = started()
    judge.reply("watcher@else.org", "OBSERVE alpha watchpw")
    # (the master's STATUS is the master's view of the game; only his order is refused;
    # an observer's STATUS is answered as in every kind of game)
    for sender, signon, who in [
            ("gm@example.org", "SIGNON MASTER@alpha masterpw", "MASTER"),
            ("watcher@else.org", "SIGNON O@alpha watchpw", "WATCHER")]:
        body = " ".join(judge.reply(sender, signon, "STATUS", "A PAR - BUR").split())
        assert body.count(f"only a power's player may do this, and you are signed on as "
                          f"{who} in alpha; SUMMARY alpha shows the game") == 1, body
        assert ("you observe alpha: SUMMARY alpha shows the game" in body) == \
            (who == "WATCHER"), body
        assert "sign on first" not in body
    assert _versions(judge, "FRANCE") == []


def test_a_draw_among_unknown_powers_is_refused_with_a_set_draw_example(
        started: Callable[..., Judge]) -> None:
    body = " ".join(started().reply(address("FRANCE"), *FRANCE, "SET DRAW QX").split())
    assert "'QX' is neither a power nor a string of initials (AEFGIRT); e.g. SET DRAW " \
           "FRANCE, ENGLAND or SET DRAW FE" in body
    assert "PRESS" not in body


def test_flags_are_set_and_cleared_and_stay_private(started: Callable[..., Judge]) -> None:
    judge = started()
    body = judge.reply(address("FRANCE"), *FRANCE, "SET WAIT", "SET DRAW AEF", "STATUS")
    assert "Wait: yes." in body and "Draw vote: AEF." in body
    body = judge.reply(address("FRANCE"), *FRANCE, "SET NOWAIT", "SET NODRAW", "SET NOABSENCE",
                       "STATUS")
    assert "Wait flag cleared." in body and "Draw vote withdrawn." in body
    assert "Absence cleared." in body
    assert "Wait: no." in body and "Draw vote: none." in body
    judge.reply(address("FRANCE"), *FRANCE, "SET WAIT", "SET DRAW AEF")
    other = judge.reply(address("ENGLAND"), "SIGNON england@alpha pwengland", "STATUS",
                        "SUMMARY alpha")
    assert "AEF" not in other and "Wait: no." in other
