"""What anyone may read: help, the list of games, a game's summary and its public history."""

from __future__ import annotations

import re
import textwrap

from judge import resources
from judge.engine.phase import Phase
from judge.service.context import Context, Refusal, Result
from judge.service.membership import game_named
from judge.service.oversight import overview
from judge.storage.games import all_games
from judge.storage.phases import phase_records
from judge.storage.schema import Game, PowerState
from judge.text import commands as c
from judge.text.commands import Step

MAX_HISTORY_PHASES = 40  # njudge caps HISTORY too; ask FROM/TO for more


# HELP <topic>: the player's guide (docs/) or a short text (templates/help/)
GUIDES = {"PAYOLA": "playing-payola.md", "SHAREHOLDERS": "playing-shareholders.md",
          "EXCHANGE": "playing-exchange.md", "CAPITALIST": "playing-capitalist.md",
          "BOURSE": "playing-bourse.md"}
TOPICS = {"ORDERS": "orders", "ORDER": "orders", "STANDARD": "orders", "PRESS": "press",
          "DEADLINES": "deadlines", "DEADLINE": "deadlines", "TIMING": "deadlines",
          "MASTER": "master", "GM": "master", "GAMES": "games",
          "MARKETS": "games"}


def help_(ctx: Context, cmd: c.Help, step: Step) -> Result:
    if cmd.topic is None:
        return Result(step.line, step.text, True, template="help", data={"topic": None})
    topic = cmd.topic.upper()
    if topic in GUIDES:
        guide = resources.read("docs", GUIDES[topic])
        assert guide is not None, f"the judge ships no docs/{GUIDES[topic]}"
        return Result(step.line, step.text, True, template="help_topic",
                      data={"guide": _mailable(guide), "file": None})
    if topic in TOPICS:
        return Result(step.line, step.text, True, template="help_topic",
                      data={"guide": None, "file": f"{TOPICS[topic]}.txt.j2"})
    names = ", ".join([*GUIDES, "ORDERS", "PRESS", "DEADLINES", "MASTER", "GAMES"])
    raise Refusal(f"there is no help on {cmd.topic}; HELP alone lists the commands, and the "
                  f"topics are {names}")


WIDTH = 78
_RULE = re.compile(r"^\|?\s*:?-{3,}")  # a markdown table's rule
_LINK = re.compile(r"\[([^\]\n]{1,80})\]\([^)\s]{1,200}\)")  # [text](file.md)


def _mailable(guide: str) -> str:
    """A guide from docs/ as a mail: a link to another file becomes its text alone (the
    player has the mail, not the files), a table row a line of its cells, and every line
    fits 78 columns."""
    out: list[str] = []
    for line in _LINK.sub(r"\1", guide).rstrip("\n").splitlines():
        if _RULE.match(line):
            continue  # a table's |---|---| line
        if line.startswith("|") and line.rstrip().endswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            line = "  " + " - ".join(c for c in cells if c)
        if len(line) <= WIDTH:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip())
        hang = indent + 2 if line.lstrip().startswith(("- ", "* ")) or line.startswith("  ") \
            else indent
        out.extend(textwrap.wrap(line, WIDTH, subsequent_indent=" " * hang,
                                 break_long_words=False, break_on_hyphens=False) or [""])
    return "\n".join(out)


def list_(ctx: Context, cmd: c.List, step: Step) -> Result:
    if cmd.game:
        return _summary(ctx, game_named(ctx, cmd.game), step)
    games = [g for g in all_games(ctx.session) if g.options.get("LISTED", "YES") == "YES"]
    rows = [{"name": g.name, "variant": g.variant.upper(), "state": g.state,
             "phase": g.phase or "-", "open": sum(p.state == PowerState.OPEN for p in g.powers)}
            for g in games]
    return Result(step.line, step.text, True, template="list", data={"games": rows})


def _game(ctx: Context, name: str | None) -> Game:
    if name:
        return game_named(ctx, name)
    if ctx.identity is not None:
        return ctx.identity.game
    raise Refusal("which game? name it (e.g. SUMMARY alpha) or sign on first")


def summary(ctx: Context, cmd: c.Summary, step: Step) -> Result:
    return _summary(ctx, _game(ctx, cmd.game), step)


def _summary(ctx: Context, game: Game, step: Step) -> Result:
    """Public facts only: no addresses, balances, orders in progress or votes."""
    records = phase_records(ctx.session, game)
    centers: dict[str, int] = {}
    if records:
        for power, cs in records[-1].state.get("centers", {}).items():
            centers[power] = len(cs)
    powers = [{"name": p.name, "state": p.state, "centers": centers.get(p.name, 0)}
              for p in game.powers]
    data = {"name": game.name, "variant": game.variant.upper(), "state": game.state,
            "phase": game.phase or "not started", "flags": game.flags, "powers": powers,
            "options": {k: v for k, v in game.options.items()}, "oversight": None}
    who = ctx.identity
    if who is not None and who.role == "master" and who.game.id == game.id:
        data["oversight"] = overview(ctx, who)
    return Result(step.line, step.text, True, template="summary", data=data)


def history(ctx: Context, cmd: c.History, step: Step) -> Result:
    """The orders carried out in each processed phase (public once processed)."""
    game = _game(ctx, cmd.game)
    phases = []
    for record in phase_records(ctx.session, game):
        if record.result is None:
            continue
        if cmd.start and _key(record.phase) < _key(cmd.start):
            continue
        if cmd.end and _key(record.phase) > _key(cmd.end):
            continue
        phases.append({"phase": record.phase, "orders": record.result.get("orders", {}),
                       "outcomes": record.result.get("outcomes", {})})
    cut = len(phases) > MAX_HISTORY_PHASES
    return Result(step.line, step.text, True, template="history", data={
        "name": game.name, "phases": phases[-MAX_HISTORY_PHASES:], "cut": cut,
    })


def _key(phase: str) -> tuple[int, int, int]:
    return Phase.parse(phase).sort_key


def unreadable(ctx: Context, cmd: c.Unreadable, step: Step) -> Result:
    problem = cmd.problem
    raise Refusal(problem.message, data={"column": problem.column, "excerpt": problem.excerpt})
