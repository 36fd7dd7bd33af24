"""Burns CPU without answering (the CPU-time cap, not the wall clock, should stop it)."""

from __future__ import annotations

import sys

from _wire import record_pid

record_pid(sys.argv[1])
sys.stdin.readline()  # start
sys.stdin.readline()  # the first act
while True:
    pass
