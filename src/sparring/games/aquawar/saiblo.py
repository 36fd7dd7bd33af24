"""Bots of the original Aquawar contest (Saiblo), run unchanged: ``--seat saiblo:"CMD"``.

The original judge forwarded the game logic's messages to the AI untouched — the JSON text
alone, no length and no separator — and read each AI reply as a 4-byte big-endian length
followed by that many bytes of JSON (saiblo/saiblo-docs, ``docs/developer/developer.md``,
"AI 报文格式"). The messages themselves are ``docs/games/aquawar/communication.md``: per
round a ``Pick``, then for each own turn an ``Assert`` and an ``Action``, and a ``Finish``
when the round ends; the AI is one process for the whole best-of-three match.

Everything sent is built from this seat's view only (its team, the enemy's public fish, the
round's visible events), so the no-leak guarantees of the views carry over. The seat
reproduces the official engine where it departed from its own documents (the kept 70 % in
``deflect``, the last round's infos re-sent at the start of the next, the forfeit of target
lists a skill does not take); the mapping, field by field, these quirks and what the
original left open are in ``docs/saiblo.md``.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import msgspec

from sparring.arena.process import BAD, BotFailure, BotProcess, Limits
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec

from .combat import BONUS_USES, kept_share
from .roster import ALL_FISH, FISH, MIMIC
from .state import ACT, ASSERT, PICK
from .views import AquawarView, OwnFish

Json = dict[str, Any]


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


def last_acted(turns: Sequence[Turn], seat: int) -> Turn | None:
    """`seat`'s last turn in `turns` that reached an action, if any."""
    for turn in reversed(turns):
        if turn.seat == seat and turn.action is not None:
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


def passive_value(event: Json) -> Any:
    """A passive's ``value`` as the official engine sent it: for ``deflect`` the share the
    fish keeps (70 %), where our log records the damage before the split."""
    if event["type"] == "deflect":
        return kept_share(event["value"])
    return event["value"]


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
                    "value": passive_value(event),
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


@dataclass(frozen=True)
class Carried:
    """What the official engine still held from earlier rounds when a round began: it kept
    the last assertion (`assertion`, an ``AssertInfo``) and each seat's last action
    (`actions`, ``ActionInfo`` as this seat receives it) for the whole match and never
    reset them, so the first messages of a round re-send the previous round's. Before the
    first round everything is null."""

    assertion: Json | None = None
    actions: tuple[Json | None, Json | None] = (None, None)


NOTHING_CARRIED: Final = Carried()


def _last_action(turns: Sequence[Turn], seat: int, me: int, carried: Carried) -> Json | None:
    """`seat`'s last action this round as `me` receives it; before it has acted in this
    round, the one carried from an earlier round."""
    turn = last_acted(turns, seat)
    return action_info(turn, me) if turn is not None else carried.actions[seat]


def carry_over(ended: AquawarView, before: Carried) -> Carried:
    """What is carried into the next round once the round whose log `ended` holds is over:
    its last assertion phase and each seat's last action in it (or what was carried
    before, for a seat that did not act)."""
    me = _seat(ended)
    turns, _ = split_turns(ended.log)
    if not turns:
        return before
    actions = (_last_action(turns, 0, me, before), _last_action(turns, 1, me, before))
    return Carried(assert_info(turns[-1].asserted), actions)


