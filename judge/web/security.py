"""What every response carries and every request may be: the security headers, a bound
on request bodies, the signed cookies and the forms' CSRF tokens."""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from itsdangerous import BadSignature, URLSafeSerializer
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024  # a form of 200 lines of orders is a few KB
HEADERS = [
    (b"content-security-policy",
     b"default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
     b"frame-ancestors 'none'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
SESSION_COOKIE = "judge_session"
FORM_COOKIE = "judge_form"  # a visitor's CSRF token before he signs in


class Hardened:
    """ASGI middleware: the headers on every response, and a request body larger than
    ``MAX_BODY`` refused with 413 before the application reads it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_hardened(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *((k, v) for k, v in HEADERS if k not in names)]
            await send(message)

        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _refuse(send_hardened, 413, b"request body too large")
            return
        body = bytearray()
        more = True
        while more and scope.get("method") in ("POST", "PUT", "PATCH", "DELETE"):
            message = await receive()
            if message["type"] != "http.request":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_BODY:
                await _refuse(send_hardened, 413, b"request body too large")
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send_hardened)


async def _refuse(send: Send, status: int, text: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(text)).encode())]})
    await send({"type": "http.response.body", "body": text})


def web_secret(configured: str, var_dir: Path) -> str:
    """The key the cookies are signed with: ``[web] secret``, else one made once and kept
    in ``<var>/web.secret`` (readable by the judge's user only). Several judges on one
    database behind one name must share it: set it in judge.conf."""
    if configured:
        return configured
    path = var_dir / "web.secret"
    if not path.exists():
        var_dir.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_urlsafe(48))
    return path.read_text().strip()


class Signer:
    """Signs and reads the cookies' values."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="judge-web")

    def sign(self, value: str) -> str:
        return str(self._serializer.dumps(value))

    def read(self, signed: str | None) -> str | None:
        if not signed or len(signed) > 512:
            return None
        try:
            value = self._serializer.loads(signed)
        except (BadSignature, ValueError, TypeError, UnicodeError):
            return None
        return value if isinstance(value, str) else None


def new_token() -> str:
    return secrets.token_urlsafe(32)


def same(given: str | None, expected: str | None) -> bool:
    """Whether a form's token is the expected one (constant time)."""
    if not given or not expected or len(given) > 128:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"),
                               expected.encode("utf-8", "replace"))
