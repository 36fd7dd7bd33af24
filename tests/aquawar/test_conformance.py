"""Aquawar against the generic conformance kit, driven by hypothesis.

Each property walks games whose moves are chosen by hypothesis-drawn indices into the legal
action lists (and, during picks, which seat picks first), under randomly drawn options.
The Aquawar hooks add the game's own invariants, known-bad actions, and a precise summary
of what each seat cannot see. The last tests sabotage the engine on purpose and check that
the kit notices, so a green run means something.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import subprocess
import sys
from collections.abc import Hashable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparring.core import conformance as kit
from sparring.core.errors import IllegalAction
from sparring.core.rng import Rng
from sparring.games.aquawar.actions import ASSERTS, ATTACKS, PASS, SKILLS, Attack, Pick, Skill
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.roster import ALL_FISH, MAX_HP, MIMIC
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.state import AquawarState

from .helpers import TURTLE

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CHOICES = st.lists(st.integers(min_value=0, max_value=2**16 - 1), max_size=80)
OPTIONS = st.builds(
    AquawarOptions,
    turn_limit=st.sampled_from([64, 63, 12, 3, 1]),
    play_all_rounds=st.booleans(),
    seat0_always_first=st.booleans(),
)


def quick(examples: int) -> settings:
    """Few examples, no per-example deadline: each example is a whole match."""
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


# --------------------------------------------------------------------- Aquawar hooks


def _check_fish(state: AquawarState) -> None:
    """Per-fish bounds: HP, life, shields, ATK, damage counter, identity."""
    for seat, team in enumerate(state.teams):
        assert len(team) in (0, 4), f"seat {seat} fields {len(team)} fish"
        kinds = [f.kind for f in team]
        assert len(set(kinds)) == len(kinds), f"seat {seat} fields a fish twice: {kinds}"
        for pos, fish in enumerate(team):
            where = f"seat {seat} fish {pos}"
            assert 0 <= fish.hp <= MAX_HP, f"{where}: HP {fish.hp} outside 0-400"
            assert fish.alive == (fish.hp > 0), f"{where}: alive={fish.alive} with HP {fish.hp}"
            assert 0 <= fish.shields <= 3, f"{where}: {fish.shields} shields"
            assert fish.shields == 0 or fish.acts_as == TURTLE, f"{where}: shields on a non-turtle"
            assert fish.atk >= 100, f"{where}: ATK {fish.atk} below the base"
            assert 0 <= fish.wound < 200, f"{where}: damage counter {fish.wound}"
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
            if state.phase != "over":
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
    if state.phase == "over":
        assert state.winner == (0 if state.wins[0] > state.wins[1] else 1)
        assert len(results) == 3 if options.play_all_rounds else decided
        assert state.returns() in ((1.0, -1.0), (-1.0, 1.0))
        assert state.returns()[state.winner] == 1.0
        return
    assert state.winner is None and state.returns() == (0.0, 0.0)
    assert state.round == len(results) + 1
    assert options.play_all_rounds or not decided, "the match goes on after two wins"
    if state.phase == "pick":
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
    yield Pick((1, 2, 3))  # type: ignore[arg-type]
    yield Pick((0, 1, 2, 13))
    yield Pick((MIMIC, 1, 2, 3))
    yield Pick((MIMIC, 1, 2, 3), MIMIC)
    yield Pick((1, 2, 3, 4), 5)
    used = sorted(state.used[seat])
    free = sorted(set(ALL_FISH) - state.used[seat] - {MIMIC})
    if used and len(free) >= 3:
        yield Pick((used[0], *free[:3]))  # type: ignore[arg-type]


def hidden_of(state: AquawarState, seat: int) -> Hashable | None:
    """Everything of the enemy that `seat` cannot see: its locked-in pick while picking,
    then every hidden field of its fish. None when the enemy has nothing hidden yet."""
    enemy = 1 - seat
    if state.phase == "pick":
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


def hooks(options: AquawarOptions) -> kit.Hooks:
    return kit.Hooks(
        options=options,
        invariants=invariants,
        bad_actions=bad_actions,
        hidden_fingerprint=hidden_of,
        max_steps=2_000,
    )


# --------------------------------------------------------------------- the properties


@quick(200)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_random_play_to_the_end_keeps_every_invariant(
    seed: int, choices: list[int], options: AquawarOptions
) -> None:
    final = kit.check_random_playout(SPEC, seed, choices, hooks(options))
    assert final.is_terminal()


@quick(40)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_same_seed_and_actions_give_the_same_game(
    seed: int, choices: list[int], options: AquawarOptions
) -> None:
    assert kit.check_determinism(SPEC, seed, choices, hooks(options)) > 0


@quick(80)
@given(
    seed=SEEDS,
    choices=CHOICES,
    split=st.integers(min_value=0, max_value=120),
    continuation=CHOICES,
    options=OPTIONS,
)
def test_clones_are_independent_and_continue_identically(
    seed: int, choices: list[int], split: int, continuation: list[int], options: AquawarOptions
) -> None:
    kit.check_clone_independence(SPEC, seed, choices, split, continuation, hooks(options))


@quick(25)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(
    seed: int, choices: list[int], options: AquawarOptions
) -> None:
    assert kit.check_illegal_actions_refused(SPEC, seed, choices, hooks(options)) > 0


@quick(40)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_every_offered_action_is_accepted(
    seed: int, choices: list[int], options: AquawarOptions
) -> None:
    assert kit.check_legal_actions_accepted(SPEC, seed, choices, hooks(options)) > 0


@quick(20)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_views_leak_nothing_hidden(seed: int, choices: list[int], options: AquawarOptions) -> None:
    report = kit.check_no_leaks(SPEC, seed, choices, hooks(options))
    assert report.hidden_checked > 0 and report.hidden_changed == report.hidden_checked
    assert report.sentinels > 0


@quick(5)
@given(seed=SEEDS, choices=CHOICES)
def test_views_leak_nothing_hidden_with_the_generic_fingerprint(
    seed: int, choices: list[int]
) -> None:
    """Without the Aquawar hook the kit falls back on other seats' views and the random
    source's future; the properties must hold that way too."""
    report = kit.check_no_leaks(SPEC, seed, choices, kit.Hooks(scramble_attempts=2))
    assert report.hidden_changed == report.hidden_checked == 2 * report.states


