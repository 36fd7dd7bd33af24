"""Every chance of 5×5 Tactics, measured: each test plays the real, unscripted generator
over many fixed seeds (one game per seed) and checks the measured frequency against the
rule's probability, within 5 binomial standard errors. Fixed seeds keep the tests
deterministic; 5 σ keeps them from failing by bad luck while a probability off by a few
points (50 % played as 40 %, one outcome of six never drawn) fails.

The draws (docs/games/tactics.md, "Random draws"): `tile_buff` (a buff tile's buff,
uniform over six), `blast_debuff` (Elemental Blast, 50 %), `wild_debuff` (Wild Magic,
33 % per enemy), `debuff` (which debuff, uniform over three), `cleanse` (Trinity, uniform
over the debuffs present), `draft_fill` (a timed-out draft, uniform over every draft).
Who opens round 1 is no chance: seat 0, whatever the seed.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable
from typing import Any

from sparring.core.rng import Rng
from sparring.games.tactics.actions import BUFF_TILE, Attack, Skill
from sparring.games.tactics.data import DATA
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.state import TILE_BUFFS, TacticsState

from .helpers import arrange, battle, events, give, unit

SIGMAS = 5
DEBUFFS = ("WEAKNESS", "BLEED", "SLOW")
CLEANSABLE = ("WEAKNESS", "BLEED", "SLOW", "BLIND", "DEATH_MARK", "CHALLENGE")
LABELS = {"tile_buff", "blast_debuff", "wild_debuff", "debuff", "cleanse", "draft_fill"}


def assert_rate(hits: int, trials: int, p: float, what: str) -> None:
    """`hits` of `trials` is within SIGMAS binomial standard errors of probability `p`."""
    sigma = math.sqrt(p * (1 - p) / trials)
    rate = hits / trials
    assert abs(rate - p) <= SIGMAS * sigma, (
        f"{what}: measured {rate:.4f} over {trials} trials, expected {p:.4f} ± {SIGMAS * sigma:.4f}"
    )


def assert_uniform(counts: Counter[Any], outcomes: Iterable[Hashable], what: str) -> None:
    """Every outcome, and nothing else, at 1/len(outcomes) of the draws."""
    outcomes = list(outcomes)
    unexpected = set(counts) - set(outcomes)
    assert not unexpected, f"{what}: unexpected outcomes {unexpected}"
    trials = sum(counts.values())
    for outcome in outcomes:
        assert_rate(counts[outcome], trials, 1 / len(outcomes), f"{what} = {outcome}")


def debuffs_gained(state: TacticsState, since: int, seat: int) -> list[str]:
    """The random debuffs `seat`'s units gained since event `since`, in order."""
    seats = {u.id: u.seat for u in state.units}
    return [
        e["buff"]
        for e in events(state, "buff", since)
        if seats[e["unit"]] == seat and e["buff"] in DEBUFFS
    ]


def test_elemental_blast_debuffs_the_receiver_half_the_time_with_each_debuff_alike() -> None:
    """Elemental Blast (companion §11): "then a 50 % chance" of a random debuff, one of
    Weakness, Bleed, Slow with equal odds. 5,000 casts, one per seed."""
    casts, gained = 5000, Counter[str]()
    for seed in range(casts):
        state = battle("mage_elemental_blast", seed=seed)
        arrange(state, p2_hero=(2, 2))
        since = len(state.events)
        state.apply(Skill("p1_hero", 2, 2), 0)
        gained.update(debuffs_gained(state, since, 1))
    assert_rate(sum(gained.values()), casts, 0.5, "Elemental Blast debuff")
    assert_uniform(gained, DEBUFFS, "Elemental Blast's debuff")


