"""The live display of `sparring play`: public events only while a person plays; with no
person playing, a game may reveal every seat's events (Warfish under fog), each once; and
events are described with the game's context (Warfish: territory names, not indices)."""

from __future__ import annotations

import io

from rich.console import Console

from sparring.cli.common import live_printer
from sparring.core.events import PUBLIC
from sparring.core.playout import play_match
from sparring.core.registry import get_game

WARFISH = get_game("warfish")


def _watch(reveal: bool, options: dict) -> tuple[list[str], object]:
    out = io.StringIO()
    hook = live_printer(WARFISH, Console(file=out, width=200), reveal)
    agents = [WARFISH.agents["random"](seat, 3) for seat in range(2)]
    state = play_match(WARFISH, 3, WARFISH.options_from_json(options), agents, on_events=hook)
    return out.getvalue().splitlines(), state


def test_under_fog_a_person_playing_sees_no_private_board_events_in_the_live_display() -> None:
    lines, state = _watch(False, {"fog": True, "map": "triad"})
    placed = [e for e in state.events if e[0] == "wf_placed"]
    assert placed and all(e[1] != PUBLIC for e in placed)
    assert not any(" places " in line for line in lines)


def test_with_no_person_playing_a_fogged_board_is_shown_once_with_territory_names() -> None:
    lines, state = _watch(True, {"fog": True, "map": "triad"})
    names = state.map.names
    placements = [line for line in lines if " places " in line]
    placed = [e[2:] for e in state.events if e[0] == "wf_placed"]
    once = [v for i, v in enumerate(placed) if i == 0 or placed[i - 1] != v]
    assert len(placed) > len(once) > 0  # seats got copies of the same placement
    assert len(placements) == len(once)
    assert all(names[v[1]] in line for v, line in zip(once, placements, strict=True))
    assert not any("#" in line for line in placements)


def test_the_status_line_comes_before_every_turn_but_the_first() -> None:
    lines, state = _watch(True, {"map": "triad"})
    turns = sum(1 for e in state.events if e[0] == WARFISH.display.turn_event)
    status = [line for line in lines if line.startswith("round ") and " · seat 0 " in line]
    assert turns > 2 and len(status) == turns - 1
