"""The end of a round: a list of steps run in order, which may pause for death choices.

The steps, in rules §9's order (option ``round_end_order = "rules"``, the default):

1. with ``slow_resolution = "round_end"``, the round's prepared (SLOW) actions;
2. decay ("Minion Decay"): 1 HP from every minion (and clone), from round
   ``decay_start_round`` on;
3. BLEED ("Poison Damage"): 1 HP from every bleeding unit;
4. durations ("BUFF Duration", "Remove Expired", "Remove BUFF Tiles"): buffs and
   statuses, buff tiles, and with them cooldowns, shields, clones, invisibility;
5. pressure ("Late-Game Check"): 1 HP from every unit, from round 8 on;

then the round cap, or the next round. With ``round_end_order = "companion"`` (companion
§12's suggested order) they run BLEED, decay, pressure, durations.

After each step that costs HP the units at 0 HP die, then victory is checked (both heroes
in the same step: the player who made the round's last activation wins, ruling A9; in
different steps the first to fall loses), then every dead minion's owner chooses what it
leaves (rules §4.1): the round end waits for the choices and goes on with its next step.
With ``system_death_spawn = "parity"`` (MASTER, CODE) no one is asked: an obstacle in odd
rounds, a buff tile in even rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC
from sparring.core.game import EndReason

from . import events as ev
from .data import DATA
from .units import CLONE, MINION, Unit

if TYPE_CHECKING:
    from .state import TacticsState

PREPARED = "prepared"
BLEED = "bleed"
DECAY = "decay"
PRESSURE = "pressure"
DURATIONS = "durations"
NEXT_ROUND = "next_round"
ORDERS: dict[str, tuple[str, ...]] = {
    "rules": (PREPARED, DECAY, BLEED, DURATIONS, PRESSURE, NEXT_ROUND),
    "companion": (PREPARED, BLEED, DECAY, PRESSURE, DURATIONS, NEXT_ROUND),
}


def end_round(state: TacticsState) -> None:
    """Every living unit has acted: the round end from its first step."""
    state.events.append((ev.ROUND_END, PUBLIC, state.round))
    _run(state, PREPARED)


def resume_round_end(state: TacticsState) -> None:
    """The death choices the round end waited for are answered: on with its next step."""
    step = state.round_end_next
    assert step is not None
    _run(state, step)


def _run(state: TacticsState, first: str) -> None:
    steps = ORDERS[state.options.round_end_order]
    for index in range(steps.index(first), len(steps)):
        name = steps[index]
        if name == NEXT_ROUND:
            state.round_end_next = None
            _next_round(state)
            return
        STEPS[name](state)
        if state.phase == "over":
            state.round_end_next = None
            return
        if state.deaths:
            # The prepared step carries on where it stopped; the others are done.
            state.round_end_next = name if name == PREPARED else steps[index + 1]
            return


def _prepared(state: TacticsState) -> None:
    """With ``slow_resolution = "round_end"`` (CODE's timing): seat 0's prepared actions,
    then seat 1's. Their deaths are settled before the next prepared action resolves."""
    if state.options.slow_resolution != "round_end":
        return
    from .slow import resolve_prepared

    for seat in (0, 1):
        while True:
            resolve_prepared(state, seat)
            if state.phase == "over" or not state.deaths:
                break
            if state.options.system_death_spawn != "parity":
                return  # the choices first; the step resumes with the rest
            for _, x, y, _chooser in state.deaths:
                state.spawn(x, y, parity_spawn(state.round))
            state.deaths.clear()
        if state.phase == "over":
            return


def parity_spawn(number: int) -> str:
    """What a minion dying at the end of round `number` leaves under the parity rule
    (MASTER spec, CODE): an obstacle in odd rounds, a buff tile in even rounds."""
    return "obstacle" if number % 2 == 1 else "buff_tile"


def _lose(state: TacticsState, cause: str, units: list[Unit]) -> None:
    """One HP-loss step: 1 HP from each of `units`, then deaths and victory."""
    for unit in units:
        state.lose_hp(unit, 1, cause)
    state.collect_deaths(active=None)
    state.check_victory(active=state.last_actor)


def _bleed(state: TacticsState) -> None:
    _lose(state, "bleed", [u for u in state.units if u.hp > 0 and "BLEED" in u.buffs])


def _decay(state: TacticsState) -> None:
    if state.round >= state.options.decay_start_round:
        minions = [u for u in state.units if u.hp > 0 and u.category in (MINION, CLONE)]
        _lose(state, "decay", minions)


def _pressure(state: TacticsState) -> None:
    if state.round >= DATA.pressure_round:
        _lose(state, "pressure", [u for u in state.units if u.hp > 0])


def _durations(state: TacticsState) -> None:
    """Buffs and statuses, buff tiles, cooldowns, clones, shields; invisibility ends; a
    Feint or Challenge or Death Mark whose duration ran out is gone."""
    for unit in state.units:
        if unit.hp <= 0:
            continue
        for buff in list(unit.buffs):
            unit.buffs[buff] -= 1
            if unit.buffs[buff] <= 0:
                del unit.buffs[buff]
                state.events.append((ev.BUFF_END, PUBLIC, unit.id, buff))
        if unit.cooldown:
            unit.cooldown -= 1
        unit.invisible = False
        if unit.shield and state.options.endure_rounds:
            unit.shield_rounds -= 1
            if unit.shield_rounds <= 0:
                unit.shield = 0
        if unit.category == CLONE:
            unit.rounds_left -= 1
            if unit.rounds_left <= 0:
                unit.hp = 0
                unit.x = unit.y = -1
                state.events.append((ev.DIED, PUBLIC, unit.id))
    for tile, entry in list(state.tiles.items()):
        entry[1] -= 1
        if entry[1] <= 0:
            del state.tiles[tile]
            state.events.append((ev.TILE, PUBLIC, tile[0], tile[1], entry[0], 0))


def _next_round(state: TacticsState) -> None:
    """The round cap (the hero with more HP wins; equal HP is a draw), or the next round."""
    number = state.round
    if number >= state.options.round_cap:
        hp = (state.hero(0).hp, state.hero(1).hp)
        if hp[0] == hp[1]:
            state._end(None, f"round cap reached with equal hero HP ({hp[0]})", EndReason.LIMIT)
        else:
            leader = 0 if hp[0] > hp[1] else 1
            state._end(leader, f"round cap reached: hero HP {hp[0]}-{hp[1]}", EndReason.LIMIT)
        return
    state._begin_round(number + 1, state.next_opener())


STEPS: dict[str, Callable[[TacticsState], None]] = {
    PREPARED: _prepared,
    BLEED: _bleed,
    DECAY: _decay,
    PRESSURE: _pressure,
    DURATIONS: _durations,
}
