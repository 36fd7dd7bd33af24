"""Event visibility and JSON form; the game registry's errors."""

from __future__ import annotations

import pytest

from sparring.core.errors import BadInput
from sparring.core.events import NOBODY, PUBLIC, event_json, register_event, visible_to
from sparring.core.registry import game_names, get_game

PING = register_event("test_ping", "who", "value")


def test_public_events_are_seen_by_everyone() -> None:
    event = (PING, PUBLIC, 0, 5)
    assert visible_to(event, 0) and visible_to(event, 1) and visible_to(event, None)


def test_seat_events_are_seen_by_that_seat_only() -> None:
    event = (PING, 1, 1, 5)
    assert visible_to(event, 1)
    assert not visible_to(event, 0)
    assert not visible_to(event, None)


def test_nobody_events_are_seen_by_no_seat() -> None:
    event = (PING, NOBODY, 0, 5)
    assert not any(visible_to(event, seat) for seat in (0, 1, None))


def test_event_json_names_fields_and_drops_audience() -> None:
    assert event_json((PING, 1, 0, 5)) == {"kind": "test_ping", "who": 0, "value": 5}


def test_registering_a_kind_twice_with_other_fields_is_refused() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register_event("test_ping", "other")


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(BadInput, match=r"unknown game 'chess'.*aquawar"):
        get_game("chess")


def test_game_lookup_ignores_case_and_spaces() -> None:
    assert get_game(" Aquawar ").name == "aquawar"
    assert "aquawar" in game_names()


def test_an_event_with_the_wrong_number_of_values_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="does not have the fields"):
        event_json((PING, PUBLIC, 0))
    with pytest.raises(ValueError, match="does not have the fields"):
        event_json((PING, PUBLIC, 0, 5, 6))


def test_event_field_names_must_be_identifiers() -> None:
    with pytest.raises(ValueError, match="must be identifiers"):
        register_event("test_bad_fields", "not a name")
