"""`sparring llm bench GAME --model M --llm-url U`: an LLM seat against a built-in agent over
N matches (`sparring.llm.bench`), as a table or ``--json``. docs/llm.md."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from sparring.core.errors import BadInput
from sparring.core.registry import get_game

from . import shared_options as shared
from .common import check_store, parse_seed, save_match, show_again
from .match import parse_options

app = typer.Typer(help="Language models at the table (docs/llm.md).", no_args_is_help=True)


@app.command("bench")
def bench_command(
    game: str = typer.Argument(..., help="The game (`sparring games` lists them)."),
    model: str = typer.Option(..., "--model", help="The model's name at the endpoint."),
    llm_url: str | None = typer.Option(
        None, "--llm-url", help="The OpenAI-compatible server (default $SPARRING_LLM_URL)."
    ),
    against: str = typer.Option("builtin:random", "--against", help="Every other seat."),
    matches: int = typer.Option(10, "--matches", help="How many matches."),
    seed: str | None = typer.Option(None, "--seed", help="First match's seed (default random)."),
    time_limit: float = typer.Option(60.0, "--time-limit", help="Seconds per decision."),
    retries: int = typer.Option(3, "--retries", help="Retries after a refused answer."),
    transcripts: Path = typer.Option(
        Path("llm-transcripts"), "--transcripts", help="Where each match's transcript goes."
    ),
    options: str | None = typer.Option(None, "--options", help="Rule options as JSON."),
    db: str | None = shared.DB,
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
) -> None:
    """N matches of an LLM seat against a built-in agent: win rate, illegal answers, tokens.
    Every match is saved to the store with its transcript."""
    from sparring.llm.bench import run_bench  # the referee and HTTP client, only when used

    spec = get_game(game)
    if matches < 1:
        raise BadInput(f"--matches must be at least 1, got {matches}")
    if not 0 < time_limit <= 3600:
        raise BadInput(f"--time-limit must be between 0 and 3600 seconds, got {time_limit}")
    settings = [f"retries={retries}", f"transcripts={transcripts}"]
    if llm_url:
        settings.insert(0, f"url={llm_url}")
    seat = f"llm:{model}?{','.join(settings)}"
    rules = parse_options(spec, options)
    check_store(db)
    result = run_bench(
        spec,
        seat,
        against,
        matches,
        parse_seed(seed),
        rules,
        time_limit,
        save=lambda replay, notes: save_match(replay, db, notes)[0],
    )
    data = result.to_json()
    if as_json:
        typer.echo(json.dumps(data))
        return
    table = Table(title=f"{spec.title}: {model} against {against}")
    for column in ("matches", "win rate (95 %)", "illegal answers", "tokens in / out"):
        table.add_column(column)
    low, high = data["win_rate_95"]
    table.add_row(
        str(data["matches"]),
        f"{data['win_rate']:.1%} ({low:.1%}-{high:.1%})",
        f"{data['illegal_answers']} of {data['answers']} ({data['illegal_rate']:.1%})",
        f"{data['prompt_tokens']} / {data['completion_tokens']}",
    )
    console = Console(highlight=False)
    console.print(table)
    if data["verdicts"]:
        console.print(f"verdicts against the model: {data['verdicts']}")
    saved = ", ".join(str(match_id) for match_id in data["match_ids"])
    console.print(f"Saved as matches {saved}; see one with: {show_again(data['match_ids'][0], db)}")


def register(root: typer.Typer) -> None:
    """Add `llm` (with `llm bench`) to `root`."""
    root.add_typer(app, name="llm")
