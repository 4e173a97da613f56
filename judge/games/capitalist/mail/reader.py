"""A Capitalist phase read one mail at a time by the mail service: the reading of
judge.games.capitalist.rules.reading, opened from the game's envelope (its map, GM parameters
and seed), each mail's lines read as its phase reads them (judge.games.capitalist.text: a trade in a
commerce phase, an order in a military one); and the state a phase opened with, typed
(``kept``), and the game's state and played phase to and from the store's JSON
(``CODEC``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.board import Map
from judge.engine.maps import STANDARD_MAP, load_map
from judge.games.capitalist.rules.currency import CURRENCIES
from judge.games.capitalist.rules.outcome import PhasePlayed, played_json
from judge.games.capitalist.rules.params import Params
from judge.games.capitalist.rules.reading import Reading
from judge.games.capitalist.rules.state import CapitalistGame
from judge.games.capitalist.rules.state_json import game_from_state, state_of
from judge.games.capitalist.text import read_mail_lines
from judge.games.market.mail.kind import Codec, Reader
from judge.money.market.reading import Mail, MailRead


def setup(envelope: Mapping[str, Any]) -> tuple[Map, Params, int]:
    """The map, the GM parameters (the defaults where the master set none), the seed."""
    return (load_map(str(envelope.get("variant", STANDARD_MAP)).lower()),
            Params.from_names(envelope.get("params") or {}), int(envelope.get("seed") or 0))


def _open(envelope: Mapping[str, Any], state: Mapping[str, Any]) -> Reading:
    return Reading.open(state, *setup(envelope))


def _resume(envelope: Mapping[str, Any], data: Mapping[str, Any]) -> Reading:
    return Reading.resume(data, *setup(envelope))


def _read(reading: Reading, mail: Mail) -> MailRead:
    return reading.read(mail, read_mail_lines(mail.lines, reading.board, reading.commerce))


@dataclass(frozen=True, slots=True)
class InForce:
    """What a phase's mail so far has in force, as STATUS shows it: each player's trades
    (a commerce phase) and each power's orders with its commander's pseudonym (a
    military phase), as lines."""

    trades: Mapping[str, list[str]]
    orders: Mapping[str, tuple[str, list[str]]]


def _in_force(reading: Reading) -> InForce:
    return InForce({name: [f"{t.side.value} {t.units} {CURRENCIES.name_of(t.power)}"
                           for t in trades] for name, trades in reading.trades.items()},
                   {power: (sender.strip().upper(), [str(o) for o, _ in built])
                    for power, (_, sender, built) in reading.orders.items()})


READER: Reader[Reading, InForce] = Reader(open=_open, resume=_resume, read=_read,
                                          in_force=_in_force)


def board() -> Map:
    """The map the game is played on: the standard one, the only one it has."""
    return load_map(STANDARD_MAP)


def kept(state: Mapping[str, Any]) -> CapitalistGame:
    """The state a phase opened with, decoded once through the game's codec (a state the
    judge wrote needs no GM parameter to be read)."""
    return game_from_state(state, board())


CODEC: Codec[CapitalistGame, PhasePlayed] = Codec(
    state=lambda envelope, data: kept(data),
    state_json=lambda game: state_of(game, board()),
    played_json=lambda played: played_json(played, board()),
    after=lambda played: played.game, phase=lambda game: str(game.phase))
