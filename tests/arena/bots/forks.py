"""Starts as many sleeping child processes as it can, up to N, at the first act, then
dies (RE) reporting the process cap it was given and how many children it got.

Usage: forks.py TAG N
"""

from __future__ import annotations

import os
import sys
import time

from _wire import acts

wanted = int(sys.argv[2])
for _message in acts():
    with open("/proc/self/limits", encoding="utf-8") as limits:
        cap = next(line.split()[2] for line in limits if line.startswith("Max processes"))
    made = 0
    for _ in range(wanted):
        try:
            child = os.fork()
        except OSError:
            break
        if child == 0:
            time.sleep(60)
            os._exit(0)
        made += 1
    sys.stderr.write(f"forks: cap={cap} made={made}\n")
    sys.exit(3)
