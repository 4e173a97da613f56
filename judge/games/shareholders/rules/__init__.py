"""1901-Shareholders (spec shareholders.md): shares, offices and dollars on top of the
standard engine. Pure: typed state in, typed state out; no text, no I/O.

``turns.py`` is the entry: ``sender_problem`` and ``submit_mail`` check what a mail may
do, ``play_turn`` plays a turn at its deadline.
"""
