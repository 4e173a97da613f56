"""Password hashes and the in-process cache of successful checks."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from judge.service import passwords
from judge.service.guessing import ANSWERED_AT_ONCE, MAX_ANSWERED, WINDOW
from judge.service.passwords import check_password, forget_verified, hash_password
from judge.storage.schema import SignOnFailure
from tests.service.conftest import Judge, address

COST = 1024


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    forget_verified()
    yield
    forget_verified()


@pytest.fixture
def scrypt_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the real scrypt computations made by check_password (each still runs)."""
    calls: list[int] = []
    real: Callable[..., bytes] = hashlib.scrypt

    def counted(*args: Any, **kw: Any) -> bytes:
        calls.append(kw.get("n", 0))
        return real(*args, **kw)

    monkeypatch.setattr(passwords.hashlib, "scrypt", counted)
    return calls


def test_the_hash_is_salted_and_keeps_its_parameters() -> None:
    one, two = hash_password("secret", COST), hash_password("secret", COST)
    assert one != two and one.startswith(f"scrypt${COST}$8$1$") and "secret" not in one
    assert check_password("secret", one) and check_password("secret", two)


def test_a_repeated_correct_password_pays_scrypt_once(scrypt_calls: list[int]) -> None:
    stored = hash_password("secret", 2**14)
    scrypt_calls.clear()
    assert check_password("secret", stored)
    assert len(scrypt_calls) == 1
    start = time.perf_counter()
    for _ in range(100):
        assert check_password("secret", stored)
    per_check = (time.perf_counter() - start) / 100
    assert len(scrypt_calls) == 1
    assert per_check < 0.001, f"a cached check took {per_check * 1000:.2f} ms"


def test_every_wrong_password_pays_full_cost_and_fails(scrypt_calls: list[int]) -> None:
    stored = hash_password("secret", COST)
    assert check_password("secret", stored)
    scrypt_calls.clear()
    for guess in ("Secret", "secret ", "secre", "secret!", "", "secret" * 2):
        assert not check_password(guess, stored)
        assert not check_password(guess, stored)  # a failure is never remembered either
    assert len(scrypt_calls) == 12
    assert check_password("secret", stored) and len(scrypt_calls) == 12


def test_a_changed_password_invalidates_the_old_one() -> None:
    old = hash_password("first", COST)
    assert check_password("first", old)
    new = hash_password("second", COST)
    assert not check_password("first", new)
    assert check_password("second", new)
    # the cached success belongs to the old hash only
    assert check_password("first", old) and not check_password("second", old)


def test_the_same_password_on_another_hash_is_checked_again(scrypt_calls: list[int]) -> None:
    mine, theirs = hash_password("shared", COST), hash_password("other", COST)
    assert check_password("shared", mine)
    scrypt_calls.clear()
    assert not check_password("shared", theirs) and len(scrypt_calls) == 1


def test_the_cache_is_bounded(monkeypatch: pytest.MonkeyPatch,
                              scrypt_calls: list[int]) -> None:
    monkeypatch.setattr(passwords, "VERIFIED_SIZE", 3)
    hashes = [hash_password(f"pw{i}", COST) for i in range(5)]
    for i, stored in enumerate(hashes):
        assert check_password(f"pw{i}", stored)
    assert len(passwords._verified) == 3
    scrypt_calls.clear()
    assert check_password("pw4", hashes[4]) and not scrypt_calls  # recent: cached
    assert check_password("pw0", hashes[0]) and len(scrypt_calls) == 1  # evicted: paid again


def test_broken_stored_hashes_never_match() -> None:
    for stored in ("", "plain", "md5$1$8$1$00$00", "scrypt$1000$8$1$zz$00", "scrypt$x$8$1$00$00"):
        assert not check_password("anything", stored)
        assert not check_password("", stored)


def test_a_surrogate_never_passes_for_the_character_it_might_be_encoded_as() -> None:
    stored = hash_password("ab?d", COST)
    assert check_password("ab?d", stored)
    assert not check_password("ab\udc80d", stored)
    assert not check_password("ab\ufffdd", stored)


# scrypt's PBKDF2 pads short keys with NULs, so "pw" and "pw\0" (and "" and "\0") hash
# alike; mail never carries NUL (the reader drops control characters), so neither the
# passwords nor the guesses here hold it
WORDS = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"),
                min_size=1, max_size=12)
GUESSES = st.text(st.characters(exclude_characters="\x00"), max_size=12)


