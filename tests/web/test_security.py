"""What a browser may not do: guess or reuse a seat token, act as a spectator or out of
turn, send oversized, malformed or illegal messages, or get any command run. Each is
refused with an error frame (or an HTTP 400) that says why, and nothing changes."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sparring.arena import process, seats
from sparring.web.app import MAX_MESSAGE_BYTES, create_app
from sparring.web.config import ServerConfig

from .players import builtin, create, person, receive, send, token_of

GAME = "liarsdice"


@pytest.fixture
def client(store_url: str) -> Any:
    """A client whose sockets (opened by `joined`) are closed before the app stops."""
    with TestClient(create_app(store_url)) as made, contextlib.ExitStack() as sockets:
        made.sockets = sockets
        yield made


def two_people(client: TestClient) -> dict[str, Any]:
    return create(client, GAME, [person("A"), person("B")], seed=7)


def joined(client: TestClient, table: dict[str, Any], token: str | None) -> Any:
    socket = client.sockets.enter_context(client.websocket_connect(f"/ws/table/{table['table']}"))
    send(socket, {"type": "hello", "token": token})
    hello = receive(socket)
    assert hello["type"] == "hello", hello
    frame = receive(socket)
    assert frame["type"] == "frame"
    socket.first = frame
    return socket


def stored_actions(store_url: str) -> int:
    path = store_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        return int(connection.execute("select count(*) from web_table_actions").fetchone()[0])


def mover_and_other(client: TestClient, table: dict[str, Any]) -> tuple[Any, Any]:
    tokens = [token_of(seat["invitation"]) for seat in table["seats"]]
    sockets = [joined(client, table, token) for token in tokens]
    first = sockets[0].first
    mover = first["to_move"][0]
    return sockets[mover], sockets[1 - mover]


def test_tokens_are_long_random_distinct_and_never_stored(
    client: TestClient, store_url: str
) -> None:
    tokens = [token_of(seat["invitation"]) for seat in two_people(client)["seats"]]
    assert len(set(tokens)) == 2
    assert all(len(token) >= 43 for token in tokens)  # 32 random bytes, base64url
    raw = Path(store_url.removeprefix("sqlite:///")).read_bytes()
    assert not any(token.encode() in raw for token in tokens), "a token was stored as is"


def test_a_token_opens_its_own_seat_only(client: TestClient) -> None:
    table = two_people(client)
    for seat, entry in enumerate(table["seats"]):
        socket = joined(client, table, token_of(entry["invitation"]))
        assert socket.first["view"] is not None
        with client.websocket_connect(f"/ws/table/{table['table']}") as again:
            send(again, {"type": "hello", "token": token_of(entry["invitation"])})
            assert receive(again)["seat"] == seat


def test_a_token_of_another_table_is_refused(client: TestClient) -> None:
    one, other = two_people(client), two_people(client)
    with client.websocket_connect(f"/ws/table/{other['table']}") as socket:
        send(socket, {"type": "hello", "token": token_of(one["seats"][0]["invitation"])})
        answer = receive(socket)
        assert answer == {"type": "error", "message": "this token opens no seat at this table"}
        send(socket, {"type": "hello", "token": "x" * 43})
        assert receive(socket)["type"] == "error"


def test_a_spectator_cannot_act(client: TestClient, store_url: str) -> None:
    table = two_people(client)
    watcher = joined(client, table, None)
    assert watcher.first["legal"] is None
    send(watcher, {"type": "act", "index": 0})
    assert receive(watcher) == {"type": "error", "message": "spectators cannot act"}
    assert stored_actions(store_url) == 0


def test_acting_out_of_turn_is_refused(client: TestClient, store_url: str) -> None:
    mover, waiting = mover_and_other(client, two_people(client))
    assert waiting.first["legal"] is None and mover.first["legal"] is not None
    send(waiting, {"type": "act", "index": 0})
    assert receive(waiting) == {"type": "error", "message": "it is not your turn"}
    assert stored_actions(store_url) == 0


@pytest.mark.parametrize(
    ("message", "says"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", 'a JSON object with a "type"'),
        ('{"type": "fly"}', "unknown message type"),
        ('{"type": "act"}', "neither an 'action' nor an 'index'"),
        ('{"type": "act", "index": 10000}', "index must be an integer"),
        ('{"type": "act", "index": true}', "index must be an integer"),
        ('{"type": "act", "action": {"type": "no-such-action"}}', "'no-such-action'"),
        ('{"type": "act", "action": 5}', ""),
        ('{"type": "act", "index": 0, "decision": 99}', "not yours to make now"),
        ('{"type": "hello", "token": null}', "hello was already said"),
    ],
)
def test_malformed_or_illegal_messages_are_refused_and_change_nothing(
    client: TestClient, store_url: str, message: str, says: str
) -> None:
    mover, _ = mover_and_other(client, two_people(client))
    mover.send_text(message)
    answer = receive(mover)
    assert answer["type"] == "error" and says in answer["message"], answer
    assert stored_actions(store_url) == 0
    send(mover, {"type": "act", "index": 0})  # the seat still plays, from where it was
    assert receive(mover) == {"type": "ack", "seq": mover.first["seq"] + 1}


def test_an_action_outside_the_legal_list_is_refused(client: TestClient, store_url: str) -> None:
    mover, _ = mover_and_other(client, two_people(client))
    legal = mover.first["legal"]
    # A well-formed action of the game that is not legal now: a legal one with a field
    # pushed out of every legal value.
    action = dict(legal[0])
    key = next(name for name, value in action.items() if isinstance(value, int))
    action[key] = max(each.get(key, 0) for each in legal) + 1000
    send(mover, {"type": "act", "action": action})
    answer = receive(mover)
    assert answer["type"] == "error", answer
    assert stored_actions(store_url) == 0


def test_oversized_and_binary_messages_are_refused(client: TestClient, store_url: str) -> None:
    mover, _ = mover_and_other(client, two_people(client))
    padding = "x" * MAX_MESSAGE_BYTES
    mover.send_text(json.dumps({"type": "act", "index": 0, "padding": padding}))
    assert receive(mover) == {
        "type": "error",
        "message": f"the message is over {MAX_MESSAGE_BYTES} bytes",
    }
    mover.send_bytes(b'{"type": "act", "index": 0}')
    assert receive(mover)["message"] == "messages are JSON text, not binary"
    assert stored_actions(store_url) == 0


def test_acting_before_hello_is_refused(client: TestClient) -> None:
    table = two_people(client)
    with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
        send(socket, {"type": "act", "index": 0})
        assert receive(socket) == {"type": "error", "message": "say hello first"}


def test_an_unknown_table_is_an_error_frame(client: TestClient) -> None:
    with client.websocket_connect("/ws/table/nope") as socket:
        assert receive(socket) == {"type": "error", "message": "no table 'nope'"}


@pytest.fixture
def no_process_may_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any bot process started from here on fails the test."""

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError(f"a process was started: {args}")

    monkeypatch.setattr(process, "BotProcess", refuse)
    monkeypatch.setattr(seats, "BotProcess", refuse)


