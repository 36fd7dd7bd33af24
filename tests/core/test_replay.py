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


# -- forged fields: everything re-simulation can re-derive -----------------------------------


def problems_of(lines: list[str]) -> list[str]:
    return verify_replay(parse_replay(lines)).problems


def edited(text: str, index: int, **changes: Any) -> list[str]:
    """The replay's lines with some fields of line `index` replaced."""
    lines = text.splitlines()
    lines[index] = json.dumps({**json.loads(lines[index]), **changes})
    return lines


def first_line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if needle in line)


def test_a_changed_winner_is_reported() -> None:
    text, state = record(4)
    lines = edited(text, -1, winner=1 - state.winner)
    assert (
        f"replay says winner {1 - state.winner}, re-simulation gives {state.winner}"
        in (problems_of(lines)[0])
    )


def test_changed_returns_are_reported() -> None:
    text, state = record(4)
    forged = [-x for x in state.returns()]
    assert problems_of(edited(text, -1, returns=forged)) == [
        f"returns diverge: replay {forged}, engine {list(state.returns())}"
    ]


def test_a_changed_end_reason_is_reported() -> None:
    text, _ = record(4)
    assert problems_of(edited(text, -1, reason="limit")) == [
        "result diverges: replay says the game ended by 'limit', re-simulation by 'rules'"
    ]


def _forge_wins(summary: dict[str, Any]) -> None:
    summary["wins"] = summary["wins"][::-1]


def _forge_team(summary: dict[str, Any]) -> None:
    team = summary["rounds"][0]["teams"][1]
    team["fish"][0] = next(f for f in range(12) if f not in team["fish"])


def _drop_rounds(summary: dict[str, Any]) -> None:
    del summary["rounds"]


@pytest.mark.parametrize(
    ("forge", "key"), [(_forge_wins, "wins"), (_forge_team, "rounds"), (_drop_rounds, "rounds")]
)
def test_a_changed_summary_is_reported(forge: Any, key: str) -> None:
    text, _ = record(4)
    summary = json.loads(text.splitlines()[-1])["summary"]
    forge(summary)
    found = problems_of(edited(text, -1, summary=summary))
    assert len(found) == 1 and found[0].startswith(f"summary diverges at {key!r}")


def test_a_result_before_the_game_is_over_is_reported() -> None:
    text, _ = record(4)
    lines = text.splitlines()
    last = max(i for i, line in enumerate(lines) if '"decision"' in line)
    cut = lines[:last] + lines[-1:]  # the last decision and its chance outcomes removed
    assert "the replay has a result line, but the game is not over" in problems_of(cut)


def test_a_fake_time_out_is_reported() -> None:
    text, _ = record(6)
    index = first_line(text, '"attack"')
    lines = edited(text, index, action=None, verdict="TLE", reason="no reply within 3 s")
    assert problems_of(lines)[0].endswith("comes after the match ended")


def test_a_verdict_charged_to_a_seat_that_was_not_deciding_is_reported() -> None:
    text, _ = record(6)
    index = first_line(text, '"attack"')
    mover = json.loads(text.splitlines()[index])["seat"]
    lines = edited(text, index, seat=1 - mover, action=None, verdict="TLE", reason="late")
    assert problems_of(lines) == [
        f"decision {_number(text, index)} charges seat {1 - mover} with TLE, but only seats "
        f"[{mover}] had to decide"
    ]


def _number(text: str, index: int) -> int:
    """The 1-based decision number of replay line `index`."""
    return sum('"decision"' in line for line in text.splitlines()[: index + 1])


def test_an_unknown_verdict_is_reported() -> None:
    text, _ = record(6)
    index = first_line(text, '"attack"')
    lines = edited(text, index, action=None, verdict="LOST")
    assert problems_of(lines) == [f"decision {_number(text, index)} has an unknown verdict 'LOST'"]


def test_an_illegal_action_verdict_the_engine_would_accept_is_reported() -> None:
    text, _ = record(6)
    index = first_line(text, '"attack"')
    lines = edited(text, index, verdict="IA", reason="illegal action")
    found = problems_of(lines)
    assert found[0].startswith(
        f"decision {_number(text, index)} is recorded as an illegal action (IA), but the "
        f"engine accepts"
    )


