"""An LLM seat's whole transcript is stored with its match (the seat's notes, in the match's
own row) and shown by ``sparring matches transcript``: exactly what the scripted server
was sent and answered, in order, with the end of the match; a file only when asked for."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from sparring.arena.referee import run_match
from sparring.arena.seats import make_seat
from sparring.arena.store import Store
from sparring.cli import app
from sparring.core.errors import BadInput
from sparring.core.registry import get_game

from .chat_server import Step, chat_server

GAME = "liarsdice"


def counting_answers() -> Step:
    """Answers "1" with a growing run of "!" (still read as 1), so each is its own."""
    asked = iter(range(10_000))
    return Step(lambda _messages: "1" + "!" * (next(asked) % 4))


def play(tmp_path: Path, seat: str, *flags: str) -> tuple[int, str, list[dict[str, object]]]:
    """A match of the llm `seat` against random through the CLI: its id, store and the
    requests the server got."""
    db = f"sqlite:///{tmp_path / 'm.db'}"
    with chat_server(counting_answers()) as (url, script):
        command = ["match", GAME, "--seat", seat, "--seat", "builtin:random", "--seed", "9"]
        result = CliRunner().invoke(
            app, [*command, "--llm-url", url, "--db", db, "--quiet", *flags]
        )
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["match"], db, script.requests


def test_the_stored_transcript_is_what_the_model_was_sent_and_answered(tmp_path: Path) -> None:
    match_id, db, requests = play(tmp_path, "llm:scripted?history=0")
    with Store(db) as store:
        notes = store.get(match_id).seat_notes
    assert notes is not None and notes[1] is None
    transcript = notes[0]
    assert transcript is not None
    messages = transcript["messages"]
    last_request = requests[-1]["messages"]
    assert isinstance(messages, list) and messages[: len(last_request)] == last_request
    answers = [m["content"] for m in messages if m["role"] == "assistant"]
    assert answers == ["1" + "!" * (n % 4) for n in range(len(requests))]
    assert messages[-1]["content"].startswith("The match is over: ")
    assert len(messages) == len(last_request) + 2  # the last answer and the end
    for number, request in enumerate(requests):  # every request: the conversation so far
        assert request["messages"] == messages[: 2 * number + 2]
    assert transcript["model"] == "scripted" and transcript["answers"] == len(requests)
    assert transcript["game"] == GAME and transcript["seat"] == 0
    assert not (tmp_path / "llm-transcripts").exists()


def test_matches_transcript_prints_it_readably_and_as_json(tmp_path: Path) -> None:
    match_id, db, requests = play(tmp_path, "llm:scripted")
    shown = CliRunner().invoke(app, ["matches", "transcript", str(match_id), "--db", db])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0].startswith(f"match {match_id}, seat 0: kind llm, model scripted")
    assert lines[1] == "── system ──"
    assert lines[2] == requests[0]["messages"][0]["content"].splitlines()[0]
    assert shown.output.count("── assistant ──") == len(requests)
    raw = CliRunner().invoke(
        app, ["matches", "transcript", str(match_id), "--db", db, "--seat", "0", "--json"]
    )
    assert raw.exit_code == 0, raw.output
    with Store(db) as store:
        notes = store.get(match_id).seat_notes
    assert notes is not None and json.loads(raw.output) == notes[0]
    listed = CliRunner().invoke(app, ["matches", "show", str(match_id), "--db", db, "--no-events"])
    assert f"notes     seat 0: sparring matches transcript {match_id}" in listed.output
    everyone = CliRunner().invoke(
        app, ["matches", "transcript", str(match_id), "--db", db, "--json"]
    )
    assert json.loads(everyone.output) == notes


def test_a_seat_or_match_without_notes_is_refused(tmp_path: Path) -> None:
    match_id, db, _ = play(tmp_path, "llm:scripted")
    other = CliRunner().invoke(
        app, ["matches", "transcript", str(match_id), "--db", db, "--seat", "1"]
    )
    assert isinstance(other.exception, BadInput)  # `sparring` prints it, exit code 2
    assert "seat 1 kept no notes (seats with notes: 0)" in str(other.exception)
    command = ["match", GAME, "--seat", "builtin:random", "--seat", "builtin:random"]
    plain = CliRunner().invoke(app, [*command, "--db", db, "--quiet"])
    plain_id = json.loads(plain.output)["match"]
    none = CliRunner().invoke(app, ["matches", "transcript", str(plain_id), "--db", db])
    assert isinstance(none.exception, BadInput)
    assert "no seat kept a transcript" in str(none.exception)


def test_the_file_is_still_written_when_asked_and_holds_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "files"
    match_id, db, _ = play(tmp_path, f"llm:scripted?transcripts={folder}")
    (written,) = folder.iterdir()
    with Store(db) as store:
        notes = store.get(match_id).seat_notes
    assert notes is not None and json.loads(written.read_text()) == notes[0]


def test_the_referee_collects_notes_only_from_seats_that_keep_them(tmp_path: Path) -> None:
    spec = get_game(GAME)
    with chat_server(counting_answers()) as (url, _):
        llm = make_seat(f"llm:scripted?url={url}", spec, 1, 2)
        seats = [make_seat("builtin:random", spec, 0, 1), llm]
        outcome = run_match(spec, seats, 4, spec.options_from_json({"players": 2}), seconds=30)
    assert outcome.notes[0] is None
    assert outcome.notes[1] is not None and outcome.notes[1]["seat"] == 1
