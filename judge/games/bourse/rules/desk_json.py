"""The Bourse's desk part way through a turn (judge.games.bourse.rules.desk) to JSON and back:
the Bourse as its members so far left it, each member's set for the turn, who joined
under which pseudonym. The mail service keeps it with the host's phase, so that each
Bourse mail is handled once, when it comes, and the turn is played from it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.games.bourse.rules import desk as bourse_desk
from judge.games.bourse.rules import state as bourse_state
from judge.games.bourse.rules import trades as bourse_trades
from judge.games.bourse.rules.desk import Desk
from judge.games.bourse.rules.params import BourseParams
from judge.money import trades as money_trades
from judge.money.currencies import Currencies
from judge.money.market.codec import Codec, types_in

CODEC = Codec(types_in(bourse_desk, bourse_state, bourse_trades, money_trades),
              renamed=money_trades.FORMER_FIELDS)


def desk_json(desk: Desk) -> dict[str, Any]:
    """The desk as JSON (its currencies and parameters named, not written)."""
    return {"desk": CODEC.encode(desk, {"currencies": desk.currencies,
                                        "params": desk.params})}


def desk_from_json(data: Mapping[str, Any], currencies: Currencies,
                   params: BourseParams) -> Desk:
    """The desk ``desk_json`` wrote; CodecError for JSON it did not write."""
    desk: Desk = CODEC.decode(data["desk"], {"currencies": currencies, "params": params})
    return desk
