"""A toy game for testing the platform itself: small enough to read at a glance, yet with
everything the contract must handle — chance, hidden information and simultaneous moves.

**High Bid**, two players, three rounds. Each round both players are dealt a secret card
(1-9, private to its holder), then both bid 0-2 at the same time, neither seeing the other's
bid. Card plus bid decides the round (a tie wins nobody); a bid of 2 costs the round's
point if it loses. Most points after three rounds wins; equal points draw.

The conformance kit's own tests sabotage this game on purpose (tests/core/test_kit_bites.py)
to prove each check fails when it should.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import msgspec

from sparring.core.engine import Engine
from sparring.core.events import PUBLIC, Event, event_json, register_event, visible_to
from sparring.core.game import (
    Display,
    EndReason,
    GameFacts,
    GameSpec,
    Messages,
    Outcome,
    Secrecy,
    TwoSeatOutcome,
)
from sparring.core.messages import ActionStruct, Codec, OptionsStruct, ViewStruct
from sparring.core.rng import Rng

ROUNDS = 3
CARDS = range(1, 10)
BIDS = range(3)
RISKY_BID = 2

DEALT = register_event("toy_dealt", "seat", "card")
BIDDING = register_event("toy_bid", "seat")
ROUND = register_event("toy_round", "round", "cards", "bids", "winner")
FORFEIT = register_event("toy_forfeit", "seat", "reason")


class Bid(ActionStruct, frozen=True, tag="bid"):
    amount: Annotated[int, msgspec.Meta(ge=0, le=2)]


BID_ACTIONS = tuple(Bid(n) for n in BIDS)
action_from_json = Codec[Bid](Bid, "High Bid action")


class Options(OptionsStruct, frozen=True, kw_only=True):
    rounds: Annotated[int, msgspec.Meta(ge=1)] = ROUNDS


class ToyState(Engine, TwoSeatOutcome):
    num_players = 2

    def __init__(self, seed: int, options: Options | None = None) -> None:
        self.options = options or Options()
        self.rng = Rng(seed)
        self.events: list[Event] = []
        self.round = 1
        self.points = [0, 0]
        self.cards = [0, 0]
        self.bids: list[int | None] = [None, None]
        self.winner: int | None = None
        self.over = False
        self.reason = EndReason.RULES
        self._deal()

    def _deal(self) -> None:
        for seat in (0, 1):
            self.cards[seat] = 1 + self.rng.below(len(CARDS), "deal")
            self.events.append((DEALT, seat, seat, self.cards[seat]))

    def clone(self) -> ToyState:
        twin = ToyState.__new__(ToyState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.events = list(self.events)
        twin.points = list(self.points)
        twin.cards = list(self.cards)
        twin.bids = list(self.bids)
        return twin

    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        return tuple(seat for seat in (0, 1) if self.bids[seat] is None)

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return Outcome(self.winner, self.returns(), self.reason)

    def legal_actions(self, player: int | None = None) -> Sequence[Bid]:
        seat = self.current_player if player is None else player
        return BID_ACTIONS if seat in self.to_move() else ()

    def refusal(self, action: Any, seat: int) -> str | None:
        return f"{action!r} is not a bid of 0, 1 or 2"

    def _bid(self, action: Bid, seat: int) -> None:
        self.bids[seat] = action.amount
        self.events.append((BIDDING, PUBLIC, seat))
        if None not in self.bids:
            self._score()

    def _score(self) -> None:
        bids = [b or 0 for b in self.bids]
        totals = [self.cards[s] + bids[s] for s in (0, 1)]
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        if winner is not None:
            self.points[winner] += 1
            loser = 1 - winner
            if bids[loser] == RISKY_BID and self.points[loser]:
                self.points[loser] -= 1
        self.events.append((ROUND, PUBLIC, self.round, list(self.cards), bids, winner))
        self.bids = [None, None]
        if self.round == self.options.rounds:
            tied = self.points[0] == self.points[1]
            self._end(None if tied else int(self.points[1] > self.points[0]))
        else:
            self.round += 1
            self._deal()

    def _end(self, winner: int | None, reason: EndReason = EndReason.RULES) -> None:
        self.winner, self.over, self.reason = winner, True, reason

    def forfeit(self, seat: int, reason: str) -> None:
        if not self.over:
            self.events.append((FORFEIT, PUBLIC, seat, reason))
            self._end(1 - seat, EndReason.FORFEIT)


ToyState.HANDLERS = {Bid: ToyState._bid}


class View(ViewStruct):
    seat: int | None
    round: int
    points: list[int]
    my_card: int | None
    my_bid: int | None
    bid: list[bool]
    to_move: list[int]
    winner: int | None
    log: list[dict[str, Any]]


def view(state: ToyState, seat: int | None) -> View:
    return View(
        seat=seat,
        round=state.round,
        points=list(state.points),
        my_card=None if seat is None else state.cards[seat],
        my_bid=None if seat is None else state.bids[seat],
        bid=[b is not None for b in state.bids],
        to_move=list(state.to_move()),
        winner=state.winner,
        log=[event_json(e) for e in state.events if visible_to(e, seat)],
    )


def render_view(seen: View) -> str:
    return f"round {seen.round} points {seen.points} card {seen.my_card}"


def describe(event: dict[str, Any], viewer: int | None, state: Any) -> str:
    return " ".join(f"{key}={value}" for key, value in event.items())


def scramble_hidden(state: ToyState, seat: int, rng: Rng) -> ToyState:
    """Another card and bid for the rival, and another future."""
    twin = state.clone()
    rival = 1 - seat
    twin.cards[rival] = 1 + (state.cards[rival] + rng.below(8, "scramble")) % 9
    if twin.bids[rival] is not None:
        twin.bids[rival] = rng.below(3, "scramble")
    twin.rng.reseed(rng.below(1 << 62, "scramble"))
    return twin


def plant_sentinels(state: ToyState, seat: int) -> tuple[ToyState, list[int]]:
    twin = state.clone()
    rival = 1 - seat
    marks = [900_001, 900_002]
    twin.cards[rival] = marks[0]
    if twin.bids[rival] is not None:
        twin.bids[rival] = marks[1]
    return twin, marks


def summarize(state: ToyState) -> dict[str, Any]:
    return {"winner": state.winner, "points": list(state.points)}


def new_game(seed: int, options: Any = None) -> ToyState:
    if options is not None and not isinstance(options, Options):
        options = Options.from_json(options)
    return ToyState(seed, options)


MESSAGES = Messages(actions=Bid, options=Options, view=View)


def spec(**changes: Any) -> GameSpec:
    """The toy's spec, with any field replaced (a sabotaged view, state or hook)."""
    fields: dict[str, Any] = {
        "name": "toy",
        "title": "High Bid",
        "rules_version": "toy-1",
        "facts": GameFacts(2, 2, True, True, True, 2 * ROUNDS),
        "new_game": new_game,
        "options_from_json": Options.from_json,
        "action_from_json": action_from_json,
        "view": view,
        "summarize": summarize,
        "display": Display(render_view=render_view, describe_event=describe),
        "secrecy": Secrecy(scramble_hidden=scramble_hidden, plant_sentinels=plant_sentinels),
        "messages": MESSAGES,
    }
    fields.update(changes)
    return GameSpec(**fields)
