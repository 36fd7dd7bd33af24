"""Views, logs, replies and bots for the tests of the original-contest seat (`saiblo.py`).

Views and logs are written by hand, as the engine would produce them; `reply` / `bad` read
a reply against a hand-made view; `bot` writes a small misbehaving contest bot; a whole
match runs a `SaibloSeat` against a seeded random-move agent under the referee.
"""

from __future__ import annotations

import json
import random
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest

from sparring.arena.process import BotFailure, Limits
from sparring.arena.referee import MatchOutcome, run_match
from sparring.arena.seats import BuiltinSeat
from sparring.core.registry import get_game
from sparring.core.verdicts import BAD
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.saiblo import SaibloSeat, read_reply
from sparring.games.aquawar.views import AquawarView, OwnFish, PublicFish

SPEC = get_game("aquawar")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "saiblo_aquawar_bot.py"

Json = dict[str, Any]


def command(script: Path, *args: str) -> str:
    return shlex.join([sys.executable, str(script), *args])


class RandomAgent:
    """A legal-move opponent: any legal action, from its own seeded generator."""

    needs_view = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Json | None, legal: Sequence[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))]


def play(
    seat: SaibloSeat,
    order: int,
    seed: int,
    seconds: float = 3.0,
    options: AquawarOptions | None = None,
) -> MatchOutcome:
    """A whole match of `seat` (at seat `order`) against a seeded random-move agent."""
    seats: list[Any] = [seat, BuiltinSeat("random", RandomAgent(seed))]
    if order:
        seats.reverse()
    return run_match(SPEC, seats, seed, options, seconds=seconds)


#: For bots that write a transcript into the test's folder, which a sandboxed bot cannot see.
UNSANDBOXED = Limits(sandbox=False)


def transcript(path: Path) -> list[Json]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def gone(pid: int) -> bool:
    return not Path(f"/proc/{pid}").exists()


def own(
    fish: int,
    hp: int = 400,
    atk: int = 100,
    revealed: bool = False,
    acts_as: int = 0,
    uses: int = 0,
) -> OwnFish:
    """An own fish as a view shows it; its position is set by `view`."""
    return OwnFish(
        pos=0,
        fish=fish,
        acts_as=acts_as or fish,
        hp=hp,
        atk=atk,
        alive=hp > 0,
        revealed=revealed,
        shields=0,
        reduce_buff=False,
        heal_buff=False,
        share_buff=False,
        wound=0,
        skill_uses=uses,
    )


def public(fish: int | None, hp: int = 400) -> PublicFish:
    """An enemy fish as a view shows it; its position is set by `view`."""
    return PublicFish(pos=0, fish=fish, hp=hp, alive=hp > 0)


FRESH_TEAM = (own(1), own(2), own(3), own(4))


def placed(team: Sequence[Any]) -> list[Any]:
    return [msgspec.structs.replace(fish, pos=pos) for pos, fish in enumerate(team)]


def view(
    seat: int,
    log: list[Json],
    phase: str = "assert",
    *,
    my_team: Sequence[OwnFish] = FRESH_TEAM,
    enemy_team: Sequence[PublicFish] = (public(None),) * 4,
    **extra: Any,
) -> AquawarView:
    """A seat's view with this log and phase; other fields as at a round-1 start."""
    fields: dict[str, Any] = {
        "game": "aquawar",
        "seat": seat,
        "round": 1,
        "wins": [0, 0],
        "phase": phase,
        "to_move": [seat],
        "turn": 1,
        "turn_limit": 64,
        "options": AquawarOptions(),
        "first_mover": 0,
        "rounds": [],
        "winner": None,
        "log": log,
        "used": [],
        "my_pick": None,
        "my_team": placed(my_team),
        "enemy_team": placed(enemy_team),
        "enemy_revealed_before": [],
    }
    fields.update(extra)
    return AquawarView(**fields)


def turn(seat: int, number: int = 1) -> Json:
    return {"kind": "turn", "round": 1, "turn": number, "seat": seat}


def asserted(seat: int, pos: int, guess: int, success: bool) -> list[Json]:
    return [
        {"kind": "assert", "seat": seat, "pos": pos, "guess": guess, "success": success},
        {"kind": "assert_loss", "seat": seat if not success else 1 - seat, "amount": 50},
    ]


