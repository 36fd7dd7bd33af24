"""The schedule: which tables a format draws, the seat orders and seeds of a set, and swiss
rounds drawn from the standings."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from sparring.core.errors import BadInput
from sparring.tournament import schedule as plan

SIZES = [(n, k) for n in range(2, 8) for k in range(2, min(n, 4) + 1)]


@pytest.mark.parametrize(("entrants", "players"), SIZES)
def test_round_robin_is_every_table_of_k_entrants_once(entrants: int, players: int) -> None:
    tables = plan.fixed_tables(plan.ROUND_ROBIN, entrants, players)
    assert len(tables) == len(set(tables)) == math.comb(entrants, players)
    assert {frozenset(table) for table in tables} == {
        frozenset(table) for table in itertools.combinations(range(entrants), players)
    }


@pytest.mark.parametrize(("entrants", "players"), SIZES)
def test_round_robin_seats_every_pair_together_equally_often(entrants: int, players: int) -> None:
    tables = plan.fixed_tables(plan.ROUND_ROBIN, entrants, players)
    meetings = Counter(frozenset(pair) for t in tables for pair in itertools.combinations(t, 2))
    pairs = {frozenset(pair) for pair in itertools.combinations(range(entrants), 2)}
    assert set(meetings) == pairs
    # the tables holding a pair are the ways to fill its other k - 2 seats
    assert set(meetings.values()) == {math.comb(entrants - 2, players - 2)}


@pytest.mark.parametrize(("entrants", "players"), SIZES)
def test_gauntlet_seats_the_challenger_at_every_table(entrants: int, players: int) -> None:
    tables = plan.fixed_tables(plan.GAUNTLET, entrants, players)
    assert all(table.count(0) == 1 for table in tables)
    others = {frozenset(table) - {0} for table in tables}
    assert len(tables) == len(others) == math.comb(entrants - 1, players - 1)
    assert others == {frozenset(t) for t in itertools.combinations(range(1, entrants), players - 1)}


def test_swiss_tables_are_not_drawn_up_front() -> None:
    with pytest.raises(BadInput, match="round by round"):
        plan.fixed_tables(plan.SWISS, 4, 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_all_seat_orders_are_every_permutation(players: int) -> None:
    orders = plan.seat_orders(range(players), plan.ALL_ORDERS)
    assert len(orders) == len(set(orders)) == math.factorial(players)
    assert set(orders) == set(itertools.permutations(range(players)))
    assert plan.orders_per_set(players, plan.ALL_ORDERS) == math.factorial(players)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
def test_rotations_are_as_many_as_seats_each_entrant_once_per_seat(players: int) -> None:
    table = tuple(range(10, 10 + players))
    orders = plan.seat_orders(table, plan.ROTATIONS)
    assert len(orders) == plan.orders_per_set(players, plan.ROTATIONS) == players
    assert all(sorted(order) == list(table) for order in orders)
    for seat in range(players):
        assert sorted(order[seat] for order in orders) == list(table)
    # rotations keep the cyclic order: who sits after whom never changes
    assert all(order == table[i:] + table[:i] for i, order in enumerate(orders))


def test_unknown_seat_order_is_refused() -> None:
    with pytest.raises(BadInput, match="rotations"):
        plan.seat_orders((0, 1), "shuffled")


@pytest.mark.parametrize(("players", "orders"), [(2, "all"), (3, "all"), (3, "rotations")])
def test_a_set_plays_one_seed_in_every_seat_order(players: int, orders: str) -> None:
    tables = plan.fixed_tables(plan.ROUND_ROBIN, players + 2, players)
    games = plan.games_of_tables(tables, round_=0, sets=3, orders=orders, base_seed=11)
    per_set = plan.orders_per_set(players, orders)
    assert len(games) == len(tables) * 3 * per_set
    sets: dict[tuple[int, int], list[plan.ScheduledGame]] = {}
    for game in games:
        sets.setdefault((game.slot.pairing, game.slot.set), []).append(game)
    for (pairing, _), members in sets.items():
        assert len({game.seed for game in members}) == 1
        assert {game.seats for game in members} == set(plan.seat_orders(tables[pairing], orders))
        assert [game.slot.order for game in members] == list(range(per_set))
        for seat in range(players):
            sat = Counter(game.seats[seat] for game in members)
            assert set(sat) == set(tables[pairing])
            assert set(sat.values()) == {per_set // players}


def test_seeds_differ_between_sets_pairings_and_rounds() -> None:
    tables = plan.fixed_tables(plan.ROUND_ROBIN, 4, 2)
    seeds = {
        (game.slot.round, game.slot.pairing, game.slot.set): game.seed
        for round_ in range(3)
        for game in plan.games_of_tables(tables, round_, sets=4, orders="all", base_seed=5)
    }
    assert len(seeds) == 3 * len(tables) * 4
    assert len(set(seeds.values())) == len(seeds)


def test_seeds_are_a_function_of_the_settings_only() -> None:
    tables = plan.fixed_tables(plan.GAUNTLET, 5, 3)
    first = plan.games_of_tables(tables, 2, sets=2, orders="rotations", base_seed=99)
    again = plan.games_of_tables(tables, 2, sets=2, orders="rotations", base_seed=99)
    assert first == again
    other = plan.games_of_tables(tables, 2, sets=2, orders="rotations", base_seed=100)
    assert [game.slot for game in other] == [game.slot for game in first]
    assert not {game.seed for game in other} & {game.seed for game in first}


def test_seeds_fit_a_signed_64_bit_column() -> None:
    seeds = [plan.set_seed(base, 0, 0, set_) for base in (0, 1, 2**64) for set_ in range(200)]
    assert all(0 <= seed < 2**63 for seed in seeds)
    assert max(seeds) >= 2**62  # all 63 bits are used, not a narrower range


def test_swiss_seats_the_top_ranked_together() -> None:
    standings = [1.0, 5.0, 3.0, 4.0, 0.0, 2.0]
    assert plan.swiss_tables(standings, 2, set()) == [(1, 3), (2, 5), (0, 4)]
    assert plan.swiss_tables(standings, 3, set()) == [(1, 3, 2), (5, 0, 4)]


def test_swiss_breaks_ties_by_entrant_order() -> None:
    assert plan.swiss_tables([0.0] * 4, 2, set()) == [(0, 1), (2, 3)]
    assert plan.swiss_tables([1.0, 2.0, 1.0, 2.0], 2, set()) == [(1, 3), (0, 2)]


def test_swiss_avoids_a_table_already_played() -> None:
    met = {frozenset((0, 1))}
    assert plan.swiss_tables([3.0, 2.0, 1.0, 0.0], 2, met) == [(0, 2), (1, 3)]
    # at three seats, every entrant seated must be new to everyone already at the table
    met = {frozenset((0, 1)), frozenset((2, 3))}
    tables = plan.swiss_tables([5.0, 4.0, 3.0, 2.0, 1.0, 0.0], 3, met)
    assert tables == [(0, 2, 4), (1, 3, 5)]


def test_swiss_repeats_a_table_only_when_every_choice_is_a_repeat() -> None:
    everyone = {frozenset(pair) for pair in itertools.combinations(range(4), 2)}
    assert plan.swiss_tables([3.0, 2.0, 1.0, 0.0], 2, everyone) == [(0, 1), (2, 3)]
    # 0 has met 1 and 2, so it takes 3; 1 and 2 have met too, but are all that is left
    met = {frozenset((0, 1)), frozenset((0, 2)), frozenset((1, 2))}
    assert plan.swiss_tables([3.0, 2.0, 1.0, 0.0], 2, met) == [(0, 3), (1, 2)]


def test_swiss_looks_past_the_first_fresh_partner_to_avoid_a_repeat() -> None:
    # Seating 1 with 2 and then 0 with 3 (each the best fresh choice) would leave 4 and 5,
    # who have met; 0 takes 5 instead, and no table of the round is a repeat.
    standings = [1.0, 2.0, 1.0, 1.0, 1.0, 0.0]
    met = {frozenset(pair) for pair in [(0, 1), (2, 3), (4, 5), (1, 3), (2, 5), (0, 4)]}
    assert plan.swiss_tables(standings, 2, met) == [(1, 2), (0, 5), (3, 4)]


def _repeat_free_round_exists(entrants: list[int], players: int, met: set[frozenset[int]]) -> bool:
    """Whether `entrants` can be seated at tables of `players` (the rest sitting out) with
    no two at a table who have met: every way, tried."""
    if len(entrants) < players:
        return True
    first, rest = entrants[0], entrants[1:]
    for others in itertools.combinations(rest, players - 1):
        table = (first, *others)
        if any(frozenset(pair) in met for pair in itertools.combinations(table, 2)):
            continue
        if _repeat_free_round_exists([e for e in rest if e not in others], players, met):
            return True
    return False


def _simulated_rounds(
    entrants: int, players: int, seed: int
) -> Iterator[tuple[list[float], set[frozenset[int]]]]:
    """Swiss rounds of a tournament whose tables are won at random: each round's standings
    and the pairs met before it."""
    rng = random.Random(seed)
    points, met = [0.0] * entrants, set[frozenset[int]]()
    for _ in range(plan.default_rounds(entrants) + 1):
        yield list(points), set(met)
        for table in plan.swiss_tables(points, players, met):
            met |= {frozenset(pair) for pair in itertools.combinations(table, 2)}
            points[rng.choice(table)] += 1.0


@pytest.mark.parametrize(("entrants", "players"), [(6, 2), (7, 2), (8, 2), (9, 3), (10, 2)])
def test_swiss_repeats_no_table_when_a_round_without_repeats_exists(
    entrants: int, players: int
) -> None:
    checked = 0
    for seed in range(60):
        for points, met in _simulated_rounds(entrants, players, seed):
            ranked = sorted(range(entrants), key=lambda e: (-points[e], e))
            if not _repeat_free_round_exists(ranked, players, met):
                continue
            checked += 1
            tables = plan.swiss_tables(points, players, met)
            pairs = {frozenset(p) for table in tables for p in itertools.combinations(table, 2)}
            assert not pairs & met, (points, met, tables)
    assert checked >= 60


@pytest.mark.parametrize(("entrants", "players"), [(5, 2), (7, 2), (7, 3), (8, 3), (9, 4)])
def test_swiss_byes_go_to_the_lowest_ranked(entrants: int, players: int) -> None:
    standings = [float(entrant) for entrant in range(entrants)]  # the last entrant leads
    tables = plan.swiss_tables(standings, players, set())
    seated = [entrant for table in tables for entrant in table]
    assert len(tables) == entrants // players
    assert all(len(table) == players for table in tables)
    assert len(seated) == len(set(seated))
    byes = set(range(entrants)) - set(seated)
    assert byes == set(range(entrants % players))


@pytest.mark.parametrize("entrants", range(2, 70))
def test_default_swiss_rounds_are_a_knockouts(entrants: int) -> None:
    assert plan.default_rounds(entrants) == max(1, math.ceil(math.log2(entrants)))


@pytest.mark.parametrize(
    ("entrants", "players", "reason"),
    [
        (4, 1, "a table needs at least two seats, got 1"),
        (4, 0, "a table needs at least two seats, got 0"),
        (2, 3, "3 seats need at least 3 entrants, got 2"),
        (3, 4, "4 seats need at least 4 entrants, got 3"),
    ],
)
def test_impossible_tables_are_refused(entrants: int, players: int, reason: str) -> None:
    with pytest.raises(BadInput, match=reason):
        plan.fixed_tables(plan.ROUND_ROBIN, entrants, players)
    with pytest.raises(BadInput, match=reason):
        plan.fixed_tables(plan.GAUNTLET, entrants, players)
    with pytest.raises(BadInput, match=reason):
        plan.swiss_tables([0.0] * entrants, players, set())
