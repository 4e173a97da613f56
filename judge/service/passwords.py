"""Passwords: salted scrypt hashes compared in constant time, and the count of wrong guesses."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.storage.schema import SignOnFailure

DEFAULT_COST = 2**14  # scrypt N: about 35 ms here; judge.conf [security] scrypt_n may lower it
_R, _P, _LEN = 8, 1, 32
MIN_LENGTH, MAX_LENGTH = 4, 64

WINDOW = timedelta(hours=1)
MAX_PER_SENDER = 5  # wrong passwords from one address per hour
MAX_PER_GAME = 20  # wrong passwords for one game per hour, from anywhere


def hash_password(password: str, cost: int = DEFAULT_COST) -> str:
    """``scrypt$N$r$p$salt$hash`` (hex); the parameters travel with the hash so a
    changed cost never locks anyone out."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=cost, r=_R, p=_P, dklen=_LEN, maxmem=2**26
    )
    return f"scrypt${cost}${_R}${_P}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches the stored hash (constant-time comparison)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        computed = hashlib.scrypt(
            password.encode("utf-8"),
            salt=bytes.fromhex(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(digest) // 2,
            maxmem=2**26,
        )
    except ValueError:
        return False
    return hmac.compare_digest(computed, bytes.fromhex(digest))


def password_problem(password: str) -> str | None:
    """Why a new password is refused, or None (njudge wants plain words; so do mail clients)."""
    if not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        return f"a password has {MIN_LENGTH} to {MAX_LENGTH} characters"
    if not password.isprintable() or any(ch.isspace() for ch in password):
        return "a password is one word of printable characters"
    return None


def record_failure(session: Session, sender: str, game: str, now: datetime) -> None:
    session.add(SignOnFailure(sender=sender.lower(), game=game.lower(), at=now))


def locked_out(session: Session, sender: str, game: str, now: datetime) -> bool:
    """Whether sign-ons from ``sender`` or to ``game`` are refused for now, after too
    many wrong passwords within the last hour (without even checking the password)."""
    since = now - WINDOW
    by_sender = session.scalar(
        select(func.count())
        .select_from(SignOnFailure)
        .where(SignOnFailure.sender == sender.lower(), SignOnFailure.at >= since)
    )
    if (by_sender or 0) >= MAX_PER_SENDER:
        return True
    by_game = session.scalar(
        select(func.count())
        .select_from(SignOnFailure)
        .where(SignOnFailure.game == game.lower(), SignOnFailure.at >= since)
    )
    return (by_game or 0) >= MAX_PER_GAME
