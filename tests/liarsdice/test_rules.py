"""Every rule of Liar's Dice as implemented (docs/games/liarsdice.md), one named test
each, on positions with known dice and on scripted rolls."""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.core.events import event_json
from sparring.core.game import EndReason
from sparring.games.liarsdice.actions import CHALLENGE, SPOT_ON, Bid
from sparring.games.liarsdice.bidding import count, raises, rank
from sparring.games.liarsdice.events import OUT, ROLL, VOID
from sparring.games.liarsdice.options import LiarsDiceOptions
from sparring.games.liarsdice.state import DIE_DRAW, OPENER_DRAW, LiarsDiceState

from .helpers import snapshot, table


def test_every_player_starts_with_the_options_dice_rolled_seat_by_seat() -> None:
    state = LiarsDiceState(7, LiarsDiceOptions(players=3, dice=3))
    labels = [label for label, _ in state.rng.log]
    assert labels == [OPENER_DRAW] + [DIE_DRAW] * 9
    faces = [value + 1 for _, value in state.rng.log[1:]]
    assert state.dice == [3, 3, 3]
    assert state.hands == [sorted(faces[0:3]), sorted(faces[3:6]), sorted(faces[6:9])]


def test_the_first_round_is_opened_by_the_opener_draw() -> None:
    openers = set()
    for seed in range(12):
        state = LiarsDiceState(seed)
        assert state.rng.log[0] == (OPENER_DRAW, state.opener)
        assert state.to_move() == (state.opener,) and state.round == 1
        openers.add(state.opener)
    assert len(openers) > 1


def test_each_roll_is_seen_only_by_its_player() -> None:
    state = LiarsDiceState(5, LiarsDiceOptions(players=3))
    rolls = [e for e in state.events if e[0] == ROLL]
    assert [e[1] for e in rolls] == [0, 1, 2]  # the audience is the seat itself
    assert [event_json(e)["hand"] for e in rolls] == state.hands


def test_play_goes_clockwise_from_the_opener() -> None:
    state = table([[2], [3], [4], [5]], opener=2)
    movers = []
    for quantity in (1, 2, 3, 4):
        movers.append(state.current_player)
        state.apply(Bid(quantity, 2))
    assert movers == [2, 3, 0, 1]


def test_play_skips_players_who_are_out() -> None:
    state = table([[2], [], [4], []], opener=0)
    state.apply(Bid(1, 2))
    assert state.to_move() == (2,)
    state.apply(Bid(1, 3))
    assert state.to_move() == (0,)


# --------------------------------------------------------------------- bidding


def test_a_bid_must_raise_the_quantity_or_the_face_at_the_same_quantity() -> None:
    state = table([[2, 3], [4, 5]])
    state.apply(Bid(2, 4))
    for lower in (Bid(2, 4), Bid(2, 3), Bid(1, 6)):
        with pytest.raises(IllegalAction, match="does not raise 2 fours"):
            state.apply(lower)
    assert Bid(2, 5) in state.legal_actions() and Bid(3, 2) in state.legal_actions()


def test_a_bid_cannot_name_more_dice_than_are_in_play() -> None:
    state = table([[2, 3], [4]])
    assert max(b.quantity for b in state.legal_actions()) == 3
    with pytest.raises(IllegalAction, match="names more dice than the 3 in play"):
        state.apply(Bid(4, 6))


def test_a_round_opens_with_a_bid_never_a_call() -> None:
    state = table([[2, 3], [4, 5]], spot_on=True)
    assert all(isinstance(a, Bid) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="no bid to challenge"):
        state.apply(CHALLENGE)
    with pytest.raises(IllegalAction, match="no bid to call spot on"):
        state.apply(SPOT_ON)


def test_the_menu_lists_the_calls_then_every_raise_lowest_first() -> None:
    state = table([[2, 3], [4, 5]], spot_on=True)
    state.apply(Bid(3, 5))
    assert list(state.legal_actions()) == [
        CHALLENGE,
        SPOT_ON,
        Bid(3, 6),
        Bid(4, 2),
        *(Bid(4, face) for face in (3, 4, 5, 6)),
    ]


# --------------------------------------------------------------------- ones


def test_wild_ones_count_for_every_face_but_ones() -> None:
    options = LiarsDiceOptions()
    hands = [[1, 1, 4], [4, 6]]
    assert count(4, hands, options) == 4
    assert count(6, hands, options) == 3
    assert count(1, hands, options) == 2


def test_without_wild_ones_a_one_counts_only_for_ones() -> None:
    options = LiarsDiceOptions(wild_ones=False)
    hands = [[1, 1, 4], [4, 6]]
    assert count(4, hands, options) == 2 and count(1, hands, options) == 2


def test_ones_cannot_be_bid_while_wild_by_default() -> None:
    state = table([[1, 1], [1, 1]])
    assert {b.face for b in state.legal_actions()} == {2, 3, 4, 5, 6}
    with pytest.raises(IllegalAction, match="ones are wild and cannot be bid"):
        state.apply(Bid(1, 1))


