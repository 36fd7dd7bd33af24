"""The end of a round, in the canonical order (companion §12, suggested list): BLEED,
decay, round-8 pressure, deaths and their spawns, victory, then every duration ticks and
the next round begins.

Deaths at the round end need no one's choice (ruling A5): a minion that dies here leaves an
obstacle in odd rounds and a buff tile in even rounds. If both heroes fall in the same
step, the player who made the round's last activation wins (ruling A9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC

from . import events as ev
from .data import DATA
from .units import CLONE, HERO, MINION

if TYPE_CHECKING:
    from .state import TacticsState


def _system_deaths(state: TacticsState) -> None:
    for unit in state.units:
        if unit.hp <= 0 and unit.x >= 0:
            x, y = unit.x, unit.y
            unit.x = unit.y = -1
            state.events.append((ev.DIED, PUBLIC, unit.id))
            if unit.category == MINION:
                state.spawn(x, y, "obstacle" if state.round % 2 == 1 else "buff_tile")
            elif unit.category == HERO:
                unit.beacon = None


def _step(state: TacticsState, cause: str, units: list, amount: int = 1) -> bool:
    """One attrition step; True if the game ended in it."""
    for unit in units:
        state.lose_hp(unit, amount, cause)
    _system_deaths(state)
    state.check_victory(active=state.last_actor)
    return state.phase == "over"


def end_round(state: TacticsState) -> None:
    number = state.round
    state.events.append((ev.ROUND_END, PUBLIC, number))
    if state.options.slow_resolution == "round_end":
        from .slow import resolve_prepared

        for seat in (0, 1):
            while True:
                resolve_prepared(state, seat)
                if state.phase == "over":
                    return
                if not state.deaths:
                    break
                # Round-end deaths: no choice, the odd/even rule (ruling A5), placed
                # before the next prepared action resolves.
                for _, x, y, _chooser in state.deaths:
                    state.spawn(x, y, "obstacle" if number % 2 == 1 else "buff_tile")
                state.deaths.clear()
    alive = [u for u in state.units if u.hp > 0]
    if _step(state, "bleed", [u for u in alive if "BLEED" in u.buffs]):
        return
    if number >= state.options.decay_start_round and _step(
        state, "decay", [u for u in state.units if u.hp > 0 and u.category in (MINION, CLONE)]
    ):
        return
    if number >= DATA.pressure_round and _step(
        state, "pressure", [u for u in state.units if u.hp > 0]
    ):
        return
    _tick(state)
    if number >= state.options.round_cap:
        hp = (state.hero(0).hp, state.hero(1).hp)
        if hp[0] == hp[1]:
            state._end(None, f"round cap reached with equal hero HP ({hp[0]})")
        else:
            state._end(0 if hp[0] > hp[1] else 1, f"round cap reached: hero HP {hp[0]}-{hp[1]}")
        return
    state._begin_round(number + 1, state.next_opener())


def _tick(state: TacticsState) -> None:
    """Durations: buffs and statuses, buff tiles, cooldowns, clones, shields; invisibility
    ends; a Feint or Challenge or Death Mark whose duration ran out is gone."""
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
