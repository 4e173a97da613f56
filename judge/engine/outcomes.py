"""What happened to each unit, and why an order was refused."""

from __future__ import annotations

from enum import Enum


class Outcome(Enum):
    """The result of a unit's order, as the contract and the result mails name it."""

    OK = "ok"
    BOUNCE = "bounce"
    CUT = "cut"
    DISLODGED = "dislodged"
    VOID = "void"
    NO_CONVOY = "no convoy"
    DISBANDED = "disbanded"
    BUILT = "built"
    REMOVED = "removed"


class Reason(Enum):
    """Why an order is illegal. The value is the short wording the batch interface
    prints; mail templates may word it at more length."""

    NO_SUCH_UNIT = "no such unit"
    NOT_YOUR_UNIT = "not your unit"
    WRONG_UNIT_TYPE = "wrong unit type"
    UNKNOWN_PROVINCE = "unknown province"
    ARMY_TO_SEA = "an army cannot go to sea"
    FLEET_INLAND = "a fleet cannot go inland"
    NOT_ADJACENT = "not adjacent"
    NO_CONVOY_ROUTE = "no possible convoy route"
    COAST_NEEDED = "coast must be specified"
    BAD_COAST = "no such coast"
    UNREACHABLE_COAST = "the fleet cannot reach that coast"
    MOVE_TO_SELF = "a unit cannot move to its own province"
    SUPPORT_SELF = "a unit cannot support itself"
    CANNOT_SUPPORT_THERE = "the supporting unit cannot reach that province"
    CONVOY_BY_ARMY = "only fleets convoy"
    CONVOY_FROM_LAND = "a fleet on a coast cannot convoy"
    CONVOY_NOT_ARMY = "only armies are convoyed"
    CONVOY_NOT_COASTAL = "an army can only be convoyed between coasts"
    WRONG_PHASE = "not an order for this phase"
    NOT_DISLODGED = "that unit does not have to retreat"
    RETREAT_TO_ATTACKER = "cannot retreat where the attacker came from"
    RETREAT_CONTESTED = "cannot retreat to a province left empty by a standoff"
    RETREAT_OCCUPIED = "cannot retreat to an occupied province"
    NOT_HOME_CENTER = "not a home supply centre"
    NOT_OWNED = "supply centre not owned"
    OCCUPIED = "province occupied"
    NO_BUILDS = "no builds available"
    NO_REMOVALS = "no removals due"
    ALREADY_ORDERED = "unit already ordered"
    ALREADY_BUILDING = "already building there"
    UNPARSEABLE = "cannot read the order"
