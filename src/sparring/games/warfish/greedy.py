"""The `greedy` Warfish agent: a fast heuristic that plays from its view alone.

- **Continent focus**: the continent it is closest to owning, weighing each continent's
  bonus per territory against the units and territories still to take there.
- **Setup**: one unit at a time on its best front in the focus continent.
- **Trading**: always when forced; otherwise when the set is worth `TRADE_AT` units or
  more, or a card of the set names a territory it holds (the territory bonus).
- **Placement**: first, if a continent it holds has a border that an enemy stack
  outnumbers, enough there to hold it (at most half the units); the rest on the one
  territory whose best attack gains the most — all in one stack, since a blitz's odds
  grow with the stack.
- **Attacks**: a blitz on the target with the best value × capture chance (the exact
  odds of `odds.py`), only while that chance is at least `ATTACK_ODDS` (`CARD_ODDS` for
  the turn's first capture, which earns a card). A target is worth more when it completes
  a continent, lies in the focus continent, breaks an enemy's continent or eliminates a
  player.
- **Move-in**: everything to the front: all it may if the captured territory borders
  enemies (the attack rolls on from there), else the minimum. (Keeping half behind when
  the source still faces enemies lost 38% of 200 games against this.) Capturing changes
  no neighbour's owner, so the blitz carries this as its standing ``move_in`` order (one
  decision fewer a capture) unless fog hides a neighbour of the target.
- **Transfer**: the largest stack of a territory without enemy neighbours to the most
  threatened border it may reach; none if every stack is at a border.

Unknown (fogged) territories count as enemy ones with a few units. Exact ties go to a
fixed per-territory jitter drawn from the agent's seeded `Rng`, so the agent is
deterministic for a seed. Map facts are computed once per map object (`view.map` is
shared by every view of a process) and kept in `_INFO`.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from msgspec import UNSET

from sparring.core.rng import Rng

from .actions import END_TURN, STOP_ATTACKING, STOP_TRADING, Blitz, MoveIn, Place, Trade, Transfer
from .legal import ATTACK, MOVE_IN, NEUTRAL, PLACE, SETUP, TRADE, TRANSFER
from .maps import MapView, members_getter
from .odds import TABLE, blitz_table, capture_chance
from .options import WarfishOptions
from .views import PlayerView, View

ATTACK_ODDS: Final = 0.6
CARD_ODDS: Final = 0.45
TRADE_AT: Final = 8
FOG_UNITS: Final = 3  # what an unseen territory is assumed to hold


@dataclass(frozen=True, slots=True)
class MapInfo:
    """What the agent needs of a map, as tuples indexed by territory."""

    size: int
    adj: tuple[tuple[int, ...], ...]
    radj: tuple[tuple[int, ...], ...]
    near: tuple[tuple[int, ...], ...]
    continent_of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]
    bonus: tuple[int, ...]
    density: tuple[float, ...]  # bonus per territory, plus a base value
    borders: tuple[tuple[int, ...], ...]  # per continent: members with a neighbour outside
    pick: tuple[Callable[[Sequence[Any]], tuple[Any, ...]], ...]  # per continent: its values
    pick_near: tuple[Callable[[Sequence[Any]], tuple[Any, ...]], ...]  # per territory: near's


_INFO: Final[dict[int, tuple[MapView, MapInfo]]] = {}


def _own(units: list[int | None]) -> list[int]:
    """A view's `units` where only territories the seat sees are read (its own, and
    those next to them), which are never unknown: typed so."""
    return cast("list[int]", units)


def map_info(static: MapView) -> MapInfo:
    """The agent's facts about the map of `static` (a view's ``map``), built once per
    object."""
    hit = _INFO.get(id(static))
    if hit is not None and hit[0] is static:
        return hit[1]
    adj = static.borders
    size = len(adj)
    radj_lists: list[list[int]] = [[] for _ in range(size)]
    for source, targets in enumerate(adj):
        for target in targets:
            radj_lists[target].append(source)
    radj = tuple(tuple(r) for r in radj_lists)
    near = tuple(tuple(sorted(set(a) | set(r))) for a, r in zip(adj, radj, strict=True))
    continent_of = [0] * size
    members = []
    bonus = []
    for c, continent in enumerate(static.continents):
        members.append(continent.territories)
        bonus.append(continent.bonus)
        for t in continent.territories:
            continent_of[t] = c
    borders = tuple(
        tuple(t for t in group if any(continent_of[n] != c for n in near[t]))
        for c, group in enumerate(members)
    )
    info = MapInfo(
        size=size,
        adj=adj,
        radj=radj,
        near=near,
        continent_of=tuple(continent_of),
        members=tuple(members),
        sizes=tuple(len(m) for m in members),
        bonus=tuple(bonus),
        density=tuple(b / len(m) + 0.5 for b, m in zip(bonus, members, strict=True)),
        borders=borders,
        pick=tuple(members_getter(group) for group in members),
        pick_near=tuple(members_getter(around) for around in near),
    )
    _INFO[id(static)] = (static, info)
    return info


class GreedyAgent:
    """Plays one seat by the heuristic above."""

    needs_view = True
    needs_log = False  # it reads the board, never the event log: served the lean view

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        self._jitter: tuple[float, ...] = ()
        self._plan: list[Place] = []
        self._focus_key: tuple[int, int | None] = (-1, None)
        self._focus_now = -1
        self._setup_owner: list[int | None] = []
        self._setup_score: dict[int, float] = {}
        self._setup_heap: list[tuple[float, int]] = []
        self._stats_view: View | None = None
        self._table_for: WarfishOptions | None = None
        self._blitz_odds: tuple[tuple[float, ...], ...] = ()
        self._stats: list[tuple[int, int | None] | None] = []
        self._stats_owner: list[int | None] = []  # the owners `_stats` were counted on
        self._map: MapView | None = None  # the map of the last view, and its facts
        self._info: MapInfo | None = None

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if view is None:
            raise ValueError("the greedy agent reads its view")
        static = view.map
        info = self._info
        if info is None or static is not self._map:
            info = self._info = map_info(static)
            self._map = static
            if len(self._jitter) != info.size:
                self._jitter = tuple(
                    self.rng.below(1000, "greedy") * 1e-6 for _ in range(info.size)
                )
        # One test per phase, most frequent first: compiled, each is a direct call (a table
        # of methods would make every decision a Python-level call).
        phase = view.phase
        if phase == ATTACK:
            return self._attack(view, legal, info)
        if phase == PLACE:
            return self._place(view, legal, info)
        if phase == SETUP:
            return self._setup(view, legal, info)
        if phase == TRANSFER:
            return self._transfer(view, legal, info)
        if phase == MOVE_IN:
            return self._move_in(view, legal, info)
        if phase == TRADE:
            return self._trade(view, legal, info)
        return legal[0]

    # ------------------------------------------------------------- judging the board

    def _focus(self, view: View, info: MapInfo) -> int:
        """The continent closest to being ours, by bonus per territory (-1 when we hold
        every continent), chosen once per turn (and once for the setup): a turn's attacks
        pursue one aim."""
        key = (view.round, view.turn)
        if key == self._focus_key:
            return self._focus_now
        me, owner, units = self.seat, view.owner, view.units
        best, best_score = -1, 0.0
        for c, group in enumerate(info.members):
            mine = cost = 0
            for t in group:
                if owner[t] == me:
                    mine += 1
                else:
                    held = units[t]
                    cost += (FOG_UNITS if held is None else held) + 1
            if not cost:
                continue
            score = info.density[c] * (mine + 1) / (len(group) * (cost + 1))
            if score > best_score:
                best, best_score = c, score
        self._focus_key, self._focus_now = key, best
        return best

    def _value(
        self,
        view: View,
        info: MapInfo,
        owner: list[int | None],
        players: list[PlayerView],
        target: int,
        focus: int,
    ) -> float:
        """What taking `target` is worth, in rough units of one territory (`owner` and
        `players` are the view's, read once by the caller: it asks for many targets)."""
        c = info.continent_of[target]
        holder = owner[target]
        value = 1.0 + self._jitter[target]
        if self._stats_view is not view:
            self._new_view(view, info)
        known = self._stats[c]
        mine, sole = self._count(view, info, c) if known is None else known
        if mine == info.sizes[c] - 1:
            value += 2.0 * info.bonus[c] + 1.0
        elif c == focus:
            value += 1.0 + info.density[c]
        if holder is not None and holder >= 0:
            if sole == holder:
                value += info.bonus[c]
            player = players[holder]
            if player.territories == 1:
                value += 4.0 + player.cards
        return value

    def _continent(self, view: View, info: MapInfo, c: int) -> tuple[int, int | None]:
        """``(own territories in continent c, the seat holding all of it or None)`` for
        this view, worked out once per view and continent: `_value` asks for the same few
        continents many times a decision (and reads the kept entry inline)."""
        if self._stats_view is not view:
            self._new_view(view, info)
        known = self._stats[c]
        return self._count(view, info, c) if known is None else known

    def _new_view(self, view: View, info: MapInfo) -> None:
        """Forget the continent counts of the previous view, unless its owners are this
        view's: the counts read nothing else, and most decisions (a roll that captured
        nothing, a placement) change no owner."""
        self._stats_view = view
        if view.owner != self._stats_owner:
            self._stats_owner = view.owner
            self._stats = [None] * len(info.members)

    def _count(self, view: View, info: MapInfo, c: int) -> tuple[int, int | None]:
        holders = info.pick[c](view.owner)
        first = holders[0]
        sole = first if holders.count(first) == len(holders) else None
        known = self._stats[c] = (holders.count(self.seat), sole)
        return known

    def _threat(self, view: View, info: MapInfo, t: int) -> int:
        """Units that could attack `t` next turn (the largest enemy stack bordering it)."""
        me, owner, units = self.seat, view.owner, view.units
        most = 0
        for n in info.radj[t]:
            o = owner[n]
            if o in (me, NEUTRAL):
                continue
            held = units[n]
            strength = (FOG_UNITS if held is None else held) - 1
            if strength > most:
                most = strength
        return most

    # ------------------------------------------------------------- setup

    def _setup(self, view: View, legal: Any, info: MapInfo) -> Place:
        """One unit on the best front of the focus continent. Owners do not change during
        the setup, so each territory's worth is judged once; more units there make it a
        little less urgent, which spreads the units over the best few fronts.

        The best is kept in a heap of (−worth, territory), worth as it was when pushed:
        units only grow during the setup, so an entry can only overrate its territory —
        the top is re-judged until it is current, and then it is the best (ties to the
        lowest territory)."""
        owner, units = view.owner, _own(view.units)
        if owner != self._setup_owner:
            self._setup_owner = owner
            scores = self._setup_score = self._setup_scores(view, info)
            self._setup_heap = [(-(scores[t] - 0.05 * units[t]), t) for t in legal.territories]
            heapq.heapify(self._setup_heap)
        scores, heap = self._setup_score, self._setup_heap
        while True:
            stored, t = heap[0]
            if not legal.cap(t):  # full (max_units): never open again during the setup
                heapq.heappop(heap)
                continue
            current = -(scores[t] - 0.05 * units[t])
            if current == stored:
                return Place(t, 1)
            heapq.heapreplace(heap, (current, t))

    def _setup_scores(self, view: View, info: MapInfo) -> dict[int, float]:
        me, owner, jitter = self.seat, view.owner, self._jitter
        focus = self._focus(view, info)
        scores = {}
        for t in range(info.size):
            if owner[t] != me:
                continue
            score = 3.0 if info.continent_of[t] == focus else 0.0
            fronts = 0
            for n in info.adj[t]:
                if owner[n] != me:
                    fronts += 1
                    if info.continent_of[n] == focus:
                        score += 1.0
            if fronts:
                score += 0.5
            scores[t] = score + jitter[t]
        return scores

    # ------------------------------------------------------------- cards

    def _trade(self, view: View, legal: Sequence[Any], info: MapInfo) -> Any:
        """The best set when forced or worth it; otherwise keep the cards."""
        me, owner = self.seat, view.owner
        size = len(owner)
        bonus = view.options.card_territory_bonus
        best, best_score = None, -1e9
        for action in legal:
            if type(action) is not Trade:
                continue
            named = any(c < size and owner[c] == me for c in action.cards)
            wilds = sum(1 for c in action.cards if c >= size)
            score = (2.0 if named and bonus else 0.0) - 1.5 * wilds
            if score > best_score:
                best, best_score = action, score
        if best is None:
            return legal[0]
        if STOP_TRADING not in legal or view.next_trade_value >= TRADE_AT or best_score > 0:
            return best
        return STOP_TRADING

    # ------------------------------------------------------------- placement

    def _place(self, view: View, legal: Any, info: MapInfo) -> Place:
        """The turn's placements, planned at its first and played one by one."""
        left = view.to_place
        assert left is not UNSET, "the mover's view has its turn details"
        plan = self._plan
        if plan and sum(p.count for p in plan) == left and plan[0] in legal:
            return plan.pop(0)
        caps = dict(zip(legal.territories, legal.caps, strict=True))
        plan = self._plan = []
        guard = self._guard(view, info, caps, left)
        if guard is not None:
            plan.append(guard)
            left -= guard.count
            caps[guard.territory] -= guard.count
        while left > 0 and any(room > 0 for room in caps.values()):  # max_units: the
            spot = self._front(view, info, caps, left)  # units nowhere to go are lost
            count = min(left, caps[spot])
            plan.append(Place(spot, count))
            caps[spot] -= count
            left -= count
        return plan.pop(0)

    def _guard(self, view: View, info: MapInfo, caps: dict[int, int], left: int) -> Place | None:
        """Units for the most outnumbered border of a continent we hold, if any."""
        units = _own(view.units)
        worst, need = -1, 0
        for c, size in enumerate(info.sizes):
            if self._continent(view, info, c)[0] != size:
                continue
            for t in info.borders[c]:
                short = self._threat(view, info, t) + 1 - units[t]
                if short > need and caps.get(t, 0) > 0:
                    worst, need = t, short
        if worst < 0 or left < 2:
            return None
        return Place(worst, min(need, left // 2, caps[worst]))

    def _front(self, view: View, info: MapInfo, caps: dict[int, int], left: int) -> int:
        """Where `left` new units gain the most: the own territory whose best attack (with
        those units added) has the highest value × capture chance."""
        me, owner, units, adj = self.seat, view.owner, view.units, info.adj
        players = view.players
        own = _own(units)
        table = self._table(view)
        focus = self._focus(view, info)
        worth: dict[int, float] = {}
        best, best_score = -1, -1.0
        for s, room in caps.items():
            if room <= 0:
                continue
            row: Sequence[float] | None = None
            stack = 0
            for t in adj[s]:
                if owner[t] == me:
                    continue
                if row is None:  # only for a territory with an enemy in reach
                    stack = own[s] + (left if left < room else room)
                    row = table[stack] if stack <= TABLE else ()
                held = units[t]
                if held is None:
                    held = FOG_UNITS
                chance = row[held] if held < len(row) else capture_chance(table, stack, held)
                value = worth.get(t)
                if value is None:
                    value = worth[t] = self._value(view, info, owner, players, t, focus)
                if chance * value > best_score:
                    best, best_score = s, chance * value
        if best < 0:  # no enemy within reach of any open territory
            best = max((s for s, room in caps.items() if room > 0), key=lambda s: own[s])
        return best

    # ------------------------------------------------------------- attacks

    def _table(self, view: View) -> tuple[tuple[float, ...], ...]:
        """The blitz odds for the view's dice (kept while the options object is the same:
        views share one per options value)."""
        options = view.options
        if options is not self._table_for:
            self._table_for = options
            self._blitz_odds = blitz_table(options.attack_dice_sides, options.defend_dice_sides)
        return self._blitz_odds

    def _attack(self, view: View, legal: Any, info: MapInfo) -> Any:
        """A blitz on the best target with good odds, or stop. (The view's fields and the
        menu's pairs are read once into typed locals: compiled, each read of a view field
        is a lookup by name, and a typed pair's parts are read directly.)"""
        owner, players, options = view.owner, view.players, view.options
        units = _own(view.units)  # an attack's two ends are the seat's and seen by it
        pairs: tuple[tuple[int, ...], ...] = legal.pairs
        table = self._table(view)
        floor = CARD_ODDS if options.cards and not view.captured else ATTACK_ODDS
        best_score, focus = 0.0, -2
        source = target = -1
        for pair in pairs:
            s, t = pair[0], pair[1]
            attackers, defenders = units[s], units[t]
            if attackers <= TABLE and defenders <= TABLE:
                chance = table[attackers][defenders]
            else:
                chance = capture_chance(table, attackers, defenders)
            if chance < ATTACK_ODDS and (chance < floor or defenders > 1):
                continue
            if focus == -2:
                focus = self._focus(view, info)
            score = chance * self._value(view, info, owner, players, t, focus)
            if score > best_score:
                source, target, best_score = s, t, score
        if source < 0:
            return STOP_ATTACKING
        if options.fog and None in info.pick_near[target](owner):
            return Blitz(source, target)  # a neighbour unseen: decide after the capture
        # `_move_in`'s choice, one decision early: all (clamped by the engine) or the minimum
        return Blitz(source, target, units[source] if self._ahead(owner, info, target) else 0)

    def _move_in(self, view: View, legal: Any, info: MapInfo) -> MoveIn:
        """Everything goes on to the front: all it may if the captured territory borders
        enemies, else the minimum (the source stays the front)."""
        pending = view.move_in
        assert pending is not UNSET, "the mover's view has its pending move-in"
        ahead = self._ahead(view.owner, info, pending.target)
        return MoveIn(pending.high if ahead else pending.low)

    def _ahead(self, owner: Sequence[int | None], info: MapInfo, target: int) -> bool:
        """Whether `target` borders a territory not ours (or unseen): the front moves on."""
        around = info.pick_near[target](owner)
        return around.count(self.seat) != len(around)

    # ------------------------------------------------------------- transfer

    def _transfer(self, view: View, legal: Any, info: MapInfo) -> Any:
        """The biggest interior stack to the most threatened border it may reach."""
        me, owner, near = self.seat, view.owner, info.near
        front: set[int] = set()  # own territories next to an enemy (or an unseen one)
        for t, holder in enumerate(owner):
            if holder != me:
                front.update(near[t])
        best, best_key = None, (0, -1.0)
        for (source, target), cap in zip(legal.pairs, legal.caps, strict=True):
            if source in front or target not in front:
                continue
            key = (cap, self._threat(view, info, target) + self._jitter[target])
            if key > best_key:
                best, best_key = Transfer(source, target, cap), key
        return END_TURN if best is None else best
