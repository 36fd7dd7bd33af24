"""What each seat is shown, in data and in words; the no-leak hooks; determinization."""

from __future__ import annotations

import json

import pytest

from sparring.core.errors import BadInput
from sparring.core.events import event_json, visible_to
from sparring.core.messages import json_default
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.liarsdice.actions import CHALLENGE, SPOT_ON, Bid
from sparring.games.liarsdice.conformance import hidden_of
from sparring.games.liarsdice.determinize import determinize
from sparring.games.liarsdice.hidden import plant_sentinels, scramble_hidden
from sparring.games.liarsdice.records import BidRecord
from sparring.games.liarsdice.render import describe_event, render_view, status_line
from sparring.games.liarsdice.state import LiarsDiceState, summarize
from sparring.games.liarsdice.views import lean_view, view

from .helpers import table

SPEC = get_game("liarsdice")
HANDS = [[2, 3, 3], [4, 5, 6], [1, 6, 6]]


def played() -> LiarsDiceState:
    """Round 1 challenged and lost by seat 0, round 2 under way with one bid."""
    state = table(HANDS)
    state.apply(Bid(4, 3))  # threes, ones wild: 3 — short
    state.rng.script("die", [5, 5, 0, 1, 2, 3, 4, 5])
    state.apply(CHALLENGE)  # seat 1 challenges; seat 0 loses and opens round 2
    state.apply(Bid(2, 6))
    return state


def test_a_seat_sees_its_own_dice_every_count_and_the_round() -> None:
    state = played()
    seen = view(state, 1)
    assert seen.seat == 1 and seen.my_dice == [1, 2, 3]
    assert seen.dice == [2, 3, 3] and seen.round == 2 and seen.opener == 0
    assert seen.bids == [BidRecord(0, 2, 6)] and seen.to_move == [1]
    assert seen.winner is None


def test_earlier_rounds_are_shown_with_every_revealed_hand() -> None:
    seen = view(played(), 2)
    (result,) = seen.results
    assert (result.round, result.call, result.caller, result.bidder) == (1, "challenge", 1, 0)
    assert (result.quantity, result.face, result.count, result.losers) == (4, 3, 3, [0])
    assert result.hands == HANDS


def test_no_view_holds_another_players_dice_of_the_round() -> None:
    state = played()
    for seat in (0, 1, 2, None):
        seen = view(state, seat)
        rolls = [e for e in seen.log if e["kind"] == "ld_roll"]
        assert all(e["seat"] == seat for e in rolls)
        if seat is None:
            assert seen.my_dice == [] and not rolls


def test_the_log_is_the_events_the_viewer_may_see_in_order() -> None:
    state = played()
    seen = view(state, 0)
    public_or_own = [event_json(e) for e in state.events if e[1] in (-1, 0)]
    assert seen.log == public_or_own


def test_the_lean_view_is_the_view_without_its_log() -> None:
    state = played()
    full = json.loads(json.dumps(view(state, 2), default=json_default))
    lean = json.loads(json.dumps(lean_view(state, 2), default=json_default))
    assert "log" not in lean and {k: v for k, v in full.items() if k != "log"} == lean


def test_the_text_shows_own_dice_counts_bids_and_the_last_call() -> None:
    text = render_view(view(played(), 1))
    assert "Liar's Dice — round 2 (ones wild), opened by seat 0" in text
    assert "Dice: seat 0 2 · seat 1 (you) 3 · seat 2 3 — 8 in play" in text
    assert "Your dice: 1 2 3" in text
    assert "Bids this round: seat 0 2 sixes" in text
    assert (
        "Last call: round 1: seat 1 (you) challenged seat 0's 4 threes; there were 3 — "
        "a die lost by seat 0"
    ) in text
    assert "To move: seat 1 (you)" in text
    spectator = render_view(view(played(), None))
    assert "Your dice" not in spectator and "To move: seat 1" in spectator


