"""Review of the winter market up to the float (exchange.md 2, 3, 4.1-4.4, 5.1-5.5, 6 and
the decisions about them), case by case. Every expected value is worked out by hand from
the spec text; the lot orders are computed here from the conventions' definition with
hashlib, independently of judge.money.market.lots."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from judge.batch import run_case
from tests.exchange.builder import (
    NAMES,
    POWERS,
    case,
    corporation,
    floated,
    homes,
    mail,
    play,
    refused,
    state,
)


def lot(seed: int, context: str, names: list[str]) -> list[str]:
    """The conventions' lot: ascending SHA-256 of "<seed>/<context>/<NAME>"."""
    return sorted(names, key=lambda n: hashlib.sha256(
        f"{seed}/{context}/{n.upper()}".encode()).hexdigest())


def test_the_lot_of_the_conventions() -> None:
    assert lot(5, "W1900P/IPO", list(NAMES)) == ["DAVE", "BOB", "CAROL", "ALICE"]
    assert lot(5, "W1900B/BID/ENGLAND", ["ALICE", "CAROL"]) == ["CAROL", "ALICE"]


def corps(result: dict[str, Any]) -> dict[str, Any]:
    return result["state"]["corporations"]


def cash(result: dict[str, Any]) -> dict[str, int]:
    return {n: i["cash"] for n, i in result["state"]["investors"].items()}


def holdings(result: dict[str, Any]) -> dict[str, dict[str, int]]:
    return {n: i["shares"] for n, i in result["state"]["investors"].items()}


def terms(result: dict[str, Any], power: str) -> tuple[int, int, int]:
    c = corps(result)[power]
    return c["S"], c["T"], c["price"]


# --- 5.2 the startup auction --------------------------------------------------------------

def test_second_price_sole_bidder_pays_min_bid_and_the_default_price_uses_it() -> None:
    """5.2 SECOND_PRICE: nobody else bid -> MIN_BID; D27: the default price is the amount
    paid per founder share, 100 / 5 = 20."""
    bids = play(state("W1900B"), mail("ALICE", "BID FRANCE 300"),
                params={"BID_STYLE": "SECOND_PRICE"})
    assert bids["errors"] == {}
    assert bids["state"]["phase"] == "W1900O"
    france = corps(bids)["FRANCE"]
    assert (france["status"], france["founder"], france["treasury"]) == ("STARTED", "ALICE", 100)
    assert france["bid"] == {"paid": 100, "shares": None, "price": None}
    assert (france["S"], france["T"], france["price"]) == (0, 0, 0)
    assert cash(bids)["ALICE"] == 900
    setup = play(bids["state"], params={"BID_STYLE": "SECOND_PRICE"})
    assert setup["state"]["phase"] == "W1900P"
    assert terms(setup, "FRANCE") == (25, 20, 20)
    assert holdings(setup)["ALICE"] == {"FRANCE": 5}
    assert corps(setup)["FRANCE"]["bid"] is None
    assert corps(setup)["FRANCE"]["treasury"] == 100


def test_second_price_pays_the_best_other_bid() -> None:
    result = play(state("W1900B"), mail("ALICE", "BID GERMANY 500"),
                  mail("BOB", "BID GERMANY 300"), mail("CAROL", "BID GERMANY 250"),
                  params={"BID_STYLE": "SECOND_PRICE"})
    germany = corps(result)["GERMANY"]
    assert (germany["founder"], germany["treasury"]) == ("ALICE", 300)
    assert cash(result) == {"ALICE": 700, "BOB": 1000, "CAROL": 1000, "DAVE": 1000}


def test_second_price_tie_at_the_top_pays_the_own_bid() -> None:
    winner = lot(5, "W1900B/BID/FRANCE", ["ALICE", "BOB"])[0]
    result = play(state("W1900B"), mail("ALICE", "BID FRANCE 300"),
                  mail("BOB", "BID FRANCE 300"), mail("CAROL", "BID FRANCE 200"),
                  params={"BID_STYLE": "SECOND_PRICE"})
    france = corps(result)["FRANCE"]
    assert (france["founder"], france["treasury"]) == (winner, 300)
    assert france["bid"]["paid"] == 300
    assert cash(result)[winner] == 700
    assert cash(result)["CAROL"] == 1000


def test_sealed_tie_of_three_goes_by_lot_among_the_three() -> None:
    winner = lot(5, "W1900B/BID/FRANCE", ["ALICE", "BOB", "CAROL"])[0]
    result = play(state("W1900B"), mail("ALICE", "BID FRANCE 200"),
                  mail("BOB", "BID FRANCE 200"), mail("CAROL", "BID FRANCE 200"),
                  mail("DAVE", "BID FRANCE 199"))
    assert corps(result)["FRANCE"]["founder"] == winner
    assert sum(cash(result).values()) == 4000 - 200


@pytest.mark.parametrize("mode", ["PAYOLA", "ZEROSUM", "FINANCING"])
def test_the_auction_money_goes_to_the_treasury_in_every_mode(mode: str) -> None:
    result = play(state("W1900B"), mail("BOB", "BID ITALY 170"), params={"INCOME_MODE": mode})
    assert corps(result)["ITALY"]["treasury"] == 170
    assert result["state"]["bank"] == 0


def test_bid_lines_name_powers_by_abbreviation_or_initial() -> None:
    """D46: `BID F 150` bids for FRANCE."""
    result = play(state("W1900B"), mail("ALICE", "bid f 150", "Bid Ger 120 shares 30"))
    assert result["errors"] == {}
    assert corps(result)["FRANCE"]["founder"] == "ALICE"
    assert corps(result)["GERMANY"]["bid"] == {"paid": 120, "shares": 30, "price": None}


# --- 4.2 bids and committed money ---------------------------------------------------------

