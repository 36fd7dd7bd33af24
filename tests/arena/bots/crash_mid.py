"""Plays N decisions legally, then crashes with an uncaught exception (RE at decision N+1).

Usage: crash_mid.py TAG N
"""

from __future__ import annotations

import sys

from _wire import acts, answer, legal_choice

survive = int(sys.argv[2])
for number, message in enumerate(acts(), start=1):
    if number > survive:
        raise RuntimeError(f"crash_mid: giving up at decision {number}")
    answer(legal_choice(message["legal"]))
