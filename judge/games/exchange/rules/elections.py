"""The Elections phase (exchange.md 3.2 ``E``, 4.5, 5.7): share-weighted votes, the
no-vote default, and the tie-breaks."""

from __future__ import annotations

from judge.games.exchange.rules import commands as c
from judge.games.exchange.rules.checks import Refused, corporation, floated, investor
from judge.games.exchange.rules.game import Corporation, ExchangeGame
from judge.money.market.lots import by_lot


def vote(game: ExchangeGame, sender: str, cmd: c.Vote) -> str:
    corp = corporation(game, cmd.power)
    floated(corp)
    if not game.investors[sender].holding(corp.name):
        raise Refused(f"you hold no {corp.name} shares")
    candidate = investor(game, cmd.candidate)
    game.investors[sender].votes[corp.name] = candidate.name
    return f"vote for {candidate.name} as leader of {corp.name} recorded"


def tiebreak(game: ExchangeGame, sender: str, cmd: c.Tiebreak) -> str:
    corp = corporation(game, cmd.power)
    floated(corp)  # D40
    if sitting(game, corp) != sender:
        raise Refused(f"only the sitting leader of {corp.name} may break ties")
    corp.tiebreak = tuple(investor(game, w).name for w in cmd.candidates)
    return f"tie-break order for {corp.name} recorded"


def sitting(game: ExchangeGame, corp: Corporation) -> str | None:
    """Who breaks ties: the leader, or at a first election the founder (none when the
    game started PREFLOATED, D25)."""
    if corp.leader is not None:
        return corp.leader
    return None if game.params.prefloated else corp.founder


def process_elections(game: ExchangeGame) -> None:
    for name in sorted(game.corporations):
        corp = game.corporations[name]
        if corp.floated:
            elected = elect(game, corp)
            game.note("elected", corporation=name, leader=elected, was=corp.leader)
            if elected != corp.leader:
                game.draw_votes.pop(name, None)
            corp.leader = elected
        corp.tiebreak = None
    for inv in game.investors.values():
        inv.votes.clear()


def elect(game: ExchangeGame, corp: Corporation) -> str | None:
    """5.7 for one corporation; the new ``last_vote`` of every voter is kept."""
    name = corp.name
    holders = {n: inv.holding(name) for n, inv in game.investors.items() if inv.holding(name)}
    if not holders:
        return None
    totals: dict[str, int] = {}
    counted: dict[str, str] = {}
    for voter, weight in holders.items():
        inv = game.investors[voter]
        wanted = inv.votes.get(name)
        last = inv.last_vote.get(name)
        if wanted in holders:
            choice = wanted
        elif last in holders:
            choice = last
        else:
            choice = voter
        assert choice is not None
        if wanted is not None and wanted != choice:
            game.note("fallback", investor=voter, corporation=name, wanted=wanted,
                      counted=choice)
        counted[voter] = choice
        inv.last_vote[name] = choice
        totals[choice] = totals.get(choice, 0) + weight
    game.note("tally", corporation=name, totals=dict(sorted(totals.items())))
    top = max(totals.values())
    tied = sorted(n for n, t in totals.items() if t == top)
    if len(tied) == 1:
        return tied[0]
    breaker = sitting(game, corp)
    if breaker is not None:
        for wanted in corp.tiebreak or ():
            if wanted in tied:
                return wanted
        if counted.get(breaker) in tied:
            return counted[breaker]
    most = max(holders[n] for n in tied)
    still = [n for n in tied if holders[n] == most]
    return by_lot(game.seed, f"{game.phase}/ELECT/{name}", still)[0]
