"""A bot for any game: records every byte the referee sends it, and answers each `act`
with a seeded random legal action chosen by its place in the referee's order (an `index`
reply), so it needs to know nothing of the game.

Usage: recorder.py RECORD_FILE SEED
"""

from __future__ import annotations

import json
import random
import sys


def main() -> None:
    record_path, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    with open(record_path, "ab") as record:
        for raw in sys.stdin.buffer:
            record.write(raw)
            record.flush()
            if not raw.strip():
                continue
            message = json.loads(raw)
            if message["type"] == "act":
                reply = {
                    "type": "action",
                    "decision": message["decision"],
                    "index": rng.randrange(message["legal_count"]),
                }
                sys.stdout.write(json.dumps(reply) + "\n")
                sys.stdout.flush()
            elif message["type"] == "end":
                break


if __name__ == "__main__":
    main()
