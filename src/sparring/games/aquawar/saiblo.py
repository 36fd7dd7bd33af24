"""Bots of the original Aquawar contest (Saiblo), run unchanged: ``--seat saiblo:"CMD"``.

The original judge forwarded the game logic's messages to the AI untouched — the JSON text
alone, no length and no separator — and read each AI reply as a 4-byte big-endian length
followed by that many bytes of JSON (saiblo/saiblo-docs, ``docs/developer/developer.md``,
"AI 报文格式"). The messages themselves are ``docs/games/aquawar/communication.md``: per
round a ``Pick``, then for each own turn an ``Assert`` and an ``Action``, and a ``Finish``
when the round ends; the AI is one process for the whole best-of-three match.

Everything sent is built from this seat's view only (its team, the enemy's public fish, the
current round's visible events), so the no-leak guarantees of the views carry over. The
mapping, field by field, and what the original left open is in ``docs/saiblo.md``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from sparring.arena.process import BAD, BotFailure, BotProcess, Limits
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec

from .roster import ALL_FISH, FISH, MIMIC
from .state import ACT, ASSERT, PICK
from .views import AquawarView, OwnFish

Json = dict[str, Any]

# Which skills name a teammate (read from MyList) and which name one enemy (EnemyList). The
# area skills name no enemy: their EnemyList (all living enemies in the original SDK) is
# ignored, as is any list a skill does not use.
ALLY_SKILLS = frozenset({"infight", "reduce_buff", "heal_buff_crit", "share_buff_aoe"})
ENEMY_SKILLS = frozenset({"fixed_crit", "shark_crit", "heal_buff_crit"})


def encode(message: Json) -> bytes:
    """A message on the wire to the bot: its JSON text and nothing else."""
    return json.dumps(message, separators=(",", ":")).encode()


# --------------------------------------------------------------------- reading the log


@dataclass
class Turn:
    """One turn of the current round as this seat saw it."""

    seat: int
    asserted: Json | None = None
    action: Json | None = None
    effects: list[Json] = field(default_factory=list)  # hits and passives, in order


def split_turns(log: Sequence[Json]) -> tuple[list[Turn], Json | None]:
    """The round's turns, and the event that ended the round (``round_end`` or
    ``forfeit``), if any. Events before the first turn (picks) and private skill details
    are not part of what the original protocol reports."""
    turns: list[Turn] = []
    ending: Json | None = None
    for event in log:
        kind = event["kind"]
        if kind in ("round_end", "forfeit"):
            ending = event
        elif kind == "turn":
            turns.append(Turn(event["seat"]))
        elif not turns:
            continue
        elif kind == "assert":
            turns[-1].asserted = event
        elif kind == "action":
            turns[-1].action = event
        elif kind in ("hit", "passive") and turns[-1].action is not None:
            turns[-1].effects.append(event)
    return turns, ending


def last_turn_of(turns: Sequence[Turn], seat: int) -> Turn | None:
    for turn in reversed(turns):
        if turn.seat == seat:
            return turn
    return None


# --------------------------------------------------------------------- the three infos


def game_info(view: AquawarView) -> Json:
    """``GameInfo``: enemy ids -1 until revealed, own ids negated once revealed, HP 0 for
    the dead, own ATK as the view gives it (the ATK the fish attacks with now)."""
    mine, theirs = view.my_team or [], view.enemy_team or []
    return {
        "EnemyFish": [-1 if f.fish is None else f.fish for f in theirs],
        "EnemyHP": [f.hp if f.alive else 0 for f in theirs],
        "MyFish": [-f.fish if f.revealed else f.fish for f in mine],
        "MyHP": [f.hp if f.alive else 0 for f in mine],
        "MyATK": [f.atk for f in mine],
    }


def assert_info(event: Json | None) -> Json | None:
    """``AssertInfo`` of an ``assert`` event; null when the seat did not assert."""
    if event is None:
        return None
    return {
        "AssertPos": event["pos"],
        "AssertContent": event["guess"],
        "AssertResult": event["success"],
    }


def action_info(turn: Turn | None, me: int) -> Json | None:
    """``ActionInfo`` of a turn's action as seat `me` receives it: ``isEnemy`` is relative
    to the receiver, and every hit and passive gets a time stamp counted from 1 across both
    lists in the order the engine resolved them. Null when there was no action."""
    if turn is None or turn.action is None:
        return None
    action = turn.action
    hits: list[Json] = []
    passives: list[Json] = []
    for time, event in enumerate(turn.effects, start=1):
        enemy = event["seat"] != me
        if event["kind"] == "hit":
            hits.append(
                {
                    "target": event["pos"],
                    "isEnemy": enemy,
                    "value": event["value"],
                    "traceable": event["direct"],
                    "time": time,
                }
            )
        else:
            passives.append(
                {
                    "type": event["type"],
                    "source": event["pos"],
                    "isEnemy": enemy,
                    "value": event["value"],
                    "time": time,
                }
            )
    return {
        "ActionFish": action["actor"],
        "skill": {
            "targets": [
                {"pos": pos, "isEnemy": seat != me, "value": value}
                for seat, pos, value in action["targets"]
            ],
            "type": action["type"],
            "isSkill": action["type"] != "normalattack",
        },
        "hit": hits,
        "passive": passives,
    }


# --------------------------------------------------------------------- messages


def pick_message(view: AquawarView) -> Json:
    used = set(view.used or [])
    return {
        "Action": "Pick",
        "RemainFishs": [f for f in ALL_FISH if f not in used],
        "FirstMover": int(view.first_mover == view.seat),
    }


def _seat(view: AquawarView) -> int:
    """The seat a view is for: the protocol only ever speaks to a seat."""
    if view.seat is None:
        raise ValueError("the original protocol speaks to a seat, not a spectator")
    return view.seat


def assert_message(view: AquawarView) -> Json:
    """The start of an own turn: the enemy's last assertion and action, and our own last
    action with what it did (which we see only now)."""
    me = _seat(view)
    turns, _ = split_turns(view.log)
    earlier = turns[:-1]
    enemy = last_turn_of(earlier, 1 - me)
    return {
        "Action": "Assert",
        "EnemyAssert": assert_info(enemy.asserted if enemy else None),
        "EnemyAction": action_info(enemy, me),
        "MyAction": action_info(last_turn_of(earlier, me), me),
        "GameInfo": game_info(view),
    }


def action_message(view: AquawarView) -> Json:
    turns, _ = split_turns(view.log)
    return {
        "Action": "Action",
        "AssertReply": assert_info(turns[-1].asserted if turns else None),
        "GameInfo": game_info(view),
    }


def _finish_head(won: bool, turn_limit: bool) -> Json:
    return {
        "Action": "Finish",
        "Result": "Win" if won else "Lose",
        "isStateLimitExceed": turn_limit,
    }


def finish_from_log(view: AquawarView) -> Json:
    """``Finish`` for a round whose end this seat can see (the last round of the match).

    The variant follows the phase that ended the round, from the receiver's side: its own
    assertion (``MyAssert``), its own action (``MyAction``), the enemy's assertion
    (``EnemyAssert`` + ``MyAction``) or the enemy's action (``EnemyAssert`` +
    ``EnemyAction`` + ``MyAction``). A match cut short by a verdict counts as ended after
    the last phase that happened."""
    me = _seat(view)
    turns, ending = split_turns(view.log)
    if ending is not None and ending["kind"] == "round_end":
        won = ending["winner"] == me
        turn_limit = str(ending["reason"]).startswith("turn limit")
    elif ending is not None:
        won, turn_limit = ending["seat"] != me, False
    else:
        won, turn_limit = view.winner == me, False
    message = _finish_head(won, turn_limit)
    if turns and turns[-1].asserted is None and turns[-1].action is None:
        turns = turns[:-1]  # a turn that began but saw nothing happen (a verdict)
    if turns:
        message.update(_ending_fields(turns, me))
    return message


def _ending_fields(turns: Sequence[Turn], me: int) -> Json:
    last = turns[-1]
    if last.seat == me:
        if last.action is None:
            return {"MyAssert": assert_info(last.asserted)}
        return {"MyAction": action_info(last, me)}
    fields: Json = {"EnemyAssert": assert_info(last.asserted)}
    if last.action is not None:
        fields["EnemyAction"] = action_info(last, me)
    fields["MyAction"] = action_info(last_turn_of(turns[:-1], me), me)
    return fields


# --------------------------------------------------------------------- replies


def _bad(reason: str) -> BotFailure:
    return BotFailure(BAD, reason)


def decode_object(body: bytes) -> Json:
    """A frame's body as a JSON object, or BAD saying why not."""
    text = body.decode("utf-8", errors="replace").strip()
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise _bad(f"reply is not JSON ({error.msg}): {text[:120]!r}") from None
    if not isinstance(value, dict):
        raise _bad(f"reply must be a JSON object, got {text[:120]!r}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(message: Json, key: str) -> int:
    if key not in message:
        raise _bad(f"the {message.get('Action')} reply has no {key!r} field")
    value = message[key]
    if not _is_int(value):
        raise _bad(f"{key!r} must be an integer, got {value!r}")
    return value


def _int_list(message: Json, key: str, required: bool) -> list[int]:
    if key not in message and not required:
        return []
    if key not in message:
        raise _bad(f"the {message.get('Action')} reply has no {key!r} field")
    value = message[key]
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise _bad(f"{key!r} must be a list of integers, got {value!r}")
    return value


def _expect(message: Json, kinds: tuple[str, ...]) -> str:
    kind = message.get("Action")
    if kind not in kinds:
        wanted = " or ".join(repr(k) for k in kinds)
        raise _bad(f"expected a reply with Action {wanted}, got {kind!r}")
    return kind


def _pick_reply(message: Json) -> Json:
    fish = _int_list(message, "ChooseFishs", required=True)
    odd = [f for f in fish if f not in ALL_FISH]
    if odd:
        raise _bad(
            f"ChooseFishs holds {odd}: fish ids are 1-12, a Mimic is 12 with the fish it "
            "copies in ImitateFish"
        )
    mimic = _int(message, "ImitateFish") if MIMIC in fish else None
    return {"type": "pick", "fish": fish, "mimic": mimic}


def _assert_reply(message: Json) -> Json:
    if _expect(message, ("Assert", "Null")) == "Null":
        return {"type": "pass"}
    return {"type": "assert", "pos": _int(message, "Pos"), "guess": _int(message, "ID")}


def _one_target(message: Json, key: str, used: bool) -> int | None:
    """The one fish a skill names in `key`, None if it names none or does not use it."""
    targets = _int_list(message, key, required=False)
    if not used:
        return None
    if len(targets) > 1:
        raise _bad(f"{key} names {len(targets)} fish {targets}, but this skill takes one")
    return targets[0] if targets else None


def _action_reply(message: Json, team: Sequence[OwnFish]) -> Json:
    kind = _int(message, "Type")
    actor = _int(message, "MyPos")
    if not 0 <= actor < len(team):
        raise _bad(f"MyPos must be a position 0-3, got {actor}")
    if kind == 0:
        return {"type": "attack", "actor": actor, "target": _int(message, "EnemyPos")}
    if kind != 1:
        raise _bad(f"Type must be 0 (normal attack) or 1 (skill), got {kind}")
    active = FISH[team[actor].acts_as].active
    return {
        "type": "skill",
        "actor": actor,
        "ally": _one_target(message, "MyList", active in ALLY_SKILLS),
        "enemy": _one_target(message, "EnemyList", active in ENEMY_SKILLS),
    }


def reply_action(message: Json, view: AquawarView) -> Json:
    """The sparring JSON form of the bot's reply to the decision `view` asks for; BAD when
    the reply has the wrong kind, fields or types. Legality is the engine's business."""
    phase = view.phase
    if phase == PICK:
        _expect(message, ("Pick",))
        return _pick_reply(message)
    if phase == ASSERT:
        return _assert_reply(message)
    if phase == ACT:
        _expect(message, ("Action",))
        return _action_reply(message, view.my_team or [])
    raise _bad(f"no decision is due in the {phase!r} phase")


def read_reply(body: bytes, view: AquawarView, spec: GameSpec) -> Any:
    """One frame from the bot: the action it answers `view` with, or None for an empty
    frame or the ``{"Action": "Finish"}`` acknowledgement the original SDK sends after each
    Finish (both are passed over, as the original judge did). BAD for anything unreadable."""
    if not body.strip():
        return None
    message = decode_object(body)
    if message.get("Action") == "Finish":
        return None
    try:
        return spec.action_from_json(reply_action(message, view))
    except BadInput as error:
        raise _bad(str(error)) from None


# --------------------------------------------------------------------- the seat


class SaibloSeat:
    """A bot of the original Aquawar contest, as one process for the whole match."""

    def __init__(self, command: str, limits: Limits | None = None) -> None:
        command = command.strip()
        if not command:
            raise BadInput("saiblo: give the bot's command line after the colon")
        self.label = {"kind": "saiblo", "command": command}
        self.command = command
        self.limits = limits or Limits()
        self.process: BotProcess | None = None
        self._round = 0  # the round the bot was last sent a Pick for; 0 before the first

    def start(self, spec: GameSpec, seat: int, players: int, options: Any, seconds: float) -> None:
        self._spec = spec
        self._seat = seat
        self.process = BotProcess(self.command, self.limits)
        self.process.pause()  # the protocol has no greeting: the first message is a Pick

    def decide(self, view: AquawarView, legal: Sequence[Any], seconds: float) -> Any:
        assert self.process is not None
        payload = self._ended_round(view) + encode(self._message(view))
        return self.process.request_framed(
            payload, seconds, lambda body: read_reply(body, view, self._spec)
        )

    def finish(self, view: AquawarView, result: Json) -> None:
        if self.process is None:
            return
        data = self._ended_round(view)
        if self._round and view.round == self._round:
            data += encode(finish_from_log(view))
        self.process.close_bytes(data or None)

    def close(self) -> None:
        if self.process is not None:
            self.process.close()

    def _message(self, view: AquawarView) -> Json:
        phase = view.phase
        if phase == PICK:
            self._round = view.round
            return pick_message(view)
        if phase == ASSERT:
            return assert_message(view)
        return action_message(view)

    def _ended_round(self, view: AquawarView) -> bytes:
        """The Finish owed for the round the bot last played, if a later one has begun. It
        goes out with the next Pick, built from that round's log, which the pick view still
        carries; a bot never hears of a round it was not picked for."""
        if not self._round or view.round == self._round:
            return b""
        ended = msgspec.structs.replace(view, log=view.previous_log or [])
        return encode(finish_from_log(ended))
