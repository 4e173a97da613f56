"""An outgoing report: one mail to one reader, rendered from a view that reader may see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.service.reports.replies import render


@dataclass(frozen=True, slots=True)
class Mail:
    """One mail to send. ``reader`` says for whom it was rendered (a power, ``MASTER``
    or ``OBSERVER``); it is never part of the mail."""

    to: str
    subject: str
    body: str
    reader: str = ""
    picture: tuple[bytes, str] | None = None  # a PNG map sent beside the text, its file name


def compose(to: str, reader: str, subject: str, template: str, view: Any) -> Mail:
    """Render ``templates/<template>`` with one name, ``v``: the reader's own view.

    Templates get nothing else, so whatever a view leaves out cannot leak.
    """
    return Mail(to, subject, render(template, v=view), reader)