def test_without_wild_ones_ones_are_bid_as_the_lowest_face() -> None:
    options = LiarsDiceOptions(wild_ones=False)
    assert raises(None, 2, options)[:3] == (Bid(1, 1), Bid(1, 2), Bid(1, 3))
    assert raises(Bid(1, 6), 2, options)[0] == Bid(2, 1)


def test_converted_ones_rank_just_above_twice_their_quantity() -> None:
    options = LiarsDiceOptions(ones_bids="converted")
    assert rank(2, 6, options) < rank(1, 1, options) < rank(3, 2, options)
    assert rank(4, 6, options) < rank(2, 1, options) < rank(5, 2, options)
    assert rank(2, 1, options) < rank(3, 1, options)


def test_converted_ones_halve_the_quantity_rounded_up_to_enter() -> None:
    state = table([[2, 3, 4, 5, 6], [2, 3, 4, 5, 6]], ones_bids="converted")
    state.apply(Bid(5, 3))
    with pytest.raises(IllegalAction, match="it takes at least 3 ones"):
        state.apply(Bid(2, 1))
    state.apply(Bid(3, 1))
    assert state.current == Bid(3, 1)


def test_converted_ones_double_the_quantity_plus_one_to_leave() -> None:
    state = table([[2, 3, 4, 5, 6], [2, 3, 4, 5, 6]], ones_bids="converted")
    state.apply(Bid(4, 3))
    state.apply(Bid(2, 1))
    with pytest.raises(IllegalAction, match="it takes at least 5 sixes"):
        state.apply(Bid(4, 6))
    state.apply(Bid(5, 2))


def test_converted_ones_cannot_open_a_round() -> None:
    state = table([[2, 3], [4, 5]], ones_bids="converted")
    assert all(b.face != 1 for b in state.legal_actions())
    with pytest.raises(IllegalAction, match="opening bid cannot be on ones"):
        state.apply(Bid(1, 1))


def test_converted_ones_bid_counts_only_ones() -> None:
    state = table([[1, 1, 5], [5, 5, 6]], ones_bids="converted")
    state.apply(Bid(2, 5))
    state.apply(Bid(2, 1))  # two ones: exactly the two there are
    state.apply(CHALLENGE)
    assert state.results[-1].count == 2 and state.results[-1].losers == [0]


# --------------------------------------------------------------------- calls


def test_a_challenged_bid_that_is_met_costs_the_challenger_a_die() -> None:
    state = table([[1, 5, 6], [5, 2, 2]])
    state.apply(Bid(3, 5))
    state.apply(CHALLENGE)
    assert state.results[-1].losers == [1] and state.dice == [3, 2]


def test_a_challenged_bid_that_is_short_costs_the_bidder_a_die() -> None:
    state = table([[1, 5, 6], [5, 2, 2]])
    state.apply(Bid(4, 5))
    state.apply(CHALLENGE)
    assert state.results[-1].losers == [0] and state.dice == [2, 3]


def test_a_call_reveals_every_hand_to_everyone() -> None:
    state = table([[1, 5, 6], [5, 2, 2], []])
    state.apply(Bid(4, 5))
    state.apply(CHALLENGE)
    reveal = next(event_json(e) for e in state.events if e[0] == "ld_reveal")
    assert reveal == {
        "kind": "ld_reveal",
        "round": 1,
        "hands": [[1, 5, 6], [2, 2, 5], []],
        "face": 5,
        "count": 3,
    }
    assert state.results[-1].hands == [[1, 5, 6], [2, 2, 5], []]


def test_spot_on_exactly_right_costs_every_other_player_a_die() -> None:
    state = table([[6, 2], [1, 3], [6, 6], [2, 2]], spot_on=True)
    state.apply(Bid(4, 6))
    state.apply(SPOT_ON)
    assert state.results[-1].losers == [0, 2, 3] and state.dice == [1, 2, 1, 1]


@pytest.mark.parametrize("quantity", [3, 5])
def test_spot_on_wrong_either_way_costs_the_caller_a_die(quantity: int) -> None:
    state = table([[6, 2], [1, 3], [6, 6]], spot_on=True)
    state.apply(Bid(quantity, 6))
    state.apply(SPOT_ON)
    assert state.results[-1].losers == [1] and state.dice == [2, 1, 2]


def test_spot_on_is_refused_unless_the_option_is_on() -> None:
    state = table([[6, 2], [1, 3]])
    state.apply(Bid(1, 6))
    assert SPOT_ON not in state.legal_actions()
    with pytest.raises(IllegalAction, match="option spot_on = false"):
        state.apply(SPOT_ON)


# --------------------------------------------------------------------- the next round