def test_wild_magic_debuffs_each_enemy_a_third_of_the_time() -> None:
    """Wild Magic (companion §11): each enemy hit has a 33 % chance of a random debuff,
    each of the three alike. 4,000 casts on three enemies each."""
    casts, gained = 4000, Counter[str]()
    for seed in range(casts):
        state = battle("mage_wild_magic", seed=seed)
        since = len(state.events)
        state.apply(Skill("p1_hero", 2, 0), 0)
        gained.update(debuffs_gained(state, since, 1))
    assert_rate(sum(gained.values()), 3 * casts, 0.33, "Wild Magic debuff per enemy")
    assert_uniform(gained, DEBUFFS, "Wild Magic's debuff")


def test_a_buff_tile_holds_each_of_the_six_tile_buffs_alike() -> None:
    """Ruling A6: the buff is drawn when the tile appears, uniform over the six tile
    buffs. 3,000 tiles left by a minion killed in battle, one per seed."""
    counts = Counter[str]()
    for seed in range(3000):
        state = battle(seed=seed)
        arrange(state, p2_minion_1=(4, 2))
        unit(state, "p2_minion_1").hp = 1
        state.apply(Attack("p1_minion_2", 4, 2), 0)
        state.apply(BUFF_TILE, 1)
        counts[state.tiles[(4, 2)][0]] += 1
    assert_uniform(counts, TILE_BUFFS, "tile buff")


def test_trinity_cleanses_each_present_debuff_alike() -> None:
    """Trinity (companion §11): one random debuff of the target's is removed, each present
    one alike. The Cleric's TANK, next to it, carries all six cleansable ones; 3,000
    casts."""
    counts = Counter[str]()
    for seed in range(3000):
        state = battle("cleric_trinity", seed=seed)
        arrange(state, p1_minion_1=(2, 1))
        for status in CLEANSABLE:
            give(state, "p1_minion_1", status)
        state.apply(Skill("p1_hero", 2, 1), 0)
        (removed,) = set(CLEANSABLE) - set(unit(state, "p1_minion_1").buffs)
        counts[removed] += 1
    assert_uniform(counts, CLEANSABLE, "Trinity's cleanse")


def test_a_timed_out_draft_is_each_legal_draft_alike() -> None:
    """Companion §4: a draft not made in time is filled at random; ours draws the whole
    draft, uniform over the 108 legal drafts (and so over classes and minion pairs too).
    10,800 time-outs, one per seed."""
    drafts = Counter[Any]()
    for seed in range(10_800):
        state = TacticsState(seed)
        state.timeout(0)
        drafts[state.drafts[0]] += 1
    legal = DATA.draft_options(distinct=True)
    assert len(legal) == 108
    assert_uniform(drafts, legal, "draft")
    classes = Counter[str]()
    for draft, count in drafts.items():
        classes[draft.hero] += count
    assert_uniform(classes, DATA.classes, "drafted class")


def test_seat_zero_opens_round_one_whatever_the_seed() -> None:
    """Who starts is no chance (companion §1: P1 acts first in round 1)."""
    for seed in range(200):
        state = battle(seed=seed)
        assert events(state, "round_begin") == [{"kind": "round_begin", "round": 1, "seat": 0}]


def test_the_game_draws_only_the_measured_labels() -> None:
    """Every label the game draws, under any options, is one of the chances measured
    here: a new chance without a frequency test fails this test."""
    drawn: set[str] = set()
    options = [
        TacticsOptions(),
        TacticsOptions(slow_resolution="round_end", system_death_spawn="parity"),
        TacticsOptions(distinct_minions=False, movement="path", death_chooser="killer"),
    ]
    for seed, rules in enumerate(options * 20):
        state = TacticsState(seed, rules)
        pick = Rng(seed + 1000)
        while not state.is_terminal():
            seat = state.to_move()[0]
            if state.phase == "draft" and seed % 3 == 0:
                state.timeout(seat)
                continue
            legal = list(state.legal_actions(seat))
            state.apply(legal[pick.below(len(legal), "test")], seat)
        drawn |= {label for label, _ in state.rng.log}
    assert drawn <= LABELS, drawn - LABELS
