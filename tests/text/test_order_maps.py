"""The order reader takes every name from the map it is given, not from the standard map."""

from __future__ import annotations

import pytest

from judge.engine.board import Map, Province, Terrain, build_map
from judge.text.orders import OrderSyntaxError, parse_order


@pytest.fixture(scope="module")
def tiny() -> Map:
    provinces = [
        Province("STT", "Saint-Tropez", Terrain.COAST),
        Province("NIC", "Nice", Terrain.COAST, coasts=("EC", "WC")),
        Province("LIG", "Ligurian Sea", Terrain.SEA),
    ]
    return build_map(
        name="tiny",
        powers=("FRANCE",),
        provinces=provinces,
        army_edges=[("STT", "NIC")],
        fleet_edges=[("STT", "LIG"), ("NIC/WC", "LIG"), ("NIC/EC", "LIG")],
        aliases={"TROPEZ": "STT"},
        starting_units={"FRANCE": ("A STT",)},
        victory_centers=1,
    )


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("A Saint-Tropez - Nice", "A STT - NIC"),  # full name, hyphen inside it
        ("A Saint-Tropez-Nice", "A STT - NIC"),
        ("A TROPEZ - NIC", "A STT - NIC"),
        ("F Ligurian Sea - Nice (west coast)", "F LIG - NIC/WC"),
        ("F NIC/E H", "F NIC/EC H"),
    ],
)
def test_names_and_coasts_come_from_the_map(tiny: Map, text: str, canonical: str) -> None:
    assert str(parse_order(text, tiny)) == canonical


def test_another_map_names_are_unknown_here(tiny: Map) -> None:
    with pytest.raises(OrderSyntaxError, match="unknown province 'PAR'"):
        parse_order("A PAR - NIC", tiny)


def test_a_coast_the_map_does_not_have(tiny: Map) -> None:
    with pytest.raises(
        OrderSyntaxError, match=r"Nice has no north coast \(its coasts are EC and WC\)"
    ):
        parse_order("F NIC/NC H", tiny)
