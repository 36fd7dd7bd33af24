"""Aquawar as the platform sees it: the plug-in tying engine, views, display and agents."""

from __future__ import annotations

from typing import Any

from sparring.core.game import (
    Display,
    Extensions,
    GameFacts,
    GameSpec,
    Messages,
    RefereePolicy,
    Search,
    Secrecy,
    imported_later,
    new_game_with,
    stateless,
)

from .actions import Action, action_from_json
from .agents import AGENTS
from .conceal import root_costs
from .determinize import determinize, weighted_sampler
from .hidden import plant_sentinels, scramble_hidden
from .memory import recall
from .options import OFFICIAL_ENGINE, AquawarOptions
from .render import describe_event, narrator, render_view, status_line
from .search import ROLLOUT_STEPS, candidates, evaluate, tree_menu
from .state import AquawarState, summarize
from .views import AquawarView, lean_view, view
from .wire import legal_from_json

RULES_VERSION = "aquawar-2021.1"
ROUNDS = 3


def decision_bound(options: AquawarOptions) -> int:
    """Three rounds of two picks and, per turn, an assertion and an action."""
    return ROUNDS * (2 + 2 * options.turn_limit)


def _saiblo_seat(command: str, limits: Any) -> Any:
    """``--seat saiblo:CMD``: a bot of the original contest, speaking its own protocol."""
    from .saiblo import SaibloSeat  # loaded only when a match seats such a bot

    return SaibloSeat(command, limits)


SPEC = GameSpec(
    name="aquawar",
    title="Aquawar",
    rules_version=RULES_VERSION,
    facts=GameFacts(
        min_players=2,
        max_players=2,
        chance=True,
        hidden_information=True,
        simultaneous_moves=True,
        max_decisions=decision_bound(AquawarOptions()),
    ),
    new_game=new_game_with(AquawarState, AquawarOptions),
    options_from_json=AquawarOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    summarize=summarize,
    display=Display(
        render_view=render_view,
        describe_event=stateless(describe_event),
        narrator=narrator,
        board=imported_later(f"{__package__}.board", "board"),
        status_line=status_line,
        headline_events=frozenset({"round_start", "round_end", "match_end", "forfeit"}),
        revealed_events=frozenset({"round_teams"}),
    ),
    agents=AGENTS,
    referee=RefereePolicy(
        illegal_action_hint=(
            "For picks `legal` is compact: choose 4 different fish from legal.fish, and "
            "name a target from legal.mimic_targets when you pick the Mimic (fish 12), "
            "otherwise mimic null."
        ),
    ),
    search=Search(
        determinize=determinize,
        sampler=weighted_sampler,
        rollout_steps=ROLLOUT_STEPS,
        evaluate=evaluate,
        candidates=candidates,
        lean_view=lean_view,
        root_costs=root_costs,
        recall=recall,
        tree_menu=tree_menu,
    ),
    secrecy=Secrecy(scramble_hidden=scramble_hidden, plant_sentinels=plant_sentinels),
    extensions=Extensions(
        seat_kinds={"saiblo": _saiblo_seat},
        seat_rules={"saiblo": OFFICIAL_ENGINE},
        scenario=imported_later(f"{__package__}.scenario", "SCENARIO"),
        conformance=imported_later(f"{__package__}.conformance", "HOOKS"),
        decision_bound=decision_bound,
        legal_from_json=legal_from_json,
        bot_protocols={"saiblo": imported_later(f"{__package__}.saiblobot", "serve")},
        rl_encoding=imported_later(f"{__package__}.encoding", "encoding"),
    ),
    messages=Messages(actions=Action, options=AquawarOptions, view=AquawarView),
)
