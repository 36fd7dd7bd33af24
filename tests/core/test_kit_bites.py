"""The conformance kit bites: each check fails, with its own message, on a toy game broken
in exactly the way that check exists to catch. A green run of the kit over the real games
means something only because of these."""

from __future__ import annotations

import dataclasses
import json
import os
from typing import Any

import pytest

from sparring.core import conformance as kit
from sparring.core.errors import IllegalAction
from sparring.core.game import GameFacts, Search, Secrecy
from sparring.core.rng import Rng
from tests import toy_game as toy
from tests.toy_game import Bid, ToyState

HOOKS = kit.Hooks()


def _with_state(cls: type[ToyState], **changes: Any) -> Any:
    return toy.spec(new_game=lambda seed, options: cls(seed, options), **changes)


def test_the_toy_game_passes_every_check() -> None:
    for seed in range(6):
        kit.check_all(toy.spec(search=Search(lean_view=_lean)), seed, [seed, 1, 2])


# --------------------------------------------------------------------- clones


class _SharedCards(ToyState):
    def clone(self) -> ToyState:
        twin = super().clone()
        twin.cards = self.cards
        return twin


def test_kit_catches_a_clone_sharing_state() -> None:
    with pytest.raises(AssertionError, match=r"changed the original|changed a sibling"):
        kit.check_clone_independence(_with_state(_SharedCards), 3, [], 1, [], HOOKS)


# --------------------------------------------------------------------- refusals


class _DirtyRefusal(ToyState):
    """Refuses illegal actions, but only after scribbling on the log."""

    def apply(self, action: Any, player: int | None = None) -> None:
        mark = len(self.events)
        try:
            super().apply(action, player)
        except IllegalAction:
            if len(self.events) == mark:
                self.events.append(("toy_bid", -1, 0))
            raise


class _SilentRefusal(ToyState):
    def apply(self, action: Any, player: int | None = None) -> None:
        try:
            super().apply(action, player)
        except IllegalAction as error:
            raise IllegalAction("") from error


class _CrashingRefusal(ToyState):
    def apply(self, action: Any, player: int | None = None) -> None:
        if not isinstance(action, Bid):
            raise ValueError("not a bid")
        super().apply(action, player)


class _Lenient(ToyState):
    """Accepts any bid amount."""

    def apply(self, action: Any, player: int | None = None) -> None:
        if isinstance(action, Bid) and action.amount not in toy.BIDS:
            action = toy.BID_ACTIONS[0]
        super().apply(action, player)


def test_kit_catches_a_refusal_that_changes_the_state() -> None:
    with pytest.raises(AssertionError, match="changed the state"):
        kit.check_illegal_actions_refused(_with_state(_DirtyRefusal), 3, [], HOOKS)


def test_kit_catches_a_refusal_without_a_reason() -> None:
    with pytest.raises(AssertionError, match="without a reason"):
        kit.check_illegal_actions_refused(_with_state(_SilentRefusal), 3, [], HOOKS)


def test_kit_catches_a_refusal_that_crashes() -> None:
    hooks = kit.Hooks(bad_actions=lambda state, seat: [None])
    with pytest.raises(AssertionError, match="instead of IllegalAction"):
        kit.check_illegal_actions_refused(_with_state(_CrashingRefusal), 3, [], hooks)


def test_kit_catches_an_illegal_action_accepted() -> None:
    hooks = kit.Hooks(bad_actions=lambda state, seat: [Bid(7)])
    with pytest.raises(AssertionError, match="was accepted"):
        kit.check_illegal_actions_refused(_with_state(_Lenient), 3, [], hooks)


class _StaleMenu(ToyState):
    def legal_actions(self, player: int | None = None) -> Any:
        legal = super().legal_actions(player)
        return (*legal, Bid(3)) if legal else legal


def test_kit_catches_an_offered_action_that_is_refused() -> None:
    with pytest.raises(AssertionError, match="listed as legal"):
        kit.check_legal_actions_accepted(_with_state(_StaleMenu), 3, [], HOOKS)


# --------------------------------------------------------------------- determinism


class _PrivateRandom(ToyState):
    """Deals from a generator nobody seeded: not reproducible."""

    def __init__(self, seed: int, options: Any = None) -> None:
        super().__init__(int.from_bytes(os.urandom(8), "little"), options)


