"""Replays: written while playing, verified by re-simulation, refusing broken files."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

import pytest

from sparring.core.errors import BadInput
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.replay import ReplayWriter, parse_replay, read_replay, verify_replay
from sparring.core.rng import Rng

SPEC = get_game("aquawar")
SEATS = [{"kind": "builtin", "name": "uniform"}] * 2


class Uniform:
    """A uniformly random in-process agent, local to these tests."""

    needs_view = False

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.below(len(legal), "agent")]


class Cheater(Uniform):
    """Plays one illegal action at its 5th decision."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        self.calls += 1
        if self.calls == 5:
            return SPEC.action_from_json({"type": "pick", "fish": [1, 1, 1, 1]})
        return super().act(view, legal)


def flip_first_dodge(text: str) -> list[str]:
    """The replay's lines with its first recorded dodge turned into the other outcome: the
    smallest tampering that re-simulation must catch."""
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if '"dodge"' in line)
    changed = json.loads(lines[index])
    changed["value"] = 1 - changed["value"]
    lines[index] = json.dumps(changed)
    return lines


def record(seed: int, agents: list[Any] | None = None) -> tuple[str, Any]:
    buffer = io.StringIO()
    writer = ReplayWriter(buffer, SPEC, seed, None, SEATS)
    agents = agents or [Uniform(seed), Uniform(seed + 1)]
    state = play_match(SPEC, seed, None, agents, recorder=writer)
    return buffer.getvalue(), state


@pytest.mark.parametrize("seed", range(8))
def test_recorded_matches_verify(seed: int) -> None:
    text, state = record(seed)
    report = verify_replay(parse_replay(text.splitlines()))
    assert report.ok, report.problems
    assert report.state.winner == state.winner
    assert [e for e in report.state.events] == state.events


def test_replay_layout_header_decisions_chance_result() -> None:
    text, _ = record(3)
    kinds = [json.loads(line)["type"] for line in text.splitlines()]
    assert kinds[0] == "header" and kinds[-1] == "result"
    assert kinds[1] == "chance"  # the round-1 first mover is drawn before any decision
    assert set(kinds[1:-1]) <= {"decision", "chance"}
    header = json.loads(text.splitlines()[0])
    assert header["game"] == "aquawar" and header["seed"] == 3


def test_a_flipped_chance_outcome_is_reported() -> None:
    text, _ = record(5)
    lines = flip_first_dodge(text)
    report = verify_replay(parse_replay(lines))
    assert not report.ok
    assert "diverges" in report.problems[0]


def test_a_changed_action_is_reported() -> None:
    text, _ = record(6)
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if '"attack"' in line)
    record_ = json.loads(lines[index])
    record_["action"]["target"] = (record_["action"]["target"] + 1) % 4
    lines[index] = json.dumps(record_)
    report = verify_replay(parse_replay(lines))
    assert not report.ok


def test_an_unfinished_replay_is_reported_not_crashed() -> None:
    text, _ = record(2)
    lines = text.splitlines()[:-1]
    report = verify_replay(parse_replay(lines))
    assert any("cut short" in p for p in report.problems)


def test_illegal_action_forfeit_replays_as_forfeit() -> None:
    text, state = record(4, [Uniform(4), Cheater(9)])
    assert state.winner == 0
    decisions = [json.loads(x) for x in text.splitlines() if '"decision"' in x]
    assert decisions[-1]["verdict"] == "IA" and decisions[-1]["seat"] == 1
    report = verify_replay(parse_replay(text.splitlines()))
    assert report.ok, report.problems
    assert report.state.winner == 0


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["not json"], "line 1 is not a valid replay record"),
        (['{"type": "decision", "seat": 0, "action": null}'], "first line must be the replay"),
        (['{"type": "header"}'], "line 1 is not a valid replay record"),
        ([], "first line must be the replay header"),
    ],
)
def test_broken_replays_get_clear_errors(lines: list[str], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        parse_replay(lines)


def with_header(text: str, **changes: Any) -> list[str]:
    """The replay's lines with some header fields replaced."""
    lines = text.splitlines()
    lines[0] = json.dumps({**json.loads(lines[0]), **changes})
    return lines


def test_wrong_format_version_is_refused() -> None:
    text, _ = record(1)
    with pytest.raises(BadInput, match="unsupported replay format"):
        parse_replay(with_header(text, format="sparring-replay/99"))


def test_missing_file_is_a_clear_error(tmp_path: Any) -> None:
    with pytest.raises(BadInput, match="does not exist"):
        read_replay(tmp_path / "nope.jsonl")


def test_unknown_game_in_header_is_a_clear_error() -> None:
    text, _ = record(1)
    with pytest.raises(BadInput, match="unknown game"):
        verify_replay(parse_replay(with_header(text, game="tictactoe")))
