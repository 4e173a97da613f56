"""The movement phases of a market game carry the map too: a 1901-Shareholders game by
mail, its Spring 1901 movement letter goes to every member with the map of the phase
as adjudicated beside the text; its market phases carry none."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from PIL import Image
from sqlalchemy import select

from judge.games.shareholders.mail.chart import shareholders_chart
from judge.games.shareholders.mail.reader import kept
from judge.maps import chart_svg
from judge.maps.palette import power_colour
from judge.storage.mailqueue import OutboundMessage
from tests.markets.conftest import MarketJudge, member
from tests.markets.test_shareholders_by_mail import (
    NAMES,
    _february_1901,
    _for,
    _game,
    _january_1901,
)


def test_a_market_movement_phase_mails_its_map(market: MarketJudge) -> None:
    _game(market, "END_YEAR=1902")
    _january_1901(market)
    _february_1901(market)
    market.reply(member("ANN"), _for("ENGLAND", "ANN"), "F LON - NTH")
    market.reply(member("ANN"), _for("FRANCE", "ANN"), "A PAR - BUR")
    market.reply(member("CID"), _for("FRANCE", "CID"), "A PAR - BUR")
    out: list[OutboundMessage] = market.deadline("sh")
    with_map = [m for m in out if m.picture is not None]
    assert {m.recipient for m in with_map} >= {member(n) for n in NAMES}
    for m in with_map:
        assert m.picture_name == "sh-S1901M.png"
        assert len(m.picture or b"") <= 150_000
        assert Image.open(io.BytesIO(m.picture or b"")).size[0] == 1200
    # one letter per reader carries it
    assert len(with_map) == len({m.recipient for m in with_map})
    # only the phases played on the board carried a map, never the market's dealing
    with market.factory() as s:
        names = set(s.scalars(select(OutboundMessage.picture_name)
                              .where(OutboundMessage.picture.is_not(None))))
    assert "sh-S1901M.png" in names
    assert all(n[-5] in "MRA" for n in names), names


def test_a_years_end_letter_carries_the_chart_of_the_market(market: MarketJudge) -> None:
    _game(market, "END_YEAR=1902")
    _january_1901(market)
    out = market.deadline("sh")  # February 1901: the year's end step
    charts = [m for m in out if m.chart is not None]
    assert {m.recipient for m in charts} >= {member(n) for n in NAMES}
    letter = charts[0]
    # beside the phase's own public letter, after its map; no letter of its own
    assert letter.chart_name == "sh-W1900A-chart.png"
    assert letter.picture_name == "sh-W1900A.png"
    assert not any("the market after" in m.subject for m in out)
    assert len({m.subject for m in charts}) == 1 and len(charts) == len(
        {m.recipient for m in charts})
    with Image.open(io.BytesIO(letter.chart or b"")) as image:
        assert image.size[0] == 800
    # the chart draws one line per power, in the map's colours
    panels = shareholders_chart([("W1900D", kept(market.states("sh")[0])),
                                 ("W1901D", kept(market.states("sh")[-1]))])
    svg = chart_svg("test", panels)
    series = [e for e in ET.fromstring(svg).iter() if e.get("class") == "series"]
    assert {e.get("data-power") for e in series} == set(panels[0].series)
    for e in series:
        assert e[0].get("stroke") == power_colour(e.get("data-power", ""))
