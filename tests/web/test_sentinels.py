"""The no-leak proof over the websocket: for every registered game with hidden
information, every frame every socket receives in a whole game — each seat's and a
spectator's — is scanned for sentinel numbers planted in what that audience cannot see.

The server is given the game with its view function wrapped, as the bot-process scan in
tests/test_every_game.py does: each view is built from a copy of the state whose data
hidden from that seat was replaced by sentinels (for the spectator: the data hidden from
seat 0, which a spectator cannot see either); so are the previews of a game that gives a
seat to move the selections its actions open (`Display.previews`). A control shows the
scan would catch them: the same copies, shown to the seats that may see that data, do show
sentinels."""

from __future__ import annotations

import random
from contextlib import ExitStack
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sparring.core import conformance as kit
from sparring.core.game import GameSpec
from sparring.core.registry import game_names, get_game
from sparring.core.replay import options_json
from sparring.web.app import create_app

from .players import create, person, receive, send, token_of


def sentinel_spec(spec: GameSpec, planted: set[int], shown_to_owner: list[int]) -> GameSpec:
    assert spec.secrecy is not None
    plant = spec.secrecy.plant_sentinels

    def sentinel_view(state: Any, viewer: int | None) -> Any:
        hidden_from = 0 if viewer is None else viewer
        twin, sentinels = plant(state, hidden_from)
        planted.update(sentinels)
        for owner in range(state.num_players):  # the control: visible where it belongs
            if owner != hidden_from and not shown_to_owner[0]:
                shown = str(spec.view(twin, owner))
                shown_to_owner[0] += any(str(s) in shown for s in sentinels)
        return spec.view(twin, viewer)

    previews = spec.display.previews
    if previews is None:
        return replace(spec, view=sentinel_view)

    def sentinel_previews(state: Any, seat: int, legal: Any) -> Any:
        """The previews a seat to move is sent, built on its sentinel copy too."""
        twin, sentinels = plant(state, seat)
        planted.update(sentinels)
        return previews(twin, seat, legal)

    return replace(
        spec, view=sentinel_view, display=replace(spec.display, previews=sentinel_previews)
    )


@pytest.mark.parametrize("game", game_names())
def test_no_frame_carries_a_sentinel_of_what_its_audience_cannot_see(
    game: str, store_url: str
) -> None:
    spec = get_game(game)
    if spec.secrecy is None:
        pytest.skip(f"{game} declares no hidden information")
    planted: set[int] = set()
    shown_to_owner = [0]
    wrapped = sentinel_spec(spec, planted, shown_to_owner)
    seed = 20_261_124
    options = leak_options(spec, seed)
    players = spec.new_game(seed, options or None).num_players
    received: dict[int | None, list[str]] = {seat: [] for seat in [None, *range(players)]}
    rng = random.Random(5)
    app = create_app(store_url, games=lambda name: wrapped if name == game else get_game(name))
    with TestClient(app) as client, ExitStack() as stack:
        seed = 20_261_124
        table = create(
            client,
            game,
            [person() for _ in range(players)],
            seed=seed,
            options=leak_options(spec, seed),
        )
        sockets: dict[int | None, Any] = {}
        for seat in [None, *range(players)]:
            token = None if seat is None else token_of(table["seats"][seat]["invitation"])
            socket = stack.enter_context(client.websocket_connect(f"/ws/table/{table['table']}"))
            send(socket, {"type": "hello", "token": token})
            received[seat].append(socket.receive_text())
            sockets[seat] = socket
        latest = {seat: _frame(sockets[seat], received[seat]) for seat in sockets}
        decisions = 0
        while not latest[None]["finished"]:
            mover = next(s for s in range(players) if latest[s]["legal"] is not None)
            frame = latest[mover]
            send(sockets[mover], {"type": "act", "index": rng.randrange(frame["legal_count"])})
            assert receive(sockets[mover])["type"] == "ack"
            latest = {seat: _frame(sockets[seat], received[seat]) for seat in sockets}
            assert len({each["seq"] for each in latest.values()}) == 1
            decisions += 1
            assert decisions < 20_000
    assert planted, "no sentinel was planted: the scan would prove nothing"
    assert shown_to_owner[0] > 0, "the control never saw a sentinel: the scan proves nothing"
    for seat, texts in received.items():
        everything = "".join(texts)
        leaked = sorted(s for s in planted if str(s) in everything)
        assert not leaked, f"audience {seat} received sentinels {leaked[:5]}"


def leak_options(spec: GameSpec, seed: int) -> dict[str, Any]:
    """The options the game's conformance hooks draw for its leak tests (hidden
    information switched on where an option can hide more), as JSON."""
    load = spec.extensions.conformance
    base = kit.DEFAULT_HOOKS if load is None else load()
    options = base.with_options(seed, True).options
    return {} if options is None else dict(options_json(options))


def _frame(socket: Any, texts: list[str]) -> dict[str, Any]:
    text = socket.receive_text()
    texts.append(text)
    frame = receive_json(text)
    assert frame["type"] == "frame", frame
    return frame


def receive_json(text: str) -> dict[str, Any]:
    import json

    return dict(json.loads(text))