def assert_message(view: AquawarView, carried: Carried = NOTHING_CARRIED) -> Json:
    """The start of an own turn: the last assertion (the enemy's, made in the turn before),
    the enemy's last action and our own last action with what it did (which we see only
    now). At the start of a round these are the ones carried from the previous round."""
    me = _seat(view)
    turns, _ = split_turns(view.log)
    earlier = turns[:-1]
    return {
        "Action": "Assert",
        "EnemyAssert": assert_info(earlier[-1].asserted) if earlier else carried.assertion,
        "EnemyAction": _last_action(earlier, 1 - me, me, carried),
        "MyAction": _last_action(earlier, me, me, carried),
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


def previous_round(view: AquawarView) -> AquawarView:
    """A new round's pick view turned back to the round before: its log is the previous
    round's, which the pick view still carries (`previous_log`)."""
    return msgspec.structs.replace(view, log=view.previous_log or [])


def finish_from_log(view: AquawarView, carried: Carried = NOTHING_CARRIED) -> Json:
    """``Finish`` for a round whose end this seat can see (the last round of the match).

    The variant follows the phase that ended the round, from the receiver's side: its own
    assertion (``MyAssert``), its own action (``MyAction``), the enemy's assertion
    (``EnemyAssert`` + ``MyAction``) or the enemy's action (``EnemyAssert`` +
    ``EnemyAction`` + ``MyAction``); a ``MyAction`` from before the round is the carried
    one. A match cut short by a verdict counts as ended after the last phase that
    happened."""
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
        message.update(_ending_fields(turns, me, carried))
    return message


def _ending_fields(turns: Sequence[Turn], me: int, carried: Carried) -> Json:
    last = turns[-1]
    if last.seat == me:
        if last.action is None:
            return {"MyAssert": assert_info(last.asserted)}
        return {"MyAction": action_info(last, me)}
    fields: Json = {"EnemyAssert": assert_info(last.asserted)}
    if last.action is not None:
        fields["EnemyAction"] = action_info(last, me)
    fields["MyAction"] = _last_action(turns[:-1], me, me, carried)
    return fields


# --------------------------------------------------------------------- replies

#: Values quoted in a verdict's reason are cut short: a reply can hold a megabyte of JSON.
_QUOTE = reprlib.Repr()
_QUOTE.maxlevel, _QUOTE.maxlist, _QUOTE.maxdict = 3, 6, 4
_QUOTE.maxstring, _QUOTE.maxlong, _QUOTE.maxother = 60, 30, 60


#: ... and the quote as a whole too: a string's escapes (``\\U000e6832``) can make each of
#: the characters `reprlib` keeps ten long.
MAX_QUOTED = 200


def _quoted(value: Any) -> str:
    shown = _QUOTE.repr(value)
    return shown if len(shown) <= MAX_QUOTED else shown[: MAX_QUOTED - 1] + "…"


def _bad(reason: str) -> BotFailure:
    return BotFailure(BAD, reason)


def decode_object(body: bytes) -> Json:
    """A frame's body as a JSON object, or BAD saying why not."""
    text = body.decode("utf-8", errors="replace").strip()
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise _bad(f"reply is not JSON ({error.msg}): {_quoted(text)}") from None
    except RecursionError:
        raise _bad(f"reply nests its JSON too deeply to read: {_quoted(text)}") from None
    except ValueError:  # an integer of more digits than Python converts
        raise _bad(f"reply holds a number too long to read: {_quoted(text)}") from None
    if not isinstance(value, dict):
        raise _bad(f"reply must be a JSON object, got {_quoted(text)}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(message: Json, key: str) -> int:
    if key not in message:
        raise _bad(f"the {_quoted(message.get('Action'))} reply has no {key!r} field")
    value = message[key]
    if not _is_int(value):
        raise _bad(f"{key!r} must be an integer, got {_quoted(value)}")
    return value


def _int_list(message: Json, key: str) -> list[int]:
    value = message[key]
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise _bad(f"{key!r} must be a list of integers, got {_quoted(value)}")
    return value


def _expect(message: Json, kinds: tuple[str, ...]) -> str:
    kind = message.get("Action")
    if kind not in kinds:
        wanted = " or ".join(repr(k) for k in kinds)
        raise _bad(f"expected a reply with Action {wanted}, got {_quoted(kind)}")
    return str(kind)


def _pick_reply(message: Json) -> Json:
    if "ChooseFishs" not in message:
        raise _bad("the 'Pick' reply has no 'ChooseFishs' field")
    fish = _int_list(message, "ChooseFishs")
    odd = [f for f in fish if f not in ALL_FISH]
    if odd:
        raise _bad(
            f"ChooseFishs holds {_quoted(odd)}: fish ids are 1-12, a Mimic is 12 with the fish "
            "it copies in ImitateFish"
        )
    mimic = _int(message, "ImitateFish") if MIMIC in fish else None
    return {"type": "pick", "fish": fish, "mimic": mimic}


def _assert_reply(message: Json) -> Json:
    if _expect(message, ("Assert", "Null")) == "Null":
        return {"type": "pass"}
    return {"type": "assert", "pos": _int(message, "Pos"), "guess": _int(message, "ID")}


# What a skill takes in each list of an Action reply: no fish, one fish, or — an area
# attack's EnemyList — exactly the living enemies, as the official engine required.
NO_FISH: Final = "no fish"
ONE_FISH: Final = "one fish"
LIVING_ENEMIES: Final = "the living enemies"


def skill_lists(active: str, uses: int) -> tuple[str, str]:
    """What the active skill `active`, used `uses` times this round, takes in ``MyList``
    and in ``EnemyList``. The Sea Turtle's crit and the Clownfish's area attack come with
    uses 1-3 only; after them those skills take no enemy."""
    bonus = uses < BONUS_USES
    return {
        "aoe": (NO_FISH, LIVING_ENEMIES),
        "infight": (ONE_FISH, NO_FISH),
        "fixed_crit": (NO_FISH, ONE_FISH),
        "reduce_buff": (ONE_FISH, NO_FISH),
        "heal_buff_crit": (ONE_FISH, ONE_FISH if bonus else NO_FISH),
        "shark_crit": (NO_FISH, ONE_FISH),
        "share_buff_aoe": (ONE_FISH, LIVING_ENEMIES if bonus else NO_FISH),
    }[active]


def _positions(message: Json, key: str) -> list[int]:
    """A target list: missing or null is empty (as in the official engine); otherwise
    distinct positions 0-3."""
    if message.get(key) is None:
        return []
    positions = _int_list(message, key)
    odd = [p for p in positions if not 0 <= p <= 3]
    if odd:
        raise _bad(f"{key} holds {_quoted(odd)}: positions are 0-3")
    if len(set(positions)) < len(positions):
        twice = sorted(p for p in set(positions) if positions.count(p) > 1)
        raise _bad(f"{key} names {twice} more than once")
    return positions


def _target(
    key: str, positions: list[int], takes: str, skill: str, living: list[int]
) -> int | None:
    """The fish a skill names in list `key` (None: none), or BAD when the list does not
    match what the skill takes. A named fish's legality (alive, a teammate, the weakest
    enemy...) is left to the engine."""
    if takes == ONE_FISH:
        if len(positions) > 1:
            raise _bad(f"{key} names {len(positions)} fish {positions}, but {skill} takes one")
        return positions[0] if positions else None
    if takes == NO_FISH:
        if positions:
            raise _bad(f"{key} must be empty: {skill} takes no target there, got {positions}")
        return None
    dead = sorted(set(positions) - set(living))
    if dead:
        raise _bad(
            f"{key} names dead enemy fish {dead}: {skill} is an area attack, its {key} "
            f"must be exactly the living enemies {living}"
        )
    if sorted(positions) != living:
        raise _bad(
            f"{key} must be exactly the living enemies {living} for {skill}, an area "
            f"attack; got {positions}"
        )
    return None


def _skill_name(fish: OwnFish) -> str:
    """The skill of an own fish in words, for a verdict's reason."""
    name = FISH[fish.acts_as].en
    copied = f" (copied by the Mimic at {fish.pos})" if fish.fish == MIMIC else ""
    return f"the {name}'s skill{copied}"


def _action_reply(message: Json, view: AquawarView) -> Json:
    team = view.my_team or []
    kind = _int(message, "Type")
    actor = _int(message, "MyPos")
    if not 0 <= actor < len(team):
        raise _bad(f"MyPos must be a position 0-3, got {_quoted(actor)}")
    if kind == 0:
        return {"type": "attack", "actor": actor, "target": _int(message, "EnemyPos")}
    if kind != 1:
        raise _bad(f"Type must be 0 (normal attack) or 1 (skill), got {_quoted(kind)}")
    ally_list, enemy_list = _positions(message, "MyList"), _positions(message, "EnemyList")
    fish = team[actor]
    skill = _skill_name(fish)
    takes_ally, takes_enemy = skill_lists(FISH[fish.acts_as].active, fish.skill_uses)
    living = [f.pos for f in view.enemy_team or [] if f.alive]
    return {
        "type": "skill",
        "actor": actor,
        "ally": _target("MyList", ally_list, takes_ally, skill, living),
        "enemy": _target("EnemyList", enemy_list, takes_enemy, skill, living),
    }


def reply_action(message: Json, view: AquawarView) -> Json:
    """The sparring JSON form of the bot's reply to the decision `view` asks for; BAD when
    the reply has the wrong kind, fields, types or target lists. Whether the move it names
    is legal is the engine's business."""
    phase = view.phase
    if phase == PICK:
        _expect(message, ("Pick",))
        return _pick_reply(message)
    if phase == ASSERT:
        return _assert_reply(message)
    if phase == ACT:
        _expect(message, ("Action",))
        return _action_reply(message, view)
    raise _bad(f"no decision is due in the {phase!r} phase")


def read_reply(body: bytes, view: AquawarView, spec: GameSpec) -> Any:
    """One frame from the bot: the action it answers `view` with, or None for an empty
    frame or the ``{"Action": "Finish"}`` acknowledgement the original SDK sends after each
    Finish (both are passed over, as the original judge did). BAD, with the reason, for
    anything else that is not a readable reply; never any other exception."""
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
        self._carried = NOTHING_CARRIED  # what the official engine kept from earlier rounds

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
            data += encode(finish_from_log(view, self._carried))
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
            return assert_message(view, self._carried)
        return action_message(view)

    def _ended_round(self, view: AquawarView) -> bytes:
        """The Finish owed for the round the bot last played, if a later one has begun. It
        goes out with the next Pick, built from that round's log, which the pick view still
        carries; a bot never hears of a round it was not picked for. What the official
        engine kept from that round for the next is carried over here."""
        if not self._round or view.round == self._round:
            return b""
        ended = previous_round(view)
        finish = finish_from_log(ended, self._carried)
        self._carried = carry_over(ended, self._carried)
        return encode(finish)
