"""Views (companion ruling 14): what a seat and a spectator are shown, and what never.

A seat sees its own hand (with rules text), both fields with every number and mark, both
carrion and exile piles, hand and deck sizes, both decklists and the public events; of
the rival's hand only what it has been shown (a reveal effect, a card returned to hand);
never a deck's order. Pending decisions carry their prompt to the decider only; private
events reach their seat only. Every view renders, and every event kind has a sentence.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from msgspec import UNSET

from sparring.core import conformance as kit
from sparring.core.events import NOBODY, PUBLIC, event_fields, event_json
from sparring.core.messages import json_default
from sparring.core.rng import Rng
from sparring.games.foodchain import events as fc_events
from sparring.games.foodchain.actions import END_PHASE, Order, Play, Target
from sparring.games.foodchain.cards import load_pool
from sparring.games.foodchain.cardtext import card_text
from sparring.games.foodchain.creature import Creature
from sparring.games.foodchain.decks import prebuilt_decks
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.position import OnField, Side, build, uid_of
from sparring.games.foodchain.render import describe_event, render_view
from sparring.games.foodchain.spec import SPEC
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.views import view
from sparring.games.foodchain.viewtypes import FoodChainView

POOL = load_pool()
SEATS = (0, 1, None)


def wire(value: Any) -> Any:
    """A view, or a part of one, as a bot receives it: its JSON form, read back."""
    return json.loads(json.dumps(value, default=json_default))


def hand_entry(state: FoodChainState, uid: int) -> dict[str, Any]:
    """A hand card as a view shows it: id, name, category, numbers, keywords and text."""
    card = state.defs[uid]
    out: dict[str, Any] = {"card": uid, "name": card.name, "category": card.category}
    if card.is_creature:
        out.update(atk=card.atk, hp=card.hp)
        if card.is_prey:
            out["nutrition"] = card.nutrition
    out.update(keywords=card.keyword_list(), text=card_text(card))
    return out


def table() -> FoodChainState:
    """Seat 0 to play in main phase 1, with every kind of public mark on the table."""
    return build(
        (
            Side(
                hp=9,
                hand=["Eurasian Magpie", "Riptide", "Hellbender"],
                deck=["Axolotl", "Glass Frog"],
                field=[OnField("Golden Mantella", exhausted=True)],
                field_spell="Breeding Pond",
                carrion=["Fire Salamander"],
                exile=["Marsh Miasma"],
            ),
            Side(
                hp=7,
                hand=["Spring Peeper", "Rough-skinned Newt"],
                deck=["Olm", "Tomato Frog", "Surinam Toad"],
                field=[
                    OnField("Cane Toad", frozen=True, keywords=["Poisonous", "Multi-Strike 3"]),
                    OnField("Remora", token=True, attacks=1),
                    OnField("Goliath Frog", atk=5, hp=2, max_hp=6, dry=True, paralyzed=True),
                ],
                carrion=["Tomato Frog", "American Bullfrog"],
                exile=["Nerve Bloom"],
            ),
        ),
        active=0,
        turn=3,
    )


# --------------------------------------------------------------------- what a seat sees


def test_a_seat_sees_its_own_hand_with_text() -> None:
    state = table()
    seen = view(state, 0)
    assert wire(seen.hand) == [hand_entry(state, u) for u in state.hands[0]]
    magpie = wire(seen.hand)[0]
    assert magpie == {
        "card": uid_of(state, "Eurasian Magpie"),
        "name": "Eurasian Magpie",
        "category": "prey",
        "atk": 1,
        "hp": 2,
        "nutrition": 1,
        "keywords": ["Acuity"],
        "text": "Acuity. On play: look at the rival's hand.",
    }
    riptide = wire(seen.hand)[1]
    assert riptide["text"] == "Return an enemy creature to its owner's hand."
    assert "atk" not in riptide and "nutrition" not in riptide
    assert seen.rival_known_hand == []


def test_a_seat_sees_both_fields_with_every_mark() -> None:
    state = table()
    for seat in SEATS:
        players = wire(view(state, seat).players)
        assert players[0]["field"] == [
            {
                "card": uid_of(state, "Golden Mantella"),
                "name": "Golden Mantella",
                "category": "prey",
                "owner": 0,
                "atk": 1,
                "hp": 1,
                "max_hp": 1,
                "keywords": ["Toxic"],
                "exhausted": True,
                "frozen": False,
                "paralyzed": False,
                "dry": False,
                "token": False,
                "attacks_left": 1,
                "text": "Toxic.",
                "nutrition": 1,
            }
        ]
        toad, remora, frog = players[1]["field"]
        assert (toad["frozen"], toad["keywords"], toad["attacks_left"]) == (
            True,
            ["Multi-Strike 3", "Poisonous"],
            3,
        )
        assert toad["text"] == "Multi-Strike 3, Poisonous"
        assert (remora["token"], remora["attacks_left"], remora["category"]) == (True, 0, "token")
        assert remora["text"] == "When slain: you draw 1 card."
        assert frog == {
            "card": uid_of(state, "Goliath Frog"),
            "name": "Goliath Frog",
            "category": "predator",
            "owner": 1,
            "atk": 5,
            "hp": 2,
            "max_hp": 6,
            "keywords": [],
            "exhausted": False,
            "frozen": False,
            "paralyzed": True,
            "dry": True,
            "token": False,
            "attacks_left": 1,
            "text": "",
        }


def test_a_seat_sees_field_spells_piles_counts_and_both_decklists() -> None:
    state = table()
    for seat in SEATS:
        seen = view(state, seat)
        me, rival = wire(seen.players)
        assert (me["seat"], me["hp"], me["hand_count"], me["deck_count"]) == (0, 9, 3, 2)
        assert (rival["seat"], rival["hp"], rival["hand_count"], rival["deck_count"]) == (
            1,
            7,
            2,
            3,
        )
        pond = uid_of(state, "Breeding Pond")
        assert me["field_spell"] == {
            "card": pond,
            "name": "Breeding Pond",
            "category": "field_spell",
            "keywords": [],
            "text": "At the start of your turn: summon a Tadpole token.",
        }
        assert rival["field_spell"] is None
        salamander = uid_of(state, "Fire Salamander")
        assert me["carrion"] == [
            {"card": salamander, "name": "Fire Salamander", "category": "prey"}
        ]
        assert [c["name"] for c in me["exile"]] == ["Marsh Miasma"]
        assert [c["name"] for c in rival["carrion"]] == ["Tomato Frog", "American Bullfrog"]
        assert [c["name"] for c in rival["exile"]] == ["Nerve Bloom"]
        assert me["decklist"] == list(state.decklists[0])
        assert rival["decklist"] == list(state.decklists[1])
        assert "Surinam Toad" in rival["decklist"] and "Glass Frog" in me["decklist"]
        assert (seen.turn, seen.active, seen.phase, seen.to_move) == (3, 0, "main1", [0])
        assert seen.card_played is False and seen.winner is None
        assert seen.options == state.options
        assert wire(seen)["options"] == wire(state.options)


def test_a_real_game_shows_both_prebuilt_decklists() -> None:
    options = FoodChainOptions(deck0="fish-deep", deck1="birds-raptors", first_player=1)
    state = SPEC.new_game(3, options)
    for seat in SEATS:
        players = view(state, seat).players
        assert players[0].decklist == state.decklists[0]
        assert len(players[1].decklist) == 20
        # Seat 1 goes first and skips the draw of turn 1 (rules §1).
        assert (state.turn, state.active, state.phase) == (1, 1, "main1")
        assert (players[0].hand_count, players[1].hand_count) == (5, 5)
        assert (players[0].deck_count, players[1].deck_count) == (15, 15)


def test_a_spectator_sees_no_hand() -> None:
    state = table()
    seen = view(state, None)
    assert seen.seat is None
    assert seen.hand is UNSET and seen.rival_known_hand is UNSET
    assert "hand" not in wire(seen) and "rival_known_hand" not in wire(seen)
    assert "Your hand" not in render_view(seen)


#: The keys of a view's JSON form, in the order a bot receives them.
VIEW_KEYS = [
    "game",
    "seat",
    "turn",
    "turn_cap",
    "active",
    "first_player",
    "phase",
    "to_move",
    "card_played",
    "winner",
    "end_reason",
    "options",
    "players",
    "log",
]


def test_a_bot_receives_the_view_keys_in_a_fixed_order_unshown_ones_left_out() -> None:
    state = table()
    assert list(wire(view(state, 0))) == [*VIEW_KEYS, "hand", "rival_known_hand"]
    assert list(wire(view(state, None))) == VIEW_KEYS
    player = wire(view(state, None))["players"][1]
    assert list(player) == [
        "seat",
        "hp",
        "hand_count",
        "deck_count",
        "field",
        "field_spell",
        "carrion",
        "exile",
        "decklist",
    ]
    assert list(player["field"][0]) == [
        *("card", "name", "category", "owner", "atk", "hp", "max_hp", "keywords"),
        *("exhausted", "frozen", "paralyzed", "dry", "token", "attacks_left", "text"),
        "nutrition",
    ]
    magpie = wire(view(state, 0).hand)[0]
    assert list(magpie) == [
        "card",
        "name",
        "category",
        "atk",
        "hp",
        "nutrition",
        "keywords",
        "text",
    ]


# --------------------------------------------------------------------- the rival's hand


#: Keys under which a view names a card by id (``source`` is a card in decisions and
#: target events, a zone name in play events).
ID_KEYS = ("card", "predator", "attacker", "target", "eaten", "cards", "source")


def card_ids(value: Any, key: str = "") -> Iterator[int]:
    """Every card id a view mentions (cards, predators, attackers, targets, eaten, ...)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from card_ids(v, k)
    elif isinstance(value, list):
        if key == "cards" and all(isinstance(x, list) for x in value):  # a reveal: [id, name]
            yield from (x[0] for x in value)
        else:
            for item in value:
                yield from card_ids(item, key)
    elif key in ID_KEYS and isinstance(value, int) and not isinstance(value, bool):
        yield value


