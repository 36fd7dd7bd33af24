"""What the played games say: points against each opponent, openskill ratings in schedule
order, failure verdicts charged to the entrant who sat in the seat, the head-to-head
matrix and each set's paired result."""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sparring.tournament import schedule as plan
from sparring.tournament.records import Entrant, GameRecord, Tournament, TournamentStore
from sparring.tournament.standings import (
    entrant_points,
    game_points,
    head_to_head,
    pair_results,
    standings,
    tables_met,
)

from .support import (
    bot,
    builtin_entrants,
    make_settings,
    new_tournament,
    open_store,
    play,
    play_and_record,
    record_one,
    schedule_all,
    spec_seating,
)


def game(seats: tuple[int, ...], returns: tuple[float, ...], set_: int = 0) -> GameRecord:
    """A played game of a table of `seats` (entrants by index) with these returns."""
    return GameRecord(
        id=set_,
        slot=plan.Slot(0, 0, set_, 0),
        seed=set_,
        seats=seats,
        match_id=set_ + 1,
        returns=returns,
        verdicts=(),
    )


def played_tournament(store: TournamentStore, players: int, entrants: int) -> Tournament:
    """A round robin of the first game seating `players`, two sets per table, all played."""
    spec = spec_seating(players)
    two_sets = 2 * plan.orders_per_set(players, plan.ALL_ORDERS)
    settings = make_settings(
        spec, builtin_entrants(spec, entrants), players=players, games=two_sets
    )
    tournament = store.create("played", settings)
    for scheduled in schedule_all(store, tournament):
        play_and_record(store, tournament, scheduled)
    return tournament


def test_two_seats_score_win_one_draw_half_loss_nothing() -> None:
    assert [game_points((1.0, -1.0), seat) for seat in (0, 1)] == [1.0, 0.0]
    assert [game_points((0.0, 0.0), seat) for seat in (0, 1)] == [0.5, 0.5]


def test_bigger_tables_average_the_points_against_each_opponent() -> None:
    returns = (3.0, 1.0, 1.0, 0.0)
    # seat 1: beaten by seat 0, level with seat 2, ahead of seat 3 -> (0 + ½ + 1) / 3
    assert [game_points(returns, seat) for seat in range(4)] == [1.0, 0.5, 0.5, 0.0]
    assert [game_points((1.0, -0.5, -0.5), seat) for seat in range(3)] == [1.0, 0.25, 0.25]


@given(st.lists(st.integers(-3, 3).map(float), min_size=2, max_size=8))
def test_a_game_hands_out_half_a_point_per_seat(returns: list[float]) -> None:
    # Each two seats split one point between them (1 + 0 or ½ + ½): C(k, 2) points over the
    # table, each seat's share divided by its k - 1 opponents, C(k, 2) / (k - 1) = k / 2.
    seats = len(returns)
    total = sum(game_points(returns, seat) for seat in range(seats))
    assert total == pytest.approx(math.comb(seats, 2) / (seats - 1)) == pytest.approx(seats / 2)
    assert all(0 <= game_points(returns, seat) <= 1 for seat in range(seats))


def test_wins_draws_and_losses_are_counted_against_the_best_return() -> None:
    settings = make_settings(spec_seating(3), builtin_entrants(spec_seating(3), 4), players=3)
    games = [game((0, 1, 2), (2.0, 2.0, 0.0)), game((3, 1, 2), (1.0, 0.0, 0.0), set_=1)]
    lines = {line.name: line for line in standings(settings, games)}
    assert [(lines[n].wins, lines[n].draws, lines[n].losses) for n in ("e0", "e1", "e2", "e3")] == [
        (0, 1, 0),
        (0, 1, 1),
        (0, 0, 2),
        (1, 0, 0),
    ]
    assert [lines[n].games for n in ("e0", "e1", "e2", "e3")] == [1, 2, 2, 1]
    assert lines["e1"].points == pytest.approx(0.75 + 0.25)


def test_the_entrant_who_always_wins_is_rated_highest() -> None:
    spec = spec_seating(3)
    settings = make_settings(spec, builtin_entrants(spec, 4), players=3)
    rng = random.Random(8)
    games = []
    for number in range(24):
        table = rng.sample(range(4), 3)
        if 2 not in table:
            table[0] = 2
        rng.shuffle(table)
        returns = tuple(1.0 if entrant == 2 else -rng.randint(0, 3) for entrant in table)
        games.append(game(tuple(table), returns, set_=number))
    lines = standings(settings, games)
    assert lines[0].name == "e2"
    others = [line for line in lines if line.name != "e2"]
    assert all(lines[0].mu > line.mu and lines[0].rating > line.rating for line in others)
    assert lines[0].points == lines[0].games == 24
    assert [line.rating for line in lines] == sorted((line.rating for line in lines), reverse=True)


def test_an_entrant_without_games_keeps_the_prior_rating() -> None:
    spec = spec_seating(2)
    settings = make_settings(spec, builtin_entrants(spec, 3))
    lines = {line.name: line for line in standings(settings, [game((0, 1), (1.0, -1.0))])}
    idle = lines["e2"]
    assert (idle.games, idle.points, idle.score) == (0, 0.0, 0.5)
    assert idle.mu == pytest.approx(25.0) and idle.sigma == pytest.approx(25.0 / 3)
    assert idle.rating == pytest.approx(0.0)
    assert lines["e0"].mu > 25.0 > lines["e1"].mu
    assert lines["e0"].sigma < idle.sigma and lines["e1"].sigma < idle.sigma


