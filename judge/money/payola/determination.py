"""Order determination: passes, tie-breakers and overexpenditure reduction (spec 5.2-5.6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from judge.engine.orders import Hold
from judge.engine.position import Unit
from judge.money.payola.candidates import Candidates
from judge.money.payola.ebayola import share_savings
from judge.money.payola.offers import Bribe, OfferedOrder, order_text


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
    """The pass loop. The money on a unit's candidates is packed into one integer a unit
    (``width`` bits a candidate, candidate 0 lowest): T(o) for all of them in ``total[k]``,
    c_P(o) in ``money[P][k]``. A fixed width field holds each value exactly, and adding or
    subtracting packed vectors adds or subtracts every field at once, exactly, as long as
    every field of the result lies in [0, 2**width): money is never negative and never
    more than the sum of all amounts, which ``width`` exceeds. So a reduction round is one
    subtraction a unit the power has live offers on, not one per candidate and wildcard.

    A power's live offers (those above their plateau) lose one AgP a round: the packed
    vector ``rate[P][k]`` counts, for each candidate of unit k, the power's live offers
    that apply to it (each offer's ``mask``), and a round subtracts it from the power's
    money and the unit's totals. While an offer is live its ``amt`` is left as it was:
    it stops after as many rounds as it stood above its plateau (``expiry``, by the
    power's round count), its amount then its plateau, and leaves its unit's rate."""

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
        self.offers_of: dict[str, range] = {}  # a power's offers are numbered together
        by_unit: dict[str, list[tuple[int, Bribe]]] = {prov: [] for prov in units}
        i = 0
        for p in self.powers:
            first = i
            for b in bribes[p]:
                entries = by_unit.get(b.unit.province)
                if entries is None:
                    continue  # an offer to a unit that is not on the board pays nothing
                amt[i], plat[i], pos[i] = b.amount, b.plateau, b.position
                entries.append((i, b))
                i += 1
            self.offers_of[p] = range(first, i)
        del amt[i:], plat[i:], pos[i:]
        texts: dict[int, str] = {}  # order texts by order id, while the bribes hold them
        self.books = [
            Candidates(units[prov][1], units[prov][0], entries, settings.restrict_signal, texts)
            for prov, entries in by_unit.items()
            if entries
        ]
        # Every field holds at most the sum of all amounts; 64 bits (the common case) are
        # read with one conversion to bytes (``_fields``).
        width = 64
        while sum(amt) >> (width - 1):
            width += 64
        self.width, self.field = width, (1 << width) - 1
        # memoryview.cast reads the machine's byte order (the pure layers do not read sys)
        self.order: Literal["little", "big"] = (
            "little" if memoryview(b"\x01" + bytes(7)).cast("Q")[0] == 1 else "big")
        self.nbytes = [len(book.cands) * width // 8 for book in self.books]
        self.total = total = [0] * len(self.books)
        self.money: dict[str, list[int]] = {p: [0] * len(self.books) for p in self.powers}
        self.rate: dict[str, list[int]] = {p: [0] * len(self.books) for p in self.powers}
        self.book_of = book_of = [0] * len(amt)
        self.mask = mask_of = [0] * len(amt)
        self.clock = dict.fromkeys(self.powers, 0)
        self.expiry: dict[str, dict[int, list[int]]] = {p: {} for p in self.powers}
        self.live_books: dict[str, dict[int, int]] = {p: {} for p in self.powers}
        self.payers_of: list[dict[str, None]] = []  # the powers with offers for each unit
        for k, book in enumerate(self.books):
            present: dict[str, None] = {}
            self.payers_of.append(present)
            for p, mask, offers in book.groups(width):
                present[p] = None
                # the group's money, and its live offers (as _enter makes them, clock 0)
                a = n = 0
                expiry = self.expiry[p]
                for i in offers:
                    book_of[i] = k
                    mask_of[i] = mask
                    x = amt[i]
                    a += x
                    x -= plat[i]
                    if x > 0:
                        n += 1
                        found = expiry.get(x)
                        if found is None:
                            expiry[x] = [i]
                        else:
                            found.append(i)
                self.money[p][k] += a * mask
                total[k] += a * mask
                if n:
                    self.rate[p][k] += n * mask
                    live = self.live_books[p]
                    live[k] = live.get(k, 0) + n
        self.plateau_epoch = 0
        self._plateaus: dict[tuple[int, int], tuple[int, dict[str, int]]] = {}
        # per unit and candidate, each contributor's packed money (static lists)
        self._payers: list[dict[int, list[tuple[str, list[int]]]]] = [{} for _ in self.books]
        self.shift: list[int] | None = None  # set by _run_plain
        self._choices: dict[tuple[int, tuple[int, ...]], tuple[int, bool]] = {}
        self.spent: dict[str, int] = {}

    def _fields(self, x: int, k: int) -> list[int]:
        """The fields of a packed vector of unit ``k``: one value a candidate."""
        if self.width == 64:
            return memoryview(x.to_bytes(self.nbytes[k], self.order)).cast("Q").tolist()
        w, f = self.width, self.field
        return [(x >> (w * c)) & f for c in range(len(self.books[k].cands))]

    def totals(self, k: int) -> list[int]:
        """T(o) for every candidate of unit ``k``."""
        return self._fields(self.total[k], k)

    def payers(self, k: int, c: int) -> list[tuple[str, list[int]]]:
        """The contributors of candidate ``c`` of unit ``k``, each with its packed money."""
        found = self._payers[k].get(c)
        if found is None:
            found = self._payers[k][c] = [
                (p, self.money[p]) for p in self.books[k].contributors(c)]
        return found

    def contributions(self, k: int, c: int) -> dict[str, int]:
        """c_P(o) for every contributor P of candidate ``c``, zero contributions included."""
        shift, field = self.width * c, self.field
        return {p: money[k] >> shift & field for p, money in self.payers(k, c)}

    def run(self) -> Determination:
        if self.settings.ebayola:
            return self._run_priced()
        return self._run_plain()

    def _run_priced(self) -> Determination:
        """The pass loop under eBayola, which prices every winner (decide() does)."""
        rounds = dict.fromkeys(self.powers, 0)
        spent = dict.fromkeys(self.powers, 0)
        decide = self.decide
        outcome: list[tuple[int, dict[str, int], int, bool]] = [(0, {}, 0, False)] * len(
            self.books)
        dirty: Iterable[int] = range(len(self.books))
        passes = 0
        while True:
            passes += 1
            for k in dirty:
                for p, x in outcome[k][1].items():
                    spent[p] -= x
                outcome[k] = decision = decide(k)
                for p, x in decision[1].items():
                    spent[p] += x
            touched = self.reduce_overspenders(spent, rounds)
            if touched is None:
                break
            dirty = touched
        return self.result(outcome, spent, rounds, passes)

    def _run_plain(self) -> Determination:
        """The pass loop without eBayola: a unit pays what its contributors put on the
        candidate it issues, c_P(o), whichever way the candidate was chosen (a single
        highest total, the tie-break or the DUMMY rule's HOLD). So

            spent[P] = sum over units k of c_P(chosen[k])

        is kept exactly without remaking every payment each pass: a reduction round of P
        lowers c_P(o) by P's live offers applying to o, the field ``chosen[k]`` of
        ``rate[P][k]``, and reduce() takes those off spent[P] (no other power's money
        moves); a unit whose choice changes gives back its old candidate's contributions
        and pays its new one's, both read from the money as it is then. A unit's choice
        depends only on its totals, so only the units a round touched are chosen again,
        and the payments are read once, after the last pass."""
        rounds = dict.fromkeys(self.powers, 0)
        spent = self.spent = dict.fromkeys(self.powers, 0)
        books, choose = self.books, self.choose
        n = len(books)
        chosen = [-1] * n
        self.shift = shift = [0] * n  # width * chosen[k]: where the chosen field starts
        forced = [False] * n
        dirty: Iterable[int] = range(n)
        total, nbytes, width, field = self.total, self.nbytes, self.width, self.field
        payers, cached, fields, order = self.payers, self._payers, self._fields, self.order
        narrow = width == 64
        passes = 0
        while True:
            passes += 1
            for k in dirty:
                if narrow:
                    t = memoryview(total[k].to_bytes(nbytes[k], order)).cast("Q").tolist()
                else:
                    t = fields(total[k], k)
                top = max(t)
                if t.count(top) == 1:
                    w = t.index(top)
                    forced[k] = False
                else:
                    w, forced[k] = choose(k, t, top)
                old = chosen[k]
                if w != old:
                    if old >= 0:
                        s = shift[k]
                        for p, money in cached[k][old]:
                            spent[p] -= money[k] >> s & field
                    found = cached[k].get(w)
                    if found is None:
                        found = payers(k, w)
                    chosen[k] = w
                    shift[k] = s = width * w
                    for p, money in found:
                        spent[p] += money[k] >> s & field
            touched = self.reduce_overspenders(spent, rounds)
            if touched is None:
                break
            dirty = touched
        outcome: list[tuple[int, dict[str, int], int, bool]] = []
        for k, w in enumerate(chosen):
            paid = self.contributions(k, w)
            outcome.append((w, paid, max(self.totals(k)) + 1 if forced[k]
                            else sum(paid.values()), forced[k]))
        return self.result(outcome, spent, rounds, passes)

    def _enter(self, power: str, offers: list[int]) -> None:
        """Make ``offers`` the power's live offers (none is live now)."""
        clock, expiry = self.clock[power], self.expiry[power]
        amt, plat, book_of, mask_of = self.amt, self.plat, self.book_of, self.mask
        rate = self.rate[power]
        books: dict[int, int] = {}
        for i in offers:
            expiry.setdefault(clock + amt[i] - plat[i], []).append(i)
            k = book_of[i]
            books[k] = books.get(k, 0) + 1
            rate[k] += mask_of[i]
        self.live_books[power] = books

    def reduce_overspenders(
        self, spent: dict[str, int], rounds: dict[str, int]
    ) -> set[int] | None:
        """A reduction round for every power that spends more than its funds, counted in
        ``rounds``; the units (books) lowered, or None when no power overspends (the
        determination is over)."""
        funds = self.funds
        touched: set[int] | None = None
        for p in self.powers:
            if spent[p] > funds[p]:
                rounds[p] += 1
                if touched is None:
                    touched = set()
                touched.update(self.reduce(p))
        return touched

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
        rate, money, total = self.rate[power], self.money[power], self.total
        shift = self.shift
        if shift is None:
            for k in touched:
                r = rate[k]
                money[k] -= r
                total[k] -= r
        else:
            # _run_plain: the power pays less by its live offers on each chosen candidate
            field, less = self.field, 0
            for k in touched:
                r = rate[k]
                money[k] -= r
                total[k] -= r
                less += r >> shift[k] & field
            self.spent[power] -= less
        self.clock[power] = clock = self.clock[power] + 1
        leaving = self.expiry[power].pop(clock, None)
        if leaving:
            amt, plat, book_of, mask_of = self.amt, self.plat, self.book_of, self.mask
            for i in leaving:
                amt[i] = plat[i]  # where it stops: its plateau
                k = book_of[i]
                rate[k] -= mask_of[i]
                books[k] -= 1
                if not books[k]:
                    del books[k]
        return touched

    def choose(self, k: int, t: list[int], top: int) -> tuple[int, bool]:
        """The candidate unit ``k`` issues when several totals ``t`` tie at ``top``, and
        whether the DUMMY rule forced a HOLD (spec 5.2.3-5.2.4)."""
        tied = tuple(c for c, x in enumerate(t) if x == top)
        found = self._choices.get((k, tied))
        if found is None:
            # the choice depends on which candidates tie, nothing else that moves
            book = self.books[k]
            found = None
            if book.owner in self.dummies:
                backers = {frozenset(book.contributors(c)) for c in tied}
                hold = book.index.get(order_text(Hold(book.unit)))
                if (len(backers) > 1 or len(next(iter(backers))) != 1) and hold is not None:
                    found = (hold, True)
            if found is None:
                found = (book.best(tied, self.rankings.get(book.owner, ()), self.pos), False)
            self._choices[k, tied] = found
        return found

    def decide(self, k: int) -> tuple[int, dict[str, int], int, bool]:
        """One unit in one pass under eBayola: the winner, what each contributor pays, the
        reported total and whether the DUMMY rule forced a HOLD (spec 5.2.3-5.2.5)."""
        t = self.totals(k)
        top = max(t)
        if t.count(top) == 1:
            w = t.index(top)
        else:
            w, forced = self.choose(k, t, top)
            if forced:
                return w, self.contributions(k, w), top + 1, True
        paid = self.price(k, w, self.contributions(k, w),
                          self.rankings.get(self.books[k].owner, ()), t, top)
        return w, paid, sum(paid.values()), False

    def price(self, k: int, w: int, paid: dict[str, int],
              ranking: Sequence[str], t: list[int], top: int) -> dict[str, int]:
        """eBayola (spec 5.2.5): the best rival total after each winning contributor's money
        on it is reduced by what it put on the winner. T'(o) = T(o) - sum over the winner's
        payers of min(c_P(o), c_P(w)), so only they are looked at; and T'(o) <= T(o), so
        rivals that cannot beat the best found are skipped."""
        best = 0
        if len(t) > 1 and top > 1:
            payers = [(self._fields(self.money[p][k], k), x) for p, x in paid.items() if x > 0]
            for c in sorted(range(len(t)), key=t.__getitem__, reverse=True):
                if t[c] <= best:
                    break
                if c == w:
                    continue
                adjusted = t[c]
                for row, on_winner in payers:
                    x = row[c]
                    adjusted -= x if x < on_winner else on_winner
                if adjusted > best:
                    best = adjusted
        if best + 1 >= top:
            return paid  # a genuine tie, or nothing to save (OQ-6)
        return share_savings(paid, best, ranking, self.plateaus(self.books[k], w))

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
        fields, money = self._fields, self.money
        for k, (book, (w, paid, total, forced)) in enumerate(
                zip(self.books, outcome, strict=True)):
            order = book.cands[w]
            signal = self.signals.get(book.unit.province)
            if signal is not None and order == Hold(book.unit):
                order = signal  # RESTRICT_SIGNAL: the owner's message replaces a bought HOLD
            decisions[book.unit.province] = Decision(book.unit, book.owner, order, total,
                                                     paid, forced)
            t = self.totals(k)
            rows_of: dict[str, list[int]] = {}
            for p in self.payers_of[k]:
                rows_of[p] = fields(money[p][k], k)
            # the issued candidate first, then the others in their order (candidates are
            # distinct orders, so only ``w`` is the winner's order)
            rows = [Candidate(book.cands[w], t[w],
                              {p: rows_of[p][w] for p in book.contributors(w)})]
            rows += [Candidate(o, t[c], {p: rows_of[p][c] for p in book.contributors(c)})
                     for c, o in enumerate(book.cands) if c != w]
            chart[book.unit.province] = tuple(rows)
        return Determination(decisions, spent, rounds, passes, chart)
