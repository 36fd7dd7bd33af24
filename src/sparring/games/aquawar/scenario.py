"""Aquawar scenarios: building any mid-round position from a scenario file, and the
expectations an Aquawar scenario can state (see ``docs/scenarios.md``).

The state is made the ordinary way (`AquawarState(seed, options)`) and then its fields are
set directly, so a scenario exercises exactly the engine code a real game runs. Positions
the rules cannot reach (shields on a fish that has none, a dead fish with HP left, a seat
moving out of turn) are refused with a one-line error, so a scenario can only ever prove
something about a real game.

File conventions: seats are 0 and 1, positions 0-3, fish by id (1-12) or by name (key,
English or Chinese, any case); ``turn`` is 1-based as in the ``turn`` event and the views
(turn 1 is the round's first turn; the engine counts from 0 internally).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sparring.core.errors import BadInput
from sparring.core.events import PUBLIC
from sparring.core.scenario import Check, Node, ValueCheck, check_range, list_of, show

from .actions import Action, Pick, action_from_json
from .combat import WOUND_STEP
from .events import ROUND_START, TURN
from .fish import SHIELDS, Fish
from .options import AquawarOptions
from .roster import BASE_ATK, FISH, MAX_HP, MIMIC, fish_by_name
from .state import ACT, ASSERT, ROUNDS, ROUNDS_TO_WIN, AquawarState, Phase

SEATS = (0, 1)
#: The phases a scenario may start in, by name: a turn's assertion or its action.
_TURN_PHASES: dict[str, Phase] = {ASSERT: ASSERT, ACT: ACT}
TEAM_SIZE = 4
USE_COUNTED = ("heal_buff_crit", "share_buff_aoe")

# Per-fish fields a scenario may set and expect: file name -> (kind, Fish attribute).
FIELDS: dict[str, tuple[type, str]] = {
    "hp": (int, "hp"),
    "atk": (int, "atk"),
    "alive": (bool, "alive"),
    "revealed": (bool, "revealed"),
    "shields": (int, "shields"),
    "reduce_buff": (bool, "reduce_buff"),
    "heal_buff": (bool, "heal_buff"),
    "share_buff": (bool, "share_buff"),
    "wound": (int, "wound"),
    "skill_uses": (int, "uses"),
}
# Expect-only: the ATK this fish's next action would use (Hammerhead +15 below 80 HP).
EXPECT_ONLY: dict[str, tuple[type, Callable[[Fish], Any]]] = {
    "attack_power": (int, Fish.attack_power),
}
FISH_NAMES = ", ".join(f.key for f in FISH.values())


# --------------------------------------------------------------------- fish names


def fish_id(where: str, value: Any) -> int:
    """A fish id from an id or a name, with the roster in the error."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise BadInput(f"{where}: expected a fish name or id, got {show(value)}")
    found = fish_by_name(str(value))
    if found is None:
        raise BadInput(f"{where}: unknown fish {show(value)}; known: {FISH_NAMES}")
    return found


def fish_ids(where: str, value: Any, size: int | None) -> list[int]:
    items = list_of(where, value, (str, int), size)
    ids = [fish_id(f"{where}[{i}]", v) for i, v in enumerate(items)]
    repeated = sorted({FISH[f].key for f in ids if ids.count(f) > 1})
    if repeated:
        raise BadInput(f"{where}: fish listed twice: {', '.join(repeated)}")
    return ids


def _names(ids: Any) -> str:
    if not isinstance(ids, list):
        return show(ids)
    return "[" + ", ".join(FISH[f].key for f in ids) + "]"


# --------------------------------------------------------------------- per-fish values


