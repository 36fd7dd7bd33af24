"""Liar's Dice as the platform sees it: the plug-in tying engine, messages, views,
display, agents and the kit's hooks together (docs/writing-a-game.md walks through it)."""

from __future__ import annotations

from sparring.core.game import (
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
from .beliefs import Sampler
from .bidding import biddable_faces
from .determinize import determinize
from .hidden import plant_sentinels, scramble_hidden
from .options import MAX_PLAYERS, MIN_PLAYERS, LiarsDiceOptions
from .render import describe_event, render_view, status_line
from .search import ROLLOUT_STEPS, WIDE_MENU, evaluate
from .state import LiarsDiceState, summarize
from .views import LiarsDiceView, lean_view, view

RULES_VERSION = "liarsdice-1"


def decision_bound(options: LiarsDiceOptions) -> int:
    """The longest game there is. Every round ends by a call (or a forfeit) and costs at
    least one die, so the dice in play fall one by one at most, from every die to two;
    with T dice in play a round has at most one bid per quantity 1..T and biddable face,
    each strictly higher than the last, then one call. Players who always make the
    lowest raise reach it exactly."""
    faces = len(biddable_faces(options))
    return sum(faces * dice + 1 for dice in range(2, options.total_dice + 1))


SPEC = GameSpec(
    name="liarsdice",
    title="Liar's Dice",
    rules_version=RULES_VERSION,
    facts=GameFacts(
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        chance=True,
        hidden_information=True,
        simultaneous_moves=False,
        max_decisions=decision_bound(LiarsDiceOptions()),
    ),
    new_game=new_game_with(LiarsDiceState, LiarsDiceOptions),
    options_from_json=LiarsDiceOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    summarize=summarize,
    display=Display(
        render_view=render_view,
        describe_event=stateless(describe_event),
        board=imported_later(f"{__package__}.board", "board"),
        status_line=status_line,
        turn_event="ld_round",
        headline_events=frozenset({"ld_reveal", "ld_out", "ld_forfeit", "ld_game_end"}),
    ),
    agents=AGENTS,
    search=Search(
        determinize=determinize,
        lean_view=lean_view,
        sampler=Sampler,
        rollout="greedy",
        rollout_steps=ROLLOUT_STEPS,
        evaluate=evaluate,
        wide_menu=WIDE_MENU,
        model_opponents=True,
    ),
    secrecy=Secrecy(scramble_hidden=scramble_hidden, plant_sentinels=plant_sentinels),
    extensions=Extensions(
        scenario=imported_later(f"{__package__}.scenario", "SCENARIO"),
        conformance=imported_later(f"{__package__}.conformance", "HOOKS"),
        bench_agents=("greedy", "random"),
        decision_bound=decision_bound,
        rl_encoding=imported_later(f"{__package__}.encoding", "encoding"),
    ),
    messages=Messages(actions=Action, options=LiarsDiceOptions, view=LiarsDiceView),
)
