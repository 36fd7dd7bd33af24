"""What the engine keeps instead of scanning agrees with a scan at every step of whole
games: each seat's territories (`Holdings`, moved one entry per capture)."""

from __future__ import annotations

import pytest

from sparring.agents.uniform import UniformRandomAgent
from sparring.games.warfish.greedy import GreedyAgent
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.state import WarfishState
from sparring.games.warfish.views import lean_view

MAPS_AND_PLAYERS = [("classic", 2), ("classic", 4), ("cascade", 3)]


@pytest.mark.parametrize(("board", "players"), MAPS_AND_PLAYERS)
@pytest.mark.parametrize("agent", ["greedy", "random"])
def test_kept_territories_match_a_scan_of_the_board(board: str, players: int, agent: str) -> None:
    for seed in range(4):
        options = WarfishOptions.from_json({"map": board, "players": players})
        state = WarfishState(seed, options)
        make = GreedyAgent if agent == "greedy" else UniformRandomAgent
        agents = [make(seat, seed * 10 + seat) for seat in range(players)]
        while not state.is_terminal():
            seat = state.seat
            action = agents[seat].act(lean_view(state, seat), state.legal_actions())
            state.apply(action, seat)
            for s in range(players):
                assert state.holdings.of[s] == [t for t, o in enumerate(state.owner) if o == s]


def test_a_forfeit_hands_the_seats_territories_to_nobody_in_the_kept_lists() -> None:
    state = WarfishState(3, WarfishOptions.from_json({"players": 3, "setup_placement": "random"}))
    held = list(state.holdings.of[1])
    state.forfeit(1, "left the table")
    assert held and state.holdings.of[1] == []
    assert all(state.owner[t] == -1 for t in held)
    assert state.holdings.of[0] == [t for t, o in enumerate(state.owner) if o == 0]
