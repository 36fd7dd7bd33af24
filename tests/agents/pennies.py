"""**Pennies or fold**, a one-step game for testing how a search treats simultaneous moves.

Seat 0 shows heads or tails, or folds; seat 1 shows heads or tails. A fold costs seat 0
half a point. Otherwise seat 1 wins a point if the coins match and loses one if they do
not. Played at the same time (the rules), neither choice can depend on the other: heads
and tails are worth 0 to seat 0 on average and folding is a mistake. Played in turn with
seat 0's choice shown (``in_turn``, a variant for contrast), seat 1 always matches and
folding is seat 0's best choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.events import PUBLIC, Event, event_json, register_event, visible_to
from sparring.core.game import Display, GameFacts, GameSpec, Search, stateless
from sparring.core.rng import Rng

HEADS, TAILS, FOLD = "heads", "tails", "fold"
FOLD_COST = 0.5
SHOWN = register_event("pennies_shown", "seat", "choice")


class PenniesState:
    num_players = 2
    options = None

    def __init__(self, in_turn: bool, seed: int = 0) -> None:
        self.in_turn = in_turn
        self.rng = Rng(seed)
        self.events: list[Event] = []
        self.choices: list[str | None] = [None, None]

    def clone(self) -> PenniesState:
        twin = PenniesState(self.in_turn)
        twin.rng = self.rng.clone(keep_log=False)
        twin.events = list(self.events)
        twin.choices = list(self.choices)
        return twin

    def to_move(self) -> tuple[int, ...]:
        waiting = tuple(seat for seat in (0, 1) if self.choices[seat] is None)
        return waiting[:1] if self.in_turn else waiting

    def legal_actions(self, player: int | None = None) -> Sequence[str]:
        if player not in self.to_move():
            return ()
        return (HEADS, TAILS, FOLD) if player == 0 else (HEADS, TAILS)

    def apply(self, action: str, player: int | None = None) -> None:
        seat = self.to_move()[0] if player is None else player
        assert action in self.legal_actions(seat)
        self.choices[seat] = action
        self.events.append((SHOWN, PUBLIC if self.in_turn else seat, seat, action))

    def is_terminal(self) -> bool:
        return None not in self.choices

    def returns(self) -> tuple[float, float]:
        if not self.is_terminal():
            return (0.0, 0.0)
        if self.choices[0] == FOLD:
            return (-FOLD_COST, FOLD_COST)
        return (-1.0, 1.0) if self.choices[0] == self.choices[1] else (1.0, -1.0)


def view(state: PenniesState, seat: int | None) -> dict[str, Any]:
    return {
        "seat": seat,
        "in_turn": state.in_turn,
        "to_move": list(state.to_move()),
        "log": [event_json(event) for event in state.events if visible_to(event, seat)],
    }


def determinize(seen: dict[str, Any], rng: Rng) -> PenniesState:
    """The choices the view shows; a rival's hidden choice, made already, drawn at random."""
    state = PenniesState(seen["in_turn"], rng.below(1 << 62, "determinize"))
    for entry in seen["log"]:
        state.choices[entry["seat"]] = entry["choice"]
        audience = PUBLIC if seen["in_turn"] else entry["seat"]
        state.events.append((SHOWN, audience, entry["seat"], entry["choice"]))
    rival = 1 - seen["seat"]
    if not seen["in_turn"] and state.choices[rival] is None and rival not in seen["to_move"]:
        options = (HEADS, TAILS, FOLD) if rival == 0 else (HEADS, TAILS)
        state.choices[rival] = options[rng.below(len(options), "determinize")]
    return state


def spec(in_turn: bool) -> GameSpec:
    return GameSpec(
        name="pennies",
        title="Pennies or fold",
        rules_version="pennies-1",
        facts=GameFacts(2, 2, False, True, not in_turn, 2),
        new_game=lambda seed, options: PenniesState(in_turn, seed),
        options_from_json=lambda data: None,
        action_from_json=str,
        view=view,
        summarize=lambda state: {"choices": state.choices},
        display=Display(render_view=str, describe_event=stateless(lambda e, v: str(e))),
        search=Search(determinize=determinize),
    )
