"""capitalist.md section 9: every scenario C1-C11 through ``judge.batch.run_case``."""

from __future__ import annotations

import runpy
from pathlib import Path

from judge.batch import run_case

G = runpy.run_path(str(Path(__file__).with_name("game.py")))
case, mail, play, accounts, account = G["case"], G["mail"], G["play"], G["accounts"], G["account"]
holdings, refused, follow, NINE = G["holdings"], G["refused"], G["follow"], G["NINE"]
POWERS = G["POWERS"]


def test_c1_rate_arithmetic_at_f1901c() -> None:
    players = accounts(MEDICI=account(sfr=15000))
    result = play(case("F1901C", players, [
        mail("MIDAS", "SELL 500 LIRA", "BUY 499 MARK"),
        mail("CROESUS", "SELL 500 LIRA", "BUY 500 MARK"),
        mail("PLUTUS", "SELL 500 LIRA", "BUY 49 FRANC"),
        mail("MAMMON", "SELL 450 LIRA"),
        mail("FUGGER", "SELL 500 POUND", "BUY 500 LIRA"),
        mail("MEDICI", "SELL 50 FRANC", "BUY 200 LIRA"),
    ]))
    assert result["errors"] == {}
    state = result["state"]
    assert state["phase"] == "F1901M"
    assert state["rates"] == {"ITALY": 88, "GERMANY": 109, "FRANCE": 100, "ENGLAND": 95,
                              "AUSTRIA": 100, "RUSSIA": 100, "TURKEY": 100}
    # the executed trades behind the totals: LIRA +700 -1950, MARK +999, FRANC +49 -50
    assert holdings(result, "MIDAS")["GERMANY"] == 1499
    assert holdings(result, "FUGGER")["ITALY"] == 1500
    assert holdings(result, "MEDICI")["ITALY"] == 1200
    assert holdings(result, "MEDICI")["FRANCE"] == 950
    sfr = {n: p["sfr"] for n, p in state["players"].items()}
    assert sfr == {"MIDAS": 100, "CROESUS": 0, "PLUTUS": 45100, "MAMMON": 45000,
                   "FUGGER": 0, "MEDICI": 0, "SCROOGE": 0, "GEKKO": 0, "RICHIE": 0}


def test_c2_a_players_trades() -> None:
    result = play(case("S1901C", accounts(), [
        mail("MIDAS", "SELL 500 LIRA", "SELL 300 RUBEL", "BUY 790 MARK")]))
    assert holdings(result, "MIDAS") == {
        "AUSTRIA": 1000, "ENGLAND": 1000, "FRANCE": 1000, "GERMANY": 1790,
        "ITALY": 500, "RUSSIA": 700, "TURKEY": 1000}
    assert result["state"]["players"]["MIDAS"]["sfr"] == 1000


def test_c2_errors() -> None:
    result = play(case("S1901C", accounts(), [
        mail("MIDAS", "SELL 501 LIRA"),
        mail("CROESUS", "SELL 300 LIRA", "SELL 250 LIRA"),
        mail("PLUTUS", "SELL 300 LIRA", "BUY 10 LIRA"),
        mail("MAMMON", "SELL 1001 MARK"),
    ]))
    assert result["errors"] == {
        "MIDAS": ["SELL 501 LIRA: you may sell at most 500 LIRA this turn"],
        "CROESUS": ["SELL 250 LIRA: you may sell at most 500 LIRA this turn"],
        "PLUTUS": ["BUY 10 LIRA: you cannot buy and sell LIRA in the same turn"],
        "MAMMON": ["SELL 1001 MARK: you may sell at most 500 MARK this turn"],
    }
    # the accepted lines stand: CROESUS and PLUTUS each sold 300 LIRA
    assert holdings(result, "CROESUS")["ITALY"] == 700
    assert holdings(result, "PLUTUS")["ITALY"] == 700
    assert holdings(result, "MIDAS")["ITALY"] == 1000


def test_c3_reduced_purchase_and_its_warning() -> None:
    rates = {"TURKEY": 88, "FRANCE": 109, "ENGLAND": 95}
    result = play(case("S1902C", accounts(), [
        mail("CROESUS", "SELL 200 PIASTER", "BUY 100 FRANC", "BUY 100 POUND")], rates=rates))
    assert result["errors"] == {}
    assert result["warnings"] == {"CROESUS": [
        "WARNING: your purchases cost 204.00 SFr but you will have 176.00 SFr; "
        "they will be reduced as the rules require"]}
    held = holdings(result, "CROESUS")
    assert (held["TURKEY"], held["FRANCE"], held["ENGLAND"]) == (800, 1100, 1070)
    assert result["state"]["players"]["CROESUS"]["sfr"] == 50
    assert result["state"]["rates"]["TURKEY"] == 86  # -200: two whole hundreds
    assert result["state"]["rates"]["FRANCE"] == 110
    assert result["state"]["rates"]["ENGLAND"] == 95  # +70: no whole hundred


