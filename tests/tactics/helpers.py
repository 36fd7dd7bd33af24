"""Builders for the 5×5 Tactics rule tests: a battle right after the draft, then units
placed, removed, buffed or handed the turn by hand, so that each test sets up exactly the
position its rule needs.

Default drafts: seat 0 (P1) a Warrior with Endure, TANK at (0, 0) and ARCHER at (4, 0);
seat 1 (P2) a Mage with Wild Magic, ASSASSIN at (0, 4) and TANK at (4, 4). Heroes start on
(2, 0) and (2, 4). A test names the skill it needs; the class follows from its prefix.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from sparring.core.events import event_json
from sparring.games.tactics.actions import (
    OBSTACLE,
    Action,
    BattleAction,
    DeathChoice,
    Draft,
    EndTurn,
)
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.state import TacticsState
from sparring.games.tactics.units import Unit

OFF = None  # a position meaning "remove this unit from the board"


def rule_options(round_caps: tuple[int, ...] = (2, 9, 30)) -> st.SearchStrategy[TacticsOptions]:
    """Every rule option drawn at random (the round cap from `round_caps`), for properties
    that must hold under any rules."""
    return st.builds(
        TacticsOptions,
        decay_start_round=st.sampled_from([1, 3]),
        distinct_minions=st.booleans(),
        movement=st.sampled_from(["line", "path"]),
        line_of_sight=st.booleans(),
        move_attack_reach=st.sampled_from(["adjacent", "range"]),
        death_chooser=st.sampled_from(["owner", "killer"]),
        system_death_spawn=st.sampled_from(["choice", "parity"]),
        round_opener=st.sampled_from(["last_actor_opponent", "alternate"]),
        slow_resolution=st.sampled_from(["next_round", "round_end"]),
        move_and_skill=st.booleans(),
        speed_slow_cancel=st.booleans(),
        endure_rounds=st.sampled_from([0, 2]),
        extra_tick_for_acted=st.booleans(),
        round_cap=st.sampled_from(list(round_caps)),
        obstacle_damage=st.sampled_from(["attack", "effective_atk"]),
        round_end_order=st.sampled_from(["rules", "companion"]),
        challenge_counter=st.sampled_from(["always", "survivor"]),
    )


def battle(
    p1: str = "warrior_endure",
    p2: str = "mage_wild_magic",
    m1: tuple[str, str] = ("TANK", "ARCHER"),
    m2: tuple[str, str] = ("ASSASSIN", "TANK"),
    seed: int = 1,
    **options: Any,
) -> TacticsState:
    """A game right after both drafts: round 1, seat 0 to act."""
    state = TacticsState(seed, TacticsOptions(**options))
    state.apply(Draft(p1.split("_")[0].upper(), p1, m1), 0)
    state.apply(Draft(p2.split("_")[0].upper(), p2, m2), 1)
    return state


def unit(state: TacticsState, uid: str) -> Unit:
    found = state.unit(uid)
    assert found is not None, uid
    return found


def hp(state: TacticsState, uid: str) -> int:
    return unit(state, uid).hp


def arrange(state: TacticsState, **where: tuple[int, int] | None) -> None:
    """Put units on tiles (``p1_hero=(2, 2)``) or off the board, dead (``p2_minion_1=OFF``),
    all at once so that swaps are fine; the units not named stay where they are."""
    for uid, pos in where.items():
        u = unit(state, uid)
        if pos is None:
            u.hp = 0
            u.x = u.y = -1
        else:
            u.x, u.y = pos
    taken = [u.pos for u in state.units if u.hp > 0]
    assert len(taken) == len(set(taken)), f"two units on one tile: {sorted(taken)}"
    state._legal = None


def give(state: TacticsState, uid: str, buff: str, rounds: int = 2) -> None:
    """A buff or status set by hand, without its instant HP change."""
    unit(state, uid).buffs[buff] = rounds
    state._legal = None


def turn(state: TacticsState, seat: int) -> None:
    """Hand the turn to `seat` (a setup shortcut; the alternation itself is tested apart)."""
    state.seat = seat
    state.current = None
    state._legal = None


def act(state: TacticsState, action: BattleAction) -> None:
    """Apply a battle action as its unit's seat, handing that seat the turn if need be."""
    owner = unit(state, action.unit).seat
    if state.seat != owner and state.current is None and not state.deaths:
        turn(state, owner)
    state.apply(action, owner)


def legal(state: TacticsState, uid: str | None = None) -> list[Action]:
    """The legal actions of the seat to act (only `uid`'s when given)."""
    actions = list(state.legal_actions())
    return [a for a in actions if uid is None or getattr(a, "unit", None) == uid]


def finish_round(state: TacticsState, spawn: DeathChoice = OBSTACLE) -> None:
    """Every unit left passes, death choices answered with `spawn`, until the round ends."""
    start = state.round
    while state.round == start and not state.is_terminal():
        seat = state.to_move()[0]
        if state.deaths:
            state.apply(spawn, seat)
            continue
        uid = state.current or next(
            u.id for u in state.units if u.seat == seat and state.can_act(u)
        )
        state.apply(EndTurn(uid), seat)


def events(state: TacticsState, kind: str, since: int = 0) -> list[dict[str, Any]]:
    """The JSON form of the events of one kind, from index `since` on."""
    return [event_json(e) for e in state.events[since:] if e[0] == kind]
