"""Positions for Liar's Dice tests: a round started with given hands, through the
engine's own `start_round`, so everything after the set-up is the engine's code."""

from __future__ import annotations

from typing import Any

from sparring.games.liarsdice.actions import Bid
from sparring.games.liarsdice.options import LiarsDiceOptions
from sparring.games.liarsdice.state import LiarsDiceState


def table(hands: list[list[int]], opener: int = 0, seed: int = 0, **options: Any) -> LiarsDiceState:
    """A round opened by `opener` with these hands (one per seat, [] for a seat that is
    out); the options default to as many players as hands and five dice each."""
    chosen = LiarsDiceOptions(**{"players": len(hands), **options})
    state = LiarsDiceState.at_table(seed, chosen)
    state.dice = [len(hand) for hand in hands]
    state.start_round(opener, [sorted(hand) for hand in hands])
    return state


def bid(quantity: int, face: int) -> Bid:
    return Bid(quantity, face)


def snapshot(state: LiarsDiceState) -> tuple[Any, ...]:
    """Everything that may change, to show that a refused action changed nothing."""
    return (
        list(state.events),
        [list(hand) for hand in state.hands],
        list(state.dice),
        list(state.bids),
        state.current,
        list(state.results),
        state.turn,
        state.round,
        state.winner,
        list(state.rng.log),
    )