def action(seat: int, actor: int, kind: str, targets: list[list[int]]) -> Json:
    return {"kind": "action", "seat": seat, "actor": actor, "type": kind, "targets": targets}


def hit(seat: int, pos: int, value: int, direct: bool = True) -> Json:
    return {"kind": "hit", "seat": seat, "pos": pos, "value": value, "direct": direct}


def passive(kind: str, seat: int, pos: int, value: float) -> Json:
    return {"kind": "passive", "type": kind, "seat": seat, "pos": pos, "value": value}


def attack(seat: int, actor: int, pos: int) -> list[Json]:
    """A plain normal attack for 50 on enemy fish `pos`."""
    return [action(seat, actor, "normalattack", [[1 - seat, pos, 50]]), hit(1 - seat, pos, 50)]


def round_end(winner: int, reason: str = "elimination") -> Json:
    return {"kind": "round_end", "round": 1, "winner": winner, "reason": reason}


# --------------------------------------------------------------------- replies


FRESH_ENEMIES = (public(None),) * 4


def reply(
    message: Json,
    phase: str,
    team: Sequence[OwnFish] = FRESH_TEAM,
    enemies: Sequence[PublicFish] = FRESH_ENEMIES,
) -> Any:
    """What the seat reads from `message`, sent by seat 0 in `phase` on its first turn."""
    the_view = view(0, [turn(0)], phase=phase, my_team=team, enemy_team=enemies)
    return read_reply(json.dumps(message).encode(), the_view, SPEC)


def bad(
    message: Json,
    phase: str,
    team: Sequence[OwnFish] = FRESH_TEAM,
    enemies: Sequence[PublicFish] = FRESH_ENEMIES,
) -> str:
    """The reason of the BAD verdict `message` gets, read as `reply` reads it."""
    with pytest.raises(BotFailure) as caught:
        reply(message, phase, team, enemies)
    assert caught.value.verdict == BAD
    return caught.value.detail


def skill(actor: int, mine: list[int] | None = None, theirs: list[int] | None = None) -> Json:
    """A skill reply; a list left as None is left out of the message."""
    message: Json = {"Action": "Action", "Type": 1, "MyPos": actor}
    if mine is not None:
        message["MyList"] = mine
    if theirs is not None:
        message["EnemyList"] = theirs
    return message


# --------------------------------------------------------------------- bots

PRELUDE = '''
import json, os, sys, time

def messages():
    decoder, pending = json.JSONDecoder(), ""
    while True:
        chunk = os.read(0, 65536)
        if not chunk:
            return
        pending += chunk.decode()
        while pending.strip():
            pending = pending.lstrip()
            try:
                message, end = decoder.raw_decode(pending)
            except ValueError:
                break
            pending = pending[end:]
            yield message

def frame(body):
    return len(body).to_bytes(4, "big") + body

def send(obj):
    sys.stdout.buffer.write(frame(json.dumps(obj).encode()))
    sys.stdout.buffer.flush()

def simple(message):
    """A plain legal-minded answer: first fish, first living enemy, no assertions."""
    kind = message["Action"]
    if kind == "Pick":
        return {"Action": "Pick", "ChooseFishs": message["RemainFishs"][:4], "ImitateFish": 1}
    if kind == "Assert":
        return {"Action": "Null"}
    if kind == "Action":
        info = message["GameInfo"]
        me = next(p for p in range(4) if info["MyHP"][p] > 0)
        them = next(p for p in range(4) if info["EnemyHP"][p] > 0)
        return {"Action": "Action", "Type": 0, "MyPos": me, "EnemyPos": them}
    return {"Action": "Finish"}
'''


def bot(tmp_path: Path, name: str, body: str) -> str:
    """The command of a contest bot: `PRELUDE`'s helpers, then `body`."""
    script = tmp_path / f"{name}.py"
    script.write_text(PRELUDE + body)
    return command(script)


def only_verdict(outcome: MatchOutcome, seat: int) -> Any:
    assert len(outcome.verdicts) == 1
    verdict = outcome.verdicts[0]
    assert verdict.seat == seat
    assert outcome.state.winner == 1 - seat
    return verdict
