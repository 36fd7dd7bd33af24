"""The event log of a search clone: the original's log up to the moment of cloning, shared
rather than copied, then the clone's own events.

A search agent clones a state dozens of times per decision and plays one action on each
clone; copying a whole match's events every time made cloning cost grow with the length of
the game. A `SharedLog` keeps a reference to the original's list and how many of its
entries existed at the fork, and appends new events to a tail of its own. Logs only ever
grow at the end, so the shared prefix never changes under the clone, whatever the original
does next; cloning a clone shares the same prefix and copies only the (short) tail.

Every game's state keeps its events in an `EventLog` and forks it in `clone`, so a clone
costs the same early and late in a game.

It reads like the list it stands for — length, indexing, slices (as lists), iteration,
equality with a list — so views and the conformance kit read a clone's log exactly as the
live game's. The live game keeps a plain list: the referee and replays read that one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import chain, islice
from typing import Generic, TypeVar, overload

from .events import Event

T = TypeVar("T")


class SharedLog(Sequence[T], Generic[T]):
    """The first `length` entries of `shared`, then entries appended to this log alone."""

    __slots__ = ("_length", "_shared", "_tail", "append")

    #: Add an entry at the end: the tail list's own `append`, bound once per log — the
    #: engine appends every event through it, and a Python method in between showed in
    #: the profile of search.
    append: Callable[[T], None]

    def __init__(self, shared: list[T], length: int, tail: list[T]) -> None:
        self._shared = shared
        self._length = length
        self._tail = tail
        self.append = tail.append

    def __len__(self) -> int:
        return self._length + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return list(self)[index]
            length = self._length
            head = self._shared[start : min(stop, length)]
            return head + self._tail[max(start - length, 0) : max(stop - length, 0)]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("log index out of range")
        if index < self._length:
            return self._shared[index]
        return self._tail[index - self._length]

    def __iter__(self) -> Iterator[T]:
        return chain(islice(self._shared, self._length), self._tail)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SharedLog | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like the list it stands for

    def __repr__(self) -> str:
        return f"SharedLog({list(self)!r})"


def fork(log: list[T] | SharedLog[T]) -> SharedLog[T]:
    """A log for a clone: `log`'s entries so far, shared, and an empty tail of its own."""
    if isinstance(log, SharedLog):
        return SharedLog(log._shared, log._length, list(log._tail))
    return SharedLog(log, len(log), [])


#: The events of a match: a plain list in the live game, a shared prefix in a search clone.
EventLog = list[Event] | SharedLog[Event]
