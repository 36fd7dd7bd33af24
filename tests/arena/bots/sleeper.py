"""Never answers: reads the start message, then sleeps forever (TLE at decision 1)."""

from __future__ import annotations

import sys
import time

sys.stdin.readline()
while True:
    time.sleep(3600)
