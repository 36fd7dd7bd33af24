"""Driving tables through the websocket protocol, as a browser would, for the tests."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient


def token_of(invitation: str) -> str:
    """The seat token an invitation link carries in its fragment."""
    return invitation.split("#token=", 1)[1]


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict:
    response = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 200, response.text
    return dict(response.json())


def person(name: str = "", clock: str = "correspondence", **extra: Any) -> dict[str, Any]:
    return {"kind": "person", "name": name or None, "clock": clock, "days": 1, **extra}


def builtin(agent: str = "random") -> dict[str, Any]:
    return {"kind": "builtin", "agent": agent}


def send(socket: Any, message: dict[str, Any]) -> None:
    socket.send_text(json.dumps(message))


def receive(socket: Any) -> dict[str, Any]:
    return dict(json.loads(socket.receive_text()))


def play_out(socket: Any, rng: random.Random, limit: int = 5000) -> list[dict[str, Any]]:
    """Play a person's seat to the end of the game against machine seats, with random
    legal choices by index; returns every frame received. Acts once per decision of the
    seat (the frame's `decision`), as a browser's board does."""
    frames: list[dict[str, Any]] = []
    acted = None
    for _ in range(limit):
        message = receive(socket)
        assert message["type"] in ("frame", "ack"), message
        if message["type"] == "ack":
            continue
        frames.append(message)
        if message["finished"]:
            return frames
        if message["legal"] is not None and message["decision"] != acted:
            acted = message["decision"]
            choice = rng.randrange(message["legal_count"])
            send(socket, {"type": "act", "index": choice, "decision": acted})
    raise AssertionError("the game did not end")
