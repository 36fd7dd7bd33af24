"""Board geometry: the 5×5 grid, Manhattan distance and straight orthogonal lines."""

from __future__ import annotations

from .data import DATA

SIZE = DATA.board
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))


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