def hidden_ids(state: FoodChainState, seat: int | None) -> set[int]:
    """Ids `seat` must never be shown: unrevealed cards of the rival's hand (both hands for
    a spectator) and every deck card, except the cards of its own deck it is asked to
    choose from (a tutor or a play from the deck)."""
    hidden = set(state.decks[0]) | set(state.decks[1])
    for other in (0, 1):
        if other != seat:
            hidden |= set(state.hands[other]) - state.revealed[other]
    pending = state.pending
    if pending is not None and pending.player == seat and pending.kind in ("tutor", "play"):
        hidden -= {option.card for option in pending.options}
    return hidden


def test_a_seat_never_sees_the_rival_hand_ids_or_deck_ids() -> None:
    state = table()
    for seat in SEATS:
        shown = set(card_ids(wire(view(state, seat))))
        assert not shown & hidden_ids(state, seat)
    assert set(state.hands[0]) <= set(card_ids(wire(view(state, 0))))


def test_a_reveal_effect_shows_the_rival_hand_to_that_seat_only() -> None:
    state = build(
        (
            Side(hand=["Eurasian Magpie"]),
            Side(hand=["Spring Peeper", "Olm"], deck=["Hellbender"]),
        ),
        active=0,
    )
    peeper, olm = uid_of(state, "Spring Peeper"), uid_of(state, "Olm")
    state.apply(Play(uid_of(state, "Eurasian Magpie")))
    # The turn passes by itself (nothing else to do); seat 1 drew Hellbender.
    assert (state.active, state.phase, state.turn) == (1, "main1", 4)
    mine = view(state, 0)
    assert wire(mine.rival_known_hand) == [hand_entry(state, peeper), hand_entry(state, olm)]
    assert mine.players[1].hand_count == 3
    reveals = [e for e in mine.log if e["kind"] == "reveal"]
    assert reveals == [
        {"kind": "reveal", "seat": 1, "cards": [[peeper, "Spring Peeper"], [olm, "Olm"]]}
    ]
    assert uid_of(state, "Hellbender") not in set(card_ids(wire(mine)))
    assert view(state, 1).rival_known_hand == []
    for seat in (1, None):
        assert not [e for e in view(state, seat).log if e["kind"] == "reveal"]
    assert "Known cards in the rival's hand: Spring Peeper" in render_view(mine)
    # Once played, a revealed card is no longer in the hand: it is shown on the field.
    state.apply(Play(olm))
    assert wire(view(state, 0).rival_known_hand) == [hand_entry(state, peeper)]


