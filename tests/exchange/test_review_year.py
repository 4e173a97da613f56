"""Review of exchange.md from income to the end (3.2 year-end, 4.5-4.7, 5.6-5.12, draws,
board phases played by corporations and investors), every expected value worked by hand
from the spec's text. The lots are drawn here as the spec's conventions define them."""

from __future__ import annotations

import hashlib

from tests.exchange.builder import POWERS, corporation, floated, mail, play, refused, state


def lot(seed: int, context: str, names: list[str]) -> list[str]:
    """The spec's lot: ascending SHA-256 of "<seed>/<context>/<NAME>"."""
    return sorted(names, key=lambda n: hashlib.sha256(
        f"{seed}/{context}/{n}".encode()).hexdigest())


def test_the_lots_used_below() -> None:
    assert lot(5, "W1900P/IPO", ["ALICE", "BOB", "CAROL", "DAVE"]) == [
        "DAVE", "BOB", "CAROL", "ALICE"]  # the spec's own example
    assert lot(5, "W1901E/ELECT/FRANCE", ["ALICE", "BOB", "DAVE"]) == ["DAVE", "ALICE", "BOB"]
    assert lot(5, "W1903E/ELECT/FRANCE", ["ALICE", "BOB"]) == ["BOB", "ALICE"]
    assert lot(5, "F1901M/INVESTORS", ["ALICE", "BOB", "CAROL", "DAVE"]) == [
        "ALICE", "BOB", "DAVE", "CAROL"]


# --- the year-end step (3.2, 5.6) -------------------------------------------------------

def _france(phase: str, **fields: object) -> dict:
    """FRANCE floated (values 20 each), ALICE its leader and only holder; GERMANY started,
    so BER, KIE and MUN are inactive."""
    corp = floated("FRANCE", founder="ALICE", S=30, T=0, price=10, treasury=0,
                   leader="ALICE", sc_values={"BRE": 20, "MAR": 20, "PAR": 20})
    corp.update(fields)
    return state(phase, investors={"ALICE": {"shares": {"FRANCE": 30}},
                                   "BOB": {"shares": {"GERMANY": 5}}},
                 corporations={"FRANCE": corp,
                               "GERMANY": corporation(status="STARTED", founder="BOB", S=25,
                                                      T=20, price=20, treasury=100)},
                 units={"FRANCE": ["A MUN", "A BEL", "F BRE"]},
                 centers={"FRANCE": ["BRE", "MAR", "PAR"]})


def test_year_end_inactive_centers_keep_no_owner_and_vacated_centers_stay() -> None:
    # A MUN stands on an inactive centre: no owner. A BEL takes BEL (neutral, 10). MAR and
    # PAR are vacant and stay French. Income 20 + 20 + 20 + 10 = 70.
    result = play(_france("F1901M"))
    out = result["state"]
    assert out["phase"] == "W1901B"
    assert sorted(out["centers"]["FRANCE"]) == ["BEL", "BRE", "MAR", "PAR"]
    assert "MUN" in out["inactive"]
    assert out["corporations"]["FRANCE"]["treasury"] == 70
    assert out["corporations"]["GERMANY"]["treasury"] == 100  # not floated: no income
    assert result["end"] is None


def test_year_end_payola_income_uses_victory_scs_as_v() -> None:
    # D41: V = VICTORY_SCS = 10; 4 centres: 9 + 8 + 7 + 6 = 30.
    st = _france("F1901M", sc_values={})
    result = play(st, params={"INCOME_MODE": "PAYOLA", "VICTORY_SCS": 10})
    assert result["state"]["corporations"]["FRANCE"]["treasury"] == 30
    assert result["end"] is None


def test_year_end_runs_when_both_movement_phases_are_skipped() -> None:
    # No units: W1901E -> A (nothing: floor(0 / 30) = 0, no builds: BRE MAR PAR owned but
    # the corporation's centres equal... no units and 3 centres means 3 builds) -> held.
    st = _france("W1901E")
    st["units"] = {}
    result = play(st)
    assert result["state"]["phase"] == "W1901A"
    after = play(result["state"])  # the leader is silent: every build waived
    assert after["state"]["phase"] == "W1902B"  # S1902M, F1902M skipped, year-end run
    assert after["state"]["corporations"]["FRANCE"]["treasury"] == 60


