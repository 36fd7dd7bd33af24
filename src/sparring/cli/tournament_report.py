"""How a tournament is shown: the leaderboard, the head-to-head matrix and the paired
results, as rich tables for people and as JSON or CSV for programs. Shared by
`sparring tournament` (live, as games finish) and `sparring leaderboard`."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.table import Table

from sparring.tournament.records import GameRecord, Tournament
from sparring.tournament.standings import (
    HeadToHead,
    PairResult,
    Standing,
    head_to_head,
    pair_results,
    played,
    standings,
)

CSV_COLUMNS = (
    "rank",
    "entrant",
    "seat",
    "rating",
    "mu",
    "sigma",
    "games",
    "points",
    "score",
    "wins",
    "draws",
    "losses",
    "verdicts",
)


def leaderboard_table(tournament: Tournament, lines: Sequence[Standing], done: int) -> Table:
    """The leaderboard as a rich table, best first."""
    table = Table(
        title=f"{tournament.name} — {tournament.settings.game}, {done} games played",
        title_justify="left",
    )
    for heading in ("#", "entrant", "rating", "μ", "σ", "games", "points", "W-D-L", "verdicts"):
        table.add_column(heading, justify="left" if heading in ("entrant", "verdicts") else "right")
    for rank, line in enumerate(lines, start=1):
        table.add_row(
            str(rank),
            line.name,
            f"{line.rating:.2f}",
            f"{line.mu:.2f}",
            f"{line.sigma:.2f}",
            str(line.games),
            f"{line.points:g}",
            f"{line.wins}-{line.draws}-{line.losses}",
            _verdicts_text(line),
        )
    return table


def _verdicts_text(line: Standing) -> str:
    return " ".join(f"{name}×{count}" for name, count in sorted(line.verdicts.items()))


def head_to_head_table(tournament: Tournament, matrix: list[list[HeadToHead]]) -> Table:
    """Row entrant's win rate against the column entrant, with its 95 % interval."""
    names = [entrant.name for entrant in tournament.settings.entrants]
    table = Table(title="Head to head (row's score against column, 95 % interval)")
    table.add_column("")
    for name in names:
        table.add_column(name, justify="center")
    for a, row in enumerate(matrix):
        cells = []
        for b, cell in enumerate(row):
            if a == b or cell.games == 0:
                cells.append("—" if a == b else "")
                continue
            interval = cell.interval
            cells.append(
                f"{cell.points / cell.games:.0%} ({cell.games})\n"
                f"[dim]{interval.low:.0%}–{interval.high:.0%}[/]"
            )
        table.add_row(names[a], *cells)
    return table


def pairs_table(tournament: Tournament, results: Sequence[PairResult]) -> Table:
    """One row per set (a seed in every seat order), each entrant's points over it."""
    names = [entrant.name for entrant in tournament.settings.entrants]
    table = Table(title="Paired results (each seed in every seat order)")
    for heading in ("round", "table", "set", "seed", "games", "points"):
        table.add_column(heading, justify="left" if heading == "points" else "right")
    for result in results:
        points = ", ".join(
            f"{names[entrant]} {score:g}"
            for entrant, score in zip(result.entrants, result.points, strict=True)
        )
        table.add_row(
            str(result.round + 1),
            str(result.pairing + 1),
            str(result.set + 1),
            str(result.seed),
            f"{result.played}/{result.games}",
            points,
        )
    return table


def report(tournament: Tournament, games: Sequence[GameRecord], pairs: bool = False) -> Group:
    """Everything `sparring leaderboard` shows, as one renderable."""
    entrants = len(tournament.settings.entrants)
    parts: list[Any] = [
        leaderboard_table(tournament, standings(tournament.settings, games), len(played(games))),
        head_to_head_table(tournament, head_to_head(entrants, games)),
    ]
    if pairs:
        parts.append(pairs_table(tournament, pair_results(games)))
    return Group(*parts)


def report_json(tournament: Tournament, games: Sequence[GameRecord]) -> dict[str, Any]:
    """The leaderboard, the head-to-head matrix and the paired results as one JSON object."""
    settings = tournament.settings
    names = [entrant.name for entrant in settings.entrants]
    matrix = head_to_head(len(names), games)
    return {
        "tournament": tournament.name,
        "id": tournament.id,
        "game": settings.game,
        "format": settings.format,
        "games_played": len(played(games)),
        "games_scheduled": len(games),
        "leaderboard": [line.to_json() for line in standings(settings, games)],
        "head_to_head": {
            names[a]: {names[b]: cell.to_json() for b, cell in enumerate(row) if a != b}
            for a, row in enumerate(matrix)
        },
        "pairs": [
            {
                "round": result.round,
                "pairing": result.pairing,
                "set": result.set,
                "seed": result.seed,
                "games": result.games,
                "played": result.played,
                "points": {
                    names[entrant]: score
                    for entrant, score in zip(result.entrants, result.points, strict=True)
                },
            }
            for result in pair_results(games)
        ],
    }


def report_csv(tournament: Tournament, games: Sequence[GameRecord]) -> str:
    """The leaderboard as CSV, one entrant a row, best first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for rank, line in enumerate(standings(tournament.settings, games), start=1):
        data = line.to_json()
        verdicts = " ".join(f"{k}={v}" for k, v in line.verdicts.items())
        writer.writerow([rank, *(data[column] for column in CSV_COLUMNS[1:-1]), verdicts])
    return out.getvalue()
