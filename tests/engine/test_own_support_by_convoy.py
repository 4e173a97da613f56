"""A power's support never counts to dislodge its own unit (DATC 6.D.13), when the attack
comes by convoy as well as by land. bench/versus_diplomacy.py found the `diplomacy`
package (1.1.2) dislodging in the convoyed case (it refuses the land case); the rule has
no exception for convoys, so the judge bounces both."""

from __future__ import annotations

import pytest

from judge.batch import run_case

CONVOYED = {"ITALY": ["F NAP H", "A APU S A ALB - NAP"],
            "AUSTRIA": ["A ALB - NAP VIA CONVOY", "F ION C A ALB - NAP"]}
BY_LAND = {"AUSTRIA": ["A TRI H", "A VIE S A VEN - TRI"], "ITALY": ["A VEN - TRI"]}


@pytest.mark.parametrize("orders", [CONVOYED, BY_LAND], ids=["by convoy", "by land"])
def test_own_support_does_not_dislodge(orders: dict[str, list[str]]) -> None:
    units = {p: [" ".join(line.split()[:2]) for line in lines] for p, lines in orders.items()}
    result = run_case({"id": "own support", "rules": [],
                       "state": {"phase": "S1901M", "units": units, "centers": {}},
                       "orders": orders})
    assert result["state"]["dislodged"] == {}
    assert result["state"]["units"] == {p: sorted(us) for p, us in sorted(units.items())}
    attacker = "A ALB" if orders is CONVOYED else "A VEN"
    assert result["results"][attacker] == "bounce"
