"""The whole conformance kit over every registered game, options drawn at random.

Nothing here names a game: the games come from the ``sparring.games`` entry points, each
with the hooks its spec offers (`Extensions.conformance`: invariants, known-bad actions,
what a seat cannot see, the options to draw). For each game, hypothesis draws seeds and
move choices; the game's hooks draw its options from the seed. A game added as a plug-in
is held to all of this without a line of test code of its own.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparring.arena.process import BotFailure, Limits
from sparring.arena.protocol import chosen_action
from sparring.arena.referee import run_match
from sparring.arena.seats import BotSeat
from sparring.core import conformance as kit
from sparring.core.errors import IllegalAction
from sparring.core.game import GameSpec
from sparring.core.registry import all_games, game_names, get_game
from sparring.core.verdicts import BAD

GAMES = game_names()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CHOICES = st.lists(st.integers(min_value=0, max_value=2**16 - 1), max_size=60)
RECORDING_BOT = Path(__file__).parent / "arena" / "bots" / "recorder.py"


def quick(examples: int) -> settings:
    """Few examples, no per-example deadline: each example is a whole game."""
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def hooks(spec: GameSpec, seed: int, for_leaks: bool = False) -> kit.Hooks:
    load = spec.extensions.conformance
    base = kit.DEFAULT_HOOKS if load is None else load()
    return base.with_options(seed, for_leaks)


def test_the_four_built_in_games_are_registered_plug_ins() -> None:
    assert {"aquawar", "foodchain", "tactics", "warfish"} <= set(GAMES)
    for spec in all_games():
        assert spec.facts.min_players <= spec.facts.max_players
        assert spec.facts.max_decisions > 0


@pytest.mark.parametrize("game", GAMES)
@quick(40)
@given(seed=SEEDS, choices=CHOICES)
def test_random_play_to_the_end_keeps_every_invariant(
    game: str, seed: int, choices: list[int]
) -> None:
    spec = get_game(game)
    final = kit.check_random_playout(spec, seed, choices, hooks(spec, seed))
    assert final.is_terminal()


@pytest.mark.parametrize("game", GAMES)
@quick(10)
@given(seed=SEEDS, choices=CHOICES)
def test_same_seed_and_actions_give_the_same_game(game: str, seed: int, choices: list[int]) -> None:
    spec = get_game(game)
    assert kit.check_determinism(spec, seed, choices, hooks(spec, seed)) > 0


@pytest.mark.parametrize("game", GAMES)
@quick(15)
@given(seed=SEEDS, choices=CHOICES, split=st.integers(0, 150), continuation=CHOICES)
def test_clones_are_independent_and_continue_identically(
    game: str, seed: int, choices: list[int], split: int, continuation: list[int]
) -> None:
    spec = get_game(game)
    kit.check_clone_independence(spec, seed, choices, split, continuation, hooks(spec, seed))


@pytest.mark.parametrize("game", GAMES)
@quick(8)
@given(seed=SEEDS, choices=CHOICES)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(
    game: str, seed: int, choices: list[int]
) -> None:
    spec = get_game(game)
    assert kit.check_illegal_actions_refused(spec, seed, choices, hooks(spec, seed)) > 0


@pytest.mark.parametrize("game", GAMES)
@quick(12)
@given(seed=SEEDS, choices=CHOICES)
def test_every_offered_action_is_accepted(game: str, seed: int, choices: list[int]) -> None:
    spec = get_game(game)
    assert kit.check_legal_actions_accepted(spec, seed, choices, hooks(spec, seed)) > 0


@pytest.mark.parametrize("game", GAMES)
@quick(10)
@given(seed=SEEDS, choices=CHOICES)
def test_a_game_whose_rivals_forfeit_is_won_by_forfeit(
    game: str, seed: int, choices: list[int]
) -> None:
    spec = get_game(game)
    kit.check_forfeits(spec, seed, choices, hooks(spec, seed))


@pytest.mark.parametrize("game", GAMES)
@quick(6)
@given(seed=SEEDS, choices=CHOICES)
def test_views_leak_nothing_hidden(game: str, seed: int, choices: list[int]) -> None:
    spec = get_game(game)
    if spec.secrecy is None:
        pytest.skip(f"{game} declares no hidden information")
    report = kit.check_no_leaks(spec, seed, choices, hooks(spec, seed, for_leaks=True))
    assert report.sentinels > 0
    assert report.hidden_changed == report.hidden_checked


@pytest.mark.parametrize("game", GAMES)
@quick(3)
@given(seed=SEEDS, choices=CHOICES)
def test_views_leak_nothing_hidden_with_the_generic_fingerprint(
    game: str, seed: int, choices: list[int]
) -> None:
    """Without the game's own summary of what is hidden, the kit falls back on the other
    seats' views and the random source's future; the properties must hold that way too."""
    spec = get_game(game)
    if spec.secrecy is None:
        pytest.skip(f"{game} declares no hidden information")
    generic = kit.Hooks(options=hooks(spec, seed, for_leaks=True).options, scramble_attempts=2)
    report = kit.check_no_leaks(spec, seed, choices, generic)
    assert report.hidden_changed == report.hidden_checked == len(report.per_state)


@pytest.mark.parametrize("game", GAMES)
@quick(6)
@given(seed=SEEDS, choices=CHOICES)
def test_determinized_states_show_their_seat_the_same(
    game: str, seed: int, choices: list[int]
) -> None:
    spec = get_game(game)
    if spec.search.determinize is None:
        pytest.skip(f"{game} offers no determinization yet")
    assert kit.check_determinization(spec, seed, choices, hooks(spec, seed)) > 0


@pytest.mark.parametrize("game", GAMES)
def test_games_are_identical_across_processes_and_hash_seeds(game: str) -> None:
    """Bit for bit on any machine: interpreters with different hash seeds play the same
    walks, under the same drawn options, to the same fingerprints."""
    script = (
        "import sys\n"
        "from sparring.core.conformance import game_digest, DEFAULT_HOOKS\n"
        "from sparring.core.registry import get_game\n"
        "spec = get_game(sys.argv[1])\n"
        "load = spec.extensions.conformance\n"
        "base = DEFAULT_HOOKS if load is None else load()\n"
        "print(' '.join(game_digest(spec, s, [s % 7, 3, 1], base.with_options(s))"
        " for s in range(3)))\n"
    )
    digests = set()
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", script, game],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        digests.add(out.stdout.strip())
    spec = get_game(game)
    local = " ".join(kit.game_digest(spec, s, [s % 7, 3, 1], hooks(spec, s)) for s in range(3))
    assert digests == {local}


# --------------------------------------------------------------------- replies from bots

#: Any JSON value a bot could send, nested a few levels deep.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _action_like(spec: GameSpec) -> st.SearchStrategy[Any]:
    """JSON objects shaped like the game's actions: a real action's JSON with one field
    replaced by any JSON value, or any value at all."""
    state = spec.new_game(1, None)
    samples = [a.to_json() for a in list(state.legal_actions(state.to_move()[0]))[:40]]

    def mutate(pair: tuple[dict[str, Any], Any], key_pick: int) -> dict[str, Any]:
        sample, value = pair
        keys = sorted(sample)
        return {**sample, keys[key_pick % len(keys)]: value}

    mutated = st.builds(mutate, st.tuples(st.sampled_from(samples), JSON_VALUES), st.integers(0, 9))
    return st.one_of(JSON_VALUES, mutated)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_json_reply_is_read_as_an_action_or_refused_with_a_reason(
    game: str, data: st.DataObject
) -> None:
    """Whatever JSON a bot sends as its action, the game reads it as an action or says
    what is wrong (BAD, with the reason); an action read is applied or refused (IA, with
    the reason) — never an exception of another kind."""
    spec = get_game(game)
    reply = data.draw(_action_like(spec))
    try:
        action = chosen_action(spec, {"type": "action", "action": reply}, ())
    except BotFailure as failure:
        assert failure.verdict == BAD and failure.detail.strip()
        assert "unreadable action" not in failure.detail, failure.detail  # a parser crash
        return
    state = spec.new_game(data.draw(SEEDS), None)
    for seat in state.to_move():
        try:
            state.clone().apply(action, seat)
        except IllegalAction as error:
            assert str(error).strip()


# --------------------------------------------------------------------- bytes sent to bots


def _sentinel_spec(spec: GameSpec, planted: set[int]) -> GameSpec:
    """The game, except that every seat's view is built from a copy of the state whose
    data hidden from that seat was replaced by sentinels (collected in `planted`)."""
    assert spec.secrecy is not None
    plant = spec.secrecy.plant_sentinels

    def sentinel_view(state: Any, viewer: int | None) -> dict[str, Any]:
        if viewer is None:
            return spec.view(state, None)
        twin, sentinels = plant(state, viewer)
        planted.update(sentinels)
        return spec.view(twin, viewer)

    return replace(spec, view=sentinel_view)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("rules", ["default", "drawn"])
def test_planted_sentinels_never_reach_a_bot_process(game: str, rules: str, tmp_path: Path) -> None:
    """Every byte a real bot process receives in a whole match — `start`, every `act`
    and the `end` — is scanned for sentinels planted in what that seat cannot see, under
    the rules text's options and under options drawn for the game."""
    spec = get_game(game)
    if spec.secrecy is None:
        pytest.skip(f"{game} declares no hidden information")
    seed = 20_261_124
    options = None if rules == "default" else hooks(spec, seed, for_leaks=True).options
    players = spec.new_game(seed, options).num_players
    planted: set[int] = set()
    records = [tmp_path / f"seat{seat}.jsonl" for seat in range(players)]
    rng = random.Random(seed)
    seats = [
        BotSeat(
            f"{sys.executable} {RECORDING_BOT} {records[seat]} {rng.randrange(1 << 30)}",
            # Unsandboxed: the recording bot writes what it receives into the test's
            # folder, which a sandboxed bot cannot see.
            Limits(memory_mib=512, sandbox=False),
        )
        for seat in range(players)
    ]
    outcome = run_match(_sentinel_spec(spec, planted), seats, seed, options, seconds=20.0)
    assert outcome.verdicts == [], outcome.verdicts
    assert outcome.state.is_terminal()
    assert planted, "no sentinel was planted: the scan would prove nothing"
    for seat, record in enumerate(records):
        received = record.read_bytes()
        messages = [json.loads(line) for line in received.splitlines() if line.strip()]
        assert messages[0]["type"] == "start"
        assert sum(m["type"] == "act" for m in messages) == outcome.decisions[seat]
        leaked = sorted(s for s in planted if str(s).encode() in received)
        assert not leaked, f"seat {seat} received sentinels {leaked[:5]}"