def test_a_later_bid_replaces_the_earlier_and_only_the_rest_is_available() -> None:
    """4.2: a later BID on the same power replaces the earlier, so the total counts it once;
    D9: TRANSFER may not bring cash below the standing bids."""
    result = play(state("W1900B"),
                  mail("ALICE", "BID FRANCE 600", "BID FRANCE 900", "BID ENGLAND 200",
                       "TRANSFER 100 TO BOB", "TRANSFER 1 TO BOB"))
    assert refused(result) == {
        ("ALICE", "BID ENGLAND 200: your bids would total 1100 AgP but you have 1000 AgP"),
        ("ALICE", "TRANSFER 1 TO BOB: you have only 0 AgP available")}
    assert corps(result)["FRANCE"]["treasury"] == 900
    assert corps(result)["ENGLAND"]["status"] == "UNSTARTED"
    assert cash(result) == {"ALICE": 0, "BOB": 1100, "CAROL": 1000, "DAVE": 1000}


def test_nobid_frees_the_committed_money() -> None:
    result = play(state("W1900B"),
                  mail("ALICE", "BID FRANCE 600", "NOBID FRANCE", "NOBID ITALY",
                       "TRANSFER 1000 TO BOB"))
    assert result["errors"] == {}
    assert cash(result)["ALICE"] == 0 and cash(result)["BOB"] == 2000
    assert all(c["status"] == "UNSTARTED" for c in corps(result).values())
    assert result["state"]["phase"] == "W1901B"  # nothing started: E19


def test_a_bid_after_a_transfer_counts_the_cash_left() -> None:
    result = play(state("W1900B"),
                  mail("ALICE", "TRANSFER 500 TO BOB", "BID FRANCE 501", "BID FRANCE 500"))
    assert refused(result) == {
        ("ALICE", "BID FRANCE 501: your bids would total 501 AgP but you have 500 AgP")}
    assert corps(result)["FRANCE"]["treasury"] == 500
    assert cash(result)["ALICE"] == 0


def _with_ask(phase: str) -> dict[str, Any]:
    st = state(phase, investors={"BOB": {"shares": {"GERMANY": 5}}},
               corporations={"GERMANY": corporation(status="STARTED", founder="BOB", S=25,
                                                    T=20, price=20, treasury=100)})
    st["asks"] = [{"id": 3, "seller": "BOB", "corporation": "GERMANY", "remaining": 5,
                   "price": 15}]
    st["next_ask_id"] = 4
    return st


def test_take_cannot_spend_committed_bid_money() -> None:
    """4.1 TAKE: qty x price <= cash - standing bid total."""
    result = play(_with_ask("W1901B"),
                  mail("ALICE", "BID FRANCE 990", "TAKE 3 1", "NOBID FRANCE", "TAKE 3 1"))
    assert refused(result) == {("ALICE", "TAKE 3 1: you have only 10 AgP available")}
    assert holdings(result)["ALICE"] == {"GERMANY": 1}
    assert cash(result)["ALICE"] == 985 and cash(result)["BOB"] == 1015
    assert result["state"]["asks"] == [{"id": 3, "seller": "BOB", "corporation": "GERMANY",
                                        "remaining": 4, "price": 15}]
    assert corps(result)["FRANCE"]["status"] == "UNSTARTED"


def test_shares_of_a_started_corporation_may_be_asked_and_taken() -> None:
    """4.1 ASK: the power is STARTED or FLOATED (D18); ids go on from next_ask_id."""
    st = _with_ask("W1901O")
    st["investors"]["BOB"]["shares"]["GERMANY"] = 6
    result = play(st, mail("BOB", "ASK GERMANY 1 AT 30", "ASK GERMANY 1 AT 30"),
                  mail("CAROL", "TAKE 4 1"))
    assert refused(result) == {
        ("BOB", "ASK GERMANY 1 AT 30: you hold only 0 unlisted GERMANY shares")}
    assert result["state"]["asks"] == [{"id": 3, "seller": "BOB", "corporation": "GERMANY",
                                        "remaining": 5, "price": 15}]
    assert result["state"]["next_ask_id"] == 5
    assert holdings(result)["CAROL"] == {"GERMANY": 1}
    assert holdings(result)["BOB"] == {"GERMANY": 5}
    assert cash(result)["CAROL"] == 970 and cash(result)["BOB"] == 1030


# --- 5.3 setup, D28-D30 -------------------------------------------------------------------

def test_bid_line_items_are_defaults_one_by_one() -> None:
    """D28: SHARES alone gives that n and the default price for it; PRICE alone gives
    DEFAULT_SHARES and that price."""
    bids = play(state("W1900B"), mail("BOB", "BID GERMANY 150 SHARES 30"),
                mail("CAROL", "BID ITALY 120 PRICE 7"))
    assert corps(bids)["GERMANY"]["bid"] == {"paid": 150, "shares": 30, "price": None}
    assert corps(bids)["ITALY"]["bid"] == {"paid": 120, "shares": None, "price": 7}
    setup = play(bids["state"])
    assert terms(setup, "GERMANY") == (30, 24, 25)  # 150 // (30 // 5)
    assert terms(setup, "ITALY") == (25, 20, 7)
    assert holdings(setup)["BOB"] == {"GERMANY": 6}
    assert holdings(setup)["CAROL"] == {"ITALY": 5}


def test_the_default_price_is_at_least_one() -> None:
    """5.3: p = max(1, floor(paid / floor(n / 5))); 3 // 20 = 0 -> 1."""
    bids = play(state("W1900B"), mail("ALICE", "BID FRANCE 3 SHARES 100"),
                params={"MIN_BID": 1})
    setup = play(bids["state"], params={"MIN_BID": 1})
    assert terms(setup, "FRANCE") == (100, 80, 1)
    assert holdings(setup)["ALICE"] == {"FRANCE": 20}


def _founded(phase: str = "W1900O", paid: int = 150, shares: int | None = None,
             price: int | None = None) -> dict[str, Any]:
    return state(phase, investors={"ALICE": {"cash": 1000 - paid}},
                 corporations={"FRANCE": corporation(
                     status="STARTED", founder="ALICE", treasury=paid,
                     bid={"paid": paid, "shares": shares, "price": price})})


