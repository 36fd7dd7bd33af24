"""``--llm-url URL`` on the commands that take seats (`match`, `tournament`, `compare`): the
address of every ``llm:`` seat that names none. Its order, tested against two scripted
servers at once (the one that should not be asked must get no request): the seat's own
``?url=``, then ``--llm-url``, then ``$SPARRING_LLM_URL``, then the default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparring.arena.seats import make_seat
from sparring.arena.store import Store
from sparring.cli import app
from sparring.cli.tournament import build_settings, open_or_create
from sparring.core.registry import get_game
from sparring.llm.client import DEFAULT_URL, completions_url
from sparring.llm.seat import LlmSeat
from sparring.tournament.records import Entrant, GameRecord, TournamentStore
from sparring.tournament.runner import task_of
from sparring.tournament.schedule import Slot

from .chat_server import Step, chat_server, first_action

#: Liar's Dice: a short match, and its random agent answers in no time.
GAME = "liarsdice"


def match(db: Path, *seats_and_flags: str) -> list[str]:
    return ["match", GAME, *seats_and_flags, "--seed", "5", "--db", f"sqlite:///{db}", "--quiet"]


def test_match_sends_an_llm_seat_to_the_llm_url(tmp_path: Path) -> None:
    with chat_server(Step(first_action)) as (url, script):
        flags = ["--seat", "llm:scripted", "--llm-url", url, "--seat", "builtin:random"]
        result = CliRunner().invoke(app, match(tmp_path / "s.db", *flags))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["verdicts"] == []
    assert script.requests and {r["model"] for r in script.requests} == {"scripted"}


def test_a_seats_own_url_wins_over_the_llm_url(tmp_path: Path) -> None:
    with (
        chat_server(Step(first_action)) as (own, own_script),
        chat_server(Step(first_action)) as (shared, shared_script),
    ):
        flags = ["--seat", f"llm:a?url={own}", "--seat", "llm:b", "--llm-url", shared]
        result = CliRunner().invoke(app, match(tmp_path / "s.db", *flags))
    assert result.exit_code == 0, result.output
    assert {r["model"] for r in own_script.requests} == {"a"}
    assert {r["model"] for r in shared_script.requests} == {"b"}


def test_the_llm_url_wins_over_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with (
        chat_server(Step(first_action)) as (given, given_script),
        chat_server(Step(first_action)) as (environment, environment_script),
    ):
        monkeypatch.setenv("SPARRING_LLM_URL", environment)
        flags = ["--seat", "llm:m", "--llm-url", given, "--seat", "builtin:random"]
        result = CliRunner().invoke(app, match(tmp_path / "s.db", *flags))
        assert result.exit_code == 0, result.output
        assert given_script.requests and not environment_script.requests
        without = ["--seat", "llm:m", "--seat", "builtin:random"]
        result = CliRunner().invoke(app, match(tmp_path / "s.db", *without))
    assert result.exit_code == 0, result.output
    assert environment_script.requests


def test_without_any_address_the_seat_asks_the_default_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SPARRING_LLM_URL", raising=False)
    seat = make_seat("llm:m", get_game(GAME), 0, 1, defaults={"bot": {"url": "elsewhere"}})
    assert isinstance(seat, LlmSeat)
    assert seat.client.url == completions_url(DEFAULT_URL)
    seat.client.close()


def test_a_tournament_plays_its_llm_entrant_on_the_llm_url(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 't.db'}"
    command = [
        "tournament", GAME, "--entrant", "model=llm:scripted", "--entrant", "rnd=builtin:random",
        "--games", "2", "--seed", "3", "--workers", "1", "--db", db, "--quiet",
    ]  # fmt: skip
    with chat_server(Step(first_action)) as (url, script):
        result = CliRunner().invoke(app, [*command, "--llm-url", url])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games_played"] == report["games_scheduled"] == 2
    assert {row["entrant"]: row["verdicts"] for row in report["leaderboard"]}["model"] == {}
    with Store(db) as store:  # each game's match keeps the model's transcript
        stored = [store.get(listed.id or 0) for listed in store.list()]
    assert len(stored) == 2 and all(record.seat_notes for record in stored)
    assert all(
        any(notes and notes["model"] == "scripted" for notes in record.seat_notes or [])
        for record in stored
    )
    assert script.requests and {r["model"] for r in script.requests} == {"scripted"}


def test_a_resumed_tournament_keeps_its_llm_url_unless_given_a_new_one(tmp_path: Path) -> None:
    spec = get_game(GAME)
    entrants = [Entrant("model", "llm:m"), Entrant("rnd", "builtin:random")]
    stored = {"llm": {"url": "http://127.0.0.1:9"}}
    settings = build_settings(
        spec, entrants, form="round-robin", games=None, rounds=None, players=None,
        orders="all", seed=1, time_limit=None, memory=256, options=None, sandbox=True,
        seat_defaults=stored,
    )  # fmt: skip
    with TournamentStore(f"sqlite:///{tmp_path / 'r.db'}") as store:
        made = store.create("t", settings)
        assert store.find("t").settings.seat_defaults == stored
        game = GameRecord(1, Slot(0, 0, 0, 0), 7, (0, 1), None, None, ())
        assert task_of(made, game).seat_defaults == stored
        kept = open_or_create(store, spec, "t", None, lambda: settings)
        assert kept.settings.seat_defaults == stored
        moved = {"llm": {"url": "http://127.0.0.1:10"}}
        resumed = open_or_create(store, spec, "t", None, lambda: settings, moved)
        assert resumed.settings.seat_defaults == moved


def test_a_comparison_plays_its_llm_entrant_on_the_llm_url(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'c.db'}"
    command = [
        "compare", GAME, "--a", "llm:scripted", "--b", "builtin:random", "--games", "2",
        "--seed", "3", "--workers", "1", "--db", db, "--quiet",
    ]  # fmt: skip
    with chat_server(Step(first_action)) as (url, script):
        result = CliRunner().invoke(app, [*command, "--llm-url", url])
    assert result.exit_code == 0, result.output
    assert script.requests and {r["model"] for r in script.requests} == {"scripted"}
