"""Liar's Dice's encoding: one index per bid and call, features seen from the observer."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from sparring import rl
from sparring.games.liarsdice.actions import CHALLENGE, Bid
from sparring.games.liarsdice.encoding import LiarsDiceEncoding
from sparring.games.liarsdice.options import LiarsDiceOptions


def test_bids_and_calls_index_the_table() -> None:
    encoding = LiarsDiceEncoding(LiarsDiceOptions(players=2, dice=3))
    assert len(encoding.action_names) == 6 * 6 + 2
    assert encoding.path(Bid(3, 4)) == (2 * 6 + 3,)
    assert encoding.action_names[15] == "3 fours"
    assert encoding.action_names[encoding.path(CHALLENGE)[0]] == "challenge"


def test_a_bid_played_through_the_env_is_the_table_entry() -> None:
    env = rl.env("liarsdice", players=2, dice=3)
    env.reset(seed=4)
    mover = env.table.to_move()[0]
    env.step(2 * 6 + 3)
    last = env.table.state.bids[-1]
    assert (last.seat, last.quantity, last.face) == (mover, 3, 4)


def test_my_dice_are_counted_by_face() -> None:
    env = rl.env("liarsdice", players=2, dice=3)
    env.reset(seed=4)
    seat = env.table.to_move()[0]
    observation, *_ = env.last()
    hand = env.table.state.hands[seat]
    for face in range(1, 7):
        assert observation["observation"][face - 1] == pytest.approx(hand.count(face) / 3)
