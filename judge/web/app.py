"""The web application: Starlette routes, each a page rendered from templates/web/ with
autoescape on. Pages are read-only (GET changes nothing); the forms are POSTed with a
CSRF token. Every page is cached by what it shows, keyed by the game's ``version``, so
several judges on one database serve the same pages and the cache is never stale."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from datetime import datetime
from functools import cache
from typing import Any

from jinja2 import Environment, FunctionLoader, StrictUndefined, select_autoescape
from sqlalchemy.orm import Session, sessionmaker
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from judge import resources
from judge.config import Settings
from judge.games import KINDS
from judge.service.lookups import GUIDES, guide_text
from judge.storage.base import utcnow
from judge.storage.schema import Game
from judge.storage.session import read_snapshot, unit_of_work
from judge.storage.websessions import WebSession, end_session, find_session
from judge.web import boards, pages, player
from judge.web.security import (
    FORM_COOKIE,
    SESSION_COOKIE,
    Hardened,
    Signer,
    new_token,
    same,
    web_secret,
)

CACHED = 512  # pages kept


def _source(name: str) -> str | None:
    return resources.read("templates", f"web/{name}")


@cache
def environment() -> Environment:
    env = Environment(loader=FunctionLoader(_source), undefined=StrictUndefined,
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["stamp"] = lambda when: when.strftime("%Y-%m-%d %H:%M UTC") if when else ""
    env.filters["iso"] = lambda when: when.strftime("%Y-%m-%dT%H:%M:%SZ") if when else ""
    return env


def render(name: str, **context: Any) -> str:
    return environment().get_template(name).render(**context)


class Pages:
    """Rendered pages by key, at most ``CACHED`` (least recently used go first)."""

    def __init__(self) -> None:
        self._pages: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], bytes]) -> bytes:
        with self._lock:
            if key in self._pages:
                self._pages.move_to_end(key)
                return self._pages[key]
        page = make()
        with self._lock:
            self._pages[key] = page
            while len(self._pages) > CACHED:
                self._pages.popitem(last=False)
        return page


@contextmanager
def reading(factory: sessionmaker[Session]) -> Iterator[Session]:
    """A session that only reads (on SQLite a plain BEGIN: no write lock is taken, and
    the pages never wait for the judge's writers)."""
    engine = factory.kw["bind"]
    with engine.connect() as connection, read_snapshot(connection), \
            Session(bind=connection, expire_on_commit=False) as session:
        yield session


def create_app(settings: Settings, factory: sessionmaker[Session]) -> Hardened:
    """The web application of a judge on ``factory``'s database."""
    signer = Signer(web_secret(settings.option("web", "secret"), settings.var_dir))
    cached = Pages()
    engine = factory.kw["bind"]
    judge_name = settings.name

    def html(body: str | bytes, status: int = 200) -> HTMLResponse:
        return HTMLResponse(body, status_code=status)

    def game_or_404(session: Session, name: str) -> Game:
        game = pages.game_named(session, name)
        if game is None:
            raise HTTPException(404, f"there is no game named {name}")
        return game

    def listing(request: Request) -> Response:
        with reading(factory) as session:
            rows = pages.listed(session)
        return html(render("list.html.j2", title="Games", judge=judge_name, games=rows))

    def cached_page(name: str, what: Hashable, make: Callable[[Session, Game], bytes]
                    ) -> bytes:
        """The page ``what`` of the game named: from the cache while the game's version
        is the one it was made at (one statement), else made in a read-only session."""
        with engine.connect() as connection, read_snapshot(connection):
            key = pages.version(connection, name)
            if key is None:
                raise HTTPException(404, f"there is no game named {name}")

            def fresh() -> bytes:
                with Session(bind=connection, expire_on_commit=False) as session:
                    return make(session, game_or_404(session, name))

            return cached.get((what, key), fresh)

    def game_page(request: Request) -> Response:
        def make(session: Session, game: Game) -> bytes:
            view = pages.game_view(session, game, settings)
            return render("game.html.j2", title=f"Game {view.name}", judge=judge_name,
                          g=view).encode()

        return html(cached_page(request.path_params["name"], "game", make))

    def phase_page(request: Request) -> Response:
        phase = request.path_params["phase"].upper()

        def make(session: Session, game: Game) -> bytes:
            record = pages.record_named(session, game, phase) if len(phase) <= 8 else None
            if record is None:
                return b""
            view = pages.game_view(session, game, settings)
            names = [p.phase for p in view.phases]
            at = len([r for r in pages.played(session, game) if r.seq <= record.seq]) - 1
            shown = view.phases[at]
            return render("phase.html.j2", title=f"{game.name} {shown.phase}",
                          judge=judge_name, g=view, p=shown,
                          earlier=names[at - 1] if at > 0 else None,
                          later=names[at + 1] if at + 1 < len(names) else None).encode()

        page = cached_page(request.path_params["name"], ("phase", phase), make)
        if not page:
            raise HTTPException(404, f"no played phase {phase} of this game")
        return html(page)

    def current_map(request: Request) -> Response:
        def make(session: Session, game: Game) -> bytes:
            state = pages.current_state(session, game)
            if state is None:
                return b""
            return boards.png(state, f"{game.name} {game.phase}")

        return _png(cached_page(request.path_params["name"], "map", make))

    def market_chart(request: Request) -> Response:
        return _png(cached_page(request.path_params["name"], "chart", pages.chart_png))

    def phase_map(request: Request) -> Response:
        phase = request.path_params["phase"].upper()

        def make(session: Session, game: Game) -> bytes:
            record = pages.record_named(session, game, phase) if len(phase) <= 8 else None
            if record is None or not pages.board_shown(game):
                return b""
            return boards.png(record.state, f"{game.name} {record.phase}", record)

        return _png(cached_page(request.path_params["name"], ("map", phase), make))

    def feed(request: Request) -> Response:
        base = str(request.base_url).rstrip("/")

        def make(session: Session, game: Game) -> bytes:
            view = pages.game_view(session, game, settings)
            return render("feed.atom.j2", g=view, base=base, updated=_updated(view)).encode()

        body = cached_page(request.path_params["name"], ("feed", base), make)
        return Response(body, media_type="application/atom+xml; charset=utf-8")

    def help_index(request: Request) -> Response:
        guides = [(k.word, k.title) for k in KINDS if k.word in GUIDES]
        return html(render("help.html.j2", title="Help", judge=judge_name, guides=guides))

    def help_guide(request: Request) -> Response:
        word = request.path_params["word"].upper()
        text = guide_text(word) if word in GUIDES else None
        if text is None:
            raise HTTPException(404, f"there is no guide named {word}")
        return html(render("guide.html.j2", title=f"HELP {word}", judge=judge_name,
                           word=word, text=text))

    def stylesheet(request: Request) -> Response:
        return Response(_css(), media_type="text/css; charset=utf-8",
                        headers={"cache-control": "max-age=3600"})

    # -- the player's own page ------------------------------------------------------

    def signed_in(request: Request, session: Session,
                  now: datetime) -> tuple[WebSession, Game] | None:
        token = signer.read(request.cookies.get(SESSION_COOKIE))
        web = find_session(session, token, now) if token else None
        if web is None:
            return None
        game = session.get(Game, web.game_id)
        return (web, game) if game is not None else None

    def signin_form(request: Request) -> Response:
        token = signer.read(request.cookies.get(FORM_COOKIE)) or new_token()
        response = html(render("signin.html.j2", title="Sign in", judge=judge_name,
                               csrf=token, message="", game="", who=""))
        _cookie(request, response, FORM_COOKIE, signer.sign(token), 3600)
        return response

    async def signin(request: Request) -> Response:
        form = await _form(request)
        expected = signer.read(request.cookies.get(FORM_COOKIE))
        if not same(form.get("csrf"), expected):
            raise HTTPException(403, "the form has expired; load the sign-in page again")
        return await _threaded(request, lambda: _signin_done(request, form, str(expected)))

    def _signin_done(request: Request, form: dict[str, str], csrf: str) -> Response:
        now = utcnow()
        with unit_of_work(factory) as session:
            done = player.sign_in(session, settings, form.get("game", ""), form.get("who", ""),
                                  form.get("password", ""), _client(request), now)
        if done.token is None:
            return html(render("signin.html.j2", title="Sign in", judge=judge_name, csrf=csrf,
                               message=done.message, game=form.get("game", "")[:32],
                               who=form.get("who", "")[:32]), done.status)
        response = RedirectResponse("/me", status_code=303)
        _cookie(request, response, SESSION_COOKIE, signer.sign(done.token), None)
        return response

    def me(request: Request) -> Response:
        now = utcnow()
        with factory() as session:
            try:
                found = signed_in(request, session, now)
                if found is None:
                    return RedirectResponse("/signin", status_code=303)
                web, game = found
                shown = _own_page(session, web, game, now, reply=None)
            finally:
                session.rollback()  # STATUS ran as a mail would; this page writes nothing
        return html(shown)

    def _own_page(session: Session, web: WebSession, game: Game, now: datetime,
                  reply: str | None) -> str:
        mails = [(m.subject, m.created_at, m.body) for m in player.mails(session, web)]
        who, name, csrf = web.who, game.name, web.csrf
        nested = session.begin_nested()
        try:
            status = player.status(session, settings, web, game, now)
        finally:
            nested.rollback()
        return render("me.html.j2", title=f"{who} in {name}", judge=judge_name, who=who,
                      game=name, csrf=csrf, status=status, mails=mails, reply=reply)

    async def send(request: Request) -> Response:
        form = await _form(request)
        return await _threaded(request, lambda: _sent(request, form))

    def _sent(request: Request, form: dict[str, str]) -> Response:
        now = utcnow()
        reply: str | None = None
        with unit_of_work(factory) as session:
            found = signed_in(request, session, now)
            if found is None:
                raise HTTPException(401, "you are not signed in")
            web, game = found
            if not same(form.get("csrf"), web.csrf):
                raise HTTPException(403, "the form has expired; load your page again")
            if not player.still_vouched(session, settings, web, game, now):
                web.ended_at = now
                ended = True
            else:
                ended = False
                reply = player.send(session, settings, web, game, form.get("lines", ""),
                                    _client(request), now)
        if ended:
            raise HTTPException(401, "your sign-on no longer holds (a new password?); "
                                "sign in again")
        with factory() as session:
            try:
                found = signed_in(request, session, now)
                if found is None:  # the form's lines ended his session
                    return html(render("reply.html.j2", title="Reply", judge=judge_name,
                                       reply=reply or ""))
                web, game = found
                shown = _own_page(session, web, game, now, reply=reply or
                                  "(the judge sent no reply to this mail)")
            finally:
                session.rollback()
        return html(shown)

    async def signout(request: Request) -> Response:
        form = await _form(request)
        return await _threaded(request, lambda: _signed_out(request, form))

    def _signed_out(request: Request, form: dict[str, str]) -> Response:
        now = utcnow()
        token = signer.read(request.cookies.get(SESSION_COOKIE))
        with unit_of_work(factory) as session:
            web = find_session(session, token, now) if token else None
            if web is None or not same(form.get("csrf"), web.csrf):
                raise HTTPException(403, "not signed in, or the form has expired")
            end_session(session, str(token), now)
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    async def error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else "the judge failed"
        titles = {404: "Not found", 405: "Not allowed", 403: "Forbidden", 400: "Bad request",
                  401: "Not signed in", 413: "Too large"}
        return html(render("error.html.j2", title=titles.get(status, "Error"),
                           judge=judge_name, status=status, detail=str(detail)), status)

    routes = [
        Route("/", listing, methods=["GET"]),
        Route("/game/{name}", game_page, methods=["GET"]),
        Route("/game/{name}/map.png", current_map, methods=["GET"]),
        Route("/game/{name}/chart.png", market_chart, methods=["GET"]),
        Route("/game/{name}/feed.atom", feed, methods=["GET"]),
        Route("/game/{name}/phase/{phase}", phase_page, methods=["GET"]),
        Route("/game/{name}/phase/{phase}/map.png", phase_map, methods=["GET"]),
        Route("/help", help_index, methods=["GET"]),
        Route("/help/{word}", help_guide, methods=["GET"]),
        Route("/judge.css", stylesheet, methods=["GET"]),
        Route("/signin", signin_form, methods=["GET"]),
        Route("/signin", signin, methods=["POST"]),
        Route("/me", me, methods=["GET"]),
        Route("/me", send, methods=["POST"]),
        Route("/signout", signout, methods=["POST"]),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: error, 500: error})
    return Hardened(app)


