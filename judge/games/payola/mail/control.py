"""Who plays whom in a stored Payola game: the master's SET CONTROL, DUMMY powers and the
VASSAL_DUMMIES vassals, handed to the money layer as one ``Control`` (spec 2.9)."""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.board import Map
from judge.engine.position import Position
from judge.games import kind_of
from judge.money.payola.control import Control, ControlError
from judge.money.payola.rules import RuleSet
from judge.service.context import Context, Refusal, Result
from judge.service.powers import power_named
from judge.service.reports import control_mails, roster_of
from judge.storage.games import power_of
from judge.storage.schema import Game, GameState, Power, PowerState
from judge.text import commands as c
from judge.text.commands import Step

NOBODY = ("NOBODY", "NONE", "NOONE")


def dummies_of(game: Game, rules: RuleSet) -> frozenset[str]:
    """Powers nobody plays are DUMMY powers when CD_DUMMIES is on (spec 5.2.4); a power
    played by its controller is still a DUMMY, which under VASSAL_DUMMIES makes it a
    vassal."""
    if not rules.cd_dummies:
        return frozenset()
    return frozenset(p.name for p in game.powers if p.state != PowerState.PLAYED)


def vassal_lords(dummies: frozenset[str], taken: Mapping[str, str],
                 centers: Mapping[str, frozenset[str]], board: Map) -> dict[str, str]:
    """VASSAL_DUMMIES (spec 7): a DUMMY nobody was named to control becomes the vassal of
    the power that owns every one of its home centres. Ownership, as the position holds
    it (updated after each Fall), stands for "occupies": it is what the results report."""
    owner = {center: power for power, cs in centers.items() for center in cs}
    lords: dict[str, str] = {}
    for dummy in sorted(dummies - set(taken)):
        homes = board.homes.get(dummy) or frozenset()
        holders = {owner.get(h) for h in homes}
        if len(holders) != 1:
            continue
        (lord,) = holders
        if lord is not None and lord != dummy and lord not in dummies and lord not in taken:
            lords[dummy] = lord
    return lords


def control_of(game: Game, board: Map, position: Position | None = None) -> Control:
    """The game's control relationships now: each SET CONTROL of a power that has no
    player of its own and whose controller is played, and under VASSAL_DUMMIES the
    vassals ``position`` gives."""
    rules = RuleSet.parse(game.flags, board.centers)
    dummies = dummies_of(game, rules)
    played = {p.name for p in game.powers if p.state == PowerState.PLAYED}
    given = {p.name: p.controller for p in game.powers
             if p.controller and p.name not in played and p.controller in played}
    # a controller that is itself controlled cannot hold another (checked when set; a
    # later change of players may have undone it)
    given = {who: by for who, by in given.items() if by not in given and by not in dummies}
    if rules.vassal_dummies and position is not None:
        given.update(vassal_lords(dummies, given, position.centers, board))
    return Control.parse(given, board.powers, dummies, rules.vassal_dummies)


def vassal_status(game: Game, board: Map, position: Position) -> dict[str, str | None] | None:
    """Under VASSAL_DUMMIES, each DUMMY power with the power it is a vassal of in
    ``position`` (None: independent), for the results; None when the rule is off."""
    control = control_of(game, board, position)
    if not control.vassal_rule:
        return None
    return {d: control.controllers.get(d) for d in sorted(control.dummies)}


def controller_player(game: Game, power: Power) -> Power | None:
    """The power whose player may sign on as ``power``: its controller, when ``power``
    has no player of its own and its controller has one."""
    if power.controller is None or power.state == PowerState.PLAYED:
        return None
    by = power_of(game, power.controller)
    return by if by is not None and by.state == PowerState.PLAYED else None


def set_control(ctx: Context, cmd: c.SetOption, step: Step) -> Result:
    """The master's ``SET CONTROL <power> BY <power>`` (DPjudge's CONTROL line) and
    ``SET NOCONTROL <power>``: the controller's player plays the controlled power, which
    keeps its own account; under VASSAL_DUMMIES a controlled DUMMY is a vassal instead."""
    game = ctx.master().game
    if not kind_of(game.variant).bank:
        raise Refusal(f"{game.name} is not a Payola game; SET CONTROL is for Payola games")
    if game.state in (GameState.COMPLETED, GameState.TERMINATED):
        raise Refusal(f"game {game.name} is {game.state}; control can no longer change")
    board = ctx.board(game)
    words = cmd.value.upper().split()
    ending = cmd.name == "NOCONTROL" or (len(words) == 3 and words[2] in NOBODY)
    if cmd.name == "NOCONTROL" and len(words) == 1:
        who = _power(game, board, words[0])
    elif len(words) == 3 and words[1] == "BY":
        who = _power(game, board, words[0])
    else:
        raise Refusal(f"SET {cmd.name} {cmd.value}: write SET CONTROL <power> BY <power>, "
                      "e.g. SET CONTROL ITALY BY FRANCE, or SET NOCONTROL ITALY")
    if ending:
        if who.controller is None:
            raise Refusal(f"{who.name} is not controlled; nothing changed")
        was, who.controller = who.controller, None
        _tell(ctx, game, board, who.name, was, given=False)
        return Result(step.line, step.text, True,
                      [f"{who.name} is no longer controlled by {was}."])
    by = _power(game, board, words[2])
    _check(game, board, who, by)
    who.controller = by.name
    _tell(ctx, game, board, who.name, by.name, given=True)
    return Result(step.line, step.text, True, [f"{who.name} is now controlled by {by.name}."])


def _tell(ctx: Context, game: Game, board: Map, power: str, by: str, given: bool) -> None:
    """The controller's player learns what it now plays (or no longer plays); a vassal
    (VASSAL_DUMMIES) is told apart, since it sends nothing of its own."""
    vassal = given and control_of(game, board).is_vassal(power)
    for mail in control_mails(roster_of(game, ctx.settings.name), power, by, given, vassal):
        ctx.notify(mail.to, mail.subject, mail.body)


def _power(game: Game, board: Map, word: str) -> Power:
    power = power_of(game, power_named(board, word))
    assert power is not None
    return power


def _check(game: Game, board: Map, who: Power, by: Power) -> None:
    """Refuse what cannot be played: a power with its own player, a controller nobody
    plays, chains, and whatever the money layer refuses (spec 2.9)."""
    if who.state == PowerState.PLAYED:
        raise Refusal(f"{who.name} has a player; only a power nobody plays can be "
                      f"controlled (EJECT {who.name} first, or let it stay its player's)")
    if by.state != PowerState.PLAYED:
        raise Refusal(f"{by.name} has no player to play {who.name}")
    given = {p.name: p.controller for p in game.powers
             if p.controller and p is not who and p.state != PowerState.PLAYED}
    given[who.name] = by.name
    rules = RuleSet.parse(game.flags, board.centers)
    try:
        Control.parse(given, board.powers, dummies_of(game, rules), rules.vassal_dummies)
    except ControlError as e:
        raise Refusal(f"SET CONTROL refused: {e}") from None
