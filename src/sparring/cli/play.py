"""`sparring play` (being written)."""

import typer


def register(app: typer.Typer) -> None:
    """Add the command to `app`."""
