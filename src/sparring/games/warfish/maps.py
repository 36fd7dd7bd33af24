"""Warfish maps: data files of territories, continents and directed borders, validated once.

A map file (``maps/<name>.json``; the format is in docs/games/warfish.md) names its
territories in order — a territory's index in that list is its number everywhere in the
engine, its actions and its views — groups them into continents with bonuses, and lists
*directed* borders ``[from, to]``: an attack or transfer may cross a border only in its
direction, so a two-way border is listed both ways. A file that breaks any rule is refused
with a `MapError` naming the territory, continent or border at fault, so a map author never
has to guess.

Loaded maps are cached and immutable: territories are integer indices and adjacency is
tuples and frozensets, which is what the engine's hot paths read. A map's public form in a
view, `MapView`, is a frozen struct of tuples built once per map.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter
from pathlib import Path
from typing import Any

import msgspec

from sparring.core.errors import BadInput

#: A border as a ``(source, target)`` pair. Typed as a tuple of any length: compiled code
#: then hands the map's own pair object on (a ``tuple[int, int]`` is unboxed into two
#: machine values when read and made again as a new tuple when stored).
Pair = tuple[int, ...]

MAP_DIR = Path(__file__).with_name("maps")
MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: Card suits, dealt to territories in map order (territory index modulo 3).
SUITS = ("infantry", "cavalry", "artillery")
_FIELDS = {"name", "notes", "max_players", "territories", "continents", "coordinates", "borders"}


class MapError(BadInput):
    """A map file that breaks the format; the message names the part at fault."""


@dataclass(frozen=True, slots=True)
class Continent:
    name: str
    bonus: int
    members: tuple[int, ...]


class ContinentView(msgspec.Struct, frozen=True):
    """A continent as a view shows it: its name, bonus and territories (indices)."""

    name: str
    bonus: int
    territories: tuple[int, ...]


class MapView(msgspec.Struct, frozen=True):
    """A map as every view shows it (``view.map``): the map's key and title, territory
    names in index order, continents, borders as out-lists per territory, each territory
    card's suit, the most players it seats, and where each territory is drawn (``[x, y]``
    in index order, empty for a map without coordinates: a board lays the map out from
    them). Immutable, so one object is shared by every view of every game on the map."""

    key: str
    name: str
    territories: tuple[str, ...]
    continents: tuple[ContinentView, ...]
    borders: tuple[tuple[int, ...], ...]
    suits: tuple[str, ...]
    max_players: int
    coordinates: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, eq=False)
class WarfishMap:
    """One validated map. ``adj[t]`` are the territories `t` may attack (borders out of
    `t`), ``radj[t]`` those that may attack `t`, ``near[t]`` both (what fog reveals around
    an owned territory). ``static`` is the map as views show it, shared by every view of
    every game on this map."""

    key: str
    title: str
    names: tuple[str, ...]
    index: dict[str, int]
    continent_of: tuple[int, ...]
    continents: tuple[Continent, ...]
    adj: tuple[tuple[int, ...], ...]
    adj_sets: tuple[frozenset[int], ...]
    radj: tuple[tuple[int, ...], ...]
    near: tuple[tuple[int, ...], ...]
    suits: tuple[int, ...]
    max_players: int
    static: MapView
    size: int = field(init=False)
    #: per continent, a function from a per-territory list to its members' entries (the
    #: income's "owns it whole" test, at every turn)
    holders: tuple[Callable[[Sequence[Any]], tuple[Any, ...]], ...] = field(init=False)
    #: per territory, its borders out as pairs ``(t, target)`` in ``adj[t]``'s order, made
    #: once: the attack menu, listed after every roll, holds these objects instead of
    #: making a pair for every listed attack
    attack_pairs: tuple[tuple[Pair, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.names))
        object.__setattr__(
            self,
            "attack_pairs",
            tuple(tuple((t, target) for target in targets) for t, targets in enumerate(self.adj)),
        )
        object.__setattr__(
            self, "holders", tuple(members_getter(c.members) for c in self.continents)
        )

    def territory(self, name: str) -> int:
        """The index of territory `name` (exact spelling, then case-insensitive)."""
        found = self.index.get(name)
        if found is None:
            lowered = {n.lower(): i for n, i in self.index.items()}
            found = lowered.get(name.strip().lower())
        if found is None:
            raise BadInput(f"map {self.key!r} has no territory {name!r}")
        return found


def members_getter(members: tuple[int, ...]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A function taking a per-territory list to the tuple of the `members`' entries."""
    if len(members) == 1:
        only = members[0]
        return lambda values: (values[only],)
    return itemgetter(*members)


