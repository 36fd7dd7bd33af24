"""Views are pure: making any seat's view (or a spectator's), rendering it and reading the
live status line from it write nothing into the state — no cache, no draw, no event."""

from __future__ import annotations

import pickle

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparring.core.rng import Rng
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.render import render_view
from sparring.games.tactics.spec import status_line
from sparring.games.tactics.state import TacticsState
from sparring.games.tactics.views import view

from .helpers import rule_options


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choices=st.integers(min_value=0, max_value=2**32 - 1),
    options=rule_options(),
)
def test_a_view_leaves_the_state_byte_for_byte_as_it_was(
    seed: int, choices: int, options: TacticsOptions
) -> None:
    """At every decision of a random game (the draft, activations, death choices, a round
    end waiting for one), with the legal actions computed or not, the state pickles to the
    same bytes before and after every view of it."""
    state = TacticsState(seed, options)
    pick = Rng(choices)
    while not state.is_terminal():
        seat = state.to_move()[0]
        for cached in (False, True):
            if cached:
                state.legal_actions(seat)
            before = pickle.dumps(state)
            for viewer in (0, 1, None):
                seen = view(state, viewer)
                render_view(seen)
                status_line(seen)
            assert pickle.dumps(state) == before
        legal = list(state.legal_actions(seat))
        state.apply(legal[pick.below(len(legal), "test")], seat)