def test_a_card_returned_to_hand_is_known_to_the_rival() -> None:
    state = build(
        (Side(hand=["Riptide", "Hellbender"]), Side(hand=["Olm"], field=["Cane Toad"])),
        active=0,
    )
    toad = uid_of(state, "Cane Toad")
    state.apply(Play(uid_of(state, "Riptide")))
    assert toad in state.hands[1] and not state.fields[1]
    mine = view(state, 0)
    assert wire(mine.rival_known_hand) == [hand_entry(state, toad)]
    assert mine.players[1].hand_count == 2
    assert uid_of(state, "Olm") not in set(card_ids(wire(mine)))
    moves = [e for e in view(state, None).log if e["kind"] == "move" and e["card"] == toad]
    assert moves == [
        {
            "kind": "move",
            "card": toad,
            "name": "Cane Toad",
            "seat": 1,
            "origin": "field",
            "to": "hand",
        }
    ]


def test_reshuffling_a_deck_changes_no_view() -> None:
    state = SPEC.new_game(8, FoodChainOptions(deck0="reptiles-shell", deck1="mammals-herd"))
    for deck in (0, 1):
        twin = state.clone()
        twin.decks[deck].reverse()
        assert twin.decks[deck] != state.decks[deck]
        for seat in SEATS:
            assert view(twin, seat) == view(state, seat)


