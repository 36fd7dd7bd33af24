"""The legal picks of a round as a lazy, indexable sequence.

A pick orders 4 unused fish into positions and, with the Mimic, names its copy: up to
51,480 choices in round 1. Building them all for every pick would dominate a random
playout, so `PickSpace` computes the i-th pick on demand (lexicographic unranking) while
still behaving as a finite sequence in a stable order: first every ordering without the
Mimic, then the orderings with it, by Mimic position, the other three, then the copied fish.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations
from math import perm
from typing import overload

from .actions import Pick
from .roster import ALL_FISH, MIMIC


def _unrank(items: tuple[int, ...], r: int, index: int) -> list[int]:
    """The `index`-th r-permutation of `items` in itertools.permutations order."""
    pool = list(items)
    out: list[int] = []
    for depth in range(r):
        block = perm(len(pool) - 1, r - depth - 1)
        slot, index = divmod(index, block)
        out.append(pool.pop(slot))
    return out


class PickSpace(Sequence[Pick]):
    """All legal picks from the fish in `remaining`."""

    __slots__ = ("_mimic_size", "_others", "_plain_size", "_targets")

    def __init__(self, remaining: frozenset[int]) -> None:
        self._others = tuple(sorted(remaining - {MIMIC}))
        self._plain_size = perm(len(self._others), 4)
        has_mimic = MIMIC in remaining
        self._targets = tuple(f for f in ALL_FISH if f != MIMIC)
        self._mimic_size = 4 * perm(len(self._others), 3) * len(self._targets) if has_mimic else 0

    def __len__(self) -> int:
        return self._plain_size + self._mimic_size

    @overload
    def __getitem__(self, index: int) -> Pick: ...

    @overload
    def __getitem__(self, index: slice) -> list[Pick]: ...

    def __getitem__(self, index: int | slice) -> Pick | list[Pick]:
        if isinstance(index, slice):
            return [self._pick_at(i) for i in range(*index.indices(len(self)))]
        return self._pick_at(index)

    def _pick_at(self, index: int) -> Pick:
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        if index < self._plain_size:
            return Pick(tuple(_unrank(self._others, 4, index)))
        index -= self._plain_size
        per_slot = perm(len(self._others), 3) * len(self._targets)
        slot, index = divmod(index, per_slot)
        order, target = divmod(index, len(self._targets))
        fish = _unrank(self._others, 3, order)
        fish.insert(slot, MIMIC)
        return Pick(tuple(fish), self._targets[target])

    def __iter__(self) -> Iterator[Pick]:
        for fish in permutations(self._others, 4):
            yield Pick(fish)
        if self._mimic_size:
            for slot in range(4):
                for three in permutations(self._others, 3):
                    team = (*three[:slot], MIMIC, *three[slot:])
                    for target in self._targets:
                        yield Pick(team, target)

    def __contains__(self, pick: object) -> bool:
        return isinstance(pick, Pick) and self.why_not(pick) is None

    def to_json(self) -> dict[str, object]:
        """The compact wire form: the fish to choose from instead of every ordering."""
        return {
            "type": "pick",
            "choose": 4,
            "fish": sorted(self._others + ((MIMIC,) if self._mimic_size else ())),
            "mimic_targets": list(self._targets) if self._mimic_size else [],
            "count": len(self),
        }

    def why_not(self, pick: Pick) -> str | None:
        """The reason `pick` is illegal here, or None when it is legal."""
        fish = pick.fish
        allowed = set(self._others) | ({MIMIC} if self._mimic_size else set())
        if len(fish) != 4 or len(set(fish)) != 4:
            return "a pick is 4 different fish"
        unusable = [f for f in fish if f not in allowed]
        if unusable:
            return f"fish {unusable} already played in an earlier round (or unknown)"
        if MIMIC in fish:
            if pick.mimic not in self._targets:
                return "the Mimic must copy one of the other 11 fish"
        elif pick.mimic is not None:
            return "a Mimic target was given without picking the Mimic"
        return None
