"""The lobby's API: the games offered, tables created (and refused), open seats joined,
the lists of open, live and finished games, tournaments, and the pages served."""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sparring.core.registry import game_names
from sparring.tournament.records import Entrant, Settings, TournamentStore
from sparring.web.app import MAX_MESSAGE_BYTES, create_app

from .players import builtin, create, person, receive, send, token_of

GAME = "liarsdice"


@pytest.fixture
def client(store_url: str) -> Any:
    with TestClient(create_app(store_url)) as made:
        yield made


def test_every_registered_game_is_offered_with_its_options_and_agents(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [game["name"] for game in games] == game_names()
    for game in games:
        assert isinstance(game["options"], dict) and game["options"]
        assert "random" in game["agents"]
        assert "human" not in game["agents"], "the terminal's agent cannot play for a browser"
        assert game["board"].endswith(".js")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"game": "chess", "seats": []}, "unknown game 'chess'"),
        (
            {"game": GAME, "seats": [person(), builtin()], "options": {"players": 3}},
            "3 seats, not 2",
        ),
        ({"game": GAME, "seats": "two"}, "seats is a list"),
        ({"game": GAME, "seats": [person(), builtin()], "seed": -1}, "seed is a whole number"),
        ({"game": GAME, "seats": [person(), builtin()], "seed": "7"}, "seed is a whole number"),
        ({"game": GAME, "seats": [person(), builtin()], "options": {"dice": "many"}}, "dice"),
        ({"game": GAME, "seats": [person(clock="sundial"), builtin()]}, "clock must be"),
        ({"game": GAME, "seats": [person(days=0), builtin()]}, "days per move must be"),
        ({"game": GAME, "seats": [person(name="x" * 41), builtin()]}, "at most 40"),
        ({"game": GAME, "seats": [person(), builtin("nobody")]}, "unknown liarsdice agent"),
    ],
)
def test_a_bad_table_is_refused_with_the_reason(
    client: TestClient, body: dict[str, Any], says: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert says in response.json()["error"]
    assert client.get("/api/tables").json()["live"] == []


def test_a_request_that_is_not_a_json_object_or_too_big_is_refused(client: TestClient) -> None:
    for content in (b"{nope", b"[1]", b"{" + b" " * MAX_MESSAGE_BYTES + b"}"):
        response = client.post("/api/tables", content=content)
        assert response.status_code == 400, content[:20]


def test_a_table_chooses_its_seed_or_takes_the_given_one(client: TestClient) -> None:
    given = create(client, GAME, [person(), builtin()], seed=12345)
    assert given["seed"] == 12345
    drawn = [create(client, GAME, [person(), builtin()])["seed"] for _ in range(2)]
    assert drawn[0] != drawn[1]


def test_an_open_seat_is_listed_joined_once_and_then_closed(client: TestClient) -> None:
    table = create(client, GAME, [person("host"), person("guest", open=True)], seed=2)
    listed = client.get("/api/tables").json()["open"]
    assert [entry["table"] for entry in listed] == [table["table"]]
    assert [seat["open"] for seat in listed[0]["seats"]] == [False, True]
    joined = client.post(f"/api/tables/{table['table']}/seats/1/join").json()
    assert joined["seat"] == 1 and "#token=" in joined["invitation"]
    assert client.get("/api/tables").json()["open"] == []
    again = client.post(f"/api/tables/{table['table']}/seats/1/join")
    assert again.status_code == 400 and "not open" in again.json()["error"]
    closed = client.post(f"/api/tables/{table['table']}/seats/0/join")
    assert closed.status_code == 400
    with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
        send(socket, {"type": "hello", "token": token_of(joined["invitation"])})
        assert receive(socket)["seat"] == 1
    with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
        send(socket, {"type": "hello", "token": token_of(table["seats"][1]["invitation"])})
        assert receive(socket)["type"] == "error", "the invitation's token stops at the join"


def test_live_and_finished_games_are_listed(store_url: str) -> None:
    with TestClient(create_app(store_url)) as client:
        waiting = create(client, GAME, [person(), builtin()], seed=4)
        create(client, GAME, [builtin(), builtin()], seed=5)
        finished: list[Any] = []
        deadline = time.monotonic() + 90
        while not finished and time.monotonic() < deadline:
            time.sleep(0.1)
            finished = client.get("/api/tables").json()["finished"]
        assert finished and finished[0]["seats"] == ["random", "random"]
        live = client.get("/api/tables").json()["live"]
        assert [entry["table"] for entry in live] == [waiting["table"]]
        assert client.get(f"/api/matches?game={GAME}").json()[0]["match"] == finished[0]["match"]


def test_a_stored_tournament_is_listed_with_its_leaderboard(
    client: TestClient, store_url: str
) -> None:
    settings = Settings(
        game=GAME,
        format="round-robin",
        entrants=(Entrant("a", "builtin:random"), Entrant("b", "builtin:greedy")),
        options={},
        players=2,
        sets=1,
        orders="all",
        rounds=1,
        seed=1,
        time_limit=None,
        memory_mib=512,
        sandbox=False,
    )
    with TournamentStore(store_url) as store:
        store.create("cup", settings)
    listed = client.get("/api/tournaments").json()
    assert [(each["name"], each["entrants"]) for each in listed] == [("cup", ["a", "b"])]
    report = client.get("/api/tournaments/cup").json()
    assert report["tournament"] == "cup" and report["games_played"] == 0
    assert len(report["leaderboard"]) == 2
    assert client.get("/api/tournaments/nope").status_code == 400


@pytest.mark.parametrize(
    "path", ["/", "/table/abc", "/replay/1", "/tournaments", "/tournaments/cup"]
)
def test_the_pages_are_served(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200 and '<script type="module"' in response.text


def test_static_modules_are_served_and_board_files_stay_in_their_folder(
    client: TestClient,
) -> None:
    assert "export function mount" in client.get("/static/generic-board.js").text
    for game in game_names():
        assert client.get(f"/boards/{game}/../spec.py").status_code == 404
        assert client.get(f"/boards/{game}/%2e%2e/spec.py").status_code == 404


def test_a_finished_table_is_stored_as_a_match_once(store_url: str) -> None:
    with TestClient(create_app(store_url)) as client:
        table = create(client, GAME, [builtin(), builtin()], seed=9)
        with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
            send(socket, {"type": "hello", "token": None})
            receive(socket)
            frame = receive(socket)
            while not frame["finished"]:
                frame = receive(socket)
        match = frame["result"]["match"]
    with TestClient(create_app(store_url)) as client:  # a restart does not store it again
        assert [entry["match"] for entry in client.get("/api/matches").json()] == [match]
        summary = client.get(f"/api/tables/{table['table']}").json()
        assert summary["finished"] and summary["match"] == match


def test_created_at_is_shown(client: TestClient) -> None:
    table = create(client, GAME, [person(), builtin()], seed=4)
    shown = client.get(f"/api/tables/{table['table']}").json()["created_at"]
    assert abs(dt.datetime.fromisoformat(shown) - dt.datetime.now(dt.UTC)) < dt.timedelta(minutes=5)
