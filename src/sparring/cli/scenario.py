"""`sparring scenario` (being written)."""

import typer

app = typer.Typer(help="Run scenario files: positions as data with expected results.")
