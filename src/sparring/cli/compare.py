"""`sparring compare GAME --a SEAT --b SEAT`: is A stronger than B? Paired games until a
sequential probability ratio test decides (or a fixed ``--games N``), then the Elo
difference with its error, the likelihood of superiority and the verdict.

The comparison is stored as a tournament (format ``compare``), so ``--resume NAME``
carries on a stopped one and `sparring leaderboard NAME` shows its games."""

from __future__ import annotations

import json
import math
import time
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.live import Live
from rich.text import Text

from sparring.core.errors import BadInput
from sparring.core.registry import get_game

from . import shared_options as shared
from .common import parse_seed, random_seed
from .tournament import build_settings, leaderboard_command, open_or_create, parse_entrant

if TYPE_CHECKING:
    from sparring.tournament.compare import Limits, Verdict
    from sparring.tournament.pool import Pool
    from sparring.tournament.records import (
        Entrant,
        GameRecord,
        Settings,
        Tournament,
        TournamentStore,
    )
    from sparring.tournament.stats import SprtSettings

#: A test that has not decided by then ends undecided (two entrants too close to call).
DEFAULT_MAX_GAMES = 20_000
REFRESH_SECONDS = 0.5


def compare_command(
    game: str = typer.Argument(..., help="The game (`sparring games` lists them)."),
    a: str | None = typer.Option(None, "--a", help="Entrant A: [NAME=]SEAT, the candidate."),
    b: str | None = typer.Option(None, "--b", help="Entrant B: [NAME=]SEAT, the baseline."),
    elo0: float = typer.Option(0.0, "--elo0", help="H0: A is at most this much stronger."),
    elo1: float = typer.Option(10.0, "--elo1", help="H1: A is at least this much stronger."),
    alpha: float = typer.Option(0.05, "--alpha", help="Chance of accepting H1 wrongly."),
    beta: float = typer.Option(0.05, "--beta", help="Chance of accepting H0 wrongly."),
    games: int | None = typer.Option(
        None, "--games", help="Play exactly this many games (rounded up to whole pairs)."
    ),
    max_games: int = typer.Option(
        DEFAULT_MAX_GAMES, "--max-games", help="End an undecided test after this many."
    ),
    workers: int | None = shared.WORKERS,
    ray: str | None = shared.RAY,
    db: str | None = shared.DB,
    name: str | None = typer.Option(None, "--name", help="Name (default GAME-N)."),
    resume: str | None = typer.Option(None, "--resume", help="Carry on this comparison."),
    seed: str | None = typer.Option(None, "--seed", help="Seed of the pairs (default random)."),
    time_limit: float | None = shared.TIME_LIMIT,
    memory: int = shared.MEMORY,
    options: str | None = shared.RULE_OPTIONS,
    quiet: bool = shared.QUIET,
    no_sandbox: bool = shared.NO_SANDBOX,
    llm_url: str | None = shared.LLM_URL,
) -> None:
    """Play A against B in paired games until a statistical test says which is stronger."""
    from sparring.tournament import schedule as plan
    from sparring.tournament.compare import Limits, Plan
    from sparring.tournament.pool import open_pool
    from sparring.tournament.records import TournamentStore
    from sparring.tournament.stats import SprtSettings

    spec = get_game(game)
    if resume is not None and (a or b or name):
        raise BadInput("--resume carries on a stored comparison: give no --a, --b or --name")
    defaults = shared.seat_defaults(llm_url)

    def make() -> Settings:
        if a is None or b is None:
            raise BadInput("compare needs both --a SEAT and --b SEAT")
        if games is not None and games < 1:
            raise BadInput(f"--games must be at least 1, got {games}")
        if max_games < 2:
            raise BadInput(f"--max-games must be at least 2, got {max_games}")
        test = SprtSettings(elo0, elo1, alpha, beta)  # checks the bounds
        fixed = None if games is None else _whole_pairs(games)
        first, second = parse_entrant(a), parse_entrant(b)
        if first.name == second.name:
            first, second = _named("A", first), _named("B", second)
        return build_settings(
            spec,
            [first, second],
            form=plan.COMPARE,
            games=None,
            rounds=None,
            players=2,
            orders=plan.ALL_ORDERS,
            seed=parse_seed(seed) if seed is not None else random_seed(),
            time_limit=time_limit,
            memory=memory,
            options=options,
            sandbox=not no_sandbox,
            sprt=Plan(test, Limits(fixed, _whole_pairs(max_games))).to_json(),
            seat_defaults=defaults,
        )

    console = Console(highlight=False)
    with TournamentStore(db) as store:
        tournament = open_or_create(store, spec, resume, name, make, defaults)
        if tournament.settings.format != plan.COMPARE or tournament.settings.sprt is None:
            raise BadInput(f"{tournament.name!r} is a tournament, not a comparison")
        plan_ = Plan.from_json(tournament.settings.sprt)
        test, limits = plan_.test, plan_.limits
        pool = open_pool(workers, ray)
        try:
            verdict = _play(console, store, tournament, pool, test, limits, quiet)
        finally:
            pool.close()
    if quiet:
        typer.echo(json.dumps(verdict_json(tournament, test, verdict)))
        return
    for line in verdict_lines(tournament, test, verdict):
        console.print(line)
    console.print(f"See its games with: {leaderboard_command(tournament, db)}", soft_wrap=True)


