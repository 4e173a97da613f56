"""A markdown document as a mail (judge.service.reports.documents): what each block of the
source becomes in plain text."""

from __future__ import annotations

from judge.service.reports.documents import as_mail, inline

SOURCE = """# Title of it

A paragraph that the source file broke
over short lines, with `HELP PAYOLA`, **bold**, *emphasis* and a
[link](other.md), and a reason `you hold only 450 LIRA`.

## Section

- an item with a long text that goes on and on past the width of the mail so that it wraps
  under itself
- `4 ! A MUN - BUR` pays 4

    SIGNON ALICE@xg secret
    BID FRANCE 150

| parameter | default |
| --- | --- |
| `MIN_BID` | 100 |

### 6.1 Deeper
Text under it. END_YEAR stays as written, and 3 * 4 too.
"""


def test_each_block_becomes_plain_text() -> None:
    mail = as_mail(SOURCE, width=60)
    assert mail.splitlines()[:2] == ["Title of it", "==========="]
    assert "Section\n-------" in mail
    assert "6.1 Deeper\n~~~~~~~~~~" in mail
    assert ("A paragraph that the source file broke over short lines,\n"
            "with HELP PAYOLA, bold, emphasis and a link, and a reason\n"
            '"you hold only 450 LIRA".') in mail
    assert ("- an item with a long text that goes on and on past the\n"
            "  width of the mail so that it wraps under itself\n"
            "- 4 ! A MUN - BUR pays 4") in mail
    assert "    SIGNON ALICE@xg secret\n    BID FRANCE 150" in mail
    assert "  parameter - default\n  MIN_BID - 100" in mail
    assert "END_YEAR stays as written, and 3 * 4 too." in mail
    assert max(len(line) for line in mail.splitlines()) <= 60


def test_a_long_example_line_goes_on_under_itself() -> None:
    mail = as_mail("    WARNING: " + "word " * 30 + "\n", width=40)
    lines = mail.splitlines()
    assert lines[0].startswith("    WARNING: word")
    assert all(x.startswith("        word") for x in lines[1:])
    assert max(len(x) for x in lines) <= 40


def test_inline_markup() -> None:
    assert inline("`CAP 100` and \\*not emphasis\\*") == "CAP 100 and *not emphasis*"
    assert inline("**D3**. `SIGNON <name>@<game> <password>`") == \
        "D3. SIGNON <name>@<game> <password>"