def test_every_event_reads_as_one_line() -> None:
    ended = table([[5], [6]], opener=1)
    ended.apply(Bid(2, 6))
    ended.apply(CHALLENGE)
    assert [describe_event(event_json(e), 0) for e in ended.events] == [
        "— round 1, opened by seat 1; dice: seat 0 (you) 1, seat 1 1 —",
        "seat 0 (you) rolled 5",
        "seat 1 rolled 6",
        "seat 1 bids 2 sixes",
        "seat 0 (you) challenges seat 1's 2 sixes",
        "revealed: seat 0 (you) 5; seat 1 6 — 1 die counts as sixes",
        "seat 1 loses a die (0 left)",
        "seat 1 is out",
        "seat 0 (you) wins: seat 0 is the last player with dice",
    ]
    voided = table([[2, 2], [3, 3], [4, 4]], spot_on=True)
    voided.apply(Bid(1, 3))
    voided.rng.script("die", [0] * 8)
    voided.apply(SPOT_ON)  # two threes: wrong, seat 1 loses a die and opens round 2
    voided.forfeit(2, "TLE: no answer")
    public = [describe_event(event_json(e), None) for e in voided.events if visible_to(e, None)]
    assert public[1:] == [
        "seat 0 bids 1 three",
        "seat 1 calls spot on seat 0's 1 three",
        "revealed: seat 0 2 2; seat 1 3 3; seat 2 4 4 — 2 dice count as threes",
        "seat 1 loses a die (1 left)",
        "— round 2, opened by seat 1; dice: seat 0 2, seat 1 1, seat 2 2 —",
        "seat 2 forfeits: TLE: no answer",
        "seat 2 is out",
        "round 2 is void after seat 2 forfeited",
        "— round 3, opened by seat 1; dice: seat 0 2, seat 1 1 —",
    ]


def test_the_status_line_counts_every_seats_dice() -> None:
    assert status_line(view(played(), None)) == "dice: seat 0 2 · seat 1 3 · seat 2 3"


def test_the_summary_holds_only_public_facts() -> None:
    state = played()
    assert summarize(state) == {
        "winner": None,
        "end": None,
        "detail": "",
        "dice": [2, 3, 3],
        "rounds_played": 2,
        "calls": ["challenge"],
    }


# --------------------------------------------------------------------- no leaks


def test_scrambling_rolls_only_the_other_hands_of_the_round_afresh() -> None:
    state = played()
    rng = Rng(3)
    for _ in range(20):
        twin = scramble_hidden(state, 1, rng)
        assert twin.hands[1] == [1, 2, 3] and [len(h) for h in twin.hands] == [2, 3, 3]
        assert hidden_of(twin, 1) != hidden_of(state, 1)
        assert view(twin, 1) == view(state, 1)
        assert twin.results == state.results


def test_scrambling_always_changes_a_hand_even_when_the_same_dice_come_up() -> None:
    state = table([[2], [3]])
    rng = Rng(0)
    rng.script("scramble", [0, 2])  # the future's seed, then the same 3 again
    twin = scramble_hidden(state, 0, rng)
    assert twin.hands == [[2], [4]]


def test_sentinels_fill_every_die_a_seat_cannot_see_and_reach_no_view() -> None:
    state = played()
    twin, sentinels = plant_sentinels(state, 2)
    assert twin.hands[2] == [4, 5, 6]  # its own dice are its own
    assert len(sentinels) == 2 + 3 + 3 + 3 + 2 + 3  # round 1 and 2 rolls, and the hands
    assert min(sentinels) > 10**9
    text = json.dumps(view(twin, 2), default=json_default) + render_view(view(twin, 2))
    assert not any(str(sentinel) in text for sentinel in sentinels)


def test_nothing_is_hidden_once_the_game_is_over() -> None:
    state = table([[5], [6]], opener=1)
    state.apply(Bid(2, 6))
    state.apply(CHALLENGE)
    assert hidden_of(state, 0) is None and hidden_of(state, 1) is None


# --------------------------------------------------------------------- determinization


def test_a_determinized_state_shows_its_seat_the_same_and_plays_on() -> None:
    state = played()
    seen = view(state, 1)
    sample = determinize(seen, Rng(5))
    assert view(sample, 1) == seen
    assert sample.legal_actions() == state.legal_actions()
    assert sample.hands[1] == [1, 2, 3] and [len(h) for h in sample.hands] == [2, 3, 3]
    assert [e for e in sample.events if e[1] not in (-1, 1)], "the other rolls are in place"
    while not sample.is_terminal():
        sample.apply(sample.legal_actions()[-1])


def test_determinize_reads_a_view_from_json_too() -> None:
    seen = view(played(), 0)
    data = json.loads(json.dumps(seen, default=json_default))
    assert view(determinize(data, Rng(1)), 0) == seen


def test_determinize_refuses_a_spectators_view() -> None:
    with pytest.raises(BadInput, match="needs a seat's view"):
        determinize(view(played(), None), Rng(1))


def test_a_determinized_finished_game_keeps_its_end() -> None:
    state = table([[2, 3], [4]])
    state.forfeit(1, "RE")
    sample = determinize(view(state, 0), Rng(2))
    assert sample.outcome() == state.outcome() and view(sample, 0) == view(state, 0)
