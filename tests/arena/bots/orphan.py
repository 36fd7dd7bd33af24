"""Starts a helper that ignores SIGTERM/SIGHUP/SIGINT in a session of its own, answers
one decision, then stops answering (TLE at decision 2). The helper must die with it.

Usage: orphan.py TAG [daemon|unreaped] — with ``daemon`` the helper is double-forked: its
parent exits at once, so the helper is re-parented away from the bot before the referee
ever sees it (the classic way to escape a process tree); ``unreaped`` does the same after
clearing PR_SET_CHILD_SUBREAPER, which an unsandboxed bot is given so that its orphans
come back to it: the helper then goes to init, out of the referee's reach.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time

from _wire import acts, answer, legal_choice

PR_SET_CHILD_SUBREAPER = 36


def stubborn(ready: int) -> None:
    os.setsid()
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, signal.SIG_IGN)
    os.write(ready, b"!")
    os.close(ready)
    while True:
        time.sleep(0.05)


mode = sys.argv[2] if len(sys.argv) > 2 else ""
if mode == "unreaped":
    ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)
for number, message in enumerate(acts(), start=1):
    if number == 1:
        waiting, ready = os.pipe()
        if os.fork() == 0:
            os.close(waiting)
            if mode and os.fork() != 0:
                os._exit(0)
            stubborn(ready)
        os.close(ready)
        if mode:
            os.wait()
        os.read(waiting, 1)  # answer only once the helper is in place
        answer(legal_choice(message["legal"]))
    else:
        while True:
            time.sleep(3600)
