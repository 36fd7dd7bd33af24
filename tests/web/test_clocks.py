"""Clocks: a person's live clock is the game's decision clock, and running out of it
costs what a bot's time-out costs (the game's verdict rule); a correspondence clock gives
days per move; both are shown in every frame, with the machines' clocks."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from sparring.arena.store import Store
from sparring.core.registry import game_names, get_game
from sparring.core.verdicts import TLE
from sparring.web.app import create_app
from sparring.web.tables import SECONDS_PER_DAY

from .players import builtin, create, person, receive, send, token_of

GAME = "liarsdice"
QUICK = 0.3  # the test game's decision clock, seconds


def quick_game(name: str):  # type: ignore[no-untyped-def]
    spec = get_game(name)
    return replace(spec, referee=replace(spec.referee, decision_seconds=QUICK))


def test_a_live_clock_running_out_costs_the_games_verdict_price(store_url: str) -> None:
    with TestClient(create_app(store_url, games=quick_game)) as client:
        table = create(client, GAME, [person("slow", clock="live"), builtin()], seed=1)
        with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
            send(socket, {"type": "hello", "token": token_of(table["seats"][0]["invitation"])})
            receive(socket)
            frame = receive(socket)
            while not frame["finished"]:
                if 0 in frame["to_move"]:
                    clock = frame["clocks"][0]
                    assert clock["mode"] == "live"
                    assert 0 <= clock["remaining"] <= QUICK
                    assert abs(clock["deadline"] - (frame["at"] + QUICK)) < 1e-6
                frame = receive(socket)  # never moving: the clock runs out
        assert frame["result"]["reason"] == "forfeit" and frame["result"]["winner"] == 1
    with Store(store_url) as store:
        record = store.get(frame["result"]["match"])
    assert [(v["seat"], v["verdict"]) for v in record.verdicts] == [(0, TLE)]


def test_a_correspondence_clock_gives_days_per_move(store_url: str) -> None:
    with TestClient(create_app(store_url, games=quick_game)) as client:
        seats = [person("patient", clock="correspondence", days=2), builtin()]
        table = create(client, GAME, seats, seed=1)
        with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
            send(socket, {"type": "hello", "token": token_of(table["seats"][0]["invitation"])})
            receive(socket)
            frame = receive(socket)
            while 0 not in frame["to_move"]:
                frame = receive(socket)
            time.sleep(2 * QUICK)  # far past a live clock: nothing happens
            send(socket, {"type": "act", "index": 0})
            assert receive(socket)["type"] == "ack"
            clock = frame["clocks"][0]
            assert clock["mode"] == "correspondence"
            assert clock["deadline"] == frame["at"] + 2 * SECONDS_PER_DAY
            assert frame["clocks"][1]["mode"] == "bot"


SURVIVING = [name for name in game_names() if get_game(name).referee.survives_timeout]


@pytest.mark.parametrize("game", SURVIVING)
def test_where_a_time_out_is_survivable_a_person_plays_on_after_one(
    game: str, store_url: str
) -> None:
    """A game whose verdict rule lets a bot play on after a time-out (`survives_timeout`)
    lets a person do the same: the first TLE costs its price, and the game goes on."""
    with TestClient(create_app(store_url, games=quick_game)) as client:
        table = create(client, game, [person("slow", clock="live"), builtin()], seed=1)
        with client.websocket_connect(f"/ws/table/{table['table']}") as socket:
            send(socket, {"type": "hello", "token": token_of(table["seats"][0]["invitation"])})
            receive(socket)
            frame = receive(socket)
            while not frame["finished"] and time_outs(store_url) < 2:
                frame = receive(socket)
    assert time_outs(store_url) >= 2, "the game ended at the first time-out"


def time_outs(store_url: str) -> int:
    with sqlite3.connect(store_url.removeprefix("sqlite:///")) as connection:
        query = "select count(*) from web_table_actions where verdict = ?"
        return int(connection.execute(query, (TLE,)).fetchone()[0])
