"""Exchange board phases beyond the scenarios: corporations' own offers, retreats and
adjustments ordered by leaders signed on as their corporations, skipping, annual reports."""

from __future__ import annotations

from judge.engine.maps import load_map
from judge.games.exchange.rules.params import Params
from judge.games.exchange.rules.reports import annual_reports
from judge.games.exchange.rules.state_json import game_from_state
from judge.money.payola.rules import RuleSet
from tests.exchange.builder import floated, mail, play, refused, state


def _war(phase: str = "S1901M") -> dict:
    return state(phase,
                 investors={"ALICE": {"shares": {"GERMANY": 20}},
                            "BOB": {"shares": {"FRANCE": 20}}},
                 corporations={"FRANCE": floated("FRANCE", S=20, T=0, price=5, treasury=10,
                                                 leader="BOB"),
                               "GERMANY": floated("GERMANY", S=20, T=0, price=5, treasury=10,
                                                  leader="ALICE")},
                 units={"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR", "A MUN"]},
                 centers={"FRANCE": ["BRE", "PAR", "MAR"], "GERMANY": ["BER", "KIE", "MUN"]})


def test_leader_orders_units_with_zero_offers_and_retreats() -> None:
    st = _war()
    st["units"]["GERMANY"] = ["A BUR", "A PIC"]
    moved = play(st, mail("ALICE", "0 : A BUR H", signed_on="GERMANY"),
                 mail("ALICE", "0 : A BUR - PAR", "0 : A PIC S A BUR - PAR",
                      signed_on="GERMANY"))
    assert moved["errors"] == {}
    assert moved["orders"]["A BUR"] == "A BUR - PAR"  # the later sheet replaced the first
    assert moved["orders"]["A PIC"] == "A PIC S A BUR - PAR"
    st = moved["state"]
    assert st["phase"] == "S1901R"
    assert st["dislodged"] == {"FRANCE": [{"unit": "A PAR", "attacker": "BUR"}]}
    retreated = play(st, mail("BOB", "A PAR - GAS", signed_on="FRANCE"),
                     mail("ALICE", "A PAR - GAS"))
    assert refused(retreated) == {
        ("ALICE", "A PAR - GAS: sign on as the corporation to order its units")}
    assert retreated["state"]["phase"] == "F1901M"
    assert sorted(retreated["state"]["units"]["FRANCE"]) == ["A GAS", "A MAR"]


def test_fall_capture_then_adjustments_by_the_leader() -> None:
    st = _war("F1901M")
    st["corporations"]["FRANCE"]["sc_values"] = {"BRE": 7, "MAR": 7, "PAR": 6}
    st["units"] = {"FRANCE": ["A MAR"], "GERMANY": ["A BUR", "A MUN", "A PIC"]}
    moved = play(st, mail("ALICE", "0 : A PIC - PAR", signed_on="GERMANY"))
    after = moved["state"]
    assert after["phase"] == "W1901B"
    assert sorted(after["centers"]["GERMANY"]) == ["BER", "KIE", "MUN", "PAR"]
    assert sorted(after["centers"]["FRANCE"]) == ["BRE", "MAR"]
    # a home centre keeps its float value whoever owns it (D5); Germany's own are unset
    assert after["corporations"]["GERMANY"]["treasury"] == 16
    assert after["corporations"]["FRANCE"]["treasury"] == 24
    after["phase"] = "W1901A"
    built = play(after, mail("ALICE", "BUILD F KIE", signed_on="GERMANY"),
                 mail("BOB", "BUILD A PAR", signed_on="FRANCE"))
    assert built["state"]["phase"] == "S1902M"
    assert "F KIE" in built["state"]["units"]["GERMANY"]
    assert [k for k, e in refused(built) if e.startswith("BUILD A PAR: ")] == ["BOB/FRANCE"]


def test_removal_by_civil_disorder_when_the_leader_is_silent() -> None:
    st = _war("W1901A")
    st["centers"] = {"FRANCE": ["BRE", "PAR", "MAR"], "GERMANY": ["BER"]}
    result = play(st)
    assert len(result["state"]["units"]["GERMANY"]) == 1
    assert result["state"]["phase"] == "S1902M"


def test_a_mail_as_a_corporation_from_its_non_leader_is_refused() -> None:
    result = play(_war(), mail("BOB", "0 : A BUR - PAR", "TRANSFER 1 TO ALICE",
                               signed_on="GERMANY"))
    assert result["errors"] == {"BOB/GERMANY": [
        "0 : A BUR - PAR: you are not the leader of GERMANY",
        "TRANSFER 1 TO ALICE: you are not the leader of GERMANY"]}


def test_accept_at_any_time_is_stored_with_its_question_mark() -> None:
    result = play(_war("W1901B"), mail("ALICE", "ACCEPT GF", signed_on="G"))
    assert result["errors"] == {}
    assert result["state"]["corporations"]["GERMANY"]["accept"] == "GF?"


