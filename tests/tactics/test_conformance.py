"""5×5 Tactics through the generic conformance kit, driven by hypothesis: random play to
the end under random options keeps the game's invariants; same seed and actions give the
same game; clones are independent; illegal actions are refused with a reason and change
nothing; every offered action is accepted; views leak nothing (the draft picks)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparring.core import conformance as kit
from sparring.games.tactics.actions import Attack, DeathChoice, EndTurn, Move
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.spec import SPEC
from sparring.games.tactics.state import TacticsState

from .helpers import rule_options

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CHOICES = st.lists(st.integers(min_value=0, max_value=2**16 - 1), max_size=80)
OPTIONS = rule_options()


def quick(examples: int) -> settings:
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def invariants(state: TacticsState) -> None:
    """Board and unit bounds that hold after every action."""
    seen: set[tuple[int, int]] = set()
    for unit in state.units:
        if unit.hp > 0:
            assert 0 <= unit.x < 5 and 0 <= unit.y < 5, f"{unit.id} off the board"
            assert unit.pos not in seen, f"two units on {unit.pos}"
            assert unit.pos not in state.obstacles, f"{unit.id} stands on an obstacle"
            seen.add(unit.pos)
            assert unit.acted <= 2 and unit.cooldown in (0, 1, 2) and unit.shield >= 0
            assert all(r > 0 for r in unit.buffs.values()), f"{unit.id} keeps an expired buff"
        elif state.phase != "draft":
            assert unit.x == -1, f"dead {unit.id} still on the board"
    for pos, hp in state.obstacles.items():
        assert 0 < hp <= 3, f"obstacle at {pos} with {hp} HP"
    for pos, (buff, rounds) in state.tiles.items():
        assert buff in ("POWER", "LIFE", "SPEED", "WEAKNESS", "BLEED", "SLOW")
        assert 0 < rounds <= 2 and pos not in state.obstacles
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


def hooks(options: TacticsOptions) -> kit.Hooks:
    return kit.Hooks(options=options, invariants=invariants, bad_actions=bad_actions)


@quick(120)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_random_play_to_the_end_keeps_every_invariant(seed, choices, options) -> None:
    kit.check_random_playout(SPEC, seed, choices, hooks(options))


@quick(30)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_same_seed_and_actions_give_the_same_game(seed, choices, options) -> None:
    kit.check_determinism(SPEC, seed, choices, hooks(options))


@quick(30)
@given(seed=SEEDS, choices=CHOICES, other=CHOICES, options=OPTIONS)
def test_clones_are_independent_and_continue_identically(seed, choices, other, options) -> None:
    split = kit.Chooser(choices, seed).pick(40)
    kit.check_clone_independence(SPEC, seed, choices, split, other, hooks(options))


@quick(25)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(
    seed, choices, options
) -> None:
    kit.check_illegal_actions_refused(SPEC, seed, choices, hooks(options))


@quick(30)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_every_offered_action_is_accepted(seed, choices, options) -> None:
    kit.check_legal_actions_accepted(SPEC, seed, choices, hooks(options))


@quick(15)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_views_leak_nothing_hidden(seed, choices, options) -> None:
    report = kit.check_no_leaks(
        SPEC, seed, choices, kit.Hooks(options=options, scramble_attempts=3)
    )
    assert report.sentinels > 0


def test_the_rival_draft_stays_hidden_until_both_have_picked() -> None:
    state = TacticsState(5)
    pick = state.legal_actions(1)[7]
    state.apply(pick, 1)
    seen_by_0 = SPEC.view(state, 0)
    assert seen_by_0["drafted"] == [False, True]
    assert "my_draft" not in seen_by_0 and pick.hero not in str(seen_by_0["log"])
    assert SPEC.view(state, 1)["my_draft"] == pick.to_json()
    state.apply(state.legal_actions(0)[0], 0)
    assert any(e["kind"] == "draft_reveal" and e["seat"] == 1 for e in SPEC.view(state, 0)["log"])
