"""A 1901-Shareholders turn read one mail at a time by the mail service: the reading of
judge.games.shareholders.rules.reading, opened from the game's envelope (its map and GM
parameters), each mail's lines read as the turn reads them
(judge.games.shareholders.text); and the state kept between turns, typed (``kept``), and
the game's state and played phase to and from the store's JSON (``CODEC``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.engine.board import Map
from judge.engine.maps import STANDARD_MAP, load_map
from judge.games.market.mail.kind import Codec, Reader
from judge.games.shareholders.rules.outcome import Turned, turned_json
from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.reading import Reading
from judge.games.shareholders.rules.state import ShareholdersGame
from judge.games.shareholders.rules.state_json import game_from_state, state_of
from judge.games.shareholders.text import read_mail_lines
from judge.money.market.reading import Mail, MailRead


def setup(envelope: Mapping[str, Any]) -> tuple[Map, Params]:
    """The map and the GM parameters (the defaults where the master set none)."""
    return (load_map(str(envelope["variant"]).lower()),
            Params.from_names(envelope.get("params") or {}))


def _open(envelope: Mapping[str, Any], state: Mapping[str, Any]) -> Reading:
    return Reading.open(state, *setup(envelope))


def _resume(envelope: Mapping[str, Any], data: Mapping[str, Any]) -> Reading:
    return Reading.resume(data, *setup(envelope))


def _read(reading: Reading, mail: Mail) -> MailRead:
    return reading.read(mail, read_mail_lines(mail.lines, reading.board))


Sets = Mapping[str, list[str]]  # each sender key's set in force, as lines


def _in_force(reading: Reading) -> Sets:
    """What STATUS and every reply show in force: each sender's set, as lines."""
    return reading.in_force()


READER: Reader[Reading, Sets] = Reader(open=_open, resume=_resume, read=_read, in_force=_in_force)


@dataclass(frozen=True)
class Kept:
    """The state the service keeps between turns, typed: the game (the contract's
    ``state``), its GM parameters (typed, and as the master gave them, which the store
    keeps) and the prices published at the last January opening (the two keys beside
    the contract's that the runner ignores)."""

    game: ShareholdersGame
    params: Params
    prices: Mapping[str, int]
    given: Mapping[str, Any] = field(default_factory=dict)


def board() -> Map:
    """The map the game is played on: the standard one, the only one it has."""
    return load_map(STANDARD_MAP)


def kept(state: Mapping[str, Any]) -> Kept:
    """The kept state decoded once, through the game's codec."""
    given = dict(state.get("params") or {})
    return Kept(game_from_state(state, board()), Params.from_names(given),
                dict(state.get("prices") or {}), given)


def kept_json(kept: Kept) -> dict[str, Any]:
    """The kept state as the store keeps it: the contract's, then the GM parameters as
    given and the prices."""
    return {**state_of(kept.game, board()), "params": dict(kept.given),
            "prices": dict(kept.prices)}


CODEC: Codec[Kept, Turned] = Codec(
    state=lambda envelope, data: kept(data), state_json=kept_json,
    played_json=lambda played: turned_json(played, board()),
    # the state as the runner wrote it: no parameters, no prices beside it
    after=lambda played: Kept(played.game, Params.from_names({}), {}),
    phase=lambda kept: str(kept.game.turn))
