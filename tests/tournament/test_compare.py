"""`compare`: pairs of games (one seed, A in each seat) tallied as a pentanomial as they
are recorded, played until the test decides, a fixed count is reached or the cap ends it;
the games scheduled but no longer needed are dropped."""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path

import pytest

from sparring.core.registry import get_game
from sparring.tournament import schedule as plan
from sparring.tournament.compare import (
    A,
    Limits,
    PairTally,
    Plan,
    Verdict,
    finished,
    run_compare,
    tally_of,
)
from sparring.tournament.play import GameReport, GameTask, play_task
from sparring.tournament.records import Entrant, GameRecord, Tournament, TournamentStore
from sparring.tournament.stats import (
    Pentanomial,
    SprtResult,
    SprtSettings,
    elo_estimate,
    sprt,
)
from sparring.tournament.stats import Verdict as Decision

from .support import FAST_GAME, chunk_of, make_settings, match_rows, open_store

#: Bounds wide enough for a clear difference to be decided within a few dozen games.
WIDE = SprtSettings(elo0=0.0, elo1=200.0)
NO_FIXED_COUNT = None


def half(set_: int, a_seat: int, a_return: float) -> GameRecord:
    """One game of pair `set_`, A in `a_seat` with `a_return` (B: its negation)."""
    seats = (A, 1) if a_seat == 0 else (1, A)
    returns = (a_return, -a_return) if a_seat == 0 else (-a_return, a_return)
    return GameRecord(
        id=2 * set_ + a_seat,
        slot=plan.Slot(0, 0, set_, a_seat),
        seed=set_,
        seats=seats,
        match_id=2 * set_ + a_seat + 1,
        returns=returns,
        verdicts=(),
    )