def fish_values(node: Node, allowed: dict[str, type]) -> dict[int, dict[str, tuple[Any, str]]]:
    """Per-position field values of a seat table: a list of 4 at seat level (``hp = [...]``)
    or one value in a position table (``[seat1.pos2] hp = 100``), never both."""
    values: dict[int, dict[str, tuple[Any, str]]] = {p: {} for p in range(TEAM_SIZE)}
    node.allow(*allowed)
    for key in node.present():
        if key in allowed:
            where = node.path(key)
            items = list_of(where, node.get(key, list), allowed[key], TEAM_SIZE)
            for pos, item in enumerate(items):
                values[pos][key] = (item, f"{where}[{pos}]")
    for pos in range(TEAM_SIZE):
        sub = node.table(f"pos{pos}")
        if sub is None:
            continue
        sub.allow(*allowed)
        for key in sub.present():
            if key not in allowed:
                continue
            if key in values[pos]:
                raise BadInput(f"{sub.path(key)}: also given as {node.path(key)}; give one")
            values[pos][key] = (sub.get(key, allowed[key]), sub.path(key))
        sub.finish()
    return values


def _set_life(fish: Fish, given: dict[str, tuple[Any, str]]) -> None:
    """HP and life together: a fish is dead exactly when its HP is 0."""
    hp, hp_at = given.get("hp", (None, ""))
    alive, alive_at = given.get("alive", (None, ""))
    if hp is not None:
        check_range(hp_at, hp, 0, MAX_HP)
    if alive is None:
        alive = hp is None or hp > 0
    if hp is None:
        hp = MAX_HP if alive else 0
    if alive and hp == 0:
        raise BadInput(f"{hp_at}: a living fish needs HP above 0 (or set alive = false)")
    if not alive and hp > 0:
        raise BadInput(f"{alive_at}: a dead fish has HP 0, got {hp}")
    fish.hp, fish.alive = hp, alive


def _set_fish(fish: Fish, given: dict[str, tuple[Any, str]]) -> None:
    """Apply a position's setup values, refusing states no game can reach."""
    _set_life(fish, given)
    passive, active = FISH[fish.acts_as].passive, FISH[fish.acts_as].active
    for key, (value, at) in given.items():
        if key == "atk":
            check_range(at, value, BASE_ATK, None)
        elif key == "shields":
            check_range(at, value, 0, SHIELDS)
            if value and passive != "shield":
                raise BadInput(f"{at}: only a Sea Turtle (or a Mimic of one) has shields")
        elif key == "wound":
            check_range(at, value, 0, WOUND_STEP - 1)
            if value and passive != "share":
                raise BadInput(f"{at}: only an Electric Eel or Sunfish (or a Mimic) has a wound")
        elif key == "skill_uses":
            check_range(at, value, 0, None)
            if value and active not in USE_COUNTED:
                raise BadInput(f"{at}: only a Sea Turtle or Clownfish (or a Mimic) counts uses")
        if key not in ("hp", "alive"):
            setattr(fish, FIELDS[key][1], value)


# --------------------------------------------------------------------- setup


def _options(doc: Node) -> AquawarOptions:
    node = doc.table("options")
    if node is None:
        return AquawarOptions()
    try:
        return AquawarOptions.from_json(node.data)
    except BadInput as error:
        raise BadInput(f"options: {error}") from None


def _seat(node: Node | None, seat: int, round_: int) -> tuple[list[Fish], Pick, frozenset[int]]:
    """One seat's team, pick and used fish from its ``seatN`` table."""
    if node is None:
        raise BadInput(f"seat{seat} is missing: give its team")
    team = fish_ids(node.path("team"), node.get("team", list), TEAM_SIZE)
    copy = None
    if MIMIC in team:
        copy = fish_id(node.path("mimic"), node.get("mimic", (str, int)))
        if copy == MIMIC:
            raise BadInput(f"{node.path('mimic')}: the Mimic copies one of the other 11 fish")
    elif node.has("mimic"):
        raise BadInput(f"{node.path('mimic')}: given, but the team has no Mimic")
    earlier = fish_ids(node.path("used"), node.get("used", list, []), None)
    if len(earlier) != TEAM_SIZE * (round_ - 1):
        raise BadInput(
            f"{node.path('used')}: round {round_} needs the {TEAM_SIZE * (round_ - 1)} fish "
            f"seat {seat} played in earlier rounds, got {len(earlier)}"
        )
    again = [FISH[f].key for f in team if f in earlier]
    if again:
        raise BadInput(f"{node.path('team')}: already played in an earlier round: {again}")
    fish = [Fish(kind, copy) for kind in team]
    allowed = {key: kind for key, (kind, _) in FIELDS.items()}
    for pos, given in fish_values(node, allowed).items():
        _set_fish(fish[pos], given)
    node.finish()
    if not any(f.alive for f in fish):
        raise BadInput(f"seat{seat}: every fish is dead, so the round would be over")
    pick = Pick(tuple(team), copy)
    return fish, pick, frozenset(earlier) | frozenset(team)


