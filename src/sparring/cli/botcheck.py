"""`sparring bot check CMD --game GAME`: try a bot before it enters a tournament.

The bot plays one refereed match against a random opponent under the real referee — same
clocks, caps and verdicts — and the command says in plain words what happened: did it
start, were its replies well-formed, how long it thought, and for a verdict what it means
and what usually causes it. Bot authors meet the referee here first, so every verdict
comes with a hint instead of a bare code. Exit code 0: played cleanly; 1: got a verdict;
2: bad usage (unknown game, a command that cannot be started, bad limits).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from rich.console import Console

from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.registry import get_game
from sparring.core.verdicts import BAD, IA, MLE, OLE, RE, TLE

from .botrun import run_command
from .match import sandbox_or_warn

if TYPE_CHECKING:
    from sparring.arena.referee import MatchOutcome
    from sparring.arena.trial import CheckedSeat


def explain(
    verdict: str, detail: str, spec: GameSpec, seconds: float, memory: int
) -> tuple[str, str]:
    """A verdict in plain words, and the hint that most often fixes it."""
    if verdict == TLE and "CPU-time cap" in detail:
        return (
            f"Your bot used up its CPU time for the match: {detail}.",
            "The cap counts every thread and helper process over the whole match, "
            "including time spent thinking when the result was already clear; stop "
            "searching when your own per-decision budget runs out.",
        )
    if verdict == TLE:
        return (
            f"Your bot did not answer within {seconds:g} s ({detail}).",
            "Remember to flush stdout after each line (print(..., flush=True) in Python; "
            "process.stdout.write in Node is fine) and to answer every `act` with exactly "
            "one line. The first decision's clock also covers your bot's start-up.",
        )
    if verdict == RE:
        return (
            f"Your bot stopped before the match was over: {detail}.",
            "Keep reading stdin until the `end` message, and catch your own errors; the "
            "stderr lines above usually show the traceback.",
        )
    if verdict == BAD:
        return (
            f"The reply could not be read as an action: {detail}.",
            'Answer each `act` with one line {"type": "action", "action": {...}}, the '
            "action being one of those in `legal`; print debugging output to stderr, "
            "never to stdout.",
        )
    if verdict == IA:
        hint = "Choose one of the actions in the `legal` field of the `act` message."
        if spec.referee.illegal_action_hint:
            hint += " " + spec.referee.illegal_action_hint
        return f"The rules refused your bot's action: {detail}.", hint
    if verdict == OLE:
        return (
            f"Your bot wrote too much to stdout: {detail}.",
            "A reply is one short line ending in a newline; send logs to stderr.",
        )
    if verdict == MLE:
        return (
            f"Your bot, counting every process it started, used too much memory: {detail}.",
            f"The cap is {memory} MiB of resident memory (try another with --memory); "
            "look for caches or search trees that grow without bound.",
        )
    return detail, ""


def _result_words(spec: GameSpec, outcome: MatchOutcome, seat: int) -> str:
    returns = list(outcome.state.returns())
    mine = returns[seat]
    words = "won" if mine > 0 else "lost" if mine < 0 else "drew"
    wins = spec.summarize(outcome.state).get("wins")
    if isinstance(wins, list) and len(wins) == 2 and sum(wins):
        words += f" the match, rounds {wins[seat]}-{wins[1 - seat]}"
    elif outcome.verdicts:
        words += " the match by the verdict"
    return f"the bot {words}"


def check_command(
    command: str = typer.Argument(..., help='The bot\'s command line, e.g. "python bot.py".'),
    game: str = typer.Option(..., "--game", help="The game (`sparring games` lists them)."),
    seed: int = typer.Option(1, "--seed", help="Match seed, for a reproducible check."),
    time_limit: float | None = typer.Option(
        None, "--time-limit", help="Seconds per decision (default: the game's own clock)."
    ),
    seat: int = typer.Option(0, "--seat", help="The bot's seat (0 moves first in picks)."),
    memory: int = typer.Option(1024, "--memory", help="Memory cap for the bot, MiB."),
    no_sandbox: bool = typer.Option(
        False, "--no-sandbox", help="Run the bot unisolated, as you, in this folder."
    ),
) -> None:
    """Play one match against a random opponent and report, in plain words, whether the
    bot follows the protocol: it starts, answers well-formed legal actions in time, and
    within its caps."""
    console = Console(highlight=False)
    try:
        spec = get_game(game)
        seconds = spec.referee.decision_seconds if time_limit is None else time_limit
        if not 0 < seconds <= 3600:
            raise BadInput(f"--time-limit must be between 0 and 3600 seconds, got {seconds:g}")
        if memory < 16:
            raise BadInput(f"--memory must be at least 16 MiB, got {memory}")
        players = spec.new_game(seed, None).num_players
        if not 0 <= seat < players:
            raise BadInput(f"--seat must be between 0 and {players - 1}, got {seat}")
        from sparring.arena.trial import Trial  # the referee: loaded only for a check

        sandbox_or_warn(no_sandbox)
        trial = Trial(spec, command, seat, seed, memory, sandbox=not no_sandbox)
        console.print(
            f"Checking `{command}` on {spec.title}: seed {seed}, seat {seat}, "
            f"{seconds:g} s per decision, against the built-in {trial.opponent} agent.",
            markup=False,
        )
        outcome = trial.play(seconds)
        bot = trial.bot
    except BadInput as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    failed = _report(console, spec, outcome, bot, seat, seconds, memory)
    raise typer.Exit(1 if failed else 0)


def _report(
    console: Console,
    spec: GameSpec,
    outcome: MatchOutcome,
    bot: CheckedSeat,
    seat: int,
    seconds: float,
    memory: int,
) -> bool:
    """Print the findings; True when the bot got a verdict."""

    def line(ok: bool, text: str) -> None:
        console.print("  ok  " if ok else "  FAIL", style="green" if ok else "bold red", end=" ")
        console.print(text, markup=False)

    mine = [v for v in outcome.verdicts if v.seat == seat]
    verdict = mine[0] if mine else None
    answered = max(0, bot.decisions - (1 if verdict is not None else 0))
    decisions = outcome.decisions[seat]
    if answered > 0:
        line(True, "started OK and answered its first request")
    elif verdict is not None and verdict.verdict in (RE, TLE):
        line(False, "did not get going: no answer to its first request")
    else:
        line(True, "started OK")
    if verdict is None:
        line(True, f"every reply well-formed and legal ({decisions} decisions)")
    else:
        good = f"{answered} good replies, then " if answered else ""
        where = f"at the bot's decision {bot.decisions}" if bot.decisions else "at start"
        line(False, f"{good}verdict {verdict.verdict} {where}")
    if decisions:
        mean = outcome.total_seconds[seat] / decisions
        peak = outcome.max_seconds[seat]
        line(
            verdict is None or verdict.verdict != TLE,
            f"decision time: max {peak:.3f} s, mean {mean:.3f} s (limit {seconds:g} s)",
        )
    if verdict is not None:
        what, hint = explain(verdict.verdict, verdict.detail, spec, seconds, memory)
        console.print(f"       {what}", markup=False)
        if hint:
            console.print(f"       Hint: {hint}", markup=False)
        if bot.stderr_tail and "stderr:" not in verdict.detail:
            console.print(f"       stderr (last lines): {bot.stderr_tail}", markup=False)
    console.print(f"Result: {_result_words(spec, outcome, seat)}.", markup=False)
    if verdict is None:
        console.print("The bot played cleanly.", style="bold green")
        return False
    price = (
        f"In {spec.title} a verdict loses the whole match."
        if spec.referee.verdict_loses_game
        else f"What a verdict costs in {spec.title} is up to its rules."
    )
    console.print(f"The bot got a verdict ({verdict.verdict}). {price}", style="bold red")
    return True


def register(app: typer.Typer) -> None:
    """Add the `bot` command group (`bot check`, `bot run`) to `app`."""
    group = typer.Typer(help="Tools for bot authors.", no_args_is_help=True)
    group.command("check")(check_command)
    group.command("run")(run_command)
    app.add_typer(group, name="bot")
