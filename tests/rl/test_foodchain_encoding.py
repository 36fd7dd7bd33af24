"""Food Chain's encoding: cards named by the slot the observer sees them in."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from sparring import rl
from sparring.games.foodchain.actions import Play
from sparring.games.foodchain.encoding import (
    CARD_SIZE,
    HEADER_SIZE,
    CardPaths,
    FoodChainEncoding,
)


def _names(path: tuple[int, ...]) -> list[str]:
    return [FoodChainEncoding.action_names[index] for index in path]


def test_a_card_in_hand_is_played_by_its_hand_slot() -> None:
    env = rl.env("foodchain")
    env.reset(seed=6)
    table = env.table
    seat = table.to_move()[0]
    view = table.view_of(table.state, seat)
    plays = [a for a in table.state.legal_actions(seat) if isinstance(a, Play)]
    assert plays
    hand = [card.card for card in view.hand]
    play = plays[-1]
    assert _names(CardPaths(view).path(play)) == ["play", f"hand {hand.index(play.card)}"]
    env.step(CardPaths(view).path(play)[0])
    env.step(CardPaths(view).path(play)[1])
    assert play.card not in [card.card for card in table.view_of(table.state, seat).hand]


def test_hand_slots_show_the_cards_present() -> None:
    env = rl.env("foodchain")
    env.reset(seed=6)
    seat = env.table.to_move()[0]
    observation, *_ = env.last()
    view = env.table.view_of(env.table.state, seat)
    present = observation["observation"][HEADER_SIZE : HEADER_SIZE + 10 * CARD_SIZE : CARD_SIZE]
    assert np.array_equal(present, [1.0] * len(view.hand) + [0.0] * (10 - len(view.hand)))
