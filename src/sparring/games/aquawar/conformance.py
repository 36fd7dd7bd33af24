"""Aquawar's hooks for the conformance kit (`sparring.core.conformance`): the game's own
invariants, actions known to be illegal, exactly what each seat cannot see, and the rule
options the kit's walks are drawn under. `tests/test_every_game.py` runs the kit with them.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator
from typing import Any

from sparring.core.conformance import Draw, Hooks

from .actions import ASSERTS, ATTACKS, PASS, SKILLS, Pick
from .combat import WOUND_STEP
from .options import AquawarOptions
from .roster import ALL_FISH, BASE_ATK, FISH, MAX_HP, MIMIC
from .state import OVER, PICK, AquawarState

#: The shields a fish with the shield passive starts with, never exceeded.
MAX_SHIELDS = 3


def _check_fish(state: AquawarState) -> None:
    """Per-fish bounds: HP, life, shields, ATK, damage counter, identity."""
    for seat, team in enumerate(state.teams):
        assert len(team) in (0, 4), f"seat {seat} fields {len(team)} fish"
        kinds = [f.kind for f in team]
        assert len(set(kinds)) == len(kinds), f"seat {seat} fields a fish twice: {kinds}"
        for pos, fish in enumerate(team):
            where = f"seat {seat} fish {pos}"
            assert 0 <= fish.hp <= MAX_HP, f"{where}: HP {fish.hp} outside 0-{MAX_HP}"
            assert fish.alive == (fish.hp > 0), f"{where}: alive={fish.alive} with HP {fish.hp}"
            assert 0 <= fish.shields <= MAX_SHIELDS, f"{where}: {fish.shields} shields"
            shielded = FISH[fish.acts_as].passive == "shield"
            assert fish.shields == 0 or shielded, f"{where}: shields on a fish without them"
            assert fish.atk >= BASE_ATK, f"{where}: ATK {fish.atk} below the base"
            assert 0 <= fish.wound < WOUND_STEP, f"{where}: damage counter {fish.wound}"
            assert fish.wound == 0 or fish.shares, f"{where}: damage counter on a non-sharer"
            assert fish.uses >= 0
            if fish.kind == MIMIC:
                assert fish.acts_as in ALL_FISH and fish.acts_as != MIMIC, f"{where}: bad copy"
            else:
                assert fish.acts_as == fish.kind, f"{where}: a non-Mimic acting as another fish"


def _check_used(state: AquawarState) -> None:
    """A fish is never picked twice by one seat in a match; `used` is exactly what was
    fielded."""
    for seat in (0, 1):
        seen: set[int] = set()
        for result in state.round_results:
            fish = set(result["teams"][seat]["fish"])
            assert not fish & seen, f"seat {seat} re-picked {sorted(fish & seen)}"
            seen |= fish
        if state.teams[seat]:
            current = {f.kind for f in state.teams[seat]}
            if state.phase != OVER:
                assert not current & seen, f"seat {seat} re-picked {sorted(current & seen)}"
            seen |= current
        assert state.used[seat] == frozenset(seen), f"seat {seat}: used {sorted(state.used[seat])}"


def _check_flow(state: AquawarState) -> None:
    """Rounds, wins, first movers, turns and the end of the match, under the options."""
    options = state.options
    results = state.round_results
    assert 1 <= state.round <= 3 and len(results) <= 3
    assert sum(state.wins) == len(results)
    assert [r["winner"] for r in results].count(0) == state.wins[0]
    for before, after in itertools.pairwise(results):
        expected = 0 if options.seat0_always_first else 1 - before["winner"]
        assert after["first_mover"] == expected, "the previous winner must move second"
    if options.seat0_always_first:
        assert state.first_mover == 0
    for result in results:
        assert 1 <= result["turns"] <= options.turn_limit
    decided = max(state.wins) >= 2
    if state.phase == OVER:
        assert state.winner == (0 if state.wins[0] > state.wins[1] else 1)
        assert len(results) == 3 if options.play_all_rounds else decided
        assert state.returns() in ((1.0, -1.0), (-1.0, 1.0))
        assert state.returns()[state.winner] == 1.0
        return
    assert state.winner is None and state.returns() == (0.0, 0.0)
    assert state.round == len(results) + 1
    assert options.play_all_rounds or not decided, "the match goes on after two wins"
    if state.phase == PICK:
        assert state.teams == [[], []]
        assert state.to_move() == tuple(s for s in (0, 1) if state.picks[s] is None)
    else:
        assert 0 <= state.turn < options.turn_limit, f"turn {state.turn} past the limit"
        assert any(f.alive for f in state.teams[0]) and any(f.alive for f in state.teams[1])


def invariants(state: AquawarState) -> None:
    _check_fish(state)
    _check_used(state)
    _check_flow(state)


def bad_actions(state: AquawarState, seat: int) -> Iterator[Any]:
    """Every turn action there is, plus malformed picks; the kit drops the legal ones."""
    yield PASS
    yield from ASSERTS.values()
    yield from ATTACKS.values()
    yield from SKILLS.values()
    yield None
    yield Pick((1, 1, 2, 3))
    yield Pick((1, 2, 3))  # three fish: a malformed pick, on purpose
    yield Pick((0, 1, 2, 13))
    yield Pick((MIMIC, 1, 2, 3))
    yield Pick((MIMIC, 1, 2, 3), MIMIC)
    yield Pick((1, 2, 3, 4), 5)
    used = sorted(state.used[seat])
    free = sorted(set(ALL_FISH) - state.used[seat] - {MIMIC})
    if used and len(free) >= 3:
        yield Pick((used[0], free[0], free[1], free[2]))


def hidden_of(state: AquawarState, seat: int) -> Hashable | None:
    """Everything of the enemy that `seat` cannot see: its locked-in pick while picking,
    then every hidden field of its fish. None when the enemy has nothing hidden yet."""
    enemy = 1 - seat
    if state.phase == PICK:
        pick = state.picks[enemy]
        return None if pick is None else (pick.fish, pick.mimic)
    return tuple(
        (
            f.kind,
            f.acts_as,
            f.atk,
            f.shields,
            f.reduce_buff,
            f.heal_buff,
            f.share_buff,
            f.wound,
            f.uses,
        )
        for f in state.teams[enemy]
    )


def random_options(draw: Draw) -> AquawarOptions:
    """The rules' turn limit, the official engine's, and short rounds that end by the
    tie-break; deaths or the turn limit settled first on the last turn; all rounds played
    or not; the first mover drawn or always seat 0."""
    return AquawarOptions(
        turn_limit=draw.choice([64, 63, 12, 3, 1]),
        turn_limit_before_deaths=draw.boolean(),
        play_all_rounds=draw.boolean(),
        seat0_always_first=draw.boolean(),
    )


HOOKS = Hooks(
    random_options=random_options,
    invariants=invariants,
    bad_actions=bad_actions,
    hidden_fingerprint=hidden_of,
)