def _c4_commerce() -> dict:
    return play(case("S1901C", accounts(), [
        mail("MIDAS", "SELL 500 LIRA", "SELL 300 RUBEL", "BUY 790 MARK"),
        mail("CROESUS", "SELL 500 LIRA", "SELL 300 RUBEL", "BUY 790 MARK"),
        mail("PLUTUS", "SELL 400 POUND", "BUY 400 LIRA"),
    ]))


def test_c4_command_by_most_units_and_the_lot() -> None:
    result = _c4_commerce()
    assert holdings(result, "MIDAS")["GERMANY"] == holdings(result, "CROESUS")["GERMANY"] == 1790
    assert holdings(result, "PLUTUS")["ITALY"] == 1400
    commanders = result["state"]["commanders"]
    assert commanders["GERMANY"] == "CROESUS"  # 5/S1901C/COMMAND/GERMANY: c779... < da10...
    assert commanders["ITALY"] == "PLUTUS"
    assert set(commanders) == set(POWERS)


def test_c4_only_the_commander_orders_for_s1901m_and_s1901r() -> None:
    commerce = _c4_commerce()
    result = play(follow(commerce, [
        mail("MIDAS", "A VEN - TYR", power="ITALY"),
        mail("CROESUS", "A MUN - BUR", power="GERMANY"),
    ]))
    assert refused(result) == {
        ("MIDAS/ITALY", "A VEN - TYR: you do not command ITALY this season")}
    state = result["state"]
    assert state["phase"] == "F1901C"
    assert "A BUR" in state["units"]["GERMANY"]
    assert "A VEN" in state["units"]["ITALY"]
    assert state["commanders"] == {}


C5_UNITS = {
    "GERMANY": ["F DEN", "A VIE", "A MUN"], "TURKEY": ["A SEV", "F NAP", "A BUD", "A TRI"],
    "AUSTRIA": ["A GAL", "A BOH", "F ADR"], "ITALY": ["A ROM", "A VEN", "F ION"],
    "RUSSIA": ["A WAR", "A MOS", "F STP/SC", "A UKR"],
    "ENGLAND": ["F LON", "F EDI", "A LVP"], "FRANCE": ["F BRE", "A PAR", "A MAR"],
}
C5_RATES = {"GERMANY": 109, "ITALY": 88, "RUSSIA": 2, "FRANCE": 100, "AUSTRIA": 70,
            "ENGLAND": 100, "TURKEY": 100}


def _c5() -> dict:
    commanders = {p: n for p, n in zip(POWERS, NINE, strict=False)}
    return play(case("F1901M", accounts(), [], units=C5_UNITS, rates=C5_RATES,
                     commanders=commanders))


def test_c5_year_end_1901() -> None:
    result = _c5()
    state = result["state"]
    assert state["rates"] == {"GERMANY": 119, "ITALY": 83, "RUSSIA": 1, "FRANCE": 100,
                              "ENGLAND": 100, "TURKEY": 120, "AUSTRIA": 0}
    assert state["annihilated"] == ["AUSTRIA"]
    assert state["centers_last"] == {"GERMANY": 5, "ITALY": 2, "RUSSIA": 3, "FRANCE": 3,
                                     "AUSTRIA": 0, "ENGLAND": 3, "TURKEY": 7}
    assert state["phase"] == "W1901A"
    assert state["commanders"]["AUSTRIA"] == "MIDAS"  # the fall commander keeps it (D18)
    assert result["end"] is None


def test_c5_austria_is_removed_in_w1901a_and_has_no_commander_from_s1902c() -> None:
    winter = play(follow(_c5()))
    state = winter["state"]
    assert state["phase"] == "S1902C"
    assert "AUSTRIA" not in state["units"] or state["units"]["AUSTRIA"] == []
    assert state["commanders"] == {}
    spring = play(follow(winter, [mail("MIDAS", "SELL 10 MARK")]))
    assert "AUSTRIA" not in spring["state"]["commanders"]
    assert spring["state"]["rates"]["AUSTRIA"] == 0


