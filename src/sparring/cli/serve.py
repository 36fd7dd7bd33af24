"""`sparring serve`: the web server (docs/web.md) — lobby, tables, watching and replays in
the browser, over the same store as the rest of the command line."""

from __future__ import annotations

from pathlib import Path

import typer

from sparring.core.errors import BadInput

from . import shared_options as shared

#: uvicorn's own cap on a websocket message; the server refuses anything over 64 KiB with
#: an error frame, and this closes the socket on anything so large it is not worth reading.
WS_MAX_BYTES = 1024 * 1024


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str | None = shared.DB,
    config: Path | None = typer.Option(
        None, "--config", help="TOML file naming the bots tables may seat (docs/web.md)."
    ),
    pace: float = typer.Option(
        0.5, "--pace", help="Seconds before each move of a built-in agent or bot, to follow it."
    ),
) -> None:
    """Serve the lobby, the tables and the replays in the browser."""
    try:
        import uvicorn

        from sparring.web.app import create_app
    except ImportError as error:
        raise BadInput(
            f"the web server needs its extra: pip install 'sparring[web]' ({error.name})"
        ) from None
    from sparring.web.config import load_config

    if not 0 <= pace <= 60:
        raise BadInput(f"--pace must be between 0 and 60 seconds, got {pace}")
    if not 0 < port < 65536:
        raise BadInput(f"--port must be between 1 and 65535, got {port}")
    app = create_app(db, load_config(config), pace=pace)
    typer.echo(f"sparring serves on http://{host}:{port}/ (store: {app.state.hub.store.url})")
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_BYTES,
        # Frames are small and go to many sockets: compressing each copy costs more CPU
        # than it saves on a network (benchmarks/web_load.py).
        ws_per_message_deflate=False,
        log_level="warning",
    )


def register(app: typer.Typer) -> None:
    """Add `serve` to `app`."""
    app.command("serve")(serve_command)