@pytest.mark.parametrize(
    "seat",
    [
        {"kind": "bot", "bot": "python -c 'import os; os.system(\"touch /tmp/owned\")'"},
        {"kind": "bot", "bot": "mybot", "command": "sh -c 'touch /tmp/owned'"},
        {"kind": "builtin", "agent": "sh -c 'touch /tmp/owned'"},
        {"kind": "builtin", "agent": "human"},
        {"kind": "sh", "argument": "touch /tmp/owned"},
        {"kind": "python -c 1"},
    ],
)
def test_no_client_input_reaches_a_command_line(
    store_url: str, no_process_may_start: None, seat: dict[str, Any]
) -> None:
    """Seats name built-in agents or the configured bots by name; anything else — a
    command in any field, an unknown kind, the terminal's human agent — is refused."""
    config = ServerConfig(bots={"mybot": "builtin:random"})
    with TestClient(create_app(store_url, config)) as client:
        response = client.post(
            "/api/tables", json={"game": GAME, "seats": [person(), seat], "seed": 1}
        )
        assert response.status_code == 400, response.text
        assert response.json()["error"].startswith("seat 1:")
        assert client.get("/api/tables").json()["live"] == []


def test_a_configured_bot_is_seated_by_its_name(store_url: str) -> None:
    """The seat description comes from the configuration file, never from the browser."""
    config = ServerConfig(bots={"house": "builtin:greedy"})
    with TestClient(create_app(store_url, config)) as client:
        assert client.get("/api/games").json()[0]["bots"] == ["house"]
        table = create(client, GAME, [builtin(), {"kind": "bot", "bot": "house"}], seed=3)
        summary = client.get(f"/api/tables/{table['table']}").json()
        assert [seat["name"] for seat in summary["seats"]] == ["random (built-in)", "house (bot)"]