@pytest.mark.parametrize("lines", [
    ("SETUP FRANCE SHARES 30 PRICE 10", "PRICE FRANCE 12"),
    ("PRICE FRANCE 12", "SETUP FRANCE SHARES 30 PRICE 10"),
])
def test_price_is_applied_after_the_setup_whatever_the_order(lines: tuple[str, str]) -> None:
    """D29."""
    result = play(_founded(), mail("ALICE", *lines))
    assert result["errors"] == {}
    assert terms(result, "FRANCE") == (30, 24, 12)


def test_a_later_setup_replaces_the_earlier() -> None:
    result = play(_founded(), mail("ALICE", "SETUP FRANCE SHARES 30 PRICE 10"),
                  mail("ALICE", "SETUP F SHARES 50 PRICE 4"))
    assert terms(result, "FRANCE") == (50, 40, 4)
    assert holdings(result)["ALICE"] == {"FRANCE": 10}


def test_setup_bounds_follow_the_parameters() -> None:
    params = {"MIN_SHARES": 10, "MAX_SHARES": 50, "DEFAULT_SHARES": 20}
    result = play(_founded(), mail("ALICE", "SETUP FRANCE SHARES 9 PRICE 10",
                                   "SETUP FRANCE SHARES 51 PRICE 10"), params=params)
    assert refused(result) == {
        ("ALICE", "SETUP FRANCE SHARES 9 PRICE 10: shares must be between 10 and 50"),
        ("ALICE", "SETUP FRANCE SHARES 51 PRICE 10: shares must be between 10 and 50")}
    assert terms(result, "FRANCE") == (20, 16, 37)  # DEFAULT_SHARES 20, 150 // 4


def test_bid_shares_bounds_follow_the_parameters() -> None:
    params = {"MIN_SHARES": 10, "MAX_SHARES": 50, "DEFAULT_SHARES": 20}
    result = play(state("W1900B"), mail("ALICE", "BID FRANCE 150 SHARES 9",
                                        "BID GERMANY 150 SHARES 50"), params=params)
    assert refused(result) == {
        ("ALICE", "BID FRANCE 150 SHARES 9: shares must be between 10 and 50")}
    assert corps(result)["GERMANY"]["bid"]["shares"] == 50


def test_values_are_checked_against_the_bid_line_terms_and_dropped_by_a_setup() -> None:
    """D30: before SETUP the terms are the BID line's defaults: n 25, p 150 // 5 = 30,
    I = 25 x 30 / 5 = 150. A SETUP to 30 @ 10 (I 60) drops them (4.3)."""
    kept = play(_founded(), mail("ALICE", "VALUES FRANCE BRE 50 MAR 50 PAR 50"))
    assert kept["errors"] == {}
    assert corps(kept)["FRANCE"]["values_request"] == {"BRE": 50, "MAR": 50, "PAR": 50}
    assert terms(kept, "FRANCE") == (25, 20, 30)
    dropped = play(_founded(), mail("ALICE", "VALUES FRANCE BRE 50 MAR 50 PAR 50",
                                    "SETUP FRANCE SHARES 30 PRICE 10"))
    assert dropped["errors"] == {}
    assert corps(dropped)["FRANCE"]["values_request"] is None
    late = play(_founded(), mail("ALICE", "SETUP FRANCE SHARES 30 PRICE 10",
                                 "VALUES FRANCE BRE 50 MAR 50 PAR 50",
                                 "VALUES FRANCE BRE 20 MAR 20 PAR 20"))
    assert refused(late) == {
        ("ALICE", "VALUES FRANCE BRE 50 MAR 50 PAR 50: values must total 60")}
    assert corps(late)["FRANCE"]["values_request"] == {"BRE": 20, "MAR": 20, "PAR": 20}


def test_values_use_a_pending_price() -> None:
    """D30: with PRICE 12 pending and the default 25 shares, I = 25 x 12 / 5 = 60."""
    result = play(_founded(), mail("ALICE", "PRICE FRANCE 12",
                                   "VALUES FRANCE bre 20 Mar 20 PAR 20",
                                   "VALUES FRANCE BRE 50 MAR 50 PAR 50"))
    assert refused(result) == {
        ("ALICE", "VALUES FRANCE BRE 50 MAR 50 PAR 50: values must total 60")}
    assert terms(result, "FRANCE") == (25, 20, 12)
    assert corps(result)["FRANCE"]["values_request"] == {"BRE": 20, "MAR": 20, "PAR": 20}


def _started_earlier(phase: str, **extra: Any) -> dict[str, Any]:
    fields = {"status": "STARTED", "founder": "ALICE", "S": 30, "T": 11, "price": 10,
              "treasury": 150, **extra}
    return state(phase, investors={"ALICE": {"shares": {"FRANCE": 6}},
                                   "BOB": {"shares": {"FRANCE": 13}}},
                 corporations={"FRANCE": corporation(**fields)})


def test_values_of_a_corporation_started_in_an_earlier_year() -> None:
    """4.3: the founder of a STARTED corporation sends VALUES for its S and price (30 x 10
    / 5 = 60); a later PRICE that breaks them drops them; they carry over to the IPO."""
    kept = play(_started_earlier("W1901O"), mail("ALICE", "VALUES FRANCE BRE 20 MAR 20 PAR 20"))
    assert kept["errors"] == {}
    assert kept["state"]["phase"] == "W1901P"
    assert corps(kept)["FRANCE"]["values_request"] == {"BRE": 20, "MAR": 20, "PAR": 20}
    dropped = play(_started_earlier("W1901O"),
                   mail("ALICE", "VALUES FRANCE BRE 20 MAR 20 PAR 20", "PRICE FRANCE 12"))
    assert dropped["errors"] == {}
    assert corps(dropped)["FRANCE"]["values_request"] is None
    assert terms(dropped, "FRANCE") == (30, 11, 12)
    refit = play(_started_earlier("W1901O"),
                 mail("ALICE", "PRICE FRANCE 12", "VALUES FRANCE BRE 24 MAR 24 PAR 24"))
    assert refit["errors"] == {}
    assert corps(refit)["FRANCE"]["values_request"] == {"BRE": 24, "MAR": 24, "PAR": 24}


