"""Issue 26, no amplification: no mail makes the judge send an address more than its
budget, whatever the mail says. Each hostile shape goes through the real SMTP listener
and worker; the test counts what every address was sent, and the bytes sent for the
bytes received (docs/security.md, "No amplification")."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from judge.config import Settings
from judge.games import EXCHANGE, PAYOLA
from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS
from judge.service.guessing import ALERT_MARK
from judge.service.membership import GAMES_PER_DAY, MAX_OBSERVERS
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game
from tests.e2e.conftest import MailJudge

ATTACKER, VICTIM = "attacker@evil.example", "victim@innocent.example"
GM = "gm@example.org"
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
# the most bytes the judge sends for one byte received, over any single mail below
# (docs/security.md): HELP in a mail signed on from an address not the member's is the
# worst, answered and copied to the member's own (20.6, since HELP lists every game); a bare
# HELP gets 12.7
WORST_RATIO = 24


def _raw(sender: str, body: str, n: int, reply_to: str | None = None) -> bytes:
    head = (f"From: {sender}\r\nTo: judge@example.org\r\nSubject: hello\r\n"
            f"Message-ID: <amp-{n}@evil.example>\r\n"
            + (f"Reply-To: {reply_to}\r\n" if reply_to else "")
            + "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
    return (head + body.replace("\n", "\r\n")).encode("ascii")


def _sent(out: list[OutboundMessage]) -> int:
    return sum(len(m.subject) + len(m.body) for m in out)


def _to(judge: MailJudge, address: str) -> list[OutboundMessage]:
    with judge.factory() as s:
        return list(s.scalars(select(OutboundMessage).where(
            OutboundMessage.recipient == address).order_by(OutboundMessage.id)))


class Ratio:
    """The worst bytes sent for bytes received over the mails sent through it."""

    def __init__(self, judge: MailJudge) -> None:
        self.judge = judge
        self.worst = 0.0

    def send(self, sender: str, raw: bytes) -> list[OutboundMessage]:
        out = self.judge.send_raw(sender, raw)
        self.worst = max(self.worst, _sent(out) / len(raw))
        return out


def test_create_and_observe_lines_with_a_victims_reply_to_send_him_one_code(
        by_mail: MailJudge, settings: Settings) -> None:
    ratio = Ratio(by_mail)
    creates = "".join(f"CREATE game{n:03d} password{n:05d}\n" for n in range(200))
    raw = _raw(ATTACKER, creates, 1, reply_to=VICTIM)
    assert 5000 < len(raw) < 8000  # the 6 KB mail
    out = ratio.send(ATTACKER, raw)
    # the victim gets one confirmation; 200 CREATE lines made 200 games and 200 codes
    assert [m.recipient for m in out].count(VICTIM) == 1
    with by_mail.factory() as s:
        assert len(s.scalars(select(Game)).all()) == GAMES_PER_DAY
    # 19 OBSERVE lines from another address, the same Reply-To: nothing more for him
    observe = "".join(f"OBSERVE game000 ob{n:05d}\n" for n in range(19))
    out = ratio.send("other@evil.example", _raw("other@evil.example", observe, 2, VICTIM))
    assert [m.recipient for m in out] == ["other@evil.example"]
    # another day's CREATEs from the same address: still at most GAMES_PER_DAY a day
    out = ratio.send(ATTACKER, _raw(ATTACKER, creates, 3))
    assert "created 3 games within the last day" in " ".join(out[0].body.split())
    assert len(_to(by_mail, VICTIM)) == 1
    assert ratio.worst < WORST_RATIO


def test_signed_on_mail_with_a_victims_reply_to_is_answered_within_his_budget(
        by_mail: MailJudge, settings: Settings) -> None:
    by_mail.send_raw(ATTACKER, _raw(ATTACKER, "CREATE own ownpw77\n", 1))
    ratio = Ratio(by_mail)
    # 30 small mails signed on to the attacker's own game, each asking for HELP,
    # LIST and HISTORY, answered at the victim (before: 30 of 30, 1.56 MB)
    for n in range(30):
        ratio.send(ATTACKER, _raw(ATTACKER, "SIGNON MASTER@own ownpw77\nHELP\nLIST\n",
                                  n + 2, reply_to=VICTIM))
    got = _to(by_mail, VICTIM)
    assert len(got) == settings.replies_per_hour + 1  # ten answers, one notice
    assert "no more answers this hour" in got[-1].subject
    assert _sent(got) < 100_000
    # the same from a forged From (the victim's address) gets him nothing more
    for n in range(5):
        by_mail.send_raw(VICTIM, _raw(VICTIM, "SIGNON MASTER@own ownpw77\nHELP\n", n + 40))
    assert len(_to(by_mail, VICTIM)) == settings.replies_per_hour + 1
    # the attacker's own address gets the copies: his own mail's answers
    assert len(_to(by_mail, ATTACKER)) >= 30
    assert ratio.worst < WORST_RATIO


def _start(judge: MailJudge, game: str, word: str, powers: tuple[str, ...] = POWERS
           ) -> None:
    judge.replies(GM, f"CREATE {game} gmpass {word}")
    for power in powers:
        judge.replies(_player(power), f"JOIN {game} pw{power.lower()} {power}")
    judge.replies(GM, f"SIGNON MASTER@{game} gmpass", "START")


def _player(power: str) -> str:
    return f"{power.lower()}@players.example"


def test_wrong_passwords_alert_an_owner_or_master_at_most_once_an_hour(
        by_mail: MailJudge) -> None:
    _start(by_mail, "guessed", "STANDARD")
    ratio = Ratio(by_mail)
    # one mail of 200 wrong sign-ons for every power: one guess (before: 80 alerts)
    lines = "".join(f"SIGNON {POWERS[n % 7]}@guessed wrong{n:04d}\n" for n in range(200))
    ratio.send(ATTACKER, _raw(ATTACKER, lines, 1))
    # then 20 mails of wrong passwords for each of FRANCE and ITALY (alerts at 5 and 20
    # for each: 4 to the master, 2 to each owner)
    for n in range(40):
        power = ("FRANCE", "ITALY")[n % 2]
        ratio.send(f"g{n}@evil.example", _raw(f"g{n}@evil.example",
                                               f"SIGNON {power}@guessed wrong\n", n + 10))
    for address in (GM, _player("FRANCE"), _player("ITALY")):
        alerts = [m for m in _to(by_mail, address) if ALERT_MARK in m.subject]
        assert alerts, address
        # the first at once, the rest in one more, an hour later
        assert len(alerts) == 2, (address, [m.subject for m in alerts])
        first, later = alerts
        assert later.next_attempt_at >= first.next_attempt_at + timedelta(hours=1)
        assert all(m.budgeted for m in alerts)
    master_later = [m for m in _to(by_mail, GM) if ALERT_MARK in m.subject][1]
    assert "FRANCE" in master_later.body and "ITALY" in master_later.body
    assert master_later.subject.endswith("(and more)")
    assert not _to(by_mail, _player("GERMANY"))[3:]  # created, joined, started: no alert
    assert ratio.worst < WORST_RATIO


def test_many_transfers_in_one_mail_send_the_receiver_one_notice(by_mail: MailJudge) -> None:
    _start(by_mail, "pay", PAYOLA.word)
    italy, austria = _player("ITALY"), _player("AUSTRIA")
    before = len(_to(by_mail, austria))
    ratio = Ratio(by_mail)
    lines = "SIGNON italy@pay pwitaly\n" + "TRANSFER 1 TO AUSTRIA\n" * 250
    out = ratio.send(italy, _raw(italy, lines, 1))
    assert sorted(m.recipient for m in out) == [austria, italy]
    (notice,) = _to(by_mail, austria)[before:]  # was 199 notices
    reply = next(m.body for m in out if m.recipient == italy)
    done = reply.count("CURRENT BALANCE")
    assert done > 1
    assert f"TRANSFER FROM ITALY      {done:6d} AgP" in notice.body, notice.body
    assert ratio.worst < WORST_RATIO


def test_many_transfers_in_one_market_mail_send_the_receiver_one_letter(
        by_mail: MailJudge) -> None:
    by_mail.replies(GM, f"CREATE xe gmpass {EXCHANGE.word} {CREATE_PARAMS}")
    for name in INVESTORS:
        by_mail.replies(f"{name.lower()}@investors.example", f"JOIN xe pw{name.lower()} {name}")
    by_mail.replies(GM, "SIGNON MASTER@xe gmpass", "START")
    giver, taker = INVESTORS[0], INVESTORS[1]
    address = f"{giver.lower()}@investors.example"
    to = f"{taker.lower()}@investors.example"
    ratio = Ratio(by_mail)
    lines = f"SIGNON {giver}@xe pw{giver.lower()}\n" + f"TRANSFER 1 TO {taker}\n" * 150
    out = ratio.send(address, _raw(address, lines, 1))
    letters = [m for m in out if m.recipient == to]
    assert len(letters) == 1, [m.body for m in out]
    done = next(m.body for m in out if m.recipient == address).count("done:")
    assert done > 1 and f"You received {done} AgP from {giver}." in letters[0].body
    assert ratio.worst < WORST_RATIO


def test_a_bare_help_is_the_worst_ratio_and_the_budget_bounds_it(
        by_mail: MailJudge, settings: Settings) -> None:
    ratio = Ratio(by_mail)
    for n in range(settings.replies_per_hour + 5):
        ratio.send(VICTIM, _raw(VICTIM, "HELP\n", n))
    got = _to(by_mail, VICTIM)
    assert len(got) == settings.replies_per_hour + 1
    assert 5 < ratio.worst < WORST_RATIO, ratio.worst


def test_a_game_has_at_most_so_many_observers_so_one_broadcast_reaches_so_many(
        by_mail: MailJudge) -> None:
    """OBSERVE needs no confirmation, and a broadcast reaches every observer: a game's
    observers are capped (``MAX_OBSERVERS``), so one mail of press reaches at most that
    many addresses besides the game's players and master."""
    by_mail.send_raw(ATTACKER, _raw(ATTACKER, "CREATE wide widepw77\n", 1))
    for n in range(MAX_OBSERVERS):
        watcher = f"watcher{n}@elsewhere.example"
        out = by_mail.send_raw(watcher, _raw(watcher, f"OBSERVE wide watch{n:04d}\n", n + 2))
        assert "You observe wide" in out[0].body
    late = "late@elsewhere.example"
    body = " ".join(by_mail.send_raw(late, _raw(late, "OBSERVE wide watchlate\n", 99))[0]
                    .body.split())
    assert f"wide has {MAX_OBSERVERS} observers, as many as a game may have" in body
    out = by_mail.send_raw(ATTACKER, _raw(ATTACKER, "SIGNON MASTER@wide widepw77\n"
                                          "BROADCAST\nHello all\nENDPRESS\n", 100))
    readers = {m.recipient for m in out} - {ATTACKER}
    assert len(readers) == MAX_OBSERVERS and late not in readers
