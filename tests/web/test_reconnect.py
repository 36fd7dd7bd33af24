"""Reconnecting: a second tab (or a reload) with the same token gets `hello` and the game
as it is now, with the whole log; every tab of a seat gets every frame, and either may
move."""

from __future__ import annotations

from fastapi.testclient import TestClient

from sparring.web.app import create_app

from .players import create, person, receive, send, token_of

GAME = "liarsdice"


def test_a_second_tab_sees_the_same_game_and_either_tab_plays(store_url: str) -> None:
    with TestClient(create_app(store_url)) as client:
        table = create(client, GAME, [person("A"), person("B")], seed=3)
        tokens = [token_of(seat["invitation"]) for seat in table["seats"]]
        with client.websocket_connect(f"/ws/table/{table['table']}") as first:
            send(first, {"type": "hello", "token": tokens[0]})
            receive(first)
            opening = receive(first)
            mover = opening["to_move"][0]
            with (
                client.websocket_connect(f"/ws/table/{table['table']}") as tab,
                client.websocket_connect(f"/ws/table/{table['table']}") as other,
            ):
                send(tab, {"type": "hello", "token": tokens[mover]})
                send(other, {"type": "hello", "token": tokens[1 - mover]})
                assert receive(tab)["seat"] == mover and receive(other)["seat"] == 1 - mover
                now, theirs = receive(tab), receive(other)
                assert now["seq"] == theirs["seq"] == opening["seq"]
                assert now["log"] and now["legal"] is not None
                send(tab, {"type": "act", "index": 0})
                assert receive(tab) == {"type": "ack", "seq": opening["seq"] + 1}
                assert receive(tab)["seq"] == opening["seq"] + 1
                assert receive(other)["seq"] == opening["seq"] + 1
            assert receive(first)["seq"] == opening["seq"] + 1
        with client.websocket_connect(f"/ws/table/{table['table']}") as again:
            send(again, {"type": "hello", "token": tokens[0]})
            receive(again)
            back = receive(again)
            assert back["seq"] == opening["seq"] + 1
            assert back["log"][: len(opening["log"])] == opening["log"]
