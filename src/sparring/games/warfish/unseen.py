"""Owners and units of the territories a seat does not see under fog, for determinization.

What the seat knows of them is little: who is alive, the map, the rules, and its log's last
12 events. The sample follows the public facts as far as they go:

- **During the setup** the per-seat counts are the rules': the deal is round-robin from
  seat 0 over the territories left after the neutrals, and the placements go one unit a
  seat in seat order, so how many territories and units every seat holds, and how many
  units each has left to place, follow from the seat's own count still to place. The
  unseen territories are a random arrangement of what is missing from the view: each
  rival's territories beyond those in sight and the neutrals (with `neutral_units` each),
  every rival territory with one unit and the rival's placed units spread at random.
- **After the setup** the totals are private, so each unseen territory is drawn on its
  own. The log gives a **last sight** of some (a territory the seat saw in an event and
  no longer sees: its owner and units then); that sight is kept three times in four,
  since nothing the seat has seen since changed it. Otherwise the owner is any living
  rival, or neutral where neutrals can exist, uniformly; a rival's units are uniform on
  1..2m−1 around m, the mean units of the rival territories in sight, and a neutral's on
  1..`neutral_units`; `max_units` caps both. Every living rival then holds at least one
  territory: one that holds none gets an unseen territory from a holder with more.

Nothing the seat's view shows depends on these values (it sees neither the territories nor,
under fog, the totals), so every such sample shows it the same view.
"""

from __future__ import annotations

from typing import Any

from msgspec import UNSET

from sparring.core.errors import BadInput
from sparring.core.rng import Rng

from . import events as ev
from .legal import NEUTRAL, SETUP
from .views import View

LABEL = "determinize"
#: How often (in percent) an unseen territory keeps its last sight from the log.
LAST_SIGHT_KEPT = 75

Board = tuple[list[int], list[int]]


def sample_unseen(view: View, seat: int, rng: Rng) -> Board:
    """The view's owners and units with every unseen territory drawn (module doc)."""
    owner = [NEUTRAL if o is None else o for o in view.owner]
    units = [0 if u is None else u for u in view.units]
    unseen = [t for t, o in enumerate(view.owner) if o is None]
    if not unseen:
        return owner, units
    if view.phase == SETUP and _setup_arrangement(view, owner, units, unseen, rng):
        return owner, units
    _independent(view, seat, owner, units, unseen, rng)
    return owner, units


# --------------------------------------------------------------------- during the setup


def dealt_counts(view: View) -> list[int]:
    """Territories each seat was dealt: round-robin from seat 0 after the neutrals."""
    options = view.options
    players = options.players
    dealt = len(view.owner) - options.neutral_territories
    return [len(range(s, dealt, players)) for s in range(players)]


def setup_progress(view: View) -> tuple[list[int], list[int]]:
    """Per seat, units placed so far in the setup and units still to place, from the
    mover's own count still to place (which a fogged setup view shows it): the placements
    go in seat order, one unit a turn, from seat 0, so a seat before the mover has had one
    turn more than it; under `max_units` a seat whose territories are full places no more,
    and loses the rest at its next turn."""
    options = view.options
    mover = view.turn
    shown = view.setup_left
    own = shown[mover] if mover is not None and shown is not UNSET else None
    if mover is None or own is None:
        raise BadInput("a fogged setup view shows the mover's count still to place")
    start = options.start_units()
    counts = dealt_counts(view)
    initial = [max(0, start - count) for count in counts]
    mover_turns = initial[mover] - own
    placed: list[int] = []
    left: list[int] = []
    for s, count in enumerate(counts):
        turns = mover_turns + 1 if s < mover else mover_turns
        room = count * (options.max_units - 1) if options.max_units else initial[s]
        placed.append(min(initial[s], turns, room))
        wasted = placed[s] == room < initial[s] and turns > room
        gone = wasted or not view.players[s].alive
        left.append(0 if gone else initial[s] - placed[s])
    return placed, left


def _setup_arrangement(
    view: View,
    owner: list[int],
    units: list[int],
    unseen: list[int],
    rng: Rng,
) -> bool:
    """The unseen territories as a random arrangement of what the rules say is missing;
    False (nothing written) when a forfeit has made the counts unknowable."""
    options = view.options
    alive = [p.alive for p in view.players]
    if not all(alive):
        return False
    counts = dealt_counts(view)
    placed = setup_progress(view)[0]
    wanted = {s: count for s, count in enumerate(counts)}
    wanted[NEUTRAL] = options.neutral_territories
    for holder in view.owner:
        if holder is not None:
            wanted[holder] -= 1
    if any(n < 0 for n in wanted.values()) or sum(wanted.values()) != len(unseen):
        return False
    missing = [holder for holder, n in wanted.items() for _ in range(n)]
    _shuffle(missing, rng)
    for t, holder in zip(unseen, missing, strict=True):
        owner[t] = holder
        units[t] = options.neutral_units if holder == NEUTRAL else 1
    for s, count in enumerate(counts):
        mine = [t for t, holder in zip(unseen, missing, strict=True) if holder == s]
        shown_units = sum(u for o, u in zip(view.owner, view.units, strict=True) if o == s and u)
        extra = count + placed[s] - shown_units - len(mine)
        if extra < 0 or (extra and not mine):
            return False
        _spread(units, mine, extra, options.max_units, rng)
    return True


