"""Burns CPU without answering (the CPU-time cap, not the wall clock, should stop it)."""

from __future__ import annotations

import sys

sys.stdin.readline()  # start
sys.stdin.readline()  # the first act
while True:
    pass