def test_standings_read_the_schedule_order_however_games_finished(tmp_path: Path) -> None:
    """Games recorded in a scrambled order (workers finish when they finish) give the
    same ratings as games recorded in schedule order: the store reads them back in
    schedule order, and ratings are updated one game after another in it."""
    boards = []
    for name, scramble in (("in-order.db", False), ("scrambled.db", True)):
        with open_store(tmp_path, name) as store:
            tournament = new_tournament(store, 4, players=2, games=4)
            games = schedule_all(store, tournament)
            if scramble:
                random.Random(3).shuffle(games)
            finished = []
            for scheduled in games:
                play_and_record(store, tournament, scheduled)
                finished.append(scheduled)
            stored = store.games(tournament)
            boards.append([line.to_json() for line in standings(tournament.settings, stored)])
            if scramble:  # the order matters to openskill: read in finishing order it differs
                by_id = {g.id: g for g in stored}
                in_finishing_order = [by_id[g.id] for g in finished]
                as_finished = standings(tournament.settings, in_finishing_order)
                assert [line.to_json() for line in as_finished] != boards[-1]
    assert boards[0] == boards[1]


def test_verdicts_are_charged_to_the_entrant_in_the_failing_seat(tmp_path: Path) -> None:
    spec = spec_seating(2)
    crasher = Entrant("crasher", bot("crash_start.py", "standings"))
    entrants = [builtin_entrants(spec, 1)[0], crasher]
    with open_store(tmp_path) as store:
        tournament = store.create("t", make_settings(spec, entrants, games=4))
        for scheduled in schedule_all(store, tournament):
            play_and_record(store, tournament, scheduled)
        games = store.games(tournament)
    assert {g.seats.index(1) for g in games} == {0, 1}  # the crasher sat in both seats
    lines = {line.name: line for line in standings(tournament.settings, games)}
    assert lines["crasher"].verdicts == {"RE": 4}
    assert not lines["e0"].verdicts
    assert (lines["crasher"].losses, lines["e0"].wins) == (4, 4)


def test_a_replayed_copy_counts_once(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        tournament = new_tournament(store, 2)
        first, second = schedule_all(store, tournament)
        play_and_record(store, tournament, first)
        copy = play(tournament, first)
        record_one(store, first.id, copy)
        lines = standings(tournament.settings, store.games(tournament))
    assert sum(line.games for line in lines) == 2  # one game, two seats
    assert not second.played


@pytest.mark.parametrize(("players", "entrants"), [(2, 4), (3, 4)])
def test_head_to_head_shares_out_the_games_two_entrants_played(
    tmp_path: Path, players: int, entrants: int
) -> None:
    with open_store(tmp_path) as store:
        tournament = played_tournament(store, players, entrants)
        games = store.games(tournament)
    matrix = head_to_head(entrants, games)
    for a, b in itertools.permutations(range(entrants), 2):
        shared = [g for g in games if a in g.seats and b in g.seats]
        cell, mirror = matrix[a][b], matrix[b][a]
        assert cell.games == mirror.games == len(shared) > 0
        assert cell.points + mirror.points == pytest.approx(cell.games)
        interval = cell.interval
        assert interval.low <= cell.points / cell.games <= interval.high
        assert 0 < interval.high - interval.low < 1
    assert all(matrix[a][a].games == 0 for a in range(entrants))


@pytest.mark.parametrize(("players", "entrants"), [(2, 3), (3, 4)])
def test_a_sets_result_shares_its_games_points(tmp_path: Path, players: int, entrants: int) -> None:
    with open_store(tmp_path) as store:
        tournament = played_tournament(store, players, entrants)
        games = store.games(tournament)
    per_set = plan.orders_per_set(players, plan.ALL_ORDERS)
    results = pair_results(games)
    assert len(results) == len(games) // per_set
    for result in results:
        members = [g for g in games if (g.slot.pairing, g.slot.set) == (result.pairing, result.set)]
        assert result.complete and result.games == result.played == per_set
        assert result.entrants == tuple(sorted(members[0].seats))
        assert {g.seed for g in members} == {result.seed}
        assert sum(result.points) == pytest.approx(per_set * players / 2)
        for entrant, points in zip(result.entrants, result.points, strict=True):
            assert points == pytest.approx(
                sum(game_points(g.returns or (), g.seats.index(entrant)) for g in members)
            )
    assert [(r.pairing, r.set) for r in results] == sorted((r.pairing, r.set) for r in results)


def test_a_set_half_played_says_so(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        tournament = new_tournament(store, 2, games=4)
        games = schedule_all(store, tournament)
        play_and_record(store, tournament, games[0])
        results = pair_results(store.games(tournament))
    assert [(r.set, r.games, r.played, r.complete) for r in results] == [
        (0, 2, 1, False),
        (1, 2, 0, False),
    ]
    assert sum(results[0].points) == pytest.approx(1.0)
    assert results[1].points == (0.0, 0.0)


def test_swiss_inputs_are_the_leaderboards_points_and_every_table_scheduled(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path) as store:
        tournament = played_tournament(store, 3, 4)
        games = store.games(tournament)
    lines = standings(tournament.settings, games)
    points = entrant_points(4, games)
    assert points == [next(line.points for line in lines if line.entrant == e) for e in range(4)]
    assert tables_met(games) == {frozenset(pair) for pair in itertools.combinations(range(4), 2)}
    assert tables_met(games[:1]) == {
        frozenset(p) for p in itertools.combinations(games[0].seats, 2)
    }
