"""The bot side of the original contest's protocol: a built-in agent entering an original
Aquawar contest judge (``sparring bot run builtin:NAME --game aquawar --protocol saiblo``).

The judge sends each message as bare JSON text (no length, no separator) and reads each
reply as a 4-byte big-endian length and that many bytes of JSON (`saiblo.py` is the judge's
side, docs/saiblo.md the messages field by field). The agent must see the view it would see
under our referee, so `ViewBuilder` rebuilds our `AquawarView` from the messages alone: the
round's log event by event (picks, turns, assertions with their HP loss, actions with
every hit and passive in the order their time stamps give, deaths after each assertion and
action), the own team's hidden combat state (shields, buffs, wound, skill uses) by playing
those events onto the team it picked, and both teams' HP, checked against every
``GameInfo``. What the messages leave out is recovered exactly: a ``deflect`` passive's
value (the judge sends the 70 % kept, our log the damage before the split) follows from
the action's target value, and a round's reason and length from the tracked teams.

The protocol never names a seat, so the agent is told the seat given with ``--seat``
(default 0); the judge's rules are the official engine's (`options.OFFICIAL_ENGINE`), as
under our referee with a contest seat. Legal actions come from a determinization of the
rebuilt view: they depend only on what the view shows.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Callable, Iterator
from typing import IO, Any

from sparring.core.errors import BadInput
from sparring.core.events import PUBLIC, event_json
from sparring.core.rng import Rng

from .actions import Assert, Attack, Pass, Pick, Skill
from .combat import kept_share
from .determinize import determinize
from .events import (
    ACTION,
    ASSERT_LOSS,
    ASSERTION,
    DEATH,
    HIT,
    PASSIVE,
    PICKED,
    ROUND_END,
    ROUND_START,
    SKILL_DETAIL,
    TEAM,
    TURN,
)
from .fish import Fish
from .options import OFFICIAL_ENGINE, AquawarOptions
from .roster import ALL_FISH, FISH, MAX_HP
from .saiblo import LIVING_ENEMIES, ONE_FISH, skill_lists
from .state import ACT, ASSERT, ASSERT_HP_LOSS, PICK
from .views import AquawarView, OwnFish, PublicFish, RoundResult

Json = dict[str, Any]


def _event(kind: str, *fields: Any) -> Json:
    return event_json((kind, PUBLIC, *fields))


# --------------------------------------------------------------------- framing


def messages(source: IO[bytes]) -> Iterator[Json]:
    """The judge's messages: JSON objects back to back, each ending where its outermost
    brace closes (strings and escapes taken into account)."""
    buffer = b""
    depth, in_string, escaped, start = 0, False, False, -1
    while True:
        read = getattr(source, "read1", source.read)
        chunk = read(65536)
        if not chunk:
            if buffer.strip():
                raise BadInput("the input ended inside a message")
            return
        scan = len(buffer)
        buffer += chunk
        for index in range(scan, len(buffer)):
            byte = buffer[index]
            if in_string:
                if escaped:
                    escaped = False
                elif byte == 0x5C:  # backslash
                    escaped = True
                elif byte == 0x22:  # quote
                    in_string = False
            elif byte == 0x22:
                in_string = True
            elif byte == 0x7B:  # {
                if depth == 0:
                    start = index
                depth += 1
            elif byte == 0x7D:  # }
                depth -= 1
                if depth < 0:
                    raise BadInput("the input holds a '}' that closes nothing")
                if depth == 0:
                    yield _decode(buffer[start : index + 1])
            elif depth == 0 and byte not in b" \t\r\n":
                raise BadInput(f"the input holds {chr(byte)!r} outside a JSON object")
        if depth == 0:
            buffer, scan = b"", 0
        else:
            buffer, start = buffer[start:], 0


def _decode(body: bytes) -> Json:
    try:
        message = json.loads(body)
    except (ValueError, RecursionError) as error:
        raise BadInput(f"a message is not JSON: {error}") from None
    if not isinstance(message, dict):
        raise BadInput("a message is not a JSON object")
    return message


def frame(reply: Json) -> bytes:
    """A reply as the judge reads it: its length, 4 bytes big-endian, then the JSON."""
    body = json.dumps(reply, separators=(",", ":")).encode()
    return struct.pack(">i", len(body)) + body


# --------------------------------------------------------------------- replies


def reply(action: Any, view: AquawarView) -> Json:
    """The agent's action in the contest's words (docs/saiblo.md, "Messages")."""
    if isinstance(action, Pick):
        return {"Action": "Pick", "ChooseFishs": list(action.fish), "ImitateFish": action.mimic}
    if isinstance(action, Pass):
        return {"Action": "Null"}
    if isinstance(action, Assert):
        return {"Action": "Assert", "Pos": action.pos, "ID": action.guess}
    if isinstance(action, Attack):
        return {"Action": "Action", "Type": 0, "MyPos": action.actor, "EnemyPos": action.target}
    assert isinstance(action, Skill)
    fish = (view.my_team or [])[action.actor]
    takes_ally, takes_enemy = skill_lists(FISH[fish.acts_as].active, fish.skill_uses)
    living = [f.pos for f in view.enemy_team or [] if f.alive]

    def listed(takes: str, pos: int | None) -> list[int]:
        if takes == LIVING_ENEMIES:
            return living
        return [pos] if takes == ONE_FISH and pos is not None else []

    return {
        "Action": "Action",
        "Type": 1,
        "MyPos": action.actor,
        "MyList": listed(takes_ally, action.ally),
        "EnemyList": listed(takes_enemy, action.enemy),
    }


# --------------------------------------------------------------------- the view


def _get(message: Json, key: str) -> Any:
    if key not in message:
        raise BadInput(f"the {message.get('Action')!r} message has no {key!r}")
    return message[key]


class ViewBuilder:
    """Our view of the match for seat `me`, rebuilt message by message."""

    def __init__(self, me: int, options: AquawarOptions) -> None:
        self.me = me
        self.options = options
        self.round = 0
        self.first_mover = 0
        self.wins = [0, 0]
        self.rounds: list[RoundResult] = []
        self.used: set[int] = set()
        self.revealed_before: list[int] = []
        self.revealed_now: list[int] = []
        self.log: list[Json] = []
        self.previous_log: list[Json] | None = None
        self.completed = 0  # the engine's count of finished turns (its `turn`)
        self.turn = 0  # the number of the round's latest turn
        self.my_turns = 0  # own turns begun this round
        self.acted = False  # whether this seat has acted this round
        self.pick: Pick | None = None
        self.team: list[Fish] = []
        self.hp = [[MAX_HP] * 4, [MAX_HP] * 4]
        self.alive = [[True] * 4, [True] * 4]
        self.info: Json = {}
        self.mine: Any = None  # the last action this seat chose

    # ---------------------------------------------------------------- messages

    def pick_view(self, message: Json) -> AquawarView:
        remain = _get(message, "RemainFishs")
        if not isinstance(remain, list) or not set(remain) <= set(ALL_FISH):
            raise BadInput(f"RemainFishs must list fish ids 1-12, got {remain!r}")
        me = self.me
        if self.round:
            self.previous_log = self.log
        self.round += 1
        self.first_mover = me if _get(message, "FirstMover") else 1 - me
        self.used = set(ALL_FISH) - set(remain)
        self.pick, self.team, self.acted, self.my_turns = None, [], False, 0
        self.hp = [[MAX_HP] * 4, [MAX_HP] * 4]
        self.alive = [[True] * 4, [True] * 4]
        self.log = [_event(ROUND_START, self.round, self.first_mover)]
        if me == 1:  # our referee takes seat 0's pick first
            self.log.append(_event(PICKED, 0))
        return self._view(PICK, [0, 1] if me == 0 else [1])

    def chosen(self, action: Any) -> None:
        """The agent's choice, which the next messages' events refer to."""
        self.mine = action
        if isinstance(action, Pick):
            self.pick = action
            self.log.append(_event(PICKED, self.me))
            self.log.append(_event(TEAM, self.me, list(action.fish), action.mimic))
            self.team = [Fish(kind, action.mimic) for kind in action.fish]
            self.used |= set(action.fish)

    def assert_view(self, message: Json) -> AquawarView:
        me, enemy = self.me, 1 - self.me
        if not self.my_turns:
            self._teams_on_field()
            enemy_moved = self.first_mover == enemy
        else:
            self._my_action(_get(message, "MyAction"))
            self._turn(enemy)
            enemy_moved = True
        if enemy_moved:  # (else its infos are the earlier round's, re-sent: quirk 2)
            self._assertion(enemy, _get(message, "EnemyAssert"))
            self._action(enemy, _get(message, "EnemyAction"))
            self._turn(me)
        self.my_turns += 1
        self._game_info(message)
        return self._view(ASSERT, [me])

    def action_view(self, message: Json) -> AquawarView:
        answer = _get(message, "AssertReply")
        if isinstance(self.mine, Assert):
            self._assertion(self.me, answer)
        self._game_info(message)
        return self._view(ACT, [self.me])

    def finish(self, message: Json) -> None:
        me, enemy = self.me, 1 - self.me
        by_assertion = False
        if "MyAssert" in message:
            self._assertion(me, message["MyAssert"])
            by_assertion = True
        elif "EnemyAssert" in message:
            if not self.my_turns:  # the enemy opened the round and ended it at once
                self._teams_on_field()
            else:
                self._my_action(message.get("MyAction"))
                self._turn(enemy)
            self._assertion(enemy, message["EnemyAssert"])
            if "EnemyAction" in message:
                self._action(enemy, message["EnemyAction"])
            else:
                by_assertion = True
        elif "MyAction" in message:
            self._my_action(message["MyAction"])
        self._end_round(message, by_assertion)

    # ---------------------------------------------------------------- events

    def _teams_on_field(self) -> None:
        if self.me == 0:
            self.log.append(_event(PICKED, 1))
        self.turn = 0
        self._turn(self.first_mover)

    def _turn(self, seat: int) -> None:
        if self.turn:
            self.completed += 1
        else:
            self.completed = 0
        self.turn += 1
        self.log.append(_event(TURN, self.round, self.turn, seat))

    def _assertion(self, seat: int, info: Any) -> None:
        if info is None:
            return
        if not isinstance(info, dict):
            raise BadInput(f"an AssertInfo must be an object or null, got {info!r}")
        pos, guess, success = (
            _get(info, k) for k in ("AssertPos", "AssertContent", "AssertResult")
        )
        self.log.append(_event(ASSERTION, seat, pos, guess, success))
        if success and seat == self.me:
            self.revealed_now.append(guess)
        losing = 1 - seat if success else seat
        self.log.append(_event(ASSERT_LOSS, losing, ASSERT_HP_LOSS))
        hp, alive = self.hp[losing], self.alive[losing]
        for p in range(4):
            if alive[p]:
                hp[p] = max(0, hp[p] - ASSERT_HP_LOSS)
        self._bury()

    def _my_action(self, info: Any) -> None:
        mine = self.mine
        if isinstance(mine, Skill):
            self.log.append(_event(SKILL_DETAIL, self.me, mine.actor, mine.ally, mine.enemy))
            self._own_skill(mine)
        self._action(self.me, info)
        self.acted = True

    def _own_skill(self, skill: Skill) -> None:
        """The changes a skill makes to its own side that no message reports."""
        fish = self.team[skill.actor]
        ally = self.team[skill.ally] if skill.ally is not None else None
        active = fish.active
        if active in ("share_buff_aoe", "heal_buff_crit"):
            fish.uses += 1
        if ally is not None:
            if active == "share_buff_aoe":
                ally.share_buff = True
            elif active == "heal_buff_crit":
                ally.heal_buff = True
            elif active == "reduce_buff":
                ally.reduce_buff = True

    def _seat_of(self, item: Json) -> int:
        return 1 - self.me if _get(item, "isEnemy") else self.me

    def _action(self, seat: int, info: Any) -> None:
        if not isinstance(info, dict):
            raise BadInput(f"an ActionInfo must be an object, got {info!r}")
        skill = _get(info, "skill")
        kind = _get(skill, "type")
        targets = [[self._seat_of(t), _get(t, "pos"), _get(t, "value")] for t in skill["targets"]]
        self.log.append(_event(ACTION, seat, _get(info, "ActionFish"), kind, targets))
        running = {} if kind == "infight" else {(s, p): v for s, p, v in targets}
        effects = [("hit", e) for e in _get(info, "hit")]
        effects += [("passive", e) for e in _get(info, "passive")]
        effects.sort(key=lambda effect: effect[1]["time"])
        previous: tuple[Any, ...] = ()
        for what, effect in effects:
            if what == "hit":
                place = (self._seat_of(effect), _get(effect, "target"))
                blocked = previous == ("reduce", place, 0)
                self._hit(place, effect["value"], effect["traceable"], blocked)
                previous = ()
            else:
                place = (self._seat_of(effect), _get(effect, "source"))
                previous = (effect["type"], place, effect["value"])
                self._passive(effect["type"], place, effect["value"], running)
        self._bury()

    def _hit(self, place: tuple[int, int], value: int, direct: bool, blocked: bool) -> None:
        seat, pos = place
        self.log.append(_event(HIT, seat, pos, value, direct))
        self.hp[seat][pos] = max(0, self.hp[seat][pos] - value)
        if seat != self.me or blocked:
            return
        fish = self.team[pos]
        if fish.shares:
            fish.wound = (fish.wound + value) % 200
        if direct:
            fish.reduce_buff = fish.share_buff = fish.heal_buff = False

    def _passive(
        self, kind: str, place: tuple[int, int], value: Any, running: dict[Any, int]
    ) -> None:
        seat, pos = place
        logged = value
        if kind == "deflect":
            amount = running.get(place)
            if amount is None or kept_share(amount) != value:
                raise BadInput(f"a deflect of {value} matches no hit on fish {pos}")
            logged = amount
            running[place] = kept_share(amount)
        elif kind == "reduce" and value and place in running:
            running[place] = int(running[place] * 0.3)
        elif kind == "heal":
            self.hp[seat][pos] += value
        if kind == "reduce" and not value and seat == self.me and self.team[pos].shields:
            self.team[pos].shields -= 1
        self.log.append(_event(PASSIVE, kind, seat, pos, logged))

    def _bury(self) -> None:
        for seat in (0, 1):
            for pos in range(4):
                if self.alive[seat][pos] and self.hp[seat][pos] <= 0:
                    self.alive[seat][pos] = False
                    self.log.append(_event(DEATH, seat, pos))

    def _end_round(self, message: Json, by_assertion: bool) -> None:
        me = self.me
        winner = me if _get(message, "Result") == "Win" else 1 - me
        if _get(message, "isStateLimitExceed"):
            reason = self._tiebreak()
            self.completed = turns = self.options.turn_limit
        else:
            wiped = [not any(self.alive[s]) for s in (0, 1)]
            both = all(wiped) and not by_assertion
            reason = "mutual destruction" if both else "elimination"
            turns = self.turn
        self.wins[winner] += 1
        self.rounds.append(RoundResult(self.round, winner, reason, self.first_mover, turns))
        self.log.append(_event(ROUND_END, self.round, winner, reason))
        self.revealed_before += self.revealed_now
        self.revealed_now = []

    def _tiebreak(self) -> str:
        living = [[h for h, a in zip(self.hp[s], self.alive[s], strict=True) if a] for s in (0, 1)]
        for label, a, b in (
            ("more fish", len(living[0]), len(living[1])),
            ("more total HP", sum(living[0]), sum(living[1])),
            ("highest single HP", max(living[0], default=0), max(living[1], default=0)),
        ):
            if a != b:
                return f"turn limit: {label}"
        return "turn limit: second mover"

    def _game_info(self, message: Json) -> None:
        info = _get(message, "GameInfo")
        me, enemy = self.me, 1 - self.me
        for seat, key in ((me, "MyHP"), (enemy, "EnemyHP")):
            if list(_get(info, key)) != self.hp[seat]:
                raise BadInput(
                    f"GameInfo {key} {info[key]} disagrees with the events so far ({self.hp[seat]})"
                )
        self.info = info

    # ---------------------------------------------------------------- the view

    def _view(self, phase: str, to_move: list[int]) -> AquawarView:
        me, enemy = self.me, 1 - self.me
        on_field = phase != PICK
        out = AquawarView(
            game="aquawar",
            seat=me,
            round=self.round,
            wins=list(self.wins),
            phase=phase,  # type: ignore[arg-type]
            to_move=to_move,
            turn=self.turn if on_field else self.completed + 1,
            turn_limit=self.options.turn_limit,
            options=self.options,
            first_mover=self.first_mover,
            rounds=list(self.rounds),
            winner=None,
            log=list(self.log),
        )
        if self.previous_log is not None and not on_field:
            out.previous_log = list(self.previous_log)
        out.used = sorted(self.used)
        out.my_pick = self.pick
        out.my_team = self._own_team() if on_field else []
        out.enemy_team = (
            [
                PublicFish(
                    pos=p,
                    fish=None if f == -1 else f,
                    hp=self.hp[enemy][p],
                    alive=self.alive[enemy][p],
                )
                for p, f in enumerate(self.info["EnemyFish"])
            ]
            if on_field
            else []
        )
        out.enemy_revealed_before = list(self.revealed_before)
        return out

    def _own_team(self) -> list[OwnFish]:
        info = self.info
        return [
            OwnFish(
                pos=p,
                fish=fish.kind,
                acts_as=fish.acts_as,
                hp=self.hp[self.me][p],
                atk=info["MyATK"][p],
                alive=self.alive[self.me][p],
                revealed=info["MyFish"][p] < 0,
                shields=fish.shields,
                reduce_buff=fish.reduce_buff,
                heal_buff=fish.heal_buff,
                share_buff=fish.share_buff,
                wound=fish.wound,
                skill_uses=fish.uses,
            )
            for p, fish in enumerate(self.team)
        ]


# --------------------------------------------------------------------- serving a match


def serve(
    spec: Any, make_seat: Callable[[int], Any], seat: int | None, source: IO[bytes], sink: IO[bytes]
) -> None:
    """Play one match against an original contest judge (see the module docstring)."""
    me = 0 if seat is None else seat
    if me not in (0, 1):
        raise BadInput(f"--seat must be 0 or 1, got {me}")
    options = AquawarOptions.from_json(dict(OFFICIAL_ENGINE))
    agent = make_seat(me)
    seconds = spec.referee.decision_seconds
    agent.start(spec, me, 2, options, seconds)
    builder = ViewBuilder(me, options)
    sampler = Rng(0)
    for message in messages(source):
        kind = message.get("Action")
        try:
            if kind == "Finish":
                builder.finish(message)
                continue
            if kind == "Pick":
                view = builder.pick_view(message)
            elif kind == "Assert":
                view = builder.assert_view(message)
            elif kind == "Action":
                view = builder.action_view(message)
            else:
                raise BadInput(f"unknown message Action {kind!r}")
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as error:
            raise BadInput(f"a {kind!r} message is malformed: {error!r}") from None
        legal = determinize(view, sampler).legal_actions(me)
        action = agent.decide(view, legal, seconds)
        builder.chosen(action)
        sink.write(frame(reply(action, view)))
        sink.flush()
