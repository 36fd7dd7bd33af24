"""Command-line options several match-running commands take, declared once: the store,
the referee's caps, the rule options, the LLM seats' server, how they run (workers, Ray) and
how they report."""

from __future__ import annotations

import typer

DB = typer.Option(None, "--db", help="Store URL (default sqlite:///sparring.db).")
TIME_LIMIT = typer.Option(
    None, "--time-limit", help="Seconds per decision (default: the game's own clock)."
)
MEMORY = typer.Option(1024, "--memory", help="Memory cap per bot process, MiB.")
RULE_OPTIONS = typer.Option(None, "--options", help="Rule options as JSON.")
QUIET = typer.Option(False, "--quiet", help="Print one JSON line at the end only.")
NO_SANDBOX = typer.Option(
    False, "--no-sandbox", help="Run bots unisolated, as you, in this folder (not advised)."
)
WORKERS = typer.Option(None, "--workers", help="Local worker processes (default: one per core).")
RAY = typer.Option(None, "--ray", help="Play on the Ray cluster at this address (or auto).")
LLM_URL = typer.Option(
    None,
    "--llm-url",
    help="The chat server of every llm: seat that names none (default $SPARRING_LLM_URL, "
    "else http://127.0.0.1:8080).",
)


def seat_defaults(llm_url: str | None) -> dict[str, dict[str, str]]:
    """The settings the seats' kinds take from the command (`arena.seats.SeatDefaults`)."""
    return {} if llm_url is None else {"llm": {"url": llm_url}}
