"""The year-end step (capitalist.md 3.1, 5.5, D7, D8, D13, D20, D33, D35): annihilation,
the military bonus, ``centers_last``, and whether the game ends now."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from judge.games.capitalist.rules.params import Params
from judge.games.capitalist.rules.score import scores, winners
from judge.games.capitalist.rules.state import Economy
from judge.money.market.played import Ending


@dataclass(frozen=True, slots=True)
class YearEnd:
    """The economy after the step, the powers annihilated by it, and the end if any."""

    economy: Economy
    annihilated_now: frozenset[str]
    ending: Ending | None


def bonus(rate: int, change: int, params: Params) -> int:
    """A survivor's rate after ``change`` centres won (or lost): BONUS_PERCENT per centre,
    added, rounded down, never below the floor (5.5)."""
    return max(params.min_rate, rate * (100 + params.bonus_percent * change) // 100)


def year_end(economy: Economy, centers: Mapping[str, int], year: int, params: Params) -> YearEnd:
    """Run the step on the centres each power owns after the Fall ownership change."""
    owned = {p: centers.get(p, 0) for p in economy.rates}
    now = frozenset(p for p in economy.surviving if owned[p] == 0)
    annihilated = economy.annihilated | now
    rates = {
        p: 0 if p in annihilated
        else bonus(r, owned[p] - economy.centers_last.get(p, 0), params)
        for p, r in economy.rates.items()
    }
    after = replace(economy, rates=rates, annihilated=annihilated, centers_last=owned)
    return YearEnd(after, now, ending(after, owned, year, params))


def ending(economy: Economy, owned: Mapping[str, int], year: int, params: Params) -> Ending | None:
    """The end at this year-end, if any: a solo when a power owns VICTORY_SCS centres
    (even in END_YEAR), else the END_YEAR end (also past it, D35)."""
    solo = any(n >= params.victory_scs for n in owned.values())
    if not solo and year < params.end_year:
        return None
    scored = scores(economy.players.values(), owned, params.point_block)
    return Ending("solo" if solo else "end_year", tuple(winners(scored)), scored)
