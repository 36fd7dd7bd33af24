"""The web application: the lobby's JSON API, the pages, the boards' static files and the
tables' websockets (docs/web.md). `create_app` builds it around one store; `sparring
serve` runs it with uvicorn.

Every client input is checked here or in the hub, and refused with a message — an HTTP
400 with ``{"error": ...}``, or an ``error`` frame on a socket — never a traceback, and
nothing changes. No client input ever reaches a command line: a bot is chosen by the name
the server's configuration gives it (`config`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from sparring.agents.catalog import agent_names
from sparring.agents.terminal import TerminalAgent
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.registry import game_names, get_game
from sparring.core.replay import options_json

from .boards import board_file, board_url, game_page_url
from .config import ServerConfig
from .hub import Hub, Refused, Running, Subscriber, encode
from .records import WebStore
from .replays import replay_frames

STATIC = Path(__file__).parent / "static"
#: The largest message a browser may send on a table's socket, and a request body.
MAX_MESSAGE_BYTES = 64 * 1024
PAGES = {
    "lobby": "lobby.html",
    "table": "table.html",
    "replay": "replay.html",
    "tournaments": "tournaments.html",
}


def create_app(
    db: str | None = None,
    config: ServerConfig | None = None,
    *,
    games: Callable[[str], GameSpec] = get_game,
    pace: float = 0.0,
) -> FastAPI:
    """The application over the store at `db` (default: the CLI's). `games` finds a
    game's spec by name (tests give specs of their own); `pace` is the pause, in
    seconds, before each decision of a machine seat."""
    store = WebStore(db)
    hub = Hub(store, config or ServerConfig(), games, lambda spec: board_url(spec.name), pace)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            store.close()

    app = FastAPI(title="sparring", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(BadInput)
    async def bad_input(_request: Request, error: BadInput) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=400)

    _pages(app)
    _lobby_api(app, hub)
    _watching_api(app, hub, store)

    @app.websocket("/ws/table/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await _serve_socket(hub, socket, table_id)

    return app


def _pages(app: FastAPI) -> None:
    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / PAGES[name], media_type="text/html")

    app.get("/", include_in_schema=False)(lambda: page("lobby"))
    app.get("/table/{table_id}", include_in_schema=False)(lambda table_id: page("table"))
    app.get("/replay/{match_id}", include_in_schema=False)(lambda match_id: page("replay"))
    app.get("/tournaments", include_in_schema=False)(lambda: page("tournaments"))
    app.get("/tournaments/{name}", include_in_schema=False)(lambda name: page("tournaments"))

    @app.get("/boards/{game}/{name:path}", include_in_schema=False)
    def board(game: str, name: str) -> Response:
        path = board_file(game, name)
        if path is None:
            return JSONResponse({"error": f"no board file {name!r} for {game!r}"}, 404)
        return FileResponse(path)


def game_entry(spec: GameSpec, config: ServerConfig) -> dict[str, Any]:
    """A game as the lobby offers it: seats, default options, agents and the clock."""
    agents = [
        name
        for name in agent_names(spec)
        if not (name in spec.agents and isinstance(spec.agents[name](0, 0), TerminalAgent))
    ]
    return {
        "name": spec.name,
        "title": spec.title,
        "min_players": spec.facts.min_players,
        "max_players": spec.facts.max_players,
        "options": options_json(spec.default_options()),
        "agents": agents,
        "bots": sorted(config.bots),
        "decision_seconds": spec.referee.decision_seconds,
        "board": board_url(spec.name),
        "page": game_page_url(spec.name),
    }


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_MESSAGE_BYTES:
        raise BadInput(f"the request is over {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise BadInput("the request is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadInput("the request is a JSON object")
    return data


def _lobby_api(app: FastAPI, hub: Hub) -> None:
    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        return [game_entry(hub.games(name), hub.config) for name in game_names()]

    @app.post("/api/games/{game}/options")
    async def check_options(game: str, request: Request) -> dict[str, Any]:
        """Rule options checked by the game, as creating a table would check them, and
        returned in the game's canonical form (a game's page checks a deck this way)."""
        spec = hub.games(game)
        options = spec.options_from_json((await _body(request)) or None)
        return {"options": options_json(options)}

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        data = await _body(request)
        game = data.get("game")
        if not isinstance(game, str):
            raise BadInput("game is the name of a game (GET /api/games lists them)")
        hub.games(game)  # an unknown game is a BadInput naming the known ones
        running, tokens = await hub.create(
            game, data.get("options"), data.get("seed"), data.get("seats")
        )
        return {
            "table": running.id,
            "seed": running.live.setup.seed,
            "spectate": f"/table/{running.id}",
            "seats": [
                {"seat": seat, "invitation": None if token is None else _invitation(running, token)}
                for seat, token in enumerate(tokens)
            ],
        }

    @app.get("/api/tables")
    async def tables() -> dict[str, Any]:
        held = hub.summaries()
        matches = await asyncio.to_thread(hub.store.list, None, 50)
        return {
            "open": [t for t in held if not t["finished"] and any(s["open"] for s in t["seats"])],
            "live": [t for t in held if not t["finished"]],
            "finished": [_match_entry(record) for record in matches],
        }

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str) -> dict[str, Any]:
        return (await _running(hub, table_id)).live.summary()

    @app.post("/api/tables/{table_id}/seats/{seat}/join")
    async def join(table_id: str, seat: int) -> dict[str, Any]:
        running = await _running(hub, table_id)
        token = await hub.join(running, seat)
        return {"seat": seat, "invitation": _invitation(running, token)}


def _invitation(running: Running, token: str) -> str:
    """The link a person plays a seat by: the token rides in the fragment, which a
    browser never sends to a server (nor into its logs)."""
    return f"/table/{running.id}#token={token}"


async def _running(hub: Hub, table_id: str) -> Running:
    running = await hub.table(table_id) if len(table_id) <= 64 else None
    if running is None:
        raise BadInput(f"no table {table_id!r}")
    return running


def _match_entry(record: Any) -> dict[str, Any]:
    return {
        "match": record.id,
        "game": record.game,
        "seats": [seat.get("name") or seat.get("kind") for seat in record.seats],
        "winner": record.winner,
        "finished_at": record.finished_at.isoformat(timespec="seconds"),
    }


def _watching_api(app: FastAPI, hub: Hub, store: WebStore) -> None:
    @app.get("/api/matches")
    async def matches(game: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        found = await asyncio.to_thread(store.list, game, max(1, min(limit, 500)))
        return [_match_entry(record) for record in found]

    @app.get("/api/replays/{match_id}")
    async def replay(match_id: int, seat: int | None = None) -> Response:
        record = await asyncio.to_thread(store.get, match_id)
        spec = hub.games(record.game)
        data = await asyncio.to_thread(replay_frames, record, spec, seat)
        data["hello"]["board"] = board_url(spec.name)
        return Response(encode(data), media_type="application/json")

    @app.get("/api/tournaments")
    async def tournaments() -> list[dict[str, Any]]:
        found = await asyncio.to_thread(store.tournaments)
        return [
            {
                "name": t.name,
                "id": t.id,
                "game": t.settings.game,
                "format": t.settings.format,
                "entrants": [entrant.name for entrant in t.settings.entrants],
                "created_at": t.created_at.isoformat(timespec="seconds"),
            }
            for t in found
        ]

    @app.get("/api/tournaments/{name}")
    async def tournament(name: str) -> dict[str, Any]:
        from sparring.cli.tournament_report import report_json

        def read() -> dict[str, Any]:
            found = store.find(name)
            return report_json(found, store.games(found))

        return await asyncio.to_thread(read)


async def _serve_socket(hub: Hub, socket: WebSocket, table_id: str) -> None:
    """One browser at one table: `hello` first (with a seat token, or none to watch),
    then `act` messages; every answer goes through the subscriber's queue, in order."""
    await socket.accept()
    subscriber = Subscriber()
    writer = asyncio.create_task(_write(socket, subscriber))
    running = await hub.table(table_id) if len(table_id) <= 64 else None
    joined = False
    try:
        if running is None:
            subscriber.send(_error(f"no table {table_id!r}"))
            return
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            try:
                data = _read_message(message)
                if data["type"] == "hello":
                    if joined:
                        raise Refused("hello was already said on this socket")
                    viewer = hub.seat_of(running, data.get("token"))
                    await hub.subscribe(running, subscriber, viewer)
                    joined = True
                elif data["type"] == "act":
                    if not joined:
                        raise Refused("say hello first")
                    await hub.act(running, subscriber, data)
                else:
                    raise Refused(f"unknown message type {data['type']!r}")
            except Refused as refusal:
                subscriber.send(_error(str(refusal)))
    except WebSocketDisconnect:
        return
    finally:
        if running is not None:
            hub.unsubscribe(running, subscriber)
        await _drain(subscriber, writer)


def _read_message(message: Mapping[str, Any]) -> dict[str, Any]:
    """A browser's message as a JSON object with a string ``type``, or `Refused`."""
    text = message.get("text")
    if text is None:
        raise Refused("messages are JSON text, not binary")
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise Refused(f"the message is over {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except ValueError:
        raise Refused("the message is not valid JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refused('a message is a JSON object with a "type"')
    return data


def _error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}


async def _write(socket: WebSocket, subscriber: Subscriber) -> None:
    with contextlib.suppress(Exception):  # a closed socket ends its writer
        while True:
            await socket.send_text(await subscriber.queue.get())


async def _drain(subscriber: Subscriber, writer: asyncio.Task[None]) -> None:
    """Let the writer send what is queued (an error for a missing table), then stop it."""
    for _ in range(50):
        if subscriber.queue.empty():
            break
        await asyncio.sleep(0.01)
    writer.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await writer
