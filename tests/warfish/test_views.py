"""Views (companion, "Hidden information"): hands private with counts public; with fog a
seat sees its own territories and those next to them (borders either way: our ruling), the
spectator sees what every seat may know, and events reach only who may see them."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from sparring.core.rng import Rng
from sparring.games.warfish.actions import Attack, MoveIn
from sparring.games.warfish.fog import audience, visible
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.render import describe_event, render_view
from sparring.games.warfish.spec import SPEC
from sparring.games.warfish.state import WarfishState
from sparring.games.warfish.views import lean_view, view

from .helpers import place_all, position, script_roll, t


def test_without_fog_the_board_is_public_and_hands_private() -> None:
    state = position({"Alaska": (0, 4)}, hands=[[0, 1], [5, 6, 7, 8]])
    mine, theirs, watcher = view(state, 0), view(state, 1), view(state, None)
    assert mine.hand == [0, 1] and theirs.hand == [5, 6, 7, 8]
    assert "hand" not in watcher.to_json()
    assert [p.cards for p in watcher.players] == [2, 4]
    assert mine.owner == state.owner and watcher.units == state.units
    assert watcher.players[0].territories == 1 and watcher.players[1].units == 41
    assert mine.to_place == 3 and watcher.to_place == 3


def test_a_drawn_card_is_named_only_to_its_holder() -> None:
    state = position({"Alaska": (0, 5), "Kamchatka": (1, 1)})
    place_all(state, "Alaska")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))
    state.apply(MoveIn(3))
    state.rng.script("card_draw", [4])
    while state.seat == 0:
        state.apply(state.legal_actions()[-1])  # stop attacking, end the turn
    drawn = [e for e in view(state, 0).log if e["kind"] == "wf_card_drawn"]
    assert drawn == [{"kind": "wf_card_drawn", "seat": 0, "card": 4}]
    for other in (1, None):
        kinds = [e["kind"] for e in view(state, other).log]
        assert "wf_card_drawn" not in kinds and "wf_card_awarded" in kinds


def test_with_fog_a_seat_sees_its_territories_and_their_neighbours_only() -> None:
    state = position({"Alaska": (0, 4), "Iceland": (0, 2)}, fog=True)
    mine = view(state, 0)
    shown = {state.map.names[i] for i, u in enumerate(mine.units) if u is not None}
    assert shown == {
        "Alaska",
        "Alberta",
        "Northwest Territory",
        "Kamchatka",
        "Iceland",
        "Greenland",
        "Great Britain",
        "Scandinavia",
    }
    assert all((o is None) == (u is None) for o, u in zip(mine.owner, mine.units, strict=True))
    assert "territories" not in mine.to_json()["players"][1]
    assert mine.to_place == 3  # its own turn: its details


def test_with_fog_the_spectator_sees_no_territory_and_others_no_turn_details() -> None:
    state = position({"Alaska": (0, 4)}, fog=True)
    watcher, rival = view(state, None), view(state, 1)
    assert set(watcher.owner) == {None} and set(watcher.units) == {None}
    assert "to_place" not in watcher.to_json() and "to_place" not in rival.to_json()
    assert [p.cards for p in watcher.players] == [0, 0]


def test_fog_counts_borders_either_way() -> None:
    state = position({"Upper Falls": (0, 3)}, map="cascade", fog=True)
    units = view(state, 0).units
    # Glacier may attack Upper Falls (one way): the defender sees it coming
    assert units[t(state, "Glacier")] is not None
    assert units[t(state, "Orchard")] is not None  # Upper Falls may attack Orchard


def test_with_fog_attacks_are_told_only_to_seats_that_see_both_territories() -> None:
    layout = {"Brazil": (1, 6), "North Africa": (2, 1), "Alaska": (0, 1)}
    state = position(layout, rest=(1, 1), players=3, fog=True, seat=1)
    place_all(state, "Brazil")
    script_roll(state, (1,), (6,))
    state.apply(Attack(t(state, "Brazil"), t(state, "North Africa"), 1))
    attacks = [e for e in state.events if e[0] == "wf_attack"]
    assert sorted(e[1] for e in attacks) == [1, 2]  # one copy each for seats 1 and 2
    assert all(e["kind"] != "wf_attack" for e in view(state, 0).log)
    assert any(e["kind"] == "wf_attack" for e in view(state, 2).log)


def test_the_map_and_options_are_one_shared_object_in_every_view() -> None:
    state = WarfishState(1)
    views = [view(state, s) for s in (0, 1, None)]
    assert all(v.map is state.map.static for v in views)
    assert all(v.options is state.options for v in views)


def test_the_text_rendering_names_territories_and_the_hand() -> None:
    state = position({"Alaska": (0, 4)}, hands=[[0, 42]])
    text = render_view(view(state, 0))
    assert "Alaska" in text and "Kamchatka" in text
    assert "Your hand: 0: Alaska (infantry), 42: wild" in text
    assert "3 to place" in text
    fogged = render_view(view(position({"Alaska": (0, 4)}, fog=True), 0))
    assert "?" in fogged


def test_events_are_described_with_names_when_the_map_is_known() -> None:
    event = {"kind": "wf_placed", "seat": 0, "territory": 13, "count": 4, "units": 5}
    names = list(WarfishState(1).map.names)
    assert describe_event(event, None, names) == "seat 0 places 4 on Iceland → 5"
    assert describe_event(event, None) == "seat 0 places 4 on #13 → 5"


def test_the_status_line_counts_territories_and_units() -> None:
    state = position({"Alaska": (0, 4)})
    assert SPEC.display.status_line(view(state, None)) == "round 1 · seat 0 1t/4u · seat 1 41t/41u"
    assert SPEC.display.status_line(view(position({}, fog=True), None)) == "round 1"


def test_setup_counts_are_public_without_fog_and_the_movers_own_with_fog() -> None:
    plain = WarfishState(4)
    assert view(plain, 1).setup_left == [19, 19]
    fogged = WarfishState(4, SPEC.options_from_json({"fog": True}))
    assert view(fogged, 0).setup_left == [19, None]
    assert "setup_left" not in view(fogged, 1).to_json()
    assert "setup_left" not in view(fogged, None).to_json()


BOARD_KEYS = ["game", "seat", "map", "options", "round", "phase", "turn", "to_move", "owner"]
COUNT_KEYS = ["units", "players", "deck_size", "discard", "trades", "next_trade_value"]
COMMON_KEYS = [*BOARD_KEYS, *COUNT_KEYS, "winner", "end_reason", "log"]
TURN_KEYS = ["to_place", "attacks_left", "transfers_left", "captured"]


def test_a_views_json_keeps_its_keys_in_order_and_leaves_out_what_is_not_shown() -> None:
    """The JSON a bot receives, key by key in order: a field not shown is absent, not null."""
    state = position({"Alaska": (0, 4)}, hands=[[0, 1]])
    assert list(view(state, 0).to_json()) == [*COMMON_KEYS, "hand", *TURN_KEYS]
    assert list(view(state, None).to_json()) == [*COMMON_KEYS, *TURN_KEYS]
    sent = view(state, 1).to_json()
    assert list(sent["players"][0]) == ["seat", "alive", "cards", "territories", "units"]
    assert list(sent["map"]) == [
        *(
            "key",
            "name",
            "territories",
            "continents",
            "borders",
            "suits",
            "max_players",
            "coordinates",
        )
    ]
    assert list(sent["map"]["continents"][0]) == ["name", "bonus", "territories"]
    assert list(sent["options"]) == list(WarfishOptions().to_json())
    fogged = position({"Alaska": (0, 4)}, fog=True)
    assert list(view(fogged, 1).to_json()) == [*COMMON_KEYS, "hand"]
    assert list(view(fogged, 1).to_json()["players"][0]) == ["seat", "alive", "cards"]
    assert list(view(WarfishState(4), 0).to_json()) == [*COMMON_KEYS, "hand", "setup_left"]


def test_a_pending_move_in_is_shown_to_the_mover() -> None:
    state = position({"Alaska": (0, 9), "Kamchatka": (1, 1)})
    place_all(state, "Alaska")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))
    sent = view(state, 0).to_json()
    assert list(sent)[-1] == "move_in"
    source, target = t(state, "Alaska"), t(state, "Kamchatka")
    assert sent["move_in"] == {"source": source, "target": target, "low": 3, "high": 11}


def test_the_lean_view_is_the_same_view_with_an_empty_log() -> None:
    state = position({"Alaska": (0, 4)}, hands=[[0, 1]])
    for seat in (0, 1, None):
        lean, full = lean_view(state, seat), view(state, seat)
        assert type(lean) is type(full) and lean.log == [] and full.log
        full.log = []
        assert lean == full


def snapshot(state: WarfishState) -> dict[str, Any]:
    """Everything a state holds: its fields (lists and dicts by value, the rest by identity)
    and the next number its random source would give. Fields are found with `dir`, not
    `vars`: the compiled build's state is a native class, without a ``__dict__``."""
    values = {name: getattr(state, name) for name in dir(state) if not name.startswith("__")}
    fields = {
        name: copy.deepcopy(value) if isinstance(value, list) else value
        for name, value in values.items()
        if not callable(value)
    }
    fields["setup_menus"] = dict(state.setup_menus)
    fields["rng: next draw"] = state.rng.clone().below(1 << 62, "probe")
    fields["rng: draws"] = len(state.rng.log)
    return fields


def same_state(before: dict[str, Any], state: WarfishState) -> bool:
    after = snapshot(state)
    return before.keys() == after.keys() and all(
        before[k] is after[k] or before[k] == after[k] for k in before
    )


@pytest.mark.parametrize("fog", [False, True])
def test_views_write_nothing_into_the_state(fog) -> None:
    """Every view (each seat's, the spectator's, lean or with its log, asked twice) and
    every visibility query leaves the state exactly as it was, all through a game."""
    state = WarfishState(4, WarfishOptions(map="triad", players=3, fog=fog))
    chooser = Rng(9)
    for step in range(300):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if step % 7 == 0:
            before = snapshot(state)
            for seat in (0, 1, 2, None):
                view(state, seat)
                view(state, seat)
                lean_view(state, seat)
                visible(state, seat)
            audience(state, (0, 1))
            assert same_state(before, state), f"a view changed the state at step {step}"
        state.apply(legal[chooser.below(len(legal), "choice")])
