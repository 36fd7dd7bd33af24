"""Allocates memory, touching every page (MLE).

Usage: memory.py TAG [child|grow|burst MIB] — without a mode it allocates without limit
on the first act; with ``child`` the allocation happens in a forked child while the bot
itself stays small, so only counting the whole process tree catches it; with ``grow`` it
keeps 30 MiB more after each decision and answers at once, so only a check after every
reply catches it before the next decision; with ``burst`` it asks for MIB at once, faster
than any check, and reports on stderr how that went (RE): only the kernel can stop it.
"""

from __future__ import annotations

import os
import sys
import time

from _wire import acts, answer, legal_choice

STEP = 30 << 20


def hoard() -> None:
    held = []
    while True:
        held.append(b"\x01" * (8 << 20))


mode = sys.argv[2] if len(sys.argv) > 2 else ""
kept = []
for message in acts():
    if mode == "burst":
        try:
            kept.append(bytearray(int(sys.argv[3]) << 20))
        except MemoryError:
            sys.exit("burst: MemoryError")
        sys.exit("burst: allocated")
    if mode == "grow":
        kept.append(b"\x01" * STEP)
        answer(legal_choice(message["legal"]))
        continue
    if mode == "child":
        if os.fork() == 0:
            hoard()
        while True:
            time.sleep(1)
    hoard()
