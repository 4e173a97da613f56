"""The ``"game": "shareholders"`` cases of ``judge adjudicate`` (market-contract.md
section 3): one turn of 1901-Shareholders from the mail read during it, or the opening of a
new game from a ``start`` list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.batch.case import CaseError, board_of, field
from judge.batch.market import Mail, Refusals, params_of, read_mails
from judge.batch.shareholders_state import game_from_state, state_of
from judge.engine.board import Map
from judge.money.shareholders.february import Decisions, agreed
from judge.money.shareholders.january import Dealing
from judge.money.shareholders.orders import agreed_orders
from judge.money.shareholders.params import (
    DEFAULTS,
    ParamError,
    Params,
    player_count_problem,
    start_problem,
)
from judge.money.shareholders.prices import prices
from judge.money.shareholders.state import Game, Step, opening
from judge.money.shareholders.turns import Played, play_turn, submit_mail
from judge.text.shareholders import read_commands


def play_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """A start case or a turn case; CaseError for a line that is neither."""
    board = board_of(case)
    rules = field(case, "rules", list, default=[])
    if rules:
        raise CaseError(f"1901-Shareholders has no rule flags: {', '.join(map(str, rules))}")
    try:
        params = Params.from_mapping(params_of(case, DEFAULTS))
    except ParamError as e:
        raise CaseError(str(e)) from None
    if "start" in case:
        return _start(case["start"], params, board)
    game = game_from_state(field(case, "state", dict), board)
    problem = player_count_problem(len(game.players), params)
    if problem is not None:
        raise CaseError(problem)
    refusals, warnings = Refusals(), Refusals()
    sets = _sets(game, params, board, read_mails(case, board), refusals, warnings)
    played = play_turn(game, params, board, sets)
    out = _result(game, played, params, board, refusals)
    # beyond the contract (its comparison ignores them), for the mail service's replies
    # and reports: the submission warnings of 4.1/4.2, February's details, cancellations
    # and the Codirectors' disagreements
    out.update(_details(game, played, sets, warnings))
    return out


def _start(names: Any, params: Params, board: Map) -> dict[str, Any]:
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise CaseError("'start' must be a list of player names")
    if len(set(names)) != len(names):
        raise CaseError("a player name appears twice in 'start'")
    problem = start_problem(len(names), params)
    if problem is not None:
        raise CaseError(problem)
    game = opening(list(names), board.homes, params.total_cash // len(names))
    return {"errors": {}, "state": state_of(game, board), "end": None,
            "prices": prices(game, params, game.turn.year)}


def _sets(game: Game, params: Params, board: Map, mails: list[Mail],
          refusals: Refusals, warnings: Refusals) -> dict[Any, Any]:
    """Every mail checked in order; each sender's set for the turn as the last mail with an
    accepted line left it (January per player, otherwise per country and office holder)."""
    sets: dict[Any, Any] = {}
    for mail in mails:
        lines = [line for line in mail.lines if line.strip()]
        sender = mail.sender
        submission = submit_mail(game, params, board, sender, mail.power,
                                 read_commands(lines, board))
        for i, reason in submission.refusals:
            refusals.add(mail, lines[i], reason)
        for i, warning in submission.warnings:
            warnings.add(mail, lines[i], warning)
        if submission.built is None:
            continue
        if game.turn.step is Step.JANUARY:
            sets[sender] = submission.built
        else:
            sets.setdefault(mail.power, {})[sender] = submission.built
    return sets


def _result(before: Game, played: Played, params: Params, board: Map,
            refusals: Refusals) -> dict[str, Any]:
    after = played.game
    out: dict[str, Any] = {"errors": refusals.as_dict(), "state": state_of(after, board)}
    end = played.end
    out["end"] = None if end is None else {
        "kind": end.kind, "winners": sorted(end.winners),
        "scores": dict(sorted(end.scores.items())),
    }
    if after.turn.step is Step.JANUARY:
        out["prices"] = prices(after, params, after.turn.year)
    if played.year_end is not None:
        out["net_worth"] = dict(sorted(played.year_end.net_worth.items()))
    if played.treasury is not None:
        out["builds"] = {c: [[str(u), outcome] for u, outcome in done]
                         for c, done in sorted(played.treasury.builds.items())}
    season = played.season
    if season is not None:
        out["orders"] = {str(u): i.text for u, i in sorted(season.executed.items(), key=_unit_key)}
        if before.turn.step in (Step.SPRING, Step.FALL):
            out["fees"] = dict(sorted(season.fees.items()))
        out["results"] = {str(u): o.value for u, o in sorted(season.outcomes.items(),
                                                             key=_unit_key)}
    return out


def _details(before: Game, played: Played, sets: Mapping[Any, Any],
             warnings: Refusals) -> dict[Any, Any]:
    """The keys a result adds beyond the contract: ``warnings`` (per sender key, ``<line>:
    WARNING: ...``), February's ``february`` (per country: income, dividend per share or
    None, paid, dissolved and removed units), a movement phase's ``cancelled`` (per
    country, the orders turned into holds for lack of cash) and ``disagreed`` (per
    codirected country, what its Codirectors did not all order: units held or disbanded,
    February items not done), and ``sets`` (per sender key, ``FROM`` in January and
    ``FROM/COUNTRY`` otherwise, the set in force by the replacement rule, one line per
    command as it will be played)."""
    out: dict[str, Any] = {"warnings": warnings.as_dict(), "sets": _in_force(before, sets)}
    treasury, season = played.treasury, played.season
    if treasury is not None:
        out["february"] = {
            c: {"income": treasury.income.get(c, 0), "dividend": treasury.dividend.get(c),
                "paid": (treasury.dividend.get(c) or 0) * before.shares_held(c),
                "dissolved": [str(u) for u in treasury.dissolved.get(c, ())],
                "removed": [str(u) for u in treasury.removed.get(c, ())]}
            for c in sorted(before.countries)}
        out["disagreed"] = _february_disagreed(before, sets)
    if season is not None:
        out["cancelled"] = {c: [i.text for i in done]
                            for c, done in sorted(season.cancelled.items()) if done}
        out["disagreed"] = _orders_disagreed(before, sets)
    return out


def _in_force(game: Game, sets: Mapping[Any, Any]) -> dict[str, list[str]]:
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
    return ([f"SELL {sale.count} {sale.country}"] if sale is not None else []) + [
        f"BUY {b.count} {b.country}" for b in dealing.purchases]


def _decision_lines(decided: Decisions) -> list[str]:
    return (["DIVIDEND" if decided.dividend else "NO DIVIDEND"]
            + [f"DISSOLVE {u}" for u in decided.dissolve]
            + [f"BUILD {u}" for u in decided.builds])


def _february_disagreed(game: Game, sets: Mapping[Any, Any]) -> dict[str, list[str]]:
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


def _orders_disagreed(game: Game, sets: Mapping[Any, Any]) -> dict[str, list[str]]:
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
