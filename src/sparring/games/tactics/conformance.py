"""5×5 Tactics's hooks for the conformance kit (`sparring.core.conformance`): the board's
invariants, actions known to be illegal, and every rule option drawn at random for the
kit's walks. `tests/test_every_game.py` runs the kit with them.
"""

from __future__ import annotations

from sparring.core.conformance import Draw, Hooks

from .actions import Attack, DeathChoice, EndTurn, Move
from .data import DATA
from .options import TacticsOptions
from .state import TILE_BUFFS, TacticsState


def invariants(state: TacticsState) -> None:
    """Board and unit bounds that hold after every action."""
    seen: set[tuple[int, int]] = set()
    for unit in state.units:
        if unit.hp > 0:
            assert 0 <= unit.x < DATA.board and 0 <= unit.y < DATA.board, f"{unit.id} off board"
            assert unit.pos not in seen, f"two units on {unit.pos}"
            assert unit.pos not in state.obstacles, f"{unit.id} stands on an obstacle"
            seen.add(unit.pos)
            assert unit.acted <= 2 and unit.cooldown in (0, 1, 2) and unit.shield >= 0
            assert all(r > 0 for r in unit.buffs.values()), f"{unit.id} keeps an expired buff"
        elif state.phase != "draft":
            assert unit.x == -1, f"dead {unit.id} still on the board"
    for pos, hp in state.obstacles.items():
        assert 0 < hp <= DATA.obstacle_hp, f"obstacle at {pos} with {hp} HP"
    for pos, (buff, rounds) in state.tiles.items():
        assert buff in TILE_BUFFS
        assert 0 < rounds <= DATA.tile_rounds and pos not in state.obstacles
    if state.phase == "battle" and not state.deaths:
        assert state.legal_actions(), "a seat to act with nothing to do"
    assert state.round <= state.options.round_cap


def bad_actions(state: TacticsState, seat: int) -> list[object]:
    rival_units = [u.id for u in state.units if u.seat != seat]
    bad: list[object] = [Move(uid, 2, 2) for uid in rival_units[:1]]
    bad += [Attack("nobody", 0, 0), EndTurn("p9_hero"), Move("p1_hero", 9, 9)]
    if not state.deaths:
        bad.append(DeathChoice("obstacle"))
    return bad


def random_options(draw: Draw) -> TacticsOptions:
    """Every rule option drawn at random (the original code's readings too), with short,
    middling and full round caps."""
    return TacticsOptions(
        decay_start_round=draw.choice([1, 3]),
        distinct_minions=draw.boolean(),
        movement=draw.choice(["line", "path"]),
        line_of_sight=draw.boolean(),
        move_attack_reach=draw.choice(["adjacent", "range"]),
        death_chooser=draw.choice(["owner", "killer"]),
        round_opener=draw.choice(["last_actor_opponent", "alternate"]),
        slow_resolution=draw.choice(["next_round", "round_end"]),
        move_and_skill=draw.boolean(),
        speed_slow_cancel=draw.boolean(),
        endure_rounds=draw.choice([0, 2]),
        extra_tick_for_acted=draw.boolean(),
        round_cap=draw.choice([2, 9, 30]),
        system_death_spawn=draw.choice(["choice", "parity"]),
        obstacle_damage=draw.choice(["attack", "effective_atk"]),
        round_end_order=draw.choice(["rules", "companion"]),
        challenge_counter=draw.choice(["always", "survivor"]),
    )


HOOKS = Hooks(
    random_options=random_options,
    invariants=invariants,
    bad_actions=bad_actions,
    scramble_attempts=3,
)