def _cheat_line(text: str) -> int:
    return first_line(text, '"verdict":"IA"')


def test_an_ok_decision_the_engine_refuses_is_reported() -> None:
    text, _ = record(4, [Uniform(4), Cheater(9)])
    index = _cheat_line(text)
    found = problems_of(edited(text, index, verdict="ok", reason=None))
    assert found[0].startswith(f"decision {_number(text, index)} is refused by the engine")


def test_a_verdict_other_than_ia_keeps_no_action() -> None:
    text, _ = record(4, [Uniform(4), Cheater(9)])
    index = _cheat_line(text)
    assert problems_of(edited(text, index, verdict="TLE")) == [
        f"decision {_number(text, index)} is a TLE with an action; only IA keeps one"
    ]


def test_an_ia_without_its_action_verifies_with_a_note() -> None:
    text, _ = record(4, [Uniform(4), Cheater(9)])
    index = _cheat_line(text)
    report = verify_replay(parse_replay(edited(text, index, action=None)))
    assert report.ok, report.problems
    assert report.notes == [
        f"decision {_number(text, index)} is an IA without its action: the refusal is not checked"
    ]


def test_the_header_names_one_seat_per_player() -> None:
    text, _ = record(1)
    lines = with_header(text, seats=SEATS * 2)
    assert problems_of(lines) == ["the header names 4 seats; this game has 2"]


def test_a_decision_for_a_seat_outside_the_game_is_reported() -> None:
    text, _ = record(1)
    index = first_line(text, '"decision"')
    assert problems_of(edited(text, index, seat=2)) == ["decision 1 names seat 2, not in this game"]


def test_a_negative_time_is_reported() -> None:
    text, _ = record(1)
    index = first_line(text, '"decision"')
    assert problems_of(edited(text, index, time=-0.25)) == [
        "decision 1 records a negative time (-0.25 s)"
    ]


def _failed_to_start(decided_first: bool) -> list[str]:
    """A Food Chain match where seat 0 — not the first to move — fails to start (RE), either
    before any decision, as the referee records it, or after seat 1 has decided."""
    spec = get_game("foodchain")
    buffer = io.StringIO()
    writer = ReplayWriter(buffer, spec, 3, None, SEATS)
    state = spec.new_game(3, None)
    writer.begin(state)
    assert state.to_move() == (1,)
    if decided_first:
        action = state.legal_actions(1)[0]
        state.apply(action, 1)
        writer.decision(state, 1, action, 0.1)
    spec.apply_verdict(state, 0, "RE", "exited with status 1")
    writer.decision(state, 0, None, 0.0, verdict="RE", reason="exited with status 1")
    writer.finish(state)
    return buffer.getvalue().splitlines()


def test_a_seat_that_failed_to_start_is_charged_before_anyone_decides() -> None:
    assert problems_of(_failed_to_start(decided_first=False)) == []
    assert problems_of(_failed_to_start(decided_first=True))[0].startswith(
        "decision 2 charges seat 0 with RE, but only seats"
    )


def test_old_replays_without_an_end_reason_verify_with_a_note() -> None:
    text, _ = record(4)
    lines = text.splitlines()
    result = json.loads(lines[-1])
    del result["reason"]
    lines[-1] = json.dumps(result)
    report = verify_replay(parse_replay(lines))
    assert report.ok, report.problems
    assert report.notes == ["the replay predates recorded end reasons: not checked"]


def test_records_split_only_at_newlines(tmp_path: Any) -> None:
    # A seat label (or a bot's verdict reason) may hold other line separators, which the
    # JSON encoder leaves as they are; they must not cut a record in two.
    label = "bot\u2028two\x85three\x0cfour"
    buffer = io.StringIO()
    seats = [{"kind": "bot", "command": label}, SEATS[1]]
    play_match(
        SPEC, 2, None, [Uniform(2), Uniform(3)], recorder=ReplayWriter(buffer, SPEC, 2, None, seats)
    )
    path = tmp_path / "odd.jsonl"
    path.write_text(buffer.getvalue(), encoding="utf-8")
    replay = read_replay(path)
    assert replay.header.seats[0]["command"] == label
    assert verify_replay(replay).ok
