"""`apply` in the platform's one shape (`core.engine.Engine`): the match must not be over,
the seat must be one to move, and an action off the seat's menu is refused with the
rules' reason; a refused action changes nothing, and the handler for the action's type
plays an accepted one."""

from __future__ import annotations

from typing import Any

import pytest

from sparring.core.conformance import fingerprint
from sparring.core.errors import IllegalAction
from sparring.games.aquawar.actions import PASS, Assert, Attack, Pick, Skill
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.state import AquawarState

from .helpers import ARCHER, GREATWHITE, HAMMERHEAD, PUFFER, SEAWOLF, position, tune

PLAIN = [ARCHER, PUFFER, HAMMERHEAD, GREATWHITE]


def refused(state: AquawarState, action: Any, seat: int | None) -> str:
    """The reason `action` is refused for `seat`, checking that nothing changed."""
    before = fingerprint(SPEC, state)
    with pytest.raises(IllegalAction) as refusal:
        state.apply(action, seat)
    assert fingerprint(SPEC, state) == before
    return str(refusal.value)


def test_picks_refused_say_whose_pick_and_what_is_wrong() -> None:
    state = AquawarState(3)
    assert refused(state, Pick((1, 2, 3, 4)), 2) == "there is no seat 2"
    assert "is not a pick: both seats pick 4 fish first" in refused(state, PASS, 0)
    assert refused(state, Pick((1, 1, 2, 3)), 0) == "a pick is 4 different fish"
    state.apply(Pick((1, 2, 3, 4)), 0)
    assert refused(state, Pick((5, 6, 7, 8)), 0) == "seat 0 has already picked this round"
    state.apply(Pick((5, 6, 7, 8)))  # no seat given: the one still to pick
    assert [f.kind for f in state.teams[1]] == [5, 6, 7, 8]


def test_turn_actions_refused_name_the_seat_phase_and_fish() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, GREATWHITE], phase="assert")
    tune(state.teams[1][2], hp=0)
    assert refused(state, PASS, 1) == "it is seat 0's turn, not seat 1's"
    assert "is not an assertion" in refused(state, Attack(0, 0), 0)
    assert refused(state, Assert(2, SEAWOLF), 0) == "enemy fish 2 is dead and cannot be asserted"
    assert refused(state, Assert(7, SEAWOLF), 0) == "there is no enemy fish 7: positions are 0-3"
    state.apply(PASS, 0)
    assert "is not a turn action: attack or use a skill" in refused(state, PASS, 0)
    assert refused(state, Attack(0, 2), 0) == "enemy fish 2 is dead"
    assert refused(state, Attack(9, 0), 0) == "there is no own fish 9: positions are 0-3"
    assert refused(state, Attack(0, 9), 0) == "there is no enemy fish 9: positions are 0-3"
    assert refused(state, Skill(0, 1), 0) == "fish 0's skill takes no targets"
    state.apply(Attack(0, 0))  # no seat given: the seat to move
    assert (state.phase, state.seat) == ("assert", 1)


def test_nothing_is_accepted_once_the_match_is_over() -> None:
    state = AquawarState(5)
    state.forfeit(0, "time-out")
    assert refused(state, Pick((1, 2, 3, 4)), 1) == "the game is over"
