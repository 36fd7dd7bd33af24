"""What a tournament's played games say: points, ratings, head-to-head and paired results.

Everything is read from the stored games in schedule order (`records.GameRecord`), never
in the order they happened to finish, so a tournament that was killed and resumed reads
exactly like one that ran straight through.

- **Points**: in each game an entrant scores, against each other seat at the table, 1 for
  a higher return, ½ for an equal one, 0 for a lower one — averaged over those opponents,
  so a game is worth 1 point at most at any table size (two seats: win 1, draw ½, loss 0).
  A game's returns are the engine's own (`GameState.returns`), verdicts already priced in.
- **Ratings**: openskill's Plackett–Luce model, which ranks whole tables (any number of
  seats), one update per game in schedule order; μ is the skill estimate, σ its
  uncertainty, and the conservative rating μ − 3σ — the leaderboard's order — is a skill
  the entrant has with high confidence.
- **Head-to-head**: for each two entrants, the points one took from the other in the
  games they shared a table in, as a win rate with its 95 % Wilson interval.
- **Pairs**: a set (one seed in every seat order, `schedule.py`) as one result per
  entrant: luck of the deal and of the seat cancels within it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from .records import GameRecord, Settings
from .stats import Interval, wilson_interval

#: The conservative rating is μ minus this many σ (openskill's `ordinal`).
CONSERVATIVE_SIGMAS = 3.0


def points_against(returns: Sequence[float], seat: int, other: int) -> float:
    """What the entrant at `seat` scores against the one at `other` in one game."""
    if returns[seat] > returns[other]:
        return 1.0
    return 0.5 if returns[seat] == returns[other] else 0.0


def game_points(returns: Sequence[float], seat: int) -> float:
    """The entrant at `seat`'s points for one game (see the module docstring)."""
    others = [other for other in range(len(returns)) if other != seat]
    return sum(points_against(returns, seat, other) for other in others) / len(others)


@dataclass
class Standing:
    """One entrant's line of the leaderboard."""

    entrant: int
    name: str
    seat: str
    games: int = 0
    points: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    mu: float = 0.0
    sigma: float = 0.0
    verdicts: Counter[str] = field(default_factory=Counter)

    @property
    def rating(self) -> float:
        """The conservative rating, μ − 3σ."""
        return self.mu - CONSERVATIVE_SIGMAS * self.sigma

    @property
    def score(self) -> float:
        """Points per game (0.5 when none was played)."""
        return self.points / self.games if self.games else 0.5

    def to_json(self) -> dict[str, object]:
        return {
            "entrant": self.name,
            "seat": self.seat,
            "games": self.games,
            "points": self.points,
            "score": round(self.score, 4),
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "rating": round(self.rating, 4),
            "verdicts": dict(sorted(self.verdicts.items())),
        }


def played(games: Sequence[GameRecord]) -> list[GameRecord]:
    """The games that have a result, in schedule order."""
    return [game for game in games if game.returns is not None]


def standings(settings: Settings, games: Sequence[GameRecord]) -> list[Standing]:
    """The leaderboard: every entrant, best conservative rating first (then points, then
    entrant order)."""
    model = PlackettLuce()
    ratings = [model.rating(name=entrant.name) for entrant in settings.entrants]
    table = [
        Standing(index, entrant.name, entrant.seat)
        for index, entrant in enumerate(settings.entrants)
    ]
    for game in played(games):
        assert game.returns is not None
        _count(table, game, game.returns)
        teams = [[ratings[entrant]] for entrant in game.seats]
        updated = model.rate(teams, scores=list(game.returns))
        for entrant, team in zip(game.seats, updated, strict=True):
            ratings[entrant] = team[0]
    for line, rating in zip(table, ratings, strict=True):
        line.mu, line.sigma = rating.mu, rating.sigma
    return sorted(table, key=lambda line: (-line.rating, -line.points, line.entrant))


def _count(table: list[Standing], game: GameRecord, returns: Sequence[float]) -> None:
    best = max(returns)
    for seat, entrant in enumerate(game.seats):
        line = table[entrant]
        line.games += 1
        line.points += game_points(returns, seat)
        if returns[seat] < best:
            line.losses += 1
        elif returns.count(best) > 1:
            line.draws += 1
        else:
            line.wins += 1
    for verdict in game.verdicts:
        charged = verdict.get("seat")
        if isinstance(charged, int) and 0 <= charged < len(game.seats):
            table[game.seats[charged]].verdicts[str(verdict.get("verdict"))] += 1


def entrant_points(entrants: int, games: Sequence[GameRecord]) -> list[float]:
    """Each entrant's points so far (what a swiss round seats by)."""
    points = [0.0] * entrants
    for game in played(games):
        assert game.returns is not None
        for seat, entrant in enumerate(game.seats):
            points[entrant] += game_points(game.returns, seat)
    return points


def tables_met(games: Sequence[GameRecord]) -> set[frozenset[int]]:
    """Every two entrants that have been scheduled at one table."""
    return {frozenset((a, b)) for game in games for a in game.seats for b in game.seats if a != b}


@dataclass(frozen=True)
class HeadToHead:
    """What entrant `a` took from entrant `b` over the games they shared."""

    a: int
    b: int
    games: int
    points: float

    @property
    def interval(self) -> Interval:
        return wilson_interval(self.points, self.games)

    def to_json(self) -> dict[str, object]:
        interval = self.interval
        return {
            "games": self.games,
            "points": self.points,
            "rate": round(self.points / self.games, 4) if self.games else None,
            "low": round(interval.low, 4),
            "high": round(interval.high, 4),
        }


def head_to_head(entrants: int, games: Sequence[GameRecord]) -> list[list[HeadToHead]]:
    """The matrix: row a, column b is what a took from b (the diagonal is empty)."""
    counts = [[0] * entrants for _ in range(entrants)]
    points = [[0.0] * entrants for _ in range(entrants)]
    for game in played(games):
        assert game.returns is not None
        for seat, a in enumerate(game.seats):
            for other, b in enumerate(game.seats):
                if seat != other:
                    counts[a][b] += 1
                    points[a][b] += points_against(game.returns, seat, other)
    return [
        [HeadToHead(a, b, counts[a][b], points[a][b]) for b in range(entrants)]
        for a in range(entrants)
    ]


@dataclass(frozen=True)
class PairResult:
    """One set — a seed in every seat order — and each of its entrants' points over it."""

    round: int
    pairing: int
    set: int
    seed: int
    entrants: tuple[int, ...]
    games: int
    played: int
    points: tuple[float, ...]

    @property
    def complete(self) -> bool:
        return self.played == self.games


def pair_results(games: Sequence[GameRecord]) -> list[PairResult]:
    """Per set, in schedule order: who sat, how many of its games were played, and each
    entrant's points over them (see the module docstring)."""
    sets: dict[tuple[int, int, int], list[GameRecord]] = {}
    for game in games:
        sets.setdefault((game.slot.round, game.slot.pairing, game.slot.set), []).append(game)
    results = []
    for (round_, pairing, set_), members in sets.items():
        entrants = tuple(sorted(members[0].seats))
        points = dict.fromkeys(entrants, 0.0)
        done = played(members)
        for game in done:
            assert game.returns is not None
            for seat, entrant in enumerate(game.seats):
                points[entrant] += game_points(game.returns, seat)
        results.append(
            PairResult(
                round_,
                pairing,
                set_,
                members[0].seed,
                entrants,
                len(members),
                len(done),
                tuple(points[entrant] for entrant in entrants),
            )
        )
    return results
