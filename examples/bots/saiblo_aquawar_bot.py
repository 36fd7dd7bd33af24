#!/usr/bin/env python3
"""An Aquawar bot written for the original contest's wire protocol (Saiblo), standalone.

It imports nothing from sparring: it is what a contestant of the original contest would
have written, and sparring runs it unchanged as a ``saiblo:`` seat:

    sparring match aquawar --seat "saiblo:python examples/bots/saiblo_aquawar_bot.py" ...

The wire (see docs/saiblo.md):

- the judge sends each message as its bare JSON text — no length, no separator — so the bot
  parses objects as they complete;
- the bot answers with a 4-byte big-endian length, then that many bytes of JSON.

Messages: ``Pick`` (choose 4 fish; a Mimic is 12 plus ``ImitateFish``), ``Assert`` (name an
enemy fish, or ``Null``), ``Action`` (``Type`` 0: normal attack; 1: skill with ``MyList`` /
``EnemyList``), ``Finish`` (the round is over; acknowledged with ``{"Action": "Finish"}``).

Play: sharks, Sea Wolf and the area attackers first; no assertions unless asked for with
``--assert-every N`` (then every N-th turn it guesses at a hidden enemy, cycling through the
fish ids); each turn the fish that deals the most damage strikes the lowest-HP enemy.
``--transcript PATH`` appends every received message to PATH, one JSON line each.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import sys
from collections.abc import Iterator
from typing import Any

PREFERENCE = [9, 10, 5, 1, 3, 8, 6, 7, 2, 4, 11, 12]  # strongest strikers first
MIMIC, COPY = 12, 9  # a Mimic copies the Great White Shark
SHARKS, SEA_WOLF, AREA = {9, 10}, 5, {1, 3}


def messages() -> Iterator[dict[str, Any]]:
    """The judge's messages, each a JSON object sent as bare text, until stdin closes."""
    decoder = json.JSONDecoder()
    text_decoder = codecs.getincrementaldecoder("utf-8")()
    pending = ""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        pending += text_decoder.decode(chunk)
        while True:
            pending = pending.lstrip()
            if not pending:
                break
            try:
                message, end = decoder.raw_decode(pending)
            except json.JSONDecodeError:
                break  # not complete yet
            pending = pending[end:]
            yield message


def send(message: dict[str, Any]) -> None:
    """One reply: its length as 4 bytes, big-endian, then the JSON."""
    body = json.dumps(message, separators=(",", ":")).encode()
    sys.stdout.buffer.write(len(body).to_bytes(4, "big") + body)
    sys.stdout.buffer.flush()


class Bot:
    def __init__(self, assert_every: int) -> None:
        self.assert_every = assert_every
        self.turns = 0
        self.guess = 0

    def pick(self, message: dict[str, Any]) -> dict[str, Any]:
        remain = message["RemainFishs"]
        chosen = [f for f in PREFERENCE if f in remain][:4]
        reply: dict[str, Any] = {"Action": "Pick", "ChooseFishs": chosen}
        if MIMIC in chosen:
            reply["ImitateFish"] = COPY
        return reply

    def assertion(self, message: dict[str, Any]) -> dict[str, Any]:
        self.turns += 1
        info = message["GameInfo"]
        hidden = [
            pos for pos in range(4) if info["EnemyFish"][pos] == -1 and info["EnemyHP"][pos] > 0
        ]
        if not self.assert_every or self.turns % self.assert_every or not hidden:
            return {"Action": "Null"}
        self.guess = self.guess % 12 + 1
        return {"Action": "Assert", "Pos": hidden[0], "ID": self.guess}

    def act(self, message: dict[str, Any]) -> dict[str, Any]:
        info = message["GameInfo"]
        living = [p for p in range(4) if info["EnemyHP"][p] > 0]
        target = min(living, key=lambda p: (info["EnemyHP"][p], p))
        best: tuple[float, dict[str, Any]] | None = None
        for pos in range(4):
            if info["MyHP"][pos] <= 0:
                continue
            option = self.option(pos, info, living, target)
            if best is None or option[0] > best[0]:
                best = option
        assert best is not None
        return best[1]

    @staticmethod
    def option(
        pos: int, info: dict[str, Any], living: list[int], target: int
    ) -> tuple[float, dict[str, Any]]:
        """Expected damage of fish `pos`'s best move, and the move."""
        kind = abs(info["MyFish"][pos])
        kind = COPY if kind == MIMIC else kind
        atk = info["MyATK"][pos]
        skill = {"Action": "Action", "Type": 1, "MyPos": pos, "MyList": []}
        if kind in SHARKS:
            factor = 1.4 if info["EnemyHP"][target] < 160 else 1.2
            return atk * factor, {**skill, "EnemyList": [target]}
        if kind == SEA_WOLF:
            return 120, {**skill, "EnemyList": [target]}
        if kind in AREA and len(living) > 1:
            return 0.35 * atk * len(living), {**skill, "EnemyList": living}
        attack = {"Action": "Action", "Type": 0, "MyPos": pos, "EnemyPos": target}
        return atk / 2, attack


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assert-every", type=int, default=0)
    parser.add_argument("--transcript", default=None)
    args = parser.parse_args()
    bot = Bot(args.assert_every)
    for message in messages():
        if args.transcript:
            with open(args.transcript, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(message) + "\n")
        kind = message.get("Action")
        if kind == "Pick":
            send(bot.pick(message))
        elif kind == "Assert":
            send(bot.assertion(message))
        elif kind == "Action":
            send(bot.act(message))
        elif kind == "Finish":
            send({"Action": "Finish"})


if __name__ == "__main__":
    main()
