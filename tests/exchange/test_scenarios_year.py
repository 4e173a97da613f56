"""exchange.md 9, scenarios E7-E12 and E18: centre values, elections, dividends, issues, the
share market and transfers."""

from __future__ import annotations

import pytest

from tests.exchange.builder import corporation, floated, mail, play, refused, state


def _france_started(phase: str = "W1900O", **extra: object) -> dict:
    return state(phase, investors={"ALICE": {"shares": {"FRANCE": 6}}},
                 corporations={"FRANCE": corporation(status="STARTED", founder="ALICE",
                                                     S=30, T=24, price=10, treasury=150,
                                                     **extra)})


def test_e7_values_validation() -> None:
    lines = ("VALUES FRANCE BRE 10 MAR 20 PAR 30", "VALUES FRANCE BRE 20 MAR 20 PAR 21",
             "VALUES FRANCE BRE 20 MAR 20")
    result = play(_france_started(), mail("ALICE", *lines))
    assert refused(result) == {
        ("ALICE", lines[0] + ": no centre may be worth more than twice the smallest"),
        ("ALICE", lines[1] + ": values must total 60"),
        ("ALICE", lines[2] + ": list each home centre of FRANCE once")}
    assert result["state"]["corporations"]["FRANCE"]["values_request"] is None


def test_e7_valid_values_stand_until_the_float() -> None:
    result = play(_france_started(), mail("ALICE", "VALUES FRANCE BRE 25 MAR 15 PAR 20"))
    assert result["errors"] == {}
    assert result["state"]["corporations"]["FRANCE"]["values_request"] == {
        "BRE": 25, "MAR": 15, "PAR": 20}


def test_e7_a_later_price_drops_values_that_no_longer_fit() -> None:
    result = play(_france_started(), mail("ALICE", "VALUES FRANCE BRE 25 MAR 15 PAR 20",
                                          "PRICE FRANCE 11"))
    assert result["errors"] == {}
    corp = result["state"]["corporations"]["FRANCE"]
    assert corp["values_request"] is None and corp["price"] == 11


def test_e7_values_refused_outside_financing() -> None:
    result = play(_france_started(), mail("ALICE", "VALUES FRANCE BRE 20 MAR 20 PAR 20"),
                  params={"INCOME_MODE": "PAYOLA"})
    assert refused(result) == {("ALICE", "VALUES FRANCE BRE 20 MAR 20 PAR 20: centre values "
                                         "are not used in this game")}


@pytest.mark.parametrize(("power", "S", "price", "values"), [
    ("GERMANY", 25, 20, {"BER": 34, "KIE": 33, "MUN": 33}),
    ("RUSSIA", 21, 12, {"MOS": 13, "SEV": 13, "STP": 12, "WAR": 12}),
    ("ITALY", 5, 2, {"NAP": 1, "ROM": 1, "VEN": 0}),
])
def test_e7_even_split_at_the_float(power: str, S: int, price: int,  # noqa: N803
                                    values: dict) -> None:
    founder_shares = S // 5
    st = state("W1900P", investors={"ALICE": {"shares": {power: founder_shares}},
                                    "BOB": {"cash": 5000}},
               corporations={power: corporation(status="STARTED", founder="ALICE", S=S,
                                                T=S - founder_shares, price=price,
                                                treasury=100)})
    result = play(st, mail("BOB", f"PURCHASE {S}*{power}"))
    corp = result["state"]["corporations"][power]
    assert corp["status"] == "FLOATED"
    assert corp["sc_values"] == values


def _e8_state(phase: str, holdings: dict[str, int], leader: str | None,
              last: dict[str, str] | None = None) -> dict:
    investors = {n: {"shares": {"FRANCE": h}} for n, h in holdings.items()}
    for n, v in (last or {}).items():
        investors[n]["last_vote"] = {"FRANCE": v}
    return state(phase, investors=investors,
                 corporations={"FRANCE": floated("FRANCE", founder="ALICE", S=30, T=1,
                                                 price=10, treasury=95, leader=leader)},
                 units={"FRANCE": ["F BRE", "A PAR", "A MAR"]},
                 centers={"FRANCE": ["BRE", "PAR", "MAR"]})