def _png(image: bytes) -> Response:
    if not image:
        raise HTTPException(404, "no map is drawn yet")
    return Response(image, media_type="image/png", headers={"cache-control": "max-age=60"})


def _updated(view: pages.GameView) -> datetime | None:
    times = [p.processed for p in view.phases if p.processed] + [b.sent for b in view.press]
    return max(times) if times else None


@cache
def _css() -> str:
    return resources.read("templates", "web/judge.css") or ""


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def _cookie(request: Request, response: Response, name: str, value: str,
            max_age: int | None) -> None:
    response.set_cookie(name, value, max_age=max_age, path="/", httponly=True,
                        samesite="strict", secure=request.url.scheme == "https")


async def _form(request: Request) -> dict[str, str]:
    """A form's fields (the first of each name, text only); a body that is no form is a
    400."""
    try:
        form = await request.form(max_files=0, max_fields=20)
    except Exception as exc:  # any malformed body: the client's fault, never a 500
        raise HTTPException(400, "that is not a form") from exc
    out: dict[str, str] = {}
    for key, value in form.multi_items():
        if isinstance(value, str) and key not in out:
            out[key] = value
    return out


async def _threaded(request: Request, work: Callable[[], Response]) -> Response:
    """Run blocking database work off the event loop."""
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(work)
