"""A 1901-Shareholders turn's result (judge.games.shareholders.rules.outcome) from the turn
played: the contract's keys (market-contract.md section 3), and those beyond it that the
mail service reads: the submission warnings, February's details, the cancellations, the
Codirectors' disagreements and the sets in force."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from judge.engine.board import Map
from judge.games.shareholders.rules.february import Decisions, agreed
from judge.games.shareholders.rules.january import Dealing
from judge.games.shareholders.rules.office_orders import agreed_orders
from judge.games.shareholders.rules.outcome import FebruaryLine, Turned
from judge.games.shareholders.rules.params import Params, start_problem
from judge.games.shareholders.rules.prices import prices
from judge.games.shareholders.rules.state import ShareholdersGame, Step, opening
from judge.games.shareholders.rules.turns import Played
from judge.money.market.played import Ending


def started(names: Sequence[str], params: Params, board: Map) -> Turned:
    """A new game's result: its opening state and the prices of its first January;
    ValueError when these players cannot start one."""
    problem = start_problem(len(names), params)
    if problem is not None:
        raise ValueError(problem)
    game = opening(list(names), board.homes, params.total_cash // len(names))
    return Turned({}, game, prices=prices(game, params, game.turn.year))


def turned(before: ShareholdersGame, played: Played, params: Params, errors: dict[str, list[str]],
           sets: Mapping[Any, Any], warnings: dict[str, list[str]]) -> Turned:
    """The result of a turn played: ``errors`` the refused lines per sender key,
    ``warnings`` (per sender key, ``<line>: WARNING: ...``) the submission warnings,
    ``sets`` each sender's set as built. Beyond the contract: February's ``february``
    (per country: income, dividend per share or None, paid, dissolved and removed
    units), a movement phase's ``cancelled`` (per country, the orders turned into holds
    for lack of cash) and ``disagreed`` (per codirected country, what its Codirectors did
    not all order: units held or disbanded, February items not done), and ``sets`` (per
    sender key, ``FROM`` in January and ``FROM/COUNTRY`` otherwise, the set in force by
    the replacement rule, one line per command as it will be played)."""
    after = played.game
    end = played.end
    treasury, season = played.treasury, played.season
    out = Turned(
        errors, after,
        end=None if end is None else Ending(end.kind, tuple(sorted(end.winners)),
                                         dict(sorted(end.scores.items()))),
        prices=prices(after, params, after.turn.year) if after.turn.step is Step.JANUARY
        else None,
        net_worth=None if played.year_end is None else dict(played.year_end.net_worth),
        warnings=warnings, sets=in_force(before, sets))
    if treasury is not None:
        out = replace(
            out,
            builds={c: tuple((str(u), outcome) for u, outcome in done)
                    for c, done in sorted(treasury.builds.items())},
            february={c: FebruaryLine(
                treasury.income.get(c, 0), treasury.dividend.get(c),
                (treasury.dividend.get(c) or 0) * before.shares_held(c),
                tuple(str(u) for u in treasury.dissolved.get(c, ())),
                tuple(str(u) for u in treasury.removed.get(c, ())))
                for c in sorted(before.countries)},
            disagreed=_february_disagreed(before, sets))
    if season is not None:
        out = replace(
            out,
            orders={str(u): i.text for u, i in sorted(season.executed.items(), key=_unit_key)},
            fees=dict(sorted(season.fees.items()))
            if before.turn.step in (Step.SPRING, Step.FALL) else None,
            results={str(u): o.value for u, o in sorted(season.outcomes.items(),
                                                       key=_unit_key)},
            cancelled={c: [i.text for i in done]
                       for c, done in sorted(season.cancelled.items()) if done},
            disagreed=_orders_disagreed(before, sets))
    return out


def in_force(game: ShareholdersGame, sets: Mapping[Any, Any]) -> dict[str, list[str]]:
    """Each sender's set in force, as lines: SELL and BUY lines in January, the dividend
    decision, dissolutions and builds in February, the orders otherwise."""
    if game.turn.step is Step.JANUARY:
        return {name: _dealing_lines(d) for name, d in sorted(sets.items())}
    out: dict[str, list[str]] = {}
    for country, given in sorted(sets.items()):
        for holder, built in sorted(given.items()):
            lines = (_decision_lines(built) if isinstance(built, Decisions)
                     else [i.text for i in built])
            out[f"{holder}/{country}"] = lines
    return out


def _dealing_lines(dealing: Dealing) -> list[str]:
    sale = dealing.sale
    return ([f"SELL {sale.units} {sale.of}"] if sale is not None else []) + [
        f"BUY {b.units} {b.of}" for b in dealing.purchases]


def _decision_lines(decided: Decisions) -> list[str]:
    return (["DIVIDEND" if decided.dividend else "NO DIVIDEND"]
            + [f"DISSOLVE {u}" for u in decided.dissolve]
            + [f"BUILD {u}" for u in decided.builds])


def _february_disagreed(game: ShareholdersGame, sets: Mapping[Any, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, country in sorted(game.countries.items()):
        given = sets.get(name, {})
        if len(country.office) < 2 or not given:
            continue
        every = [given.get(n, Decisions()) for n in country.office]
        decided = agreed(country.office, given)
        items: list[str] = []
        if any(d.dividend for d in every) and not decided.dividend:
            items.append("DIVIDEND")
        for u in dict.fromkeys(u for d in every for u in d.dissolve):
            if u not in decided.dissolve:
                items.append(f"DISSOLVE {u}")
        for u in dict.fromkeys(u for d in every for u in d.builds):
            if u not in decided.builds:
                items.append(f"BUILD {u}")
        if items:
            out[name] = items
    return out


def _orders_disagreed(game: ShareholdersGame, sets: Mapping[Any, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, country in sorted(game.countries.items()):
        given = sets.get(name, {})
        if len(country.office) < 2 or not given:
            continue
        done = {i.unit.province for i in agreed_orders(country.office, given)}
        units = [str(i.unit) for n in country.office for i in given.get(n, ())
                 if i.unit.province not in done]
        if units:
            out[name] = sorted(set(units))
    return out


def _unit_key(item: tuple[Any, Any]) -> str:
    return str(item[0])