def test_e8_first_election() -> None:
    result = play(_e8_state("W1900E", {"ALICE": 6, "BOB": 10, "CAROL": 3, "DAVE": 10}, None),
                  mail("ALICE", "VOTE FRANCE ALICE"), mail("BOB", "VOTE FRANCE DAVE"),
                  mail("CAROL", "VOTE FRANCE ALICE"))
    st = result["state"]
    assert st["corporations"]["FRANCE"]["leader"] == "DAVE"
    assert {n: i["last_vote"] for n, i in st["investors"].items()} == {
        "ALICE": {"FRANCE": "ALICE"}, "BOB": {"FRANCE": "DAVE"},
        "CAROL": {"FRANCE": "ALICE"}, "DAVE": {"FRANCE": "DAVE"}}
    assert st["phase"] == "W1900A"  # treasury 95 >= S 30: a dividend is possible


_SECOND = {"ALICE": 10, "BOB": 10, "CAROL": 3, "DAVE": 6}
_LAST = {"ALICE": "ALICE", "BOB": "DAVE", "CAROL": "ALICE", "DAVE": "DAVE"}


def test_e8_tie_goes_by_lot_after_shares() -> None:
    result = play(_e8_state("W1901E", _SECOND, "DAVE", _LAST),
                  mail("ALICE", "VOTE FRANCE ALICE"), mail("BOB", "VOTE FRANCE BOB"),
                  mail("CAROL", "VOTE FRANCE DAVE"))
    assert result["state"]["corporations"]["FRANCE"]["leader"] == "ALICE"


def test_e8b_sitting_leader_breaks_the_tie() -> None:
    result = play(_e8_state("W1901E", _SECOND, "DAVE", _LAST),
                  mail("ALICE", "VOTE FRANCE ALICE"), mail("BOB", "VOTE FRANCE BOB"),
                  mail("CAROL", "VOTE FRANCE DAVE"), mail("DAVE", "TIEBREAK FRANCE BOB ALICE"))
    assert result["errors"] == {}
    assert result["state"]["corporations"]["FRANCE"]["leader"] == "BOB"


def test_e8c_vote_for_a_seller_falls_back() -> None:
    st = _e8_state("W1901E", _SECOND, "DAVE", _LAST)
    st["asks"] = [{"id": 3, "seller": "DAVE", "corporation": "FRANCE", "remaining": 6,
                   "price": 1}]
    st["next_ask_id"] = 4
    result = play(st, mail("CAROL", "TAKE 3 6"),
                  mail("ALICE", "VOTE FRANCE ALICE"), mail("BOB", "VOTE FRANCE BOB"),
                  mail("CAROL", "VOTE FRANCE DAVE"))
    out = result["state"]
    assert out["investors"]["CAROL"]["shares"] == {"FRANCE": 9}
    assert out["investors"]["DAVE"]["shares"] == {}
    assert out["corporations"]["FRANCE"]["leader"] == "ALICE"
    assert out["investors"]["CAROL"]["last_vote"] == {"FRANCE": "ALICE"}
    assert out["asks"] == []


def _e9_state(treasury: int = 95) -> dict:
    return state("W1901A", investors={n: {"shares": {"FRANCE": h}} for n, h in _SECOND.items()},
                 corporations={"FRANCE": floated("FRANCE", founder="ALICE", S=30, T=1,
                                                 price=10, treasury=treasury, leader="ALICE")},
                 units={"FRANCE": ["F BRE", "A PAR", "A MAR"]},
                 centers={"FRANCE": ["BRE", "PAR", "MAR"]})


def test_e9_dividends() -> None:
    result = play(_e9_state(), mail("ALICE", "DIVIDEND FRANCE 4", "DIVIDEND FRANCE 3"))
    assert refused(result) == {
        ("ALICE", "DIVIDEND FRANCE 4: the largest possible dividend is 3 AgP per share")}
    st = result["state"]
    assert {n: i["cash"] for n, i in st["investors"].items()} == {
        "ALICE": 1030, "BOB": 1030, "CAROL": 1009, "DAVE": 1018}
    assert st["corporations"]["FRANCE"]["treasury"] == 8
    assert st["phase"] == "S1902M"


