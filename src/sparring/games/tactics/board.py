"""Board geometry: the 5×5 grid, Manhattan distance and straight orthogonal lines, and who
stands where (`Occupancy`) while a menu of actions is listed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .data import DATA

if TYPE_CHECKING:
    from .units import Unit

SIZE = DATA.board
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))

Tile = tuple[int, int]


def inside(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def between(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The tiles strictly between two tiles of one row or column."""
    (x0, y0), (x1, y1) = a, b
    if x0 == x1:
        step = 1 if y1 > y0 else -1
        return [(x0, y) for y in range(y0 + step, y1, step)]
    step = 1 if x1 > x0 else -1
    return [(x, y0) for x in range(x0 + step, x1, step)]


#: Every tile, column by column (x, then y): the order tile searches list their finds in.
TILES: tuple[Tile, ...] = tuple((x, y) for x in range(SIZE) for y in range(SIZE))


def _ray(tile: Tile, dx: int, dy: int) -> tuple[Tile, ...]:
    x, y = tile
    steps = range(1, SIZE)
    return tuple((x + dx * s, y + dy * s) for s in steps if inside(x + dx * s, y + dy * s))


#: From each tile, per direction (in `DIRECTIONS` order), the tiles outward to the edge:
#: moves, attacks and lines walk these instead of stepping and bounds-checking each tile.
RAYS: dict[Tile, tuple[tuple[Tile, ...], ...]] = {
    tile: tuple(_ray(tile, dx, dy) for dx, dy in DIRECTIONS) for tile in TILES
}


class Occupancy:
    """Who stands where, looked up by tile: the living units (the first in id order
    where two would share a tile, as a scan of the units finds) and the obstacles.

    Listing a seat's menu asks "is this tile free?" and "who is there?" hundreds of times
    (every move, every attack line, every skill aim from every landing tile); a scan of
    the units for each was two thirds of a random game's time. A snapshot is taken per
    menu instead — never kept in the state, so nothing can go stale — and `step` moves a
    unit within it while a move-and-act is looked ahead."""

    __slots__ = ("obstacles", "units")

    def __init__(self, units: Iterable[Unit], obstacles: Mapping[Tile, int]) -> None:
        self.obstacles = obstacles
        self.units: dict[Tile, Unit] = {}
        for unit in units:
            if unit.hp > 0:
                self.units.setdefault((unit.x, unit.y), unit)

    def unit_at(self, tile: Tile) -> Unit | None:
        return self.units.get(tile)

    def free(self, x: int, y: int) -> bool:
        """On the board, with no living unit and no obstacle (buff tiles do not block)."""
        tile = (x, y)
        return (
            0 <= x < SIZE
            and 0 <= y < SIZE
            and tile not in self.obstacles
            and tile not in self.units
        )

    def step(self, unit: Unit, origin: Tile, to: Tile) -> None:
        """`unit`, standing on `origin` in this snapshot, stands on `to` instead."""
        if self.units.get(origin) is unit:
            del self.units[origin]
        self.units[to] = unit
