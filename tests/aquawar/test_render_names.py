"""A seat's rendered view names fish by species exactly where the seat knows them: its own
team always, an enemy fish once a right assertion has revealed it, and by position
("enemy fish 2") before that."""

from __future__ import annotations

import re

from sparring.games.aquawar.agents import RandomAgent
from sparring.games.aquawar.render import fish_label, render_view
from sparring.games.aquawar.state import ACT, AquawarState
from sparring.games.aquawar.views import view


def _mid_round_states(seed: int) -> list[AquawarState]:
    """Clones of a random match at every decision of the action phase."""
    state = AquawarState(seed)
    agents = [RandomAgent(seat, seed + seat) for seat in range(2)]
    seen = []
    while not state.is_terminal():
        for seat in state.to_move():
            if state.phase == ACT:
                seen.append(state.clone())
            state.apply(agents[seat].act(view(state, seat), state.legal_actions(seat)), seat)
            if state.is_terminal():
                break
    return seen


def test_a_seat_reads_its_own_fish_by_name_and_a_hidden_enemy_fish_by_position() -> None:
    named_enemies = by_position = named_own = 0
    for seed in range(3):
        for state in _mid_round_states(seed)[::5]:
            seat = state.seat
            text = render_view(view(state, seat), log_lines=0)
            enemy = state.teams[1 - seat]
            for pos, fish in enumerate(enemy):
                if fish.revealed:
                    named_enemies += f"enemy {fish_label(fish.kind)}" in text
                else:
                    assert f"enemy {fish_label(fish.kind)}" not in text
                    by_position += f"enemy fish {pos}" in text
            assert not re.search(r"your fish \d", text)
            named_own += any(f"your {fish_label(f.kind)}" in text for f in state.teams[seat])
    assert named_enemies and by_position and named_own
