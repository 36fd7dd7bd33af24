"""Cancelling a selection before confirming it (rules §14 "Selection Cancellation"), and our
ruling on how it is met (docs/games/foodchain.md, "Cancelling a selection"): a front end
gathers a predator's meal, or a spell's target, before it sends the play, from the
engine's preview of the decision the play will open (`previews.py`); the engine keeps the
rules' order (rules §8 and §12: the rival's trap resolves before eating; companion ruling
5), and bots see nothing of it.

- the preview is the engine's real menu after the play whenever no trap fires, over many
  positions of random play (and no preview means the engine asks nothing of that kind);
- the preview reads nothing the seat cannot see: it is the same whatever the hidden cards
  are (scrambled), and names none of them (sentinels);
- a trap that kills a prey chosen in the preview leads to a fresh eating decision without
  that prey, and a trap that negates the play returns the card with nothing to answer;
- bots and views are untouched: the preview is a frame's, never a view's.
"""

from __future__ import annotations

import json
import random

from sparring.agents.catalog import make_agent
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.foodchain.actions import Eat, Play
from sparring.games.foodchain.hidden import plant_sentinels, scramble_hidden
from sparring.games.foodchain.previews import previews
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.vocabulary import CHOSEN, PREDATOR

from .helpers import STOP, fid, on, pos, side, uid

SPEC = get_game("foodchain")
SEEDS = range(24)


def positions() -> list[tuple[FoodChainState, int]]:
    """Every free choice of the seat to move with a card to play, in random games (both
    seats random, the decks drawn from the prebuilt ones), from fixed seeds."""
    found = []
    for seed in SEEDS:
        state = SPEC.new_game(seed, None)
        agents = [make_agent(SPEC, "random", s, 31 * seed + s) for s in range(2)]
        while not state.is_terminal():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if state.pending is None and any(isinstance(a, Play) for a in legal):
                found.append((state.clone(), seat))
            state.apply(agents[seat].act(SPEC.view(state, seat), legal), seat)
    return found


POSITIONS = positions()


def opens(trial: FoodChainState, seat: int, card: int, kind: str, since: int) -> bool:
    """Whether the decision `trial` now asks is `kind` for `card`'s play, the first of that
    kind it asks (nothing of that kind chosen for the card yet)."""
    pending = trial.pending
    if pending is None or pending.player != seat or pending.kind != kind:
        return False
    if pending.source != card:
        return False
    # An `eat` event names the predator, a `target` event the source, third after the seat.
    return not any(e[0] == kind and e[3] == card for e in trial.events[since:])


def test_ruling_cancel_the_preview_is_the_engines_menu_after_the_play_when_no_trap_fires() -> None:
    """Rules §14 ruling: for every play of every position, the preview equals the decision
    the engine opens once the play is sent and no trap fired — kind, prompt, source and
    options, in the engine's order — and a play with no preview opens no such decision."""
    checked = {"eat": 0, "target": 0, "none": 0}
    for state, seat in POSITIONS:
        legal = state.legal_actions(seat)
        shown = previews(state, seat, legal)
        for index, action in enumerate(legal):
            if not isinstance(action, Play):
                continue
            trial = state.clone()
            since = len(trial.events)
            trial.apply(action, seat)
            if any(e[0] == "trap" for e in trial.events[since:]):
                continue  # a trap came between: tested on its own below
            card = state.defs[action.card]
            preview = shown.get(index)
            if preview is not None:
                kind = preview["kind"]
                assert opens(trial, seat, action.card, kind, since), (card.name, preview)
                pending = trial.pending
                assert pending is not None
                assert preview == {
                    "kind": pending.kind,
                    "prompt": pending.prompt,
                    "source": pending.source,
                    "options": [option.to_json() for option in pending.options],
                }
                checked[kind] += 1
            elif card.category == PREDATOR:
                assert not opens(trial, seat, action.card, "eat", since), card.name
                checked["none"] += 1
            elif card.effect and card.effect[0].target in CHOSEN:
                assert not opens(trial, seat, action.card, "target", since), card.name
                checked["none"] += 1
    # The positions hold every case many times over, or the property proves little.
    assert checked["eat"] >= 100 and checked["target"] >= 20 and checked["none"] >= 100, checked


def test_ruling_cancel_the_preview_reads_nothing_the_seat_cannot_see() -> None:
    """Rules §14 ruling, no leak: the rival's hidden cards and both decks' order, dealt out
    again at random, change no preview; renamed to sentinels, none is named in one."""
    rng = Rng(18)
    compared = 0
    for state, seat in POSITIONS:
        legal = state.legal_actions(seat)
        shown = previews(state, seat, legal)
        assert previews(scramble_hidden(state, seat, rng), seat, legal) == shown
        twin, sentinels = plant_sentinels(state, seat)
        text = json.dumps(previews(twin, seat, legal))
        assert not [s for s in sentinels if str(s) in text]
        compared += bool(shown)
    assert compared >= 100


