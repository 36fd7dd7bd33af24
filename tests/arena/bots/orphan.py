"""Starts a helper that ignores SIGTERM/SIGHUP/SIGINT in a session of its own, answers
one decision, then stops answering (TLE at decision 2). The helper must die with it.

Usage: orphan.py PIDFILE [daemon] — with ``daemon`` the helper is double-forked: its
parent exits at once, so the helper is re-parented away from the bot before the referee
ever sees it (the classic way to escape a process tree).
"""

from __future__ import annotations

import os
import signal
import sys
import time

from _wire import acts, answer, legal_choice, record_pid


def helper_recorded() -> bool:
    with open(sys.argv[1], encoding="utf-8") as handle:
        return len(handle.read().split()) >= 2


def stubborn() -> None:
    os.setsid()
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, signal.SIG_IGN)
    record_pid(sys.argv[1])
    while True:
        time.sleep(0.05)


record_pid(sys.argv[1])
daemon = len(sys.argv) > 2 and sys.argv[2] == "daemon"
for number, message in enumerate(acts(), start=1):
    if number == 1:
        if os.fork() == 0:
            if daemon and os.fork() != 0:
                os._exit(0)
            stubborn()
        if daemon:
            os.wait()
        while not helper_recorded():
            time.sleep(0.005)  # answer only once the helper has recorded itself
        answer(legal_choice(message["legal"]))
    else:
        while True:
            time.sleep(3600)
