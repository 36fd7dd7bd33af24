"""Food Chain as the platform sees it: the plug-in tying engine, views, display and agents."""

from __future__ import annotations

from sparring.core.game import (
    DeckSupport,
    Display,
    Extensions,
    GameFacts,
    GameSpec,
    Messages,
    Search,
    Secrecy,
    imported_later,
    new_game_with,
    stateless,
)

from .actions import Action, action_from_json
from .agents import AGENTS
from .decks import prebuilt_decks, read_deck_file
from .determinize import determinize
from .hidden import plant_sentinels, scramble_hidden
from .options import FoodChainOptions
from .previews import previews
from .render import describe_event, narrator, render_view, status_line
from .search import (
    MODEL_OPPONENTS,
    ROLLOUT,
    ROLLOUT_STEPS,
    FirstPassSampler,
    candidates,
    evaluate,
)
from .state import FoodChainState, summarize
from .views import lean_view, view
from .viewtypes import FoodChainView

RULES_VERSION = "foodchain-2026.2"
#: Decisions one player's turn can take at most in practice is far below this; the bound
#: is per turn of the cap, checked by the conformance kit on random play.
DECISIONS_PER_TURN = 60


def decision_bound(options: FoodChainOptions) -> int:
    """Both players' turns up to the turn cap, each a bounded number of decisions."""
    return 2 * options.turn_cap * DECISIONS_PER_TURN


SPEC = GameSpec(
    name="foodchain",
    title="Food Chain",
    rules_version=RULES_VERSION,
    facts=GameFacts(
        min_players=2,
        max_players=2,
        chance=True,
        hidden_information=True,
        simultaneous_moves=False,
        max_decisions=decision_bound(FoodChainOptions()),
    ),
    new_game=new_game_with(FoodChainState, FoodChainOptions),
    options_from_json=FoodChainOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    summarize=summarize,
    display=Display(
        render_view=render_view,
        describe_event=stateless(describe_event),
        narrator=narrator,
        board=imported_later(f"{__package__}.board", "board"),
        status_line=status_line,
        turn_event="turn_begin",
        headline_events=frozenset({"turn_begin", "game_end", "forfeit"}),
        quiet_events=frozenset({"phase"}),
        previews=previews,
    ),
    agents=AGENTS,
    messages=Messages(actions=Action, options=FoodChainOptions, view=FoodChainView),
    secrecy=Secrecy(scramble_hidden=scramble_hidden, plant_sentinels=plant_sentinels),
    search=Search(
        determinize=determinize,
        sampler=FirstPassSampler,
        rollout=ROLLOUT,
        rollout_steps=ROLLOUT_STEPS,
        evaluate=evaluate,
        candidates=candidates,
        model_opponents=MODEL_OPPONENTS,
        lean_view=lean_view,
    ),
    extensions=Extensions(
        decks=DeckSupport(
            read_file=read_deck_file,
            prebuilt=lambda: list(prebuilt_decks()),
            option=lambda seat: f"deck{seat}",
        ),
        scenario=imported_later(f"{__package__}.scenario", "SCENARIO"),
        conformance=imported_later(f"{__package__}.conformance", "HOOKS"),
        decision_bound=decision_bound,
        rl_encoding=imported_later(f"{__package__}.encoding", "encoding"),
    ),
)
