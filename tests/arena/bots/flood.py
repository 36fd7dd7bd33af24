"""Floods stdout (OLE).

Usage: flood.py TAG MODE — ``endless``: on the first act, writes without ever ending
the line; ``padded``: answers legal actions, each padded with 200 KB of spaces, so every
reply is small enough but the total is not.
"""

from __future__ import annotations

import sys

from _wire import acts, answer, legal_choice

mode = sys.argv[2]
for message in acts():
    if mode == "endless":
        chunk = b"x" * 65536
        while True:
            sys.stdout.buffer.write(chunk)
    sys.stdout.write(" " * 200_000)
    answer(legal_choice(message["legal"]))