def test_values_when_income_is_too_small() -> None:
    """4.3: floor(S x price / 5) < number of home centres -> refused."""
    st = state("W1901O", investors={"ALICE": {"shares": {"ITALY": 1}}},
               corporations={"ITALY": corporation(status="STARTED", founder="ALICE", S=5, T=4,
                                                  price=2, treasury=100)})
    result = play(st, mail("ALICE", "VALUES ITALY NAP 1 ROM 1 VEN 1"))
    assert refused(result) == {("ALICE", "VALUES ITALY NAP 1 ROM 1 VEN 1: income too small "
                                         "to divide; the even split will be used")}
    assert corps(result)["ITALY"]["values_request"] is None


# --- 3.2 / 3.3 the phase sequence ---------------------------------------------------------

def _france_floated(phase: str, treasury: int = 95, T: int = 1, **extra: Any) -> dict:  # noqa: N803
    return state(phase,
                 investors={"ALICE": {"shares": {"FRANCE": 10}},
                            "BOB": {"shares": {"FRANCE": 10}},
                            "CAROL": {"shares": {"FRANCE": 3}},
                            "DAVE": {"shares": {"FRANCE": 6 + 1 - T}}},
                 corporations={"FRANCE": floated(
                     "FRANCE", founder="ALICE", S=30, T=T, price=10, treasury=treasury,
                     leader="ALICE", sc_values={"BRE": 20, "MAR": 20, "PAR": 20}, **extra)},
                 units={"FRANCE": ["F BRE", "A MAR", "A PAR"]},
                 centers={"FRANCE": ["BRE", "MAR", "PAR"]})


def test_offering_is_held_with_only_a_floated_corporation() -> None:
    """3.3: O is held if any corporation is STARTED or FLOATED."""
    result = play(_france_floated("W1901B"))
    assert result["state"]["phase"] == "W1901O"


def test_ipo_is_skipped_when_nothing_is_unsold() -> None:
    """3.3: P is held only if some T > 0 after O; E is held (FRANCE floated)."""
    result = play(_france_floated("W1901O", T=0))
    assert result["state"]["phase"] == "W1901E"


def test_ipo_is_held_for_shares_left_in_a_floated_corporation() -> None:
    result = play(_france_floated("W1901O", T=1))
    assert result["state"]["phase"] == "W1901P"


def test_an_ipo_without_float_and_without_units_runs_on_to_the_next_bids() -> None:
    """3.3: no FLOATED -> E skipped, A skipped, no units -> S and F skipped; the year-end
    step changes nothing; GERMANY stays STARTED with its T."""
    st = state("W1900P", investors={"BOB": {"cash": 900, "shares": {"GERMANY": 5}}},
               corporations={"GERMANY": corporation(status="STARTED", founder="BOB", S=25,
                                                    T=20, price=20, treasury=100)})
    result = play(st, mail("CAROL", "PURCHASE 2*GERMANY"))
    assert result["state"]["phase"] == "W1901B"
    assert terms(result, "GERMANY") == (25, 18, 20)
    assert corps(result)["GERMANY"]["status"] == "STARTED"
    assert result["state"]["bank"] == 40
    assert cash(result)["CAROL"] == 960
    assert result["state"]["inactive"] == homes(*POWERS)


@pytest.mark.parametrize(("treasury", "phase"), [(29, "S1902M"), (30, "W1901A")])
def test_adjustment_phase_is_held_for_a_possible_dividend(treasury: int, phase: str) -> None:
    """3.3: A is held if a floated corporation with player-held shares has
    floor(treasury / S) >= 1 (S 30)."""
    result = play(_france_floated("W1901E", treasury=treasury))
    assert result["state"]["phase"] == phase


def _england(units: list[str], centers: list[str]) -> dict[str, Any]:
    return state("W1901E",
                 investors={"ALICE": {"shares": {"ENGLAND": 20}}},
                 corporations={"ENGLAND": floated("ENGLAND", founder="ALICE", S=20, T=0,
                                                  price=9, treasury=0, leader="ALICE",
                                                  sc_values={"EDI": 12, "LON": 12,
                                                             "LVP": 12})},
                 units={"ENGLAND": units}, centers={"ENGLAND": centers})


def test_adjustment_phase_is_held_for_a_build_on_a_vacant_home_center() -> None:
    """3.3: a corporation that lost a unit to another's float has a build (5.5, D13)."""
    result = play(_england(["F LON", "A LVP"], ["EDI", "LON", "LVP"]))
    assert result["state"]["phase"] == "W1901A"


def test_adjustment_phase_is_skipped_with_no_vacant_home_center() -> None:
    """D33: more centres than units but every home centre occupied: no build."""
    result = play(_england(["F LON", "A LVP", "A EDI"], ["EDI", "LON", "LVP", "NWY"]))
    assert result["state"]["phase"] == "S1902M"


def test_adjustment_phase_is_held_for_a_removal() -> None:
    result = play(_england(["F LON", "A LVP", "A EDI"], ["LON", "LVP"]))
    assert result["state"]["phase"] == "W1901A"


# --- 4.3 / 5.8 issues in Bids and Offering ------------------------------------------------

def test_issue_at_its_exact_limit_and_noissue() -> None:
    """4.2: 3 x (T + n) <= S + n; S 30, T 0 -> n <= 15."""
    st = _france_floated("W1901B", T=0)
    result = play(st, mail("ALICE", "ISSUE FRANCE 16", "ISSUE FRANCE 15"))
    assert refused(result) == {("ALICE", "ISSUE FRANCE 16: an issue of 16 would leave more "
                                         "than a third of FRANCE unsold; at most 15")}
    assert result["state"]["phase"] == "W1901O"
    assert corps(result)["FRANCE"]["pending_issue"] == 15
    signed = play(st, mail("ALICE", "ISSUE F 4", signed_on="FRANCE"))
    assert signed["errors"] == {}
    assert corps(signed)["FRANCE"]["pending_issue"] == 4
    withdrawn = play(st, mail("ALICE", "ISSUE FRANCE 4"), mail("ALICE", "NOISSUE FRANCE"))
    assert corps(withdrawn)["FRANCE"]["pending_issue"] is None