def _turn_fields(
    node: Node, options: AquawarOptions
) -> tuple[int, int, int, Phase, int, list[int]]:
    """round, first mover, 1-based turn, phase, seat to move, wins — checked together."""
    round_ = node.integer("round", 1, 1, ROUNDS)
    first = node.integer("first_mover", 0, 0, 1)
    turn = node.integer("turn", 1, 1, options.turn_limit)
    named = node.get("phase", str, ASSERT)
    phase = _TURN_PHASES.get(named)
    if phase is None:
        raise BadInput(f"{node.path('phase')}: expected 'assert' or 'action', got {named!r}")
    mover = first if turn % 2 == 1 else 1 - first
    seat = node.integer("seat", mover, 0, 1)
    if seat != mover:
        raise BadInput(
            f"{node.path('seat')}: turn {turn} belongs to seat {mover} when seat {first} "
            "moves first (odd turns are the first mover's)"
        )
    wins = list_of(node.path("wins"), node.get("wins", list, [0, 0]), int, 2)
    cap = ROUNDS if options.play_all_rounds else ROUNDS_TO_WIN - 1
    for index, won in enumerate(wins):
        check_range(f"{node.path('wins')}[{index}]", won, 0, cap)
    if sum(wins) != round_ - 1:
        raise BadInput(
            f"{node.path('wins')}: round {round_} follows {round_ - 1} decided round(s), "
            f"but the wins add up to {sum(wins)}"
        )
    node.finish()
    return round_, first, turn, phase, seat, wins


class AquawarScenario:
    """The Aquawar half of the scenario runner (`sparring.core.scenario.ScenarioGame`)."""

    def build(self, doc: Node, seed: int) -> AquawarState:
        options = _options(doc)
        match = doc.table("match") or Node({}, "match")
        round_, first, turn, phase, seat, wins = _turn_fields(match, options)
        seats = [_seat(doc.table(f"seat{s}"), s, round_) for s in SEATS]
        state = AquawarState(seed, options)
        state.round = round_
        state.wins = wins
        state.first_mover = first
        state.teams = [fish for fish, _, _ in seats]
        state.picks = [pick for _, pick, _ in seats]
        state.used = [used for _, _, used in seats]
        state.phase = phase
        state.seat = seat
        state.turn = turn - 1
        state.events = [
            (ROUND_START, PUBLIC, round_, first),
            (TURN, PUBLIC, round_, turn, seat),
        ]
        state._legal = None
        return state

    def action(self, value: Any, where: str) -> Action:
        """An action in its JSON form; fish may be named instead of numbered."""
        data = dict(value)
        try:
            if data.get("type") == "assert" and "guess" in data:
                data["guess"] = fish_id(f"{where}.guess", data["guess"])
            if data.get("type") == "pick":
                if "fish" in data:
                    data["fish"] = fish_ids(f"{where}.fish", data["fish"], TEAM_SIZE)
                if data.get("mimic") is not None:
                    data["mimic"] = fish_id(f"{where}.mimic", data["mimic"])
            unknown = sorted(set(data) - _ACTION_KEYS.get(data.get("type"), set(data)))
            if unknown:
                raise BadInput(f"{where}: unknown key(s) {', '.join(unknown)} for this action")
            return action_from_json(data)
        except BadInput as error:
            message = str(error)
            raise BadInput(
                message if message.startswith(where) else f"{where}: {message}"
            ) from None

    def checks(self, expect: Node) -> list[Check]:
        out: list[Check] = []
        seats = {f"seat{seat}": seat for seat in SEATS}
        expect.allow(*_MATCH, *seats)
        for key in expect.present():
            if key in _MATCH:
                kind, observe = _MATCH[key]
                value = expect.get(key, kind)
                if key == "wins":
                    list_of(expect.path(key), value, int, 2)
                out.append(ValueCheck(expect.path(key), value, observe))
            elif key in seats:
                node = expect.table(key)
                assert node is not None
                out.extend(_seat_checks(node, seats[key]))
        return out


