"""The human player: the text parser (bids in several spellings, the calls, help) and
the terminal loop's clear refusals."""

from __future__ import annotations

from typing import Any

import pytest

from sparring.core.errors import BadInput
from sparring.games.liarsdice.actions import CHALLENGE, SPOT_ON, Bid
from sparring.games.liarsdice.human import HumanAgent, parse, read_action
from sparring.games.liarsdice.views import LiarsDiceView, view
from tests.terminal_input import scripted

from .helpers import table


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("3 4", Bid(3, 4)),
        ("  3   4 ", Bid(3, 4)),
        ("3x4", Bid(3, 4)),
        ("3 × 4", Bid(3, 4)),
        ("3*4", Bid(3, 4)),
        ("bid 3 4", Bid(3, 4)),
        ("Bid 3 Fours", Bid(3, 4)),
        ("3 fours", Bid(3, 4)),
        ("3 4s", Bid(3, 4)),
        ("1 six", Bid(1, 6)),
        ("12 sixes", Bid(12, 6)),
        ("2 ones", Bid(2, 1)),
        ("liar", CHALLENGE),
        ("LIAR", CHALLENGE),
        ("challenge", CHALLENGE),
        ("c", CHALLENGE),
        ("spot on", SPOT_ON),
        ("Spot  On", SPOT_ON),
        ("exact", SPOT_ON),
    ],
)
def test_answers_read_as_actions(text: str, action: object) -> None:
    assert read_action(text) == (action, "")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "type a bid such as '3 4'"),
        ("3", "'3' is not a bid: type a quantity and a face"),
        ("three fours", "'three fours' is not a bid"),
        ("3 4 5", "'3 4 5' is not a bid"),
        ("3 dragons", "'dragons' is not a face: use 1-6 or a word such as 'fours'"),
    ],
)
def test_unreadable_answers_say_what_is_wanted(text: str, problem: str) -> None:
    action, reason = read_action(text)
    assert action is None and problem in reason


def _seat_one_after_a_bid_of_three_fours() -> tuple[LiarsDiceView, list[Any]]:
    state = table([[2, 4, 4], [1, 3, 6]])
    state.apply(Bid(3, 4))
    return view(state, 1), list(state.legal_actions())


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("2 5", "not accepted: 2 fives does not raise 3 fours: it takes at least 3 fives"),
        ("3 3", "not accepted: 3 threes does not raise 3 fours: it takes at least 4 threes"),
        (
            "2 ones",
            'not accepted: ones are wild and cannot be bid (option ones_bids = "forbidden")',
        ),
        ("9 4", "not accepted: 9 fours names more dice than the 6 in play"),
        ("3 7", "not accepted: 7 is not a face of a die (1-6)"),
        ("spot on", "not accepted: spot on is not played in this game (option spot_on = false)"),
    ],
)
def test_illegal_answers_are_refused_with_the_rules_reason(text: str, refusal: str) -> None:
    seen, legal = _seat_one_after_a_bid_of_three_fours()
    assert parse(text, seen, legal) == (None, refusal)


def test_legal_answers_are_accepted() -> None:
    seen, legal = _seat_one_after_a_bid_of_three_fours()
    assert parse("liar", seen, legal) == (CHALLENGE, "")
    assert parse("bid 3 fives", seen, legal) == (Bid(3, 5), "")


def test_a_challenge_before_any_bid_is_refused() -> None:
    state = table([[2], [3]])
    refusal = parse("liar", view(state, 0), list(state.legal_actions()))
    assert refusal == (
        None,
        "not accepted: there is no bid to challenge: the round opens with a bid",
    )


def test_help_explains_the_answers_without_a_refusal() -> None:
    state = table([[2], [3]], spot_on=True)
    action, text = parse("help", view(state, 0), list(state.legal_actions()))
    assert action is None and text.startswith("Bid a quantity and a face")
    assert "'spot on'" in text and "not accepted" not in text


def test_the_terminal_player_shows_its_view_explains_refusals_and_plays() -> None:
    state = table([[2, 4, 4], [1, 3, 6]])
    state.apply(Bid(3, 4))
    ask, said = scripted("2 twos", "?", "bid 4 4")
    agent = HumanAgent(1, ask=ask, say=said.append)
    assert agent.act(view(state, 1), state.legal_actions()) == Bid(4, 4)
    screen, menu, refusal, help_text = said
    assert "Your dice: 1 3 6" in screen and "Bids this round: seat 0 3 fours" in screen
    assert (
        "Lowest bids: 3 fives, 3 sixes, 4 twos, 4 threes, 4 fours (or more)" in menu
        and "'liar'" in menu
    )
    assert refusal.startswith("not accepted: 2 twos does not raise 3 fours")
    assert help_text.startswith("Bid a quantity")


def test_the_terminal_player_stops_cleanly_when_input_ends() -> None:
    state = table([[2], [3]])
    ask, said = scripted()
    with pytest.raises(BadInput, match="input ended before the game did"):
        HumanAgent(0, ask=ask, say=said.append).act(view(state, 0), state.legal_actions())