def _issue_vote() -> dict[str, Any]:
    st = _france_floated("W1901O", pending_issue=13)
    st["asks"] = [{"id": 1, "seller": "DAVE", "corporation": "FRANCE", "remaining": 6,
                   "price": 1}]
    st["next_ask_id"] = 2
    return st


def test_approvals_are_counted_with_the_holdings_at_processing() -> None:
    """5.8: H = 29, approved when 5Y >= 116. ALICE, BOB, CAROL hold 23: rejected. CAROL
    buys one more share after approving: 24 -> approved, S 43, T 14."""
    rejected = play(_issue_vote(), mail("ALICE", "APPROVE FRANCE"), mail("BOB", "APPROVE F"),
                    mail("CAROL", "APPROVE FRANCE"), mail("DAVE", "REJECT FRANCE"))
    assert rejected["errors"] == {}
    assert terms(rejected, "FRANCE") == (30, 1, 10)
    assert corps(rejected)["FRANCE"]["pending_issue"] is None
    approved = play(_issue_vote(), mail("ALICE", "APPROVE FRANCE"), mail("BOB", "APPROVE F"),
                    mail("CAROL", "APPROVE FRANCE", "TAKE 1 1"))
    assert approved["errors"] == {}
    assert terms(approved, "FRANCE") == (43, 14, 10)
    assert corps(approved)["FRANCE"]["pending_issue"] is None
    assert approved["state"]["phase"] == "W1901P"


def test_an_approval_whose_shares_were_sold_counts_nothing() -> None:
    """DAVE approves, then sells his 6 to BOB, whose last word is REJECT: ALICE 10 +
    CAROL 3 + DAVE 0 = 13 against H 29 -> rejected."""
    st = _issue_vote()
    result = play(st, mail("ALICE", "APPROVE FRANCE"), mail("CAROL", "APPROVE FRANCE"),
                  mail("BOB", "APPROVE FRANCE"), mail("DAVE", "APPROVE FRANCE"),
                  mail("BOB", "REJECT FRANCE"), mail("BOB", "TAKE 1 6"))
    # ALICE 10 + CAROL 3 = 13 approve; BOB 16 rejects; DAVE holds nothing.
    assert result["errors"] == {}
    assert terms(result, "FRANCE") == (30, 1, 10)
    assert holdings(result)["BOB"] == {"FRANCE": 16}


def test_a_leader_prices_his_floated_corporation_signed_on_or_not() -> None:
    result = play(_france_floated("W1901O"), mail("ALICE", "PRICE FRANCE 12", signed_on="F"))
    assert result["errors"] == {}
    assert terms(result, "FRANCE") == (30, 1, 12)
    later = play(_france_floated("W1901O"), mail("ALICE", "PRICE FRANCE 12", signed_on="F"),
                 mail("ALICE", "PRICE FRA 14"))
    assert terms(later, "FRANCE") == (30, 1, 14)


# --- 4.4 purchase lists -------------------------------------------------------------------

def _ipo(**investors: dict) -> dict[str, Any]:
    return state("W1900P", investors={"ALICE": {"shares": {"FRANCE": 6}},
                                      "BOB": {"shares": {"GERMANY": 5}}, **investors},
                 corporations={
                     "FRANCE": corporation(status="STARTED", founder="ALICE", S=30, T=24,
                                           price=10, treasury=150),
                     "GERMANY": corporation(status="STARTED", founder="BOB", S=25, T=20,
                                            price=10, treasury=100)})


def _bought(*mails: dict) -> dict[str, int]:
    result = play(_ipo(), *mails)
    assert result["state"]["phase"] == "W1901B"
    held = holdings(result)["DAVE"]
    spent = 1000 - cash(result)["DAVE"]
    assert spent == 10 * sum(held.values())
    return held


def test_nopurchase_empties_what_the_mail_has_built() -> None:
    """D45: `PURCHASE 2*FRANCE`, `NOPURCHASE`, `PURCHASE GERMANY` leaves GERMANY."""
    assert _bought(mail("DAVE", "PURCHASE 2*FRANCE", "NOPURCHASE", "PURCHASE GERMANY")) == {
        "GERMANY": 1}


def test_a_cap_alone_limits_the_earlier_list() -> None:
    """D47: `PURCHASE 3*FRANCE` then, in a later message, `CAP 20`: 2 shares."""
    assert _bought(mail("DAVE", "PURCHASE 3*FRANCE"), mail("DAVE", "CAP 20")) == {"FRANCE": 2}


def test_a_mail_whose_purchase_lines_are_all_refused_keeps_the_list() -> None:
    """D38: the earlier list stays; a line with one bad item is refused whole."""
    result = play(_ipo(), mail("DAVE", "PURCHASE 3*FRANCE"),
                  mail("DAVE", "PURCHASE ITALY", "PURCHASE 2*GERMANY ITALY"))
    assert refused(result) == {("DAVE", "PURCHASE ITALY: no ITALY shares are offered"),
                               ("DAVE", "PURCHASE 2*GERMANY ITALY: no ITALY shares are "
                                        "offered")}
    assert holdings(result)["DAVE"] == {"FRANCE": 3}


def test_the_accepted_lines_of_a_mail_form_the_list() -> None:
    """D38: some lines refused, the accepted ones form the list (replacing the earlier)."""
    result = play(_ipo(), mail("DAVE", "PURCHASE 5*GERMANY"),
                  mail("DAVE", "PURCHASE 2*FRANCE", "PURCHASE 0*GERMANY", "PURCHASE F"))
    assert refused(result) == {("DAVE", "PURCHASE 0*GERMANY: count must be at least 1")}
    assert holdings(result)["DAVE"] == {"FRANCE": 3}


