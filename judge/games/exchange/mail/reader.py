"""An Exchange phase read one mail at a time by the mail service: the reading of
judge.games.exchange.rules.reading, opened from the game's envelope (its map, rules, GM
parameters and seed), each mail's lines read as its phase reads them
(judge.games.exchange.text.lines); and the game's state and played phase to and from the store's
JSON (``CODEC``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.games.exchange.rules.game import ExchangeGame
from judge.games.exchange.rules.outcome import PhasePlayed, played_json
from judge.games.exchange.rules.params import DEFAULTS, Params
from judge.games.exchange.rules.reading import Reading, rules_of
from judge.games.exchange.rules.state_json import game_from_state, state_of
from judge.games.exchange.text.lines import read_mail_lines
from judge.games.market.mail.kind import Codec, Reader
from judge.money.market.reading import Mail, MailRead
from judge.money.payola.rules import RuleSet


def setup(envelope: Mapping[str, Any]) -> tuple[Map, Params, RuleSet, int]:
    """The map, the GM parameters (the defaults where the master set none), the rules
    and the seed of a game's envelope."""
    board = load_map(str(envelope["variant"]).lower())
    params = Params.from_names({**DEFAULTS, **envelope.get("params", {})},
                               map_victory=board.victory_centers)
    rules = rules_of(envelope.get("rules", []), board)
    return board, params, rules, int(envelope.get("seed") or 0)


def _open(envelope: Mapping[str, Any], state: Mapping[str, Any]) -> Reading:
    board, params, rules, seed = setup(envelope)
    return Reading.open(state, board, params, rules, seed)


def _resume(envelope: Mapping[str, Any], data: Mapping[str, Any]) -> Reading:
    board, params, rules, _ = setup(envelope)
    return Reading.resume(data, board, params, rules)


def _read(reading: Reading, mail: Mail) -> MailRead:
    return reading.read(mail, read_mail_lines(mail.lines, reading.game.board, reading.kind))


def _in_force(reading: Reading) -> ExchangeGame:
    """What STATUS and every reply show in force: the game as the phase's mail so far
    has left it, typed (judge.games.exchange.rules.game), which the kind's views read
    (judge.games.exchange.mail.status)."""
    return reading.game


READER: Reader[Reading, ExchangeGame] = Reader(open=_open, resume=_resume, read=_read,
                                               in_force=_in_force)


def _state(envelope: Mapping[str, Any], data: Mapping[str, Any]) -> ExchangeGame:
    """A stored state read typed with the game's envelope (its map, GM parameters,
    rules and seed)."""
    return game_from_state(data, *setup(envelope))


CODEC: Codec[ExchangeGame, PhasePlayed] = Codec(
    state=_state, state_json=state_of, played_json=played_json,
    after=lambda played: played.game, phase=lambda game: game.phase)