def test_e9_seed_example() -> None:
    st = state("W1901A", investors={"ALICE": {"shares": {"FRANCE": 6}},
                                    "BOB": {"shares": {"FRANCE": 4}}},
               corporations={"FRANCE": floated("FRANCE", S=10, T=0, price=10, treasury=20,
                                               leader="ALICE")},
               units={"FRANCE": ["F BRE", "A PAR", "A MAR"]},
               centers={"FRANCE": ["BRE", "PAR", "MAR"]})
    result = play(st, mail("ALICE", "DIVIDEND FRANCE 2", signed_on="FRANCE"))
    assert result["errors"] == {}
    st = result["state"]
    assert st["investors"]["ALICE"]["cash"] == 1012
    assert st["investors"]["BOB"]["cash"] == 1008
    assert st["corporations"]["FRANCE"]["treasury"] == 0


def test_e9_silent_leader_pays_nothing() -> None:
    result = play(_e9_state())
    assert result["state"]["corporations"]["FRANCE"]["treasury"] == 95
    assert result["state"]["investors"]["ALICE"]["cash"] == 1000


def _e10_state(phase: str, holdings: dict[str, int] | None = None, S: int = 30,  # noqa: N803
               T: int = 1, pending: int | None = None) -> dict:  # noqa: N803
    return state(phase, investors={n: {"shares": {"FRANCE": h}}
                                   for n, h in (holdings or _SECOND).items()},
                 corporations={"FRANCE": floated("FRANCE", S=S, T=T, price=10, treasury=95,
                                                 leader="ALICE", pending_issue=pending)},
                 units={"FRANCE": ["F BRE", "A PAR", "A MAR"]},
                 centers={"FRANCE": ["BRE", "PAR", "MAR"]})


def test_e10_issue_limit() -> None:
    result = play(_e10_state("W1901B"), mail("ALICE", "ISSUE FRANCE 14", "ISSUE FRANCE 13"))
    assert refused(result) == {("ALICE", "ISSUE FRANCE 14: an issue of 14 would leave more "
                                         "than a third of FRANCE unsold; at most 13")}
    assert result["state"]["corporations"]["FRANCE"]["pending_issue"] == 13
    assert result["state"]["phase"] == "W1901O"


def test_e10_issue_rejected_below_80_percent() -> None:
    result = play(_e10_state("W1901O", pending=13), mail("ALICE", "APPROVE FRANCE"),
                  mail("BOB", "APPROVE FRANCE"), mail("CAROL", "APPROVE FRANCE"))
    corp = result["state"]["corporations"]["FRANCE"]
    assert (corp["S"], corp["T"], corp["pending_issue"]) == (30, 1, None)


def test_e10_issue_approved() -> None:
    result = play(_e10_state("W1901O", pending=13), mail("ALICE", "APPROVE FRANCE"),
                  mail("BOB", "APPROVE FRANCE"), mail("DAVE", "APPROVE FRANCE"))
    corp = result["state"]["corporations"]["FRANCE"]
    assert (corp["S"], corp["T"], corp["pending_issue"]) == (43, 14, None)
    assert result["state"]["phase"] == "W1901P"


def test_e10_exactly_80_percent_approves() -> None:
    result = play(_e10_state("W1901O", {"ALICE": 15, "BOB": 5, "CAROL": 5}, S=25, T=0,
                             pending=5),
                  mail("ALICE", "APPROVE FRANCE"), mail("BOB", "APPROVE FRANCE"))
    corp = result["state"]["corporations"]["FRANCE"]
    assert (corp["S"], corp["T"]) == (30, 5)


def test_e10_new_shares_sold_at_ipo_fill_the_treasury() -> None:
    result = play(_e10_state("W1901P", S=43, T=14), mail("CAROL", "PURCHASE 3*FRANCE"))
    corp = result["state"]["corporations"]["FRANCE"]
    assert (corp["T"], corp["treasury"]) == (11, 125)
    assert result["state"]["bank"] == 0


