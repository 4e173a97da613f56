"""Order determination: passes, tie-breakers and overexpenditure reduction (spec 5.2-5.6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.engine.orders import Hold
from judge.engine.position import Unit
from judge.money.candidates import Candidates
from judge.money.ebayola import share_savings
from judge.money.offers import Bribe, OfferedOrder, order_text


@dataclass(frozen=True, slots=True)
class Candidate:
    """One candidate order of a unit in the final pass, for the GameMaster's bribe chart."""

    order: OfferedOrder
    total: int
    contributions: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Decision:
    """What a unit issued and who pays what for it.

    ``total`` is the reported total (after eBayola; tie + 1 when the DUMMY rule forced a
    HOLD); ``paid`` holds each contributing power's payment, zero payments included, so
    that ``paid`` also tells who backed the order.
    """

    unit: Unit
    owner: str
    order: OfferedOrder
    total: int
    paid: Mapping[str, int]
    forced_hold: bool = False


@dataclass(frozen=True, slots=True)
class Determination:
    """The outcome of section 5: a decision per unit location, costs, reduction rounds."""

    decisions: Mapping[str, Decision]
    spent: Mapping[str, int]
    rounds: Mapping[str, int]
    passes: int
    chart: Mapping[str, tuple[Candidate, ...]]


@dataclass(frozen=True, slots=True)
class Settings:
    """The options order determination needs from the RuleSet."""

    ebayola: bool = False
    public_totals: bool = False
    restrict_signal: bool = False


def determine(
    bribes: Mapping[str, Sequence[Bribe]],
    units: Mapping[str, tuple[str, Unit]],
    funds: Mapping[str, int],
    rankings: Mapping[str, Sequence[str]],
    settings: Settings = Settings(),
    dummies: frozenset[str] = frozenset(),
    signals: Mapping[str, OfferedOrder] = {},
) -> Determination:
    """Run passes until no power spends more than its liquid funds (spec 5.2-5.3).

    ``bribes`` are each power's elementary offers (defaults included), ``units`` maps each
    occupied province to (owner, unit), ``funds`` gives liquid funds, ``rankings`` each
    owner's expanded acceptance list, ``dummies`` the uncontrolled DUMMY powers and
    ``signals`` the owners' signal orders by unit location (RESTRICT_SIGNAL).
    """
    return _Determiner(bribes, units, funds, rankings, settings, dummies, signals).run()


