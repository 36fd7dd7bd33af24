"""A bot from the server's configuration file plays at a table as under `sparring match`:
a real process speaking the bot protocol, asked in a worker thread (so the server keeps
answering while it thinks), its seat named by the configuration, never by the browser."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from fastapi.testclient import TestClient

from sparring.arena.store import Store
from sparring.web.app import create_app
from sparring.web.config import ServerConfig

from .players import builtin, create, receive, send

GAME = "liarsdice"
#: A built-in agent run as a bot process of its own (`sparring bot run`).
SPARRING = Path(sys.executable).parent / "sparring"
BOT = f"{SPARRING} bot run builtin:random --game {GAME}"


def test_a_configured_bot_process_plays_a_whole_game(store_url: str) -> None:
    config = ServerConfig(bots={"runner": BOT}, sandbox=False)
    with TestClient(create_app(store_url, config)) as client:
        table = create(client, GAME, [{"kind": "bot", "bot": "runner"}, builtin()], seed=6)
        with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
            send(socket, {"type": "hello", "token": None})
            assert receive(socket)["seat_names"] == ["runner (bot)", "random (built-in)"]
            frame = receive(socket)
            while not frame["finished"]:
                started = time.monotonic()
                assert client.get("/api/games").status_code == 200
                assert time.monotonic() - started < 5, "the server stopped answering"
                frame = receive(socket)
        match = frame["result"]["match"]
    with Store(store_url) as store:
        record = store.get(match)
    assert record.seats[0] == {"kind": "bot", "name": "runner"}
    assert record.verdicts == [], record.verdicts


def test_a_failing_bot_gets_the_referees_verdict_and_its_price(store_url: str) -> None:
    config = ServerConfig(bots={"broken": "sh -c 'exit 3'"}, sandbox=False)
    with TestClient(create_app(store_url, config)) as client:
        table = create(client, GAME, [builtin(), {"kind": "bot", "bot": "broken"}], seed=6)
        with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
            send(socket, {"type": "hello", "token": None})
            receive(socket)
            frame = receive(socket)
            while not frame["finished"]:
                frame = receive(socket)
    assert frame["result"]["winner"] == 0 and frame["result"]["reason"] == "forfeit"
    with Store(store_url) as store:
        record = store.get(frame["result"]["match"])
    assert [(v["seat"], v["verdict"]) for v in record.verdicts] == [(1, "RE")]
