"""`compare`: is entrant A stronger than entrant B? Paired games until a test decides.

A comparison is a tournament of two entrants (format ``compare``) whose schedule grows as
it is played: each *pair* is one seed played twice, A in seat 0 then in seat 1, stored
before either game is handed out. After every recorded game the complete pairs so far
make a pentanomial (`stats.py`), and the sequential probability ratio test says whether
to stop: A is stronger by at least elo1 (H1), A is not stronger than elo0 (H0), or play
on. With a fixed number of games instead, the test is only reported. A cap on the games
ends a test that cannot decide (two entrants of equal strength between the bounds).

Stored like any tournament, a comparison resumes like one: its pairs so far are read
back, and games scheduled but not played when it was stopped are played first.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from . import schedule as plan
from .play import GameTask
from .pool import Pool
from .records import GameRecord, Tournament, TournamentStore
from .runner import Dispatcher, Recorded, task_of
from .standings import game_points, played
from .stats import EloEstimate, Pentanomial, SprtResult, SprtSettings, elo_estimate, sprt

#: Entrant A's index; B is 1.
A = 0


@dataclass(frozen=True)
class Limits:
    """When a comparison ends besides the test: after exactly `games` games (the test is
    then only reported), or at `max_games` if the test has not decided."""

    games: int | None
    max_games: int


@dataclass(frozen=True)
class Plan:
    """A comparison's test and limits, as its tournament's settings keep them."""

    test: SprtSettings
    limits: Limits

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self.test), **asdict(self.limits)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        test = SprtSettings(data["elo0"], data["elo1"], data["alpha"], data["beta"])
        return cls(test, Limits(data["games"], data["max_games"]))


@dataclass(frozen=True)
class Verdict:
    pentanomial: Pentanomial
    estimate: EloEstimate
    test: SprtResult
    games: int


class PairTally:
    """The pentanomial so far, kept as games are recorded: A's score in the first game of
    each pair waits here until the second is in."""

    def __init__(self) -> None:
        self.pentanomial = Pentanomial.of_pairs(())
        self.games = 0
        self._halves: dict[int, float] = {}

    def add(self, game: GameRecord) -> None:
        assert game.returns is not None
        self.games += 1
        score = game_points(game.returns, game.seats.index(A))
        other = self._halves.pop(game.slot.set, None)
        if other is None:
            self._halves[game.slot.set] = score
        else:
            self.pentanomial = self.pentanomial.add(other, score)

    def verdict(self, settings: SprtSettings) -> Verdict:
        return Verdict(
            self.pentanomial,
            elo_estimate(self.pentanomial),
            sprt(self.pentanomial, settings),
            self.games,
        )


def tally_of(games: Sequence[GameRecord]) -> PairTally:
    """The tally of the games played so far."""
    tally = PairTally()
    for game in played(games):
        tally.add(game)
    return tally


def finished(verdict: Verdict, limits: Limits) -> bool:
    """Whether the comparison needs no more games."""
    if limits.games is not None:
        return verdict.games >= limits.games
    return verdict.test.verdict is not None or verdict.games >= limits.max_games


def run_compare(
    store: TournamentStore,
    tournament: Tournament,
    pool: Pool,
    settings: SprtSettings,
    limits: Limits,
    on_recorded: Recorded,
) -> Verdict:
    """Play pairs until `finished`, then drop the games scheduled but no longer needed."""
    known = store.games(tournament)
    tally = tally_of(known)

    def enough_after(game: GameRecord) -> bool:
        """Counted in the tally before it is recorded, so the test decides at the game
        that decides it and nothing after it is kept."""
        tally.add(game)
        return finished(tally.verdict(settings), limits)

    if not finished(tally.verdict(settings), limits):
        # Never more games out than the limit leaves: a fixed count is played exactly, in
        # whole pairs, however the workers' games finish.
        left = (limits.max_games if limits.games is None else limits.games) - tally.games
        games = itertools.islice(_pairs(store, tournament, known), left)
        Dispatcher(store, pool, on_recorded).play(games, enough_after=enough_after)
    store.drop_unplayed(tournament)
    return tally.verdict(settings)


def _pairs(
    store: TournamentStore, tournament: Tournament, known: list[GameRecord]
) -> Iterator[tuple[GameRecord, GameTask]]:
    """The games to hand out: those stored but not played, then new pairs without end
    (the dispatcher stops pulling when the test decides), each stored before it is
    handed out."""
    for game in known:
        if not game.played:
            yield game, task_of(tournament, game)
    first = max((game.slot.set for game in known), default=-1) + 1
    settings = tournament.settings
    for set_ in itertools.count(first):
        seed = plan.set_seed(settings.seed, 0, 0, set_)
        pair = [
            plan.ScheduledGame(plan.Slot(0, 0, set_, order), seed, seats)
            for order, seats in enumerate(plan.seat_orders((A, 1), plan.ALL_ORDERS))
        ]
        for game in store.schedule(tournament, pair):
            yield game, task_of(tournament, game)
