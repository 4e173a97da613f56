"""A game played from W1900B on random mail, phase after phase, each result's state fed to
the next case: no case is refused, shares stay conserved and nothing goes negative."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.batch import run_case
from judge.games.exchange.batch import play_case  # noqa: F401 - the engine's import-time setup
from tests.exchange.builder import NAMES, case, state

POWERS = ["FRANCE", "ENGLAND", "GERMANY", "ITALY"]
LINES = {
    "B": ["BID {p} {n}", "BID {p} {n} SHARES {s} PRICE {k}", "ISSUE {p} {k}",
          "TRANSFER {k} TO {i}"],
    "O": ["SETUP {p} SHARES {s} PRICE {k}", "PRICE {p} {k}", "APPROVE {p}"],
    "P": ["PURCHASE {k}*{p}", "CAP {n}", "NOPURCHASE"],
    "E": ["VOTE {p} {i}", "TIEBREAK {p} {i}"],
    "A": ["DIVIDEND {p} {k}", "BUILD A PAR", "BUILD F LON", "WAIVE"],
    "M": ["{k} : F BRE - MAO", "{k} : A PAR - BUR", "{k} : F LON - ENG", "{k} : A MUN - BUR",
          "{k} : A VEN - TYR", "{k} : F NAP - ION", "{k} : A MAR - SPA"],
    "R": ["A PAR - GAS", "A BUR - PIC", "F ENG - WAL"],
}
ANY = ["ASK {p} {k} AT {k}", "TAKE {k} 1", "DRAW {p} {p}", "ACCEPT {x}"]


def random_lines(kind: str, draw: Callable) -> list[str]:
    pool = LINES.get(kind, []) + ANY
    out = []
    for _ in range(draw(st.integers(0, 3))):
        template = draw(st.sampled_from(pool))
        out.append(template.format(p=draw(st.sampled_from(POWERS)),
                                   i=draw(st.sampled_from(NAMES)),
                                   n=draw(st.integers(90, 400)), s=draw(st.integers(5, 30)),
                                   k=draw(st.integers(0, 25)),
                                   x=draw(st.sampled_from(["F?", "FE", "G?E"]))))
    return out


@settings(max_examples=12, deadline=None)
@given(st.data())
def test_random_game_keeps_its_books(data: st.DataObject) -> None:
    current = state("W1900B")
    for _ in range(16):
        kind = current["phase"][5]
        mails = []
        for name in NAMES:
            leads = [p for p, c in current["corporations"].items() if c["leader"] == name]
            signed = data.draw(st.sampled_from([None, *leads]))
            lines = random_lines(kind, data.draw)
            power = data.draw(st.sampled_from(POWERS))
            if kind == "B":  # keep the game moving: corporations get started and floated
                lines.append(f"BID {power} {data.draw(st.integers(100, 300))}")
            elif kind == "P":
                lines.append(f"PURCHASE 30*{power}")
            mails.append({"from": name, "lines": lines, **({"as": signed} if signed else {})})
        result = run_case(case(current, mails))
        assert "error" not in result, result
        current = result["state"]
        for name, corp in current["corporations"].items():
            held = sum(i["shares"].get(name, 0) for i in current["investors"].values())
            if corp["status"] != "UNSTARTED":
                assert corp["S"] == corp["T"] + held
            assert corp["treasury"] >= 0
        assert all(i["cash"] >= 0 for i in current["investors"].values())
        if result["end"] is not None:
            break