_ACTION_KEYS: dict[Any, set[str]] = {
    "pass": {"type"},
    "assert": {"type", "pos", "guess"},
    "attack": {"type", "actor", "target"},
    "skill": {"type", "actor", "ally", "enemy"},
    "pick": {"type", "fish", "mimic"},
}


def _last_round(field: str) -> Callable[[AquawarState], Any]:
    def observe(state: AquawarState) -> Any:
        return state.round_results[-1][field] if state.round_results else None

    return observe


_MATCH: dict[str, tuple[type, Callable[[AquawarState], Any]]] = {
    "phase": (str, lambda s: s.phase),
    "seat": (int, lambda s: s.seat),
    "turn": (int, lambda s: s.turn + 1),
    "round": (int, lambda s: s.round),
    "first_mover": (int, lambda s: s.first_mover),
    "wins": (list, lambda s: list(s.wins)),
    "winner": (int, lambda s: s.winner),
    "round_winner": (int, _last_round("winner")),
    "round_reason": (str, _last_round("reason")),
}


def _fish_observer(seat: int, pos: int, key: str) -> Callable[[AquawarState], Any]:
    """Reads one field of one fish; nothing while teams are being picked (no fish yet)."""
    read: Callable[[Fish], Any]
    if key in EXPECT_ONLY:
        read = EXPECT_ONLY[key][1]
    else:
        attr = FIELDS[key][1]

        def read(fish: Fish) -> Any:
            return getattr(fish, attr)

    def observe(state: AquawarState) -> Any:
        team = state.teams[seat]
        return read(team[pos]) if pos < len(team) else None

    return observe


def _list_observer(seat: int, key: str) -> Callable[[AquawarState], Any]:
    one = [_fish_observer(seat, pos, key) for pos in range(TEAM_SIZE)]
    return lambda state: [observe(state) for observe in one]


def _seat_checks(node: Node, seat: int) -> list[Check]:
    """Checks of an ``expect.seatN`` table: lists of 4 per field, position tables, used."""
    allowed = {key: kind for key, (kind, _) in FIELDS.items()}
    allowed.update({key: kind for key, (kind, _) in EXPECT_ONLY.items()})
    out: list[Check] = []
    positions = {f"pos{pos}": pos for pos in range(TEAM_SIZE)}
    node.allow(*allowed, *positions, "used")
    for key in node.present():
        if key in allowed:
            values = list_of(node.path(key), node.get(key, list), allowed[key], TEAM_SIZE)
            out.append(ValueCheck(node.path(key), values, _list_observer(seat, key)))
        elif key == "used":
            ids = sorted(fish_ids(node.path(key), node.get(key, list), None))
            out.append(ValueCheck(node.path(key), ids, lambda s: sorted(s.used[seat]), _names))
        elif key in positions:
            out.extend(_position_checks(node.table(key), seat, positions[key], allowed))
    node.finish()
    return out


def _position_checks(
    sub: Node | None, seat: int, pos: int, allowed: dict[str, type]
) -> list[Check]:
    """Checks of an ``expect.seatN.posM`` table, in file order."""
    if sub is None:
        return []
    sub.allow(*allowed)
    out: list[Check] = []
    for key in sub.present():
        if key in allowed:
            value = sub.get(key, allowed[key])
            out.append(ValueCheck(sub.path(key), value, _fish_observer(seat, pos, key)))
    sub.finish()
    return out


SCENARIO = AquawarScenario()