def test_games_are_identical_across_processes_and_hash_seeds() -> None:
    """Bit for bit on any machine: two interpreters with different hash seeds must play
    the same walks to the same fingerprints."""
    script = (
        "import sys\n"
        "from sparring.core.conformance import game_digest\n"
        "from sparring.games.aquawar.spec import SPEC\n"
        "print(' '.join(game_digest(SPEC, s, [s % 7, 3, 1]) for s in range(4)))\n"
    )
    digests = set()
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        digests.add(out.stdout.strip())
    local = " ".join(kit.game_digest(SPEC, s, [s % 7, 3, 1]) for s in range(4))
    assert digests == {local}


# --------------------------------------------------------------------- the kit bites


class _SharedTeams(AquawarState):
    """A clone that shares its fish with the original: the bug clone checks exist for."""

    __slots__ = ()

    def clone(self) -> AquawarState:
        twin = super().clone()
        twin.teams = self.teams
        return twin


class _DirtyRefusal(AquawarState):
    """Refuses illegal actions, but only after scribbling on the log."""

    __slots__ = ()

    def apply(self, action: Any, player: int | None = None) -> None:
        mark = len(self.events)
        try:
            super().apply(action, player)
        except IllegalAction:
            if len(self.events) == mark:
                self.events.append(("turn", -1, 0, 0, 0))
            raise


class _SilentRefusal(AquawarState):
    """Refuses illegal actions without saying why."""

    __slots__ = ()

    def apply(self, action: Any, player: int | None = None) -> None:
        try:
            super().apply(action, player)
        except IllegalAction as error:
            raise IllegalAction("") from error


class _PrivateRandom(AquawarState):
    """Draws its first mover from a generator nobody seeded: not reproducible."""

    __slots__ = ()

    def __init__(self, seed: int, options: AquawarOptions | None = None) -> None:
        super().__init__(int.from_bytes(os.urandom(8), "little"), options)


