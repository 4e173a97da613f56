"""The year-end step (exchange.md 3.2 step 1, 5.6): centres change hands (inactive ones
keep no owner), floated corporations receive income, then the solo and END_YEAR ends."""

from __future__ import annotations

from judge.games.exchange.rules.ending import solo, valuation
from judge.games.exchange.rules.game import ExchangeGame
from judge.games.exchange.rules.params import IncomeMode
from judge.money.payola.income import income
from judge.money.payola.rules import RuleSet

ZEROSUM_NEUTRAL = 10  # Payola's ZEROSUM: a neutral capture earns 10 AgP (payola.md 2.7)


def year_end(game: ExchangeGame) -> None:
    """Run the step for the year of ``game.phase``; the game is then at ``W{Y}B`` (or has
    ended there, D35, D50)."""
    year = game.year
    before = {p: set(cs) for p, cs in game.centers.items()}
    owner = {c: p for p, cs in game.centers.items() for c in cs}
    for power, units in game.units.items():
        for unit in units:
            if game.board.is_center(unit.province) and unit.province not in game.inactive:
                owner[unit.province] = power
    centers: dict[str, set[str]] = {}
    for center, power in owner.items():
        centers.setdefault(power, set()).add(center)
    game.centers = {p: frozenset(cs) for p, cs in sorted(centers.items()) if cs}
    if game.params.income_mode is IncomeMode.ZEROSUM:
        _zerosum_captures(game, before, owner)
    else:
        for name in sorted(game.corporations):
            corp = game.corporations[name]
            if corp.floated:
                if game.rules.no_hoarding:  # payola.md 2.5: emptied right before the income
                    corp.treasury = 0
                earned = corporate_income(game, name)
                corp.treasury += earned
                game.note("income", corporation=name, amount=earned)
    game.phase = f"W{year}B"
    game.dislodged, game.contested = {}, frozenset()
    winner = solo(game)
    if winner is not None:
        game.end = valuation(game, "solo", (winner,))
    elif game.params.end_year is not None and year >= game.params.end_year:
        game.end = valuation(game, "end_year", game.survivors())


def center_value(game: ExchangeGame, center: str) -> int:
    """FINANCING: a floated corporation's home centre is worth its fixed value (0 when no
    float fixed one, D43); every other centre NEUTRAL_SC_VALUE (D5)."""
    for name, corp in game.corporations.items():
        if corp.floated and center in game.board.homes.get(name, ()):
            return corp.sc_values.get(center, 0)
    return game.params.neutral_sc_value


def corporate_income(game: ExchangeGame, name: str) -> int:
    owned = sorted(c for c in game.centers.get(name, ()) if c not in game.inactive)
    if game.params.income_mode is IncomeMode.FINANCING:
        return sum(center_value(game, c) for c in owned)
    # INCOME_MODE PAYOLA: the Payola schedule with V = VICTORY_SCS (D41)
    rules = RuleSet(tax=game.rules.tax, center_tax=game.rules.center_tax, cap=game.rules.cap)
    return income(owned, rules, game.params.victory_scs, len(game.board.powers))


def _zerosum_captures(game: ExchangeGame, before: dict[str, set[str]], owner: dict[str,
                      str]) -> None:
    """Payola's ZEROSUM income step (payola.md 2.7, OQ-17): a neutral centre earns 10 AgP;
    a centre taken from X costs X floor(W / N) (W its treasury plus the year's bribe
    profit, N the centres it owned at the start of the year, i.e. before the change), each
    loss computed with the same W and N; then the treasury becomes treasury + profit +
    captures - losses (under NO_HOARDING the treasury carried forward is first cut to what
    the losses need, payola.md 2.5) and the profit is reset."""
    previous = {c: p for p, cs in before.items() for c in cs}
    corps = game.corporations
    gains: dict[str, int] = {}
    losses: dict[str, int] = {}
    for center, taker in sorted(owner.items()):
        loser = previous.get(center)
        if loser == taker or taker not in corps:
            continue
        if loser is None or loser not in corps:
            amount = ZEROSUM_NEUTRAL
        else:
            worth = corps[loser].treasury + corps[loser].profit
            amount = worth // max(1, len(before[loser]))
            losses[loser] = losses.get(loser, 0) + amount
        gains[taker] = gains.get(taker, 0) + amount
    for name in sorted(corps):
        corp = corps[name]
        forward = corp.treasury
        if game.rules.no_hoarding and corp.floated:
            forward = min(forward, losses.get(name, 0))
        corp.treasury = max(0, forward + corp.profit + gains.get(name, 0)
                            - losses.get(name, 0))
        corp.profit = 0
