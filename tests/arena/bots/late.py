"""Plays legally but answers decision K after SECONDS of thought, once (TLE at K).
With `echo`, every reply names the decision it answers.

Usage: late.py TAG K SECONDS [echo]
"""

from __future__ import annotations

import sys
import time

from _wire import acts, answer, legal_choice

slow, pause = int(sys.argv[2]), float(sys.argv[3])
echo = sys.argv[4:] == ["echo"]
for number, message in enumerate(acts(), start=1):
    if number == slow:
        time.sleep(pause)
    answer(legal_choice(message["legal"]), message["decision"] if echo else None)
