"""The mails the judge sends on its own, each rendered for one reader from what that reader
may see: phase results, Payola statements and money notices, the game's notices, press,
and the notices about players and addresses.

Every function returns :class:`Mail` values; the caller queues them in the transaction of
the change they report (``judge.storage.mailqueue.queue_mail``). ``game`` is a stored
:class:`~judge.storage.schema.Game` or a :class:`Roster` (``roster_of(game, judge_name)``).
"""

from judge.service.reports.addresses import changed_mails, code_mail
from judge.service.reports.farewells import removal_mails, unstarted_end_mails
from judge.service.reports.guessing import guessing_mails
from judge.service.reports.ledgers import income_report_mails, statement_mails, transfer_mails
from judge.service.reports.mail import Mail
from judge.service.reports.membership import (
    bounce_mails,
    control_mails,
    full_mails,
    members_mails,
    resignation_mails,
    takeover_mails,
)
from judge.service.reports.notices import (
    Ending,
    deadline_mails,
    end_mails,
    late_notice_mails,
    order_confirmation_mails,
    pause_mails,
    reminder_mails,
    rollback_mails,
    start_mails,
)
from judge.service.reports.phase import phase_mails, public_results
from judge.service.reports.press import press_mail
from judge.service.reports.roster import Member, Roster, as_roster, roster_of

__all__ = [
    "Ending",
    "Mail",
    "Member",
    "Roster",
    "as_roster",
    "bounce_mails",
    "changed_mails",
    "code_mail",
    "control_mails",
    "deadline_mails",
    "end_mails",
    "full_mails",
    "members_mails",
    "guessing_mails",
    "income_report_mails",
    "late_notice_mails",
    "order_confirmation_mails",
    "pause_mails",
    "phase_mails",
    "public_results",
    "press_mail",
    "removal_mails",
    "resignation_mails",
    "reminder_mails",
    "rollback_mails",
    "roster_of",
    "start_mails",
    "statement_mails",
    "takeover_mails",
    "transfer_mails",
    "unstarted_end_mails",
]
