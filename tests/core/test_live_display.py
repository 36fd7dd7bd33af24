"""The live display of `sparring play`: public events only while a person plays; with no
person playing, a game may reveal every seat's events (Warfish under fog), each once;
events are described with the game's context (Warfish: territory names, not indices) and
name what the reader has been shown (Aquawar's fish, Food Chain's cards); the pace
(`--delay`, `--step`); and the live board drawn in place from each game's board hook."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from sparring.cli.common import Pace, live_printer
from sparring.cli.live import LiveBoard
from sparring.cli.play import BOARD_DELAY, build_agents
from sparring.core.events import PUBLIC, event_json
from sparring.core.playout import play_match
from sparring.core.registry import all_games, get_game
from sparring.games.aquawar.roster import FISH
from tests import toy_game

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


# --- naming: a reader is told a hidden piece's name exactly when it may know it ---

AQUAWAR = get_game("aquawar")
FOODCHAIN = get_game("foodchain")


def _aquawar_lines(reveal: bool, seed: int) -> list[tuple[str, list[list[str]], set]]:
    """Each line shown live, with both teams' fish names and the (seat, position) pairs a
    spectator knows at that moment (from the spectator view)."""
    from sparring.games.aquawar.render import fish_label, known_fish

    out = io.StringIO()
    printer = live_printer(AQUAWAR, Console(file=out, width=300), reveal)
    seen: list[tuple[str, list[list[str]], set]] = []

    def hook(state: object, events: list) -> None:
        before = len(out.getvalue().splitlines())
        printer(state, events)
        teams = [[fish_label(f.kind) for f in team] for team in state.teams]
        known = set(known_fish(AQUAWAR.view(state, None)))
        seen.extend((line, teams, known) for line in out.getvalue().splitlines()[before:])

    agents = [AQUAWAR.agents["random"](seat, seed) for seat in range(2)]
    play_match(AQUAWAR, seed, None, agents, on_events=hook)
    return seen


def _named_hidden(line: str, teams: list[list[str]], known: set) -> list[str]:
    return [
        f"seat {seat}'s {name}"
        for seat, team in enumerate(teams)
        for pos, name in enumerate(team)
        if (seat, pos) not in known and f"seat {seat}'s {name}" in line
    ]


def test_while_a_person_plays_no_line_names_a_fish_the_spectator_cannot_see() -> None:
    for seed in range(4):
        lines = _aquawar_lines(False, seed)
        assert any(re.search(r"'s fish \d", line) for line, _, _ in lines)  # by position
        leaks = [hit for line, teams, known in lines for hit in _named_hidden(line, teams, known)]
        assert leaks == []


def test_with_nobody_playing_every_fish_is_named_by_species() -> None:
    for seed in range(4):
        lines = _aquawar_lines(True, seed)
        assert not any(re.search(r"'s fish \d", line) for line, _, _ in lines)
        hidden_named = [line for line, teams, known in lines if _named_hidden(line, teams, known)]
        assert hidden_named  # names the spectator view alone would not give


def test_a_food_chain_card_is_named_in_every_line_after_it_is_played() -> None:
    out = io.StringIO()
    printer = live_printer(FOODCHAIN, Console(file=out, width=300), reveal=False)
    agents = [FOODCHAIN.agents["greedy"](seat, 5) for seat in range(2)]
    state = play_match(FOODCHAIN, 5, None, agents, on_events=printer)
    lines = out.getvalue().splitlines()
    played = [e for e in state.events if e[0] == "play"]
    assert played
    for event in played:
        card, name = event[3], event[4]
        after = lines[next(i for i, line in enumerate(lines) if f"#{card}" in line) :]
        mentions = [line for line in after if re.search(rf"#{card}\b", line)]
        assert all(f"{name} #{card}" in line for line in mentions), mentions


# --- pace ---


def test_the_delay_pauses_once_after_each_decision_that_showed_a_line() -> None:
    pauses: list[float] = []
    out = io.StringIO()
    pace = Pace(delay=0.25, sleep=pauses.append)
    printer = live_printer(AQUAWAR, Console(file=out, width=200), True, pace)
    shown_calls = [0]

    def hook(state: object, events: list) -> None:
        before = out.tell()
        printer(state, events)
        shown_calls[0] += out.tell() > before

    agents = [AQUAWAR.agents["random"](seat, 2) for seat in range(2)]
    play_match(AQUAWAR, 2, None, agents, on_events=hook)
    assert pauses == [0.25] * shown_calls[0] and shown_calls[0] > 20


def test_a_zero_delay_never_waits() -> None:
    pauses: list[float] = []
    Pace(delay=0.0, sleep=pauses.append).wait()
    assert pauses == []


def test_stepping_waits_for_one_line_each_time_and_plays_on_when_input_ends() -> None:
    keys = io.StringIO("\n\n")
    pauses: list[float] = []
    pace = Pace(delay=1.0, step=True, keys=keys, sleep=pauses.append)
    pace.wait()
    assert keys.tell() == 1 and pace.step
    pace.wait()
    assert keys.tell() == 2 and pace.step
    pace.wait()  # input ended: no more stepping, the delay takes over
    assert not pace.step and pauses == []
    pace.wait()
    assert pauses == [1.0]


# --- the live board ---


def _board_console(out: io.StringIO, height: int = 40) -> Console:
    return Console(file=out, width=120, height=height, force_terminal=True, color_system=None)


def _text(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(renderable)
    return out.getvalue()


def test_the_live_board_draws_the_teams_in_place_and_pauses_per_decision_shown() -> None:
    pauses: list[float] = []
    out = io.StringIO()
    console = _board_console(out)
    frames: list[str] = []
    agents = [AQUAWAR.agents["greedy"](0, 4), AQUAWAR.agents["random"](1, 5)]
    with LiveBoard(AQUAWAR, console, Pace(delay=0.5, sleep=pauses.append)) as board:

        def hook(state: object, events: list) -> None:
            board(state, events)
            frames.append(_text(board.frame(state)))

        state = play_match(AQUAWAR, 4, None, agents, on_events=hook)
    last = frames[-1]
    for team in state.teams:
        assert all(FISH[f.kind].en in last for f in team)
    assert "rounds won" in last and "Match won by seat" in last
    assert "revealed" in last or "hidden" in last
    assert 20 < len(pauses) < len(frames)  # not after decisions that showed nothing
    assert "\x1b[" in out.getvalue()  # drawn with cursor moves, in place


def test_the_event_lines_under_the_board_fill_the_terminal_and_no_more() -> None:
    agents = [AQUAWAR.agents["random"](seat, 1) for seat in range(2)]
    drawn = {}
    for height in (24, 40):
        board = LiveBoard(AQUAWAR, _board_console(io.StringIO(), height), Pace())
        state = play_match(AQUAWAR, 1, None, agents, on_events=board)
        drawn[height] = _text(board.frame(state)).splitlines()
        assert len(drawn[height]) < height  # the last row stays free: nothing scrolls
    assert len(drawn[40]) > len(drawn[24])


@pytest.mark.parametrize("name", [spec.name for spec in all_games()])
def test_every_games_board_draws_from_views_alone_with_and_without_the_seats(name: str) -> None:
    spec = get_game(name)
    assert spec.display.board is not None, f"{name} has no live board"
    draw = spec.display.board()
    state = spec.new_game(6, None)
    agents = [spec.agents["random"](seat, 6 + seat) for seat in range(state.num_players)]
    boards: list[tuple[str, str]] = []

    def hook(state: object, events: list) -> None:
        spectator = spec.view(state, None)
        seats = [spec.view(state, seat) for seat in range(state.num_players)]
        boards.append((_text(draw(spectator, None)), _text(draw(spectator, seats))))

    play_match(spec, 6, None, agents, on_events=hook)
    assert all(alone and full for alone, full in boards)


class _FirstLegal:
    needs_view = False

    def act(self, view: object, legal: list) -> object:
        return legal[0]


def test_a_game_without_a_board_or_narrator_is_drawn_from_its_spectator_views_text() -> None:
    toy = toy_game.spec()
    board = LiveBoard(toy, _board_console(io.StringIO()), Pace())
    state = play_match(toy, 3, None, [_FirstLegal(), _FirstLegal()], on_events=board)
    drawn = _text(board.frame(state))
    assert toy.render_view(toy.view(state, None)) in drawn
    last_public = next(e for e in reversed(state.events) if e[1] == PUBLIC)
    assert toy.describe(event_json(last_public), None, state) in drawn


def test_the_demo_at_the_default_delay_is_slow_enough_to_follow_and_ends_in_time() -> None:
    """`make demo` (greedy v random Aquawar on the live board) waits BOARD_DELAY after each
    move shown: long enough in all to follow, short enough to end in about a minute."""
    for seed in range(6):
        pauses: list[float] = []
        pace = Pace(delay=BOARD_DELAY, sleep=pauses.append)
        board = LiveBoard(AQUAWAR, _board_console(io.StringIO()), pace)
        agents = build_agents(AQUAWAR, ["greedy", "random"], seed)
        play_match(AQUAWAR, seed, None, agents, on_events=board)
        assert 20 <= sum(pauses) <= 75, (seed, len(pauses))
