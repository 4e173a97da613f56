"""Order lines as players type them, read into the engine's order values for one map."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from judge.engine.board import Map, Terrain
from judge.engine.orders import (
    Build,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    SupportHold,
    Waive,
)
from judge.engine.position import Unit, unit_of
from judge.money.names import one_slip
from judge.text.canonical import plain_abbreviations, spell_canonical
from judge.text.normalize import normalize_line
from judge.text.problems import OrderSyntaxError, ParseProblem
from judge.text.spelled import Place, Spelled, SpelledUnit

__all__ = ["OrderSyntaxError", "ParseProblem", "parse_order", "parse_orders", "read_order"]

# Enough for every distinct line of a long batch run; a hit costs a dictionary lookup.
_CACHE_SIZE = 1 << 16
# The offer lines remembered per map (judge.text.offers); emptied when full.
OFFER_CACHE_SIZE = 1 << 16

_COAST_NAMES = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}


class _Misread(Exception):
    """A name or coast the map does not know; becomes a ParseProblem."""

    def __init__(self, message: str, column: int, excerpt: str, expected: tuple[str, ...] = ()):
        super().__init__(message)
        self.problem = (column, excerpt, expected, message)


class _Reader:
    """Reads order lines for one map, remembering every line it has read."""

    def __init__(self, board: Map) -> None:
        self.board = board
        self.names = {_name_key(p.name): abbr for abbr, p in board.provinces.items()}
        self.plain = plain_abbreviations(board.provinces.keys())
        self._spellings: dict[str, str] | None = None
        hyphenated = {
            word
            for name in (*board.aliases, *self.names)
            for word in name.split()
            if "-" in word.strip("-")
        }
        # Hyphens inside the map's own names must not read as moves: MID-ATLANTIC.
        alternatives = "|".join(map(re.escape, sorted(hyphenated, key=len, reverse=True)))
        self.hyphenated = (
            re.compile(rf"(?<![\w.'])(?:{alternatives})(?![\w.'])") if hyphenated else None
        )
        self.read_text = lru_cache(maxsize=_CACHE_SIZE)(self._read_text)
        self.read_line = lru_cache(maxsize=_CACHE_SIZE)(self._read_line)
        # Payola offer lines read on this map (judge.text.offers.read_line): the value,
        # or the (E-number, message) of the error.
        self.offer_lines: dict[str, Any] = {}
        # The orders of offer lines (judge.text.offers): by (text, unit before a bar),
        # the order or the (E-number, message) of the error; sheets repeat them often.
        self.offer_orders: dict[tuple[str, str | None], Any] = {}

    def _read_text(self, text: str) -> Order | ParseProblem:
        return self.read_line(normalize_line(text))

    def _read_line(self, line: str) -> Order | ParseProblem:
        if not line:
            return ParseProblem(line, 1, "", ("an order",), "empty order")
        spelled = spell_canonical(line, self.plain)
        if spelled is None:  # not canonical: the grammar reads it (Lark, loaded now)
            from judge.text.order_grammar import spell

            text = line
            if self.hyphenated is not None:
                text = self.hyphenated.sub(lambda m: m[0].replace("-", "_"), line)
            read = spell(text, self._unknown_name)
            if isinstance(read, ParseProblem):
                if text == line:
                    return read
                return replace(
                    read,
                    line=line,
                    excerpt=read.excerpt.replace("_", "-"),
                    message=read.message.replace("_", "-"),
                )
            spelled = read
        try:
            return self._order(spelled)
        except _Misread as misread:
            column, excerpt, expected, message = misread.problem
            return ParseProblem(line, column, excerpt, expected, message)

    def _order(self, spelled: Spelled) -> Order:
        kind = spelled.kind
        if kind is Waive:
            return Waive()
        unit = self._unit(spelled.units[0])
        if kind is Build and unit.type is None:
            place = spelled.units[0].place
            raise _Misread(
                "a build must name the unit type: 'BUILD A PAR' or 'BUILD F BRE'",
                place.column,
                place.name,
                ("A or F",),
            )
        if kind in (Hold, Disband, Build, Remove):
            return kind(unit)
        if kind is SupportHold:
            return SupportHold(unit, self._unit(spelled.units[1]))
        dest = self._location(spelled.places[-1])
        if kind is Move:
            places = spelled.places
            # most moves spell no route: no generator for them
            path = () if len(places) == 1 else tuple(self._route_step(p) for p in places[:-1])
            return Move(unit, dest, via_convoy=spelled.via or bool(path), path=path)
        return kind(unit, self._unit(spelled.units[1]), dest)  # SupportMove, Convoy

    def _unit(self, spelled: SpelledUnit) -> Unit:
        return unit_of(spelled.type, self._location(spelled.place))

    def _route_step(self, place: Place) -> str:
        if place.coast is not None:
            raise _Misread(
                "a convoy route passes through provinces, not coasts",
                place.coast_column,
                place.coast_text,
            )
        return self._location(place)

    def _location(self, place: Place) -> str:
        name = place.name
        # A plain abbreviation (what canonical lines hold) names itself.
        abbr = name if name in self.plain else self._province(name)
        if abbr is None:
            raise _Misread(self._unknown(place.name), place.column, place.name, ("a province",))
        if place.coast is None:
            return abbr
        province = self.board.provinces[abbr]
        if place.coast in province.coasts:
            return f"{abbr}/{place.coast}"
        if province.coasts:
            message = (
                f"{province.name} has no {_COAST_NAMES[place.coast]}"
                f" (its coasts are {' and '.join(province.coasts)})"
            )
        elif province.terrain is Terrain.COAST:
            message = f"{province.name} has no separate coasts: write {abbr} without one"
        else:
            message = f"{province.name} has no coasts"
        raise _Misread(message, place.coast_column, place.coast_text, province.coasts)

    def _province(self, name: str) -> str | None:
        if name in self.board.provinces:
            return name  # an abbreviation, as the canonical shortcut spells every place
        key = _name_key(name)
        return self.board.canonical(key) or self.names.get(key)

    def _unknown_name(self, name: str) -> str | None:
        name = name.replace("_", "-")
        return None if self._province(name) else self._unknown(name)

    def _unknown(self, name: str) -> str:
        """Name the unknown province, guessing at a missing '-' ("PAR BUR")."""
        words = name.split()
        for cut in range(1, len(words)):
            first, rest = " ".join(words[:cut]), " ".join(words[cut:])
            if self._province(first) and self._province(rest):
                return f"unknown province '{name}' (a '-' missing between {first} and {rest}?)"
        guess = self._nearest(name)
        return f"unknown province '{name}'" + (f" (did you mean {guess}?)" if guess else "")

    def _nearest(self, name: str) -> str | None:
        """The provinces a near-miss may have meant: for a short word those one letter
        off or with two letters swapped (``RUG`` -> ``RUH or RUM``), for a longer one the
        closest abbreviation, name or alias when it is close (``KEIL`` -> ``KIE``)."""
        key = _name_key(name)
        if len(key) < 3:
            return None
        spellings = self.spellings()
        if len(key) <= 4:
            found = {abbr for spelling, abbr in spellings.items() if one_slip(key, spelling)}
        else:
            scored = [(difflib.SequenceMatcher(None, key, spelling).ratio(), abbr)
                      for spelling, abbr in spellings.items()]
            best = max(score for score, _ in scored)
            found = {abbr for score, abbr in scored if score == best and best >= 0.75}
        return " or ".join(sorted(found)) or None

    def spellings(self) -> dict[str, str]:
        """Every abbreviation, full name and alias of the map -> its abbreviation."""
        if self._spellings is None:
            table = {abbr: abbr for abbr in self.board.provinces}
            table.update({_name_key(p.name): abbr for abbr, p in self.board.provinces.items()})
            table.update({k: v for k, v in self.board.aliases.items() if v in table})
            self._spellings = table
        return self._spellings


def _name_key(name: str) -> str:
    return " ".join(name.upper().replace(".", " ").split())


_READERS: dict[str, _Reader] = {}


def _reader(board: Map) -> _Reader:
    reader = _READERS.get(board.name)
    if reader is None or reader.board is not board:
        reader = _READERS[board.name] = _Reader(board)
    return reader


def order_reader(board: Map) -> Callable[[str], Order | ParseProblem]:
    """read_order for one map, looked up once: a batch reads many lines on one map."""
    return _reader(board).read_text


def offer_memo(board: Map) -> dict[str, Any]:
    """The offer lines already read on this map (see judge.text.offers.read_line), kept
    with the map's order lines so that both are read once per process."""
    return _reader(board).offer_lines


def offer_orders(board: Map) -> dict[tuple[str, str | None], Any]:
    """The orders of offer lines already read on this map (judge.text.offers)."""
    return _reader(board).offer_orders


def read_order(text: str, board: Map) -> Order | ParseProblem:
    """The order a line spells on this map, or the problem that stops it being read."""
    return _reader(board).read_text(text)


def parse_order(text: str, board: Map) -> Order:
    """Read one order line, in any spelling judge players use (see docs/orders.md).

    Province names and aliases come back as the map's abbreviations and coasts as
    ``STP/NC``. Raises OrderSyntaxError, carrying a ParseProblem, when the line is not
    an order. Results are remembered per map and line, so a repeated line costs
    a dictionary lookup.
    """
    result = _reader(board).read_text(text)
    if isinstance(result, ParseProblem):
        raise OrderSyntaxError(result)
    return result


def parse_orders(lines: Iterable[str], board: Map) -> list[Order | OrderSyntaxError]:
    """Read each line on its own: an order, or the OrderSyntaxError saying why not."""
    reader = _reader(board)
    results: list[Order | OrderSyntaxError] = []
    for line in lines:
        result = reader.read_text(line)
        results.append(OrderSyntaxError(result) if isinstance(result, ParseProblem) else result)
    return results