def verdict(games: int, decided: Decision | None) -> Verdict:
    """A verdict after `games` games with the test at `decided`."""
    pentanomial = Pentanomial((0, 0, games // 2, 0, 0))
    test = SprtResult(0.0, WIDE.lower, WIDE.upper, decided)
    return Verdict(pentanomial, elo_estimate(pentanomial), test, games)


def test_the_first_game_of_a_pair_waits_for_the_second() -> None:
    tally = PairTally()
    tally.add(half(0, a_seat=0, a_return=1.0))
    assert (tally.games, tally.pentanomial.counts) == (1, (0, 0, 0, 0, 0))
    tally.add(half(0, a_seat=1, a_return=-1.0))  # A won with seat 0, lost with seat 1
    assert (tally.games, tally.pentanomial.counts) == (2, (0, 0, 1, 0, 0))


@pytest.mark.parametrize(
    ("first", "second", "cell"),
    [(-1.0, -1.0, 0), (-1.0, 0.0, 1), (0.0, 0.0, 2), (1.0, -1.0, 2), (0.0, 1.0, 3), (1.0, 1.0, 4)],
)
def test_a_pair_counts_in_the_cell_of_as_total(first: float, second: float, cell: int) -> None:
    tally = PairTally()
    tally.add(half(3, a_seat=1, a_return=second))  # the second seat order may finish first
    tally.add(half(3, a_seat=0, a_return=first))
    assert tally.pentanomial.counts == tuple(int(i == cell) for i in range(5))


def test_interleaved_pairs_are_matched_by_their_set() -> None:
    tally = PairTally()
    for game in [half(0, 0, 1.0), half(1, 0, -1.0), half(1, 1, -1.0), half(0, 1, 1.0)]:
        tally.add(game)
    assert tally.pentanomial.counts == (1, 0, 0, 0, 1)
    assert tally.verdict(WIDE).estimate.pairs == 2


def test_the_tally_of_stored_games_skips_the_unplayed() -> None:
    unplayed = GameRecord(9, plan.Slot(0, 0, 4, 0), 4, (A, 1), None, None, ())
    tally = tally_of([half(0, 0, 1.0), unplayed, half(0, 1, 1.0)])
    assert (tally.games, tally.pentanomial.counts) == (2, (0, 0, 0, 0, 1))


def test_a_fixed_count_ends_the_comparison_decided_or_not() -> None:
    limits = Limits(games=10, max_games=100)
    assert not finished(verdict(8, "H1"), limits)
    assert finished(verdict(10, None), limits)


def test_without_a_fixed_count_a_decision_or_the_cap_ends_it() -> None:
    limits = Limits(games=NO_FIXED_COUNT, max_games=100)
    assert finished(verdict(2, "H0"), limits)
    assert finished(verdict(2, "H1"), limits)
    assert not finished(verdict(98, None), limits)
    assert finished(verdict(100, None), limits)


def test_a_plan_survives_the_settings_json() -> None:
    made = Plan(SprtSettings(-5.0, 15.0, 0.1, 0.2), Limits(games=None, max_games=400))
    assert Plan.from_json(made.to_json()) == made


class LaggingPool:
    """A pool whose games end one handing-out late: each game is played when the next one
    is handed out — or, for the last one out, a moment later, as a worker would finish it
    — so while games are handed out one is always still out: the one a decision
    abandons. A game out when the pool is restarted never ends."""

    workers = 1
    LATE_SECONDS = 0.05

    def __init__(self) -> None:
        self.submitted: list[GameTask] = []
        self.restarts = 0
        self._out: list[tuple[GameTask, Future[GameReport]]] = []
        self._lock = threading.Lock()

    def submit(self, tasks: Sequence[GameTask]) -> Future[list[GameReport]]:
        return chunk_of(tasks, [self._submit_one(task) for task in tasks])

    def _submit_one(self, task: GameTask) -> Future[GameReport]:
        with self._lock:
            earlier, self._out = self._out, [(task, Future())]
            future = self._out[0][1]
        for game in earlier:
            self._end(*game)
        self.submitted.append(task)
        threading.Timer(self.LATE_SECONDS, self._end_if_out, args=(task, future)).start()
        return future

    def _end_if_out(self, task: GameTask, future: Future[GameReport]) -> None:
        with self._lock:
            if (task, future) not in self._out:
                return  # ended already, or abandoned
            self._out.remove((task, future))
        self._end(task, future)

    def _end(self, task: GameTask, future: Future[GameReport]) -> None:
        if not future.done():
            future.set_result(play_task(task))

    def restart(self) -> None:
        self.restarts += 1
        with self._lock:
            self._out = []

    def close(self) -> None:
        pass


def comparison(store: TournamentStore, a: str, b: str) -> Tournament:
    spec = get_game(FAST_GAME)
    entrants = [Entrant("A", f"builtin:{a}"), Entrant("B", f"builtin:{b}")]
    return store.create("cmp", make_settings(spec, entrants, form=plan.COMPARE, seed=31))


@pytest.mark.parametrize(
    ("a", "b", "decision"), [("greedy", "random", "H1"), ("random", "random", "H0")]
)
def test_a_comparison_stops_at_the_decision_and_drops_what_is_left(
    tmp_path: Path, a: str, b: str, decision: str
) -> None:
    with open_store(tmp_path) as store:
        tournament = comparison(store, a, b)
        pool = LaggingPool()
        recorded: list[GameRecord] = []
        limits = Limits(games=NO_FIXED_COUNT, max_games=400)
        result = run_compare(store, tournament, pool, WIDE, limits, recorded.append)
        games = store.games(tournament)
        assert result.test.verdict == decision
        assert result.games == len(recorded) == len(games) == match_rows(store)
        # Games handed out but not needed by the decision (still out, or finished after
        # the one that decided) are dropped: every game left in the store was played.
        assert all(game.played for game in games)
        assert len(pool.submitted) > len(games) and pool.restarts == 1
        before_last = tally_of([g for g in games if g.id != recorded[-1].id])
        assert before_last.verdict(WIDE).test.verdict is None  # it stopped at once
        assert tally_of(games).verdict(WIDE) == result
        again = LaggingPool()  # resumed when decided: nothing more to play
        assert run_compare(store, tournament, again, WIDE, limits, recorded.append) == result
        assert again.submitted == []


def test_every_pair_is_one_seed_with_a_in_each_seat(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        tournament = comparison(store, "greedy", "random")
        limits = Limits(games=12, max_games=400)
        run_compare(store, tournament, LaggingPool(), WIDE, limits, lambda _game: None)
        games = store.games(tournament)
    assert [game.slot for game in games] == [
        plan.Slot(0, 0, s, o) for s in range(6) for o in (0, 1)
    ]
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert first.seed == second.seed == plan.set_seed(31, 0, 0, first.slot.set)
        assert (first.seats, second.seats) == ((A, 1), (1, A))
    assert len({game.seed for game in games}) == 6


def test_a_fixed_count_plays_on_past_a_decision(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        tournament = comparison(store, "greedy", "random")
        limits = Limits(games=40, max_games=400)
        result = run_compare(store, tournament, LaggingPool(), WIDE, limits, lambda _game: None)
        games = store.games(tournament)
    assert result.games == len(games) == 40
    assert result.test.verdict == "H1"
    early = tally_of(games[:20]).verdict(WIDE)
    assert early.test.verdict == "H1"  # decided long before the count was reached


def test_the_cap_ends_a_test_that_cannot_decide(tmp_path: Path) -> None:
    narrow = SprtSettings(elo0=0.0, elo1=5.0)
    with open_store(tmp_path) as store:
        tournament = comparison(store, "random", "random")
        limits = Limits(games=NO_FIXED_COUNT, max_games=10)
        result = run_compare(store, tournament, LaggingPool(), narrow, limits, lambda _game: None)
        assert len(store.games(tournament)) == 10
    assert result.games == 10 and result.test.verdict is None
    assert result.test.lower < result.test.llr < result.test.upper


def test_a_stopped_comparison_plays_its_stored_games_first_then_new_pairs(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path) as store:
        tournament = comparison(store, "greedy", "random")
        pair = [
            plan.ScheduledGame(plan.Slot(0, 0, 0, order), plan.set_seed(31, 0, 0, 0), seats)
            for order, seats in enumerate([(A, 1), (1, A)])
        ]
        waiting = store.schedule(tournament, pair)  # stored, then the driver was killed
        pool = LaggingPool()
        limits = Limits(games=6, max_games=400)
        run_compare(store, tournament, pool, WIDE, limits, lambda _game: None)
        games = store.games(tournament)
    assert [task.game_id for task in pool.submitted[:2]] == [game.id for game in waiting]
    assert [game.slot.set for game in games] == [0, 0, 1, 1, 2, 2]
    assert all(game.played for game in games)


def test_the_verdict_is_the_sprt_of_the_pairs_recorded(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        tournament = comparison(store, "greedy", "random")
        limits = Limits(games=8, max_games=400)
        result = run_compare(store, tournament, LaggingPool(), WIDE, limits, lambda _game: None)
    assert result.pentanomial.pairs == 4
    assert result.test == sprt(result.pentanomial, WIDE)
    assert result.estimate == elo_estimate(result.pentanomial)
    assert math.isclose(result.estimate.score, result.pentanomial.score)
