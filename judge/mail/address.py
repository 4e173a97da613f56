"""The mailbox in an address header (From, Reply-To), read from the raw header in one pass.

The address is taken before anything is decoded: an RFC 2047 encoded word or a quoted
display name can say anything (``"victim@example.com" <attacker@evil.example>``), so
quoted strings and comments are skipped, and of a mailbox written ``name <addr>`` only the
part inside the angle brackets counts. What is found must be one well-formed address:
``local@domain`` with exactly one ``@``, both parts non-empty, no spaces, no characters
RFC 5322 reserves, the domain made of non-empty dot-separated labels. Non-ASCII local parts
and domains (RFC 6531) are kept; replies to them need SMTPUTF8 (judge.mail.send).
"""

from __future__ import annotations

MAX_HEADER = 2000  # an address header longer than this is not a person writing
MAX_ADDRESS = 320  # RFC 5321: 64 + 1 + 255, rounded up
_RESERVED = frozenset('()<>[]:;,\\"@ \t')


def header_address(value: str) -> str:
    """The first mailbox of an address header, lower case; "" when there is none that is
    well formed (or the header is absurdly long)."""
    if not value or len(value) > MAX_HEADER:
        return ""
    bare, angled = _first_mailbox(value)
    return valid_address(angled if angled is not None else bare)


def valid_address(text: str) -> str:
    """``text`` as an address (stripped, lower case) if it is one well-formed ``local@domain``,
    else ""."""
    address = text.strip().lower()
    if not address or len(address) > MAX_ADDRESS or not address.isprintable():
        return ""
    local, at, domain = address.partition("@")
    if not at or not local or not domain:
        return ""
    if any(ch in _RESERVED for ch in local) or any(ch in _RESERVED for ch in domain):
        return ""
    if local.startswith(".") or local.endswith(".") or ".." in local:
        return ""
    labels = domain.split(".")
    if any(not label or label.startswith("-") or label.endswith("-") for label in labels):
        return ""
    return address


def _first_mailbox(value: str) -> tuple[str, str | None]:
    """The first mailbox's bare text (quoted strings and comments left out) and the text in
    its angle brackets, if it has any; one scan, ending at the first top-level comma."""
    bare: list[str] = []
    angled: list[str] | None = None
    in_angle = False
    depth = 0  # comment nesting
    quoted = False
    escaped = False
    for ch in value:
        if escaped:
            escaped = False
            continue
        if ch == "\\" and (quoted or depth):
            escaped = True
            continue
        if quoted:
            quoted = ch != '"'
            continue
        if depth:
            depth += (ch == "(") - (ch == ")")
            continue
        if ch == '"' and not in_angle:
            quoted = True
        elif ch == "(":
            depth = 1
        elif ch == "<" and not in_angle and angled is None:
            in_angle, angled = True, []
        elif ch == ">" and in_angle:
            in_angle = False
        elif in_angle:
            assert angled is not None
            angled.append(ch)
        elif ch == ",":
            break
        else:
            bare.append(ch)
    if in_angle:
        return "", None  # an angle bracket never closed: no address at all
    return "".join(bare), "".join(angled) if angled is not None else None