def test_kit_catches_an_unseeded_game() -> None:
    with pytest.raises(AssertionError, match="seed 0: step 0"):
        kit.check_determinism(_with_state(_PrivateRandom), 0, [], HOOKS)


def test_kit_catches_an_action_that_does_not_round_trip() -> None:
    spec = toy.spec(action_from_json=lambda data: toy.BID_ACTIONS[0])
    with pytest.raises(AssertionError, match="does not round-trip"):
        kit.check_random_playout(spec, 3, [2, 2], HOOKS)


# --------------------------------------------------------------------- random play


def test_kit_catches_a_broken_invariant() -> None:
    def never_a_point(state: ToyState) -> None:
        assert state.points == [0, 0], "a point was scored"

    with pytest.raises(AssertionError, match="a point was scored"):
        for seed in range(4):
            kit.check_random_playout(toy.spec(), seed, [], kit.Hooks(invariants=never_a_point))


def test_kit_catches_a_game_longer_than_its_declared_bound() -> None:
    spec = toy.spec(facts=GameFacts(2, 2, True, True, True, max_decisions=3))
    with pytest.raises(AssertionError, match="did not end within its bound of 3"):
        kit.check_random_playout(spec, 3, [], HOOKS)


def test_kit_catches_undeclared_simultaneous_moves() -> None:
    spec = toy.spec(facts=GameFacts(2, 2, True, True, False, 6))
    with pytest.raises(AssertionError, match="no simultaneous moves declared"):
        kit.check_random_playout(spec, 3, [], HOOKS)


def test_kit_catches_undeclared_chance() -> None:
    spec = toy.spec(facts=GameFacts(2, 2, False, True, True, 6))
    with pytest.raises(AssertionError, match="no chance declared"):
        kit.check_random_playout(spec, 3, [], HOOKS)


def test_kit_catches_a_player_count_outside_the_declared_range() -> None:
    spec = toy.spec(facts=GameFacts(3, 4, True, True, True, 6))
    with pytest.raises(AssertionError, match="declares 3-4"):
        kit.check_random_playout(spec, 3, [], HOOKS)


def _lean(state: ToyState, seat: int | None) -> dict[str, Any]:
    return {key: value for key, value in toy.view(state, seat).to_json().items() if key != "log"}


def test_kit_catches_a_lean_view_that_is_not_the_view_without_its_log() -> None:
    def leaner(state: ToyState, seat: int | None) -> dict[str, Any]:
        return {**_lean(state, seat), "points": None}

    with pytest.raises(AssertionError, match="lean view"):
        kit.check_random_playout(toy.spec(search=Search(lean_view=leaner)), 3, [], HOOKS)


def test_kit_catches_a_lean_view_that_still_carries_the_log() -> None:
    def full(state: ToyState, seat: int | None) -> dict[str, Any]:
        return toy.view(state, seat).to_json()

    with pytest.raises(AssertionError, match="carries a log"):
        kit.check_random_playout(toy.spec(search=Search(lean_view=full)), 3, [], HOOKS)


class _ForfeitAsRules(ToyState):
    def forfeit(self, seat: int, reason: str) -> None:
        super().forfeit(seat, reason)
        self.reason = toy.EndReason.RULES


class _NoOutcome(ToyState):
    def outcome(self) -> Any:
        return None


class _TwistedOutcome(ToyState):
    def outcome(self) -> Any:
        ended = super().outcome()
        return None if ended is None else dataclasses.replace(ended, returns=(0.0, 0.0))


def test_kit_catches_a_forfeit_reported_as_an_ordinary_end() -> None:
    with pytest.raises(AssertionError, match="not a forfeit"):
        kit.check_forfeits(_with_state(_ForfeitAsRules), 3, [1], HOOKS)


def test_kit_catches_a_finished_game_without_an_outcome() -> None:
    with pytest.raises(AssertionError, match="has no outcome"):
        kit.check_random_playout(_with_state(_NoOutcome), 3, [], HOOKS)