def test_ruling_cancel_the_preview_writes_nothing_into_the_state() -> None:
    """A preview is a pure reading: the state's view, legal actions and next steps are the
    same before and after."""
    picked = random.Random(3).sample(POSITIONS, 40)
    for state, seat in picked:
        before = json.dumps(SPEC.view(state, seat).to_json())
        legal = state.legal_actions(seat)
        previews(state, seat, legal)
        assert json.dumps(SPEC.view(state, seat).to_json()) == before
        assert state.legal_actions(seat) == legal


def test_ruling_cancel_only_the_seat_at_a_free_choice_gets_previews() -> None:
    """Mid-resolution decisions and the seat not to move get none: there is no play to
    confirm then."""
    state = pos(
        side(hand=["Wolf", STOP], field=["Prey", "Fat Prey"]),
        side(hand=[STOP]),
    )
    wolf = uid(state, "Wolf", 0)
    legal = state.legal_actions(0)
    assert set(previews(state, 0, legal)) == {legal.index(Play(wolf))}
    assert previews(state, 1, state.legal_actions(1)) == {}
    state.apply(Play(wolf), 0)
    assert state.pending is not None and state.pending.kind == "eat"
    assert previews(state, 0, state.legal_actions(0)) == {}


def test_ruling_cancel_a_trap_that_kills_a_chosen_prey_leads_to_a_fresh_choice() -> None:
    """Rules §8/§12: the rival's "plays a predator" trap resolves before eating. The person
    chose Prey and Fat Prey from the preview; Pitfall (1 damage to each of the player's
    creatures) kills Prey, so the engine asks again, listing only what is left: the choice
    made before confirming is no longer an option (the board then asks with no Cancel)."""
    state = pos(
        side(hand=["Wolf", STOP], field=["Prey", "Fat Prey"]),
        side(hand=["Pitfall", STOP]),
    )
    wolf, prey, fat = uid(state, "Wolf", 0), fid(state, "Prey", 0), fid(state, "Fat Prey", 0)
    legal = state.legal_actions(0)
    preview = previews(state, 0, legal)[legal.index(Play(wolf))]
    chosen = Eat(tuple(sorted((prey, fat)))).to_json()
    assert chosen in preview["options"] and len(preview["options"]) == 4
    state.apply(Play(wolf), 0)
    assert [e[4] for e in state.events if e[0] == "trap"] == ["Pitfall"]
    pending = state.pending
    assert pending is not None and pending.kind == "eat" and pending.source == wolf
    assert chosen not in [o.to_json() for o in pending.options]
    assert pending.options == (Eat(()), Eat((fat,)))


def test_ruling_cancel_a_trap_that_negates_the_play_leaves_nothing_to_answer() -> None:
    """Companion ruling 5: a negated play returns the card to hand and the turn's play; the
    previewed choice is never asked, and the preview is offered again for the next try."""
    state = pos(
        side(hand=["Wolf", STOP], field=["Prey", "Fat Prey"]),
        side(hand=["Veto", STOP]),
    )
    wolf = uid(state, "Wolf", 0)
    legal = state.legal_actions(0)
    before = previews(state, 0, legal)[legal.index(Play(wolf))]
    state.apply(Play(wolf), 0)
    assert state.pending is None and wolf in state.hands[0] and not state.played
    legal = state.legal_actions(0)
    assert previews(state, 0, legal)[legal.index(Play(wolf))] == before


def test_ruling_cancel_a_targeted_spell_previews_its_targets() -> None:
    """A spell whose effect opens with a chosen target: its target menu, Lure included
    (ruling 9: the only hostile choice); with one choice the engine asks nothing, and
    neither does the preview."""
    state = pos(
        side(hand=["Zap", STOP]),
        side(hand=[STOP], field=["Prey", on("Fat Prey", keywords=["Lure"]), "Turtle"]),
    )
    legal = state.legal_actions(0)
    assert previews(state, 0, legal) == {}  # Lure leaves one target: nothing to ask
    state = pos(side(hand=["Zap", STOP]), side(hand=[STOP], field=["Prey", "Fat Prey"]))
    zap = uid(state, "Zap", 0)
    legal = state.legal_actions(0)
    preview = previews(state, 0, legal)[legal.index(Play(zap))]
    assert preview["kind"] == "target" and preview["source"] == zap
    targets = [o["card"] for o in preview["options"]]
    assert targets == [fid(state, "Prey", 1), fid(state, "Fat Prey", 1)]
    assert preview["prompt"].startswith("Zap: choose")


def test_ruling_cancel_bots_and_views_carry_no_preview() -> None:
    """The preview is the web frame's (`Display.previews`): no view names it, so what bots
    are sent, the traces' digests and the reinforcement-learning encoding are unchanged."""
    state, seat = POSITIONS[len(POSITIONS) // 2]
    assert "preview" not in json.dumps(SPEC.view(state, seat).to_json())
    assert SPEC.previews_json(state, seat, state.legal_actions(seat)) is not None
