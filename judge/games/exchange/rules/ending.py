"""How an Exchange game ends (exchange.md 5.12): draw votes, the solo, the last year, and
every investor's portfolio value."""

from __future__ import annotations

import math
from fractions import Fraction

from judge.games.exchange.rules import commands as c
from judge.games.exchange.rules.checks import Refused, corporation, leader
from judge.games.exchange.rules.game import End, ExchangeGame, Status


def draw(game: ExchangeGame, sender: str, cmd: c.Draw) -> str:
    """Record the voter corporation's draw vote; the game ends when the vote completes a
    draw (D34, D36)."""
    voter = corporation(game, cmd.voter)
    leader(voter, sender)
    if any(x.status is not Status.FLOATED for x in game.corporations.values()):
        raise Refused("no draw is possible until every power has floated")
    members: list[str] = []
    for word in cmd.members:
        member = corporation(game, word)
        if member.name in members:
            raise Refused(f"{member.name} is named twice")
        if not member.floated or not game.centers.get(member.name):
            raise Refused(f"{member.name} cannot be part of a draw")
        members.append(member.name)
    if game.params.dias_only and set(members) != set(game.survivors()):
        raise Refused("only draws including all survivors are allowed")
    game.draw_votes[voter.name] = tuple(sorted(members))
    game.note("draw", corporation=voter.name, members=sorted(members))
    agreed = draw_agreed(game)
    if agreed is not None:
        game.end = valuation(game, "draw", agreed)
        return f"draw vote of {voter.name} recorded; the game ends in a draw"
    return f"draw vote of {voter.name} recorded"


def nodraw(game: ExchangeGame, sender: str, cmd: c.NoDraw) -> str:
    voter = corporation(game, cmd.voter)
    leader(voter, sender)
    game.draw_votes.pop(voter.name, None)  # nothing standing: accepted, no effect (D39)
    return f"draw vote of {voter.name} withdrawn"


def draw_agreed(game: ExchangeGame) -> tuple[str, ...] | None:
    """The members of the draw every survivor's leader has voted for, if any (5.12)."""
    survivors = game.survivors()
    if not survivors or any(x.status is not Status.FLOATED
                            for x in game.corporations.values()):
        return None
    votes = {game.draw_votes.get(s) for s in survivors}
    if len(votes) != 1:
        return None
    (members,) = votes
    return members


def solo(game: ExchangeGame) -> str | None:
    """A corporation owning VICTORY_SCS centres or more; the first alphabetically (D42)."""
    need = game.params.victory_scs
    return next((p for p in sorted(game.centers) if len(game.centers[p]) >= need), None)


def hundredths(value: Fraction) -> float:
    """An exact value published to two decimals, halves rounded up (41.665 -> 41.67)."""
    return math.floor(value * 100 + Fraction(1, 2)) / 100


def valuation(game: ExchangeGame, kind: str, valued: tuple[str, ...] | list[str]) -> End:
    """Each investor's portfolio value over the valued corporations, compared exactly;
    the highest value wins and equal highest share the win (5.12, D21)."""
    exact: dict[str, Fraction] = {}
    for name, inv in game.investors.items():
        total = Fraction(0)
        for corp in valued:
            s = game.corporations[corp].S
            if s:
                total += Fraction(100 * inv.holding(corp), s)
        exact[name] = total
    best = max(exact.values(), default=Fraction(0))
    winners = tuple(sorted(n for n, v in exact.items() if v == best))
    scores = {n: hundredths(v) for n, v in sorted(exact.items())}
    return End(kind, winners, scores, tuple(sorted(valued)))