def test_nopurchase_clears_the_cap() -> None:
    assert _bought(mail("DAVE", "CAP 10", "PURCHASE 3*FRANCE"), mail("DAVE", "NOPURCHASE"),
                   mail("DAVE", "PURCHASE 2*GERMANY")) == {"GERMANY": 2}


def test_a_cap_stays_when_a_new_list_replaces_the_old() -> None:
    assert _bought(mail("DAVE", "PURCHASE 3*FRANCE", "CAP 10"),
                   mail("DAVE", "PURCHASE 2*GERMANY")) == {"GERMANY": 1}


def test_nocap_lifts_the_cap_and_keeps_the_list() -> None:
    assert _bought(mail("DAVE", "PURCHASE 3*FRANCE", "CAP 10"), mail("DAVE", "NOCAP")) == {
        "FRANCE": 3}


def test_a_cap_of_zero_buys_nothing() -> None:
    assert _bought(mail("DAVE", "PURCHASE 3*FRANCE", "CAP 0")) == {}


def test_an_empty_list_by_nopurchase_alone_replaces_the_list() -> None:
    assert _bought(mail("DAVE", "PURCHASE 3*FRANCE"), mail("DAVE", "NOPURCHASE")) == {}


# --- 5.4 the purchase algorithm -----------------------------------------------------------

def test_an_unaffordable_entry_is_dropped_and_the_scan_goes_on() -> None:
    """5.4: price > cash: continue scanning; CAROL (15 AgP) skips FRANCE at 20, buys
    GERMANY at 10; next round her GERMANY entry (10 > 5) is dropped."""
    st = _ipo(CAROL={"cash": 15})
    st["corporations"]["FRANCE"]["price"] = 20
    result = play(st, mail("CAROL", "PURCHASE FRANCE GERMANY GERMANY"))
    assert holdings(result)["CAROL"] == {"GERMANY": 1}
    assert cash(result)["CAROL"] == 5
    assert terms(result, "FRANCE") == (30, 24, 20)
    assert terms(result, "GERMANY") == (25, 19, 10)
    assert result["state"]["bank"] == 10


def test_a_cap_reached_exactly_still_buys() -> None:
    """(spent + price) > cap stops; spent + price == cap buys."""
    assert _bought(mail("DAVE", "PURCHASE 3*GERMANY", "CAP 20")) == {"GERMANY": 2}


def test_rounds_share_the_last_shares_in_lot_order() -> None:
    """5.4: one share per investor per round in the order of the lot W1900P/IPO (DAVE, BOB,
    CAROL, ALICE); FRANCE has 3 left: DAVE, BOB and CAROL get one each."""
    st = _ipo()
    st["corporations"]["FRANCE"]["T"] = 3
    result = play(st, *(mail(n, "PURCHASE 2*FRANCE") for n in NAMES))
    got = {n: h.get("FRANCE", 0) for n, h in holdings(result).items()}
    assert got == {"ALICE": 6, "BOB": 1, "CAROL": 1, "DAVE": 1}
    assert cash(result) == {"ALICE": 1000, "BOB": 990, "CAROL": 990, "DAVE": 990}
    assert corps(result)["FRANCE"]["T"] == 0


def test_money_for_a_floated_corporation_goes_to_its_treasury_and_the_rest_to_the_bank() -> None:
    """3.2 P step 2 (D3): FRANCE was FLOATED when the phase began (shares from an issue),
    GERMANY is STARTED; PAYOLA mode routes like FINANCING."""
    for mode in ("FINANCING", "PAYOLA"):
        st = _france_floated("W1901P", T=14, treasury=50)
        st["corporations"]["FRANCE"]["S"] = 43
        st["corporations"]["GERMANY"] = corporation(status="STARTED", founder="BOB", S=25,
                                                    T=20, price=10, treasury=100)
        st["investors"]["BOB"]["shares"]["GERMANY"] = 5
        st["investors"]["DAVE"]["shares"]["FRANCE"] = 6
        result = play(st, mail("BOB", "PURCHASE 2*FRANCE 3*GERMANY"),
                      params={"INCOME_MODE": mode})
        assert corps(result)["FRANCE"]["treasury"] == 70
        assert corps(result)["GERMANY"]["treasury"] == 100
        assert result["state"]["bank"] == 30
        assert terms(result, "FRANCE") == (43, 12, 10)
        assert terms(result, "GERMANY") == (25, 17, 10)
        assert cash(result)["BOB"] == 950
        assert result["state"]["phase"] == "W1901E"


def test_immediate_commands_in_the_ipo_phase_change_the_cash_it_spends() -> None:
    st = _ipo(DAVE={"cash": 25})
    result = play(st, mail("DAVE", "PURCHASE 2*FRANCE", "TRANSFER 10 TO BOB"))
    assert holdings(result)["DAVE"] == {"FRANCE": 1}
    assert cash(result)["DAVE"] == 5


# --- 5.5 the float ------------------------------------------------------------------------

@pytest.mark.parametrize(("S", "T", "floats"), [(30, 11, True), (25, 10, False),
                                                (25, 9, True), (5, 2, True), (6, 3, True),
                                                (6, 4, False)])
def test_the_float_test_is_exact(S: int, T: int, floats: bool) -> None:  # noqa: N803
    """5.5: 3 x (S - T) >= 2 x S after one more share is sold."""
    st = state("W1901P", investors={"ALICE": {"shares": {"FRANCE": S - T}}},
               corporations={"FRANCE": corporation(status="STARTED", founder="ALICE", S=S,
                                                   T=T, price=10, treasury=150)})
    result = play(st, mail("BOB", "PURCHASE FRANCE"))
    assert corps(result)["FRANCE"]["status"] == ("FLOATED" if floats else "STARTED")
    assert corps(result)["FRANCE"]["T"] == T - 1


