"""A market game's phase as a ``judge adjudicate`` case sees it: the envelope (map, game,
rules, GM parameters, seed) and the mail kept for it. By mail, the kind's reader reads
each mail once and plays the phase at its deadline with the very functions the batch
runner calls (judge.money.<game>.reading), so by-mail play and the batch interface give
the same answers by construction (tests/markets/test_read_once.py compares them)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from judge.games.market.mail.kind import MarketKind
from judge.storage.schema import Game, MarketMail, PhaseRecord

S = TypeVar("S")

PARAM = "param:"  # a GM parameter in Game.options: "param:MIN_BID" -> "100"


def params_of(game: Game, kind: MarketKind[Any, Any, Any]) -> dict[str, Any]:
    """The game's GM parameters, typed as the kind's defaults."""
    out: dict[str, Any] = {}
    for key, text in game.options.items():
        if key.startswith(PARAM):
            name = key[len(PARAM):]
            out[name] = typed(text, kind.defaults.get(name))
    return out


def typed(text: str, default: Any) -> Any:
    """A parameter's text as its default's type: yes/no for on/off, a whole number, a
    word, or ``none``."""
    word = str(text).strip()
    if word.lower() == "none":
        return None
    if isinstance(default, bool):
        if word.upper() in ("YES", "ON", "TRUE", "1"):
            return True
        if word.upper() in ("NO", "OFF", "FALSE", "0"):
            return False
        raise ValueError(f"{word!r} is not yes or no")
    if isinstance(default, int) or (default is None and word.lstrip("-").isdigit()):
        try:
            return int(word)
        except ValueError:
            raise ValueError(f"{word!r} is not a whole number") from None
    return word.upper()


def envelope(game: Game, kind: MarketKind[Any, Any, Any]) -> dict[str, Any]:
    return {"variant": game.map_name, "game": kind.name, "rules": list(game.flags),
            "params": params_of(game, kind), "seed": game.seed}


def opening_envelope(game: Game, kind: MarketKind[Any, Any, Any]) -> dict[str, Any]:
    """What a kind's opening is given: the envelope, and the game's options (for the
    settings a kind reads at the start, such as Exchange's PREFLOATED holdings)."""
    return {**envelope(game, kind), "options": dict(game.options)}


def opened(game: Game, kind: MarketKind[S, Any, Any], record: PhaseRecord) -> S:
    """The state a phase opened with, typed: its stored JSON decoded through the kind's
    codec, with the game's envelope, once for the record as it was loaded (a request
    loads its records afresh; a state stored anew is decoded anew). The hooks read it
    and change nothing of it."""
    stored = record.state
    known = _OPENED.get(record)
    if known is not None and known[0] is stored:
        typed: S = known[1]
        return typed
    typed = kind.codec.state(envelope(game, kind), stored)
    _OPENED[record] = (stored, typed)
    return typed


# each record's stored state and its typed decoding, while the record is loaded
_OPENED: WeakKeyDictionary[PhaseRecord, tuple[Any, Any]] = WeakKeyDictionary()


def mails_json(mails: Iterable[MarketMail]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for m in mails:
        one: dict[str, Any] = {"from": m.sender, "lines": list(m.lines)}
        if m.acting:
            one["as"] = m.acting
        out.append(one)
    return out
