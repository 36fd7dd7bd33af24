"""Allocates memory without limit on the first act, touching every page (MLE).

Usage: memory.py PIDFILE [child] — with ``child`` the allocation happens in a forked child
while the bot itself stays small, so only counting the whole process tree catches it.
"""

from __future__ import annotations

import os
import sys
import time

from _wire import acts, record_pid


def hoard() -> None:
    held = []
    while True:
        held.append(b"\x01" * (8 << 20))


record_pid(sys.argv[1])
for _ in acts():
    if len(sys.argv) > 2 and sys.argv[2] == "child":
        child = os.fork()
        if child == 0:
            hoard()
        record_pid(sys.argv[1], child)
        while True:
            time.sleep(1)
    hoard()
