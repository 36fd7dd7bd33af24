"""Setup (companion, "Setup"): a seeded shuffle dealt round-robin with one unit each,
50 − 5 × players units in all, the rest placed one at a time in turns (or at random),
neutral territories, and what max_units does to setup."""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.games.warfish.actions import Place
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.state import NEUTRAL, PLACE, SETUP, TRADE, WarfishState


def game(seed: int = 3, **options) -> WarfishState:
    return WarfishState(seed, WarfishOptions.from_json(options))


@pytest.mark.parametrize(
    ("players", "counts", "start"),
    [
        (2, [21, 21], 40),
        (3, [14, 14, 14], 35),
        (4, [11, 11, 10, 10], 30),
        (8, [6, 6, 5, 5, 5, 5, 5, 5], 10),
    ],
)
def test_the_deal_is_round_robin_with_one_unit_each(players, counts, start) -> None:
    state = game(players=players)
    assert state.territory_count == counts
    assert state.units == [1] * 42
    assert state.options.start_units() == start
    assert state.setup_left == [start - n for n in counts]
    assert state.phase == SETUP and state.seat == 0 and state.round == 0


def test_the_deal_follows_the_seed() -> None:
    assert game(seed=1).owner == game(seed=1).owner
    assert game(seed=1).owner != game(seed=2).owner
    assert [label for label, _ in game(seed=1).rng.log] == ["deal"] * 41


def test_setup_units_are_placed_one_at_a_time_in_turns() -> None:
    state = game()
    mine = state.owner.index(0)
    with pytest.raises(IllegalAction, match="one at a time"):
        state.apply(Place(mine, 2))
    with pytest.raises(IllegalAction, match="is not yours"):
        state.apply(Place(state.owner.index(1), 1))
    order = []
    while state.phase == SETUP:
        order.append(state.seat)
        state.apply(Place(state.owner.index(state.seat), 1))
    assert order == [0, 1] * 19
    assert state.unit_count == [40, 40]
    assert state.round == 1 and state.seat == 0 and state.phase == PLACE
    assert ("wf_setup_done", -1, "turns") in state.events


def test_setup_placement_at_random_needs_no_decisions() -> None:
    state = game(setup_placement="random")
    assert state.phase in (PLACE, TRADE) and state.round == 1
    assert state.unit_count == [40, 40]
    assert sum(1 for label, _ in state.rng.log if label == "setup_place") == 38


def test_starting_units_can_be_set() -> None:
    state = game(starting_units=30)
    assert state.setup_left == [9, 9]


def test_neutral_territories_start_with_their_units() -> None:
    state = game(neutral_territories=4, neutral_units=3)
    neutral = [t for t in range(42) if state.owner[t] == NEUTRAL]
    assert len(neutral) == 4 and all(state.units[t] == 3 for t in neutral)
    assert state.territory_count == [19, 19] and state.setup_left == [21, 21]


def test_with_max_units_one_nothing_can_ever_happen_and_the_round_cap_ends_it() -> None:
    state = game(max_units=1)
    wasted = [(e[2], e[3]) for e in state.events if e[0] == "wf_units_wasted"]
    assert wasted[:4] == [(0, 19), (1, 19), (0, 7), (1, 7)] and len(wasted) == 2 + 200
    # no decision was ever possible: 100 rounds passed turn by turn, without recursion
    assert state.phase == "over" and state.winner is None and state.round == 100


def test_a_small_map_caps_the_players() -> None:
    from sparring.core.errors import BadInput

    with pytest.raises(BadInput, match="players must be 2-4 on map 'triad'"):
        game(map="triad", players=5)