class _Determiner:
    """The pass loop; amounts live in flat lists indexed by a global offer number."""

    def __init__(self, bribes: Mapping[str, Sequence[Bribe]],
                 units: Mapping[str, tuple[str, Unit]], funds: Mapping[str, int],
                 rankings: Mapping[str, Sequence[str]], settings: Settings,
                 dummies: frozenset[str], signals: Mapping[str, OfferedOrder]) -> None:
        self.settings, self.dummies, self.signals = settings, dummies, signals
        self.powers = list(bribes)
        self.funds = {p: max(0, funds.get(p, 0)) for p in self.powers}
        self.rankings = rankings
        self.amt: list[int] = []
        self.plat: list[int] = []
        self.pos: list[int] = []
        self.power: list[str] = []
        self.offers_of: dict[str, list[int]] = {p: [] for p in self.powers}
        by_unit: dict[str, list[tuple[int, Bribe]]] = {prov: [] for prov in units}
        for p in self.powers:
            for b in bribes[p]:
                if b.unit.province not in by_unit:
                    continue  # an offer to a unit that is not on the board pays nothing
                i = len(self.amt)
                self.amt.append(b.amount)
                self.plat.append(b.plateau)
                self.pos.append(b.position)
                self.power.append(p)
                self.offers_of[p].append(i)
                by_unit[b.unit.province].append((i, b))
        self.books = [
            Candidates(units[prov][1], units[prov][0], entries, settings.restrict_signal)
            for prov, entries in by_unit.items()
            if entries
        ]
        self.book_of = [0] * len(self.amt)
        for k, book in enumerate(self.books):
            for i, _ in book.bribes:
                self.book_of[i] = k
        self.live = {p: [i for i in mine if self.amt[i] > self.plat[i]]
                     for p, mine in self.offers_of.items()}

    def run(self) -> Determination:
        rounds = {p: 0 for p in self.powers}
        outcome: list[tuple[int, dict[str, int], int, bool]] = [(0, {}, 0, False)] * len(
            self.books
        )
        dirty: set[int] = set(range(len(self.books)))
        passes = 0
        while True:
            passes += 1
            for k in dirty:
                outcome[k] = self.decide(self.books[k])
            spent = dict.fromkeys(self.powers, 0)
            for _, paid, _, _ in outcome:
                for p, x in paid.items():
                    spent[p] += x
            over = [p for p in self.powers if spent[p] > self.funds[p]]
            if not over:
                break
            dirty = set()
            for p in over:
                rounds[p] += 1
                for i in self.reduce(p):
                    dirty.add(self.book_of[i])
        return self.result(outcome, spent, rounds, passes)

    def reduce(self, power: str) -> list[int]:
        """One reduction round for an overspending power (spec 5.3); returns the offers it
        lowered. ``live`` keeps the power's offers still above their plateau."""
        amt, plat = self.amt, self.plat
        live = self.live[power]
        if not live:
            # every offer is at its plateau: plateaus vanish for the rest of the phase
            for i in self.offers_of[power]:
                plat[i] = 0
            live = [i for i in self.offers_of[power] if amt[i] > 0]
        for i in live:
            amt[i] -= 1
        self.live[power] = [i for i in live if amt[i] > plat[i]]
        return live

    def decide(self, book: Candidates) -> tuple[int, dict[str, int], int, bool]:
        """One unit in one pass: the winner, what each contributor pays, the reported total
        and whether the DUMMY rule forced a HOLD (spec 5.2.3-5.2.5)."""
        table = book.table(self.amt, self.power) if self.settings.ebayola else None
        t = [sum(col) for col in zip(*table.values(), strict=True)] if table else \
            book.totals(self.amt)
        top = max(t)
        tied = [c for c, x in enumerate(t) if x == top]
        ranking = self.rankings.get(book.owner, ())
        if len(tied) > 1 and book.owner in self.dummies:
            backers = {frozenset(self.power[i] for i in book.applying(c)) for c in tied}
            hold = book.index.get(order_text(Hold(book.unit)))
            if (len(backers) > 1 or len(next(iter(backers))) != 1) and hold is not None:
                paid = book.contributions(hold, self.amt, self.power)
                return hold, paid, top + 1, True
        if len(tied) == 1:
            w = tied[0]
        else:
            w = min(tied, key=lambda c: book.key(c, ranking, self.pos, self.power))
        paid = book.contributions(w, self.amt, self.power)
        if table is not None:
            paid = self.price(book, w, paid, ranking, t, table)
        return w, paid, sum(paid.values()), False

    def price(self, book: Candidates, w: int, paid: dict[str, int],
              ranking: Sequence[str], t: list[int],
              table: dict[str, list[int]]) -> dict[str, int]:
        best = 0
        for c in range(len(t)):
            if c != w and t[c] > best:
                adjusted = 0
                for row in table.values():
                    extra = row[c] - row[w]
                    if extra > 0:
                        adjusted += extra
                best = max(best, adjusted)
        plateaus: dict[str, int] = {}
        for i in book.applying(w):
            p = self.power[i]
            if p != book.owner or self.settings.public_totals:  # OQ-7
                plateaus[p] = plateaus.get(p, 0) + self.plat[i]
        return share_savings(paid, best, ranking, plateaus)

    def result(self, outcome: list[tuple[int, dict[str, int], int, bool]],
               spent: dict[str, int], rounds: dict[str, int], passes: int) -> Determination:
        decisions: dict[str, Decision] = {}
        chart: dict[str, tuple[Candidate, ...]] = {}
        for book, (w, paid, total, forced) in zip(self.books, outcome, strict=True):
            order = book.cands[w]
            signal = self.signals.get(book.unit.province)
            if signal is not None and order == Hold(book.unit):
                order = signal  # RESTRICT_SIGNAL: the owner's message replaces a bought HOLD
            decisions[book.unit.province] = Decision(book.unit, book.owner, order, total,
                                                     paid, forced)
            t = book.totals(self.amt)
            rows = [Candidate(o, t[c], book.contributions(c, self.amt, self.power))
                    for c, o in enumerate(book.cands)]
            rows.sort(key=lambda r: r.order != book.cands[w])
            chart[book.unit.province] = tuple(rows)
        return Determination(decisions, spent, rounds, passes, chart)