def test_card_ids_are_a_seeded_permutation_unrelated_to_decks() -> None:
    """Ids name cards without telling where they were: two seeds with the same decks give
    different ids to the same cards, and a seat's cards are not a block of ids."""
    options = FoodChainOptions(deck0="fish-shoal", deck1="fish-shoal", first_player=0)
    one, two = SPEC.new_game(1, options), SPEC.new_game(2, options)
    names_one = [(d.name, o) for d, o in zip(one.defs, one.owner, strict=True)]
    names_two = [(d.name, o) for d, o in zip(two.defs, two.owner, strict=True)]
    assert sorted(names_one) == sorted(names_two)
    assert names_one != names_two
    for state in (one, two):
        assert state.owner != [0] * 20 + [1] * 20
        seat0 = sorted(u for u in range(40) if state.owner[u] == 0)
        assert [state.defs[u].name for u in seat0] != list(state.decklists[0])
        assert state.decks[0] != sorted(state.decks[0])


# --------------------------------------------------------------------- decisions, events


def test_the_decision_prompt_goes_to_the_decider_only() -> None:
    state = build(
        (Side(hand=["Riptide", "Hellbender"]), Side(hand=["Olm"], field=["Cane Toad", "Axolotl"])),
        active=0,
    )
    riptide = uid_of(state, "Riptide")
    state.apply(Play(riptide))
    assert state.pending is not None and state.pending.kind == "target"
    toad, axolotl = uid_of(state, "Cane Toad"), uid_of(state, "Axolotl")
    mine = view(state, 0)
    assert wire(mine.decision) == {
        "player": 0,
        "kind": "target",
        "prompt": "Riptide: choose an enemy creature (return to hand)",
        "source": riptide,
        "options": [{"type": "target", "card": toad}, {"type": "target", "card": axolotl}],
        "resume": [
            "resolution._resume_target",
            {"op": {"op": "return_to_hand", "target": "enemy_creature"}},
            {"ctx": [0, riptide, "spell", "cast", None, None, None, 1]},
        ],
    }
    for seat in (1, None):
        assert wire(view(state, seat).decision) == {"player": 0, "kind": "target"}
        assert "Decision:" not in render_view(view(state, seat))
    assert "Decision: Riptide: choose an enemy creature" in render_view(mine)


