"""Liar's Dice's hooks for the conformance kit (`sparring.core.conformance`): the game's
invariants, actions known to be illegal, exactly what each seat cannot see, and the
options the kit's walks are drawn under (every player count, small and full cups, wild
ones on and off, both ways of bidding ones, spot on on and off).
`tests/test_every_game.py` runs the kit with them.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from typing import Any

import msgspec

from sparring.core.conformance import Draw, Hooks

from .actions import CHALLENGE, SPOT_ON, Bid
from .bidding import count, rank
from .options import MAX_PLAYERS, MIN_PLAYERS, ONES_BIDS, LiarsDiceOptions
from .records import CHALLENGE_CALL
from .state import LiarsDiceState


def _check_table(state: LiarsDiceState) -> None:
    """Dice counts and hands: within the cup, sorted faces, one die per count."""
    options = state.options
    assert len(state.dice) == len(state.hands) == state.num_players == options.players
    for seat, (dice, hand) in enumerate(zip(state.dice, state.hands, strict=True)):
        assert 0 <= dice <= options.dice, f"seat {seat} has {dice} dice"
        assert hand == sorted(hand), f"seat {seat}'s hand {hand} is not in order"
        assert all(1 <= die <= 6 for die in hand), f"seat {seat} holds a face outside 1-6"
        if state.winner is None:
            assert len(hand) == dice, f"seat {seat} holds {len(hand)} dice, counted {dice}"
        else:
            assert not hand, "hands are put away at the end"
    lost = sum(len(result.losers) for result in state.results)
    assert options.total_dice - sum(state.dice) >= lost, "more dice lost than the calls cost"


def _check_results(state: LiarsDiceState) -> None:
    """Every call counted right and charged the right players."""
    options = state.options
    for result in state.results:
        counted = count(result.face, result.hands, options)
        assert result.count == counted, f"round {result.round} counted {result.count}"
        live = [seat for seat, hand in enumerate(result.hands) if hand]
        if result.call == CHALLENGE_CALL:
            met = counted >= result.quantity
            assert result.losers == [result.caller if met else result.bidder]
        elif counted == result.quantity:
            assert result.losers == [seat for seat in live if seat != result.caller]
        else:
            assert result.losers == [result.caller]


def _check_round(state: LiarsDiceState) -> None:
    """The turn order and the bids of the round in progress, or the end."""
    live = state.live()
    if state.winner is not None:
        assert live == [state.winner], f"winner {state.winner}, but {live} have dice"
        assert state.to_move() == () and not state.bids
        returns = state.returns()
        assert returns[state.winner] == 1.0 and abs(sum(returns)) < 1e-9
        return
    assert len(live) >= 2, "the game goes on with fewer than two players"
    assert state.opener in live and state.turn in live
    seat = state.opener
    for bid in state.bids:
        assert bid.seat == seat, f"seat {bid.seat} bid out of turn (seat {seat}'s turn)"
        assert bid.quantity <= state.in_play()
        seat = state.next_live(seat)
    assert state.turn == seat, f"seat {state.turn} to move, seat {seat} expected"
    ranks = [rank(b.quantity, b.face, state.options) for b in state.bids]
    assert all(a < b for a, b in itertools.pairwise(ranks)), "a bid did not raise"
    last = state.bids[-1] if state.bids else None
    assert state.current == (None if last is None else Bid(last.quantity, last.face))


def invariants(state: LiarsDiceState) -> None:
    _check_table(state)
    _check_results(state)
    _check_round(state)


def bad_actions(state: LiarsDiceState, seat: int) -> list[Any]:
    """Malformed bids, bids beyond the table, the standing bid again, ones, the calls
    (illegal before a bid; spot on without its option) and things that are no action;
    the kit drops those that happen to be legal."""
    bad: list[Any] = [
        Bid(0, 3),
        Bid(-1, 4),
        Bid(2, 0),
        Bid(2, 7),
        Bid(state.in_play() + 1, 6),
        Bid(1, 1),
        CHALLENGE,
        SPOT_ON,
        "liar",
        None,
    ]
    if state.current is not None:
        bad.append(state.current)
        bad.append(Bid(state.current.quantity, 2))
    return bad


def hidden_of(state: LiarsDiceState, seat: int) -> Hashable | None:
    """The other players' dice of the round in progress (None once the game is over:
    the last call revealed them all)."""
    if state.winner is not None:
        return None
    return tuple(tuple(hand) for other, hand in enumerate(state.hands) if other != seat)


#: The most dice a drawn table starts with: a walk's cost grows with its length times the
#: seats viewing it, so big tables (the default four cups of five included) are played by
#: the game's own tests and the kit's bot-process test instead.
DRAWN_TABLE_DICE = 10


def random_options(draw: Draw) -> LiarsDiceOptions:
    """Any number of players, each with as many dice as keep the table within
    `DRAWN_TABLE_DICE`, and every rule option."""
    players = draw.integer(MIN_PLAYERS, MAX_PLAYERS)
    wild = draw.boolean() or draw.boolean()
    return LiarsDiceOptions(
        players=players,
        dice=draw.integer(1, DRAWN_TABLE_DICE // players),
        wild_ones=wild,
        ones_bids=draw.choice(ONES_BIDS) if wild else "forbidden",
        spot_on=draw.boolean(),
    )


def leak_options(draw: Draw) -> LiarsDiceOptions:
    """At most four players with at most three dice each: the no-leak walk scrambles
    every seat at every state."""
    drawn = random_options(draw)
    return msgspec.structs.replace(drawn, players=min(drawn.players, 4), dice=min(drawn.dice, 3))


HOOKS = Hooks(
    random_options=random_options,
    leak_options=leak_options,
    invariants=invariants,
    bad_actions=bad_actions,
    hidden_fingerprint=hidden_of,
    illegal_per_state=16,
    legal_per_state=24,
    scramble_attempts=2,
)
