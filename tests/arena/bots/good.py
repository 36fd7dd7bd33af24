"""A well-behaved bot: always answers a legal action in time.

Options make it the probe for the referee's other promises: ``--record FILE`` appends
every byte the referee sends (for the no-leak canary), ``--counter FILE`` runs a thread
that counts as fast as it can and publishes the count (so a test can see whether the bot
ran while it was not its turn), ``--think S`` spends S seconds per decision, and
``--random SEED`` plays seeded random legal actions instead of the first one (so it
asserts, sometimes successfully, and reveals enemy fish).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import threading
import time
from typing import Any

from _wire import answer, legal_choice, record_pid


def random_choice(legal: Any, rng: random.Random) -> dict[str, Any]:
    """A seeded random legal action; from the compact pick form, 4 random fish."""
    if isinstance(legal, dict):
        fish = rng.sample(legal["fish"], legal["choose"])
        mimic = rng.choice(legal["mimic_targets"]) if 12 in fish else None
        return {"type": "pick", "fish": fish, "mimic": mimic}
    return rng.choice(legal)


def count_forever(path: str) -> None:
    """Count without pause; publish every 200 counts atomically (write, then rename)."""
    count = 0
    scratch = f"{path}.tmp"
    while True:
        count += 1
        if count % 200 == 0:
            with open(scratch, "w", encoding="utf-8") as handle:
                handle.write(str(count))
            os.replace(scratch, path)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("pids")
    parser.add_argument("--record")
    parser.add_argument("--counter")
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--random", type=int)
    args = parser.parse_args()
    record_pid(args.pids)
    rng = random.Random(args.random) if args.random is not None else None
    if args.counter:
        threading.Thread(target=count_forever, args=(args.counter,), daemon=True).start()
    record = open(args.record, "ab") if args.record else None  # noqa: SIM115
    for raw in sys.stdin.buffer:
        if record is not None:
            record.write(raw)
            record.flush()
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
