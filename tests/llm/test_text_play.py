"""Text play over every registered game: the menu's names and numbers parse back to their
actions, prose around an answer is forgiven, garbage and ambiguity are refused with a
reason, and the text a seat is told holds nothing it cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sparring.core import conformance as kit
from sparring.core.registry import game_names, get_game
from sparring.core.rng import Rng
from sparring.llm.parse import parse_answer
from sparring.llm.text import action_names, compact_json, decision_text

GAMES = game_names()


def decisions(game: str, seed: int, steps: int = 40) -> list[tuple[Any, int, list[Any]]]:
    """(state, seat, legal) at each decision of a random game, states kept apart."""
    spec = get_game(game)
    state = spec.new_game(seed, None)
    rng = random.Random(seed)
    found = []
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.to_move()[0]
        legal = list(state.legal_actions(seat))
        found.append((state.clone(), seat, legal))
        state.apply(rng.choice(legal), seat)
    return found


def sampled(count: int) -> list[int]:
    """Menu numbers to check: all of a short menu, a fixed spread of a huge one (a draft of
    every team has tens of thousands), its first and last included."""
    if count <= 150:
        return list(range(1, count + 1))
    return sorted({1, count, *random.Random(count).sample(range(1, count + 1), 60)})


@pytest.mark.parametrize("game", GAMES)
def test_every_name_and_number_parses_back_to_its_action(game: str) -> None:
    spec = get_game(game)
    for _, _, legal in decisions(game, 5):
        names = action_names(legal)
        assert len({name.lower() for name in names}) == len(names)
        for number in sampled(len(legal)):
            action, name = legal[number - 1], names[number - 1]
            assert parse_answer(name, legal, spec.action_from_json, names) == (action, "")
            assert parse_answer(name.upper(), legal, None, names) == (action, "")
            assert parse_answer(f"  {number} ", legal, None, names) == (action, "")


@pytest.mark.parametrize("game", GAMES)
def test_prose_around_an_answer_is_forgiven(game: str) -> None:
    spec = get_game(game)
    for _, _, legal in decisions(game, 6, steps=15):
        names = action_names(legal)
        for number in sampled(len(legal)):
            action, name = legal[number - 1], names[number - 1]
            assert parse_answer(f"I'll play {number}.", legal, None, names) == (action, "")
            assert parse_answer(f"Action: {name}", legal, None, names) == (action, "")
            assert parse_answer(f"My move is\n  **{name}**!", legal, None, names) == (action, "")
            as_json = f'Here: {{"type": "{action.to_json()["type"]}"}}'
            if len(action.to_json()) == 1:
                read = spec.action_from_json
                assert parse_answer(as_json, legal, read, names) == (action, "")


@pytest.mark.parametrize("game", GAMES)
def test_an_action_given_as_json_is_read(game: str) -> None:
    import json

    spec = get_game(game)
    _, _, legal = decisions(game, 7, steps=3)[-1]
    for action in [legal[number - 1] for number in sampled(len(legal))]:
        text = f"I choose {json.dumps(action.to_json())} now"
        assert parse_answer(text, legal, spec.action_from_json) == (action, "")


@pytest.mark.parametrize("game", GAMES)
def test_garbage_is_refused_with_a_reason(game: str) -> None:
    spec = get_game(game)
    _, _, legal = decisions(game, 8, steps=2)[-1]
    for text in ("", "   ", "banana", "I'm not sure what to do here", "zzz qqq"):
        chosen, reason = parse_answer(text, legal, spec.action_from_json)
        assert chosen is None and reason, text
    chosen, reason = parse_answer(f"{len(legal) + 1}", legal)
    assert chosen is None and f"numbered 1 to {len(legal)}" in reason
    if len(legal) >= 2:
        chosen, reason = parse_answer("either 1 or 2", legal)
        assert chosen is None and reason.startswith("ambiguous")


def test_two_names_in_one_answer_are_ambiguous() -> None:
    spec = get_game(GAMES[0])
    for _, _, legal in decisions(GAMES[0], 9):
        names = action_names(legal)
        first, second = names[0], names[-1]
        if len(names) > 1 and first.lower() not in second.lower():
            chosen, reason = parse_answer(f"{first} or {second}", legal, spec.action_from_json)
            assert chosen is None and reason.startswith("ambiguous")
            return
    pytest.fail("no decision with two distinct names")


def test_names_fall_back_on_json_when_a_game_gives_no_words() -> None:
    class Plain:
        def to_json(self) -> dict[str, Any]:
            return {"type": "move", "unit": "a", "x": 1}

    assert compact_json(Plain()) == "move unit=a x=1"
    assert action_names([Plain()]) == ["move unit=a x=1"]


@pytest.mark.parametrize("game", GAMES)
def test_the_text_holds_nothing_the_seat_cannot_see(game: str) -> None:
    """Scramble what a seat cannot see (the conformance kit's scrambler): the text it is
    told, view and menu, is unchanged, at every decision of random walks under the
    options the kit's no-leak walks draw."""
    spec = get_game(game)
    assert spec.secrecy is not None
    rng = Rng(11)
    checked = 0
    for seed in range(3):
        load = spec.extensions.conformance
        hooks = (kit.DEFAULT_HOOKS if load is None else load()).with_options(seed, True)
        for state in kit.walk(spec, seed, [], hooks):
            if state.is_terminal():
                break
            for seat in range(state.num_players):
                twin = spec.secrecy.scramble_hidden(state, seat, rng)
                mine = _told(spec, state, seat)
                assert mine == _told(spec, twin, seat), (seed, seat)
                checked += 1
    assert checked > 0


def _told(spec: Any, state: Any, seat: int) -> str:
    legal = list(state.legal_actions(seat)) if seat in state.to_move() else []
    return decision_text(spec, spec.view(state, seat), legal)