def test_c6_annihilated_currency() -> None:
    result = play(case("S1902C", accounts(), [
        mail("MIDAS", "BUY 100 KRONEN"), mail("CROESUS", "SELL 100 KRONEN")],
        rates={"AUSTRIA": 0}, annihilated=["AUSTRIA"], centers_last={"AUSTRIA": 0},
        units={p: u for p, u in G["START"].items() if p != "AUSTRIA"},
        centers={p: c for p, c in G["HOMES"].items() if p != "AUSTRIA"}))
    reason = "AUSTRIA is annihilated; its currency cannot be traded"
    assert refused(result) == {("MIDAS", f"BUY 100 KRONEN: {reason}"),
                               ("CROESUS", f"SELL 100 KRONEN: {reason}")}
    assert holdings(result, "MIDAS")["AUSTRIA"] == 1000  # still listed, worth nothing
    assert result["state"]["rates"]["AUSTRIA"] == 0
    assert "AUSTRIA" not in result["state"]["commanders"]


def test_c7_minimum_rate() -> None:
    result = play(case("S1903C", accounts(), [
        mail("MIDAS", "SELL 500 PIASTER"), mail("CROESUS", "SELL 200 PIASTER")],
        rates={"TURKEY": 3}))
    assert result["state"]["rates"]["TURKEY"] == 1


C8_CENTERS = {
    "GERMANY": ["BER", "KIE", "MUN", "HOL", "BEL", "DEN", "SWE", "WAR", "MOS"],
    "ENGLAND": ["LON", "EDI", "LVP", "NWY", "POR"], "FRANCE": ["PAR", "BRE", "MAR", "SPA"],
    "RUSSIA": ["STP", "SEV", "RUM", "BUL"], "TURKEY": ["ANK", "CON", "SMY", "GRE", "SER"],
    "ITALY": ["ROM", "NAP", "VEN", "TUN", "TRI", "VIE", "BUD"],
}


def test_c8_scoring_and_a_shared_win() -> None:
    players = {n: account(each=0, FRANCE=1000) for n in NINE}
    players["MIDAS"] = account(each=0, ITALY=1798, GERMANY=2250, ENGLAND=99, AUSTRIA=3000)
    players["CROESUS"] = account(each=0, GERMANY=2300, ITALY=1500, ENGLAND=100)
    result = play(case("F1915M", players, [], units={}, centers=C8_CENTERS,
                       rates={"AUSTRIA": 0}, annihilated=["AUSTRIA"],
                       centers_last={"AUSTRIA": 0}))
    end = result["end"]
    assert end["kind"] == "end_year"
    assert end["scores"]["MIDAS"] == 317
    assert end["scores"]["CROESUS"] == 317
    assert end["scores"]["PLUTUS"] == 40
    assert set(end["scores"]) == set(NINE)
    assert end["winners"] == ["CROESUS", "MIDAS"]
    assert result["state"]["phase"] == "W1915A"  # would open (builds), is not played


def _c9_case(year: int) -> dict:
    centers = {
        "GERMANY": ["BER", "KIE", "MUN", "HOL", "BEL", "DEN", "SWE", "NWY", "WAR", "MOS",
                    "STP", "SEV", "PAR", "BRE", "MAR", "VIE", "BUD"],
        "ITALY": ["ROM", "NAP", "VEN", "TUN", "TRI"], "ENGLAND": ["LON", "EDI", "LVP"],
        "FRANCE": ["SPA", "POR"], "TURKEY": ["ANK", "CON", "SMY", "GRE", "SER", "BUL", "RUM"],
    }
    players = {n: account(each=0, FRANCE=500) for n in NINE}
    players["MIDAS"] = account(each=0, GERMANY=2000)
    players["SCROOGE"] = account(each=0, GERMANY=1900, ITALY=1000)
    return case(f"F{year}M", players, [mail("MIDAS", "A GAL - RUM", power="GERMANY")],
                units={"GERMANY": ["A GAL"]}, centers=centers,
                rates={"AUSTRIA": 0, "RUSSIA": 0}, annihilated=["AUSTRIA", "RUSSIA"],
                centers_last={"AUSTRIA": 0, "RUSSIA": 0, "GERMANY": 17, "TURKEY": 7,
                              "ITALY": 5, "ENGLAND": 3, "FRANCE": 2},
                commanders={"GERMANY": "MIDAS", "ITALY": "SCROOGE"})


def test_c9_eighteen_centers_end_the_game_and_the_best_scorer_wins() -> None:
    result = play(_c9_case(1908))
    assert result["errors"] == {}
    end = result["end"]
    assert end["kind"] == "solo"
    assert end["scores"]["MIDAS"] == 360
    assert end["scores"]["SCROOGE"] == 392
    assert end["winners"] == ["SCROOGE"]
    state = result["state"]
    assert len(state["centers"]["GERMANY"]) == 18
    assert state["phase"] == "W1908A"  # shown, not played
    assert state["commanders"]["GERMANY"] == "MIDAS"


