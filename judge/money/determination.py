"""Order determination: passes, tie-breakers and overexpenditure reduction (spec 5.2-5.6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

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
    """The pass loop. Amounts live in flat lists indexed by a global offer number; each
    unit's Candidates keeps running sums that a reduction round lowers in place, so a pass
    only re-decides the units some lowered offer reaches."""

    def __init__(self, bribes: Mapping[str, Sequence[Bribe]],
                 units: Mapping[str, tuple[str, Unit]], funds: Mapping[str, int],
                 rankings: Mapping[str, Sequence[str]], settings: Settings,
                 dummies: frozenset[str], signals: Mapping[str, OfferedOrder]) -> None:
        self.settings, self.dummies, self.signals = settings, dummies, signals
        self.powers = list(bribes)
        self.funds = {p: max(0, funds.get(p, 0)) for p in self.powers}
        self.rankings = rankings
        self.amt = amt = [0] * sum(len(bribes[p]) for p in self.powers)
        self.plat = plat = [0] * len(amt)
        self.pos = pos = [0] * len(amt)
        self.offers_of: dict[str, list[int]] = {}
        by_unit: dict[str, list[tuple[int, Bribe]]] = {prov: [] for prov in units}
        i = 0
        for p in self.powers:
            mine: list[int] = []
            for b in bribes[p]:
                entries = by_unit.get(b.unit.province)
                if entries is None:
                    continue  # an offer to a unit that is not on the board pays nothing
                amt[i], plat[i], pos[i] = b.amount, b.plateau, b.position
                mine.append(i)
                entries.append((i, b))
                i += 1
            self.offers_of[p] = mine
        del amt[i:], plat[i:], pos[i:]
        texts: dict[int, str] = {}  # order texts by order id, while the bribes hold them
        self.books = [
            Candidates(units[prov][1], units[prov][0], entries, settings.restrict_signal, texts)
            for prov, entries in by_unit.items()
            if entries
        ]
        self.book_of = book_of = [0] * len(amt)
        # Where one AgP of each offer is counted (Candidates.effects). A reduction round
        # lowers each of a power's live offers (those above their plateau) by one AgP.
        # Offers that count their AgP in the same place (the same candidate of the same
        # unit, or the same wildcard sums; a power's rows are its own, so the place names
        # the power) form a group, lowered once by its number of live offers. While an
        # offer is live its ``amt`` is left as it was: it leaves its group after as many
        # rounds as it stood above its plateau (``expiry``, by the power's round count),
        # its amount then its plateau.
        self.direct_groups: dict[str, list[list[Any]]] = {p: [] for p in self.powers}
        self.wild_groups: dict[str, list[list[Any]]] = {p: [] for p in self.powers}
        self.group_of: list[list[Any]] = [[]] * len(amt)
        group_of = self.group_of
        for k, book in enumerate(self.books):
            direct, wild = book.effects()
            sums, rows = book.direct_sum, book.rows
            for p, c, offers in direct:
                g = [rows[p][0], sums, c, 0]
                self.direct_groups[p].append(g)
                a = 0
                for i in offers:
                    book_of[i] = k
                    group_of[i] = g
                    a += amt[i]
                rows[p][0][c] += a
                sums[c] += a
            for p, effect, offers in wild:
                g = [effect, 0]
                self.wild_groups[p].append(g)
                a = 0
                for i in offers:
                    book_of[i] = k
                    group_of[i] = g
                    a += amt[i]
                row, sums_, cells, sign, wild_row, wild_sums, slots = effect
                for c in cells:
                    row[c] += sign * a
                    sums_[c] += sign * a
                for s in slots:
                    wild_row[s] += a
                    wild_sums[s] += a
        self.clock = dict.fromkeys(self.powers, 0)
        self.expiry: dict[str, dict[int, list[int]]] = {p: {} for p in self.powers}
        self.live_books: dict[str, dict[int, int]] = {}
        self.active: dict[str, tuple[list[list[Any]], list[list[Any]]]] = {}
        self.emptied: dict[str, int] = {}
        for p, mine in self.offers_of.items():
            self._enter(p, [i for i in mine if amt[i] > self.plat[i]])
        self.plateau_epoch = 0
        self._plateaus: dict[tuple[int, int], tuple[int, dict[str, int]]] = {}

    def run(self) -> Determination:
        rounds = dict.fromkeys(self.powers, 0)
        spent = dict.fromkeys(self.powers, 0)
        books, funds, decide = self.books, self.funds, self.decide
        outcome: list[tuple[int, dict[str, int], int, bool]] = [(0, {}, 0, False)] * len(books)
        dirty: Iterable[int] = range(len(books))
        plain = not self.settings.ebayola  # eBayola prices every winner: decide() does
        passes = 0
        while True:
            passes += 1
            for k in dirty:
                for p, x in outcome[k][1].items():
                    spent[p] -= x
                book = books[k]
                if plain:
                    # decide(), inlined for a unit with a single highest total (most of
                    # the thousand decisions of a heavy phase): Candidates.totals and
                    # Candidates.contributions as they compute them
                    wild = book.wild_sum
                    t = [d + wild[s] for d, s in zip(book.direct_sum, book.slot, strict=False)]
                    top = max(t)
                    if t.count(top) == 1:
                        w = t.index(top)
                        found = book._rows_of.get(w)
                        if found is None:
                            paid = book.contributions(w)
                        else:
                            s = book.slot[w]
                            paid = {p: row[w] + wr[s] for p, row, wr in found}
                        decision = (w, paid, sum(paid.values()), False)
                    else:
                        decision = decide(book)
                else:
                    decision = decide(book)
                outcome[k] = decision
                for p, x in decision[1].items():
                    spent[p] += x
            over = [p for p in self.powers if spent[p] > funds[p]]
            if not over:
                break
            touched: set[int] = set()
            for p in over:
                rounds[p] += 1
                touched.update(self.reduce(p))
            dirty = touched
        return self.result(outcome, spent, rounds, passes)

    def _enter(self, power: str, offers: list[int]) -> None:
        """Make ``offers`` the power's live offers (none is live now)."""
        clock, expiry, group_of = self.clock[power], self.expiry[power], self.group_of
        amt, plat, book_of = self.amt, self.plat, self.book_of
        books: dict[int, int] = {}
        for i in offers:
            group_of[i][-1] += 1
            expiry.setdefault(clock + amt[i] - plat[i], []).append(i)
            k = book_of[i]
            books[k] = books.get(k, 0) + 1
        self.live_books[power] = books
        self.emptied[power] = 0  # groups in ``active`` with no live offer left
        self.active[power] = ([g for g in self.direct_groups[power] if g[-1]],
                              [g for g in self.wild_groups[power] if g[-1]])

    def reduce(self, power: str) -> Iterable[int]:
        """One reduction round for an overspending power (spec 5.3): every offer above
        its plateau loses one AgP; returns the units (books) whose offers it lowered."""
        books = self.live_books[power]
        if not books:
            # every offer is at its plateau: plateaus vanish for the rest of the phase
            amt, plat = self.amt, self.plat
            for i in self.offers_of[power]:
                plat[i] = 0
            self.plateau_epoch += 1
            self._enter(power, [i for i in self.offers_of[power] if amt[i] > 0])
            books = self.live_books[power]
        touched = list(books)
        direct, wild = self.active[power]
        for row, sums, c, n in direct:
            row[c] -= n
            sums[c] -= n
        for (row, sums, cells, sign, wild_row, wild_sums, slots), n in wild:
            for c in cells:
                row[c] -= sign * n
                sums[c] -= sign * n
            for s in slots:
                wild_row[s] -= n
                wild_sums[s] -= n
        self.clock[power] = clock = self.clock[power] + 1
        leaving = self.expiry[power].pop(clock, None)
        if leaving:
            amt, plat, group_of, book_of = self.amt, self.plat, self.group_of, self.book_of
            emptied = self.emptied[power]
            for i in leaving:
                amt[i] = plat[i]  # where it stops: its plateau
                g = group_of[i]
                g[-1] -= 1
                if not g[-1]:
                    emptied += 1
                k = book_of[i]
                books[k] -= 1
                if not books[k]:
                    del books[k]
            # An emptied group lowers nothing (by 0) until it is dropped: the lists are
            # filtered once a quarter of their groups are empty, not at every emptying.
            if 4 * emptied > len(direct) + len(wild):
                self.active[power] = ([g for g in direct if g[-1]], [g for g in wild if g[-1]])
                emptied = 0
            self.emptied[power] = emptied
        return touched

    def decide(self, book: Candidates) -> tuple[int, dict[str, int], int, bool]:
        """One unit in one pass: the winner, what each contributor pays, the reported total
        and whether the DUMMY rule forced a HOLD (spec 5.2.3-5.2.5)."""
        t = book.totals()
        top = max(t)
        ranking = self.rankings.get(book.owner, ())
        if t.count(top) == 1:
            w = t.index(top)
        else:
            tied = [c for c, x in enumerate(t) if x == top]
            if book.owner in self.dummies:
                backers = {frozenset(book.contributors(c)) for c in tied}
                hold = book.index.get(order_text(Hold(book.unit)))
                if (len(backers) > 1 or len(next(iter(backers))) != 1) and hold is not None:
                    return hold, book.contributions(hold), top + 1, True
            w = book.best(tied, ranking, self.pos)
        paid = book.contributions(w)
        if self.settings.ebayola:
            paid = self.price(book, w, paid, ranking, t, top)
        return w, paid, sum(paid.values()), False

    def price(self, book: Candidates, w: int, paid: dict[str, int],
              ranking: Sequence[str], t: list[int], top: int) -> dict[str, int]:
        """eBayola (spec 5.2.5): the best rival total after each winning contributor's money
        on it is reduced by what it put on the winner. T'(o) = T(o) - sum over the winner's
        payers of min(c_P(o), c_P(w)), so only they are looked at; and T'(o) <= T(o), so
        rivals that cannot beat the best found are skipped."""
        best = 0
        if len(t) > 1 and top > 1:
            slot, rows = book.slot, book.rows
            payers = [(rows[p][0], rows[p][1], x) for p, x in paid.items() if x > 0]
            for c in sorted(range(len(t)), key=t.__getitem__, reverse=True):
                if t[c] <= best:
                    break
                if c == w:
                    continue
                s = slot[c]
                adjusted = t[c]
                for row, wild, on_winner in payers:
                    x = row[c] + wild[s]
                    adjusted -= x if x < on_winner else on_winner
                if adjusted > best:
                    best = adjusted
        if best + 1 >= top:
            return paid  # a genuine tie, or nothing to save (OQ-6)
        return share_savings(paid, best, ranking, self.plateaus(book, w))

    def plateaus(self, book: Candidates, w: int) -> dict[str, int]:
        """Per power, the plateaus of its offers applying to ``w``; the owner's count only
        under PUBLIC_TOTALS (OQ-7). Cached until some power's plateaus are erased."""
        key = (id(book), w)
        found = self._plateaus.get(key)
        if found is not None and found[0] == self.plateau_epoch:
            return found[1]
        plateaus: dict[str, int] = {}
        for i in book.applying(w):
            p = book.power_of[i]
            if p != book.owner or self.settings.public_totals:
                plateaus[p] = plateaus.get(p, 0) + self.plat[i]
        self._plateaus[key] = (self.plateau_epoch, plateaus)
        return plateaus

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
            t = book.totals()
            # the issued candidate first, then the others in their order (candidates are
            # distinct orders, so only ``w`` is the winner's order)
            rows = [Candidate(book.cands[w], t[w], book.contributions(w))]
            rows += [Candidate(o, t[c], book.contributions(c))
                     for c, o in enumerate(book.cands) if c != w]
            chart[book.unit.province] = tuple(rows)
        return Determination(decisions, spent, rounds, passes, chart)
