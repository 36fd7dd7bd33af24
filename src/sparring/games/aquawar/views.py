"""What one seat (or a spectator) may know of an Aquawar state — the only way state leaves
the engine for a player.

A seat sees its own fish fully; of the enemy only HP, life, and identities revealed by a
successful assertion (rulings 22-23: enemy ATK is not shown). The log holds the current
round's events the seat may see; while picking for a new round, ``previous_log`` also
holds the last round's. Earlier rounds appear only as public results plus the
enemy identities that assertions revealed then.
"""

from __future__ import annotations

from typing import Any

from sparring.core.events import event_json, visible_to

from .events import ASSERTION, ROUND_START
from .state import PICK, AquawarState


def _own_fish(state: AquawarState, seat: int) -> list[dict[str, Any]]:
    return [
        {
            "pos": pos,
            "fish": fish.kind,
            "acts_as": fish.acts_as,
            "hp": fish.hp,
            "atk": fish.attack_power(),
            "alive": fish.alive,
            "revealed": fish.revealed,
            "shields": fish.shields,
            "reduce_buff": fish.reduce_buff,
            "heal_buff": fish.heal_buff,
            "share_buff": fish.share_buff,
            "wound": fish.wound,
            "skill_uses": fish.uses,
        }
        for pos, fish in enumerate(state.teams[seat])
    ]


def _public_fish(state: AquawarState, seat: int) -> list[dict[str, Any]]:
    return [
        {
            "pos": pos,
            "fish": fish.kind if fish.revealed else None,
            "hp": fish.hp,
            "alive": fish.alive,
        }
        for pos, fish in enumerate(state.teams[seat])
    ]


def _round_start_index(state: AquawarState, before: int | None = None) -> int:
    """Where the current round's events begin (or the round before index `before`)."""
    events = state.events
    for index in range((len(events) if before is None else before) - 1, -1, -1):
        if events[index][0] == ROUND_START:
            return index
    return 0


def view(state: AquawarState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `state` for `seat` (0 or 1), or for a spectator (None)."""
    start = _round_start_index(state)
    out: dict[str, Any] = {
        "game": "aquawar",
        "seat": seat,
        "round": state.round,
        "wins": list(state.wins),
        "phase": state.phase,
        "to_move": list(state.to_move()),
        "turn": state.turn + 1,
        "turn_limit": state.options.turn_limit,
        "options": state.options.to_json(),
        "first_mover": state.first_mover,
        "rounds": [
            {k: r[k] for k in ("round", "winner", "reason", "first_mover", "turns")}
            for r in state.round_results
        ],
        "winner": state.winner,
        "log": [event_json(e) for e in state.events[start:] if visible_to(e, seat)],
    }
    in_pick = state.phase == PICK
    if state.round > 1 and not state.teams[0]:
        # Until the new round's teams are on the field (picking, or a match forfeited
        # during picks), the last round's ending is still news — how it ended, the final
        # blows: a bot that reacts to round ends needs it.
        previous = _round_start_index(state, start)
        out["previous_log"] = [
            event_json(e) for e in state.events[previous:start] if visible_to(e, seat)
        ]
    if seat is None:
        out["teams"] = [[] if in_pick else _public_fish(state, s) for s in (0, 1)]
        return out
    enemy = 1 - seat
    out["used"] = sorted(state.used[seat])
    pick = state.picks[seat]
    out["my_pick"] = pick.to_json() if pick is not None else None
    out["my_team"] = [] if in_pick else _own_fish(state, seat)
    out["enemy_team"] = [] if in_pick else _public_fish(state, enemy)
    out["enemy_revealed_before"] = [
        e[4] for e in state.events[:start] if e[0] == ASSERTION and e[5] and e[2] == seat
    ]
    return out
