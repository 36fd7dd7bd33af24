"""What a game supplies to the reinforcement-learning environments: its `Encoding`.

An encoding turns one seat's VIEW (never the state) into a fixed-size float32 vector, and
the game's legal actions into a fixed `Discrete(action_count)` space with a mask. It is
built per game and options (`encoding_for`), since a map or a player count fixes sizes.

Most actions are one index of the action table. Where the true menu is too large for one
flat table (51,480 Aquawar picks, a Tactics move-then-attack, a Warfish transfer), a
decision is *factorised*: the action is a short path of indices chosen one after another
(a pick's four fish in position order, then the Mimic's copy), and the environment asks
the same seat again until the path names one action. The encoding's `menu` says, for the
path chosen so far, which indices are open and whether each ends the decision (the action
it plays) or continues it (`CONTINUE`). The path chosen so far is part of the seat's
observation (`Observer`), so a policy always knows where it stands.

Nothing here names a game; the text-free parts (the action table's names, `menu`) are
meant to serve the language-model front end too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from sparring.core.errors import BadInput
from sparring.core.game import GameSpec, View

Vector = npt.NDArray[np.float32]


class _Continue:
    """The marker of a menu entry that continues a factorised decision."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "CONTINUE"


#: A menu entry that does not finish the decision: the seat chooses again.
CONTINUE: Final = _Continue()

#: A decision's open entries: an index of the action table, mapped to the action it plays
#: or to `CONTINUE`.
Menu = Mapping[int, Any]


class Encoding(Protocol):
    """One game's observation layout and action table, under one set of options.

    ``feature_size``: the length of `features`' vector. ``action_names``: the action
    table, one short name per index (its length is the `Discrete` size). ``depth``: the
    longest path a decision takes (1: every action is one index). ``reads_log``: whether
    `features` reads the view's event log (if not, the game's lean view is served, where
    it has one: a view's log is most of its cost).
    """

    feature_size: int
    action_names: Sequence[str]
    depth: int
    reads_log: bool

    def features(self, view: View, seat: int, out: Vector) -> None:
        """Write `seat`'s features, read from its `view` only, into the zeroed `out`."""

    def menu(self, view: View, legal: Sequence[Any], path: tuple[int, ...]) -> Menu:
        """The open entries after `path` (the indices chosen so far in this decision)."""


def menu_from_paths(
    legal: Iterable[Any], path_of: Callable[[Any], tuple[int, ...]], path: tuple[int, ...]
) -> dict[int, Any]:
    """The menu after `path` for an encoding that gives each action its path: the next
    index of every action whose path starts with `path`. Several actions on one path
    are a documented loss of the encoding: the first in the game's order is played."""
    return menu_from_entries(((path_of(action), action) for action in legal), path)


def menu_from_indices(legal: Iterable[Any], index_of: Callable[[Any], int]) -> dict[int, Any]:
    """The menu of a decision whose every action is one index (`index_of`): the cheap
    case of `menu_from_paths`, with no path to build or walk. Of several actions on one
    index the first in the game's order is played."""
    menu: dict[int, Any] = {}
    for action in legal:
        menu.setdefault(index_of(action), action)
    return menu


def menu_from_entries(
    entries: Iterable[tuple[tuple[int, ...], Any]], path: tuple[int, ...]
) -> dict[int, Any]:
    """The menu after `path` from ``(path, action)`` entries (see `menu_from_paths`), for
    an encoding that lists representative actions itself."""
    depth = len(path)
    return _next_indices(
        ((full, action) for full, action in entries if len(full) > depth and full[:depth] == path),
        depth,
    )


def _next_indices(entries: Iterable[tuple[tuple[int, ...], Any]], depth: int) -> dict[int, Any]:
    """The menu of `entries` whose paths all run past `depth` and agree before it."""
    menu: dict[int, Any] = {}
    for full, action in entries:
        index = full[depth]
        entry = action if len(full) == depth + 1 else CONTINUE
        previous = menu.setdefault(index, entry)
        if (previous is CONTINUE) != (entry is CONTINUE):
            raise ValueError(f"action paths are not prefix-free at {full[: depth + 1]}: {action}")
    return menu


