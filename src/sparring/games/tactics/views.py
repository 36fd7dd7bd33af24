"""What one seat (or a spectator) may know of a Tactics state. Only the draft is hidden:
a seat sees its own pick and that the rival has picked, until both picks are revealed
together; after that the whole board is public (companion §15: nothing hidden in battle).

A view is a `TacticsView` message struct (`viewtypes`); a field that does not apply is left
UNSET, so its JSON form is what the protocol always sent. Structs are built by position, in
their field order: a struct built by keywords costs several times more, and a view is built
at every decision of an agent that reads one.
"""

from __future__ import annotations

from sparring.core.events import event_json, visible_to

from .state import DRAFT, TacticsState
from .units import Unit
from .viewtypes import ObstacleView, PendingDeathView, TacticsView, TileView, UnitView

#: How many of the latest events a view's log holds (before those the seat may not see
#: are dropped).
LOG_EVENTS = 40


def unit_view(state: TacticsState, unit: Unit) -> UnitView:
    """A living unit in full; the skill fields for a hero, `rounds_left` for a clone."""
    out = UnitView(
        unit.id,
        unit.seat,
        unit.category,
        unit.kind,
        unit.x,
        unit.y,
        unit.hp,
        unit.max_hp,
        unit.atk,
        state.effective_atk(unit),
        unit.move,
        unit.reach,
        unit.hp > 0,  # alive
        max(0, state.max_actions(unit) - unit.acted) if unit.hp > 0 else 0,  # actions_left
        dict(sorted(unit.buffs.items())),
        unit.shield,
        unit.shield_rounds if unit.shield else 0,
        unit.invisible,
        list(unit.prepared),
    )
    if unit.skill is not None:
        out.skill = unit.skill
        out.cooldown = unit.cooldown
        out.beacon = unit.beacon
        out.charges = unit.charges
    if unit.rounds_left:
        out.rounds_left = unit.rounds_left
    return out


def view(state: TacticsState, seat: int | None) -> TacticsView:
    """The view of `state` for `seat` (0 or 1), or for a spectator (None)."""
    return _view(state, seat, with_log=True)


def lean_view(state: TacticsState, seat: int | None) -> TacticsView:
    """The view without its log (empty), for what reads no log: agents with `needs_log`
    False and the reinforcement-learning encoding."""
    return _view(state, seat, with_log=False)


def _view(state: TacticsState, seat: int | None, with_log: bool) -> TacticsView:
    out = TacticsView(
        "tactics",
        seat,
        state.phase,
        state.round,
        list(state.to_move()),
        state.current,  # acting_unit
        state.last_actor,
        state.round_end_next,
        state.winner,
        state.end_reason,
        state.options,
        [event_json(e) for e in state.events[-LOG_EVENTS:] if visible_to(e, seat)]
        if with_log
        else [],
    )
    if state.phase == DRAFT:
        out.drafted = [d is not None for d in state.drafts]
        mine = state.drafts[seat] if seat is not None else None
        if mine is not None:
            out.my_draft = mine
        return out
    out.units = [unit_view(state, u) for u in state.units if u.hp > 0]
    out.fallen = [u.id for u in state.units if u.hp <= 0]
    out.obstacles = [ObstacleView(x, y, hp) for (x, y), hp in sorted(state.obstacles.items())]
    out.tiles = [
        TileView(x, y, buff, rounds) for (x, y), (buff, rounds) in sorted(state.tiles.items())
    ]
    if state.deaths:
        pending = [PendingDeathView(uid, x, y, chooser) for uid, x, y, chooser in state.deaths]
        out.death_choice = pending[0]
        out.death_choices = pending
    return out
