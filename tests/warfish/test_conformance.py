"""Warfish through the generic conformance kit, driven by hypothesis, under random options
(2–8 players on the three maps, fog on and off, cards on and off, both transfer rules,
limits on attacks, transfers and units, neutrals, random setup, short round caps): random
play to the end keeps the game's invariants; same seed and actions give the same game;
clones are independent; illegal actions are refused with a reason and change nothing;
every offered action is accepted; views leak no hand, no deck, no fogged territory."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparring.core import conformance as kit
from sparring.games.warfish.actions import (
    END_TURN,
    STOP_ATTACKING,
    STOP_TRADING,
    Attack,
    Blitz,
    MoveIn,
    Place,
    Trade,
    Transfer,
)
from sparring.games.warfish.maps import load_map
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.spec import SPEC
from sparring.games.warfish.state import NEUTRAL, OVER, WarfishState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CHOICES = st.lists(st.integers(min_value=0, max_value=2**16 - 1), max_size=60)


@st.composite
def options(draw: st.DrawFn) -> WarfishOptions:
    """Random options, mostly on the small maps so a whole game stays quick."""
    name = draw(st.sampled_from(["triad", "triad", "cascade", "classic"]))
    board = load_map(name)
    players = draw(st.integers(min_value=2, max_value=board.max_players))
    neutrals = draw(st.sampled_from([0, 0, min(2, board.size - players)]))
    return WarfishOptions(
        map=name,
        players=players,
        attacks_per_turn=draw(st.sampled_from([0, 0, 1, 4])),
        transfers_per_turn=draw(st.sampled_from([0, 1, 1, 3])),
        transfer_rule=draw(st.sampled_from(["adjacent", "connected"])),
        attack_dice_sides=draw(st.sampled_from([6, 6, 8])),
        defend_dice_sides=draw(st.sampled_from([6, 6, 4])),
        cards=draw(st.booleans()),
        card_scale=draw(st.sampled_from([(4, 6, 8, 10, 12, 15), (5,), (2, 3)])),
        card_scale_continue=draw(st.sampled_from([5, 0, 1])),
        card_territory_bonus=draw(st.sampled_from([2, 0])),
        card_capture=draw(st.booleans()),
        elimination_bonus=draw(st.sampled_from([0, 3])),
        max_units=draw(st.sampled_from([0, 0, 4, 12])),
        fog=draw(st.booleans()),
        starting_units=draw(st.sampled_from([0, 0, 12])),
        setup_placement=draw(st.sampled_from(["turns", "random"])),
        neutral_territories=neutrals,
        neutral_units=draw(st.sampled_from([1, 3])),
        round_cap=draw(st.sampled_from([2, 6, 20])),
    )


#: Hand-picked mixes, so every run covers the big maps, many players and long games too.
PROFILES = [
    WarfishOptions(round_cap=6),
    WarfishOptions(players=8, fog=True, round_cap=3),
    WarfishOptions(
        map="cascade",
        players=6,
        transfer_rule="connected",
        fog=True,
        elimination_bonus=3,
        round_cap=8,
    ),
    WarfishOptions(
        map="triad",
        players=4,
        max_units=4,
        neutral_territories=2,
        setup_placement="random",
        attacks_per_turn=2,
        transfers_per_turn=3,
        round_cap=20,
    ),
    WarfishOptions(map="triad", card_scale=(2, 3), card_scale_continue=1, fog=True, round_cap=40),
    WarfishOptions(
        map="cascade",
        players=3,
        attack_dice_sides=8,
        defend_dice_sides=4,
        cards=False,
        round_cap=15,
    ),
]
OPTIONS = st.one_of(st.sampled_from(PROFILES), options())


def _small(opts: WarfishOptions) -> WarfishOptions:
    """At most 4 players and 6 rounds: the no-leak check scrambles every seat's hidden data
    at every state, which grows with players x events."""
    return replace(opts, players=min(opts.players, 4), round_cap=min(opts.round_cap, 6))


#: For the no-leak check: fog with several players on both big maps, and smaller games.
LEAK_PROFILES = [
    WarfishOptions(players=5, fog=True, round_cap=1, setup_placement="random"),
    WarfishOptions(
        map="cascade",
        players=4,
        fog=True,
        transfer_rule="connected",
        round_cap=3,
        setup_placement="random",
    ),
    *PROFILES[3:],
]
LEAK_OPTIONS = st.one_of(st.sampled_from(LEAK_PROFILES), options().map(_small))


def quick(examples: int) -> settings:
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def invariants(state: WarfishState) -> None:
    """Board, card and turn bookkeeping that hold after every action."""
    players = state.num_players
    counts = [0] * players
    totals = [0] * players
    for t, (holder, units) in enumerate(zip(state.owner, state.units, strict=True)):
        assert holder == NEUTRAL or 0 <= holder < players, f"territory {t} owner {holder}"
        moving_in = state.phase == "move_in" and state.pending[1] == t
        assert units >= 1 or (moving_in and units == 0), f"territory {t} has {units} units"
        if state.options.max_units:
            assert units <= state.options.max_units, f"territory {t} over max_units"
        if holder >= 0:
            counts[holder] += 1
            totals[holder] += units
    assert counts == state.territory_count, "territory counts out of step"
    assert totals == state.unit_count, "unit counts out of step"
    for seat in range(players):
        assert state.alive[seat] == (counts[seat] > 0), f"seat {seat} alive/territories differ"
    if state.options.cards:
        every = sorted(state.deck + state.discard + [c for h in state.hands for c in h])
        assert every == list(range(state.map.size + 2)), "a card was lost or duplicated"
        assert state.deck == sorted(state.deck), "the deck is kept sorted"
    else:
        assert not state.deck and not any(state.hands)
    assert state.round <= state.options.round_cap
    if state.phase == OVER:
        assert state.pending is None
        if state.winner is not None:
            assert state.alive[state.winner]
    else:
        assert state.alive[state.seat], "a dead seat is to move"
        assert len(state.legal_actions()) > 0


def bad_actions(state: WarfishState, seat: int) -> list[object]:
    size = state.map.size
    return [
        Place(size, 1),
        Place(0, 0),
        Place(0, -3),
        Trade((0, 1, 2)),
        Trade((size, size + 1, 0)),
        Attack(0, 0, 1),
        Attack(0, 1, 4),
        Blitz(size - 1, size),
        MoveIn(0),
        MoveIn(10_000),
        Transfer(0, 0, 1),
        Transfer(0, 1, 10_000),
        STOP_TRADING,
        STOP_ATTACKING,
        END_TURN,
    ]


def hooks(opts: WarfishOptions, **extra: object) -> kit.Hooks:
    return kit.Hooks(
        options=opts, invariants=invariants, bad_actions=bad_actions, max_steps=20_000, **extra
    )


@quick(60)
@given(seed=SEEDS, choices=CHOICES, opts=OPTIONS)
def test_random_play_to_the_end_keeps_every_invariant(seed, choices, opts) -> None:
    kit.check_random_playout(SPEC, seed, choices, hooks(opts))


@quick(12)
@given(seed=SEEDS, choices=CHOICES, opts=OPTIONS)
def test_same_seed_and_actions_give_the_same_game(seed, choices, opts) -> None:
    kit.check_determinism(SPEC, seed, choices, hooks(opts))


@quick(30)
@given(seed=SEEDS, choices=CHOICES, other=CHOICES, opts=OPTIONS)
def test_clones_are_independent_and_continue_identically(seed, choices, other, opts) -> None:
    split = kit.Chooser(choices, seed).pick(120)
    kit.check_clone_independence(SPEC, seed, choices, split, other, hooks(opts))


@quick(10)
@given(seed=SEEDS, choices=CHOICES, opts=OPTIONS)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(seed, choices, opts) -> None:
    kit.check_illegal_actions_refused(SPEC, seed, choices, hooks(opts, illegal_per_state=12))


@quick(30)
@given(seed=SEEDS, choices=CHOICES, opts=OPTIONS)
def test_every_offered_action_is_accepted(seed, choices, opts) -> None:
    kit.check_legal_actions_accepted(SPEC, seed, choices, hooks(opts, legal_per_state=24))


@quick(8)
@given(seed=SEEDS, choices=CHOICES, opts=LEAK_OPTIONS)
def test_views_leak_nothing_hidden(seed, choices, opts) -> None:
    report = kit.check_no_leaks(SPEC, seed, choices, hooks(opts, scramble_attempts=2))
    assert report.sentinels > 0 and report.hidden_changed == report.hidden_checked
