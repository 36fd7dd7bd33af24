"""Food Chain's own conformance hooks (`sparring.games.foodchain.conformance`), tested:
the kit runs them over random games in tests/test_every_game.py; here each hook is shown
to notice what it exists for — the hidden-card summary sees a swap of hand and deck, the
no-leak check catches views that show a rival's hand or the next draw, a scramble must
really deal again, clones must not share creatures, and the invariants catch lost cards,
cards in two zones, and marks that outlive their turn.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from sparring.core import conformance as kit
from sparring.core.compiled import is_compiled
from sparring.core.game import Secrecy
from sparring.core.rng import Rng
from sparring.games.foodchain.actions import END_PHASE, Attack
from sparring.games.foodchain.conformance import HOOKS, _arrangements, hidden_of, invariants
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.position import OnField, Side, build, uid_of
from sparring.games.foodchain.spec import SPEC
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.viewtypes import FoodChainView


def hooks(options: FoodChainOptions) -> kit.Hooks:
    return dataclasses.replace(HOOKS, options=options)


def _with_scramble(scramble: Any, **changes: Any) -> Any:
    assert SPEC.secrecy is not None
    secrecy = Secrecy(scramble_hidden=scramble, plant_sentinels=SPEC.secrecy.plant_sentinels)
    return dataclasses.replace(SPEC, secrecy=secrecy, **changes)


def test_hidden_fingerprint_sees_a_swap_of_rival_hand_and_deck() -> None:
    """The hook must notice the one thing a scramble can change early in a game: which of
    the rival's cards are in hand and which in the deck (so it cannot be vacuous)."""
    state = SPEC.new_game(11, FoodChainOptions(deck0="fish-deep", deck1="birds-raptors"))
    twin = state.clone()
    hand, deck = twin.hands[1], twin.decks[1]
    hand[0], deck[0] = deck[0], hand[0]
    assert hidden_of(twin, 0) != hidden_of(state, 0)
    assert SPEC.view(twin, 0) == SPEC.view(state, 0)
    assert SPEC.view(twin, 1).hand != SPEC.view(state, 1).hand


def test_hidden_fingerprint_is_none_when_nothing_can_be_dealt_differently() -> None:
    """Empty decks and one unseen rival card: the rival's hand is known by elimination
    (decklists are open), so there is nothing for a scramble to change."""
    state = build((Side(hand=["Axolotl", "Olm"]), Side(hand=["Cane Toad"])), active=0)
    assert state.phase == "main1"
    assert _arrangements(state, 0) == 1 and hidden_of(state, 0) is None
    state = build((Side(hand=["Axolotl", "Olm"], deck=["Hellbender"]), WAITING), active=0)
    assert _arrangements(state, 1) == 3  # any of the three may be the one in the deck
    assert hidden_of(state, 1) is None


def _spec_with_state(cls: type[FoodChainState]) -> Any:
    return dataclasses.replace(SPEC, new_game=lambda seed, options: cls(seed, options))


def _leaky_view(state: FoodChainState, seat: int | None) -> FoodChainView:
    """A view that shows the rival's hand (as a debugging aid might, in its log)."""
    out = SPEC.view(state, seat)
    if seat is not None:
        out.log.append(
            {"kind": "debug", "rival_hand": [state.defs[u].name for u in state.hands[1 - seat]]}
        )
    return out


def _deck_top_view(state: FoodChainState, seat: int | None) -> FoodChainView:
    """A view that tells a seat its next draw."""
    out = SPEC.view(state, seat)
    if seat is not None and state.decks[seat]:
        out.log.append({"kind": "debug", "next_draw": state.decks[seat][-1]})
    return out


def _json_leaky_view(state: FoodChainState, seat: int | None) -> FoodChainView:
    out = SPEC.view(state, seat)
    if seat is not None:
        debug = json.dumps([state.defs[u].name for u in state.decks[1 - seat]])
        out.log.append({"kind": "debug", "debug": debug})
    return out


def _rng_only_scramble(state: FoodChainState, seat: int, rng: Rng) -> FoodChainState:
    """A scramble that only replaces the random source's future (keeps hands and decks)."""
    twin = state.clone()
    twin.rng.reseed(rng.below(1 << 62, "scramble"))
    return twin


OPEN = FoodChainOptions(deck0="mammals-pack", deck1="reptiles-shell", turn_cap=8)


def test_kit_catches_a_view_showing_the_rival_hand() -> None:
    spec = dataclasses.replace(SPEC, view=_leaky_view)
    with pytest.raises(AssertionError, match="read hidden data"):
        kit.check_no_leaks(spec, 1, [], hooks(OPEN))


def test_kit_catches_a_view_showing_the_next_draw() -> None:
    spec = dataclasses.replace(SPEC, view=_deck_top_view)
    with pytest.raises(AssertionError, match="read hidden data"):
        kit.check_no_leaks(spec, 1, [], hooks(OPEN))


