"""Who plays whom, in which seats, on which seed: a tournament's schedule.

Luck is cut by pairing, as chess-engine testers do with paired openings: a *pairing* (a
table of entrants, two or more) plays each of its seeds once in every seat order, so the
chance a seed deals and the advantage of a seat fall on every entrant alike. One seed
played in all its seat orders is a *set*; a pairing plays `sets` of them.

- **round robin**: every table of `players` entrants there is (all combinations), so every
  entrant meets every other — for two seats, each pair once.
- **gauntlet**: the first entrant (the challenger) at every table, the others filling the
  remaining seats in every combination.
- **swiss**: `rounds` rounds; each round seats entrants of similar standing together
  (`swiss_tables`), avoiding tables already played where it can, from the results of the
  rounds before — so a round is scheduled only when the one before it is over.

Seat orders are every permutation of the table (two seats: both ways round; three: six)
or, with ``rotations``, its cyclic rotations (as many as seats), for large tables where
every permutation would be too many games.

Everything here is a pure function of the tournament's settings (and, for swiss, of the
standings), so a resumed tournament schedules exactly what an uninterrupted one would.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from sparring.core.errors import BadInput

ROUND_ROBIN = "round-robin"
GAUNTLET = "gauntlet"
SWISS = "swiss"
COMPARE = "compare"  # two entrants, pairs played until a test decides (`compare.py`)
FORMATS = (ROUND_ROBIN, GAUNTLET, SWISS)

ALL_ORDERS = "all"
ROTATIONS = "rotations"
SEAT_ORDERS = (ALL_ORDERS, ROTATIONS)

_SEED_BITS = 63
#: Tables a swiss draw tries in search of a round without a repeated table before it
#: settles for the best-ranked choices (enough for any field where one is likely to exist).
SWISS_SEARCH_STEPS = 20_000


@dataclass(frozen=True, order=True)
class Slot:
    """Where a game stands in the schedule; games are ordered by it, so results are always
    read back in the same order, however they finished."""

    round: int
    pairing: int
    set: int
    order: int


@dataclass(frozen=True)
class ScheduledGame:
    """One game to play: its place, its seed, and the entrant (by index) in each seat."""

    slot: Slot
    seed: int
    seats: tuple[int, ...]


def set_seed(base: int, round_: int, pairing: int, set_: int) -> int:
    """The seed every seat order of one set plays: a hash of the tournament's seed and the
    set's place, so seeds differ from set to set and never depend on what was played."""
    digest = hashlib.sha256(f"{base}:{round_}:{pairing}:{set_}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - _SEED_BITS)


def seat_orders(table: Sequence[int], kind: str) -> list[tuple[int, ...]]:
    """The seat orders a table plays each seed in (see the module docstring)."""
    if kind == ALL_ORDERS:
        return list(itertools.permutations(table))
    if kind == ROTATIONS:
        return [tuple(table[shift:]) + tuple(table[:shift]) for shift in range(len(table))]
    raise BadInput(f"unknown seat order {kind!r}; known: {', '.join(SEAT_ORDERS)}")


def orders_per_set(players: int, kind: str) -> int:
    """How many games one set is: one per seat order."""
    return len(seat_orders(range(players), kind))


def fixed_tables(form: str, entrants: int, players: int) -> list[tuple[int, ...]]:
    """The tables of a round robin or a gauntlet (entrants by index)."""
    check_table_size(entrants, players)
    if form == ROUND_ROBIN:
        return list(itertools.combinations(range(entrants), players))
    if form == GAUNTLET:
        return [(0, *others) for others in itertools.combinations(range(1, entrants), players - 1)]
    raise BadInput(f"{form} tables are drawn round by round, not up front")


def check_table_size(entrants: int, players: int) -> None:
    if players < 2:
        raise BadInput(f"a table needs at least two seats, got {players}")
    if entrants < players:
        raise BadInput(f"{players} seats need at least {players} entrants, got {entrants}")


def games_of_tables(
    tables: Sequence[tuple[int, ...]], round_: int, sets: int, orders: str, base_seed: int
) -> list[ScheduledGame]:
    """Every game the tables play in one round: each set's seed in every seat order."""
    games = []
    for pairing, table in enumerate(tables):
        for set_ in range(sets):
            seed = set_seed(base_seed, round_, pairing, set_)
            for order, seats in enumerate(seat_orders(table, orders)):
                games.append(ScheduledGame(Slot(round_, pairing, set_, order), seed, seats))
    return games


def swiss_tables(
    standings: Sequence[float], players: int, met: set[frozenset[int]]
) -> list[tuple[int, ...]]:
    """One swiss round's tables: entrants ranked by `standings` (points so far; ties by
    entrant order), each table filled from the top with the best-ranked entrants left,
    avoiding ones that have shared a table with those already seated (`met` holds every
    pair that has) whenever the whole round can be drawn without such a repeat — a first
    fresh choice that would force a repeat further down is passed over. Entrants left over
    when fewer than `players` remain sit the round out (a bye: no games, no points)."""
    check_table_size(len(standings), players)
    ranked = sorted(range(len(standings)), key=lambda entrant: (-standings[entrant], entrant))
    fresh = _tables_without_repeats(ranked, players, met)
    return fresh if fresh is not None else _tables_preferring_fresh(ranked, players, met)


def _tables_without_repeats(
    ranked: list[int], players: int, met: set[frozenset[int]]
) -> list[tuple[int, ...]] | None:
    """The round drawn as `swiss_tables` says with no table seating two entrants who have
    met, the best-ranked choices tried first; None when there is none, or when
    `SWISS_SEARCH_STEPS` tables were tried without finding one (a large field late on)."""
    tried = 0

    def fill(left: list[int]) -> list[tuple[int, ...]] | None:
        nonlocal tried
        if len(left) < players:
            return []
        first, rest = left[0], left[1:]
        partners = [entrant for entrant in rest if frozenset((first, entrant)) not in met]
        for others in itertools.combinations(partners, players - 1):
            tried += 1
            if tried > SWISS_SEARCH_STEPS:
                return None
            if any(frozenset(pair) in met for pair in itertools.combinations(others, 2)):
                continue
            tail = fill([entrant for entrant in rest if entrant not in others])
            if tail is not None:
                return [(first, *others), *tail]
        return None

    return fill(ranked)


def _tables_preferring_fresh(
    ranked: list[int], players: int, met: set[frozenset[int]]
) -> list[tuple[int, ...]]:
    """The round when some table must be a repeat: each seat goes to the best-ranked
    entrant left who is new to the table, or failing that to the best-ranked left."""
    left = list(ranked)
    tables = []
    while len(left) >= players:
        table = [left.pop(0)]
        while len(table) < players:
            fresh = [e for e in left if all(frozenset((e, s)) not in met for s in table)]
            chosen = fresh[0] if fresh else left[0]
            left.remove(chosen)
            table.append(chosen)
        tables.append(tuple(table))
    return tables


def default_rounds(entrants: int) -> int:
    """Swiss rounds by default: enough to separate entrants as a knockout would
    (ceil(log2 n)), and at least one."""
    return max(1, (entrants - 1).bit_length())
