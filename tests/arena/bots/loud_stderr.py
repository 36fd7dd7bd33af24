"""Writes 8 MiB to stderr before its first answer and more with every one, but plays
legally: the referee must not block on (or run out of room for) a chatty stderr."""

from __future__ import annotations

import sys

from _wire import acts, answer, legal_choice

line = "debug: " + "y" * 1017 + "\n"
for number, message in enumerate(acts(), start=1):
    sys.stderr.write(line * (8 * 1024 if number == 1 else 16))
    sys.stderr.flush()
    answer(legal_choice(message["legal"]))
