"""Exchange Diplomacy by mail (exchange.md): investors, corporations and a stock market.

The kind (judge.games.market.mail.kind): its opening (PREFLOATED holdings set by the
master), who may act and sign on as a corporation, and the start's terms; its letters
of a processed phase (exchange_letters), its letters sent at once (exchange_notices),
its STATUS and what is in force (exchange_status), a phase read one mail at a time
(exchange_reader). Every hook takes the game typed (``ExchangeGame``), decoded once per
request by the service through the game's codec (exchange_reader.CODEC), and the phase
played typed (``PhasePlayed``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from judge.engine.maps import load_map
from judge.games import EXCHANGE
from judge.games.exchange.mail.chart import exchange_chart
from judge.games.exchange.mail.letters import phase_letters
from judge.games.exchange.mail.notices import notices
from judge.games.exchange.mail.reader import CODEC, READER, setup
from judge.games.exchange.mail.status import in_force, market_now, status
from judge.games.exchange.rules.game import ExchangeGame, Status
from judge.games.exchange.rules.movement import position
from judge.games.exchange.rules.outcome import PhasePlayed
from judge.games.exchange.rules.params import DEFAULTS
from judge.games.exchange.rules.start import opening
from judge.games.exchange.text.lines import LINE_WORDS as EXCHANGE_WORDS
from judge.games.market.mail.game import MarketGame
from judge.games.market.mail.kind import MarketKind
from judge.games.market.mail.play import PARAM
from judge.money.names import did_you_mean

HOLDING = "holdings:"  # a PREFLOATED holding in the game's options: "holdings:ALICE:FRANCE"


def _opening(envelope: Mapping[str, Any], names: Sequence[str]) -> ExchangeGame:
    """The opening of spec 3.5; in a PREFLOATED game with the holdings the master set."""
    holdings: dict[str, dict[str, int]] = {}
    for key, value in envelope.get("options", {}).items():
        if key.startswith(HOLDING):
            who, _, power = key[len(HOLDING):].partition(":")
            holdings.setdefault(who, {})[power] = int(value)
    unknown = sorted(set(holdings) - {n.upper() for n in names})
    if unknown:
        raise ValueError(f"holdings are set for {', '.join(unknown)}, who did not join")
    board, params, rules, seed = setup(envelope)
    return opening(board, params, rules, seed, names, holdings or None)


def _set_holdings(options: Mapping[str, str], value: str,
                  joined: Sequence[str]) -> dict[str, str]:
    """``SET HOLDINGS <investor> <power> <shares>`` (PREFLOATED, spec 3.5 and D2): the
    shares an investor who has joined holds at the start; 0 takes them away."""
    words = value.upper().split()
    if len(words) != 3 or not words[2].isdigit():
        raise ValueError("write SET HOLDINGS <investor> <power> <shares>")
    who, word, count = words
    power = load_map().power_named(word)
    if power is None:
        raise ValueError(f"{word} is no power")
    if options.get(f"{PARAM}PREFLOATED", "").upper() not in ("YES", "ON", "TRUE", "1"):
        raise ValueError("holdings are set only in a PREFLOATED game (SET PREFLOATED yes)")
    if int(count) and who not in joined:
        raise ValueError(f"{who} has not joined{did_you_mean(who, joined)}; holdings are "
                         "set for investors who have joined")
    out = {k: v for k, v in options.items() if k != f"{HOLDING}{who}:{power}"}
    if int(count):
        out[f"{HOLDING}{who}:{power}"] = str(int(count))
    return out


def _acting(game: ExchangeGame, power: str) -> list[str]:
    corporation = game.corporations.get(power)
    return [corporation.leader] if corporation and corporation.leader else []


def _actors(game: ExchangeGame) -> list[str]:
    """Who may act in the phase the game opens (spec 3.1's table): every investor in
    Bids, IPO purchase and movement (bribes), each leader signed on as his corporation for
    its units; in the Offering the founders of the corporations started, the leaders and
    the shareholders of a pending issue; in Elections the shareholders of the floated
    corporations; in Dividends and adjustments each floated corporation's leader,
    signed on as it; in a retreat phase the leaders of the dislodged units."""
    kind = game.phase[-1:]
    investors = sorted(game.investors)
    corporations = game.corporations
    floated = {n: c for n, c in corporations.items() if c.status is Status.FLOATED}

    def holders(names: set[str]) -> set[str]:
        return {i for i, inv in game.investors.items() if any(inv.holding(n) for n in names)}

    def leading(powers: Iterable[str]) -> list[str]:
        return [f"{floated[p].leader}/{p}" for p in powers
                if p in floated and floated[p].leader]

    if kind in ("B", "P"):
        return investors
    if kind == "M":
        return investors + leading(p for p, units in game.units.items() if units)
    if kind == "R":
        return leading(p for p, gone in game.dislodged.items() if gone)
    if kind == "A":
        return leading(sorted(floated))
    if kind == "E":
        return sorted(holders(set(floated)))
    if kind == "O":
        out = {c.founder for c in corporations.values()
               if c.status is Status.STARTED and c.founder}
        out |= {c.leader for c in floated.values() if c.leader}
        out |= holders({n for n, c in corporations.items() if c.pending_issue})
        return sorted(out)
    return []


def _terms(game: ExchangeGame, params: Mapping[str, Any]) -> list[str]:
    """The start notice's terms: each investor's starting cash and the end (spec 3.5)."""
    cash = sorted({inv.cash for inv in game.investors.values()})
    start = (f"Each investor starts with {cash[0]} AgP in cash." if len(cash) == 1
             else "The investors start with the cash the master set (STATUS shows yours).")
    end = params.get("END_YEAR")
    close = (f"The game ends at the end of {end} at the latest, earlier by a solo or an "
             "agreed draw." if end else
             "The game has no end year: it ends by a solo or an agreed draw.")
    return [start, close]


def _carry(before: ExchangeGame, played: PhasePlayed) -> ExchangeGame:
    """The next phase opens with the game as the phase played left it."""
    return played.game


def _year_end(phase: str, played: PhasePlayed) -> bool:
    return phase.endswith("A")


KIND: MarketKind[ExchangeGame, PhasePlayed, ExchangeGame] = MarketKind(
    game=EXCHANGE, member="investor", defaults=DEFAULTS, codec=CODEC, opening=_opening,
    acting=_acting, carry=_carry,
    letters=phase_letters, status=status, notices=notices,
    settings={"HOLDINGS": _set_holdings}, in_force=in_force, status_now=market_now,
    reader=READER, actors=_actors, terms=_terms,
    chart=exchange_chart, year_end=_year_end, position=position, words=EXCHANGE_WORDS,
)

GAME = MarketGame(KIND)