def test_what_is_being_resolved_is_shown_to_everyone() -> None:
    """The stack is public at the table: Riptide waits for its target, then goes to exile
    after the death clean-up; it is in no zone meanwhile. Once resolved, nothing is shown."""
    state = build(
        (Side(hand=["Riptide", "Hellbender"]), Side(hand=["Olm"], field=["Cane Toad", "Axolotl"])),
        active=0,
    )
    riptide = uid_of(state, "Riptide")
    assert "resolution" not in wire(view(state, 0))
    state.apply(Play(riptide))
    for seat in (0, 1, None):
        assert wire(view(state, seat).resolution) == {
            "steps": [["zones.to_exile_step", 0, riptide], ["resolution.deaths_step"]],
            "in_flight": [{"card": riptide, "name": "Riptide", "category": "spell"}],
            "serial": 1,
            "cancelled": [],
            "no_damage": [],
            "end_requested": False,
        }
    state.apply(Target(card=uid_of(state, "Axolotl")))
    assert "resolution" not in wire(view(state, 0))


def test_a_tutor_names_the_offered_deck_cards_to_the_decider_only() -> None:
    """The decider must see what it chooses among (its deck is otherwise only counted); the
    cards come by id, in id order, which says nothing about the deck's order."""
    state = build(
        (
            Side(
                hand=["Common Midwife Toad", "Olm"],
                deck=["Marsh Miasma", "Axolotl", "Nerve Bloom"],
            ),
            Side(hand=["Olm"]),
        ),
        active=0,
    )
    toad = uid_of(state, "Common Midwife Toad")
    state.apply(Play(toad))
    assert state.pending is not None and state.pending.kind == "tutor"
    miasma, bloom = uid_of(state, "Marsh Miasma"), uid_of(state, "Nerve Bloom")
    mine = wire(view(state, 0).decision)
    assert mine["prompt"] == "Common Midwife Toad: choose a card of your deck to take"
    assert mine["source"] == toad
    assert [(c["card"], c["name"]) for c in mine["cards"]] == sorted(
        [(miasma, "Marsh Miasma"), (bloom, "Nerve Bloom")]
    )
    assert mine["cards"][0] == hand_entry(state, min(miasma, bloom))
    for seat in (1, None):
        assert wire(view(state, seat).decision) == {"player": 0, "kind": "tutor"}
        assert not {miasma, bloom} & set(card_ids(wire(view(state, seat))))
    axolotl = uid_of(state, "Axolotl")
    assert axolotl not in set(card_ids(wire(view(state, 0))))


def test_the_waiting_seat_gets_the_prompt_when_it_decides() -> None:
    """Two tokens with on-slain abilities die at once: their owner, not the active seat,
    orders them, and only it sees the prompt."""
    state = build(
        (
            Side(hand=["Marsh Miasma", "Hellbender"]),
            Side(
                hand=["Olm"],
                deck=["Axolotl", "Glass Frog"],
                field=[OnField("Remora", token=True), OnField("Remora", token=True)],
            ),
        ),
        active=0,
    )
    state.apply(Play(uid_of(state, "Marsh Miasma")))
    assert state.pending is not None and (state.pending.player, state.pending.kind) == (1, "order")
    assert state.active == 0 and state.to_move() == (1,)
    assert state.legal_actions(0) == ()
    theirs = view(state, 1)
    assert theirs.decision and theirs.decision.prompt
    assert theirs.decision.prompt.startswith("Choose which effect resolves next: Remora")
    assert theirs.to_move == [1]
    for seat in (0, None):
        assert wire(view(state, seat).decision) == {"player": 1, "kind": "order"}
    state.apply(Order(state.pending.options[0].card), 1)
    assert view(state, 1).decision is UNSET and "decision" not in wire(view(state, 1))