def test_e20_annual_report() -> None:
    st = state("W1901B", investors={"ALICE": {"shares": {"FRANCE": 6}},
                                    "BOB": {"shares": {"FRANCE": 10}},
                                    "CAROL": {"shares": {"FRANCE": 3}},
                                    "DAVE": {"shares": {"FRANCE": 10}}},
               corporations={"FRANCE": floated("FRANCE", S=30, T=1, price=10, treasury=95,
                                               leader="DAVE"),
                             "GERMANY": floated("GERMANY", S=25, T=9, price=20)})
    st["corporations"]["GERMANY"]["status"] = "STARTED"
    board = load_map("standard")
    game = game_from_state(st, board, Params(), RuleSet(), 5)
    text = ("FRANCE, fiscal year 1902: treasury 95 AgP; 30 shares, 1 unsold; leader DAVE; "
            "shareholders ALICE, BOB, CAROL, DAVE")
    assert annual_reports(game) == {n: [text] for n in ("ALICE", "BOB", "CAROL", "DAVE")}


def test_clear_empties_an_earlier_sheet() -> None:
    st = _war()
    kept = play(st, mail("ALICE", "0 : A BUR - PAR", signed_on="GERMANY"))
    cleared = play(st, mail("ALICE", "0 : A BUR - PAR", signed_on="GERMANY"),
                   mail("ALICE", "CLEAR", signed_on="GERMANY"))
    assert kept["orders"]["A BUR"] == "A BUR - PAR"
    assert cleared["orders"]["A BUR"] == "A BUR H"
    assert cleared["errors"] == {}


def test_commands_one_at_a_time_on_a_copy_of_the_game() -> None:
    from judge.games.exchange.rules import commands as c
    from judge.games.exchange.rules.checks import Refused
    from judge.games.exchange.rules.mail import apply_command
    board = load_map("standard")
    game = game_from_state(_war("W1901B"), board, Params(), RuleSet(), 5)
    after = game.copy()
    assert apply_command(after, "BOB", None, c.BidFor("ITALY", 150)) == "bid for ITALY recorded"
    assert after.investors["BOB"].bids and not game.investors["BOB"].bids
    try:
        apply_command(after, "BOB", None, c.Transfer(900, "ALICE"))
    except Refused as e:
        assert e.reason == "you have only 850 AgP available"
    else:
        raise AssertionError("a transfer of committed money was accepted")
    assert after.investors["BOB"].cash == 1000


def test_a_sheet_with_an_unreadable_line_is_refused_whole() -> None:
    result = play(_war(), mail("ALICE", "0 : A BUR - PAR", "3 : A XYZ - PAR",
                               signed_on="GERMANY"),
                  mail("BOB", "2 : A BUR - PIC", "2 +", "1 : A BUR H"))
    keys = {k: [e.split(":")[0] for e in es] for k, es in result["errors"].items()}
    assert set(keys) == {"ALICE/GERMANY", "BOB"}
    assert [e for e in result["errors"]["BOB"] if e.startswith("2 +: ")]
    assert result["orders"]["A BUR"] == "A BUR H"  # neither sheet stands
    assert result["paid"] == {}


def test_applied_returns_a_new_game_or_a_refusal() -> None:
    from judge.games.exchange.rules import commands as c
    from judge.games.exchange.rules.mail import Applied, Refusal, applied
    game = game_from_state(_war("W1901B"), load_map("standard"), Params(), RuleSet(), 5)
    done = applied(game, "BOB", None, c.Transfer(10, "GERMANY"))
    assert isinstance(done, Applied)
    assert done.game.corporations["GERMANY"].treasury == 20
    assert game.corporations["GERMANY"].treasury == 10
    assert applied(game, "BOB", "GERMANY", c.Transfer(10, "ALICE")) == Refusal(
        "you are not the leader of GERMANY")


def test_an_unknown_word_in_a_movement_phase_does_not_spoil_the_sheet() -> None:
    result = play(_war(), mail("ALICE", "HELLO THERE", "0 : A BUR - PAR", signed_on="GERMANY"))
    assert result["errors"] == {"ALICE/GERMANY": ["HELLO THERE: unknown command"]}
    assert result["orders"]["A BUR"] == "A BUR - PAR"


def test_zerosum_bribes_go_to_the_units_owner_and_captures_move_money() -> None:
    st = _war("F1901M")
    st["units"] = {"FRANCE": ["A MAR"], "GERMANY": ["A BUR", "A MUN", "A PIC"]}
    st["investors"]["CAROL"]["cash"] = 100
    result = play(st, mail("ALICE", "0 : A PIC - PAR", "0 : A BUR - BEL", signed_on="GERMANY"),
                  mail("CAROL", "5 : A MAR - SPA"), params={"INCOME_MODE": "ZEROSUM"})
    corps = result["state"]["corporations"]
    assert result["paid"] == {"CAROL": {"A MAR": 5}}
    # FRANCE: 10 + 5 bribe profit, then loses PAR: floor(15 / 3) = 5 to GERMANY, and gains
    # neutral SPA (+10); GERMANY: 10 + 5 from PAR + 10 for neutral BEL
    assert corps["FRANCE"]["treasury"] == 10 + 5 - 5 + 10
    assert corps["GERMANY"]["treasury"] == 10 + 5 + 10
    assert result["state"]["investors"]["CAROL"]["cash"] == 95


def test_a_state_past_end_year_ends_at_its_next_year_end() -> None:
    st = _war("F1907M")
    result = play(st, params={"END_YEAR": 1905})
    assert result["end"]["kind"] == "end_year"
    assert result["end"]["winners"] == ["ALICE", "BOB"]  # 100 each: FRANCE and GERMANY
    assert result["end"]["scores"] == {"ALICE": 100.0, "BOB": 100.0, "CAROL": 0.0,
                                       "DAVE": 0.0}