def test_russia_floats_with_its_fleet_on_the_south_coast_and_takes_over_a_foreign_unit() -> None:
    """5.5 step 2: an English fleet on STP/NC becomes Russian (keeping its coast); the
    other home centres get Russia's standard units. Step 3: I = 20 x 5 / 5 = 20 over 4
    centres, 5 each. Step 4: `R?`, no leader."""
    st = state("W1901P",
               investors={"ALICE": {"shares": {"ENGLAND": 20}},
                          "BOB": {"shares": {"RUSSIA": 4}}, "CAROL": {"shares": {"RUSSIA": 9}}},
               corporations={
                   "ENGLAND": floated("ENGLAND", founder="ALICE", S=20, T=0, price=9,
                                      treasury=5, leader="ALICE",
                                      sc_values={"EDI": 12, "LON": 12, "LVP": 12}),
                   "RUSSIA": corporation(status="STARTED", founder="BOB", S=20, T=7, price=5,
                                         treasury=100)},
               units={"ENGLAND": ["F STP/NC", "F LON", "A LVP"]},
               centers={"ENGLAND": ["EDI", "LON", "LVP"]})
    result = play(st, mail("DAVE", "PURCHASE RUSSIA"))
    out = result["state"]
    russia = out["corporations"]["RUSSIA"]
    assert (russia["status"], russia["T"], russia["leader"], russia["accept"]) == (
        "FLOATED", 6, None, "R?")
    assert russia["sc_values"] == {"MOS": 5, "SEV": 5, "STP": 5, "WAR": 5}
    assert sorted(out["units"]["RUSSIA"]) == ["A MOS", "A WAR", "F SEV", "F STP/NC"]
    assert sorted(out["units"]["ENGLAND"]) == ["A LVP", "F LON"]
    assert sorted(out["centers"]["RUSSIA"]) == ["MOS", "SEV", "STP", "WAR"]
    assert not set(homes("RUSSIA")) & set(out["inactive"])
    assert out["bank"] == 5 and russia["treasury"] == 100
    assert out["phase"] == "W1901E"


def test_russia_floats_with_its_standard_units() -> None:
    st = state("W1901P", investors={"BOB": {"shares": {"RUSSIA": 13}}},
               corporations={"RUSSIA": corporation(status="STARTED", founder="BOB", S=20, T=7,
                                                   price=5, treasury=100)})
    result = play(st, mail("DAVE", "PURCHASE RUSSIA"))
    assert sorted(result["state"]["units"]["RUSSIA"]) == ["A MOS", "A WAR", "F SEV",
                                                         "F STP/SC"]


def test_a_float_outside_financing_fixes_no_values_and_clears_the_request() -> None:
    st = _started_earlier("W1901P", values_request={"BRE": 20, "MAR": 20, "PAR": 20})
    result = play(st, mail("DAVE", "PURCHASE FRANCE"), params={"INCOME_MODE": "PAYOLA"})
    france = corps(result)["FRANCE"]
    assert france["status"] == "FLOATED"
    assert france["sc_values"] == {} and france["values_request"] is None


def test_values_valid_at_the_float_are_used_and_the_even_split_otherwise() -> None:
    """5.5 step 3 with S 30 and price 10 (I 60): stored values 15/20/25 fit; at price 11
    (I 66) they do not, and the even split gives 22 each."""
    st = _started_earlier("W1901P", values_request={"BRE": 15, "MAR": 20, "PAR": 25})
    result = play(st, mail("DAVE", "PURCHASE FRANCE"))
    assert corps(result)["FRANCE"]["sc_values"] == {"BRE": 15, "MAR": 20, "PAR": 25}
    st = _started_earlier("W1901P", values_request={"BRE": 15, "MAR": 20, "PAR": 25}, price=11)
    result = play(st, mail("DAVE", "PURCHASE FRANCE"))
    assert corps(result)["FRANCE"]["sc_values"] == {"BRE": 22, "MAR": 22, "PAR": 22}


# --- the envelope -------------------------------------------------------------------------

def test_a_strangers_mail_is_refused_and_the_phase_goes_on() -> None:
    """D49."""
    result = play(state("W1900B"), mail("zoe", "BID FRANCE 100", "TRANSFER 5 TO ALICE"),
                  mail("ALICE", "BID FRANCE 100"))
    assert refused(result) == {("zoe", "BID FRANCE 100: ZOE is not a player in this game"),
                               ("zoe", "TRANSFER 5 TO ALICE: ZOE is not a player in this game")}
    assert corps(result)["FRANCE"]["founder"] == "ALICE"


def test_a_founder_cannot_sign_on_as_his_unfloated_corporation() -> None:
    """Contract 2: only a corporation's leader sends `as` it; a STARTED one has none."""
    result = play(_founded(), mail("ALICE", "SETUP FRANCE SHARES 30 PRICE 10",
                                   "PRICE FRANCE 12", signed_on="FRA"))
    assert refused(result) == {
        ("ALICE/FRANCE", "SETUP FRANCE SHARES 30 PRICE 10: you are not the leader of FRANCE"),
        ("ALICE/FRANCE", "PRICE FRANCE 12: you are not the leader of FRANCE")}
    assert terms(result, "FRANCE") == (25, 20, 30)


def test_investor_commands_signed_on_as_a_corporation() -> None:
    st = _france_floated("W1901O", pending_issue=2)
    result = play(st, mail("ALICE", "APPROVE FRANCE", "ASK FRANCE 1 AT 5", "TRANSFER 5 TO BOB",
                           "PRICE FRANCE 11", signed_on="FRANCE"))
    assert refused(result) == {
        ("ALICE/FRANCE", "APPROVE FRANCE: only investors may do this"),
        ("ALICE/FRANCE", "ASK FRANCE 1 AT 5: only investors may do this"),
        ("ALICE/FRANCE", "TRANSFER 5 TO BOB: corporations cannot transfer money")}
    assert terms(result, "FRANCE") == (30, 1, 11)


