"""Games that last: the server process is killed with SIGKILL in the middle of a game and
started again on the same store; the table is rebuilt from its seed and stored actions,
shows the player exactly where the game was (same `seq`, same view) and goes on to the
end. The stored match then re-simulates exactly."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
from websockets.sync.client import connect

from sparring.arena.store import Store
from sparring.core.replay import parse_written_replay, verify_replay

from .conftest import ServerProcess, free_port
from .players import builtin, person, token_of

GAME = "aquawar"


def socket_url(base: str, table: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/table/{table}"


def hello(base: str, table: str, token: str) -> tuple[Any, dict[str, Any]]:
    socket = connect(socket_url(base, table))
    socket.send(json.dumps({"type": "hello", "token": token}))
    assert json.loads(socket.recv(timeout=30))["type"] == "hello"
    return socket, json.loads(socket.recv(timeout=30))


def next_turn(socket: Any, frame: dict[str, Any]) -> dict[str, Any]:
    """The first frame from `frame` on where this seat must move (or the game is over)."""
    while frame["legal"] is None and not frame["finished"]:
        message = json.loads(socket.recv(timeout=30))
        if message["type"] == "frame":
            frame = message
    return frame


def move(socket: Any, frame: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Make a random legal move, and return the frame that shows it made."""
    choice = rng.randrange(frame["legal_count"])
    socket.send(json.dumps({"type": "act", "index": choice, "decision": frame["decision"]}))
    acknowledged = None
    while True:
        message = json.loads(socket.recv(timeout=30))
        assert message["type"] != "error", message
        if message["type"] == "ack":
            acknowledged = message["seq"]
        elif message["type"] == "frame" and message["seq"] == acknowledged:
            return message  # the frame that shows this move made


def test_a_game_goes_on_after_the_server_is_killed(store_url: str) -> None:
    port = free_port()
    rng = random.Random(8)
    server = ServerProcess(store_url, port).start()
    try:
        body = {"game": GAME, "seed": 99, "seats": [person("me"), builtin("greedy")]}
        table = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
        token = token_of(table["seats"][0]["invitation"])
        socket, frame = hello(server.url, table["table"], token)
        for _ in range(6):
            frame = move(socket, next_turn(socket, frame), rng)
        frame = next_turn(socket, frame)
        assert not frame["finished"]
        before = frame
        server.kill()
        socket.close()
        server = ServerProcess(store_url, port).start()
        socket, frame = hello(server.url, table["table"], token)
        assert frame["seq"] == before["seq"] and frame["view"] == before["view"]
        assert frame["legal"] == before["legal"]
        # The first frame after a hello carries the whole log, ending as it did.
        assert len(frame["log"]) >= len(before["log"])
        assert frame["log"][len(frame["log"]) - len(before["log"]) :] == before["log"]
        while not frame["finished"]:
            frame = move(socket, next_turn(socket, frame), rng)
            frame = next_turn(socket, frame)
        socket.close()
        match = frame["result"]["match"]
    finally:
        server.stop()
    with Store(store_url) as store:
        record = store.get(match)
    verification = verify_replay(parse_written_replay(record.replay or ""))
    assert verification.ok, verification.problems
    assert verification.decisions == frame["seq"] - 1