def _spread(units: list[int], territories: list[int], extra: int, cap: int, rng: Rng) -> None:
    """`extra` units, one at a time, each on a random one of `territories` with room."""
    for _ in range(extra):
        open_ = [t for t in territories if not cap or units[t] < cap]
        if not open_:
            return
        units[open_[rng.below(len(open_), LABEL)]] += 1


# --------------------------------------------------------------------- after the setup


def _independent(
    view: View, seat: int, owner: list[int], units: list[int], unseen: list[int], rng: Rng
) -> None:
    options = view.options
    alive = [p.alive for p in view.players]
    rivals = [s for s, living in enumerate(alive) if living and s != seat]
    neutral_possible = options.neutral_territories > 0 or not all(alive) or NEUTRAL in view.owner
    holders = rivals + ([NEUTRAL] if neutral_possible else [])
    if not holders:
        raise BadInput("territories are out of sight but nobody else can hold them")
    sights = last_sights(view.log, seat)
    mean = _mean_rival_units(view, seat)
    cap = options.max_units
    for t in unseen:
        sight = sights.get(t)
        if (
            sight is not None
            and sight[0] in holders
            and 1 <= sight[1] <= (cap or sight[1])
            and rng.chance(LAST_SIGHT_KEPT, LABEL)
        ):
            owner[t], units[t] = sight
            continue
        holder = holders[rng.below(len(holders), LABEL)]
        owner[t] = holder
        most = options.neutral_units if holder == NEUTRAL else 2 * mean - 1
        if cap:
            most = min(most, cap)
        units[t] = 1 + rng.below(max(1, most), LABEL)
    _every_rival_holds_one(owner, unseen, rivals, rng)


def _mean_rival_units(view: View, seat: int) -> int:
    """The mean units (rounded up, at least 1) of the rival territories in sight, or of all
    territories in sight when no rival's is."""
    rival = [u for o, u in zip(view.owner, view.units, strict=True) if o is not None and u]
    rival_only = [
        u
        for o, u in zip(view.owner, view.units, strict=True)
        if o not in (None, seat, NEUTRAL) and u
    ]
    pool = rival_only or rival
    if not pool:
        return 1
    return max(1, -(-sum(pool) // len(pool)))


def _every_rival_holds_one(
    owner: list[int], unseen: list[int], rivals: list[int], rng: Rng
) -> None:
    """A living rival holds a territory: one left without gets an unseen territory whose
    holder keeps another (or is neutral)."""
    for rival in rivals:
        if rival in owner:
            continue
        spare = [t for t in unseen if owner[t] == NEUTRAL or owner.count(owner[t]) > 1]
        if not spare:
            raise BadInput(f"seat {rival} is alive but no territory out of sight can be theirs")
        owner[spare[rng.below(len(spare), LABEL)]] = rival


def last_sights(log: list[dict[str, Any]], seat: int) -> dict[int, tuple[int, int]]:
    """What the log last showed of each territory it names: ``{territory: (owner, units)}``,
    for the territories whose owner and units it gave (read oldest first)."""
    owners: dict[int, int] = {}
    counts: dict[int, int] = {}
    for entry in log:
        kind = entry["kind"]
        if kind == ev.DEALT:
            for t, holder, count in zip(
                entry["territories"], entry["owners"], entry["units"], strict=True
            ):
                owners[t], counts[t] = holder, count
        elif kind in (ev.PLACED, ev.CARD_BONUS):
            owners[entry["territory"]] = entry["seat"]
            counts[entry["territory"]] = entry["units"]
        elif kind == ev.ATTACKED:
            owners[entry["source"]] = entry["seat"]
            counts[entry["source"]] = entry["source_units"]
            counts[entry["target"]] = entry["target_units"]
        elif kind == ev.CAPTURED:
            owners[entry["target"]] = entry["seat"]
            counts[entry["target"]] = 0
        elif kind in (ev.MOVED_IN, ev.TRANSFERRED):
            source, target, moved = entry["source"], entry["target"], entry["count"]
            for t, change in ((source, -moved), (target, moved)):
                if t in counts:
                    counts[t] += change
    return {t: (owners[t], counts[t]) for t in owners if t in counts and owners[t] != seat}


def _shuffle(items: list[int], rng: Rng) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1, LABEL)
        items[i], items[j] = items[j], items[i]
