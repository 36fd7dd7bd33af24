"""`sparring llm bench` against the local scripted chat server: the win rate and its
interval, the illegal-answer rate and the tokens, as a table and as JSON; every match
saved to the store with the model's transcript."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from sparring.cli import app
from sparring.core.registry import game_names
from sparring.tournament.stats import wilson_interval

from .chat_server import Step, chat_server, first_action

GAME = "liarsdice" if "liarsdice" in game_names() else game_names()[0]


def bench(url: str, tmp_path: Path, *extra: str) -> list[str]:
    return [
        "llm", "bench", GAME, "--model", "scripted", "--llm-url", url, "--matches", "4",
        "--seed", "7", "--transcripts", str(tmp_path), "--db", store_url(tmp_path), *extra,
    ]  # fmt: skip


def store_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'bench.db'}"


def test_bench_counts_wins_illegal_answers_and_tokens(tmp_path: Path) -> None:
    turns = iter(range(10_000))

    def every_third_wrong(messages: list[dict[str, str]]) -> str:
        return "no idea" if next(turns) % 3 == 2 else "Let me take 1."

    with chat_server(Step(every_third_wrong)) as (url, script):
        result = CliRunner().invoke(app, [*bench(url, tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["matches"] == 4 and data["answers"] == len(script.requests)
    assert data["illegal_answers"] == len(script.requests) // 3  # every third answer
    assert abs(data["illegal_rate"] - data["illegal_answers"] / data["answers"]) < 1e-12
    interval = wilson_interval(data["points"], 4)
    assert data["win_rate_95"] == [round(interval.low, 4), round(interval.high, 4)]
    assert data["win_rate"] == data["points"] / 4
    assert data["completion_tokens"] == sum(
        4 if n % 3 != 2 else 2 for n in range(len(script.requests))
    )
    assert data["prompt_tokens"] > data["completion_tokens"]
    assert len(data["transcripts"]) == 4 and all(Path(p).is_file() for p in data["transcripts"])


def test_bench_prints_a_table(tmp_path: Path) -> None:
    with chat_server(Step(first_action)) as (url, _):
        result = CliRunner().invoke(app, bench(url, tmp_path))
    assert result.exit_code == 0, result.output
    assert "win rate (95 %)" in result.output and "0 of " in result.output


def test_a_model_that_never_answers_legally_loses_every_match(tmp_path: Path) -> None:
    with chat_server("banana") as (url, _):
        result = CliRunner().invoke(app, [*bench(url, tmp_path, "--retries", "1"), "--json"])
    data = json.loads(result.output)
    assert data["points"] == 0 and data["verdicts"] == {"BAD": 4}
    assert data["illegal_rate"] == 1.0 and data["answers"] == 8


def test_every_match_is_stored_with_the_models_transcript(tmp_path: Path) -> None:
    with chat_server(Step(first_action)) as (url, _):
        result = CliRunner().invoke(app, [*bench(url, tmp_path), "--json"])
    data = json.loads(result.output)
    assert len(data["match_ids"]) == 4 and len(set(data["match_ids"])) == 4
    for number, match_id in enumerate(data["match_ids"]):
        shown = CliRunner().invoke(
            app, ["matches", "transcript", str(match_id), "--json", "--db", store_url(tmp_path)]
        )
        assert shown.exit_code == 0, shown.output
        notes = json.loads(shown.output)
        llm_seat = number % len(notes)  # the model takes each seat in turn (notes: by seat)
        assert notes[llm_seat]["kind"] == "llm" and notes[llm_seat]["messages"]
        assert all(note is None for seat, note in enumerate(notes) if seat != llm_seat)
