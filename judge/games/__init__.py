"""The games the judge runs: the one place that names them.

Every game is a ``Kind``, a frozen record of parts (the shape of godip's ``Variant`` and
of python-chess's variant list): its name, its word in ``CREATE`` and ``HELP``, the
player bounds, and where each of its parts lives. Every other list of games in the
judge is derived from ``KINDS``: the ``judge adjudicate`` runners, the ``CREATE`` words
and their usage text, the HELP guides, the demos, the mail parts the service asks. No
module outside this package compares a game's name with a literal; it asks the kind.

A part is named here as ``"module:attribute"`` and imported by the layer that asks for
it, on first use (``load``): this table imports nothing, so the pure layers may read it,
and a standard game never loads the money games. The parts are

- ``batch``: the ``judge adjudicate`` runner of the kind's cases (judge.batch);
- ``mail``: what the mail service asks of a game of the kind: joining, signing on,
  STATUS, the master's commands, phases, letters (judge.service);
- ``demo``: the script ``judge demo --game <name>`` plays (judge.demos);
- ``guide``: the player's guide in docs/, mailed by ``HELP <word>``;
- ``rules``: the rules the judge applies, in docs/, mailed by ``HELP RULES <word>``;
- ``grammar``: the Lark grammar of the kind's own lines (grammar/<name>.lark), if any.

An attachment (the Bourse) is no game of its own: it rides beside a host game of one of
its ``hosts`` kinds, with hooks before and after each host phase (its ``mail`` part).
See docs/architecture.md, "Games as kinds", for what a new game adds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any


@dataclass(frozen=True, slots=True)
class Kind:
    """One game the judge runs, as a record of parts (see the module's docstring)."""

    name: str  # a batch case's "game", a stored game's variant, `judge demo --game`
    title: str  # as players read it: "1901-Shareholders"
    word: str  # in CREATE and HELP: "SHAREHOLDERS"
    players: tuple[int, int]  # the fewest and most players by default
    batch: str | None  # "module:function": the judge adjudicate runner
    mail: str  # "module:NAME": the mail service's part
    guide: str | None = None  # docs/<guide>, mailed by HELP <word>
    rules: str | None = None  # docs/<rules>, mailed by HELP RULES <word>
    demo: str | None = None  # "module:NAME": the judge demo script
    grammar: str | None = None  # grammar/<grammar>.lark: the kind's own lines
    hosts: tuple[str, ...] = ()  # an attachment: the kinds it may ride beside
    market: bool = False  # players deal in a market kept by the judge (spec section 7)
    bank: bool = False  # a board game whose powers keep bank accounts and bribe (Payola)
    # its phases are played on the board: their results mails carry the map (judge.maps)
    board: bool = True

    @property
    def attachment(self) -> bool:
        """Rides beside a host game instead of being one (the Bourse)."""
        return bool(self.hosts)

    def part(self, which: str) -> Any:
        """The part named by the field ``which`` (``"batch"``, ``"mail"``, ``"demo"``),
        imported on first use."""
        target = getattr(self, which)
        if target is None:
            raise LookupError(f"{self.title} has no {which} part")
        return load(target)


STANDARD = Kind(
    name="standard", title="Diplomacy", word="STANDARD", players=(1, 7),
    batch="judge.games.standard.batch:play_case", mail="judge.games.board.mail:STANDARD",
)
PAYOLA = Kind(
    name="payola", title="Payola", word="PAYOLA", players=(1, 7),
    batch="judge.games.payola.batch:play_case", mail="judge.games.board.mail:PAYOLA",
    guide="playing-payola.md", rules="rules/payola.md", demo="judge.demo:PAYOLA",
    grammar="offers", bank=True,
)
EXCHANGE = Kind(
    name="exchange", title="Exchange", word="EXCHANGE",
    players=(2, 30), batch="judge.games.exchange.batch:play_case",
    mail="judge.games.exchange.mail.part:GAME", guide="playing-exchange.md",
    rules="rules/exchange.md",
    demo="judge.games.exchange.demo:SCRIPT", grammar="exchange", market=True,
)
SHAREHOLDERS = Kind(
    name="shareholders", title="1901-Shareholders", word="SHAREHOLDERS", players=(1, 100),
    batch="judge.games.shareholders.batch:play_case",
    mail="judge.games.shareholders.mail.part:GAME", guide="playing-shareholders.md",
    rules="rules/shareholders.md",
    demo="judge.games.shareholders.demo:SCRIPT", grammar="shareholders", market=True,
)
CAPITALIST = Kind(
    name="capitalist", title="Capitalist Diplomacy", word="CAPITALIST", players=(9, 12),
    batch="judge.games.capitalist.batch:play_case",
    mail="judge.games.capitalist.mail.part:GAME", guide="playing-capitalist.md",
    rules="rules/capitalist.md",
    demo="judge.games.capitalist.demo:SCRIPT", grammar="capitalist", market=True,
)
BOURSE = Kind(
    name="bourse", title="the Bourse", word="BOURSE",
    players=(0, 1000), batch="judge.games.bourse.batch:play_case",
    mail="judge.games.bourse.mail.attachment:ATTACHMENT", guide="playing-bourse.md",
    rules="rules/bourse.md",
    demo="judge.games.bourse.demo:SCRIPT", grammar="bourse", hosts=("standard", "payola"),
    market=True, board=False,  # its host's results carry the map
)

# Every kind, in the order HELP and the usage text list them; the first is the game
# CREATE makes when it names none.
KINDS: tuple[Kind, ...] = (STANDARD, PAYOLA, EXCHANGE, SHAREHOLDERS, CAPITALIST, BOURSE)
DEFAULT = KINDS[0]


def kind_named(word: str) -> Kind | None:
    """The kind a stored variant, a case's ``game`` or a CREATE/HELP word names."""
    name, upper = word.lower(), word.upper()
    for kind in KINDS:
        if kind.name == name or kind.word == upper:
            return kind
    return None


def games() -> tuple[Kind, ...]:
    """The kinds that are games of their own (every kind but the attachments)."""
    return tuple(k for k in KINDS if not k.attachment)


def attachments() -> tuple[Kind, ...]:
    """The kinds that ride beside a host game."""
    return tuple(k for k in KINDS if k.attachment)


def create_words() -> tuple[str, ...]:
    """The words CREATE knows for a game of its own."""
    return tuple(k.word for k in games())


@cache
def load(target: str) -> Any:
    """The object a ``"module:attribute"`` part names, imported on first use."""
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)


def kind_of(variant: str) -> Kind:
    """The kind of a stored game (its ``variant``); LookupError for a name no kind has."""
    kind = kind_named(variant)
    if kind is None or kind.attachment:
        raise LookupError(f"no game kind is named {variant!r}")
    return kind
