"""What anyone may read: help, the list of games, a game's summary and its public history."""

from __future__ import annotations

import re

from judge import resources
from judge.games import KINDS, kind_named
from judge.service.context import Context, Refusal, Result
from judge.service.kinds import attachments_of, part_of
from judge.service.membership import game_named
from judge.service.reports.documents import as_mail
from judge.service.reports.replies import caret
from judge.storage.games import all_games
from judge.storage.phases import centres_of, phase_records
from judge.storage.schema import Game
from judge.text import commands as c
from judge.text.commands import Step

MAX_HISTORY_PHASES = 40  # njudge caps HISTORY too; ask FROM/TO for more


# HELP <topic>: a game's guide (docs/, each kind's ``guide`` in judge.games) or a short
# text (templates/help/); a game without a guide of its own is helped by the orders text
GUIDES = {k.word: k.guide for k in KINDS if k.guide is not None}
TOPICS = {**{k.word: "orders" for k in KINDS if k.guide is None},
          "ORDERS": "orders", "ORDER": "orders", "PRESS": "press",
          "DEADLINES": "deadlines", "DEADLINE": "deadlines", "TIMING": "deadlines",
          "MASTER": "master", "GM": "master", "GAMES": "games",
          "MARKETS": "games"}


def help_(ctx: Context, cmd: c.Help, step: Step) -> Result:
    if cmd.topic is None:
        return Result(step.line, step.text, True, template="help",
                      data={"topic": None, "games": games_offered()})
    topic = cmd.topic.upper()
    if topic == "RULES":
        return _rules(cmd.more, step)
    if cmd.more:
        raise Refusal(f"HELP {topic} takes no more words; HELP alone lists the topics")
    if topic in GUIDES:
        return _document(GUIDES[topic], step)
    if topic in TOPICS:
        return Result(step.line, step.text, True, template="help_topic",
                      data={"guide": None, "file": f"{TOPICS[topic]}.txt.j2"})
    raise Refusal(f"there is no help on {cmd.topic}; HELP alone lists the commands, and the "
                  f"topics are {_topics()}")


def _topics() -> str:
    return ", ".join([*GUIDES, "ORDERS", "PRESS", "DEADLINES", "MASTER", "GAMES",
                      "RULES <game>"])


def games_offered() -> list[dict[str, str]]:
    """Every game of the registry as HELP lists it: its title, the CREATE line that makes
    one, and the HELP line of its guide (HELP ORDERS when it has none of its own)."""
    out: list[dict[str, str]] = []
    for kind in KINDS:
        if kind.attachment:
            hosts = "|".join(k.word for k in KINDS if k.name in kind.hosts)
            create = f"CREATE <game> <password> [{hosts}] {kind.word}"
        else:
            create = f"CREATE <game> <password> {kind.word}"
        out.append({"title": kind.title, "create": create,
                    "help": f"HELP {kind.word}" if kind.guide else "HELP ORDERS"})
    return out


def guide_text(word: str) -> str:
    """A game's guide as ``HELP <word>`` mails it (the web's help pages show the same)."""
    text = resources.read("docs", GUIDES[word])
    assert text is not None, f"the judge ships no docs/{GUIDES[word]}"
    return as_mail(text)


def _document(relative: str, step: Step, section: str | None = None) -> Result:
    text = resources.read("docs", relative)
    assert text is not None, f"the judge ships no docs/{relative}"
    if section is not None:
        found = section_of(text, section)
        if found is None:
            raise Refusal(f"there is no section {section} in these rules; HELP RULES with "
                          "the game alone mails them whole, with their sections")
        text = found
    return Result(step.line, step.text, True, template="help_topic",
                  data={"guide": as_mail(text), "file": None})


def _rules(words: tuple[str, ...], step: Step) -> Result:
    """HELP RULES <game> [<section>]: the rules the judge applies to a game, by mail."""
    offered = " | ".join(k.word for k in KINDS if k.rules is not None)
    if not words:
        raise Refusal(f"HELP RULES needs a game: HELP RULES {offered}")
    kind = kind_named(words[0])
    if kind is None:
        raise Refusal(f"there is no game {words[0]}; HELP RULES {offered}")
    if kind.rules is None:
        raise Refusal(f"{kind.title} is played by the published rulebook, which the judge "
                      "does not mail; HELP ORDERS says how to write orders")
    return _document(kind.rules, step, words[1] if len(words) > 1 else None)


_NUMBERED = re.compile(r"^(#{1,6})\s+D?(\d+(?:\.\d+)*)\.?\s")
_ANY_HEADING = re.compile(r"^(#{1,6})\s")


_DECISION = re.compile(r"^D(\d+)\.\s")


