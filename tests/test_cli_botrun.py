"""`sparring bot run`: any built-in agent as a stand-alone bot process speaking our protocol.

The agent must be unable to tell a bot process from playing in-process: the views and legal
actions it is handed are the in-process ones (checked at every decision of random games of
every registered game), and seated in a refereed match as a real process it plays exactly
the game the in-process agent plays from the same seeds. Bad input ends it with one line on
stderr and exit code 2.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from sparring.agents.terminal import TerminalAgent
from sparring.arena.process import Limits
from sparring.arena.protocol import legal_json
from sparring.arena.referee import run_match
from sparring.arena.sandbox import check_available
from sparring.arena.seats import BotSeat, BuiltinSeat, make_seat
from sparring.cli import botcheck
from sparring.cli.botrun import read_legal, view_reader
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.messages import json_default
from sparring.core.registry import all_games, get_game
from sparring.core.rng import Rng
from tests.recorders import Decisions


def bot_agents() -> list[tuple[str, str]]:
    """Every (game, agent) pair a bot process can run: all but the terminal's players."""
    pairs = []
    for spec in all_games():
        for name, factory in sorted(spec.agents.items()):
            if not isinstance(factory(0, 1), TerminalAgent):
                pairs.append((spec.name, name))
    return pairs


def bot_command(agent: str, game: str, seed: int, *extra: str) -> str:
    words = ["bot", "run", f"builtin:{agent}", "--game", game, "--seed", str(seed), *extra]
    return shlex.join([sys.executable, "-m", "sparring", *words])


def play(spec: GameSpec, seats: list[Any], seed: int) -> tuple[Any, list[tuple[int, Any]]]:
    decisions = Decisions()
    outcome = run_match(spec, seats, seed, recorder=decisions)
    return outcome, decisions.made


# --------------------------------------------------------------------- what the agent is handed


def _walk(spec: GameSpec, seed: int, steps: int) -> Any:
    """States along a random game: (state, seat) at each decision."""
    state = spec.new_game(seed, None)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        for seat in state.to_move():
            yield state, seat
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal), "walk")], seat)
            if state.is_terminal():
                return


@pytest.mark.parametrize(("game", "agent"), bot_agents())
def test_views_and_legal_actions_read_back_as_handed_in_process(game: str, agent: str) -> None:
    """At every decision of random games, the act message's view and legal actions, sent as
    JSON and read back, equal the view the referee hands this agent in-process (none, lean
    or whole) and the engine's legal actions, of the same types."""
    spec = get_game(game)
    for seed in (1, 2):
        seats = {s: make_seat(f"builtin:{agent}", spec, s, seed) for s in range(8)}
        readers: dict[int, Any] = {}
        for state, seat in _walk(spec, seed, 80):
            held = seats[seat]
            assert isinstance(held, BuiltinSeat)
            if seat not in readers:
                readers[seat] = view_reader(spec, held, state.options, seat)
            wire = json.loads(json.dumps(spec.view(state, seat), default=json_default))
            handed = spec.view_for(held.agent)
            expected = None if handed is None else handed(state, seat)
            assert readers[seat](wire) == expected
            legal = state.legal_actions(seat)
            back = read_legal(spec, json.loads(json.dumps(legal_json(legal))))
            assert type(back) is type(legal) or (
                isinstance(back, list | tuple) and isinstance(legal, list | tuple)
            )
            assert legal_json(back) == legal_json(legal)
            if isinstance(legal, list | tuple):
                assert [type(a) for a in back] == [type(a) for a in legal]


# --------------------------------------------------------------------- whole refereed matches


@pytest.mark.slow
@pytest.mark.parametrize(("game", "agent"), bot_agents())
def test_a_bot_process_plays_the_in_process_agents_game(game: str, agent: str) -> None:
    """Seated as a real process under our referee, the agent plays a whole game with no
    verdict, and with the same seeds the very decisions the in-process agent makes."""
    spec = get_game(game)
    seed = 11
    players = spec.new_game(seed, None).num_players
    position = sorted(spec.agents).index(agent) % 2  # some play seat 0, some seat 1
    seats = [make_seat("builtin:greedy", spec, s, seed) for s in range(players)]
    seats[position] = BotSeat(bot_command(agent, game, seed), Limits(sandbox=False))
    outcome, as_bot = play(spec, seats, seed)
    assert outcome.verdicts == [], outcome.verdicts
    assert outcome.state.is_terminal()
    seats = [make_seat("builtin:greedy", spec, s, seed) for s in range(players)]
    seats[position] = make_seat(f"builtin:{agent}", spec, position, seed)
    _, in_process = play(spec, seats, seed)
    assert as_bot == in_process


def _sandbox_ok() -> bool:
    try:
        check_available()
    except BadInput:
        return False
    return True


@pytest.mark.slow
@pytest.mark.skipif(not _sandbox_ok(), reason="bubblewrap cannot sandbox bots here")
def test_a_sandboxed_bot_process_plays_a_whole_match() -> None:
    spec = get_game("liarsdice")
    players = spec.new_game(4, None).num_players
    seats: list[Any] = [make_seat("builtin:random", spec, s, 4) for s in range(players)]
    seats[0] = BotSeat(bot_command("greedy", spec.name, 4))
    outcome, as_bot = play(spec, seats, 4)
    assert outcome.verdicts == []
    assert outcome.state.is_terminal()
    seats = [make_seat("builtin:random", spec, s, 4) for s in range(players)]
    seats[0] = make_seat("builtin:greedy", spec, 0, 4)
    assert as_bot == play(spec, seats, 4)[1]


