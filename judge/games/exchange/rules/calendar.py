"""The phase sequence of an Exchange game (exchange.md 3.1-3.3): processing the phase that
is open, and opening the next one that has anything to decide."""

from __future__ import annotations

from judge.engine.adjustments import adjustment_due
from judge.engine.phase import Phase
from judge.games.exchange.rules.auction import process_bids
from judge.games.exchange.rules.dividends import pay_dividends
from judge.games.exchange.rules.elections import process_elections
from judge.games.exchange.rules.game import ExchangeGame, Status
from judge.games.exchange.rules.ipo import process_purchases
from judge.games.exchange.rules.movement import BoardReport, play_orders, play_payola, position
from judge.games.exchange.rules.offering import process_offering
from judge.games.exchange.rules.year import year_end

MARKET = {"B": process_bids, "O": process_offering, "P": process_purchases,
          "E": process_elections}
_AFTER = {"B": "O", "O": "P", "P": "E", "E": "A"}


def process(game: ExchangeGame) -> BoardReport | None:
    """Process the open phase with what the mail has set, then open the next held phase
    (running the year-end step on the way). Returns the board report of a board phase."""
    kind, year = game.kind, game.year
    report: BoardReport | None = None
    if kind in MARKET:
        MARKET[kind](game)
        _clear(game)
        _advance(game, f"W{year}{_AFTER[kind]}")
        return None
    if kind == "A":
        pay_dividends(game)
        report, result = play_orders(game)
        game.units = {p: us for p, us in result.next.units.items() if us}
        _clear(game)
        _advance(game, f"S{year + 1}M")
        return report
    if kind == "M":
        report, result = play_payola(game)
    else:
        report, result = play_orders(game)
    _clear(game)
    after = result.next
    game.units = {p: us for p, us in after.units.items() if us}
    if after.dislodged:
        game.dislodged = {p: ds for p, ds in after.dislodged.items() if ds}
        game.contested = after.contested
        game.phase = f"{game.season}{year}R"
        return report
    game.dislodged, game.contested = {}, frozenset()
    _advance(game, f"F{year}M" if game.season == "S" else "YEAR-END")
    return report


def _clear(game: ExchangeGame) -> None:
    """What the mail set for one phase lapses when it is processed (ONE_TRANSFER's record
    included, payola.md 7)."""
    game.sheets.clear()
    game.orders.clear()
    for inv in game.investors.values():
        inv.transferred_to.clear()
        inv.bids.clear()
        inv.votes.clear()
        inv.approvals.clear()
    for corp in game.corporations.values():
        corp.tiebreak = None
        corp.dividend = None
        corp.setup = None
        corp.new_price = None


def _advance(game: ExchangeGame, label: str) -> None:
    """Open ``label`` or the first phase after it that is held (3.3)."""
    while True:
        if label == "YEAR-END":
            year_end(game)
            return
        game.phase = label
        if held(game):
            return
        label = following(label)


def following(label: str) -> str:
    """The next label in the year's sequence; ``YEAR-END`` after a Fall."""
    season, year, kind = label[0], int(label[1:5]), label[5]
    if season == "W":
        return f"W{year}{_AFTER[kind]}" if kind in _AFTER else f"S{year + 1}M"
    if kind == "M":
        return f"{season}{year}R"
    return f"F{year}M" if season == "S" else "YEAR-END"


def held(game: ExchangeGame) -> bool:
    """3.3: whether the open phase has anything to decide."""
    corps = game.corporations.values()
    kind = game.kind
    if kind == "B":
        return True
    if kind == "O":
        return any(c.status is not Status.UNSTARTED for c in corps)
    if kind == "P":
        return any(c.status is not Status.UNSTARTED and c.T > 0 for c in corps)
    if kind == "E":
        return any(c.floated for c in corps)
    if kind == "A":
        return adjustments_due(game) or any(
            c.floated and c.S > c.T and c.S and c.treasury // c.S >= 1 for c in corps)
    if kind == "M":
        return game.has_units()
    return bool(game.dislodged)


def adjustments_due(game: ExchangeGame) -> bool:
    """Builds on vacant owned home centres or removals (D33)."""
    board = position(game) if game.kind == "A" else None
    if board is None:
        return False
    powers = set(board.units) | set(board.centers)
    return any(adjustment_due(board, game.board, p) for p in powers)


def check_phase(label: str) -> str:
    """The phase label of a state, upper case; ValueError when it is none."""
    text = label.strip().upper()
    if len(text) == 6 and text[0] == "W" and text[5] in "BOPE" and text[1:5].isdigit():
        return text
    Phase.parse(text)
    return text
