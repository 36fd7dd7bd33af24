"""Every number of the rules text tested at its threshold and just either side of it.

Thresholds tested elsewhere (by name): starting HP, hand and deck size
(`test_rules::test_game_numbers_hp_hand_deck_and_field_limit`); a deck of exactly 20, 19
and 21 (`test_rulings::test_deck_rule_exactly_twenty_cards`); equal prey and predators
refused (`test_rulings::test_deck_rule_strictly_more_prey_than_predators`); Multi-Strike
needs N >= 2 (`test_pool`); a field at 3 refuses a creature, a field spell counting toward
it (`test_checklist::test_field_at_three_*`) and a field spell with no old one to replace
(`test_rulings::test_field_spell_needs_room_when_there_is_none_to_replace`); a summon at a
full field (`test_rules::test_summon_stops_at_a_full_field`); eating 3 allowed and 4 refused
(`test_pitfalls::test_the_engine_refuses_eating_four`,
`test_rules::test_eating_up_to_three_from_the_field_all_options_listed`); one card per turn
(`test_rules::test_one_card_per_turn_across_both_main_phases`); player HP at exactly 0, below
0 and at 1 (`test_rulings::test_winning_a_player_at_zero_loses`,
`test_checklist::test_hp_below_zero_loses`, `test_rules::test_the_game_goes_on_at_one_hp`);
"HP would reach 0" at exactly 0 and at 1 (`test_rules::test_hp_would_reach_zero_trap_*`); the
turn cap at exactly 60 turns each
(`test_rulings::test_winning_turn_cap_default_is_sixty_turns_each`); heals at max HP and at
the `hp_cap` of 10 (`test_rulings::test_hp_*`); a 0-damage strike and Toxic or a Barrier
(`test_rules::test_toxic_with_zero_damage_kills_nothing`, `test_pitfalls`); 0 nutrition
(`test_checklist::test_eating_a_zero_nutrition_prey_still_counts_as_eaten_for_the_ability`).
This file adds the missing sides.

Seat 0 is "me" and acts; cards are the test cards of `helpers.TEST_POOL`.
"""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.games.foodchain.actions import END_PHASE, RIVAL, Attack, Play
from sparring.games.foodchain.cards import load_pool
from sparring.games.foodchain.decks import check_deck
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.state import FoodChainState

from .helpers import STOP, attack, cr, end_phase, events, fid, on, on_field, play, pos, side, uid

# ====================================================================== field limit 3 (§1)


def test_field_at_two_creatures_takes_a_third():
    s = pos(side(hand=["Prey", STOP], field=["Martyr", "Fat Prey"]), side())
    play(s, "Prey")
    assert s.field_count(0) == 3


def test_field_at_two_creatures_takes_a_field_spell():
    s = pos(side(hand=["Marsh", STOP], field=["Martyr", "Fat Prey"]), side())
    play(s, "Marsh")
    assert s.field_spell[0] == uid(s, "Marsh", 0)
    assert s.field_count(0) == 3


def test_steal_at_a_full_field_fizzles():
    mine = side(hand=["Snatch", STOP], field=["Martyr", "Fat Prey", "Dawn A"])
    s = pos(mine, side(field=["Eel"]))
    play(s, "Snatch")
    assert on_field(s, "Eel", 1) and cr(s, "Eel").seat == 1
    assert s.field_count(0) == 3


def test_steal_with_one_place_left_takes_the_creature():
    s = pos(side(hand=["Snatch", STOP], field=["Martyr", "Fat Prey"]), side(field=["Eel"]))
    play(s, "Snatch")
    assert cr(s, "Eel").seat == 0
    assert s.field_count(0) == 3


def test_summon_with_one_place_left_after_its_summoner_makes_one_token():
    s = pos(side(hand=["Hatchery", STOP], field=["Prey"]), side())
    play(s, "Hatchery")
    assert [c.card.name for c in s.fields[0]] == ["Prey", "Hatchery", "Tadpole"]


# ====================================================================== deck running out (§12)