def test_solo_at_a_lowered_threshold_goes_to_the_first_alphabetically() -> None:
    # D42: ENGLAND and FRANCE both own 3 centres with VICTORY_SCS 3: ENGLAND wins.
    # ENGLAND S 30, T 3: ALICE 18 -> 60.00, BOB 9 -> 30.00; CAROL's FRANCE is worth nothing.
    st = state("F1901M",
               investors={"ALICE": {"shares": {"ENGLAND": 18}},
                          "BOB": {"shares": {"ENGLAND": 9}},
                          "CAROL": {"shares": {"FRANCE": 20}}},
               corporations={"ENGLAND": floated("ENGLAND", S=30, T=3, price=5, leader="ALICE"),
                             "FRANCE": floated("FRANCE", S=20, T=0, price=5, leader="CAROL")},
               units={"ENGLAND": ["F LON"], "FRANCE": ["A PAR"]},
               centers={"ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["PAR", "BRE", "MAR"]})
    result = play(st, params={"VICTORY_SCS": 3, "END_YEAR": 1901})
    assert result["end"] == {"kind": "solo", "winners": ["ALICE"], "scores": {
        "ALICE": 60.0, "BOB": 30.0, "CAROL": 0.0, "DAVE": 0.0}}  # solo before END_YEAR
    assert result["state"]["phase"] == "W1901B"


def test_end_year_with_no_survivor_is_a_tie_of_everyone() -> None:
    # D21: nothing valued, all investors tie at 0. W1901B with nothing started skips to
    # the year-end of 1902.
    result = play(state("W1901B"), params={"END_YEAR": 1902})
    assert result["state"]["phase"] == "W1902B"
    assert result["end"] == {"kind": "end_year", "winners": ["ALICE", "BOB", "CAROL", "DAVE"],
                             "scores": {"ALICE": 0.0, "BOB": 0.0, "CAROL": 0.0, "DAVE": 0.0}}


def test_end_year_values_are_summed_exactly_before_rounding() -> None:
    # ALICE: 100 x 1/3 + 100 x 1/3 = 66.666... -> 66.67 (not 33.33 + 33.33 = 66.66).
    # BOB: 2/3 of FRANCE, CAROL 2/3 of ENGLAND: the three exact values are equal and tie.
    st = state("F1903M",
               investors={"ALICE": {"shares": {"FRANCE": 1, "ENGLAND": 1}},
                          "BOB": {"shares": {"FRANCE": 2}},
                          "CAROL": {"shares": {"ENGLAND": 2}}},
               corporations={"ENGLAND": floated("ENGLAND", S=3, T=0, price=5, leader="CAROL"),
                             "FRANCE": floated("FRANCE", S=3, T=0, price=5, leader="BOB"),
                             "GERMANY": floated("GERMANY", S=3, T=0, price=5, leader="BOB")},
               units={"ENGLAND": ["F LON"], "FRANCE": ["A PAR"], "GERMANY": ["A BER"]},
               centers={"ENGLAND": ["LON"], "FRANCE": ["PAR"]})
    result = play(st, params={"END_YEAR": 1903})
    # GERMANY takes BER (active: it has floated) and is valued too, but nobody holds it.
    assert sorted(result["state"]["centers"]["GERMANY"]) == ["BER"]
    assert result["end"]["kind"] == "end_year"
    assert result["end"]["scores"] == {"ALICE": 66.67, "BOB": 66.67, "CAROL": 66.67,
                                       "DAVE": 0.0}
    assert result["end"]["winners"] == ["ALICE", "BOB", "CAROL"]


# --- elections (5.7) ---------------------------------------------------------------------

def _election(holdings: dict[str, int], leader: str | None, phase: str = "W1901E",
              **extra: object) -> dict:
    investors: dict[str, dict] = {n: {"shares": {"FRANCE": h}} for n, h in holdings.items()}
    investors.setdefault("EVE", {"shares": {}})
    st = state(phase, investors=investors,
               corporations={"FRANCE": floated("FRANCE", founder="ALICE", S=30, T=0,
                                               price=10, treasury=0, leader=leader)},
               units={"FRANCE": ["F BRE", "A PAR", "A MAR"]},
               centers={"FRANCE": ["BRE", "MAR", "PAR"]})
    st.update(extra)
    return st


def _leader(result: dict) -> str:
    return result["state"]["corporations"]["FRANCE"]["leader"]


def test_tiebreak_list_takes_its_first_member_in_the_tie() -> None:
    # ALICE 10, BOB 10, CAROL 10 (CAROL 5 + DAVE 5); sitting leader CAROL lists DAVE (not
    # tied) then BOB: BOB leads, although her own vote went to CAROL.
    st = _election({"ALICE": 10, "BOB": 10, "CAROL": 5, "DAVE": 5}, "CAROL")
    votes = [mail("ALICE", "VOTE FRANCE ALICE"), mail("BOB", "VOTE FRANCE BOB"),
             mail("CAROL", "VOTE FRANCE CAROL", "TIEBREAK FRANCE DAVE BOB"),
             mail("DAVE", "VOTE FRANCE CAROL")]
    result = play(st, *votes)
    assert result["errors"] == {}
    assert _leader(result) == "BOB"
    without = play(st, *votes[:2], mail("CAROL", "VOTE FRANCE CAROL"), votes[3])
    assert _leader(without) == "CAROL"  # her own counted vote is in the tie


def test_tiebreak_signed_on_as_the_corporation() -> None:
    st = _election({"ALICE": 10, "BOB": 10, "CAROL": 5, "DAVE": 5}, "CAROL")
    result = play(st, mail("ALICE", "VOTE FRANCE ALICE"), mail("BOB", "VOTE FRANCE BOB"),
                  mail("CAROL", "TIEBREAK FRANCE BOB", signed_on="FRANCE"),
                  mail("DAVE", "VOTE FRANCE CAROL"),
                  mail("ALICE", "TIEBREAK FRANCE ALICE"))
    assert refused(result) == {
        ("ALICE", "TIEBREAK FRANCE ALICE: only the sitting leader of FRANCE may break ties")}
    # CAROL silent as a voter: never voted -> herself, 5 + DAVE's 5 = 10: three-way tie
    assert _leader(result) == "BOB"


def test_a_tie_the_leader_does_not_decide_goes_to_most_shares() -> None:
    # ALICE 10 -> ALICE, BOB 2 -> BOB, CAROL 8 -> DAVE, DAVE 10 -> CAROL: ALICE 10,
    # CAROL 10, DAVE 8, BOB 2. Leader BOB's vote is not in the tie; ALICE holds 10,
    # CAROL 8: ALICE.
    st = _election({"ALICE": 10, "BOB": 2, "CAROL": 8, "DAVE": 10}, "BOB")
    result = play(st, mail("ALICE", "VOTE FRANCE ALICE"), mail("BOB", "VOTE FRANCE BOB"),
                  mail("CAROL", "VOTE FRANCE DAVE"), mail("DAVE", "VOTE FRANCE CAROL"))
    assert _leader(result) == "ALICE"
    last = {n: i["last_vote"] for n, i in result["state"]["investors"].items()}
    assert last["CAROL"] == {"FRANCE": "DAVE"} and last["DAVE"] == {"FRANCE": "CAROL"}


def test_the_lot_is_among_those_still_tied_after_shares() -> None:
    # D37: ALICE 10, BOB 10, DAVE 6 + CAROL 4 = 10. The sitting leader EVE holds nothing
    # and sent no TIEBREAK. Most shares: ALICE and BOB (10 each), DAVE out; the lot
    # W1901E/ELECT/FRANCE orders DAVE, ALICE, BOB: ALICE (not DAVE).
    st = _election({"ALICE": 10, "BOB": 10, "CAROL": 4, "DAVE": 6}, "EVE")
    votes = [mail("ALICE", "VOTE FRANCE ALICE"), mail("BOB", "VOTE FRANCE BOB"),
             mail("CAROL", "VOTE FRANCE DAVE")]
    assert _leader(play(st, *votes)) == "ALICE"
    # two years later the lot W1903E/ELECT/FRANCE orders BOB first
    later = _election({"ALICE": 10, "BOB": 10, "CAROL": 4, "DAVE": 6}, "EVE", "W1903E")
    assert _leader(play(later, *votes)) == "BOB"


def test_votes_fall_back_to_last_vote_then_to_the_voter() -> None:
    # CAROL votes for EVE (holds nothing: void) and her last_vote BOB is eligible -> BOB;
    # DAVE is silent and his last_vote EVE is ineligible -> himself.
    st = _election({"ALICE": 10, "BOB": 7, "CAROL": 6, "DAVE": 7}, "ALICE")
    st["investors"]["CAROL"]["last_vote"] = {"FRANCE": "BOB"}
    st["investors"]["DAVE"]["last_vote"] = {"FRANCE": "EVE"}
    result = play(st, mail("CAROL", "VOTE FRANCE EVE"), mail("BOB", "VOTE FRANCE BOB"),
                  mail("ALICE", "VOTE FRANCE ALICE"))
    assert result["errors"] == {}
    assert _leader(result) == "BOB"  # BOB 13, ALICE 10, DAVE 7
    last = {n: i["last_vote"] for n, i in result["state"]["investors"].items()}
    assert last == {"ALICE": {"FRANCE": "ALICE"}, "BOB": {"FRANCE": "BOB"},
                    "CAROL": {"FRANCE": "BOB"}, "DAVE": {"FRANCE": "DAVE"}, "EVE": {}}


def test_prefloated_first_election_has_no_tie_breaker() -> None:
    # Nobody breaks the tie at the first election of a PREFLOATED game, even the founder
    # field: ALICE 10 -> ALICE, BOB 10 -> BOB, CAROL 5 -> DAVE, DAVE 5 -> CAROL: ALICE and
    # BOB tie at 10 with 10 shares each; W1901E lot among them: ALICE.
    st = _election({"ALICE": 10, "BOB": 10, "CAROL": 5, "DAVE": 5}, None)
    st["corporations"]["FRANCE"]["founder"] = "BOB"
    votes = [mail("ALICE", "VOTE FRANCE ALICE"), mail("BOB", "VOTE FRANCE BOB"),
             mail("CAROL", "VOTE FRANCE DAVE"), mail("DAVE", "VOTE FRANCE CAROL")]
    assert _leader(play(st, *votes, params={"PREFLOATED": True})) == "ALICE"
    # not PREFLOATED: the founder BOB breaks it with his own vote
    assert _leader(play(st, *votes)) == "BOB"


def test_a_new_leader_clears_only_his_corporations_draw_vote() -> None:
    st = _election({"ALICE": 20, "BOB": 10}, "BOB",
                   draw_votes={"FRANCE": ["ENGLAND", "FRANCE"],
                               "ENGLAND": ["ENGLAND", "FRANCE"]})
    st["corporations"]["ENGLAND"] = floated("ENGLAND", S=20, T=0, price=5, leader="DAVE")
    st["investors"]["DAVE"]["shares"] = {"ENGLAND": 20}
    st["centers"]["ENGLAND"] = ["LON"]
    result = play(st)  # ALICE (20, herself) beats BOB; DAVE keeps ENGLAND
    assert _leader(result) == "ALICE"
    assert result["state"]["corporations"]["ENGLAND"]["leader"] == "DAVE"
    assert result["state"]["draw_votes"] == {"ENGLAND": ["ENGLAND", "FRANCE"]}


# --- dividends and adjustments (4.6, 5.9, 3.3) -------------------------------------------

def _e9(phase: str = "W1901A", treasury: int = 95) -> dict:
    return state(phase,
                 investors={"ALICE": {"shares": {"FRANCE": 10}},
                            "BOB": {"shares": {"FRANCE": 10}},
                            "CAROL": {"shares": {"FRANCE": 3}},
                            "DAVE": {"shares": {"FRANCE": 6}}},
                 corporations={"FRANCE": floated("FRANCE", founder="ALICE", S=30, T=1,
                                                 price=10, treasury=treasury,
                                                 leader="ALICE")},
                 units={"FRANCE": ["F BRE", "A PAR", "A MAR"]},
                 centers={"FRANCE": ["BRE", "MAR", "PAR"]})


def _cash(result: dict) -> dict[str, int]:
    return {n: i["cash"] for n, i in result["state"]["investors"].items()}


def test_dividend_signed_on_as_the_corporation_and_money_given_first() -> None:
    # BOB gives 30: treasury 125, floor(125 / 30) = 4; 4 x 29 = 116 paid, treasury 9.
    result = play(_e9(), mail("BOB", "TRANSFER 30 TO FRANCE"),
                  mail("ALICE", "DIVIDEND FRANCE 4", signed_on="FRANCE"))
    assert result["errors"] == {}
    assert result["state"]["corporations"]["FRANCE"]["treasury"] == 9
    assert _cash(result) == {"ALICE": 1040, "BOB": 1010, "CAROL": 1012, "DAVE": 1024}
    assert result["state"]["phase"] == "S1902M"


def test_dividend_refusals() -> None:
    result = play(_e9(), mail("BOB", "DIVIDEND FRANCE 1"),
                  mail("ALICE", "DIVIDEND FRANCE 4"),
                  mail("ALICE", "DIVIDEND ENGLAND 1", signed_on="FRANCE"))
    assert refused(result) == {
        ("BOB", "DIVIDEND FRANCE 1: you are not the leader of FRANCE"),
        ("ALICE", "DIVIDEND FRANCE 4: the largest possible dividend is 3 AgP per share"),
        ("ALICE/FRANCE", "DIVIDEND ENGLAND 1: you are signed on as FRANCE, not ENGLAND")}
    assert result["state"]["corporations"]["FRANCE"]["treasury"] == 95  # nothing declared
    in_elections = play(_e9("W1901E"), mail("ALICE", "DIVIDEND FRANCE 1"))
    assert refused(in_elections) == {(
        "ALICE", "DIVIDEND FRANCE 1: not accepted in this phase; DIVIDEND is for the "
        "adjustment phase W1901A; now - TIEBREAK, VOTE")}


def test_a_later_dividend_replaces_the_earlier_and_zero_pays_nothing() -> None:
    result = play(_e9(), mail("ALICE", "DIVIDEND FRANCE 3", "DIVIDEND FRANCE 0"))
    assert result["errors"] == {}
    assert result["state"]["corporations"]["FRANCE"]["treasury"] == 95
    assert _cash(result)["BOB"] == 1000


def test_dividends_hold_the_adjustment_phase_only_when_one_is_possible() -> None:
    # floor(29 / 30) = 0 and nothing to build: A is skipped after the election.
    assert play(_e9("W1901E", treasury=29))["state"]["phase"] == "S1902M"
    assert play(_e9("W1901E", treasury=30))["state"]["phase"] == "W1901A"
    # all shares unsold is impossible after a float, but no player-held share means no A
    st = _e9("W1901E", treasury=300)
    for inv in st["investors"].values():
        inv["shares"] = {}
    st["corporations"]["FRANCE"]["T"] = 30
    assert play(st)["state"]["phase"] == "S1902M"


def test_dividends_are_paid_before_the_builds() -> None:
    st = _e9()
    st["units"] = {"FRANCE": ["A MAR"]}
    result = play(st, mail("ALICE", "DIVIDEND FRANCE 3"),
                  mail("ALICE", "BUILD A PAR", "BUILD F BRE", signed_on="FRANCE"))
    assert result["errors"] == {}
    assert sorted(result["state"]["units"]["FRANCE"]) == ["A MAR", "A PAR", "F BRE"]
    assert result["state"]["corporations"]["FRANCE"]["treasury"] == 8
    assert result["results"] == {"A PAR": "built", "F BRE": "built"}


def test_adjustment_orders_of_a_later_mail_replace_the_earlier_set() -> None:
    # market-contract section 1: a mail with accepted lines of the set replaces the set.
    st = _e9(treasury=0)
    st["units"] = {"FRANCE": ["A MAR"]}
    result = play(st, mail("ALICE", "BUILD A PAR", "BUILD F BRE", signed_on="FRANCE"),
                  mail("ALICE", "BUILD A PAR", signed_on="FRANCE"))
    assert result["errors"] == {}
    assert sorted(result["state"]["units"]["FRANCE"]) == ["A MAR", "A PAR"]


def test_retreat_orders_of_a_later_mail_replace_the_earlier_set() -> None:
    st = state("F1901R",
               investors={"ALICE": {"shares": {"FRANCE": 20}}},
               corporations={"FRANCE": floated("FRANCE", S=20, T=0, price=5, leader="ALICE",
                                               sc_values={"BRE": 1, "MAR": 1, "PAR": 1}),
                             "GERMANY": floated("GERMANY", S=20, T=0, price=5)},
               units={"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A PAR", "A BEL"]},
               centers={"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]},
               dislodged={})
    st["dislodged"] = {"FRANCE": [{"unit": "A GAS", "attacker": "BUR"},
                                  {"unit": "A MAR", "attacker": "BUR"}]}
    st["units"]["GERMANY"] = ["A BUR", "A BEL"]
    st["units"]["FRANCE"] = ["A PIC"]
    result = play(st, mail("ALICE", "A GAS - SPA", "A MAR - PIE", signed_on="FRANCE"),
                  mail("ALICE", "A GAS - SPA", signed_on="FRANCE"))
    assert result["errors"] == {}
    assert sorted(result["state"]["units"]["FRANCE"]) == ["A PIC", "A SPA"]  # A MAR disbanded


# --- draws (4.1, 5.12, D34, D36) ---------------------------------------------------------

def _all_floated(phase: str = "W1905B") -> dict:
    corps = {p: floated(p, S=20, T=0, price=5, leader="BOB") for p in POWERS}
    corps["FRANCE"]["leader"] = "ALICE"
    corps["ENGLAND"]["leader"] = "DAVE"
    return state(phase,
                 investors={"ALICE": {"shares": {"FRANCE": 20}},
                            "DAVE": {"shares": {"ENGLAND": 20}},
                            "BOB": {"shares": {p: 20 for p in POWERS
                                               if p not in ("FRANCE", "ENGLAND")}}},
                 corporations=corps, units={"FRANCE": ["A PAR"], "ENGLAND": ["F LON"]},
                 centers={"FRANCE": ["PAR"], "ENGLAND": ["LON"]})


def test_a_draw_ends_the_mail_at_its_line() -> None:
    # Survivors: FRANCE and ENGLAND. The transfer before ALICE's DRAW counts, the one
    # after it and every later mail are ignored, not refused; the phase keeps its label.
    result = play(_all_floated(), mail("DAVE", "DRAW ENGLAND FRANCE ENGLAND"),
                  mail("ALICE", "TRANSFER 10 TO BOB", "DRAW F F E", "TRANSFER 10 TO CAROL",
                       "HELLO"),
                  mail("CAROL", "HELLO", "TRANSFER 5 TO DAVE"))
    assert result["errors"] == {}
    assert result["end"] == {"kind": "draw", "winners": ["ALICE", "DAVE"],
                             "scores": {"ALICE": 100.0, "BOB": 0.0, "CAROL": 0.0,
                                        "DAVE": 100.0}}
    assert result["state"]["phase"] == "W1905B"
    assert _cash(result) == {"ALICE": 990, "BOB": 1010, "CAROL": 1000, "DAVE": 1000}
    assert result["state"]["draw_votes"] == {"ENGLAND": ["ENGLAND", "FRANCE"],
                                             "FRANCE": ["ENGLAND", "FRANCE"]}


def test_a_draw_needs_the_same_set_from_every_survivor() -> None:
    st = _all_floated()
    solo_set = play(st, mail("DAVE", "DRAW ENGLAND ENGLAND"),
                    mail("ALICE", "DRAW FRANCE FRANCE ENGLAND"))
    assert solo_set["end"] is None
    # a floated corporation without centres need not vote, and may not be a member
    withdrawn = play(st, mail("DAVE", "DRAW ENGLAND FRANCE ENGLAND", "NODRAW ENGLAND"),
                     mail("BOB", "DRAW GERMANY FRANCE ENGLAND GERMANY"),
                     mail("ALICE", "DRAW FRANCE FRANCE ENGLAND"))
    assert refused(withdrawn) == {
        ("BOB", "DRAW GERMANY FRANCE ENGLAND GERMANY: GERMANY cannot be part of a draw")}
    assert withdrawn["end"] is None
    assert withdrawn["state"]["draw_votes"] == {"FRANCE": ["ENGLAND", "FRANCE"]}
    assert withdrawn["state"]["phase"] == "W1905O"


def test_a_draw_in_a_movement_phase_stops_the_phase() -> None:
    st = _all_floated("S1906M")
    result = play(st, mail("DAVE", "DRAW ENGLAND FRANCE ENGLAND", signed_on="ENGLAND"),
                  mail("ALICE", "0 : A PAR - BUR", "DRAW FRANCE FRANCE ENGLAND",
                       signed_on="FRANCE"))
    assert result["errors"] == {}
    assert result["end"]["kind"] == "draw"
    assert result["state"]["phase"] == "S1906M"
    assert result["state"]["units"]["FRANCE"] == ["A PAR"]


# --- movement phases with investors (3.2, 5.11) -------------------------------------------

def _london(phase: str) -> dict:
    return state(phase, investors={"ALICE": {"shares": {"ENGLAND": 20}}},
                 corporations={"ENGLAND": floated("ENGLAND", S=20, T=0, price=5, treasury=20,
                                                  leader="ALICE")},
                 units={"ENGLAND": ["F LON"]}, centers={"ENGLAND": ["LON"]})


def test_investors_order_is_drawn_per_phase() -> None:
    # F1901M/INVESTORS: ALICE, BOB, DAVE, CAROL. DAVE precedes CAROL: F LON - ENG.
    result = play(_london("F1901M"), mail("CAROL", "3 : F LON - NTH"),
                  mail("DAVE", "3 : F LON - ENG"))
    assert result["errors"] == {}
    assert result["orders"]["F LON"] == "F LON - ENG"
    assert result["paid"] == {"DAVE": {"F LON": 3}}
    assert _cash(result)["DAVE"] == 997 and _cash(result)["CAROL"] == 1000


def test_zero_foreign_lets_an_investor_offer_nothing() -> None:
    result = play(_london("S1901M"), mail("BOB", "0 : F LON - NTH"), rules=["ZERO_FOREIGN"])
    assert result["errors"] == {}
    assert result["paid"] == {}


def test_an_investor_who_cannot_pay_is_reduced() -> None:
    # CAROL has 2 AgP: her 3 AgP offer is reduced by one round (payola.md 5.3) to 2, which
    # still beats England's default hold at 0.
    st = _london("S1901M")
    st["investors"]["CAROL"]["cash"] = 2
    result = play(st, mail("CAROL", "3 : F LON - NTH"))
    assert result["orders"]["F LON"] == "F LON - NTH"
    assert result["paid"] == {"CAROL": {"F LON": 2}}
    assert _cash(result)["CAROL"] == 0


def test_a_mail_whose_orders_are_all_refused_keeps_the_earlier_set() -> None:
    # BUILD A BUR: BUR is no home centre of FRANCE; the refused line changes nothing.
    st = _e9(treasury=0)
    st["units"] = {"FRANCE": ["A MAR"]}
    result = play(st, mail("ALICE", "BUILD A PAR", signed_on="FRANCE"),
                  mail("ALICE", "BUILD A BUR", signed_on="FRANCE"))
    assert {k for k, _ in refused(result)} == {"ALICE/FRANCE"}
    assert [e.split(":")[0] for e in result["errors"]["ALICE/FRANCE"]] == ["BUILD A BUR"]
    assert sorted(result["state"]["units"]["FRANCE"]) == ["A MAR", "A PAR"]


def test_no_hoarding_empties_the_treasuries_before_the_income() -> None:
    # Payola flags apply unchanged (X 6): NO_HOARDING sets each floated corporation's
    # account to 0 right before the income step (payola.md 2.5). FRANCE: 0 + 70. The
    # started GERMANY is no Payola power yet and keeps its bid money; cash is untouched.
    st = _france("F1901M", treasury=500)
    result = play(st, rules=["NO_HOARDING"])
    assert result["state"]["corporations"]["FRANCE"]["treasury"] == 70
    assert result["state"]["corporations"]["GERMANY"]["treasury"] == 100
    assert _cash(result)["ALICE"] == 1000


# --- ZEROSUM (5.6, payola.md 2.7) --------------------------------------------------------

def _zerosum(phase: str) -> dict:
    return state(phase,
                 investors={"ALICE": {"shares": {"GERMANY": 20}},
                            "BOB": {"shares": {"FRANCE": 20}}, "CAROL": {"cash": 100}},
                 corporations={"FRANCE": floated("FRANCE", S=20, T=0, price=5, treasury=10,
                                                 leader="BOB"),
                               "GERMANY": floated("GERMANY", S=20, T=0, price=5, treasury=10,
                                                  leader="ALICE")},
                 units={"FRANCE": ["A MAR"], "GERMANY": ["A BUR", "A MUN", "A PIC"]},
                 centers={"FRANCE": ["BRE", "PAR", "MAR"], "GERMANY": ["BER", "KIE", "MUN"]})


def test_zerosum_spring_profit_waits_for_the_year_end() -> None:
    # payola.md 2.7: CAROL's 5 AgP to the French army is FRANCE's bribe profit for the year,
    # credited at the income step (here the year-end step), not at once.
    result = play(_zerosum("S1901M"), mail("CAROL", "5 : A MAR H"),
                  params={"INCOME_MODE": "ZEROSUM"})
    corp = result["state"]["corporations"]["FRANCE"]
    assert result["paid"] == {"CAROL": {"A MAR": 5}}
    assert corp["treasury"] == 10
    assert _cash(result)["CAROL"] == 95
    assert corp.get("profit") == 5  # kept beyond the contract's keys, for the next case


def test_zerosum_profit_cannot_be_spent_in_the_fall_and_counts_in_the_captures() -> None:
    # FRANCE: treasury 10, Spring profit 5. Its 12 AgP offer is reduced to its balance, 10
    # (payola.md 5.3), paid to its own army: profit 15. Year-end: SPA neutral +10; PAR lost
    # to GERMANY for floor((0 + 15) / 3) = 5. FRANCE 0 + 15 + 10 - 5 = 20; GERMANY 15.
    st = _zerosum("F1901M")
    st["corporations"]["FRANCE"]["profit"] = 5
    result = play(st, mail("BOB", "12 : A MAR - SPA", signed_on="FRANCE"),
                  mail("ALICE", "A PIC - PAR", signed_on="GERMANY"),
                  params={"INCOME_MODE": "ZEROSUM"})
    assert result["errors"] == {}
    assert result["paid"] == {"FRANCE": {"A MAR": 10}}
    corps = result["state"]["corporations"]
    assert sorted(result["state"]["centers"]["FRANCE"]) == ["BRE", "MAR", "SPA"]
    assert corps["FRANCE"]["treasury"] == 20 and "profit" not in corps["FRANCE"]
    assert corps["GERMANY"]["treasury"] == 15


def test_zerosum_no_hoarding_keeps_only_what_the_losses_need() -> None:
    # payola.md 2.5 with ZEROSUM: forward = min(treasury, losses). FRANCE treasury 30,
    # profit 0, loses PAR: floor(30 / 3) = 10; forward min(30, 10) = 10; 10 - 10 = 0.
    # GERMANY: forward min(40, 0) = 0, + 10 for PAR = 10.
    st = _zerosum("F1901M")
    st["corporations"]["FRANCE"]["treasury"] = 30
    st["corporations"]["GERMANY"]["treasury"] = 40
    result = play(st, mail("ALICE", "A PIC - PAR", signed_on="GERMANY"),
                  params={"INCOME_MODE": "ZEROSUM"}, rules=["NO_HOARDING"])
    corps = result["state"]["corporations"]
    assert corps["FRANCE"]["treasury"] == 0
    assert corps["GERMANY"]["treasury"] == 10


# --- odds and ends of the board and the market --------------------------------------------

def test_a_fall_retreat_onto_a_center_takes_it_at_the_year_end() -> None:
    # F1901R: the French army dislodged from BUR retreats to BEL; the year-end step after
    # the retreat gives BEL to FRANCE (neutral: 10) on top of BRE, MAR, PAR (1 each).
    st = state("F1901R",
               investors={"ALICE": {"shares": {"FRANCE": 20}}},
               corporations={"FRANCE": floated("FRANCE", S=20, T=0, price=5, leader="ALICE",
                                               sc_values={"BRE": 1, "MAR": 1, "PAR": 1}),
                             "GERMANY": floated("GERMANY", S=20, T=0, price=5,
                                                sc_values={"BER": 1, "KIE": 1, "MUN": 1})},
               units={"FRANCE": ["A PAR"], "GERMANY": ["A BUR"]},
               centers={"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]},
               dislodged={"FRANCE": [{"unit": "A BUR", "attacker": "MUN"}]})
    result = play(st, mail("ALICE", "A BUR - BEL", signed_on="FRANCE"))
    assert result["errors"] == {}
    out = result["state"]
    assert out["phase"] == "W1901B"
    assert sorted(out["centers"]["FRANCE"]) == ["BEL", "BRE", "MAR", "PAR"]
    assert out["corporations"]["FRANCE"]["treasury"] == 13
    assert out["corporations"]["GERMANY"]["treasury"] == 3


def test_nodraw_with_nothing_standing_and_accept_refusals() -> None:
    st = _all_floated("S1906M")
    result = play(st, mail("ALICE", "NODRAW FRANCE", "ACCEPT FE"),
                  mail("ALICE", "ACCEPT FEF", "ACCEPT FX", signed_on="FRANCE"),
                  mail("DAVE", "ACCEPT EF", signed_on="ENGLAND"))
    assert {(k, e.split(":")[0]) for k, e in refused(result)} == {
        ("ALICE", "ACCEPT FE"), ("ALICE/FRANCE", "ACCEPT FEF"), ("ALICE/FRANCE", "ACCEPT FX")}
    assert result["state"]["corporations"]["ENGLAND"]["accept"] == "EF?"
    assert result["state"]["corporations"]["FRANCE"]["accept"] == "F?"


def test_market_trades_in_any_phase_and_the_committed_bid_money() -> None:
    # W1901B: CAROL bids 900 for ITALY, so only 100 of her 1000 AgP are free: taking 2 at
    # 60 is refused, 1 at 60 accepted. ALICE's ask for the UNSTARTED ITALY is refused. She
    # then holds 9 FRANCE, 4 listed: an ask of 5 fits, a further 4 does not.
    st = _e9("W1901B")
    st["asks"] = [{"id": 4, "seller": "ALICE", "corporation": "FRANCE", "remaining": 5,
                   "price": 60}]
    st["next_ask_id"] = 5
    result = play(st, mail("CAROL", "BID ITALY 900", "TAKE 4 2", "TAKE 4 1"),
                  mail("ALICE", "ASK ITALY 1 AT 5", "ASK FRANCE 5 AT 1", "ASK FRANCE 4 AT 1"),
                  mail("BOB", "TAKE 5 4", "WITHDRAW 6"))
    assert {(k, e.split(":")[0]) for k, e in refused(result)} == {
        ("CAROL", "TAKE 4 2"), ("ALICE", "ASK ITALY 1 AT 5"), ("ALICE", "ASK FRANCE 4 AT 1"),
        ("BOB", "WITHDRAW 6")}
    out = result["state"]
    # ask #5 (5 @ 1) was opened and BOB took 4 of it; #4 keeps 4
    assert out["asks"] == [{"id": 4, "seller": "ALICE", "corporation": "FRANCE",
                            "remaining": 4, "price": 60},
                           {"id": 5, "seller": "ALICE", "corporation": "FRANCE",
                            "remaining": 1, "price": 1}]
    assert out["next_ask_id"] == 6
    assert out["investors"]["CAROL"]["shares"] == {"FRANCE": 4}
    assert out["investors"]["BOB"]["shares"] == {"FRANCE": 14}
    assert out["investors"]["ALICE"]["shares"] == {"FRANCE": 5}
    # CAROL won ITALY for 900: 1000 - 60 - 900
    assert out["investors"]["CAROL"]["cash"] == 40
    assert out["investors"]["ALICE"]["cash"] == 1000 + 60 + 4
    assert out["investors"]["BOB"]["cash"] == 996


def test_a_year_from_the_election_to_the_next_bids_fed_back_case_by_case() -> None:
    st = state("W1901E",
               investors={"ALICE": {"shares": {"FRANCE": 10}}, "BOB": {"shares": {"FRANCE": 8}}},
               corporations={"FRANCE": floated("FRANCE", founder="ALICE", S=20, T=2, price=10,
                                               treasury=45,
                                               sc_values={"BRE": 15, "MAR": 15, "PAR": 10})},
               units={"FRANCE": ["A PAR", "A MAR"]}, centers={"FRANCE": ["BRE", "MAR", "PAR"]})
    # W1901E: ALICE 10 (herself), BOB 8 (himself): ALICE leads. A is held (BRE to build).
    r = play(st)
    assert r["state"]["phase"] == "W1901A" and _leader(r) == "ALICE"
    assert r["state"]["investors"]["BOB"]["last_vote"] == {"FRANCE": "BOB"}
    # W1901A: dividend 2 (floor(45 / 20) = 2): ALICE +20, BOB +16, treasury 9; F BRE built.
    r = play(r["state"], mail("ALICE", "DIVIDEND FRANCE 2", "BUILD F BRE", signed_on="FRANCE"))
    assert r["errors"] == {} and r["state"]["phase"] == "S1902M"
    assert r["state"]["corporations"]["FRANCE"]["treasury"] == 9
    # S1902M: BOB's 3 beats FRANCE's 2 on A PAR; only BOB pays.
    r = play(r["state"], mail("BOB", "3 : A PAR - BUR"),
             mail("ALICE", "2 : A PAR - PIC", signed_on="FRANCE"))
    assert r["orders"] == {"A MAR": "A MAR H", "A PAR": "A PAR - BUR", "F BRE": "F BRE H"}
    assert r["paid"] == {"BOB": {"A PAR": 3}}
    assert r["state"]["corporations"]["FRANCE"]["treasury"] == 9
    # F1902M: A BUR - BEL (a bare order is 0 :); year-end: 15 + 15 + 10 + BEL 10 = 50.
    r = play(r["state"], mail("ALICE", "A BUR - BEL", signed_on="FRANCE"))
    assert r["errors"] == {} and r["state"]["phase"] == "W1902B"
    assert sorted(r["state"]["centers"]["FRANCE"]) == ["BEL", "BRE", "MAR", "PAR"]
    assert r["state"]["corporations"]["FRANCE"]["treasury"] == 59
    assert _cash(r) == {"ALICE": 1020, "BOB": 1013, "CAROL": 1000, "DAVE": 1000}
    assert r["end"] is None


def test_a_draw_is_tested_only_when_a_draw_line_is_accepted() -> None:
    # D36: after the year-end GERMANY owns no centre, and FRANCE and ENGLAND already agree:
    # nothing ends until one of them sends DRAW again.
    st = _all_floated("F1906M")
    st["centers"]["GERMANY"] = ["BER"]
    st["draw_votes"] = {"FRANCE": ["ENGLAND", "FRANCE"], "ENGLAND": ["ENGLAND", "FRANCE"]}
    st["units"]["FRANCE"] = ["A MUN"]
    st["units"]["GERMANY"] = ["A RUH"]
    st["centers"]["FRANCE"] = ["PAR", "MUN"]
    moved = play(st, mail("ALICE", "A MUN - BER", signed_on="FRANCE"))
    assert moved["end"] is None
    assert "GERMANY" not in moved["state"]["centers"]
    ended = play(moved["state"], mail("DAVE", "DRAW ENGLAND ENGLAND FRANCE"))
    assert ended["end"]["kind"] == "draw"
    assert ended["end"]["winners"] == ["ALICE", "DAVE"]
