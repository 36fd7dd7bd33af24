"""A playable `TacticsState` rebuilt from one seat's view, for agents that search.

After the draft the board is public (docs/games/tactics.md, "What a seat sees"), so the
rebuild is exact for everything the legal actions and the next action depend on: units
with their HP, stats, buffs and statuses, shields, charges, cooldowns, beacons, prepared
actions and actions left; obstacles, buff tiles, the unit partway through SPEED, the
pending death choice and the options. The random source is the caller's (its future is
hidden from every seat).

A few fields are not in the view and are read back from the view's log or from the rules:

- **Death Mark's and Challenge's source** is always the other seat's hero (a seat has one
  hero, the only unit with a skill);
- **who has opened the round** and **what follows a death choice** come from the log's
  `act` events and the units' actions left (a death choice at the round end is followed
  by the round end's next step, which the view names);
- **the shadow clone counter** is the highest clone number among living and fallen units.

Fallen units come back as bare placeholders (0 HP, off the board): nothing in play reads
more of them than their id.

The view is a `TacticsView`; one received as JSON (a bot's) reads back as one with
``msgspec.convert(data, TacticsView)``.
"""

from __future__ import annotations

from msgspec import UNSET

from .state import BATTLE, CHALLENGE, DEATH_MARK, DRAFT, TacticsState
from .units import CLONE, HERO, MINION, Unit
from .viewtypes import LogEntry, TacticsView, UnitView, listed


def state_from_view(view: TacticsView, seed: int = 0) -> TacticsState:
    """The state `view` describes, with a random source seeded by `seed`. Only views from
    the reveal on can be rebuilt: during the draft the rival's pick is hidden."""
    if view.phase == DRAFT:
        raise ValueError("a draft view cannot be rebuilt: the rival's pick is hidden")
    state = TacticsState(seed, view.options)
    state.phase = view.phase
    state.round = view.round
    state.winner = view.winner
    state.end_reason = view.end_reason
    units = [_unit(state, seen) for seen in listed(view.units)]
    units += [_fallen(uid) for uid in listed(view.fallen)]
    state.units = sorted(units, key=lambda u: u.id)
    heroes = {u.seat: u.id for u in state.units if u.is_hero}
    for unit in state.units:
        if DEATH_MARK in unit.buffs:
            unit.marker = heroes.get(1 - unit.seat)
        if CHALLENGE in unit.buffs:
            unit.challenger = heroes.get(1 - unit.seat)
    state.obstacles = {(o.x, o.y): o.hp for o in listed(view.obstacles)}
    state.tiles = {(t.x, t.y): [t.buff, t.rounds] for t in listed(view.tiles)}
    state.current = view.acting_unit
    state.clones = _clone_count([u.id for u in state.units])
    log = view.log
    state.last_actor = view.last_actor
    acts = [e for e in log if e["kind"] == "act"]
    last_act = acts[-1] if acts else None
    if state.phase == BATTLE:
        state.seat = view.to_move[0]
        if view.death_choices is not UNSET:
            state.deaths = [(d.unit, d.x, d.y, d.seat) for d in view.death_choices]
            state.round_end_next = view.round_end_next
            if state.round_end_next is not None:
                # Deaths at the round end: the round end goes on after them.
                state.seat = state.last_actor
            elif last_act is not None:
                # The seat whose action (or whose prepared actions) raised the deaths, and
                # what follows them: that unit's SPEED action, or the seat's choice of unit.
                state.seat = last_act["seat"]
                prepared = last_act["action"].get("prepared")
                state.after = (state.seat, "" if prepared else last_act["unit"])
            else:
                state.after = (state.seat, "")
        state.opened = _opened(state, log)
    return state


def _unit(state: TacticsState, seen: UnitView) -> Unit:
    stats = {"hp": seen.hp, "atk": seen.atk, "move": seen.move, "range": seen.range}
    unit = Unit(seen.id, seen.seat, seen.category, seen.kind, stats, seen.x, seen.y)
    unit.max_hp = seen.max_hp
    unit.buffs = dict(seen.buffs)
    unit.shield = seen.shield
    unit.shield_rounds = seen.shield_rounds
    unit.invisible = seen.invisible
    unit.prepared = list(seen.prepared)
    unit.rounds_left = 0 if seen.rounds_left is UNSET else seen.rounds_left
    if seen.skill is not UNSET:  # a hero: the view gives its skill fields together
        unit.skill = seen.skill
        unit.cooldown = 0 if seen.cooldown is UNSET else seen.cooldown
        unit.beacon = None if seen.beacon is UNSET else seen.beacon
        unit.charges = 0 if seen.charges is UNSET else seen.charges
    unit.acted = state.max_actions(unit) - seen.actions_left
    return unit


def _fallen(uid: str) -> Unit:
    category = HERO if uid.endswith("_hero") else CLONE if "_clone_" in uid else MINION
    stats = {"hp": 0, "atk": 0, "move": 0, "range": 0}
    return Unit(uid, int(uid[1]) - 1, category, "FALLEN", stats, -1, -1)


def _clone_count(ids: list[str]) -> int:
    numbers = [int(uid.rsplit("_", 1)[1]) for uid in ids if "_clone_" in uid]
    return max(numbers, default=0)


def _opened(state: TacticsState, log: list[LogEntry]) -> list[bool]:
    """Whether each seat has had the turn this round (its prepared actions resolved then):
    the seat to act, and any seat with an action, time-out or used action this round."""
    opened = [False, False]
    opened[state.seat] = True
    for event in reversed(log):
        if event["kind"] == "round_begin":
            break
        if event["kind"] in ("act", "timeout"):
            opened[event["seat"]] = True
    for unit in state.units:
        if unit.acted > 0:
            opened[unit.seat] = True
    return opened
