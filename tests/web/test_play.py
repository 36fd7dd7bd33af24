"""Every registered game, whole, through the generic protocol: a person's seat driven by
the test over the websocket against a built-in agent, a spectator watching; the finished
table is a stored match whose replay re-simulates exactly, and the replay page's frames
come from replaying it through the engine."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from sparring.arena.store import Store
from sparring.core.registry import game_names, get_game
from sparring.core.replay import parse_written_replay, verify_replay
from sparring.web.app import create_app

from .players import builtin, create, person, play_out, receive, send, token_of


@pytest.mark.parametrize("game", game_names())
def test_a_person_plays_a_whole_game_against_a_built_in_agent(game: str, store_url: str) -> None:
    spec = get_game(game)
    seats = [person("Ada"), *[builtin() for _ in range(spec.facts.min_players - 1)]]
    with TestClient(create_app(store_url)) as client:
        table = create(client, game, seats, seed=11)
        with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
            send(socket, {"type": "hello", "token": token_of(table["seats"][0]["invitation"])})
            hello = receive(socket)
            assert hello["type"] == "hello" and hello["seat"] == 0 and hello["game"] == game
            assert hello["seat_names"][0] == "Ada"
            frames = play_out(socket, random.Random(3))
        seqs = [frame["seq"] for frame in frames]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "a frame was lost or reordered"
        result = frames[-1]["result"]
        assert result["match"] is not None
        with client.websocket_connect(f"/ws/table/{table['table']}") as watcher:
            send(watcher, {"type": "hello", "token": None})
            assert receive(watcher)["seat"] is None
            final = receive(watcher)
            assert final["finished"] and final["legal"] is None and final["seq"] == seqs[-1]
        replay = client.get(f"/api/replays/{result['match']}").json()
    with Store(store_url) as store:
        record = store.get(result["match"])
    verification = verify_replay(parse_written_replay(record.replay or ""))
    assert verification.ok, verification.problems
    assert record.seats[0] == {"kind": "person", "name": "Ada", "clock": "correspondence"}
    assert len(replay["frames"]) == verification.decisions + 1
    assert replay["frames"][-1]["finished"]