def test_a_drawn_card_is_shown_to_its_seat_only() -> None:
    state = build(
        (Side(hand=["Hellbender"]), Side(hand=["Olm"], deck=["Axolotl"])),
        active=0,
    )
    state.apply(END_PHASE)  # to combat, where nothing can attack: on to main phase 2
    assert (state.active, state.phase) == (0, "main2")
    state.apply(END_PHASE)
    assert (state.active, state.phase, state.turn) == (1, "main1", 4)
    axolotl = uid_of(state, "Axolotl")
    drew = {"kind": "drew", "seat": 1, "card": axolotl, "name": "Axolotl"}
    assert drew in view(state, 1).log
    for seat in (0, None):
        log = view(state, seat).log
        assert drew not in log
        assert {"kind": "draws", "seat": 1} in log
        assert axolotl not in set(card_ids(wire(view(state, seat))))
    assert "you drew Axolotl" in render_view(view(state, 1), log_lines=40)


def private_events_ok(state: FoodChainState) -> None:
    """Private events carry their own seat as audience; views carry only what is theirs."""
    for event in state.events:
        if event[0] in ("drew", "reveal"):
            assert event[1] in (0, 1), event
        if event[0] == "drew":
            assert event[1] == event[2], f"{event} shown to another seat"
    for seat in SEATS:
        seen = view(state, seat)
        for event in seen.log:
            if event["kind"] == "drew":
                assert event["seat"] == seat, f"seat {seat} sees {event}"
            if event["kind"] == "reveal":
                assert seat is not None and event["seat"] == 1 - seat, f"seat {seat} sees {event}"
        shown = set(card_ids(wire(seen)))
        assert not shown & hidden_ids(state, seat), f"seat {seat} sees hidden ids"


#: Event kinds a renderer may leave without a line (what happens in a phase shows it).
SILENT = ("phase", "draws")


def assert_described(event: dict[str, Any], seat: int | None) -> None:
    """`describe_event` knows the event's kind: it never falls back on the raw event, and
    only the kinds in SILENT may come out empty."""
    sentence = describe_event(event, seat)
    assert isinstance(sentence, str) and sentence != str(event), event
    assert sentence or event["kind"] in SILENT, event
    assert "{" not in sentence and "None" not in sentence, sentence


def render_ok(state: FoodChainState) -> None:
    for seat in SEATS:
        seen = view(state, seat)
        assert msgspec.convert(wire(seen), FoodChainView) == seen  # the JSON form reads back
        text = render_view(seen, log_lines=1_000)
        assert text.startswith(f"Food Chain · turn {state.turn}")
        assert ("Your hand:" in text) == (seat is not None)
        pending = state.pending
        assert ("Decision:" in text) == (pending is not None and seat == pending.player)
        for event in seen.log:
            assert_described(event, seat)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_every_step_of_random_games_renders_and_keeps_private_things_private(seed: int) -> None:
    decks = sorted(prebuilt_decks())
    options = FoodChainOptions(deck0=decks[seed % 10], deck1=decks[(3 * seed + 1) % 10])
    steps = 0
    for state in kit.walk(SPEC, seed, [], kit.Hooks(options=options)):
        private_events_ok(state)
        render_ok(state)
        steps += 1
    assert steps > 10


