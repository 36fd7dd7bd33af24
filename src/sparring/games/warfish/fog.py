"""Fog of war (companion, "Options"): a seat sees its own territories and those next to
them; every other territory shows owner and units as unknown.

"Next to" counts borders in either direction (our ruling, for one-way borders): a seat sees
the territories it may attack and those that may attack it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import WarfishState


def visible(state: WarfishState, seat: int | None) -> list[bool]:
    """Per territory, whether `seat` sees it (a spectator, None, sees none: under fog the
    spectator's view is what every seat may know)."""
    owner = state.owner
    if seat is None:
        return [False] * len(owner)
    near = state.map.near
    return [owner[t] == seat or any(owner[n] == seat for n in near[t]) for t in range(len(owner))]


def sees(state: WarfishState, seat: int, territory: int) -> bool:
    owner = state.owner
    if owner[territory] == seat:
        return True
    return any(owner[n] == seat for n in state.map.near[territory])


def audience(state: WarfishState, territories: tuple[int, ...]) -> list[int]:
    """The seats that see every one of `territories` now."""
    return [
        seat for seat in range(state.num_players) if all(sees(state, seat, t) for t in territories)
    ]
