"""Passwords: salted scrypt hashes compared in constant time (wrong ones: service.guessing)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.service.context import Context

DEFAULT_COST = 2**14  # scrypt N: about 35 ms here; judge.conf [security] scrypt_n may lower it
_R, _P, _LEN = 8, 1, 32
MIN_LENGTH, MAX_LENGTH = 4, 64
# New passwords hashed for one mail (JOIN, CREATE, OBSERVE, SET PASSWORD, a Bourse
# newcomer's sign-on): each costs a full scrypt, and 200 CREATE lines in one mail held
# every other sender up for 11 s (issue 26).
MAX_NEW_PER_MAIL = 3
# Refusal.data[LIMIT]: the command was refused for a limit of the mail or the day, and the
# mail's later commands of its type are refused the same way without being run
LIMIT = "limit"
NEW_PASSWORDS_SPENT = (f"at most {MAX_NEW_PER_MAIL} new passwords are set from one mail (each "
                       "costs the judge a slow hash); send this line again in another mail")


def hash_password(password: str, cost: int = DEFAULT_COST) -> str:
    """``scrypt$N$r$p$salt$hash`` (hex); the parameters travel with the hash so a
    changed cost never locks anyone out."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=cost, r=_R, p=_P, dklen=_LEN, maxmem=2**26
    )
    return f"scrypt${cost}${_R}${_P}${salt.hex()}${digest.hex()}"


# Successful checks this process has made, so a player who signs on in every mail pays
# scrypt once per process, not once per mail. Entries are HMACs under a key that never
# leaves the process: neither the stored hash nor the password can be read back from
# them, and only a correct password ever gets in, so a wrong one always pays full cost.
# The stored hash is part of the entry, so a new password (new salt) never matches an
# old entry.
VERIFIED_SIZE = 4096
_verified_key = secrets.token_bytes(32)
_verified: OrderedDict[bytes, None] = OrderedDict()
_verified_lock = threading.Lock()


def _verified_token(password: str, stored: str) -> bytes:
    # length-prefixed and losslessly encoded, so no two different pairs share a message
    hashed = stored.encode("utf-8", "surrogatepass")
    message = len(hashed).to_bytes(4, "big") + hashed + password.encode("utf-8", "surrogatepass")
    return hmac.new(_verified_key, message, hashlib.sha256).digest()


def forget_verified() -> None:
    """Empty the cache of successful checks (every password pays scrypt again)."""
    with _verified_lock:
        _verified.clear()


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches the stored hash (constant-time comparison); a pair
    that matched before in this process is answered from the cache of successes."""
    token = _verified_token(password, stored)
    with _verified_lock:
        if token in _verified:
            _verified.move_to_end(token)
            return True
    if not _scrypt_matches(password, stored):
        return False
    with _verified_lock:
        _verified[token] = None
        while len(_verified) > VERIFIED_SIZE:
            _verified.popitem(last=False)
    return True


def password_matches(ctx: Context, password: str, stored: str) -> bool:
    """The check every sign-on makes: the password matches the stored hash. A sign-on
    the web's session vouches for (``ctx.vouched``: the hash its password matched when
    the player signed in, judge.web) matches that hash alone, whatever the line's
    password. The hash a password matched is kept in ``ctx.matched`` (the web's sign-in
    keeps it for its session)."""
    if ctx.vouched is not None:
        return hmac.compare_digest(ctx.vouched.encode(), stored.encode())
    if not check_password(password, stored):
        return False
    ctx.matched = stored
    return True


def _scrypt_matches(password: str, stored: str) -> bool:
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


def new_password_hash(ctx: Context, password: str) -> str:
    """The hash of a new password given in the mail ``ctx`` reads, at the configured
    cost; a refusal when the password is unfit or the mail has set
    ``MAX_NEW_PER_MAIL`` already."""
    from judge.service.context import Refusal

    problem = password_problem(password)
    if problem:
        raise Refusal(f"password refused: {problem}")
    if ctx.new_passwords >= MAX_NEW_PER_MAIL:
        raise Refusal(NEW_PASSWORDS_SPENT, data={LIMIT: NEW_PASSWORDS_SPENT})
    ctx.new_passwords += 1
    cost = int(ctx.settings.option("security", "scrypt_n", str(DEFAULT_COST)))
    return hash_password(password, cost)