def map_names() -> list[str]:
    """The maps shipped with the game (file stems of ``maps/*.json``)."""
    return list(_shipped())


@cache
def _shipped() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in MAP_DIR.glob("*.json")))


def load_map(name: str) -> WarfishMap:
    """The shipped map `name` (case-insensitive), loaded and validated once per process."""
    key = str(name).strip().lower()
    if key not in _shipped():
        raise BadInput(f"unknown warfish map {name!r}; known maps: {', '.join(_shipped())}")
    return _load(key)


@cache
def _load(key: str) -> WarfishMap:
    return load_map_file(MAP_DIR / f"{key}.json")


def load_map_file(path: str | Path) -> WarfishMap:
    """Load and validate a map file from anywhere (not cached)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as error:
        raise MapError(f"cannot read map file {path}: {error.strerror}") from error
    except json.JSONDecodeError as error:
        raise MapError(f"map file {path} is not valid JSON: {error}") from error
    return parse_map(data, path.stem)


def parse_map(data: Any, key: str) -> WarfishMap:
    """Validate a map's JSON data and build the engine's form of it."""
    where = f"map {key!r}"
    if not isinstance(data, dict):
        raise MapError(f"{where}: a map file is a JSON object")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise MapError(f"{where}: unknown field(s) {', '.join(unknown)}")
    title = data.get("name", key)
    if not isinstance(title, str) or not title.strip():
        raise MapError(f"{where}: 'name' must be a non-empty string")
    names = _territories(data.get("territories"), where)
    index = {n: i for i, n in enumerate(names)}
    max_players = _max_players(data.get("max_players", MAX_PLAYERS), len(names), where)
    continents, continent_of = _continents(data.get("continents"), index, where)
    coordinates = _coordinates(data.get("coordinates"), names, where)
    adj = _borders(data.get("borders"), index, where)
    _check_reachable(names, adj, where)
    radj: list[list[int]] = [[] for _ in names]
    for source, targets in enumerate(adj):
        for target in targets:
            radj[target].append(source)
    adj_t = tuple(tuple(sorted(t)) for t in adj)
    radj_t = tuple(tuple(sorted(r)) for r in radj)
    near = tuple(tuple(sorted(set(a) | set(r))) for a, r in zip(adj_t, radj_t, strict=True))
    suits = tuple(i % len(SUITS) for i in range(len(names)))
    static = MapView(
        key=key,
        name=title,
        territories=names,
        continents=tuple(ContinentView(c.name, c.bonus, c.members) for c in continents),
        borders=adj_t,
        suits=tuple(SUITS[s] for s in suits),
        max_players=max_players,
        coordinates=coordinates,
    )
    return WarfishMap(
        key=key,
        title=title,
        names=names,
        index=index,
        continent_of=continent_of,
        continents=continents,
        adj=adj_t,
        adj_sets=tuple(frozenset(a) for a in adj_t),
        radj=radj_t,
        near=near,
        suits=suits,
        max_players=max_players,
        static=static,
    )


def _territories(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise MapError(f"{where}: 'territories' must be a non-empty list of names")
    seen: set[str] = set()
    for position, name in enumerate(value):
        if not isinstance(name, str) or not name.strip():
            raise MapError(f"{where}: territory #{position} must be a non-empty name, got {name!r}")
        if name in seen:
            raise MapError(f"{where}: territory {name!r} is listed twice")
        seen.add(name)
    if len(value) < MIN_PLAYERS:
        raise MapError(f"{where}: a map needs at least {MIN_PLAYERS} territories")
    return tuple(value)


def _max_players(value: Any, territories: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MapError(f"{where}: 'max_players' must be a whole number, got {value!r}")
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise MapError(f"{where}: 'max_players' must be {MIN_PLAYERS}-{MAX_PLAYERS}, got {value}")
    if value > territories:
        raise MapError(
            f"{where}: {territories} territories are fewer than max_players {value} "
            "(every player needs a territory)"
        )
    return value


def _continents(
    value: Any, index: dict[str, int], where: str
) -> tuple[tuple[Continent, ...], tuple[int, ...]]:
    if not isinstance(value, list) or not value:
        raise MapError(f"{where}: 'continents' must be a non-empty list")
    owner: dict[int, str] = {}
    out: list[Continent] = []
    names: set[str] = set()
    for position, entry in enumerate(value):
        if not isinstance(entry, dict) or set(entry) != {"name", "bonus", "territories"}:
            raise MapError(
                f"{where}: continent #{position} must have exactly 'name', 'bonus' and "
                "'territories'"
            )
        name, bonus, members = entry["name"], entry["bonus"], entry["territories"]
        if not isinstance(name, str) or not name.strip():
            raise MapError(f"{where}: continent #{position} needs a non-empty name")
        if name in names:
            raise MapError(f"{where}: continent {name!r} is listed twice")
        names.add(name)
        if isinstance(bonus, bool) or not isinstance(bonus, int) or bonus < 0:
            raise MapError(
                f"{where}: continent {name!r} has a bad bonus {bonus!r} (a whole number, 0 or more)"
            )
        if not isinstance(members, list) or not members:
            raise MapError(f"{where}: continent {name!r} needs a non-empty territory list")
        indices: list[int] = []
        for member in members:
            if member not in index:
                raise MapError(f"{where}: continent {name!r} names unknown territory {member!r}")
            t = index[member]
            if t in owner:
                raise MapError(
                    f"{where}: territory {member!r} is in two continents, {owner[t]!r} and {name!r}"
                )
            owner[t] = name
            indices.append(t)
        out.append(Continent(name, bonus, tuple(sorted(indices))))
    for t, territory in enumerate(index):
        if t not in owner:
            raise MapError(f"{where}: territory {territory!r} is in no continent")
    lookup = {c.name: i for i, c in enumerate(out)}
    return tuple(out), tuple(lookup[owner[t]] for t in range(len(index)))


def _coordinates(value: Any, names: tuple[str, ...], where: str) -> tuple[tuple[int, int], ...]:
    """Where each territory is drawn, in territory order: optional, but when given, every
    territory exactly once as a pair of whole numbers (a board needs them all)."""
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise MapError(f"{where}: 'coordinates' must be an object of territory name: [x, y]")
    unknown = sorted(set(value) - set(names))
    if unknown:
        raise MapError(f"{where}: coordinates name unknown territory {unknown[0]!r}")
    out: list[tuple[int, int]] = []
    for name in names:
        point = value.get(name)
        if point is None:
            raise MapError(f"{where}: territory {name!r} has no coordinates")
        if (
            not isinstance(point, list)
            or len(point) != 2
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in point)
        ):
            raise MapError(
                f"{where}: the coordinates of {name!r} must be [x, y], two whole numbers, "
                f"got {point!r}"
            )
        out.append((point[0], point[1]))
    return tuple(out)


def _borders(value: Any, index: dict[str, int], where: str) -> list[set[int]]:
    if not isinstance(value, list):
        raise MapError(f"{where}: 'borders' must be a list of [from, to] pairs")
    adj: list[set[int]] = [set() for _ in index]
    for entry in value:
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not all(isinstance(x, str) for x in entry)
        ):
            raise MapError(f"{where}: border {entry!r} must be a pair of territory names")
        source, target = entry
        for name in entry:
            if name not in index:
                raise MapError(
                    f"{where}: border {source!r} -> {target!r} names unknown territory {name!r}"
                )
        if source == target:
            raise MapError(f"{where}: border {source!r} -> {target!r} joins a territory to itself")
        if index[target] in adj[index[source]]:
            raise MapError(f"{where}: border {source!r} -> {target!r} is listed twice")
        adj[index[source]].add(index[target])
    return adj


def _reach(start: int, edges: list[set[int]]) -> set[int]:
    seen = {start}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for there in edges[here]:
            if there not in seen:
                seen.add(there)
                frontier.append(there)
    return seen


def _check_reachable(names: tuple[str, ...], adj: list[set[int]], where: str) -> None:
    """Every territory must be reachable from every other along borders (the map is strongly
    connected): otherwise some territory could never be attacked, or never attack out, and a
    game could not always be won. A dead end or a territory no border enters is named as
    such, the rest by the first territory out of reach."""
    entered = {t for targets in adj for t in targets}
    for t, name in enumerate(names):
        if not adj[t]:
            raise MapError(f"{where}: territory {name!r} has no border out (a dead end)")
    for t, name in enumerate(names):
        if t not in entered:
            raise MapError(f"{where}: territory {name!r} has no border in (it can never be taken)")
    forward = _reach(0, adj)
    for t, name in enumerate(names):
        if t not in forward:
            raise MapError(
                f"{where}: territory {name!r} is unreachable from {names[0]!r} along borders"
            )
    backward: list[set[int]] = [set() for _ in names]
    for source, targets in enumerate(adj):
        for target in targets:
            backward[target].add(source)
    home = _reach(0, backward)
    for t, name in enumerate(names):
        if t not in home:
            raise MapError(
                f"{where}: {names[0]!r} is unreachable from territory {name!r} along borders"
            )
