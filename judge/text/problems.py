"""Problems found reading a line, and the one place where Lark's errors become them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Lark is loaded only when a line needs the grammar (judge.text.canonical)
    from lark import Lark, Token
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken


@dataclass(frozen=True, slots=True)
class ParseProblem:
    """Why a line could not be read.

    ``line`` is the line as the judge read it (normalised: upper case, single spaces),
    ``column`` is 1-based within it (one past the end when the line stopped too soon),
    ``excerpt`` the words the problem is about and ``expected`` what could have come there.
    """

    line: str
    column: int
    excerpt: str
    expected: tuple[str, ...]
    message: str

    def pointer(self) -> str:
        """The line with a caret under the problem, for a reply mail."""
        return f"{self.line}\n{' ' * (self.column - 1)}^"


class TextSyntaxError(ValueError):
    """A line of text that does not say anything the judge understands."""

    def __init__(self, problem: ParseProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.problem == self.problem

    def __hash__(self) -> int:
        return hash(self.problem)


class OrderSyntaxError(TextSyntaxError):
    """An order line that cannot be read as an order."""


# Terminal names of grammar/orders.lark and grammar/board.lark, grouped by the part they
# play; imported grammars prefix their names ("board__NC"), so only the last part counts.
_ROLES: dict[str, str] = {
    **dict.fromkeys(("A", "ARMY", "F", "FLEET"), "unit type"),
    **dict.fromkeys(("H", "HOLD", "HOLDS", "STAND", "STANDS"), "hold"),
    **dict.fromkeys(
        ("DASH", "ARROW", "DOUBLE_ARROW", "GREATER", "M", "MOVE", "MOVES", "TO")
        + ("RETREAT", "RETREATS"),
        "move",
    ),
    **dict.fromkeys(("S", "SUP", "SUPP", "SUPPORT", "SUPPORTS"), "support"),
    **dict.fromkeys(("C", "CONVOY", "CONVOYS", "T", "TRANSPORT", "TRANSPORTS"), "convoy"),
    **dict.fromkeys(("D", "DISBAND", "DISBANDS"), "disband"),
    **dict.fromkeys(("B", "BUILD", "BUILDS", "PLUS"), "build"),
    **dict.fromkeys(("R", "REMOVE", "REMOVES"), "remove"),
    **dict.fromkeys(("WAIVE", "WAIVES"), "waive"),
    **dict.fromkeys(("VIA", "BY"), "via"),
    **dict.fromkeys(("SLASH", "LPAR"), "coast mark"),
    **dict.fromkeys(("NC", "SC", "EC", "WC", "N", "E", "W"), "coast"),
    **dict.fromkeys(("NORTH", "SOUTH", "EAST", "WEST"), "coast"),
    "COAST": "COAST",
    "RPAR": "')'",
    "WORD": "province",
    "$END": "end",
}

_UNIT_TYPES = frozenset(("A", "ARMY", "F", "FLEET"))
_VERBS = frozenset(("hold", "move", "support", "convoy", "via"))

# How each role is named in ``ParseProblem.expected``, in the order they are listed.
_LABELS: dict[str, str] = {
    "unit type": "A or F",
    "province": "a province",
    "coast mark": "a coast",
    "coast": "a coast",
    "COAST": "COAST",
    "')'": "')'",
    "hold": "H",
    "move": "-",
    "support": "S",
    "convoy": "C",
    "disband": "D",
    "build": "BUILD",
    "remove": "REMOVE",
    "waive": "WAIVE",
    "via": "VIA CONVOY",
    "CONVOY": "CONVOY",
    "end": "end of line",
}

# After these, a unit must follow; the message says which unit.
_UNIT_AFTER: dict[str | None, str] = {
    "support": "expected the supported unit after '{prev}'",
    "convoy": "expected the convoyed army after '{prev}'",
    "build": "expected the unit to build after '{prev}'",
    "remove": "expected the unit to remove after '{prev}'",
    "move": "expected the unit to remove after '{prev}'",
    "disband": "expected the unit to disband after '{prev}'",
    None: "an order starts with a unit ('A PAR - BUR'), BUILD, REMOVE or WAIVE",
}


def role(terminal: str) -> str:
    """The part a terminal plays in an order ("move", "support", "province", ...)."""
    name = terminal.rsplit("__", 1)[-1]
    return _ROLES.get(name, name)


def problem_from_lark(
    parser: Lark, line: str, unknown_name: Callable[[str], str | None] | None = None
) -> ParseProblem:
    """Re-read a line the parser refused, token by token, and say specifically what is wrong.

    The last token read before the error says most about what the player left out ("-"
    with nothing after it wants a destination), and the parser's state at that point
    says what could have come instead. ``unknown_name`` says what is wrong with a
    province name the map does not know ("A PAR BUR" is a name without a '-'), or None.
    """
    from lark import Token
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    cursor = parser.parse_interactive(line)
    tokens = cursor.lexer_thread.lex(cursor.parser_state)
    previous: Token | None = None
    while True:
        try:
            token = next(tokens, None)
        except (UnexpectedCharacters, UnexpectedToken) as error:  # nothing here can be read
            return _problem(line, error, previous, cursor.accepts(), unknown_name)
        if token is None:
            token = Token("$END", "")
        before = cursor.copy(deepcopy_values=False)
        try:
            cursor.feed_token(token)
        except UnexpectedToken as error:
            return _problem(line, error, previous, before.accepts(), unknown_name)
        if token.type == "$END":
            raise ValueError(f"the grammar accepts {line!r}; there is no problem to report")
        previous = token


def _problem(
    line: str,
    error: UnexpectedCharacters | UnexpectedToken,
    previous: Token | None,
    accepted: set[str],
    unknown_name: Callable[[str], str | None] | None,
) -> ParseProblem:
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(error, UnexpectedToken):
        at_end = error.token.type == "$END"
        found = "" if at_end else str(error.token)
        column = len(line) + 1 if at_end else error.token.column
    else:
        at_end = False
        assert error.pos_in_stream is not None  # a lexer error always knows where it is
        found = line[error.pos_in_stream]
        column = error.column
    roles = {role(t) for t in accepted}
    if "N" in accepted:  # where a coast letter can come, "S" is south, not support
        roles.discard("support")
    if previous is not None and role(previous.type) == "via" and "convoy" in roles:
        roles = (roles - {"convoy"}) | {"CONVOY"}
    expected = tuple(dict.fromkeys(label for r, label in _LABELS.items() if r in roles))
    unexpected_character = isinstance(error, UnexpectedCharacters)
    before = line[: column - 1].strip()
    message = _message(roles, previous, found, before, at_end, expected)
    if unexpected_character and not found.isalnum():
        message = f"unexpected character '{found}'" + (f" (after '{previous}')" if previous else "")
    after_name = previous is not None and previous.type == "WORD"
    if "support" in roles and "hold" in roles and after_name and unknown_name is not None:
        # the order stopped right after its unit: a misspelt name explains it best
        words = before.split()
        if role(words[0]) in _VERBS:  # "S A PAR": the unit was left out, not misspelt
            message = f"{_UNIT_AFTER[None]}, not '{words[0]}'"
            return ParseProblem(line, 1, words[0], ("A or F", "a province"), message)
        name = " ".join(words[1:] if words[0] in _UNIT_TYPES else words)
        complaint = unknown_name(name)
        if complaint is not None:
            return ParseProblem(line, len(before) - len(name) + 1, name, ("a province",), complaint)
    return ParseProblem(line, column, found, expected, message)


def _message(
    roles: set[str],
    previous: Token | None,
    found: str,
    before: str,
    at_end: bool,
    expected: tuple[str, ...],
) -> str:
    prev = str(previous) if previous is not None else ""
    prev_role = role(previous.type) if previous is not None else None
    not_found = "" if at_end else f", not '{found}'"
    if prev_role == "unit type":
        return f"'{prev}' must be followed by a province{not_found}"
    if "unit type" in roles:
        template = _UNIT_AFTER.get(prev_role, "expected a unit after '{prev}'")
        return template.format(prev=prev) + not_found
    if prev_role == "coast mark":
        return f"expected a coast (NC, SC, EC or WC) after '{prev}'{not_found}"
    if roles == {"province"}:
        return f"expected a destination after '{prev}'{not_found}"
    if "')'" in roles and roles <= {"')'", "COAST"}:
        return f"expected ')' after the coast{not_found}"
    if roles == {"COAST"}:
        return f"expected 'COAST' after '{prev}'{not_found}"
    if "support" in roles and "hold" in roles:
        if at_end:
            return f"'{before}' has no order: expected H, - (move), S, C or D after it"
        return f"'{found}' is not an order: expected H, - (move), S, C or D after '{before}'"
    if roles and roles <= {"move", "province", "coast", "coast mark"}:
        if at_end:
            return "a convoy must say where the army goes, as in 'F ENG C A LON - BEL'"
        return f"expected '-' and the army's destination after '{before}'{not_found}"
    if "end" in roles and not at_end:
        return f"unexpected '{found}' after the complete order '{before}'"
    if at_end:
        return f"expected {' or '.join(expected)} after '{prev}'"
    return f"unexpected '{found}' after '{prev}'" if prev else f"unexpected '{found}'"