def test_kit_catches_a_sentinel_reaching_the_view() -> None:
    spec = _with_scramble(_rng_only_scramble, view=_json_leaky_view)
    with pytest.raises(AssertionError, match="sentinel"):
        kit.check_no_leaks(spec, 1, [], kit.Hooks(options=OPEN, scramble_attempts=1))


def test_kit_catches_a_scramble_that_changes_nothing() -> None:
    spec = _with_scramble(lambda s, seat, rng: s.clone())
    with pytest.raises(AssertionError, match="changed nothing hidden"):
        kit.check_no_leaks(spec, 1, [], hooks(OPEN))


def test_kit_catches_a_scramble_that_only_reseeds() -> None:
    """With the Food Chain hook, a new random future is not enough: hands and decks must
    really be dealt out again."""
    spec = _with_scramble(_rng_only_scramble)
    with pytest.raises(AssertionError, match="changed nothing hidden"):
        kit.check_no_leaks(spec, 1, [], hooks(OPEN))


@pytest.mark.skipif(is_compiled(), reason="a compiled state cannot be subclassed in Python")
def test_kit_catches_a_clone_sharing_creatures() -> None:
    class SharedCreatures(FoodChainState):
        """A clone whose creatures are the original's objects (a shallow copy of the
        fields). Defined here: the compiled build's state admits no Python subclass."""

        def clone(self) -> FoodChainState:
            twin = super().clone()
            twin.fields = [list(self.fields[0]), list(self.fields[1])]
            twin.on_field = dict(self.on_field)
            return twin

    with pytest.raises(AssertionError, match=r"changed the original|changed a sibling"):
        for seed in range(6):
            kit.check_clone_independence(
                _spec_with_state(SharedCreatures), seed, [], 8, [], hooks(OPEN)
            )


def test_invariants_catch_a_card_in_two_zones() -> None:
    state = SPEC.new_game(2, OPEN)
    state.decks[0].append(state.hands[0][0])
    with pytest.raises(AssertionError, match="two places"):
        invariants(state)


def test_invariants_catch_a_lost_card() -> None:
    state = SPEC.new_game(2, OPEN)
    state.hands[1].pop()
    with pytest.raises(AssertionError, match="in no zone"):
        invariants(state)


def test_invariants_catch_a_revealed_card_not_in_hand() -> None:
    state = SPEC.new_game(2, OPEN)
    state.revealed[0].add(state.decks[0][0])
    with pytest.raises(AssertionError, match="reveals non-hand"):
        invariants(state)


def test_invariants_catch_a_dead_creature_left_on_the_field() -> None:
    def kill_first(state: FoodChainState) -> None:
        invariants(state)
        for field in state.fields:
            for creature in field:
                creature.hp = 0
        invariants(state)

    with pytest.raises(AssertionError, match="HP 0 on the field"):
        for seed in range(10):
            kit.check_random_playout(SPEC, seed, [], kit.Hooks(options=OPEN, invariants=kill_first))


#: Seat 0 has a card to play, so a built position waits for it instead of passing the turn.
WAITING = Side(hand=["Axolotl"])


def test_invariants_catch_a_frozen_creature_that_never_thawed() -> None:
    state = build((WAITING, Side(field=[OnField("Cane Toad", frozen=True)])), active=0)
    assert state.phase == "main1" and state.turn == 3
    with pytest.raises(AssertionError, match="still Frozen"):
        invariants(state)


def test_invariants_catch_a_paralyzed_creature_that_survived_its_end_phase() -> None:
    state = build((WAITING, Side(field=[OnField("Cane Toad", paralyzed=True)])), active=0)
    assert state.phase == "main1" and state.turn == 3
    with pytest.raises(AssertionError, match="survived its own end phase"):
        invariants(state)


def test_invariants_catch_exhaustion_from_an_earlier_turn() -> None:
    state = build(
        (Side(hand=["Axolotl"], field=[OnField("Cane Toad", exhausted=True)]), Side()), active=0
    )
    assert state.phase == "main1" and state.turn == 3
    with pytest.raises(AssertionError, match="exhausted from an earlier turn"):
        invariants(state)


def test_invariants_catch_a_direct_attack_by_an_exhausted_creature() -> None:
    state = build(
        (Side(field=[OnField("Cane Toad", exhausted=True)]), Side(field=["Axolotl"])),
        active=0,
        phase="combat",
    )
    assert state.phase == "combat"
    state.events.append(("enter", -1, 0, uid_of(state, "Cane Toad"), "Cane Toad", 1, 3, False))
    invariants(state)  # the menu offers no direct attack: the toad is exhausted
    state._legal = [Attack(uid_of(state, "Cane Toad"), None), END_PHASE]
    with pytest.raises(AssertionError, match="exhausted"):
        invariants(state)
