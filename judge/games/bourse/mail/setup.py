"""The master attaches a Bourse to his game: ``BOURSE`` and ``<PARAM>=<value>`` words in
CREATE, or ``SET BOURSE ON`` and ``SET <PARAM> <value>`` before the start."""

from __future__ import annotations

from judge.games.bourse.mail import FLAG, PARAM, attached, param_values
from judge.games.bourse.mail.members import bourse_members
from judge.games.bourse.rules.params import DEFAULTS, BourseParams, ParamError
from judge.games.market.mail.play import typed
from judge.service.context import Context, Refusal, Result
from judge.service.reports.notices import notice_subject
from judge.service.reports.replies import render_letter
from judge.storage.mailqueue import queue_mail
from judge.storage.schema import Game, GameState
from judge.text import commands as c
from judge.text.commands import Step

# parameters the master may change once the host game has started
ANY_TIME = ("JOIN_OPEN", "HOST_PLAYERS_MAY_JOIN", "NO_EARLY")


def split_words(words: list[str]) -> tuple[list[str], dict[str, str] | None]:
    """CREATE's words without the Bourse's: the host's words, and the Bourse's
    parameters (None when there is no ``BOURSE`` word)."""
    if FLAG not in words:
        return words, None
    host: list[str] = []
    params: dict[str, str] = {}
    for word in words:
        name, eq, value = word.partition("=")
        if word == FLAG:
            continue
        if eq:
            params[name] = _checked(name, value)
        else:
            host.append(word)
    _valid({**params})
    return host, params


def attach(game: Game, params: dict[str, str]) -> None:
    game.options = {**(game.options or {}), FLAG: "ON",
                    **{PARAM + k: v for k, v in params.items()}}


def describe(game: Game) -> str:
    """``BOURSE`` and the parameters set, as a reply says them."""
    given = ", ".join(f"{k[len(PARAM):]}={v}" for k, v in sorted((game.options or {}).items())
                      if k.startswith(PARAM))
    return f"with a Bourse{' (' + given + ')' if given else ''}"


def set_option(ctx: Context, cmd: c.SetOption, step: Step) -> Result | None:
    """``SET BOURSE ON|OFF`` and ``SET <Bourse parameter> <value>``; None for the host's
    options."""
    if cmd.name != FLAG and cmd.name not in DEFAULTS:
        return None
    game = ctx.master().game
    value = cmd.value.strip().upper()
    if cmd.name == FLAG:
        if game.state != GameState.FORMING:
            raise Refusal(f"{game.name} has started; a Bourse is attached before the start")
        if value not in ("ON", "OFF"):
            raise Refusal("SET BOURSE ON attaches a Bourse to the game; SET BOURSE OFF "
                          "takes it away")
        if value == "OFF":
            game.options = {k: v for k, v in (game.options or {}).items()
                            if k != FLAG and not k.startswith(PARAM)}
            return Result(step.line, step.text, True, [f"{game.name} has no Bourse now."])
        attach(game, {})
        return Result(step.line, step.text, True, [
            f"{game.name} now has a Bourse beside it; anyone joins it with: "
            f"SIGNON BOURSE@{game.name} <password> and JOIN BOURSE <pseudonym>"])
    if not attached(game):
        raise Refusal(f"{cmd.name} is a Bourse parameter and {game.name} has no Bourse; "
                      "SET BOURSE ON first")
    if game.state not in (GameState.FORMING, GameState.ACTIVE, GameState.PAUSED):
        raise Refusal(f"{game.name} is {game.state}; its Bourse is over")
    if game.state != GameState.FORMING and cmd.name not in ANY_TIME:
        raise Refusal(f"{game.name} has started; only {', '.join(ANY_TIME)} of its "
                      "Bourse may change now")
    checked = _checked(cmd.name, value)
    before = param_values(game).get(cmd.name)
    _valid({**{k: str(v) for k, v in param_values(game).items()}, cmd.name: checked})
    game.options = {**game.options, PARAM + cmd.name: checked}
    said = [f"{cmd.name} is now {checked} in the Bourse of {game.name}."]
    if game.state != GameState.FORMING and param_values(game).get(cmd.name) != before:
        told = tell_members(ctx, game, notice_subject(
            game.name, f": the Bourse's {cmd.name} is now {checked}"), [_news(cmd.name, checked)])
        said.append(f"Every member of the Bourse is told ({told}).")
    return Result(step.line, step.text, True, said)


def _news(name: str, value: str) -> str:
    """What a member reads of a parameter the master changed during the game."""
    if name == "NO_EARLY":
        return ("The master switched NO_EARLY off: a host phase with a Bourse turn may now "
                "be processed before its deadline, once every host player has ordered, "
                "so trade early." if typed(value, DEFAULTS[name]) is False else
                "The master switched NO_EARLY on: a host phase with a Bourse turn is "
                "processed only at its deadline.")
    return f"The master set {name} to {value}."


def tell_members(ctx: Context, game: Game, subject: str, lines: list[str]) -> int:
    """The same letter to every member of the Bourse; how many were told."""
    body = render_letter("market/bourse_notice.txt.j2", v={"lines": lines}, game=game.name,
                         judge=ctx.settings.name, judge_address=ctx.settings.address)
    readers = {m.address.lower(): m.address for m in bourse_members(ctx.session, game)}
    for address in readers.values():
        queue_mail(ctx.session, address, subject, body, sender=ctx.settings.address,
                   now=ctx.now)
    return len(readers)


def _checked(name: str, value: str) -> str:
    if name not in DEFAULTS:
        raise Refusal(f"{name} is not a Bourse parameter; its parameters are "
                      f"{', '.join(DEFAULTS)}")
    try:
        typed(value, DEFAULTS[name])
    except ValueError as e:
        raise Refusal(f"{name}={value}: {e}") from None
    return value.upper()


def _valid(params: dict[str, str]) -> None:
    try:
        BourseParams.from_names({k: typed(v, DEFAULTS[k]) for k, v in params.items()})
    except ParamError as e:
        raise Refusal(f"the Bourse cannot be set up: {e}") from None
