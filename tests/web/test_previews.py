"""A frame's `previews` (docs/web.md, "Frames"; `Display.previews`): the decision some legal
actions will open, for a person's seat to move only — what a board gathers before it sends
the action, so cancelling sends nothing (Food Chain's ruling on rules §14,
docs/games/foodchain.md, "Cancelling a selection"). A seat not to move, a spectator and a
game without previews get null; the previews name legal actions by their index."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from sparring.core.registry import get_game
from sparring.web.app import create_app

from .players import builtin, create, person, play_out, receive, send, token_of


def whole_game(store_url: str, game: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every frame a person's seat 0 receives in a whole game against the random agent,
    and the last frame a spectator receives."""
    with TestClient(create_app(store_url)) as client:
        table = create(client, game, [person("Ada"), builtin()], seed=4)
        with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
            send(socket, {"type": "hello", "token": token_of(table["seats"][0]["invitation"])})
            assert receive(socket)["type"] == "hello"
            frames = play_out(socket, random.Random(8))
        with client.websocket_connect(f"/ws/table/{table['table']}") as watcher:
            send(watcher, {"type": "hello", "token": None})
            receive(watcher)
            watched = receive(watcher)
    return frames, watched


def test_a_persons_frames_carry_previews_only_beside_their_legal_actions(store_url: str) -> None:
    frames, watched = whole_game(store_url, "foodchain")
    seen = 0
    for frame in frames:
        if frame["legal"] is None:
            assert frame["previews"] is None
            continue
        for index, preview in frame["previews"].items():
            action = frame["legal"][int(index)]
            assert action["type"] == "play" and preview["source"] == action["card"]
            assert preview["kind"] in ("eat", "target") and len(preview["options"]) >= 2
            seen += 1
    assert seen >= 5, "the game offered too few previews to prove anything"
    assert watched["previews"] is None


def test_a_game_without_previews_sends_null(store_url: str) -> None:
    assert get_game("aquawar").display.previews is None
    frames, _ = whole_game(store_url, "aquawar")
    assert frames and all(frame["previews"] is None for frame in frames)
