"""Lark trees of grammar/mail.lark turned into Command values (no game or board lookups)."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from judge.engine.phase import Phase
from judge.games import BOURSE
from judge.text import commands as c


class ToCommand(Transformer):
    """Tree -> Command value; no game or board lookups here."""

    def help(self, words: list[Token | None]) -> c.Help:
        given = [str(w) for w in words if w is not None]
        return c.Help(given[0] if given else None, tuple(given[1:]))

    @v_args(inline=True)
    def list_games(self, game: Token | None) -> c.List:
        return c.List(_game(game) if game else None)

    def create(self, items: list[Token]) -> c.Create:
        game, password, *words = items
        return c.Create(_game(game), str(password), tuple(str(w).upper() for w in words))

    @v_args(inline=True)
    def join(self, game: Token, password: Token, power: Token | None) -> c.Join | c.JoinBourse:
        if str(game).upper() == BOURSE.word and power is None:
            return c.JoinBourse(str(password))
        return c.Join(_game(game), str(password), _opt(power))

    @v_args(inline=True)
    def join_named(self, target: Token, password: Token) -> c.Join:
        power, game = str(target).split("@", 1)
        return c.Join(_game(game), str(password), power.upper())

    @v_args(inline=True)
    def observe(self, game: Token, password: Token) -> c.Observe:
        return c.Observe(_game(game), str(password))

    @v_args(inline=True)
    def observe_named(self, target: Token, password: Token) -> c.Observe:
        name, game = str(target).split("@", 1)
        return c.Observe(_game(game), str(password), name)

    @v_args(inline=True)
    def signon_named(self, _kw: Token, target: Token, password: Token) -> c.SignOn:
        who, game = str(target).split("@", 1)
        return c.SignOn(who.upper(), _game(game), str(password))

    @v_args(inline=True)
    def signon_initial(self, _kw: Token, target: Token, password: Token) -> c.SignOn:
        text = str(target)
        return c.SignOn(text[0].upper(), _game(text[1:]), str(password))

    @v_args(inline=True)
    def signon_join(self, _kw: Token, target: Token, password: Token) -> c.Join:
        return c.Join(_game(str(target)), str(password))

    def signoff(self, _: list) -> c.SignOff:
        return c.SignOff()

    def clear(self, _: list) -> c.Clear:
        return c.Clear()

    def status(self, _: list) -> c.Status:
        return c.Status()

    def accept(self, items: list[Token]) -> c.Accept:
        return c.Accept("".join(str(t) for t in items).upper())

    @v_args(inline=True)
    def transfer(self, amount: Token, to: Token) -> c.Transfer:
        return c.Transfer(int(str(amount)), str(to).upper())

    def press(self, _: list) -> c.Press:
        return c.Press(broadcast=True)

    @v_args(inline=True)
    def press_to(self, to: tuple[str, ...]) -> c.Press:
        return c.Press(to=to)

    @v_args(inline=True)
    def press_all(self, _all: Token, but: tuple[str, ...] | None) -> c.Press:
        return c.Press(to=but, all_but=True) if but else c.Press(broadcast=True)

    def broadcast(self, _: list) -> c.Press:
        return c.Press(broadcast=True)

    def endpress(self, _: list) -> c.EndPress:
        return c.EndPress()

    def recipients(self, items: list[Token]) -> tuple[str, ...]:
        return tuple(str(t).upper() for t in items)

    @v_args(inline=True)
    def set_password(self, password: Token) -> c.SetPassword:
        return c.SetPassword(str(password))

    @v_args(inline=True)
    def set_address(self, address: Token | None) -> c.SetAddress:
        return c.SetAddress(_opt(address))

    @v_args(inline=True)
    def confirm_address(self, code: Token) -> c.ConfirmAddress:
        return c.ConfirmAddress(str(code).lower())

    def set_wait(self, _: list) -> c.SetWait:
        return c.SetWait(True)

    def set_nowait(self, _: list) -> c.SetWait:
        return c.SetWait(False)

    @v_args(inline=True)
    def set_absence(self, period: Token) -> c.SetAbsence:
        return c.SetAbsence(str(period).strip())

    def set_noabsence(self, _: list) -> c.SetAbsence:
        return c.SetAbsence(None)

    @v_args(inline=True)
    def set_draw(self, powers: tuple[str, ...] | None) -> c.SetDraw:
        return c.SetDraw(True, powers or ())

    def set_nodraw(self, _: list) -> c.SetDraw:
        return c.SetDraw(False)

    @v_args(inline=True)
    def set_option(self, name: Token, value: Token | None) -> c.SetOption:
        return c.SetOption(str(name).upper(), str(value).strip() if value else "")

    @v_args(inline=True)
    def history(self, game: Token | None, start: Token | None, end: Token | None) -> c.History:
        return c.History(_game(game) if game else None, _phase(start), _phase(end))

    @v_args(inline=True)
    def map_of(self, game: Token | None, phase: Token | None) -> c.MapOf:
        return c.MapOf(_game(game) if game else None, _phase(phase))

    @v_args(inline=True)
    def summary(self, game: Token | None) -> c.Summary:
        return c.Summary(_game(game) if game else None)

    def resign(self, _: list) -> c.Resign:
        return c.Resign()

    def start_game(self, _: list) -> c.Start:
        return c.Start()

    def pause(self, _: list) -> c.Pause:
        return c.Pause()

    def resume(self, _: list) -> c.Resume:
        return c.Resume()

    @v_args(inline=True)
    def process(self, phase: Token | None) -> c.Process:
        if phase is not None and str(phase)[-1:].upper() not in "MRA":
            return c.Process(str(phase).upper())  # a market game's phase: W1900B, S1901C
        return c.Process(_phase(phase))

    @v_args(inline=True)
    def rollback(self, phase: Token) -> c.Rollback:
        return c.Rollback(str(_phase(phase)))

    @v_args(inline=True)
    def eject(self, power: Token) -> c.Eject:
        return c.Eject(str(power).upper())

    @v_args(inline=True)
    def replace(self, power: Token) -> c.Replace:
        return c.Replace(str(power).upper())

    def terminate(self, _: list) -> c.Terminate:
        return c.Terminate()

    def addresses(self, _: list) -> c.Addresses:
        return c.Addresses()


def _opt(token: Token | None) -> str | None:
    return None if token is None else str(token)


def _game(token: Token | str) -> str:
    # njudge writes "?game" in CREATE and SIGNON; the game's name has no "?"
    return str(token).lstrip("?").lower()


_SEASONS = "SUFW"  # spring, summer (Shareholders), fall, winter


def _phase(token: Token | None) -> str | None:
    """A phase's name as the judge writes it: the board's phases in their canonical form
    (``s1901m`` -> ``S1901M``), a market game's (``W1900B``, ``F1901C``) upper case."""
    if token is None:
        return None
    try:
        return str(Phase.parse(str(token)))
    except ValueError:
        word = str(token).upper()
        if word[0] not in _SEASONS:  # no season: no phase of any game
            raise
        return word
