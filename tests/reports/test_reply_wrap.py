"""How a reply's lines are wrapped to 78 columns (judge.service.reports.replies.wrap)."""

from __future__ import annotations

from judge.service.reports.replies import WIDTH, wrap


def test_an_item_under_a_heading_keeps_its_further_lines_under_it() -> None:
    """An in-force line (set in two spaces under "(in force now for ...)") wrapped: its
    second line stands two columns further in, not back at the reply's margin."""
    text = ("  Your FRANCE orders for F1902M in force: A BRE H, F MAO - NAO, A PIC - BRE, "
            "A POR H, A PAR - BUR")
    lines = wrap(text).splitlines()
    assert len(lines) == 2 and all(len(line) <= WIDTH for line in lines), lines
    assert lines[0].startswith(" " * 8 + "Your FRANCE orders")
    assert lines[1].startswith(" " * 10) and not lines[1].startswith(" " * 11), lines
    assert " ".join(" ".join(lines).split()) == " ".join(text.split())  # nothing lost


def test_a_plain_text_wraps_at_its_indent() -> None:
    lines = wrap("word " * 30, 6).splitlines()
    assert len(lines) > 1 and all(line.startswith(" " * 6 + "word") for line in lines)


def test_a_hanging_indent_given_is_kept() -> None:
    lines = wrap("Units:   " + ", ".join(["A PAR"] * 20), 6, 15).splitlines()
    assert lines[0].startswith(" " * 6 + "Units:") and lines[1].startswith(" " * 15 + "A")
