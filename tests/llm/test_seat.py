"""The LLM seat over real HTTP, against the local scripted chat server: whole matches for
every game, prose and retries, the verdicts (BAD after the retries, TLE for a slow answer),
tokens counted from ``usage``, the conversation kept and the transcript written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sparring.arena.referee import run_match
from sparring.arena.seats import BuiltinSeat, make_seat
from sparring.core.errors import BadInput
from sparring.core.registry import game_names, get_game
from sparring.core.verdicts import BAD, TLE
from sparring.llm.seat import LlmSeat

from .chat_server import Step, chat_server, first_action

GAMES = game_names()
#: Options that keep a match short where the default one runs to hundreds of decisions (the
#: whole conversation grows with each): a game not named plays under its defaults.
SHORT = {"warfish": {"round_cap": 2, "setup_placement": "random"}}


def seats(spec_name: str, url: str, folder: Path, extra: str = "") -> list[object]:
    spec = get_game(spec_name)
    llm = make_seat(f"llm:test-model?url={url},transcripts={folder}{extra}", spec, 0, 1)
    players = spec.new_game(1, None).num_players
    others = [make_seat("builtin:random", spec, seat, seat) for seat in range(1, players)]
    return [llm, *others]


@pytest.mark.parametrize("game", GAMES)
def test_an_llm_seat_plays_a_whole_match_of_every_game(game: str, tmp_path: Path) -> None:
    spec = get_game(game)
    with chat_server(Step(first_action)) as (url, script):
        table = seats(game, url, tmp_path)
        options = spec.options_from_json(SHORT.get(game))
        outcome = run_match(spec, table, 3, options, seconds=30)
    assert outcome.state.is_terminal()
    assert outcome.verdicts == []
    llm = table[0]
    assert isinstance(llm, LlmSeat) and isinstance(table[1], BuiltinSeat)
    assert llm.answers == len(script.requests) == outcome.decisions[0] > 0
    system = script.requests[0]["messages"][0]
    assert system["role"] == "system" and spec.title in system["content"]
    last = script.requests[-1]["messages"]
    assert last[0] == system and len(last) == 1 + 2 * min(8, len(script.requests)) - 1
    assert len(llm.messages) == 1 + 2 * len(script.requests) + 1  # kept whole, with the end
    written = json.loads(llm.transcript_path.read_text()) if llm.transcript_path else {}
    assert written["model"] == "test-model" and written["answers"] == llm.answers
    assert written["prompt_tokens"] == llm.prompt_tokens > 0


def test_the_conversation_is_kept_and_requests_carry_the_latest_decisions(
    tmp_path: Path,
) -> None:
    game = GAMES[0]
    spec = get_game(game)
    with chat_server(Step(first_action)) as (url, script):
        table = seats(game, url, tmp_path, ",history=2")
        run_match(spec, table, 3, seconds=30)
    second, fifth = script.requests[1]["messages"], script.requests[4]["messages"]
    assert [m["role"] for m in second] == ["system", "user", "assistant", "user"]
    assert [m["role"] for m in fifth] == ["system", "user", "assistant", "user"]
    llm = table[0]
    assert isinstance(llm, LlmSeat)
    assert fifth[1:] == llm.messages[7:10]


def test_prose_is_read_and_a_wrong_answer_gets_the_reason_and_a_retry(tmp_path: Path) -> None:
    game = GAMES[0]
    spec = get_game(game)
    with chat_server("Hmm, let me think... nothing.", "I'll play 1.", Step(first_action)) as (
        url,
        script,
    ):
        table = seats(game, url, tmp_path)
        outcome = run_match(spec, table, 4, seconds=30)
    assert outcome.verdicts == []
    retry = script.requests[1]["messages"]
    assert retry[-2] == {"role": "assistant", "content": "Hmm, let me think... nothing."}
    assert retry[-1]["content"].startswith("Not accepted: no action found in the answer")
    llm = table[0]
    assert isinstance(llm, LlmSeat) and llm.refused == 1


def test_garbage_past_the_retries_is_the_seats_verdict(tmp_path: Path) -> None:
    game = GAMES[0]
    spec = get_game(game)
    with chat_server("banana") as (url, script):
        table = seats(game, url, tmp_path, ",retries=2")
        outcome = run_match(spec, table, 5, seconds=30)
    assert len(script.requests) == 3
    assert [(v.seat, v.verdict) for v in outcome.verdicts] == [(0, BAD)]
    assert "no legal answer in 3 tries" in outcome.verdicts[0].detail
    assert outcome.state.is_terminal()


def test_a_slow_answer_runs_out_the_decisions_clock(tmp_path: Path) -> None:
    game = GAMES[0]
    spec = get_game(game)
    with chat_server(Step("1", delay=2.0)) as (url, _):
        table = seats(game, url, tmp_path)
        outcome = run_match(spec, table, 6, seconds=0.3)
    assert [(v.seat, v.verdict) for v in outcome.verdicts] == [(0, TLE)]


def test_the_seat_string_is_checked() -> None:
    spec = get_game(GAMES[0])
    with pytest.raises(BadInput, match="name the model"):
        make_seat("llm:", spec, 0, 1)
    with pytest.raises(BadInput, match="unknown setting"):
        make_seat("llm:m?colour=red", spec, 0, 1)
    with pytest.raises(BadInput, match="retries must be a whole number"):
        make_seat("llm:m?retries=x", spec, 0, 1)
    with pytest.raises(BadInput, match="history must be a whole number"):
        make_seat("llm:m?history=-1", spec, 0, 1)


def test_the_key_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = get_game(GAMES[0])
    monkeypatch.delenv("SPARRING_LLM_KEY", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with chat_server("1") as (url, _):
        seat = make_seat(f"llm:m?url={url}", spec, 0, 1)
        assert isinstance(seat, LlmSeat)
        assert seat.client._http.headers["Authorization"] == "Bearer sk-test"
        seat.client.close()
