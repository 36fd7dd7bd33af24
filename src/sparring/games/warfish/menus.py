"""Legal actions as compact, lazy sequences.

Listing every `Place(territory, count)` or `Transfer(source, target, count)` would build
hundreds of objects per decision; a menu instead keeps a few tuples (which territories,
how many at most) and makes the i-th action on demand, answers ``in`` without building
anything, and has a compact JSON form for the bot protocol. Each menu is a snapshot: it
holds no reference to the state and stays valid until the state changes.

Order is stable: blocks in territory order, counts (or dice) ascending within a block, and
the phase's "stop" action last.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, Final, overload

from .actions import (
    END_TURN,
    STOP_ATTACKING,
    Attack,
    Blitz,
    MoveIn,
    Place,
    Transfer,
)
from .maps import Pair

#: The attack and transfer phases' "stop" actions, one tuple each (not one per menu).
_ATTACK_TAIL: Final = (STOP_ATTACKING,)
_TRANSFER_TAIL: Final = (END_TURN,)


def valid_move_in_order(value: object) -> bool:
    """Whether `value` may be an attack's standing ``move_in`` order: none, or a whole
    number of at least 0. Decoding checks this for bots; an in-process agent builds its
    actions directly, so the menus and the engine check it again. (Here, not beside the
    action types in `actions`: that module stays pure, and this runs at every attack.)"""
    return value is None or (type(value) is int and value >= 0)


class _Menu(Sequence[Any]):
    """Blocks of actions (`_body` in all) followed by fixed `tail` actions. Subclasses give
    each block's size (`_sizes`), make the k-th action of block b and test membership.
    Where each block starts is worked out only when an action is asked for by index: most
    agents pick an action by its parts and test it with ``in``, never indexing."""

    __slots__ = ("_body", "_starts", "tail")

    def __init__(self, body: int, tail: tuple[Any, ...]) -> None:
        self._body = body
        self._starts: list[int] | None = None
        self.tail = tail

    def _sizes(self) -> Sequence[int]:
        raise NotImplementedError

    def __len__(self) -> int:
        return self._body + len(self.tail)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if index >= self._body:
            return self.tail[index - self._body]
        if index < 0:
            raise IndexError(index)
        starts = self._starts
        if starts is None:
            starts = self._starts = []
            total = 0
            for size in self._sizes():
                starts.append(total)
                total += size
        block = bisect_right(starts, index) - 1
        return self._make(block, index - starts[block])

    def _make(self, block: int, offset: int) -> Any:
        raise NotImplementedError

    def _tail_json(self) -> list[dict[str, Any]]:
        return [a.to_json() for a in self.tail]


class PlaceMenu(_Menu):
    """`Place(t, k)` for each listed territory t and 1 <= k <= its cap."""

    __slots__ = ("caps", "territories")

    def __init__(self, territories: tuple[int, ...], caps: tuple[int, ...]) -> None:
        super().__init__(sum(caps), ())
        self.territories = territories
        self.caps = caps

    def _sizes(self) -> Sequence[int]:
        return self.caps

    def _make(self, block: int, offset: int) -> Place:
        return Place(self.territories[block], offset + 1)

    def cap(self, territory: object) -> int:
        """How many may be placed on `territory` now (0: none)."""
        try:
            return self.caps[self.territories.index(territory)]
        except ValueError:
            return 0

    def __contains__(self, action: object) -> bool:
        if type(action) is not Place:
            return False
        sent: Any = action  # its fields as sent (any JSON value): compiled code reads as typed
        count = sent.count
        return type(count) is int and 1 <= count <= self.cap(sent.territory)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "place_menu",
            "choices": [[t, cap] for t, cap in zip(self.territories, self.caps, strict=True)],
            "count": len(self),
            "note": "place: any listed territory, count 1..its cap",
        }


class AttackMenu(_Menu):
    """For each (source, target) pair: `Attack` with 1..max dice, then `Blitz`; then
    `StopAttacking`."""

    __slots__ = ("dice", "pairs")

    def __init__(self, pairs: tuple[Pair, ...], dice: tuple[int, ...]) -> None:
        super().__init__(sum(dice) + len(dice), _ATTACK_TAIL)
        self.pairs = pairs
        self.dice = dice

    def _sizes(self) -> Sequence[int]:
        return [d + 1 for d in self.dice]

    def _make(self, block: int, offset: int) -> Any:
        source, target = self.pairs[block]
        if offset < self.dice[block]:
            return Attack(source, target, offset + 1)
        return Blitz(source, target)

    def max_dice(self, source: object, target: object) -> int:
        """The most dice `source` may attack `target` with (0: not a listed attack). Every
        attack played is looked up here: whole numbers are compared as such along the
        pairs (compiled, machine integers), without making a pair to search for."""
        if type(source) is not int or type(target) is not int:
            return 0
        wanted_source: int = source
        wanted_target: int = target
        pairs = self.pairs
        for index in range(len(pairs)):
            pair = pairs[index]
            if pair[0] == wanted_source and pair[1] == wanted_target:
                return self.dice[index]
        return 0

    def __contains__(self, action: object) -> bool:
        sent: Any = action  # fields as sent (see `PlaceMenu.__contains__`)
        if isinstance(action, Attack):
            dice = sent.dice
            return (
                type(dice) is int
                and 1 <= dice <= self.max_dice(sent.source, sent.target)
                and valid_move_in_order(sent.move_in)
            )
        if isinstance(action, Blitz):
            return self.max_dice(sent.source, sent.target) > 0 and valid_move_in_order(sent.move_in)
        return action in self.tail

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "attack_menu",
            "choices": [[s, t, d] for (s, t), d in zip(self.pairs, self.dice, strict=True)],
            "also": self._tail_json(),
            "count": len(self),
            "note": "attack: source, target, dice 1..max; blitz: any listed source, target; "
            "either may add move_in (0 or more) to settle a capture's move-in in advance",
        }


class TransferMenu(_Menu):
    """`Transfer(s, t, k)` for each (source, target) pair and 1 <= k <= its cap; then
    `EndTurn`."""

    __slots__ = ("caps", "pairs")

    def __init__(self, pairs: tuple[tuple[int, int], ...], caps: tuple[int, ...]) -> None:
        super().__init__(sum(caps), _TRANSFER_TAIL)
        self.pairs = pairs
        self.caps = caps

    def _sizes(self) -> Sequence[int]:
        return self.caps

    def _make(self, block: int, offset: int) -> Transfer:
        source, target = self.pairs[block]
        return Transfer(source, target, offset + 1)

    def cap(self, source: object, target: object) -> int:
        try:
            return self.caps[self.pairs.index((source, target))]
        except ValueError:
            return 0

    def __contains__(self, action: object) -> bool:
        if type(action) is Transfer:
            sent: Any = action  # fields as sent (see `PlaceMenu.__contains__`)
            count = sent.count
            return type(count) is int and 1 <= count <= self.cap(sent.source, sent.target)
        return action in self.tail

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "transfer_menu",
            "choices": [[s, t, c] for (s, t), c in zip(self.pairs, self.caps, strict=True)],
            "also": self._tail_json(),
            "count": len(self),
            "note": "transfer: source, target, count 1..cap",
        }


class MoveInMenu(_Menu):
    """`MoveIn(k)` for low <= k <= high."""

    __slots__ = ("high", "low")

    def __init__(self, low: int, high: int) -> None:
        super().__init__(high - low + 1, ())
        self.low = low
        self.high = high

    def _sizes(self) -> Sequence[int]:
        return (self.high - self.low + 1,)

    def _make(self, block: int, offset: int) -> MoveIn:
        return MoveIn(self.low + offset)

    def __contains__(self, action: object) -> bool:
        if type(action) is not MoveIn:
            return False
        sent: Any = action  # fields as sent (see `PlaceMenu.__contains__`)
        count = sent.count
        return type(count) is int and self.low <= count <= self.high

    def to_json(self) -> dict[str, Any]:
        return {"type": "move_in_menu", "low": self.low, "high": self.high, "count": len(self)}