def section_of(markdown: str, number: str) -> str | None:
    """The section numbered ``number`` (``3``, ``6.1``) of a rules document: its heading
    and everything up to the next heading of the same level or above; or its decision
    ``D3``, up to the next decision or heading; None if it has none such."""
    lines = markdown.splitlines()
    wanted = number.rstrip(".").upper()
    if _DECISION.match(wanted + ". "):
        for i, line in enumerate(lines):
            if line.upper().startswith(wanted + ". "):
                end = i + 1
                while end < len(lines) and not _DECISION.match(lines[end]) \
                        and not _ANY_HEADING.match(lines[end]):
                    end += 1
                return "\n".join(lines[i:end])
        return None
    for i, line in enumerate(lines):
        match = _NUMBERED.match(line)
        if match is None or match.group(2) != wanted:
            continue
        level = len(match.group(1))
        end = i + 1
        while end < len(lines):
            heading = _ANY_HEADING.match(lines[end])
            if heading is not None and len(heading.group(1)) <= level:
                break
            end += 1
        return "\n".join(lines[i:end])
    return None


def list_(ctx: Context, cmd: c.List, step: Step) -> Result:
    if cmd.game:
        return _summary(ctx, game_named(ctx, cmd.game), step)
    games = [g for g in all_games(ctx.session) if g.options.get("LISTED", "YES") == "YES"]
    rows = [{"name": g.name, "variant": g.variant.upper(), "state": g.state,
             "phase": g.phase or "-", "open": part_of(g).openings(g)}
            for g in games]
    return Result(step.line, step.text, True, template="list", data={"games": rows})


def game_of(ctx: Context, name: str | None) -> Game:
    """The game named, or the one the mail signed on in."""
    return _game(ctx, name)


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
    centers = centres_of(records[-1]) if records else {}
    powers = [{"name": p.name, "state": p.state, "centers": centers.get(p.name, 0)}
              for p in game.powers]
    played = [r.phase for r in records if r.processed_at is not None]
    attached = attachments_of(game)
    described = {a.kind.word for a in attached}  # an attachment's flag, said in words
    data: dict[str, object] = {
            "name": game.name, "variant": game.variant.upper(), "state": game.state,
            "phase": game.phase or ("over" if game.ended_at else "not started"),
            "flags": game.flags, "powers": powers, "last": played[-1] if played else None,
            "result": ending_words(game.result) if game.result else None,
            "options": [(k, v) for k, v in part_of(game).settings(game)
                        if k not in described],  # said in words
            "attached": [a.describe(game) for a in attached], "oversight": None,
            "players": part_of(game).players(game)}
    who = ctx.identity
    if who is not None and who.role == "master" and who.game.id == game.id:
        data["oversight"] = part_of(game).oversight(ctx, who)
    return Result(step.line, step.text, True, template="summary", data=data)


def history(ctx: Context, cmd: c.History, step: Step) -> Result:
    """The public record of each processed phase, in the game's own words (its kind's
    ``history``): public once processed."""
    game = _game(ctx, cmd.game)
    played = [r for r in phase_records(ctx.session, game)
              if r.result is not None and r.processed_at is not None]
    names = [r.phase for r in played]
    first = _first_from(names, cmd.start) if cmd.start else 0
    last = _last_to(names, cmd.end) if cmd.end else len(names) - 1
    chosen = list(played[first:last + 1])
    cut = len(chosen) > MAX_HISTORY_PHASES
    phases = part_of(game).history(ctx.session, game, chosen[-MAX_HISTORY_PHASES:])
    return Result(step.line, step.text, True, template="history", data={
        "name": game.name, "phases": phases, "cut": cut,
    })


def _first_from(names: list[str], start: str) -> int:
    """Where HISTORY FROM begins: at the phase named, or (a phase not played) at the
    first played after it in the calendar."""
    if start in names:
        return names.index(start)
    return next((i for i, n in enumerate(names) if phase_order(n) >= phase_order(start)),
                len(names))


def _last_to(names: list[str], end: str) -> int:
    """Where HISTORY TO ends: at the phase named, or at the last played before it."""
    if end in names:
        return len(names) - 1 - names[::-1].index(end)
    before = [i for i, n in enumerate(names) if phase_order(n) <= phase_order(end)]
    return before[-1] if before else -1


_SEASONS = {"S": 0, "U": 1, "F": 2, "W": 3}


def phase_order(phase: str) -> tuple[int, int, str]:
    """Where a phase falls in the calendar, for HISTORY's FROM and TO when the phase
    named was not played: the year, the season, then the phase's letter (every kind
    names its phases <season><year><letter>: S1901M, F1901C, W1900P; the phases played
    themselves are ordered as they were played)."""
    word = phase.strip().upper()
    if len(word) == 6 and word[0] in _SEASONS and word[1:5].isdigit():
        return int(word[1:5]), _SEASONS[word[0]], word[5]
    return 0, 0, word  # no phase's name: before every phase


def unreadable(ctx: Context, cmd: c.Unreadable, step: Step) -> Result:
    problem = cmd.problem
    raise Refusal(problem.message, data=caret(problem))


_ENDINGS = {"victory": "won by {}", "solo": "won by {}", "draw": "a draw among {}",
            "concession": "conceded to {}", "terminated": "ended by its master",
            "end_year": "its last year was played; the best placed: {}"}


def ending_words(result: str) -> str:
    """How a game ended, in words (``Game.result`` is the ending's kind and its powers or
    players)."""
    kind, *who = result.split()
    form = _ENDINGS.get(kind, kind.replace("_", " ") + " {}")
    return form.format(", ".join(who) or "nobody").strip()
