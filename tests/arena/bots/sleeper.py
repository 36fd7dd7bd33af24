"""Never answers: reads the start message, then sleeps forever (TLE at decision 1)."""

from __future__ import annotations

import sys
import time

from _wire import record_pid

record_pid(sys.argv[1])
sys.stdin.readline()
while True:
    time.sleep(3600)