def test_c9_otherwise_the_game_ends_after_the_fall_1915_change() -> None:
    quiet = {n: account() for n in NINE}
    f1914 = play(case("F1914M", quiet))
    assert f1914["end"] is None
    assert f1914["state"]["phase"] == "S1915C"
    f1915 = play(case("F1915M", quiet))
    assert f1915["end"]["kind"] == "end_year"
    assert f1915["end"]["winners"] == sorted(NINE)  # all equal: 10 x 22 centres each
    assert set(f1915["end"]["scores"].values()) == {220}
    assert f1915["state"]["phase"] == "S1916C"


def test_c10_commanders_across_phases() -> None:
    # S1901C: GEKKO buys the most FRANC and commands FRANCE for the spring
    spring = play(case("S1901C", accounts(), [mail("GEKKO", "SELL 200 MARK", "BUY 200 FRANC")]))
    assert spring["state"]["commanders"]["FRANCE"] == "GEKKO"
    state = spring["state"]
    state["units"] = {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN", "A RUH"]}
    state["commanders"]["GERMANY"] = "MIDAS"
    moved = play(follow(spring, [
        mail("MIDAS", "A MUN - BUR", "A RUH S A MUN - BUR", power="GERMANY"),
        mail("GEKKO", "A BUR H", "A PAR H", power="FRANCE"),
    ]))
    assert moved["state"]["phase"] == "S1901R"
    assert moved["state"]["commanders"]["FRANCE"] == "GEKKO"
    retreat = play(follow(moved, [
        mail("RICHIE", "A BUR - PIC", power="FRANCE"),
        mail("GEKKO", "A BUR - GAS", power="FRANCE"),
    ]))
    assert refused(retreat) == {
        ("RICHIE/FRANCE", "A BUR - PIC: you do not command FRANCE this season")}
    assert "A GAS" in retreat["state"]["units"]["FRANCE"]
    assert retreat["state"]["phase"] == "F1901C"
    assert retreat["state"]["commanders"] == {}
    # F1901C: RICHIE outbuys GEKKO and commands FRANCE through F1901M and W1901A
    fall = play(follow(retreat, [mail("RICHIE", "SELL 300 MARK", "BUY 300 FRANC")]))
    assert fall["state"]["commanders"]["FRANCE"] == "RICHIE"
    fought = play(follow(fall, [
        mail("GEKKO", "A GAS - SPA", power="FRANCE"),
        mail("RICHIE", "A GAS - SPA", power="FRANCE"),
    ]))
    assert refused(fought) == {
        ("GEKKO/FRANCE", "A GAS - SPA: you do not command FRANCE this season")}
    assert fought["state"]["phase"] == "W1901A"
    built = play(follow(fought, [
        mail("GEKKO", "BUILD A MAR", power="FRANCE"),
        mail("RICHIE", "BUILD F BRE", power="FRANCE"),
    ]))
    assert refused(built) == {
        ("GEKKO/FRANCE", "BUILD A MAR: you do not command FRANCE this season")}
    assert "F BRE" in built["state"]["units"]["FRANCE"]
    assert built["state"]["phase"] == "S1902C"


def test_c10_a_silent_commander_holds_disbands_and_waives() -> None:
    spring = play(case("S1901M", accounts(), [
        mail("MIDAS", "A MUN - BUR", "A RUH S A MUN - BUR", power="GERMANY")],
        units={"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]},
        commanders={"FRANCE": "GEKKO", "GERMANY": "MIDAS"}))
    assert spring["state"]["phase"] == "S1901R"
    retreat = play(follow(spring))  # GEKKO sends nothing: A BUR disbands
    assert retreat["state"]["units"].get("FRANCE", []) == []
    assert retreat["state"]["phase"] == "F1901C"
    winter = play(case("W1901A", accounts(), [], units={"FRANCE": ["A GAS"]},
                       commanders={"FRANCE": "GEKKO"}))
    assert winter["state"]["units"]["FRANCE"] == ["A GAS"]  # builds waived
    assert winter["state"]["phase"] == "S1902C"


def test_c11_player_count() -> None:
    for names in (NINE[:8], NINE + ("A1", "A2", "A3", "A4")):
        for phase in ("S1901C", "F1903M", "W1902A"):
            result = run_case(case(phase, accounts(names)))
            assert result == {"id": "c", "error": "Capitalist Diplomacy needs 9 to 12 players"}
    assert "error" not in run_case(case("S1901C", accounts(NINE + ("A1", "A2", "A3"))))


def test_c11_the_bounds_are_parameters() -> None:
    result = run_case(case("S1901C", accounts(NINE[:3]), params={"MIN_PLAYERS": 4}))
    assert result["error"] == "Capitalist Diplomacy needs 4 to 12 players"
    assert "error" not in run_case(case("S1901C", accounts(NINE[:3]), params={"MIN_PLAYERS": 3}))