@pytest.mark.parametrize("params", [
    {"MIN_SHARES": 4, "DEFAULT_SHARES": 5},
    {"MIN_SHARES": 30, "MAX_SHARES": 20, "DEFAULT_SHARES": 25},
    {"DEFAULT_SHARES": 4},
    {"DEFAULT_SHARES": 101},
    {"VICTORY_SCS": 0},
    {"INCOME_MODE": "TAXES"},
])
def test_invalid_parameters_are_a_whole_case_error(params: dict) -> None:
    """D53."""
    result = run_case(case(state("W1900B"), params=params))
    assert set(result) == {"id", "error"}


def test_the_tightest_valid_share_parameters() -> None:
    """D53 allows MIN_SHARES = DEFAULT_SHARES = MAX_SHARES = 5; the founder gets 1."""
    params = {"MIN_SHARES": 5, "MAX_SHARES": 5, "DEFAULT_SHARES": 5}
    bids = play(state("W1900B"), mail("ALICE", "BID FRANCE 100"), params=params)
    setup = play(bids["state"], params=params)
    assert terms(setup, "FRANCE") == (5, 4, 100)
    assert holdings(setup)["ALICE"] == {"FRANCE": 1}


def test_every_state_key_is_present_after_a_market_phase() -> None:
    """2.6 and contract 2: every key always present, every power listed."""
    result = play(state("W1900B"), mail("ALICE", "BID FRANCE 150"))
    st = result["state"]
    assert set(st) >= {"phase", "units", "centers", "dislodged", "contested", "investors",
                       "corporations", "asks", "inactive", "bank", "next_ask_id",
                       "draw_votes"}
    assert set(st["corporations"]) == set(POWERS)
    for c in st["corporations"].values():
        assert set(c) == {"status", "founder", "S", "T", "price", "treasury", "leader",
                          "accept", "sc_values", "values_request", "pending_issue", "bid"}
    for i in st["investors"].values():
        assert set(i) == {"cash", "shares", "last_vote"}


# --- reading a BID line -------------------------------------------------------------------

@pytest.mark.parametrize("line", ["BID GERMANY 100 SHARES 20 SHARES 30",
                                  "BID GERMANY 100 PRICE 5 PRICE 6",
                                  "BID GERMANY 100 SHARES 20 PRICE 5 SHARES 30"])
def test_a_bid_line_naming_shares_or_price_twice_cannot_be_read(line: str) -> None:
    """4.2 gives `BID <power> <amount> [SHARES <n>] [PRICE <p>]`: a second SHARES or PRICE
    is an extra word (D31), not a silent replacement of the first."""
    result = play(state("W1900B"), mail("ALICE", line))
    assert refused(result) == {("ALICE", f"{line}: cannot parse this command")}
    assert corps(result)["GERMANY"]["status"] == "UNSTARTED"


def test_a_bid_line_with_price_before_shares_is_read() -> None:
    result = play(state("W1900B"), mail("ALICE", "BID ITALY 100 PRICE 9 SHARES 20"))
    assert result["errors"] == {}
    assert corps(result)["ITALY"]["bid"] == {"paid": 100, "shares": 20, "price": 9}


def test_a_huge_purchase_count_buys_what_is_there() -> None:
    """4.4 sets no upper bound on k: a huge count is k entries that buy until the shares
    run out (and must not build a list of a billion entries)."""
    result = play(_ipo(), mail("DAVE", "PURCHASE 1000000000*FRANCE 2*GERMANY"))
    assert result["errors"] == {}
    assert holdings(result)["DAVE"] == {"FRANCE": 24, "GERMANY": 2}
    assert cash(result)["DAVE"] == 1000 - 260
    assert corps(result)["FRANCE"]["status"] == "FLOATED"


def test_e1_e4_e5_chained_from_the_opening() -> None:
    """E1, then E4's mail, then E5's lists, each result's state fed into the next case:
    ENGLAND (20/16 @ 9, nobody buys it) changes nothing in E5's numbers."""
    bids = play(state("W1900B"),
                mail("ALICE", "BID FRANCE 150", "BID ENGLAND 120"),
                mail("BOB", "BID FRANCE 140", "BID GERMANY 100"),
                mail("CAROL", "BID ENGLAND 120 SHARES 20 PRICE 9"),
                mail("DAVE", "BID ITALY 90"))
    offering = play(bids["state"], mail("ALICE", "SETUP FRANCE SHARES 30 PRICE 10"))
    assert offering["state"]["phase"] == "W1900P"
    ipo = play(offering["state"],
               mail("ALICE", "PURCHASE 2*GERMANY"),
               mail("BOB", "PURCHASE 10*FRANCE", "CAP 100"),
               mail("CAROL", "PURCHASE 5*GERMANY 8*FRANCE", "CAP 130"),
               mail("DAVE", "PURCHASE 10*FRANCE 4*GERMANY"))
    assert ipo["errors"] == {}
    assert cash(ipo) == {"ALICE": 810, "BOB": 800, "CAROL": 750, "DAVE": 820}
    assert holdings(ipo) == {"ALICE": {"FRANCE": 6, "GERMANY": 2},
                             "BOB": {"FRANCE": 10, "GERMANY": 5},
                             "CAROL": {"ENGLAND": 4, "FRANCE": 3, "GERMANY": 5},
                             "DAVE": {"FRANCE": 10, "GERMANY": 4}}
    assert {p: (c["status"], c["S"], c["T"], c["price"], c["treasury"])
            for p, c in corps(ipo).items() if c["status"] != "UNSTARTED"} == {
        "FRANCE": ("FLOATED", 30, 1, 10, 150), "GERMANY": ("STARTED", 25, 9, 20, 100),
        "ENGLAND": ("STARTED", 20, 16, 9, 120)}
    assert ipo["state"]["bank"] == 450
    assert ipo["state"]["phase"] == "W1900E"
    assert sorted(ipo["state"]["inactive"]) == homes("AUSTRIA", "ENGLAND", "GERMANY", "ITALY",
                                                    "RUSSIA", "TURKEY")
