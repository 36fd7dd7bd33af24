"""5×5 Tactics as the platform sees it: the registry entry."""

from __future__ import annotations

from typing import Any

from sparring.core.game import GameSpec, new_game_with

from .actions import action_from_json
from .agents import AGENTS
from .data import DATA
from .hidden import plant_sentinels, scramble_hidden
from .options import TacticsOptions
from .render import LETTERS, describe_event, render_view
from .state import TacticsState
from .views import view

RULES_VERSION = "tactics-v3.1"


def decision_clock(state: TacticsState, seat: int, seconds: float) -> float:
    """Companion §13 in proportion to the activation clock (10 s by default): a death
    choice gets half of it (5 s), the draft six times it (60 s)."""
    if state.phase == "draft":
        return seconds * DATA.draft_seconds / DATA.decision_seconds
    if state.deaths:
        return seconds * DATA.death_choice_seconds / DATA.decision_seconds
    return seconds


def on_verdict(state: TacticsState, seat: int, verdict: str, detail: str) -> None:
    """A time-out costs what ruling A7 says (`TacticsState.timeout`: the hero loses 1 HP and
    one activation is skipped; a death choice becomes an obstacle; a draft is drawn at
    random) and the bot plays on; every other verdict forfeits the game."""
    if verdict == "TLE":
        state.timeout(seat)
    else:
        state.forfeit(seat, f"{verdict}: {detail}")


def status_line(view: dict[str, Any]) -> str | None:
    """The live display's line before each round: every living unit's HP, per seat."""
    units = view.get("units")
    if not units:
        return None
    sides = []
    for seat in (0, 1):
        parts = [
            f"{u['kind'] if u['category'] == 'hero' else LETTERS[u['kind']]} {u['hp']}"
            for u in units
            if u["seat"] == seat
        ]
        sides.append(f"P{seat + 1}: " + ", ".join(parts))
    return f"round {view['round']} · " + " | ".join(sides)


def summarize(state: TacticsState) -> dict[str, Any]:
    return {"winner": state.winner, "last_round": state.round, "reason": state.end_reason}


SPEC = GameSpec(
    name="tactics",
    title="5×5 Tactics",
    rules_version=RULES_VERSION,
    new_game=new_game_with(TacticsState, TacticsOptions),
    options_from_json=TacticsOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    render_view=render_view,
    describe_event=describe_event,
    summarize=summarize,
    scramble_hidden=scramble_hidden,
    plant_sentinels=plant_sentinels,
    agents=AGENTS,
    decision_seconds=DATA.decision_seconds,
    decision_clock=decision_clock,
    on_verdict=on_verdict,
    survives_timeout=True,
    status_line=status_line,
    turn_event="round_begin",
)
