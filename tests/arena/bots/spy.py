"""Spies on the referee instead of playing, then dies (RE) with what it found on stderr.

Usage: spy.py TAG TERCES REPLAY STORE PORT — at the first act it looks for the match's
seed, TERCES reversed (so its own command line and its sandbox's do not hold it), in every
command line under /proc, opens the live replay file REPLAY and
the store STORE (and ./sparring.db), connects to 127.0.0.1:PORT, writes a file beside
its own script and one in /tmp (removing each it could write), and reports each as
``name=yes`` or ``name=no``.
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

from _wire import acts


def seen_in_command_lines(secret: bytes) -> bool:
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                if secret in Path(f"/proc/{name}/cmdline").read_bytes():
                    return True
            except OSError:
                continue
    return False


def readable(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            handle.read(16)
    except OSError:
        return False
    return True


def connects(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def writes(path: Path) -> bool:
    try:
        path.write_text("spy")
    except OSError:
        return False
    path.unlink()
    return True


_, terces, replay, store, port = sys.argv[1:6]
secret = terces[::-1]
for _message in acts():
    found = {
        "seed": seen_in_command_lines(secret.encode()),
        "replay": readable(replay),
        "store": readable(store) or readable("sparring.db"),
        "network": connects(int(port)),
        "own_folder": writes(Path(__file__).with_name(f"spy-{os.getpid()}.txt")),
        "tmp": writes(Path("/tmp/spy.txt")),
    }
    report = " ".join(f"{name}={'yes' if saw else 'no'}" for name, saw in found.items())
    sys.stderr.write(f"spy: {report}\n")
    sys.exit(3)
