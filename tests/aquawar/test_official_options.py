"""The official contest engine's rule options, and matches that seat its bots.

The rules text decides deaths before the turn limit (ruling 18): a last action that wipes
out a side ends the round by elimination or mutual destruction. The official engine
checked its state limit first, so on its last turn such a round went to the tiebreak and
was reported with ``isStateLimitExceed``. That order is the option
`turn_limit_before_deaths`; with the official 63-turn limit it forms `OFFICIAL_ENGINE`,
which `sparring match` adopts when a seat is a bot of that contest (``saiblo:``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sparring.arena.seats import make_seat
from sparring.cli.match import parse_options, seat_rules
from sparring.core.replay import read_replay, verify_replay
from sparring.games.aquawar.actions import Attack
from sparring.games.aquawar.options import OFFICIAL_ENGINE, AquawarOptions
from sparring.games.aquawar.saiblo import SaibloSeat, finish_from_log, previous_round
from sparring.games.aquawar.state import AquawarState

from .helpers import ARCHER, HAMMERHEAD, MANTA, PUFFER, SEAWOLF, of_kind, play, position, tune
from .saiblo_support import EXAMPLE, SPEC, command

PLAIN = [ARCHER, PUFFER, HAMMERHEAD, SEAWOLF]
OFFICIAL = AquawarOptions.from_json(dict(OFFICIAL_ENGINE))


def last_fish_standing(options: AquawarOptions, turn: int, theirs: list[int]) -> AquawarState:
    """Seat 0 to act on turn index `turn` (seat 0 opened the round): each side has only its
    fish 0 left, seat 0's an Archerfish at 30 HP, seat 1's the first of `theirs` at 30 HP."""
    state = position(PLAIN, theirs, turn=turn, options=options)
    for fish in state.teams[0][1:] + state.teams[1][1:]:
        tune(fish, hp=0)
    tune(state.teams[0][0], hp=30)
    tune(state.teams[1][0], hp=30)
    return state


def round_end(state: AquawarState) -> tuple[int, str, int]:
    result = state.round_results[0]
    return result["winner"], result["reason"], result["turns"]


def test_the_rules_text_stays_the_default() -> None:
    rules = AquawarOptions()
    assert rules.turn_limit == 64 and rules.turn_limit_before_deaths is False
    assert SPEC.default_options() == rules


def test_the_official_engine_profile() -> None:
    assert dict(OFFICIAL_ENGINE) == {"turn_limit": 63, "turn_limit_before_deaths": True}
    assert AquawarOptions(turn_limit=63, turn_limit_before_deaths=True) == OFFICIAL
    assert SPEC.extensions.seat_rules == {"saiblo": OFFICIAL_ENGINE}


def test_turn_limit_before_deaths_turns_a_last_turn_mutual_destruction_into_a_tiebreak() -> None:
    # The 63rd turn (index 62) of the official limit: seat 0's Archerfish kills the last
    # enemy, a Hammerhead, whose explosion (40) kills it back. Both sides are empty: no
    # fish, no HP, no highest HP, so the seat that moved second (seat 1) wins.
    state = last_fish_standing(OFFICIAL, 62, [HAMMERHEAD, PUFFER, SEAWOLF, MANTA])
    died = of_kind(play(state, Attack(0, 0)), "dead")
    assert [(e["seat"], e["pos"]) for e in died] == [(0, 0), (1, 0)]
    assert round_end(state) == (1, "turn limit: second mover", 63)


def test_the_rules_order_decides_the_same_action_as_a_mutual_destruction() -> None:
    state = last_fish_standing(
        AquawarOptions(turn_limit=63), 62, [HAMMERHEAD, PUFFER, SEAWOLF, MANTA]
    )
    play(state, Attack(0, 0))
    assert round_end(state) == (0, "mutual destruction", 63)


def test_turn_limit_before_deaths_reports_a_last_turn_elimination_by_the_tiebreak() -> None:
    # Seat 0 kills seat 1's last fish (a Pufferfish: no explosion) on the last turn: seat 0
    # still wins, but by the tiebreak's "more fish", not by elimination.
    state = last_fish_standing(OFFICIAL, 62, [PUFFER, HAMMERHEAD, SEAWOLF, MANTA])
    play(state, Attack(0, 0))
    assert round_end(state) == (0, "turn limit: more fish", 63)
    rules = last_fish_standing(
        AquawarOptions(turn_limit=63), 62, [PUFFER, HAMMERHEAD, SEAWOLF, MANTA]
    )
    play(rules, Attack(0, 0))
    assert round_end(rules) == (0, "elimination", 63)


def test_turn_limit_before_deaths_changes_nothing_before_the_last_turn() -> None:
    state = last_fish_standing(OFFICIAL, 61, [HAMMERHEAD, PUFFER, SEAWOLF, MANTA])
    play(state, Attack(0, 0))
    assert round_end(state) == (0, "mutual destruction", 62)


def test_a_contest_seat_is_told_the_state_limit_ended_that_round() -> None:
    state = last_fish_standing(OFFICIAL, 62, [HAMMERHEAD, PUFFER, SEAWOLF, MANTA])
    play(state, Attack(0, 0))
    for seat, result in ((0, "Lose"), (1, "Win")):
        finish = finish_from_log(previous_round(SPEC.view(state, seat)))
        assert finish["Result"] == result and finish["isStateLimitExceed"] is True


# --------------------------------------------------------------------- sparring match


def test_a_match_seating_a_contest_bot_adopts_the_official_rules() -> None:
    contest = [SaibloSeat(command(EXAMPLE)), make_seat("builtin:random", SPEC, 1, 1)]
    adopted = seat_rules(SPEC, contest)
    assert adopted == dict(OFFICIAL_ENGINE)
    assert parse_options(SPEC, None, 2, adopted) == OFFICIAL
    given = parse_options(SPEC, '{"turn_limit": 64}', 2, adopted)
    assert given == AquawarOptions(turn_limit=64, turn_limit_before_deaths=True)
    ordinary = [make_seat(f"builtin:{name}", SPEC, 0, 1) for name in ("random", "greedy")]
    assert seat_rules(SPEC, ordinary) == {}
    assert parse_options(SPEC, None, 2, seat_rules(SPEC, ordinary)) == AquawarOptions()


def test_sparring_match_states_the_official_rules_in_the_replay_header(tmp_path: Path) -> None:
    replay = tmp_path / "contest.jsonl"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sparring",
            "match",
            "aquawar",
            "--seat",
            f"saiblo:{command(EXAMPLE)}",
            "--seat",
            "builtin:random",
            "--seed",
            "7",
            "--replay",
            str(replay),
            "--db",
            f"sqlite:///{tmp_path / 'store.db'}",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    said = " ".join(result.stdout.split())  # the console wraps long lines
    assert f"Rules {json.dumps(OFFICIAL.to_json())}: a contest's bot plays under" in said
    recorded = read_replay(replay)
    assert recorded.header.options == OFFICIAL.to_json()
    report = verify_replay(recorded)
    assert report.ok, report.problems
    assert report.state.options == OFFICIAL