class PathIndex:
    """`menu_from_paths` for the successive steps of one decision, with each action's path
    worked out once for the last (view, legal actions) pair asked about (by identity: a
    new position brings a new view), since every step of a factorised decision asks about
    the same pair. Each step narrows the previous step's entries to those that go on
    through the index chosen, so a decision scans its whole menu once, then ever fewer."""

    __slots__ = ("_all", "_entries", "_key", "_path", "_paths_for")

    def __init__(self, paths_for: Callable[[View], Callable[[Any], tuple[int, ...]]]) -> None:
        self._paths_for = paths_for
        self._key: tuple[Any, Any] = (None, None)
        self._all: list[tuple[tuple[int, ...], Any]] = []
        self._path: tuple[int, ...] = ()
        self._entries = self._all  # those of `_all` that go on past `_path`

    def menu(self, view: View, legal: Sequence[Any], path: tuple[int, ...]) -> dict[int, Any]:
        if self._key[0] is not view or self._key[1] is not legal:
            path_of = self._paths_for(view)
            self._all = [(path_of(action), action) for action in legal]
            self._key, self._path, self._entries = (view, legal), (), self._all
        elif path[: len(self._path)] != self._path:  # another branch: start from the top
            self._path, self._entries = (), self._all
        entries = self._entries
        for depth in range(len(self._path), len(path)):
            index = path[depth]
            entries = [
                (full, action)
                for full, action in entries
                if full[depth] == index and len(full) > depth + 1
            ]
        self._entries, self._path = entries, path
        return _next_indices(entries, len(path))


def encoding_for(spec: GameSpec, options: Any) -> Encoding:
    """The encoding of `spec` under `options` (the game's `Extensions.rl_encoding`)."""
    loader = spec.extensions.rl_encoding
    if loader is None:
        raise BadInput(f"{spec.name} offers no reinforcement-learning encoding")
    encoding: Encoding = loader()(options)
    return encoding


class Observer:
    """Builds a seat's observation: the encoding's features, then the path chosen so far
    in a factorised decision (one one-hot block of the action table per earlier step),
    and the action mask."""

    __slots__ = ("action_count", "encoding", "size")

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.action_count = len(encoding.action_names)
        self.size = encoding.feature_size + (encoding.depth - 1) * self.action_count

    def features(self, view: View, seat: int) -> Vector:
        """The observation with no path: the encoding's features, then zeros."""
        out = np.zeros(self.size, dtype=np.float32)
        self.encoding.features(view, seat, out[: self.encoding.feature_size])
        return out

    def with_path(self, features: Vector, path: tuple[int, ...]) -> Vector:
        """`features` (from `features`) with `path` marked in its blocks: the same array
        for no path, else a copy (the features stay as they were for the next path)."""
        if not path:
            return features
        out = features.copy()
        base = self.encoding.feature_size
        for step, index in enumerate(path):
            out[base + step * self.action_count + index] = 1.0
        return out

    def mask(self, menu: Menu) -> npt.NDArray[np.int8]:
        """The 0/1 mask of `menu`'s indices, set byte by byte in a buffer numpy then wraps
        without a copy (cheaper than numpy's indexed assignment for a menu's few dozen)."""
        mask = bytearray(self.action_count)
        for index in menu:
            mask[index] = 1
        return np.frombuffer(mask, dtype=np.int8)


def scaled(value: float, scale: float) -> float:
    """`value` over `scale`, clipped to [-1, 1] (the observation space's bounds)."""
    return max(-1.0, min(1.0, value / scale))


def one_hot(out: Vector, start: int, index: int | None) -> None:
    """Set ``out[start + index]`` (nothing for None): one category among a block's."""
    if index is not None:
        out[start + index] = 1.0
