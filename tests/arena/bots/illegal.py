"""Answers a well-formed action the rules refuse (IA).

Usage: illegal.py TAG MODE — ``pick``: a pick of the same fish twice (decision 1);
``turn``: picks legally, then attacks during the assertion phase (decision 2).
"""

from __future__ import annotations

import sys

from _wire import acts, answer, legal_choice

mode = sys.argv[2]
for message in acts():
    legal = message["legal"]
    if mode == "pick":
        answer({"type": "pick", "fish": [1, 1, 2, 3], "mimic": None})
    elif isinstance(legal, dict):
        answer(legal_choice(legal))
    else:
        answer({"type": "attack", "actor": 0, "target": 0})