# --------------------------------------------------------------------- bad input and usage


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    app = typer.Typer()
    botcheck.register(app)

    @app.callback()
    def main() -> None:
        """A stand-in root, so `bot` stays a sub-command as in the real CLI."""

    result = CliRunner().invoke(app, ["bot", "run", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


START = json.dumps({"type": "start", "protocol": 1, "game": "liarsdice", "seat": 0, "players": 2})


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (["not json at all"], "input line 1 is not JSON"),
        (["[1, 2]"], "input line 1 is not a JSON object"),
        (['{"type": "act", "view": {}, "legal": []}'], "before the start message"),
        (['{"type": "start", "seat": 5, "players": 2}'], "seat must be 0 to 1"),
        (['{"type": "start", "players": 2}'], "has no 'seat'"),
        ([START, START], "a second start message"),
        ([START, '{"type": "act", "legal": []}'], "has no 'view'"),
        ([START, '{"type": "act", "view": [], "legal": []}'], "a view must be a JSON object"),
        ([START, '{"type": "act", "view": {"game": 3}, "legal": []}'], "liarsdice view"),
    ],
)
def test_malformed_input_gives_one_line_and_exit_2(lines: list[str], words: str) -> None:
    code, out, err = run("builtin:greedy", "--game", "liarsdice", stdin="\n".join(lines) + "\n")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and words in err, err


def test_unreadable_legal_actions_give_one_line_and_exit_2() -> None:
    spec = get_game("liarsdice")
    state = spec.new_game(3, None)
    view = json.dumps(spec.view(state, 0), default=json_default)
    for legal in ('{"type": "menu"}', "[]", '[{"type": "no such action"}]'):
        act = f'{{"type": "act", "decision": 1, "view": {view}, "legal": {legal}}}'
        code, out, err = run("builtin:greedy", "--game", "liarsdice", stdin=f"{START}\n{act}\n")
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("error: "), err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["python bot.py", "--game", "liarsdice"], "give a built-in agent as builtin:NAME"),
        (["builtin:nobody", "--game", "liarsdice"], "unknown liarsdice agent 'nobody'"),
        (["builtin:human", "--game", "liarsdice"], "plays through the terminal"),
        (["builtin:greedy", "--game", "liarsdice", "--protocol", "smoke"], "no protocol 'smoke'"),
        (["builtin:greedy", "--game", "liarsdice", "--seat", "1"], "--seat is for a protocol"),
    ],
)
def test_bad_usage_gives_one_line_and_exit_2(args: list[str], words: str) -> None:
    code, _, err = run(*args)
    assert code == 2
    assert err.count("\n") == 1 and words in err, err


def test_a_real_process_answers_in_our_protocol_and_fails_without_a_traceback() -> None:
    spec = get_game("liarsdice")
    state = spec.new_game(3, None)
    seat = state.to_move()[0]
    players = state.num_players
    start = json.dumps({"type": "start", "protocol": 1, "seat": seat, "players": players})
    act = json.dumps(
        {
            "type": "act",
            "decision": 1,
            "view": spec.view(state, seat),
            "legal": legal_json(state.legal_actions(seat)),
        },
        default=json_default,
    )
    command = shlex.split(bot_command("random", spec.name, 3))
    done = subprocess.run(
        command, input=f"{start}\n{act}\n", capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    reply = json.loads(done.stdout)
    assert reply["type"] == "action" and reply["decision"] == 1
    assert spec.action_from_json(reply["action"]) in state.legal_actions(seat)
    broken = subprocess.run(
        command, input=f"{start}\n{{oops\n", capture_output=True, text=True, timeout=60
    )
    assert broken.returncode == 2
    assert broken.stderr.startswith("error: input line 2 is not JSON")
    assert "Traceback" not in broken.stderr and broken.stderr.count("\n") == 1


def test_shared_actions_come_back_as_the_engines_own_objects() -> None:
    """Aquawar's agents tell the assertion phase by ``legal[0] is PASS``: read back, the
    menu holds the engine's own objects, not equal copies."""
    from sparring.games.aquawar.actions import PASS

    spec = get_game("aquawar")
    for state, seat in _walk(spec, 5, 40):
        legal = state.legal_actions(seat)
        back = read_legal(spec, json.loads(json.dumps(legal_json(legal))))
        if isinstance(legal, tuple):
            assert all(a is b for a, b in zip(back, legal, strict=True))
            if legal[0] is PASS:
                return
    raise AssertionError("the walk reached no assertion phase")


@pytest.mark.parametrize(
    ("game", "legal"),
    [
        ("aquawar", {"type": "pick", "choose": 4, "fish": [1, 2, 3], "count": 5}),
        ("aquawar", {"type": "pick", "fish": [13]}),
        ("aquawar", {"type": "attack"}),
        ("warfish", {"type": "place_menu", "choices": [[0, 2]], "count": 7}),
        ("warfish", {"type": "attack_menu", "choices": [[0, "x", 1]]}),
        ("warfish", {"type": "move_in_menu", "low": 5, "high": 2}),
        ("warfish", {"type": "no_menu"}),
    ],
)
def test_a_compact_form_the_engine_could_not_send_is_refused(game: str, legal: Any) -> None:
    with pytest.raises(BadInput):
        read_legal(get_game(game), legal)