def test_the_loser_opens_the_next_round_which_everyone_rolls_afresh() -> None:
    state = table([[2, 3], [4, 5], [6, 6]])
    state.apply(Bid(1, 2))
    state.apply(Bid(5, 5))  # seat 1 bids 5 fives: one is there (no ones)
    state.rng.script(DIE_DRAW, [0, 1, 2, 3, 4])
    state.apply(CHALLENGE)  # seat 2 challenges: seat 1 loses
    assert state.round == 2 and state.opener == 1 and state.to_move() == (1,)
    assert state.hands == [[1, 2], [3], [4, 5]]
    assert state.bids == [] and state.current is None


def test_after_spot_on_the_caller_opens_the_next_round() -> None:
    state = table([[6, 2], [1, 3], [6, 6]], spot_on=True)
    state.apply(Bid(3, 6))
    state.apply(SPOT_ON)  # wrong: 4 sixes; the caller, seat 1, loses and opens
    assert state.opener == 1
    right = table([[6, 2], [1, 3], [6, 6]], spot_on=True)
    right.apply(Bid(4, 6))
    right.apply(SPOT_ON)
    assert right.opener == 1 and right.dice == [1, 2, 1]


def test_an_eliminated_loser_is_replaced_as_opener_by_the_next_player_clockwise() -> None:
    state = table([[5, 5], [6], [2, 3]], opener=0)
    state.apply(Bid(1, 5))
    state.apply(Bid(2, 6))  # seat 1 bids 2 sixes with its one six
    state.apply(CHALLENGE)  # seat 2: only 1 six; seat 1 loses its last die
    assert state.dice == [2, 0, 2] and state.opener == 2


def test_a_player_without_dice_is_out_and_never_moves_again() -> None:
    state = table([[5, 5], [6], [2, 3]], opener=1)
    state.apply(Bid(2, 6))
    state.apply(CHALLENGE)
    assert any(e[0] == OUT and e[2] == 1 for e in state.events)
    movers = []
    while not state.is_terminal():
        assert state.legal_actions(1) == ()
        movers.append(state.current_player)
        state.apply(state.legal_actions()[-1])  # the highest bid, then the challenge
    assert 1 not in movers and len(movers) >= 4


def test_the_last_player_with_dice_wins_plus_one_the_others_share_minus_one() -> None:
    state = table([[5], [6], []], opener=1)
    state.apply(Bid(2, 6))
    state.apply(CHALLENGE)
    assert state.is_terminal() and state.winner == 0 and state.to_move() == ()
    assert state.returns() == (1.0, -0.5, -0.5)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason is EndReason.RULES
    assert outcome.detail == "seat 0 is the last player with dice"
    assert state.legal_actions(0) == ()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(Bid(1, 2))


def test_no_returns_and_no_outcome_while_the_game_goes_on() -> None:
    state = table([[5], [6]])
    assert state.returns() == (0.0, 0.0) and state.outcome() is None


# --------------------------------------------------------------------- forfeits


def test_a_forfeit_puts_the_seat_out_and_voids_the_round() -> None:
    state = table([[2, 3], [4, 5], [6, 6]])
    state.apply(Bid(1, 2))
    state.forfeit(2, "TLE: too slow")
    assert state.dice == [2, 2, 0] and state.round == 2 and state.opener == 1
    assert not state.results, "a void round reveals nothing"
    assert any(e[0] == VOID for e in state.events)


def test_a_forfeit_by_the_player_to_move_passes_the_opening_clockwise() -> None:
    state = table([[2, 3], [4, 5], [6, 6]])
    state.apply(Bid(1, 2))
    state.forfeit(1, "IA")
    assert state.opener == 2


def test_the_last_player_left_after_forfeits_wins_by_forfeit() -> None:
    state = table([[2, 3], [4, 5]])
    state.forfeit(0, "RE")
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason, outcome.returns) == (1, EndReason.FORFEIT, (-1.0, 1.0))


def test_a_forfeit_after_the_end_or_by_a_seat_already_out_changes_nothing() -> None:
    state = table([[2, 3], [], [6]])
    before = snapshot(state)
    state.forfeit(1, "late")
    assert snapshot(state) == before
    state.forfeit(2, "RE")
    ended = snapshot(state)
    state.forfeit(0, "late")
    assert snapshot(state) == ended


# --------------------------------------------------------------------- the engine shape


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    state = table([[2, 3], [4, 5]])
    state.apply(Bid(2, 3))
    before = snapshot(state)
    cases = {
        "it is seat 1's turn, not seat 0's": (Bid(3, 3), 0),
        "does not raise 2 threes": (Bid(2, 2), 1),
        "7 is not a face of a die": (Bid(3, 7), 1),
        "a bid names at least one die": (Bid(0, 4), 1),
        "is not a Liar's Dice action": ("liar", 1),
    }
    for reason, (action, seat) in cases.items():
        with pytest.raises(IllegalAction, match=reason):
            state.apply(action, seat)
    assert snapshot(state) == before


def test_a_clone_plays_on_without_touching_the_original() -> None:
    state = table([[2, 3], [4, 5]])
    twin = state.clone()
    twin.apply(Bid(1, 4))
    twin.apply(CHALLENGE)
    assert state.bids == [] and state.dice == [2, 2] and state.round == 1
    assert twin.round == 2
