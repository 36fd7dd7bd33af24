"""`sparring scenario run PATH...`: run scenario files (positions as data with expected
results, see docs/scenarios.md) and report, per failing file, the first expectation that
differs.

Exit codes: 0 when every file passes, 1 when an expectation differs, 2 when a file cannot
be read or validated. A single unreadable file is an ordinary user error (``error: ...``
and exit 2 from the main entry point); among several, a bad file is reported like a
failure and the others still run, so one typo never hides the results of the rest.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sparring.core.errors import BadInput

if TYPE_CHECKING:
    from sparring.core.scenario import Outcome

app = typer.Typer(
    help="Run scenario files: positions as data with expected results.",
    no_args_is_help=True,
)


@app.callback()
def _group() -> None:
    """Run scenario files: positions as data with expected results."""


def _summary(outcomes: list[Outcome]) -> str:
    counts = {s: sum(o.status == s for o in outcomes) for s in ("pass", "fail", "bad")}
    line = f"{counts['pass']} passed, {counts['fail']} failed"
    if counts["bad"]:
        line += f", {counts['bad']} unreadable"
    return line


@app.command("run")
def run(
    paths: Annotated[
        list[Path], typer.Argument(help="Scenario files, or folders searched for *.toml.")
    ],
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Also list the files that pass.")
    ] = False,
) -> None:
    """Run scenario files and folders (exit 0: all pass, 1: a failure, 2: a bad file)."""
    from sparring.core.scenario import discover, run_file  # loaded only when scenarios run

    files = discover(paths)
    outcomes: list[Outcome] = []
    for path in files:
        outcome = run_file(path)
        if outcome.status == "bad" and len(files) == 1:
            raise BadInput(outcome.message)
        outcomes.append(outcome)
        if outcome.status == "fail":
            typer.echo(f"FAIL {outcome.message}")
        elif outcome.status == "bad":
            typer.echo(f"BAD  {outcome.message}")
        elif verbose:
            typer.echo(f"ok   {path}")
    typer.echo(_summary(outcomes))
    if any(o.status == "bad" for o in outcomes):
        raise typer.Exit(2)
    if any(o.status == "fail" for o in outcomes):
        raise typer.Exit(1)