def test_kit_catches_an_outcome_that_disagrees_with_the_returns() -> None:
    with pytest.raises(AssertionError, match="disagree"):
        for seed in range(6):
            kit.check_random_playout(_with_state(_TwistedOutcome), seed, [], HOOKS)


# --------------------------------------------------------------------- no leaks


class _LeakyView(toy.View):
    """The toy's view with one field too many, as a debugging aid might add."""

    extra: Any = None


def _leaky_view(state: ToyState, seat: int | None) -> _LeakyView:
    seen = toy.view(state, seat).to_json()
    return _LeakyView(**seen, extra=None if seat is None else state.cards[1 - seat])


def _json_leaky_view(state: ToyState, seat: int | None) -> _LeakyView:
    seen = toy.view(state, seat).to_json()
    debug = None if seat is None else json.dumps({"rival": state.cards[1 - seat]})
    return _LeakyView(**seen, extra=debug)


def test_kit_catches_a_view_showing_hidden_data() -> None:
    with pytest.raises(AssertionError, match="read hidden data"):
        kit.check_no_leaks(toy.spec(view=_leaky_view), 1, [], HOOKS)


def test_kit_catches_a_sentinel_reaching_the_view() -> None:
    """A scramble too weak to notice the leak; the planted sentinel still gives it away."""

    def reseed_only(state: ToyState, seat: int, rng: Rng) -> ToyState:
        twin = state.clone()
        twin.rng.reseed(rng.below(1 << 62, "scramble"))
        return twin

    secrecy = Secrecy(scramble_hidden=reseed_only, plant_sentinels=toy.plant_sentinels)
    spec = toy.spec(view=_json_leaky_view, secrecy=secrecy)
    with pytest.raises(AssertionError, match="sentinel"):
        kit.check_no_leaks(spec, 1, [], kit.Hooks(scramble_attempts=1))


def test_kit_catches_a_scramble_that_changes_nothing() -> None:
    secrecy = Secrecy(
        scramble_hidden=lambda state, seat, rng: state.clone(),
        plant_sentinels=toy.plant_sentinels,
    )
    with pytest.raises(AssertionError, match="changed nothing hidden"):
        kit.check_no_leaks(toy.spec(secrecy=secrecy), 1, [], HOOKS)


def test_kit_catches_a_sentinel_plant_that_plants_nothing() -> None:
    secrecy = Secrecy(
        scramble_hidden=toy.scramble_hidden, plant_sentinels=lambda state, seat: (state, [])
    )
    with pytest.raises(AssertionError, match="planted nothing"):
        kit.check_no_leaks(toy.spec(secrecy=secrecy), 1, [], HOOKS)


# --------------------------------------------------------------------- determinization


def test_kit_catches_a_determinization_that_shows_its_seat_something_else() -> None:
    def careless(seen: dict[str, Any], rng: Rng) -> ToyState:
        return ToyState(rng.below(1 << 30, "sample"))

    spec = toy.spec(search=Search(determinize=careless))
    with pytest.raises(AssertionError, match="determinized state shows its seat"):
        kit.check_determinization(spec, 1, [], HOOKS)


def test_kit_catches_a_view_that_is_not_the_declared_type() -> None:
    with pytest.raises(AssertionError, match="not <class"):
        kit.check_random_playout(
            toy.spec(view=lambda s, seat: toy.view(s, seat).to_json()), 3, [], HOOKS
        )


def test_kit_catches_a_view_that_does_not_round_trip() -> None:
    def tupled(state: ToyState, seat: int | None) -> toy.View:
        seen = toy.view(state, seat)
        seen.points = tuple(seen.points)  # type: ignore[assignment]  # the defect under test
        return seen

    with pytest.raises(AssertionError, match="does not round-trip"):
        kit.check_random_playout(toy.spec(view=tupled), 3, [], HOOKS)


def test_options_drawn_for_the_kit_come_from_the_seed() -> None:
    hooks = kit.Hooks(random_options=lambda draw: toy.Options(rounds=draw.integer(1, 50)))
    drawn = [hooks.with_options(seed).options for seed in range(20)]
    assert drawn == [hooks.with_options(seed).options for seed in range(20)]
    assert len({options.rounds for options in drawn}) > 5
    assert dataclasses.replace(hooks, random_options=None).with_options(3).options is None