def test_e11_share_market() -> None:
    st = state("W1901B", investors={"ALICE": {"shares": {"FRANCE": 10}}, "BOB": {"cash": 800},
                                    "CAROL": {"cash": 20}},
               corporations={"FRANCE": floated("FRANCE", S=30, T=1, price=10, leader="ALICE")})
    result = play(st,
                  mail("ALICE", "ASK FRANCE 4 AT 15", "ASK FRANCE 7 AT 12"),
                  mail("BOB", "TAKE 1 2", "TAKE 1 3"),
                  mail("ALICE", "TAKE 1 1"),
                  mail("CAROL", "TAKE 1 2"),
                  mail("BOB", "WITHDRAW 1"),
                  mail("ALICE", "WITHDRAW 1"),
                  mail("BOB", "TAKE 1 1"),
                  mail("ALICE", "ASK FRANCE 1 AT 20"))
    assert refused(result) == {
        ("ALICE", "ASK FRANCE 7 AT 12: you hold only 6 unlisted FRANCE shares"),
        ("BOB", "TAKE 1 3: ask #1 has only 2 shares left"),
        ("ALICE", "TAKE 1 1: you cannot take your own ask"),
        ("CAROL", "TAKE 1 2: you have only 20 AgP available"),
        ("BOB", "WITHDRAW 1: ask #1 is not yours"),
        ("BOB", "TAKE 1 1: no open ask #1")}
    out = result["state"]
    assert out["investors"]["BOB"]["cash"] == 770
    assert out["investors"]["BOB"]["shares"] == {"FRANCE": 2}
    assert out["investors"]["ALICE"]["cash"] == 1030
    assert out["investors"]["ALICE"]["shares"] == {"FRANCE": 8}
    assert out["asks"] == [{"id": 2, "seller": "ALICE", "corporation": "FRANCE",
                            "remaining": 1, "price": 20}]
    assert out["next_ask_id"] == 3


def test_e12_transfers() -> None:
    st = state("W1901B", corporations={
        "FRANCE": floated("FRANCE", S=30, T=1, price=10, treasury=5, leader="ALICE"),
        "GERMANY": corporation(status="STARTED", founder="BOB", S=25, T=20, price=20)},
        investors={"ALICE": {"shares": {"FRANCE": 29}}, "BOB": {"shares": {"GERMANY": 5}}})
    result = play(st, mail("BOB", "TRANSFER 50 TO FRANCE", "TRANSFER 50 TO GERMANY"),
                  mail("ALICE", "TRANSFER 10 TO BOB", signed_on="FRANCE"),
                  mail("BOB", "TRANSFER 0 TO ALICE"))
    assert refused(result) == {
        ("BOB", "TRANSFER 50 TO GERMANY: GERMANY has not floated"),
        ("ALICE/FRANCE", "TRANSFER 10 TO BOB: corporations cannot transfer money"),
        ("BOB", "TRANSFER 0 TO ALICE: amount must be at least 1")}
    out = result["state"]
    assert out["investors"]["BOB"]["cash"] == 950
    assert out["corporations"]["FRANCE"]["treasury"] == 55


def test_e18_unfloated_company_takes_no_action() -> None:
    corps = {"GERMANY": corporation(status="STARTED", founder="BOB", S=25, T=20, price=20)}
    investors = {"BOB": {"shares": {"GERMANY": 5}}, "ALICE": {"shares": {"GERMANY": 1}}}
    a = play(state("W1901A", corporations=corps, investors=investors),
             mail("BOB", "DIVIDEND GERMANY 1"))
    b = play(state("W1901B", corporations=corps, investors=investors),
             mail("BOB", "ISSUE GERMANY 5"))
    e = play(state("W1901E", corporations=corps, investors=investors),
             mail("BOB", "VOTE GERMANY BOB"))
    o = play(state("W1901O", corporations=corps, investors=investors),
             mail("BOB", "PRICE GERMANY 15"), mail("ALICE", "PRICE GERMANY 16"))
    assert refused(a) == {("BOB", "DIVIDEND GERMANY 1: GERMANY has not floated")}
    assert refused(b) == {("BOB", "ISSUE GERMANY 5: GERMANY has not floated")}
    assert refused(e) == {("BOB", "VOTE GERMANY BOB: GERMANY has not floated")}
    assert refused(o) == {("ALICE", "PRICE GERMANY 16: you are not the founder of GERMANY")}
    assert o["state"]["corporations"]["GERMANY"]["price"] == 15
