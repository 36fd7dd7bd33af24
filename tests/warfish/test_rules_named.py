"""Named tests for the Warfish rules, options and rulings that the other tests/warfish files
do not already cover (docs/games/warfish.md; the companion; our rulings).

Covered here:
- ruling 7 (ours): seat 0 is dealt first and moves first;
- ruling 8 (ours): suits by index mod 3 and two wilds; the drawn card is an index into the
  deck sorted by id (a refill sorts the discard pile); no card with deck and discard empty;
  the discard pile is public;
- ruling 10 (ours): the territory bonus is capped by max_units;
- ruling 11 (ours): after a card capture only the forced trades, down to 4 cards;
- ruling 13 (ours): no set, no trade phase; no possible attack, no attack phase;
- ruling 16 (ours): connected transfers follow border directions;
- ruling 17 (ours): under fog, phase, turn, eliminations and card counts stay public, while
  income and wasted units are told to their seat only;
- ruling 18 (ours): a forfeit discards the cards; a forfeit during setup passes placement on;
- ruling 19 (ours): neutral territories take no turn and count for no one at the round cap;
- docs Turn: a forced trade at the start of a turn goes on until fewer than 5 cards;
- docs Setup: placement in turns skips seats with no units left;
- option max_units: placement beyond it is refused; income with no room is wasted;
- companion Hidden information: a view shows no deck order, no random source, no other hand;
- docs Views: a view's log is the last 12 events its seat may see, filtered before cutting.

Already covered elsewhere, by name: ruling 1 (test_rules: the texts 16 territory income),
2 (test_setup), 3 and 9 (test_cards: five cards force a trade; the trade count is shared),
4 (test_cards: card capture), 5 (test_rules: the round cap tests), 6 and 17's borders and
spectator (test_views), 12 (test_rules: attacks per turn, blitz at the limit), 14
(test_rules: eliminating the last rival wins), 15 (test_cards: the elimination bonus), 20
(test_rules: returns), 21 (test_maps: unreachable territories refused).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from sparring.core.errors import IllegalAction
from sparring.core.events import event_json, visible_to
from sparring.games.warfish import cards
from sparring.games.warfish.actions import (
    END_TURN,
    STOP_TRADING,
    Attack,
    MoveIn,
    Place,
    Trade,
    Transfer,
)
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.position import build
from sparring.games.warfish.state import (
    ATTACK,
    MOVE_IN,
    NEUTRAL,
    OVER,
    PLACE,
    SETUP,
    TRADE,
    TRANSFER,
    WarfishState,
)
from sparring.games.warfish.views import LOG_EVENTS, view

from .helpers import script_roll


def triad(**options: Any) -> WarfishOptions:
    return WarfishOptions(map="triad", **options)


def at(state: WarfishState, name: str) -> int:
    return state.map.territory(name)


def board(state: WarfishState, name: str) -> tuple[int, int]:
    t = at(state, name)
    return state.owner[t], state.units[t]


# --------------------------------------------------------------------- ruling 7


def test_ruling_07_seat_0_is_dealt_first_and_moves_first() -> None:
    state = WarfishState(5, triad(players=3, setup_placement="random"))
    assert state.territory_count == [4, 3, 3]  # 10 territories round-robin from seat 0
    assert state.round == 1 and state.seat == 0
    assert next(e for e in state.events if e[0] == "wf_turn")[2:] == (1, 0)


# --------------------------------------------------------------------- ruling 8


def test_ruling_08_suits_follow_the_territory_index_mod_3_and_the_wilds_are_the_last_ids() -> None:
    board_ = triad().board
    assert board_.suits == (0, 1, 2, 0, 1, 2, 0, 1, 2, 0)
    assert cards.deck_size(board_) == 12
    assert [cards.suit(board_, c) for c in (9, 10, 11)] == [0, cards.WILD, cards.WILD]
    assert cards.card_name(board_, 2) == "Pinewood (artillery)"
    assert cards.card_name(board_, 11) == "wild"


def test_ruling_08_a_refill_sorts_the_discard_pile_and_the_draw_indexes_it() -> None:
    data = {
        "phase": "attack",
        "rest": [1, 1],
        "territories": {"Crag": [0, 2]},
        "deck": [],
        "discard": [9, 2, 5],
        "hands": {"seat1": [0, 1, 3, 4, 6, 7, 8, 10, 11]},
    }
    state = build(data, triad())
    script_roll(state, (6,), (1,))
    state.rng.script("card_draw", [1])
    state.apply(Attack(at(state, "Crag"), at(state, "Summit"), 1))
    assert state.seat == 1  # seat 0's turn ended by itself, with its card
    assert state.hands[0] == [5] and state.deck == [2, 9] and state.discard == []


def test_ruling_08_no_card_is_drawn_when_deck_and_discard_are_empty() -> None:
    data = {
        "phase": "attack",
        "rest": [1, 1],
        "territories": {"Crag": [0, 2]},
        "deck": [],
        "discard": [],
        "hands": {"seat0": [0, 1, 3, 4], "seat1": [2, 5, 6, 7, 8, 9, 10, 11]},
    }
    state = build(data, triad())
    script_roll(state, (6,), (1,))
    state.apply(Attack(at(state, "Crag"), at(state, "Summit"), 1))
    assert state.seat == 1 and [len(h) for h in state.hands] == [4, 8]
    assert "card_draw" not in [label for label, _ in state.rng.log]
    assert "wf_card_drawn" not in [e[0] for e in state.events]


def test_ruling_08_the_discard_pile_is_public() -> None:
    data = {"rest": [1, 1], "territories": {"Cliffs": [0, 1]}, "hands": {"seat0": [0, 1, 2, 9]}}
    state = build(data, triad())
    state.apply(Trade((0, 1, 2)))
    for seat in (0, 1, None):
        seen = view(state, seat)
        assert seen.discard == [0, 1, 2] and seen.next_trade_value == 6
    assert view(state, 1).players[0].cards == 1 and "hand" not in view(state, None).to_json()


# --------------------------------------------------------------------- rulings 10, 11


def test_ruling_10_the_territory_bonus_is_capped_by_max_units() -> None:
    data = {"rest": [1, 1], "territories": {"Crag": [0, 3]}, "hands": {"seat0": [0, 4, 5]}}
    state = build(data, triad(max_units=4, card_territory_bonus=2))
    state.apply(Trade((0, 4, 5)))
    assert board(state, "Crag") == (0, 4)
    bonus = next(e for e in state.events if e[0] == "wf_card_bonus")
    assert bonus == ("wf_card_bonus", -1, 0, 0, 1, 4)  # seat 0, Crag, count 1, units 4


def test_ruling_10_the_territory_bonus_passes_over_a_full_territory() -> None:
    """Cards 0 (Crag, full at max_units 4) and 1 (Summit, 1 unit) are both owned: the +2
    goes to Summit, the first named territory with room."""
    data = {"rest": [1, 1], "territories": {"Crag": [0, 4], "Summit": [0, 1]}}
    data["hands"] = {"seat0": [0, 1, 2]}
    state = build(data, triad(max_units=4, card_territory_bonus=2))
    state.apply(Trade((0, 1, 2)))
    bonus = next(e for e in state.events if e[0] == "wf_card_bonus")
    assert bonus == ("wf_card_bonus", -1, 0, 1, 2, 3)  # seat 0, Summit, count 2, units 3
    assert board(state, "Crag") == (0, 4) and board(state, "Summit") == (0, 3)


def test_ruling_11_after_a_card_capture_only_forced_trades_down_to_four_cards() -> None:
    data = {
        "phase": "attack",
        "rest": [1, 1],
        "territories": {"Crag": [0, 9], "Harbor": [2, 1]},
        "hands": {"seat0": [0, 1, 2], "seat2": [3, 4, 5]},
    }
    state = build(data, triad(players=3))
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(at(state, "Crag"), at(state, "Harbor"), 3))
    state.apply(MoveIn(3))
    assert state.phase == TRADE and STOP_TRADING not in state.legal_actions()
    state.apply(Trade((0, 1, 2)))
    assert state.hands[0] == [3, 4, 5] and cards.has_set(state.map, state.hands[0])  # a set ...
    assert state.phase == PLACE and state.to_place == 4  # ... but only forced trades happen


# --------------------------------------------------------------------- ruling 13


def test_ruling_13_no_set_no_trade_phase_and_no_attack_no_attack_phase() -> None:
    layout = {"Crag": [0, 1], "Summit": [0, 1], "Pinewood": [0, 1], "Harbor": [0, 1]}
    state = build({"rest": [1, 1], "territories": layout, "hands": {"seat0": [0, 1]}}, triad())
    assert state.phase == PLACE  # two cards, no set: straight to placement
    state.apply(Place(at(state, "Crag"), state.to_place))  # Crag borders only its own
    assert state.phase == TRANSFER


# --------------------------------------------------------------------- ruling 16


def test_ruling_16_connected_transfers_follow_border_directions() -> None:
    layout = {"Glacier": [0, 4], "Upper Falls": [0, 4], "Cedar Steps": [0, 1]}
    options = WarfishOptions(map="cascade", transfer_rule="connected")
    state = build({"phase": "transfer", "rest": [1, 1], "territories": layout}, options)
    glacier, falls, steps = at(state, "Glacier"), at(state, "Upper Falls"), at(state, "Cedar Steps")
    with pytest.raises(IllegalAction, match="no path of your territories from Upper Falls"):
        state.apply(Transfer(falls, glacier, 1))
    assert Transfer(glacier, steps, 3) in state.legal_actions()  # downstream, then on
    state.apply(Transfer(glacier, steps, 3))
    assert board(state, "Cedar Steps") == (0, 4)


def test_a_transfer_into_a_full_territory_is_refused_saying_it_is_full() -> None:
    layout = {"Crag": [0, 3], "Summit": [0, 4], "Pinewood": [0, 1]}
    state = build({"phase": "transfer", "rest": [1, 1], "territories": layout}, triad(max_units=4))
    crag, summit, pinewood = at(state, "Crag"), at(state, "Summit"), at(state, "Pinewood")
    with pytest.raises(IllegalAction, match="from Crag: Summit is full"):
        state.apply(Transfer(crag, summit, 1))
    with pytest.raises(IllegalAction, match="from Pinewood: Pinewood must keep 1 unit"):
        state.apply(Transfer(pinewood, crag, 1))


# --------------------------------------------------------------------- ruling 17


def test_ruling_17_under_fog_phase_turn_eliminations_and_card_counts_stay_public() -> None:
    data = {
        "phase": "attack",
        "rest": [1, 1],
        "territories": {"Crag": [0, 9], "Harbor": [2, 1]},
        "hands": {"seat0": [1], "seat2": [3, 5]},
    }
    state = build(data, triad(players=3, fog=True))
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(at(state, "Crag"), at(state, "Harbor"), 3))
    far = view(state, 1)
    assert far.phase == MOVE_IN and far.turn == 0
    assert [p.alive for p in far.players] == [True, True, False]
    assert [p.cards for p in far.players] == [3, 0, 0]
    sent = far.to_json()
    assert "move_in" not in sent and "territories" not in sent["players"][0]
    assert any(e["kind"] == "wf_eliminated" for e in far.log)


def test_ruling_17_under_fog_income_and_wasted_units_are_told_to_their_seat_only() -> None:
    data = {
        "phase": "transfer",
        "seat": 1,
        "rest": [1, 1],
        "territories": {"Crag": [0, 3], "Summit": [0, 3], "Dunes": [1, 2]},
    }
    state = build(data, triad(max_units=3, fog=True))
    state.apply(END_TURN)
    private = [e for e in state.events if e[0] in ("wf_income", "wf_units_wasted")]
    assert [(e[0], e[1]) for e in private] == [("wf_income", 0), ("wf_units_wasted", 0)]
    assert state.phase == ATTACK and state.seat == 0


# --------------------------------------------------------------------- ruling 18


def test_ruling_18_a_forfeit_discards_the_cards_and_the_game_goes_on() -> None:
    data = {
        "rest": [1, 1],
        "territories": {"Crag": [0, 4], "Dunes": [2, 3]},
        "hands": {"seat0": [3, 4]},
        "discard": [],
    }
    state = build(data, triad(players=3))
    state.forfeit(0, "time-out")
    assert board(state, "Crag") == (NEUTRAL, 4) and state.discard == [3, 4]
    assert state.hands[0] == [] and state.alive == [False, True, True]
    assert state.seat == 1 and state.phase != OVER


def test_ruling_18_a_forfeit_during_setup_passes_placement_to_the_next_seat() -> None:
    state = WarfishState(2, triad(players=3))
    assert state.phase == SETUP and state.seat == 0
    state.forfeit(0, "crash")
    assert state.phase == SETUP and state.seat == 1 and state.setup_left[0] == 0
    assert all(state.owner[t] != 0 for t in range(state.map.size))


# --------------------------------------------------------------------- ruling 19


def test_ruling_19_neutral_territories_take_no_turn_and_count_for_no_one() -> None:
    layout = {
        "Crag": [0, 2], "Summit": [0, 1], "Pinewood": [0, 1], "Harbor": [0, 1],
        "Reedbank": [1, 2], "Fenwick": [1, 1], "Bog": [1, 1],
    }  # fmt: skip
    data = {"phase": "transfer", "seat": 1, "rest": ["neutral", 9], "territories": layout}
    state = build(data, triad(round_cap=1))
    assert state.territory_count == [4, 3] and state.unit_count == [5, 4]
    state.apply(END_TURN)
    assert state.phase == OVER and state.winner == 0
    assert state.end_reason == "round cap 1: most territories (4), then most units (5)"


# --------------------------------------------------------------------- turns and setup


def test_a_forced_trade_at_the_start_of_a_turn_goes_on_until_fewer_than_five_cards() -> None:
    hand = [0, 3, 6, 1, 4, 7, 2, 5]  # eight cards: three infantry, three cavalry, two artillery
    state = build(
        {"rest": [1, 1], "territories": {"Crag": [0, 1]}, "hands": {"seat0": hand}}, triad()
    )
    state.apply(Trade((0, 3, 6)))
    assert state.phase == TRADE and STOP_TRADING not in state.legal_actions()  # 5 left
    state.apply(Trade((1, 4, 7)))
    assert state.phase == PLACE and state.to_place == 3 + 4 + 6


def test_setup_placement_skips_seats_with_no_units_left() -> None:
    layout = {"Crag": [0, 1], "Summit": [0, 1], "Pinewood": [0, 1], "Harbor": [0, 1]}
    data = {"phase": "setup", "rest": [1, 1], "territories": layout, "setup_left": [1, 3]}
    state = build(data, triad())
    order = []
    while state.phase == SETUP:
        order.append(state.seat)
        mine = state.owner.index(state.seat)
        state.apply(Place(mine, 1))
    assert order == [0, 1, 1, 1] and state.round == 1 and state.seat == 0


# --------------------------------------------------------------------- max_units


def test_max_units_refuses_placement_beyond_the_cap() -> None:
    state = build({"rest": [1, 1], "territories": {"Crag": [0, 4]}}, triad(max_units=5))
    with pytest.raises(IllegalAction, match=r"Crag holds 4 and may hold at most 5 \(max_units\)"):
        state.apply(Place(at(state, "Crag"), 2))
    state.apply(Place(at(state, "Crag"), 1))  # Crag is full; seat 0 holds nothing else
    assert state.events[-1] == ("wf_units_wasted", -1, 0, 2, "every territory is full")
    assert state.phase == ATTACK and state.to_place == 0


def test_max_units_wastes_income_that_finds_no_room() -> None:
    data = {
        "phase": "transfer",
        "seat": 1,
        "rest": [1, 1],
        "territories": {"Crag": [0, 3], "Summit": [0, 3], "Dunes": [1, 2]},
    }
    state = build(data, triad(max_units=3))
    state.apply(END_TURN)
    wasted = [e for e in state.events if e[0] == "wf_units_wasted"]
    assert wasted == [("wf_units_wasted", -1, 0, 3, "every territory is full")]
    assert state.phase == ATTACK and state.to_place == 0


# --------------------------------------------------------------------- views


def test_a_view_shows_no_deck_order_no_random_source_and_no_other_hand() -> None:
    data = {"rest": [1, 1], "territories": {"Crag": [0, 1]}, "hands": {"seat1": [5, 7]}}
    state = build(data, triad())
    seen = view(state, 0)
    sent = seen.to_json()
    assert seen.deck_size == 10 and "deck" not in sent and "rng" not in sent
    assert seen.hand == [] and [p.cards for p in seen.players] == [0, 2]
    text = json.dumps(sent)
    assert "card_draw" not in text and "_state" not in text


def test_a_views_log_is_the_last_twelve_events_its_seat_may_see() -> None:
    state = WarfishState(11, triad(setup_placement="random"))
    step = 0
    while state.phase != OVER and len(state.events) < 300:
        legal = state.legal_actions()
        state.apply(legal[(step * 7919) % len(legal)])
        step += 1
    assert any(not visible_to(e, 1) for e in state.events)  # a card drawn by seat 0
    for seat in (0, 1, None):
        expected = [event_json(e) for e in state.events if visible_to(e, seat)][-LOG_EVENTS:]
        assert view(state, seat).log == expected
