"""The shortcuts of judge.text.secrets give what the full reading gives."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from judge.text.secrets import line_secrets, masked_line, password_position

WORDS = st.sampled_from(["SIGN", "ON", "signon", "JOIN", "join", "BOURSE", "SET", "PASSWORD",
                         "CREATE", "WATCH", "OBSERVE", "france@alpha", "pw", "Secret99",
                         "x", "", " ", "\t", "\u3000", "\x1c", "\u00a0"])
LINES = st.lists(WORDS, max_size=7).map(" ".join) | st.text(max_size=30)


@given(LINES)
def test_a_line_without_a_password_is_masked_as_the_full_reading_masks_it(text: str) -> None:
    # a parsed password that is not in the line makes masked_line take its full path;
    # longer than the line, it cannot be in it (a NUL alone can: hypothesis found one)
    absent = "\x00" + text
    assert masked_line(text) == masked_line(text, parsed=absent)


@given(LINES)
def test_line_secrets_reads_the_word_at_the_password_position(text: str) -> None:
    words = text.split()
    position = password_position(words)
    want = [words[position]] if position is not None and position < len(words) else []
    assert line_secrets(text) == want

