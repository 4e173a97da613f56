"""Errors say what to write instead, by mail: the near-miss province, the unit that is
really there, where a unit can move or retreat, the coasts a build needs, an amount for
a foreign unit; no internal error codes; the same mistake worded alike in standard and
Payola games."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.processing.conftest import Judge, address, send_orders, signon


def _flat(body: str) -> str:
    return " ".join(body.split())



@pytest.mark.parametrize("variant", ["STANDARD", "PAYOLA"])
def test_a_refused_order_says_what_to_write(full: Callable[..., Judge], variant: str) -> None:
    judge = full(variant)
    judge.run()
    body = _flat(judge.reply(address("FRANCE"), signon("FRANCE"), "A MAR - RUG",
                             "A BRE - MAO", "A PAR - RUH", "F TRI - ALB"))
    assert "unknown province 'RUG' (did you mean RUH or RUM?)" in body
    assert "there is a fleet in BRE" in body
    assert "A PAR can move to BRE, BUR, GAS, PIC" in body
    assert not re.search(r"\bE1?[0-9]\b", body)  # no internal codes
    if variant == "PAYOLA":
        zero = _flat(judge.reply(address("FRANCE"), signon("FRANCE"), "0 : F TRI - ALB"))
        assert "ZERO AgP OFFER TO FOREIGN UNIT (offer it 1 AgP or more)" in zero


def test_retreats_and_builds_say_where(full: Callable[..., Judge]) -> None:
    judge = full()
    judge.run()
    send_orders(judge, {"FRANCE": ("A PAR - PIC", "A MAR H", "F BRE - MAO"),
                    "GERMANY": ("A MUN - BUR", "A BER H", "F KIE H"),
                    "RUSSIA": ("F STP/SC - BOT", "A MOS H", "A WAR H", "F SEV H")})
    judge.later(minutes=1)
    send_orders(judge, {"FRANCE": ("A PIC - BUR", "A MAR S A PIC - BUR", "F MAO - POR"),
                    "RUSSIA": ("F BOT - SWE", "A MOS H", "A WAR H", "F SEV H")})
    judge.later(minutes=1)
    assert judge.record().phase == "F1901R"
    germany = (address("GERMANY"), signon("GERMANY"))
    status = _flat(judge.reply(*germany, "STATUS"))
    assert "To retreat: A BUR (to BEL, GAS, MUN, PAR, RUH or disband)" in status
    refused = _flat(judge.reply(*germany, "A BUR - PIC"))
    assert "A BUR may retreat to BEL, GAS, MUN, PAR, RUH or disband" in refused
    judge.reply(*germany, "A BUR - RUH")
    judge.later(minutes=1)
    assert judge.record().phase == "W1901A"
    russia = _flat(judge.reply(address("RUSSIA"), signon("RUSSIA"), "BUILD F STP"))
    assert "write BUILD F STP/NC or BUILD F STP/SC" in russia


def test_a_payola_player_knows_what_he_risks(full: Callable[..., Judge]) -> None:
    judge = full("PAYOLA")
    judge.run()  # France starts with 48 AgP
    france = (address("FRANCE"), signon("FRANCE"))
    over = _flat(judge.reply(*france, "30 : A PAR - BUR", "2*15 : A MAR - SPA", "10 $"))
    assert ("Your offers total 60 AgP and your balance is 48 AgP less 10 AgP of savings: "
            "if they are all accepted they will be reduced") in over
    assert "No offer for F BRE: it holds unless another power pays it to do something " \
           "else." in over
    assert "Your offers total 60 AgP." in _flat(judge.reply(*france, "STATUS"))
    under = _flat(judge.reply(*france, "5 : A PAR - BUR", "A MAR H", "F BRE H"))
    assert "Your offers total 5 AgP; your balance is 48 AgP." in under
    assert "No offer for" not in under and "reduced" not in under
