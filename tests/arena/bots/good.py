"""A well-behaved bot: always answers a legal action in time.

Options make it the probe for the referee's other promises: ``--spin`` runs a thread that
counts as fast as it can (so a test can see, in its CPU time, whether the bot ran while
it was not its turn), ``--think S`` spends S seconds per decision, and
``--random SEED`` plays seeded random legal actions instead of the first one (so it
asserts, sometimes successfully, and reveals enemy fish).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from typing import Any

from _wire import answer, legal_choice


def random_choice(legal: Any, rng: random.Random) -> dict[str, Any]:
    """A seeded random legal action; from the compact pick form, 4 random fish."""
    if isinstance(legal, dict):
        fish = rng.sample(legal["fish"], legal["choose"])
        mimic = rng.choice(legal["mimic_targets"]) if 12 in fish else None
        return {"type": "pick", "fish": fish, "mimic": mimic}
    return rng.choice(legal)


def count_forever() -> None:
    """Count without pause, burning CPU whenever the bot is allowed to run."""
    count = 0
    while True:
        count += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("tag")
    parser.add_argument("--spin", action="store_true")
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--random", type=int)
    args = parser.parse_args()
    rng = random.Random(args.random) if args.random is not None else None
    if args.spin:
        threading.Thread(target=count_forever, daemon=True).start()
    for raw in sys.stdin.buffer:
        if not raw.strip():
            continue
        message = json.loads(raw)
        if message["type"] == "act":
            if args.think:
                time.sleep(args.think)
            legal = message["legal"]
            answer(legal_choice(legal) if rng is None else random_choice(legal, rng))
        elif message["type"] == "end":
            break


if __name__ == "__main__":
    main()