def _named(prefix: str, entrant: Entrant) -> Entrant:
    """The same seat twice (a self-test) needs two names: A and B."""
    from sparring.tournament.records import Entrant

    return Entrant(f"{prefix}:{entrant.name}", entrant.seat)


def _whole_pairs(games: int) -> int:
    return 2 * math.ceil(games / 2)


def _play(
    console: Console,
    store: TournamentStore,
    tournament: Tournament,
    pool: Pool,
    test: SprtSettings,
    limits: Limits,
    quiet: bool,
) -> Verdict:
    """Run the comparison, with a status line that follows the test unless `quiet`."""
    from sparring.tournament.compare import run_compare, tally_of

    if quiet:
        return run_compare(store, tournament, pool, test, limits, lambda _game: None)
    tally = tally_of(store.games(tournament))
    drawn = [0.0]
    first = _status(tournament, test, tally.verdict(test))
    with Live(first, console=console, auto_refresh=False, transient=True) as live:

        def recorded(game: GameRecord) -> None:
            tally.add(game)
            now = time.monotonic()
            if now - drawn[0] >= REFRESH_SECONDS:
                drawn[0] = now
                live.update(_status(tournament, test, tally.verdict(test)), refresh=True)

        return run_compare(store, tournament, pool, test, limits, recorded)


def _status(tournament: Tournament, test: SprtSettings, verdict: Verdict) -> Text:
    estimate, result = verdict.estimate, verdict.test
    return Text(
        f"{tournament.name}: {verdict.games} games, {estimate.pairs} pairs · "
        f"Elo {_elo_text(estimate.elo, estimate.error)} · LOS {estimate.los:.1%} · "
        f"LLR {result.llr:.2f} ({result.lower:.2f}, {result.upper:.2f})"
    )


def _elo_text(elo: float, error: float) -> str:
    shown = f"{elo:+.1f}" if math.isfinite(elo) else ("+inf" if elo > 0 else "-inf")
    return shown + (f" ± {error:.1f}" if math.isfinite(error) else " ± ∞")


def verdict_words(tournament: Tournament, test: SprtSettings, verdict: Verdict) -> str:
    """What the test concluded, in a sentence."""
    a, b = (entrant.name for entrant in tournament.settings.entrants)
    if verdict.test.verdict == "H1":
        return f"H1 accepted: {a} is stronger than {b} by at least {test.elo1:g} Elo"
    if verdict.test.verdict == "H0":
        return f"H0 accepted: {a} is not stronger than {b} by more than {test.elo0:g} Elo"
    return f"no decision after {verdict.games} games"


def verdict_lines(tournament: Tournament, test: SprtSettings, verdict: Verdict) -> list[str]:
    a, b = tournament.settings.entrants
    estimate, result = verdict.estimate, verdict.test
    return [
        f"A = {a.name} ({a.seat}), B = {b.name} ({b.seat}), {tournament.settings.game}: "
        f"{verdict.games} games, {estimate.pairs} pairs",
        f"Pairs by A's score (0, ½, 1, 1½, 2): {list(verdict.pentanomial.counts)}",
        f"Elo difference A − B: {_elo_text(estimate.elo, estimate.error)} (95 %), "
        f"score {estimate.score:.1%}, LOS {estimate.los:.1%}",
        f"SPRT elo0={test.elo0:g} elo1={test.elo1:g} α={test.alpha:g} β={test.beta:g}: "
        f"LLR {result.llr:.3f} (bounds {result.lower:.3f}, {result.upper:.3f})",
        f"[bold]{verdict_words(tournament, test, verdict)}[/]",
    ]


def verdict_json(tournament: Tournament, test: SprtSettings, verdict: Verdict) -> dict[str, Any]:
    estimate, result = verdict.estimate, verdict.test
    finite = math.isfinite
    return {
        "compare": tournament.name,
        "id": tournament.id,
        "a": tournament.settings.entrants[0].name,
        "b": tournament.settings.entrants[1].name,
        "games": verdict.games,
        "pairs": estimate.pairs,
        "pentanomial": list(verdict.pentanomial.counts),
        "score": estimate.score,
        "elo": estimate.elo if finite(estimate.elo) else None,
        "error": estimate.error if finite(estimate.error) else None,
        "los": estimate.los,
        "llr": result.llr,
        "lower": result.lower,
        "upper": result.upper,
        "elo0": test.elo0,
        "elo1": test.elo1,
        "alpha": test.alpha,
        "beta": test.beta,
        "verdict": result.verdict,
    }


def register(app: typer.Typer) -> None:
    """Add `compare` to `app`."""
    app.command("compare")(compare_command)
