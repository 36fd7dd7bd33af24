"""Aquawar's own conformance hooks (`sparring.games.aquawar.conformance`), tested: the kit
runs them over random matches in tests/test_every_game.py; here each is shown to notice
what it exists for — the hidden summary catches a view showing the enemy's ATK, a scramble
must really change the enemy's fish, and the invariants catch a broken fish or flow."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from sparring.core import conformance as kit
from sparring.core.game import Secrecy
from sparring.games.aquawar.conformance import HOOKS, hidden_of, invariants
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.state import AquawarState


def _leaky_view(state: AquawarState, seat: int | None) -> Any:
    out = SPEC.view(state, seat)
    if seat is not None and state.teams[1 - seat]:
        out.log.append({"kind": "peek", "enemy_atk": [f.atk for f in state.teams[1 - seat]]})
    return out


def _started(seed: int = 4) -> AquawarState:
    state = SPEC.new_game(seed, None)
    for seat in (0, 1):
        state.apply(state.legal_actions(seat)[seed], seat)
    return state


def test_kit_catches_a_view_showing_enemy_atk() -> None:
    spec = dataclasses.replace(SPEC, view=_leaky_view)
    with pytest.raises(AssertionError, match="read hidden data"):
        kit.check_no_leaks(spec, 1, [], HOOKS)


def test_kit_catches_a_scramble_that_keeps_the_enemy_fish() -> None:
    assert SPEC.secrecy is not None
    keep = Secrecy(
        scramble_hidden=lambda state, seat, rng: state.clone(),
        plant_sentinels=SPEC.secrecy.plant_sentinels,
    )
    with pytest.raises(AssertionError, match="changed nothing hidden"):
        kit.check_no_leaks(dataclasses.replace(SPEC, secrecy=keep), 1, [], HOOKS)


def test_the_hidden_summary_sees_the_enemy_pick_and_then_its_fish() -> None:
    state = SPEC.new_game(2, None)
    assert hidden_of(state, 0) is None  # nothing picked yet: nothing hidden
    state.apply(state.legal_actions(1)[3], 1)
    assert hidden_of(state, 0) is not None and hidden_of(state, 1) is None
    state = _started()
    twin = state.clone()
    twin.teams[1][0].atk += 20
    assert hidden_of(twin, 0) != hidden_of(state, 0)
    assert hidden_of(twin, 1) == hidden_of(state, 1)


def test_invariants_catch_hp_above_the_maximum() -> None:
    state = _started()
    state.teams[0][1].hp = 401
    with pytest.raises(AssertionError, match="HP 401 outside"):
        invariants(state)


def test_invariants_catch_a_fish_picked_twice_in_a_match() -> None:
    state = _started()
    state.used[0] = state.used[0] | {state.teams[1][0].kind + 100}
    with pytest.raises(AssertionError, match="used"):
        invariants(state)