@settings(max_examples=60, deadline=None)
@given(right=WORDS, guess=GUESSES)
def test_only_the_right_password_is_ever_accepted(right: str, guess: str) -> None:
    stored = hash_password(right, COST)
    assert check_password(right, stored)
    assert check_password(right, stored)  # from the cache now
    assert check_password(guess, stored) == (guess == right)
    assert check_password(right + guess, stored) == (guess == "")


def test_a_correct_password_still_works_after_wrong_ones_from_its_own_address(
        started: Callable[..., Judge]) -> None:
    judge = started()
    for _ in range(MAX_ANSWERED + 5):  # someone forging France's address guesses away
        judge.send(address("FRANCE"), "SIGNON france@alpha guess")
    assert "Signed on" in judge.reply(address("FRANCE"), "SIGNON france@alpha pwfrance")
    with judge.factory() as s:
        assert s.scalar(select(func.count()).select_from(SignOnFailure)) == MAX_ANSWERED + 5


def test_wrong_passwords_from_many_senders_lock_nobody_out(
        started: Callable[..., Judge]) -> None:
    judge = started()
    for n in range(40):
        judge.send(f"guesser{n}@else.org", "SIGNON italy@alpha guess")
        judge.send(f"guesser{n}@else.org", "SIGNON master@alpha guess")
    assert "Signed on" in judge.reply(address("ITALY"), "SIGNON italy@alpha pwitaly")
    assert "Signed on" in judge.reply("gm@example.org", "SIGNON MASTER@alpha masterpw")


def test_answers_to_a_guesser_come_ever_later_then_not_at_all(
        started: Callable[..., Judge]) -> None:
    judge = started()
    waits = []
    for _ in range(MAX_ANSWERED + 2):
        out = judge.send("guesser@else.org", "SIGNON france@alpha guess")
        answers = [m for m in out if m.recipient == "guesser@else.org"
                   and "no more answers" not in m.subject]
        waits.append((answers[0].next_attempt_at - answers[0].created_at).total_seconds()
                      if answers else None)
    assert waits[:ANSWERED_AT_ONCE] == [0] * ANSWERED_AT_ONCE
    # then ever later (until the address's hourly budget of answers, or MAX_ANSWERED)
    slowed = [w for w in waits[ANSWERED_AT_ONCE:] if w is not None]
    assert len(slowed) >= 3 and slowed == sorted(set(slowed)) and slowed[0] > 0
    assert waits[ANSWERED_AT_ONCE + len(slowed):] == [None] * (
        len(waits) - ANSWERED_AT_ONCE - len(slowed))
    assert waits[-1] is None
    # a right password is taken at once, whoever guessed before: from an address not
    # France's, the answer to it is one more answer over that address's budget (issue 26:
    # not sent), and France's own address gets its copy at once
    out = judge.send("guesser@else.org", "SIGNON france@alpha pwfrance")
    assert [m.recipient for m in out] == [address("FRANCE")]
    assert "Signed on" in out[0].body and out[0].next_attempt_at == out[0].created_at
    # from France's own address, it is answered at once
    (answer,) = judge.send(address("FRANCE"), "SIGNON france@alpha pwfrance")
    assert "Signed on" in answer.body and answer.next_attempt_at == answer.created_at


def test_the_slowing_ends_an_hour_after_the_wrong_passwords(
        started: Callable[..., Judge]) -> None:
    judge = started()
    for _ in range(MAX_ANSWERED + 1):
        judge.send("guesser@else.org", "SIGNON france@alpha guess")
    assert not judge.send("guesser@else.org", "SIGNON france@alpha guess")
    judge.now += WINDOW
    assert "wrong password" in judge.reply("guesser@else.org", "SIGNON france@alpha guess")


def test_the_owner_and_the_master_are_told_of_guessing(started: Callable[..., Judge]) -> None:
    judge = started()
    told = []
    for n in range(5):
        told += [m for m in judge.send(f"g{n}@else.org", "SIGNON germany@alpha guess")
                 if "wrong passwords" in m.subject]
    assert {m.recipient for m in told} == {address("GERMANY"), "gm@example.org"}
    mine = next(m.body for m in told if m.recipient == address("GERMANY"))
    assert "5 wrong passwords for GERMANY" in mine and "g0@else.org" in mine
    assert "guess " not in mine and "guess\n" not in mine  # the guesses are never repeated