def test_the_last_card_of_the_deck_is_drawn_then_draws_stop():
    s = pos(side(hand=[STOP], deck=["Prey"]), side(hand=[STOP]), active=1, phase="main2")
    end_phase(s)  # seat 1's turn ends; seat 0 draws its last card
    assert s.active == 0 and s.decks[0] == []
    assert [s.defs[u].name for u in s.hands[0]] == [STOP, "Prey"]
    play(s, STOP)  # a draw 1 from the empty deck
    assert [s.defs[u].name for u in s.hands[0]] == ["Prey"]


def test_a_draw_from_a_deck_of_one_opens_the_rivals_draw_trap():
    s = pos(side(hand=["Brainstorm", STOP], deck=["Prey"]), side(hand=["Tax"]))
    play(s, "Brainstorm")
    assert s.decks[0] == []
    assert s.hp[0] == 9  # Tax: 1 damage to the drawer
    assert s.hands[1] == []


def test_a_draw_from_an_empty_deck_opens_no_trap():
    s = pos(side(hand=["Brainstorm", STOP]), side(hand=["Tax"]))
    play(s, "Brainstorm")
    assert s.hp[0] == 10
    assert s.hands[1] == [uid(s, "Tax", 1)]
    assert events(s, "draws") == []


def test_the_first_player_skips_only_the_turn_one_draw():
    s = FoodChainState(3, FoodChainOptions(deck0="fish-deep", deck1="fish-deep", first_player=0))
    assert (s.turn, len(s.hands[0])) == (1, 5)
    while s.turn < 3:
        s.apply(END_PHASE)
    assert s.active == 0
    assert len(s.hands[0]) == 6  # drew on its second turn


# ============================================================ creature HP reaching 0 (§5.3, §12)


@pytest.mark.parametrize(("hp", "dies"), [(1, True), (2, True), (3, False)])
def test_spell_damage_equal_to_hp_kills_one_less_leaves_one(hp, dies):
    s = pos(side(hand=["Zap", STOP]), side(field=[on("Fat Prey", hp=hp)]))
    play(s, "Zap")  # 2 damage
    assert on_field(s, "Fat Prey", 1) is not dies
    if not dies:
        assert cr(s, "Fat Prey", 1).hp == hp - 2 == 1


@pytest.mark.parametrize(("hp", "dies"), [(1, True), (2, True), (3, False)])
def test_combat_damage_equal_to_hp_kills_one_less_leaves_one(hp, dies):
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=2, hp=5)]),
        side(field=[on("Fat Prey", atk=0, hp=hp)]),
        phase="combat",
    )
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert on_field(s, "Fat Prey", 1) is not dies
    if not dies:
        assert cr(s, "Fat Prey", 1).hp == 1


def test_hp_would_reach_zero_trap_also_fires_below_zero():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=4)]),
        side(hp=3, hand=["Stand Fast"]),
        phase="combat",
    )
    attack(s, fid(s, "Prey", 0), None)
    assert s.hp[1] == 3 and not s.is_terminal()
    assert s.hands[1] == []


# ====================================================================== Multi-Strike N (§6)


def test_multi_strike_three_has_exactly_three_attacks():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=1, hp=3, keywords=["Multi-Strike 3"]), "Eel"]),
        side(),
        phase="combat",
    )
    p = fid(s, "Prey", 0)
    for _ in range(2):
        attack(s, p, None)
    assert Attack(p, RIVAL) in s.legal_actions()  # one left after two
    attack(s, p, None)
    assert s.hp[1] == 7
    assert Attack(p, RIVAL) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="no attacks left"):
        s.apply(Attack(p, RIVAL))


# ====================================================================== deck rules (ruling 1)


def test_deck_rule_one_more_prey_than_predators_is_enough():
    cards = load_pool().kingdoms["Fish"]
    prey = [c.name for c in cards if c.category == "prey"][:10]
    predators = [c.name for c in cards if c.category == "predator"][:9]
    spells = [c.name for c in cards if c.category not in ("prey", "predator")][:1]
    assert len(check_deck(prey + predators + spells, "test")) == 20


# ====================================================================== one card per turn (§2)


def test_after_one_free_spell_the_one_play_is_still_there():
    s = pos(side(hand=["Free Zap", "Prey", STOP]), side(field=["Fat Prey"]))
    play(s, "Free Zap")
    assert not s.played
    assert Play(uid(s, "Prey", 0)) in s.legal_actions()
