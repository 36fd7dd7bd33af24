"""The one shape of `apply` (`core.engine.Engine`) and typed messages (`core.messages`),
on the toy game: each refusal says why and changes nothing; actions and options decode
from JSON with clear errors, encode back, and have a JSON Schema."""

from __future__ import annotations

import pytest

from sparring.core.errors import BadInput, IllegalAction
from sparring.core.messages import json_default
from tests import toy_game as toy
from tests.toy_game import Bid, Options, ToyState


def _snapshot(state: ToyState) -> tuple[object, ...]:
    return (list(state.events), list(state.bids), list(state.points), state.rng.log[:])


def test_apply_refuses_in_order_game_over_then_seat_then_the_rules_reason() -> None:
    state = ToyState(1)
    with pytest.raises(IllegalAction, match=r"seat 5 has nothing to decide now \(seats \[0, 1\]"):
        state.apply(Bid(1), 5)
    state.apply(Bid(1), 0)
    before = _snapshot(state)
    with pytest.raises(IllegalAction, match="it is seat 1's turn, not seat 0's"):
        state.apply(Bid(1), 0)
    with pytest.raises(IllegalAction, match="is not a bid of 0, 1 or 2"):
        state.apply(Bid(7), 1)
    with pytest.raises(IllegalAction, match="is not a bid"):
        state.apply("fold", 1)
    assert _snapshot(state) == before
    state.forfeit(1, "test")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(Bid(0), 1)


def test_apply_without_a_player_acts_for_the_first_seat_to_move() -> None:
    state = ToyState(2)
    state.apply(Bid(2))
    assert state.bids == [2, None] and state.to_move() == (1,)


def test_actions_decode_encode_and_refuse_malformed_json_clearly() -> None:
    assert toy.action_from_json({"type": "bid", "amount": 2}) == Bid(2)
    assert Bid(2).to_json() == {"type": "bid", "amount": 2}
    assert toy.action_from_json({"type": "bid", "amount": 1, "note": "hi"}) == Bid(1)
    cases = {
        "Expected `int`, got `bool`": {"type": "bid", "amount": True},
        "Expected `int` <= 2": {"type": "bid", "amount": 3},
        "Invalid value 'raise'": {"type": "raise"},
        "Expected `str`, got `dict`": {"type": {}},
        "Expected `object`, got `array`": [],
    }
    for message, data in cases.items():
        with pytest.raises(BadInput, match=message):
            toy.action_from_json(data)


def test_options_have_the_rules_defaults_and_refuse_unknown_keys() -> None:
    assert Options.from_json(None) == Options() == Options.from_json({})
    assert Options.from_json({"rounds": 5}).to_json() == {"rounds": 5}
    with pytest.raises(BadInput, match="rule options: Object contains unknown field `round`"):
        Options.from_json({"round": 5})
    with pytest.raises(BadInput, match=r"Expected `int` >= 1 - at `\$.rounds`"):
        Options.from_json({"rounds": 0})


def test_the_schema_describes_actions_options_and_view() -> None:
    schema = toy.MESSAGES.schema()
    bid = schema["actions"]["$defs"]["Bid"]
    assert bid["properties"]["amount"] == {"type": "integer", "minimum": 0, "maximum": 2}
    assert schema["options"]["$defs"]["Options"]["properties"]["rounds"]["default"] == 3
    assert "my_card" in schema["view"]["$defs"]["View"]["properties"]


def test_structs_and_dicts_go_out_on_the_wire_the_same_way() -> None:
    view = toy.view(ToyState(3), 0)
    assert json_default(view) == view.to_json()
    with pytest.raises(TypeError, match="has no JSON form"):
        json_default(object())