def _spec_with_state(cls: type[AquawarState]) -> Any:
    return dataclasses.replace(SPEC, new_game=lambda seed, options: cls(seed, options))


def _leaky_view(state: AquawarState, seat: int | None) -> dict[str, Any]:
    out = SPEC.view(state, seat)
    if seat is not None and state.teams[1 - seat]:
        out["enemy_atk"] = [f.atk for f in state.teams[1 - seat]]
    return out


def _json_leaky_view(state: AquawarState, seat: int | None) -> dict[str, Any]:
    out = SPEC.view(state, seat)
    if seat is not None:
        out["debug"] = json.dumps([f.kind for f in state.teams[1 - seat]])
    return out


def test_kit_catches_a_view_showing_enemy_atk() -> None:
    spec = dataclasses.replace(SPEC, view=_leaky_view)
    with pytest.raises(AssertionError, match="read hidden data"):
        kit.check_no_leaks(spec, 1, [], hooks(AquawarOptions()))


def test_kit_catches_a_sentinel_reaching_the_view() -> None:
    spec = dataclasses.replace(
        SPEC, view=_json_leaky_view, scramble_hidden=lambda s, seat, rng: _scramble_rng(s, rng)
    )
    with pytest.raises(AssertionError, match="sentinel"):
        kit.check_no_leaks(spec, 1, [], kit.Hooks(scramble_attempts=1))


def _scramble_rng(state: AquawarState, rng: Rng) -> AquawarState:
    """A scramble that only replaces the random source's future (keeps teams)."""
    twin = state.clone()
    twin.rng.reseed(rng.below(1 << 62, "scramble"))
    return twin


def test_kit_catches_a_scramble_that_changes_nothing() -> None:
    spec = dataclasses.replace(SPEC, scramble_hidden=lambda s, seat, rng: s.clone())
    with pytest.raises(AssertionError, match="changed nothing hidden"):
        kit.check_no_leaks(spec, 1, [], hooks(AquawarOptions()))


def test_kit_catches_a_clone_sharing_state() -> None:
    with pytest.raises(AssertionError, match=r"changed the original|changed a sibling"):
        kit.check_clone_independence(_spec_with_state(_SharedTeams), 3, [], 10, [], kit.Hooks())


def test_kit_catches_a_refusal_that_changes_the_state() -> None:
    with pytest.raises(AssertionError, match="changed the state"):
        kit.check_illegal_actions_refused(_spec_with_state(_DirtyRefusal), 3, [], kit.Hooks())


def test_kit_catches_a_refusal_without_a_reason() -> None:
    with pytest.raises(AssertionError, match="without a reason"):
        kit.check_illegal_actions_refused(_spec_with_state(_SilentRefusal), 3, [], kit.Hooks())


def test_kit_catches_an_unseeded_game() -> None:
    with pytest.raises(AssertionError):
        for seed in range(8):
            kit.check_determinism(_spec_with_state(_PrivateRandom), seed, [], kit.Hooks())


class _StaleMenu(AquawarState):
    """Offers the previous turn's menu: actions the rules then refuse."""

    __slots__ = ()

    def legal_actions(self, player: int | None = None) -> Any:
        legal = super().legal_actions(player)
        if self.phase == "action":
            return (*legal, Attack(0, 0), Attack(1, 1), Skill(2, 2, 2))
        return legal


def test_kit_catches_an_offered_action_that_is_refused() -> None:
    with pytest.raises(AssertionError, match="listed as legal"):
        for seed in range(4):
            kit.check_legal_actions_accepted(_spec_with_state(_StaleMenu), seed, [], kit.Hooks())


def test_kit_catches_a_broken_invariant() -> None:
    def no_deaths(state: AquawarState) -> None:
        assert all(f.alive for team in state.teams for f in team), "a fish died"

    with pytest.raises(AssertionError, match="a fish died"):
        kit.check_random_playout(SPEC, 5, [], kit.Hooks(invariants=no_deaths))