def plain(value: Any) -> Any:
    """`value` with creatures and the random source spelled out field by field, so that a
    change anywhere inside the state changes its text."""
    if isinstance(value, Creature):
        return ("creature", *(plain(v) for _, v in data_attributes(value)))
    if isinstance(value, Rng):
        return ("rng", value._state, plain(value.log))
    if isinstance(value, dict):
        return sorted((repr(k), plain(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(repr(v) for v in value)
    return repr(value)


def data_attributes(value: Any) -> list[tuple[str, Any]]:
    """Every attribute of `value` that is not a method, by name: read through `dir`, since
    the compiled build's states and creatures have neither `__dict__` nor `__slots__`."""
    named = ((name, getattr(value, name)) for name in dir(value) if not name.startswith("__"))
    return [(name, v) for name, v in named if not callable(v)]


def snapshot(state: FoodChainState) -> str:
    """Everything the state holds, as text."""
    return repr(sorted((name, plain(value)) for name, value in data_attributes(state)))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_views_are_pure_a_view_writes_nothing_into_the_state(seed: int) -> None:
    for state in kit.walk(SPEC, seed, []):
        before = snapshot(state)
        for seat in SEATS:
            view(state, seat)
            render_view(view(state, seat))
        assert snapshot(state) == before


# --------------------------------------------------------------------- every event kind

KINDS = sorted(
    value for name, value in vars(fc_events).items() if name.isupper() and isinstance(value, str)
)
SAMPLE = {
    "turn": 3,
    "seat": 1,
    "phase": "combat",
    "card": 12,
    "name": "Cane Toad",
    "source": "hand",
    "what": "attack",
    "predator": 7,
    "eaten": [3, 4],
    "nutrition": 2,
    "atk": 2,
    "hp": 5,
    "dry": False,
    "trigger": "rival_draws",
    "attacker": 7,
    "target": 12,
    "player": None,
    "amount": 3,
    "combat": True,
    "why": "barrier",
    "status": "frozen",
    "on": True,
    "keyword": "Haste",
    "gained": True,
    "max_hp": 6,
    "slain": True,
    "origin": "field",
    "to": "carrion",
    "cards": [[12, "Cane Toad"], [13, "Olm"]],
    "winner": 0,
    "reason": "seat 1 reached 0 HP",
}


def test_events_module_registers_the_kinds_we_describe() -> None:
    assert len(KINDS) == 25
    assert {"drew", "reveal", "game_end", "hidden_move", "transform"} <= set(KINDS)


#: Fields whose sample differs by kind: a target event's source is a card, an ability's
#: trigger an ability trigger.
OVERRIDES: dict[str, dict[str, Any]] = {"target": {"source": 4}, "ability": {"trigger": "on_play"}}


@pytest.mark.parametrize("kind", KINDS)
def test_describe_event_handles_every_registered_kind(kind: str) -> None:
    event = {"kind": kind, **{field: SAMPLE[field] for field in event_fields(kind)}}
    event.update(OVERRIDES.get(kind, {}))
    for seat in SEATS:
        assert_described(event, seat)


def test_describe_event_speaks_from_the_viewer_side() -> None:
    play = {"kind": "play", "seat": 0, "card": 4, "name": "Olm", "source": "hand"}
    assert describe_event(play, 0) == "you play Olm #4"
    assert describe_event(play, 1) == "rival plays Olm #4"
    assert describe_event(play, None) == "seat 0 plays Olm #4"
    carrion = {**play, "source": "carrion"}
    assert describe_event(carrion, 1) == "rival plays Olm #4 from carrion"
    direct = {"kind": "attack", "seat": 1, "attacker": 9, "target": None}
    assert describe_event(direct, 1) == "you attack with #9 → the rival directly"
    hit = {"kind": "damage", "card": None, "player": 0, "amount": 4, "combat": True}
    assert describe_event(hit, 1) == "rival takes 4 damage"
    assert describe_event(hit, None) == "seat 0 takes 4 damage"
    end = {"kind": "game_end", "winner": None, "reason": "both players reached 0 HP"}
    assert describe_event(end, 0) == "draw: both players reached 0 HP"
    won = {**end, "winner": 1, "reason": "seat 0 reached 0 HP"}
    assert describe_event(won, 1) == "you win: seat 0 reached 0 HP"
    assert describe_event(won, 0) == "rival wins: seat 0 reached 0 HP"
    dry = {"kind": "eat", "seat": 0, "predator": 5, "eaten": [], "nutrition": 0}
    assert describe_event(dry, 0) == "#5 eats nothing (dry drop) (+0 nutrition)"


def test_every_event_of_real_games_has_a_json_form_and_a_sentence() -> None:
    seen_kinds: set[str] = set()
    for seed in range(12):
        final = kit.check_random_playout(SPEC, seed, [], kit.Hooks())
        for event in final.events:
            assert event[1] in (PUBLIC, NOBODY, 0, 1)
            data = event_json(event)
            seen_kinds.add(data["kind"])
            for seat in SEATS:
                if event[1] == PUBLIC or event[1] == seat:
                    assert_described(data, seat)
    assert len(seen_kinds) >= 15, sorted(seen_kinds)
