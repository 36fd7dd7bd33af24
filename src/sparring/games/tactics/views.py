"""What one seat (or a spectator) may know of a Tactics state. Only the draft is hidden:
a seat sees its own pick and that the rival has picked, until both picks are revealed
together; after that the whole board is public (companion §15: nothing hidden in battle)."""

from __future__ import annotations

from typing import Any

from sparring.core.events import event_json, visible_to

from .state import DRAFT, TacticsState
from .units import Unit


def unit_json(state: TacticsState, unit: Unit) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": unit.id,
        "seat": unit.seat,
        "category": unit.category,
        "kind": unit.kind,
        "x": unit.x,
        "y": unit.y,
        "hp": unit.hp,
        "max_hp": unit.max_hp,
        "atk": unit.atk,
        "effective_atk": state.effective_atk(unit),
        "move": unit.move,
        "range": unit.reach,
        "alive": unit.hp > 0,
        "actions_left": max(0, state.max_actions(unit) - unit.acted) if unit.hp > 0 else 0,
        "buffs": dict(sorted(unit.buffs.items())),
        "shield": unit.shield,
        "shield_rounds": unit.shield_rounds if unit.shield else 0,
        "invisible": unit.invisible,
        "prepared": [a.to_json() for a in unit.prepared],
    }
    if unit.skill is not None:
        out.update(
            skill=unit.skill, cooldown=unit.cooldown, beacon=unit.beacon, charges=unit.charges
        )
    if unit.rounds_left:
        out["rounds_left"] = unit.rounds_left
    return out


def view(state: TacticsState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `state` for `seat` (0 or 1), or for a spectator (None)."""
    out: dict[str, Any] = {
        "game": "tactics",
        "seat": seat,
        "phase": state.phase,
        "round": state.round,
        "to_move": list(state.to_move()),
        "acting_unit": state.current,
        "last_actor": state.last_actor,
        "round_end_next": state.round_end_next,
        "winner": state.winner,
        "end_reason": state.end_reason,
        "options": state.options.to_json(),
        "log": [event_json(e) for e in state.events[-40:] if visible_to(e, seat)],
    }
    if state.phase == DRAFT:
        out["drafted"] = [d is not None for d in state.drafts]
        mine = state.drafts[seat] if seat is not None else None
        if mine is not None:
            out["my_draft"] = mine.to_json()
        return out
    out["units"] = [unit_json(state, u) for u in state.units if u.hp > 0]
    out["fallen"] = [u.id for u in state.units if u.hp <= 0]
    out["obstacles"] = [
        {"x": x, "y": y, "hp": hp} for (x, y), hp in sorted(state.obstacles.items())
    ]
    out["tiles"] = [
        {"x": x, "y": y, "buff": buff, "rounds": rounds}
        for (x, y), (buff, rounds) in sorted(state.tiles.items())
    ]
    if state.deaths:
        uid, x, y, chooser = state.deaths[0]
        out["death_choice"] = {"unit": uid, "x": x, "y": y, "seat": chooser}
        out["death_choices"] = [
            {"unit": uid, "x": x, "y": y, "seat": chooser} for uid, x, y, chooser in state.deaths
        ]
    return out
