"""The rules text section by section (§1-§11), beyond the §12 checklist and the rulings:
game numbers, the turn, eating, exhaustion, combat, every keyword, statuses, traps, tokens,
spell categories, winning, refused actions and rule options.

Seat 0 is "me" and acts unless a test says otherwise; card names are the test cards of
`helpers.TEST_POOL` unless a shipped card is needed.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import get_args

import pytest

from sparring.core.errors import BadInput, IllegalAction
from sparring.games.foodchain import limits
from sparring.games.foodchain.actions import (
    END_PHASE,
    RIVAL,
    Action,
    Activate,
    Attack,
    Choose,
    Eat,
    Order,
    Play,
    Target,
    action_from_json,
)
from sparring.games.foodchain.keywords import BARRIER, HASTE
from sparring.games.foodchain.limits import (
    DECK_SIZE,
    FIELD_LIMIT,
    HAND_SIZE,
    MAX_EATEN,
    START_HP,
    TURN_CAP,
)
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.views import view

from .helpers import (
    STOP,
    attack,
    cr,
    eat,
    end_phase,
    events,
    fid,
    fingerprint,
    in_hand,
    kinds,
    on,
    on_field,
    play,
    pos,
    side,
    target,
    uid,
)


def combat(mine: list, theirs: list, **kw):
    """Seat 0 in its combat phase with `mine` against `theirs` (STOP in hand)."""
    return pos(side(hand=[STOP], field=mine), side(field=theirs, **kw), phase="combat")


def attack_targets(s, attacker: int) -> list:
    return [
        a.defender for a in s.legal_actions() if isinstance(a, Attack) and a.attacker == attacker
    ]


# ====================================================================== §1 game state


def test_game_numbers_hp_hand_deck_and_field_limit():
    assert (START_HP, HAND_SIZE, DECK_SIZE, FIELD_LIMIT) == (10, 5, 20, 3)
    assert (MAX_EATEN, TURN_CAP) == (3, 60)  # rules §3; companion ruling 3
    s = FoodChainState(11)
    assert s.hp == [10, 10]
    assert [len(s.hands[i]) + len(s.decks[i]) for i in (0, 1)] == [20, 20]
    for seat in (0, 1):
        names = [s.defs[u].name for u in s.hands[seat] + s.decks[seat]]
        assert len(set(names)) == 20  # singleton


def test_each_rule_number_has_one_home():
    """`limits` is the only module of the engine that defines a rule number; the others
    import it, so a number cannot be changed in one place and forgotten in another."""
    numbers = {name for name in vars(limits) if name.isupper()}
    for path in Path(limits.__file__).parent.glob("*.py"):
        if path.name == "limits.py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, ast.AnnAssign):
                targets = [node.target]
            defined = {t.id for t in targets if isinstance(t, ast.Name)}
            assert not defined & numbers, f"{path.name} defines {defined & numbers}"


def test_no_hand_limit():
    deck = ["Prey", "Fat Prey", "Martyr", "Eel", "Urchin"]
    hand = ["Brainstorm"] + ["Herald"] * 7 + [STOP]
    s = pos(side(hand=hand, deck=deck), side(hand=[STOP]))
    play(s, "Brainstorm")
    assert len(s.hands[0]) == 9
    end_phase(s, 3)  # combat passes by itself; Main 2; the turn ends: nothing discarded
    assert s.active == 1
    assert len(s.hands[0]) == 9 and s.exile[0] == [uid(s, "Brainstorm", 0)]


# ====================================================================== §2 turn phases


def test_phase_order_start_draw_main1_combat_main2_end():
    s = pos(side(hand=[STOP], deck=["Prey"]), side(hand=[STOP]), active=1, phase="main2")
    # seat 1 ends its turn; seat 0's turn 4 runs to Main 1
    end_phase(s)
    end_phase(s)  # Main 1 -> combat (nothing attacks: passes by itself) -> Main 2
    end_phase(s)  # end of turn
    seq = []
    for e in events(s):
        if e["kind"] == "phase" and e["seat"] == 0:
            seq.append(e["phase"])
        elif e["kind"] == "draws" and e["seat"] == 0:
            seq.append("draw")
        elif e["kind"] == "turn_begin" and e["seat"] == 0:
            seq.append("turn")
    assert seq == ["turn", "start", "draw", "main1", "combat", "main2", "end"]


def test_start_of_turn_effects_resolve_before_the_draw():
    s = pos(side(hand=[STOP], deck=["Prey"], field=["Dawn B"]), side(), active=1, phase="main2")
    seq = [k for k in kinds(s) if k in ("ability", "draws")]
    assert seq == ["ability", "draws"]
    assert s.hp[0] == 12


def test_one_card_per_turn_across_both_main_phases():
    s = pos(side(hand=["Prey", "Fat Prey", STOP]), side())
    play(s, "Prey")
    assert Play(uid(s, "Fat Prey", 0)) not in s.legal_actions()
    end_phase(s)  # combat passes by itself (the new Prey has nothing to attack)
    assert s.phase == "main2"
    assert Play(uid(s, "Fat Prey", 0)) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="already played a card this turn"):
        play(s, "Fat Prey")


def test_main_two_may_play_a_card_only_if_nothing_was_played_in_main_one():
    s = pos(side(hand=["Prey", STOP]), side())
    end_phase(s)
    assert s.phase == "main2"
    play(s, "Prey")
    assert on_field(s, "Prey", 0) and s.played


def test_free_spells_are_unlimited_and_do_not_use_the_play():
    s = pos(side(hp=5, hand=["Salve", "Salve", "Salve", "Prey", STOP]), side())
    for _ in range(3):
        play(s, "Salve")
    assert s.hp[0] == 20 and not s.played
    play(s, "Prey")
    assert s.played
    play(s, STOP)  # a free spell after the play is still fine
    assert uid(s, STOP, 0) in s.exile[0]


def test_free_spells_in_main_two_after_a_play():
    s = pos(side(hand=["Prey", "Salve", STOP]), side())
    play(s, "Prey")
    end_phase(s)
    assert s.phase == "main2"
    play(s, "Salve")
    assert s.hp[0] == 15


def test_free_play_creature_does_not_count_toward_the_limit():
    s = pos(side(hand=["Spring Peeper", "Prey", STOP], deck=["Eel"]), side())
    play(s, "Spring Peeper")
    assert not s.played
    assert s.hands[0][-1] == uid(s, "Eel", 0)  # its on-play drew
    play(s, "Prey")
    assert s.played


def test_free_play_spell_does_not_count_toward_the_limit():
    s = pos(side(hand=["Hasten", "Fireball", STOP], deck=["Eel"]), side())
    play(s, "Hasten")
    assert not s.played
    play(s, "Fireball")
    assert s.hp[1] == 7 and s.played


def test_free_play_creature_after_the_play_was_used():
    s = pos(side(hand=["Prey", "Spring Peeper", STOP]), side())
    play(s, "Prey")
    play(s, "Spring Peeper")
    assert on_field(s, "Spring Peeper", 0)


def test_cards_are_played_only_in_main_phases():
    s = combat([on("Prey")], ["Fat Prey"])
    with pytest.raises(IllegalAction, match="main phase"):
        s.apply(Play(in_hand(s, STOP)))


# ====================================================================== §3 eating


def test_eating_prey_uses_printed_nutrition_not_atk_or_hp():
    # Fat Prey: nutrition 2, here with ATK 5 and 6 HP: worth 2.
    s = pos(side(hand=["Wolf", STOP], field=[on("Fat Prey", atk=5, hp=6)]), side())
    play(s, "Wolf")
    eat(s, uid(s, "Fat Prey", 0))
    w = cr(s, "Wolf", 0)
    assert (w.atk, w.hp, w.max_hp) == (4, 4, 4)


def test_eating_gains_one_atk_and_hp_per_nutrition_summed():
    s = pos(side(hand=["Wolf", STOP], field=["Fat Prey", "Prey"]), side())
    play(s, "Wolf")
    eat(s, uid(s, "Fat Prey", 0), uid(s, "Prey", 0))
    w = cr(s, "Wolf", 0)
    assert (w.atk, w.hp) == (5, 5)  # 2/2 + 2 + 1
    assert events(s, "eat")[-1]["nutrition"] == 3


def test_eating_up_to_three_from_the_field_all_options_listed():
    s = pos(side(hand=["Scavenger", STOP], field=["Prey", "Fat Prey"], carrion=["Martyr"]), side())
    play(s, "Scavenger")
    assert len(s.pending.options) == 8  # every subset of 3 candidates (0-3 of them)
    assert Eat(()) in s.pending.options


def test_predator_ability_activates_only_if_it_ate():
    s = pos(side(hand=["Glutton", STOP], field=["Prey"]), side())
    play(s, "Glutton")
    eat(s)
    assert s.hp == [10, 10]
    assert not [e for e in events(s, "ability")]


def test_eaten_creatures_go_to_carrion_without_on_slain():
    s = pos(side(hand=["Wolf", STOP], field=["Martyr", "Altar"]), side())
    play(s, "Wolf")
    eat(s, uid(s, "Martyr", 0), uid(s, "Altar", 0))
    assert sorted(s.carrion[0]) == sorted([uid(s, "Martyr", 0), uid(s, "Altar", 0)])
    assert s.hp == [10, 9]  # only Wolf's own on-play; no Martyr hit, no Altar heal
    assert events(s, "dies") == []


def test_eating_is_of_friendly_creatures_only():
    s = pos(side(hand=["Wolf", STOP], field=["Prey"]), side(field=["Fat Prey"]))
    play(s, "Wolf")
    assert {c for o in s.pending.options for c in o.cards} == {uid(s, "Prey", 0)}


def test_inedible_prey_cannot_be_eaten():
    s = pos(
        side(hand=["Wolf", STOP], field=[on("Fat Prey", keywords=["Inedible"]), "Prey"]), side()
    )
    play(s, "Wolf")
    assert {c for o in s.pending.options for c in o.cards} == {uid(s, "Prey", 0)}


def test_predator_without_edible_cannot_be_eaten():
    s = pos(side(hand=["Wolf", STOP], field=["Dusk Wolf", "Prey"]), side())
    play(s, "Wolf")
    assert {c for o in s.pending.options for c in o.cards} == {uid(s, "Prey", 0)}


def test_without_scavenge_the_carrion_pile_is_not_eaten():
    s = pos(side(hand=["Wolf", STOP], field=["Prey"], carrion=["Fat Prey"]), side())
    play(s, "Wolf")
    assert {c for o in s.pending.options for c in o.cards} == {uid(s, "Prey", 0)}


def test_scavenge_eats_from_its_owners_carrion_only():
    s = pos(side(hand=["Scavenger", STOP], carrion=["Prey"]), side(carrion=["Fat Prey"]))
    play(s, "Scavenger")
    assert {c for o in s.pending.options for c in o.cards} == {uid(s, "Prey", 0)}


def test_scavenge_carrion_edible_predator_is_worth_its_printed_atk():
    s = pos(side(hand=["Scavenger", STOP], carrion=["Edible Wolf", "Wolf"], field=["Prey"]), side())
    play(s, "Scavenger")
    cands = {c for o in s.pending.options for c in o.cards}
    assert cands == {uid(s, "Edible Wolf", 0), uid(s, "Prey", 0)}  # not the plain Wolf
    eat(s, uid(s, "Edible Wolf", 0))
    assert cr(s, "Scavenger", 0).atk == 4  # 1 + 3


def test_passive_creatures_can_be_eaten():
    s = pos(side(hand=["Wolf", STOP], field=[on("Prey", keywords=["Passive"])]), side())
    play(s, "Wolf")
    assert Eat((uid(s, "Prey", 0),)) in s.pending.options


def test_a_predator_needs_field_space_at_declaration_eating_does_not_make_room():
    s = pos(side(hand=["Wolf", STOP], field=["Prey", "Fat Prey", "Martyr"]), side())
    assert Play(uid(s, "Wolf", 0)) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="field is full"):
        play(s, "Wolf")


# ====================================================================== §4 summoning exhaustion


def test_exhaustion_wears_off_at_the_controllers_start_phase():
    s = pos(side(hand=["Prey", STOP]), side(hand=[STOP], field=["Fat Prey"]))
    play(s, "Prey")
    p = uid(s, "Prey", 0)
    end_phase(s)  # combat: it may attack Fat Prey, not me
    assert attack_targets(s, p) == [uid(s, "Fat Prey", 1)]
    end_phase(s, 2)  # Main 2, end of turn
    assert s.active == 1
    assert s.on_field[p].exhausted  # still, on the rival's turn
    end_phase(s)  # seat 1: Main 1 -> combat (Fat Prey could attack) ...
    end_phase(s, 2)
    assert s.active == 0
    assert not s.on_field[p].exhausted
    end_phase(s)
    assert attack_targets(s, p) == [None, uid(s, "Fat Prey", 1)]


def test_haste_ignores_exhaustion_the_turn_it_is_played():
    s = pos(side(hand=["Prey", STOP]), side())
    play(s, "Prey")  # a plain prey...
    p = cr(s, "Prey", 0)
    p.kw |= HASTE  # ...that has gained Haste
    end_phase(s)
    assert attack_targets(s, p.uid) == [None]


# ====================================================================== §5 combat


def test_attack_damage_both_ways():
    s = combat([on("Prey", atk=2, hp=5)], [on("Fat Prey", atk=3, hp=6)])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert (cr(s, "Prey", 0).hp, cr(s, "Fat Prey", 1).hp) == (2, 4)


def test_direct_attack_deals_atk_and_takes_nothing_back():
    s = combat([on("Prey", atk=3, hp=1)], [on("Fat Prey", atk=5)])
    attack(s, fid(s, "Prey", 0), None)
    assert s.hp[1] == 7
    assert cr(s, "Prey", 0).hp == 1


def test_both_creatures_can_die_in_one_fight():
    s = combat([on("Prey", atk=3, hp=2)], [on("Fat Prey", atk=2, hp=3)])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert s.fields == [[], []]
    assert len(events(s, "dies")) == 2


def test_multi_strike_three_attacks_three_times():
    s = combat([on("Prey", atk=2, hp=3, keywords=["Multi-Strike 3"])], [])
    p = fid(s, "Prey", 0)
    for _ in range(3):
        attack(s, p, None)
    assert s.hp[1] == 4
    assert s.phase == "main2"


def test_multi_strike_two_can_split_between_targets():
    s = combat([on("Prey", atk=1, hp=9, keywords=["Multi-Strike 2"])], [on("Fat Prey", atk=0)])
    p = fid(s, "Prey", 0)
    attack(s, p, fid(s, "Fat Prey", 1))
    attack(s, p, None)
    assert (cr(s, "Fat Prey", 1).hp, s.hp[1]) == (2, 9)


def test_passive_creature_can_be_attacked_and_strikes_back():
    s = combat([on("Prey", atk=1, hp=5)], [on("Fat Prey", atk=2, keywords=["Passive"])])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).hp == 3


def test_harmless_creature_cannot_attack():
    s = combat([on("Prey", atk=3, keywords=["Harmless"])], ["Fat Prey"])
    assert attack_targets(s, fid(s, "Prey", 0)) == []


def test_hidden_creature_cannot_be_attacked():
    s = combat([on("Prey")], [on("Fat Prey", keywords=["Hidden"]), "Martyr"])
    assert attack_targets(s, fid(s, "Prey", 0)) == [None, fid(s, "Martyr", 1)]
    with pytest.raises(IllegalAction, match="cannot attack Fat Prey"):
        attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))


def test_hidden_creature_can_be_targeted_by_spells():
    s = pos(side(hand=["Zap", STOP]), side(field=[on("Fat Prey", hp=3, keywords=["Hidden"])]))
    play(s, "Zap")
    assert cr(s, "Fat Prey", 1).hp == 1


def test_invisible_creature_cannot_be_attacked_or_targeted():
    s = combat([on("Prey")], [on("Fat Prey", keywords=["Invisible"])])
    assert attack_targets(s, fid(s, "Prey", 0)) == [None]
    t = pos(side(hand=["Zap", STOP]), side(field=[on("Fat Prey", keywords=["Invisible"])]))
    with pytest.raises(IllegalAction, match="no legal target"):
        play(t, "Zap")


def test_invisible_creature_is_reached_by_mass_effects():
    s = pos(side(hand=["Storm", STOP]), side(field=[on("Fat Prey", hp=3, keywords=["Invisible"])]))
    play(s, "Storm")
    assert cr(s, "Fat Prey", 1).hp == 2


@pytest.mark.parametrize("hiding", ["Hidden", "Invisible"])
def test_acuity_attacks_hidden_and_invisible_creatures(hiding):
    s = combat([on("Prey", atk=1, keywords=["Acuity"])], [on("Fat Prey", atk=0, keywords=[hiding])])
    f = fid(s, "Fat Prey", 1)
    assert attack_targets(s, fid(s, "Prey", 0)) == [None, f]
    attack(s, fid(s, "Prey", 0), f)
    assert s.on_field[f].hp == 2


def test_barrier_absorbs_the_first_damage_instance_then_is_removed():
    s = combat(
        [on("Prey", atk=2, hp=9, keywords=["Multi-Strike 2"])],
        [on("Fat Prey", atk=0, hp=3, keywords=["Barrier"])],
    )
    p, f = fid(s, "Prey", 0), fid(s, "Fat Prey", 1)
    attack(s, p, f)
    assert s.on_field[f].hp == 3 and not s.on_field[f].kw & BARRIER
    attack(s, p, f)
    assert s.on_field[f].hp == 1
    assert [e["why"] for e in events(s, "absorbed")] == ["barrier"]


def test_barrier_absorbs_spell_damage():
    s = pos(side(hand=["Zap", STOP]), side(field=[on("Fat Prey", hp=3, keywords=["Barrier"])]))
    play(s, "Zap")
    f = cr(s, "Fat Prey", 1)
    assert f.hp == 3 and not f.kw & BARRIER


def test_barrier_on_the_attacker_absorbs_the_counter_strike():
    s = combat([on("Prey", atk=1, hp=2, keywords=["Barrier"])], [on("Fat Prey", atk=5, hp=5)])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).hp == 2


def test_toxic_defender_kills_the_attacker_it_damages():
    s = combat([on("Prey", atk=1, hp=9)], [on("Fat Prey", atk=1, hp=5, keywords=["Toxic"])])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert not on_field(s, "Prey", 0)


def test_toxic_with_zero_damage_kills_nothing():
    s = combat([on("Prey", atk=0, hp=3, keywords=["Toxic"])], [on("Fat Prey", atk=0, hp=3)])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Fat Prey", 1).hp == 3


def test_toxic_ambush_attacker_is_safe_from_a_toxic_defender():
    s = combat(
        [on("Prey", atk=1, hp=9, keywords=["Ambush"])],
        [on("Fat Prey", atk=1, hp=5, keywords=["Toxic"])],
    )
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).hp == 9


def test_poisonous_defender_kills_the_attacker_after_combat():
    s = combat([on("Prey", atk=1, hp=9)], [on("Fat Prey", atk=0, hp=5, keywords=["Poisonous"])])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert not on_field(s, "Prey", 0)
    assert cr(s, "Fat Prey", 1).hp == 4


def test_poisonous_kills_even_when_the_defender_dies():
    s = combat([on("Prey", atk=5, hp=9)], [on("Fat Prey", atk=0, hp=1, keywords=["Poisonous"])])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert s.fields == [[], []]


def test_poisonous_attacker_does_not_kill_the_defender():
    s = combat([on("Prey", atk=1, hp=5, keywords=["Poisonous"])], [on("Fat Prey", atk=0, hp=5)])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Fat Prey", 1).hp == 4


def test_poisonous_is_avoided_by_ambush():
    s = combat(
        [on("Prey", atk=1, hp=5, keywords=["Ambush"])],
        [on("Fat Prey", atk=0, hp=5, keywords=["Poisonous"])],
    )
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert on_field(s, "Prey", 0)


def test_neurotoxic_defender_paralyzes_the_attacker():
    s = combat([on("Prey", atk=1, hp=5)], [on("Fat Prey", atk=1, hp=5, keywords=["Neurotoxic"])])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).paralyzed
    assert [e["status"] for e in events(s, "status")] == ["paralysis"]


def test_neurotoxic_at_zero_atk_still_paralyzes():
    s = combat([on("Prey", atk=1, hp=5)], [on("Fat Prey", atk=0, hp=5, keywords=["Neurotoxic"])])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).paralyzed


def test_neurotoxic_paralyzed_attacker_dies_at_the_end_of_its_turn():
    s = combat([on("Prey", atk=1, hp=5)], [on("Fat Prey", atk=0, hp=5, keywords=["Neurotoxic"])])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert s.phase == "main2"
    end_phase(s)
    assert s.fields[0] == []


def test_an_attack_declared_needs_a_legal_target():
    s = combat([on("Prey")], [])
    with pytest.raises(IllegalAction, match="not an enemy creature"):
        attack(s, fid(s, "Prey", 0), 999)


def test_frozen_defender_still_strikes_back():
    s = combat([on("Prey", atk=1, hp=5)], [on("Fat Prey", atk=2, frozen=True)])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).hp == 3


def test_paralyzed_defender_deals_no_damage():
    s = combat([on("Prey", atk=1, hp=5)], [on("Fat Prey", atk=4, paralyzed=True)])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).hp == 5


# ====================================================================== §6 keywords


def test_keyword_haste_attacks_the_rival_on_the_turn_played():
    s = pos(side(hand=["Hasty Wolf", STOP], field=["Prey"]), side())
    play(s, "Hasty Wolf")
    eat(s, uid(s, "Prey", 0))
    end_phase(s)
    attack(s, fid(s, "Hasty Wolf", 0), None)
    assert s.hp[1] == 7  # 2 + 1


def test_keyword_lure_forbids_direct_attacks():
    s = combat([on("Prey")], [on("Fat Prey", keywords=["Lure"])])
    p = fid(s, "Prey", 0)
    assert attack_targets(s, p) == [fid(s, "Fat Prey", 1)]
    with pytest.raises(IllegalAction, match="Lure creature must be attacked"):
        attack(s, p, None)


def test_keyword_immune_ignores_spell_damage_but_not_combat():
    s = pos(
        side(hand=["Free Zap", STOP], field=[on("Prey", atk=2)]),
        side(field=[on("Fat Prey", atk=0, hp=3, keywords=["Immune"])]),
    )
    play(s, "Free Zap")
    assert cr(s, "Fat Prey", 1).hp == 3
    end_phase(s)
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert cr(s, "Fat Prey", 1).hp == 1


def test_keyword_immune_ignores_mass_damage():
    s = pos(side(hand=["Storm", STOP]), side(field=[on("Prey", keywords=["Immune"])]))
    play(s, "Storm")
    assert cr(s, "Prey", 1).hp == 1


def test_keyword_regen_restores_at_its_controllers_end_phase_only():
    s = pos(
        side(hand=[STOP], field=[on("Fat Prey", hp=1, keywords=["Regen"])]),
        side(hand=[STOP], field=[on("Fat Prey", hp=1, keywords=["Regen"])]),
        phase="main2",
    )
    end_phase(s)
    assert [c.hp for c in s.fields[0]] == [3]
    assert [c.hp for c in s.fields[1]] == [1]


def test_keyword_edible_predator_can_be_eaten():
    s = pos(side(hand=["Wolf", STOP], field=["Edible Wolf"]), side())
    play(s, "Wolf")
    assert Eat((uid(s, "Edible Wolf", 0),)) in s.pending.options


# ====================================================================== §7 statuses


def test_frozen_grants_passive_and_inedible():
    s = pos(
        side(hand=["Chill", "Wolf", STOP], field=[on("Prey", atk=2), "Fat Prey"]),
        side(field=["Martyr"]),
    )
    play(s, "Chill")
    target(s, fid(s, "Prey", 0))
    assert cr(s, "Prey", 0).frozen
    play(s, "Wolf")
    assert {c for o in s.pending.options for c in o.cards} == {fid(s, "Fat Prey", 0)}
    eat(s)
    end_phase(s)
    assert attack_targets(s, fid(s, "Prey", 0)) == []


def test_frozen_lasts_until_the_end_of_its_controllers_turn():
    # I freeze the rival's creature on my turn: it stays frozen through its own turn (it
    # cannot attack) and thaws at that turn's end.
    s = pos(side(hand=["Chill", STOP]), side(hand=[STOP], field=[on("Fat Prey", atk=2)]))
    f = fid(s, "Fat Prey", 1)
    play(s, "Chill")  # any creature: the rival's is the only one, chosen by itself
    assert s.on_field[f].frozen
    end_phase(s, 2)
    assert s.active == 1 and s.on_field[f].frozen
    end_phase(s)  # seat 1: Main 1 -> combat: Fat Prey cannot attack: passes by itself
    assert s.phase == "main2"
    assert not [e for e in events(s, "attack")]
    end_phase(s)
    assert not s.on_field[f].frozen


def test_paralysis_removes_every_other_ability_and_grants_harmless():
    s = pos(
        side(hand=["Numb", STOP], field=[on("Martyr", atk=3, keywords=["Barrier", "Haste"])]),
        side(),
    )
    play(s, "Numb")
    m = cr(s, "Martyr", 0)
    assert m.paralyzed and m.kw == 0
    assert m.harmless() and m.passive()
    assert set(m.abilities) == {"on_slain"}


def test_paralysis_applied_on_the_rivals_turn_kills_at_the_end_of_the_controllers_turn():
    s = pos(side(hand=["Numb", STOP]), side(hand=[STOP], field=["Fat Prey"]))
    f = fid(s, "Fat Prey", 1)
    play(s, "Numb")
    end_phase(s, 2)
    assert s.active == 1 and f in s.on_field  # survived my end phase
    end_phase(s, 2)
    assert f not in s.on_field and s.carrion[1] == [f]


def test_frozen_is_applied_by_effects_not_by_neurotoxic():
    s = combat([on("Prey", atk=1, hp=5, keywords=["Neurotoxic"])], [on("Fat Prey", atk=0)])
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    f = cr(s, "Fat Prey", 1)
    assert f.paralyzed and not f.frozen


# ====================================================================== §8 traps


def test_traps_stay_in_hand_until_triggered_then_go_to_exile():
    s = pos(side(hand=["Fireball", STOP]), side(hand=["Shield", "Tax"]))
    assert s.hands[1] == [uid(s, "Shield", 1), uid(s, "Tax", 1)]
    play(s, "Fireball")
    assert s.exile[1] == [uid(s, "Shield", 1)]
    assert s.hands[1] == [uid(s, "Tax", 1)]
    assert uid(s, "Fireball", 0) in s.exile[0]


def test_a_trap_resolves_before_the_triggering_action_completes():
    # Snare negates a direct attack before its damage.
    s = combat([on("Prey", atk=3)], [], hand=["Snare"])
    mark = len(s.events)
    attack(s, fid(s, "Prey", 0), None)
    seq = [k for k in kinds(s, mark) if k in ("attack", "trap", "negated", "damage")]
    assert seq == ["attack", "trap", "negated"]
    assert s.hp[1] == 10


def test_hp_would_reach_zero_trap_saves_from_a_lethal_attack():
    s = combat([on("Prey", atk=3)], [], hp=3, hand=["Stand Fast"])
    attack(s, fid(s, "Prey", 0), None)
    assert s.hp[1] == 3 and not s.is_terminal()


def test_hp_would_reach_zero_trap_stays_in_hand_for_a_non_lethal_hit():
    s = combat([on("Prey", atk=2)], [], hp=3, hand=["Stand Fast"])
    attack(s, fid(s, "Prey", 0), None)
    assert s.hp[1] == 1
    assert s.hands[1] == [uid(s, "Stand Fast", 1)]


def test_a_firing_trap_asks_no_one_to_choose():
    # Traps choose nothing (rules §14): a firing trap never parks a decision.
    s = pos(side(hand=["Zap", STOP]), side(hand=["Reflex"], field=["Fat Prey", "Prey"]))
    play(s, "Zap")
    assert s.pending.player == 0  # my target choice
    target(s, fid(s, "Fat Prey", 1))
    assert s.pending is None
    assert [e["name"] for e in events(s, "trap")] == ["Reflex"]


# ====================================================================== §9 death triggers


def test_on_slain_of_both_sides_the_active_players_first():
    s = pos(side(hand=["Storm", STOP], field=["Martyr"]), side(field=["Martyr"]))
    mine, theirs = fid(s, "Martyr", 0), fid(s, "Martyr", 1)
    play(s, "Storm")
    fired = [e["card"] for e in events(s, "ability") if e["trigger"] == "on_slain"]
    assert fired == [mine, theirs]
    assert s.hp == [9, 9]


def test_activated_discard_goes_to_exile_and_is_free():
    s = pos(side(hand=["Shedder", "Prey", STOP]), side())
    sh = uid(s, "Shedder", 0)
    s.apply(Activate(sh))
    assert s.exile[0] == [sh] and s.hp[1] == 9
    assert not s.played
    play(s, "Prey")


# ====================================================================== §10 tokens


def test_token_summoned_by_a_creatures_on_play_is_a_token_with_exhaustion():
    s = pos(side(hand=["Hatchery", STOP]), side())
    play(s, "Hatchery")
    tad = cr(s, "Tadpole", 0)
    assert tad.token and tad.exhausted
    assert [e["name"] for e in events(s, "enter")] == ["Hatchery", "Tadpole"]


def test_tokens_fight_and_are_removed_from_the_game_when_killed():
    s = combat([on("Prey", atk=2, hp=5)], [on("Tadpole", atk=1, hp=1, token=True)])
    t = fid(s, "Tadpole", 1)
    attack(s, fid(s, "Prey", 0), t)
    assert cr(s, "Prey", 0).hp == 4
    assert t not in s.on_field and s.carrion == [[], []]


def test_summon_stops_at_a_full_field():
    s = pos(side(hand=["Hatchery", STOP], field=["Prey", "Fat Prey"]), side())
    play(s, "Hatchery")
    assert len(s.fields[0]) == 3
    assert not [c for c in s.fields[0] if c.token]


# ====================================================================== §11 spell categories


def test_spell_counts_toward_the_limit_and_goes_to_exile():
    s = pos(side(hand=["Fireball", "Prey", STOP]), side())
    play(s, "Fireball")
    assert s.played and s.exile[0] == [uid(s, "Fireball", 0)]
    assert Play(uid(s, "Prey", 0)) not in s.legal_actions()


def test_free_spell_goes_to_exile():
    s = pos(side(hand=["Salve", STOP]), side())
    play(s, "Salve")
    assert s.exile[0] == [uid(s, "Salve", 0)] and not s.played


def test_field_spell_stays_on_the_field():
    s = pos(side(hand=["Pond", STOP]), side())
    play(s, "Pond")
    assert s.field_spell[0] == uid(s, "Pond", 0)
    assert s.exile[0] == [] and s.carrion[0] == [] and s.played
    assert s.field_count(0) == 1


def test_one_field_spell_per_player_each_side_may_have_one():
    s = pos(side(hand=["Marsh", STOP]), side(field_spell="Pond"))
    play(s, "Marsh")
    assert (s.field_spell[0], s.field_spell[1]) == (uid(s, "Marsh", 0), uid(s, "Pond", 1))


# ====================================================================== winning and drawing


def test_the_game_goes_on_at_one_hp():
    s = pos(side(hand=["Fireball", STOP]), side(hp=4))
    play(s, "Fireball")
    assert s.hp[1] == 1 and not s.is_terminal()


def test_turn_cap_decided_by_hp_seat_one_ahead():
    s = pos(
        side(hp=3, hand=[STOP]),
        side(hp=4),
        phase="main2",
        turn=4,
        options=FoodChainOptions(turn_cap=2),
    )
    end_phase(s)
    assert s.is_terminal() and s.winner == 1
    assert s.returns() == (-1.0, 1.0)


def test_forfeit_ends_the_game_for_the_rival():
    s = pos(side(hand=[STOP]), side())
    s.forfeit(0, "timeout")
    assert s.is_terminal() and s.winner == 1
    assert [e["reason"] for e in events(s, "forfeit")] == ["timeout"]


# ====================================================================== refused actions


def _refused(s, action, match: str, player: int | None = None) -> None:
    before = fingerprint(s)
    with pytest.raises(IllegalAction, match=match):
        s.apply(action, player)
    assert fingerprint(s) == before


def test_refused_play_not_in_hand():
    s = pos(side(hand=["Prey", STOP]), side(hand=["Fat Prey"]))
    _refused(s, Play(uid(s, "Fat Prey", 1)), "not in your hand")
    _refused(s, Play(999), "not in your hand")


def test_refused_attack_outside_combat():
    s = pos(side(hand=[STOP], field=["Prey"]), side())
    _refused(s, Attack(fid(s, "Prey", 0), None), "combat phase")


def test_refused_attack_with_an_enemy_creature():
    s = combat([on("Prey")], ["Fat Prey"])
    _refused(s, Attack(fid(s, "Fat Prey", 1), None), "not a creature on your field")


def test_refused_decision_answers_without_a_decision():
    s = pos(side(hand=["Prey", STOP]), side())
    _refused(s, Eat(()), "no eat decision pending")
    _refused(s, Target(card=0), "no target decision pending")
    _refused(s, Choose(0), "no choose decision pending")
    _refused(s, Order(0), "no order decision pending")


def test_refused_wrong_kind_of_answer_to_a_decision():
    s = pos(side(hand=["Wolf"], field=["Prey"]), side())
    play(s, "Wolf")
    _refused(s, Target(card=fid(s, "Prey", 0)), "eat decision is pending")
    _refused(s, END_PHASE, "eat decision is pending")


def test_refused_the_wrong_seat():
    s = pos(side(hand=["Prey", STOP]), side(hand=["Fat Prey"]))
    _refused(s, END_PHASE, "seat 1 cannot act now: seat 0 is to decide", player=1)


def test_apply_checks_game_over_then_the_seat_then_the_rules_reason():
    s = pos(side(hand=["Prey", STOP]), side(hand=["Fat Prey"]))
    # A seat not to move is refused before anything is asked of its action.
    _refused(s, Play(999), "seat 1 cannot act now", player=1)
    _refused(s, Play(999), "card 999 is not in your hand", player=0)
    s.forfeit(1, "walked away")
    _refused(s, Play(999), "the game is over", player=1)


def test_every_action_type_has_its_handler():
    assert set(FoodChainState.HANDLERS) == set(get_args(Action))


def test_refused_a_target_that_is_not_an_option():
    s = pos(
        side(hand=["Zap", STOP]),
        side(field=["Prey", on("Fat Prey", keywords=["Invisible"]), "Martyr"]),
    )
    play(s, "Zap")
    _refused(s, Target(card=fid(s, "Fat Prey", 1)), "not one of the options")
    _refused(s, Target(player=1), "not one of the options")


def test_refused_not_an_action_at_all():
    s = pos(side(hand=[STOP]), side())
    _refused(s, "end", "not a Food Chain action")  # type: ignore[arg-type]  # not an action, on purpose


def test_action_json_forms_round_trip():
    forms = {
        Play(3): {"type": "play", "card": 3},
        Activate(4): {"type": "activate", "card": 4},
        Attack(1, RIVAL): {"type": "attack", "attacker": 1, "target": "rival"},
        Attack(1, 2): {"type": "attack", "attacker": 1, "target": 2},
        END_PHASE: {"type": "end_phase"},
        Eat((1, 5)): {"type": "eat", "cards": [1, 5]},
        Eat(()): {"type": "eat", "cards": []},
        Target(card=3): {"type": "target", "card": 3},
        Target(player=1): {"type": "target", "player": 1},
        Choose(1): {"type": "choose", "option": 1},
        Order(7): {"type": "order", "card": 7},
    }
    for action, form in forms.items():
        assert json.loads(json.dumps(action.to_json())) == form
        assert action_from_json(form) == action
    assert Attack(1, RIVAL).defender is None and Attack(1, 2).defender == 2


def test_an_eat_answer_may_name_its_cards_in_any_order():
    assert action_from_json({"type": "eat", "cards": [5, 1]}) == Eat((1, 5))
    assert Eat((9, 2, 4)).cards == (2, 4, 9)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ({"type": "play"}, "Object missing required field `card`"),
        ({"type": "fly"}, "Invalid value 'fly' - at `$.type`"),
        ([], "Expected `object`, got `array`"),
        ({"type": "eat", "cards": "1"}, "Expected `array`, got `str` - at `$.cards`"),
        ({"type": "eat", "cards": [1, 2, 3, 4]}, "Expected `array` of length <= 3"),
        ({"type": "play", "card": True}, "Expected `int`, got `bool` - at `$.card`"),
        ({"type": "play", "card": -1}, "Expected `int` >= 0 - at `$.card`"),
        ({"type": "attack", "attacker": 1}, "Object missing required field `target`"),
        ({"type": "attack", "attacker": 1, "target": "face"}, "Invalid enum value 'face'"),
        ({"type": "target"}, "a target names either a card or a player"),
        ({"type": "target", "card": 1, "player": 0}, "a target names either a card or a player"),
        ({"type": "target", "player": 2}, "Expected `int` <= 1 - at `$.player`"),
        ({"type": "choose", "option": -1}, "Expected `int` >= 0 - at `$.option`"),
    ],
)
def test_malformed_action_json_is_refused_saying_what_is_wrong(bad, words):
    with pytest.raises(BadInput) as info:
        action_from_json(bad)
    message = str(info.value)
    assert message.startswith("Food Chain action: ") and words in message


def test_clone_is_independent_of_the_original():
    s = pos(side(hand=["Zap", STOP]), side(field=[on("Fat Prey", hp=3)]))
    before = fingerprint(s)
    twin = s.clone()
    play(twin, "Zap")
    assert cr(twin, "Fat Prey", 1).hp == 1
    assert fingerprint(s) == before
    assert cr(s, "Fat Prey", 1).hp == 3


def test_same_seed_and_actions_give_the_same_game():
    def run(seed):
        s = FoodChainState(seed)
        steps = 0
        while not s.is_terminal() and steps < 300:
            legal = s.legal_actions()
            s.apply(legal[(steps * 7) % len(legal)])
            steps += 1
        return s.events

    assert run(21) == run(21)


# ====================================================================== options


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ("deck", "Expected `object`, got `str`"),
        ({"turncap": 5}, "Object contains unknown field `turncap`"),
        ({"turn_cap": 0}, r"Expected `int` >= 1 - at `\$.turn_cap`"),
        ({"turn_cap": "5"}, r"Expected `int`, got `str` - at `\$.turn_cap`"),
        ({"turn_cap": True}, r"Expected `int`, got `bool` - at `\$.turn_cap`"),
        ({"hp_cap": "yes"}, r"Expected `bool`, got `str` - at `\$.hp_cap`"),
        ({"sacrifice_not_slain": 1}, r"Expected `bool`, got `int` - at `\$.sacrifice_not_slain`"),
        ({"paralysis_before_thaw": "no"}, r"got `str` - at `\$.paralysis_before_thaw`"),
        ({"neurotoxic_before_deaths": None}, r"got `null` - at `\$.neurotoxic_before_deaths`"),
        ({"first_player": 2}, r"Expected `int` <= 1 - at `\$.first_player`"),
        ({"deck0": "no-such-deck"}, "deck0: unknown prebuilt deck 'no-such-deck'"),
        ({"deck1": 7}, r"Expected `str \| array \| null`, got `int` - at `\$.deck1`"),
        ({"deck0": ["Cane Toad"]}, "deck0 is not a legal deck"),
    ],
)
def test_options_errors(data, match):
    with pytest.raises(BadInput, match=match):
        FoodChainOptions.from_json(data)


def test_options_round_trip_and_defaults():
    assert FoodChainOptions.from_json(None) == FoodChainOptions()
    opts = FoodChainOptions.from_json(
        {
            "deck0": "fish-deep",
            "turn_cap": 9,
            "hp_cap": True,
            "first_player": 1,
            "sacrifice_not_slain": True,
            "neurotoxic_before_deaths": True,
        }
    )
    assert opts.sacrifice_not_slain and opts.neurotoxic_before_deaths
    assert not opts.paralysis_before_thaw
    assert FoodChainOptions.from_json(opts.to_json()) == opts
    s = FoodChainState(1, opts)
    assert s.first == 1 and s.options.turn_cap == 9
    assert view(s, 0).options.hp_cap is True


def test_a_spell_that_ends_the_game_still_goes_to_exile():
    # rules §11: a spell goes to exile after use, also when its use ends the game
    s = pos(side(hand=["Fireball", STOP]), side(hp=3))
    play(s, "Fireball")
    assert s.is_terminal() and s.winner == 0
    assert s.exile[0] == [uid(s, "Fireball", 0)]
    assert [c.name for c in view(s, 1).players[0].exile] == ["Fireball"]


def test_a_trap_that_ends_the_game_still_goes_to_exile():
    # Vengeance (my creature was slain): 2 damage to the rival, who is at 2.
    s = pos(side(hp=2, hand=["Zap", STOP]), side(hand=["Vengeance"], field=["Prey"]))
    play(s, "Zap")
    assert s.is_terminal() and s.winner == 1
    assert s.exile[1] == [uid(s, "Vengeance", 1)]
    assert s.exile[0] == [uid(s, "Zap", 0)]


@pytest.mark.parametrize(
    ("spell", "keywords", "name"),
    [("Unbind", ["Free Play"], "Free Play"), ("Slow", ["Multi-Strike 3"], "Multi-Strike")],
)
def test_removing_a_keyword_announces_it_by_its_full_name(spell, keywords, name):
    s = pos(side(hand=[spell, STOP], field=[on("Prey", keywords=keywords)]), side())
    play(s, spell)
    p = cr(s, "Prey", 0)
    assert p.kw == 0 and p.strikes == 1
    assert [(e["keyword"], e["gained"]) for e in events(s, "keyword")] == [(name, False)]


# ====================================================================== shipped cards


def test_shipped_keyword_prey_behave_as_their_keywords():
    # Cane Toad (Poisonous) kills its attacker; Golden Mantella (Toxic) kills what it hits;
    # Rough-skinned Newt (Neurotoxic) paralyzes; Glass Frog (Invisible) cannot be attacked.
    s = combat(
        [on("Fat Prey", atk=1, hp=9), on("Prey", atk=1, hp=9), on("Herald", atk=1, hp=9)],
        ["Cane Toad", "Golden Mantella", "Rough-skinned Newt"],
    )
    attack(s, fid(s, "Fat Prey", 0), fid(s, "Cane Toad", 1))
    assert not on_field(s, "Fat Prey", 0)
    attack(s, fid(s, "Prey", 0), fid(s, "Golden Mantella", 1))
    assert not on_field(s, "Prey", 0)
    attack(s, fid(s, "Herald", 0), fid(s, "Rough-skinned Newt", 1))
    assert cr(s, "Herald", 0).paralyzed
    t = combat([on("Prey")], ["Glass Frog"])
    assert attack_targets(t, fid(t, "Prey", 0)) == [None]


def test_shipped_tomato_frog_is_inedible_and_axolotl_regenerates():
    s = pos(side(hand=["Wolf", STOP], field=["Tomato Frog", on("Axolotl", hp=1)]), side())
    play(s, "Wolf")
    assert {c for o in s.pending.options for c in o.cards} == {fid(s, "Axolotl", 0)}
    eat(s)
    end_phase(s, 3)  # combat (my old creatures could attack), Main 2, end of turn
    assert cr(s, "Axolotl", 0).hp == 2


def test_shipped_sucking_mire_cancels_a_direct_attack_and_freezes_the_attacker():
    s = combat([on("Prey", atk=2, keywords=["Multi-Strike 2"])], [], hand=["Sucking Mire"])
    p = fid(s, "Prey", 0)
    attack(s, p, None)
    assert s.hp[1] == 10
    assert s.on_field[p].frozen
    assert s.phase == "main2"  # frozen: its second attack is gone


def test_shipped_undertow_ends_the_rivals_combat():
    s = combat([on("Prey", atk=2), on("Fat Prey", atk=2)], ["Martyr"], hand=["Undertow"])
    attack(s, fid(s, "Prey", 0), fid(s, "Martyr", 1))
    assert on_field(s, "Martyr", 1)
    assert s.phase == "main2" and s.combat_closed


def test_shipped_last_stand_prevents_lethal_damage_then_heals():
    s = combat([on("Prey", atk=5)], [], hp=3, hand=["Last Stand"])
    attack(s, fid(s, "Prey", 0), None)
    assert s.hp[1] == 5 and not s.is_terminal()


def test_shipped_warning_stomp_cancels_a_prey_play_and_draws():
    s = pos(side(hand=["Prey", STOP]), side(hand=["Warning Stomp"], deck=["Eel"]))
    play(s, "Prey")
    assert uid(s, "Prey", 0) in s.hands[0] and not s.played
    assert s.hands[1] == [uid(s, "Eel", 1)]


def test_shipped_tremor_sense_reveals_the_drawers_hand_to_the_trap_owner():
    s = pos(side(hand=["Brainstorm", "Zap", STOP], deck=["Eel"]), side(hand=["Tremor Sense"]))
    play(s, "Brainstorm")
    known = sorted(c.name for c in view(s, 1).rival_known_hand or [])
    assert known == sorted(["Zap", STOP, "Eel"])
    assert view(s, 0).rival_known_hand == []
    assert s.hp[0] == 9


def test_each_player_orders_their_own_simultaneous_on_slain_effects():
    s = pos(side(hand=["Storm", STOP]), side(field=["Martyr", "Altar"]))
    m, a = fid(s, "Martyr", 1), fid(s, "Altar", 1)
    play(s, "Storm")
    assert s.pending.kind == "order" and s.pending.player == 1
    assert s.to_move() == (1,)
    with pytest.raises(IllegalAction, match="seat 0 cannot act now"):
        s.apply(Order(a), 0)
    s.apply(Order(a), 1)
    fired = [e["card"] for e in events(s, "ability") if e["trigger"] == "on_slain"]
    assert fired == [a, m]
    assert s.hp == [9, 13]


def test_destroyed_token_is_removed_from_the_game():
    s = pos(side(hand=["Banish", STOP]), side(field=[on("Tadpole", token=True)]))
    t = fid(s, "Tadpole", 1)
    play(s, "Banish")
    assert t not in s.on_field and s.carrion == [[], []] and s.exile[1] == []


# ====================================================================== §14 selections


def test_selection_a_modal_effect_asks_for_one_option():
    s = pos(side(hand=["Fork", STOP]), side(field=[on("Fat Prey", hp=3)]))
    play(s, "Fork")
    assert s.pending.kind == "choose" and s.pending.options == (Choose(0), Choose(1))
    s.apply(Choose(1))
    assert cr(s, "Fat Prey", 1).hp == 2 and s.hp[0] == 10


def test_selection_a_modal_option_without_a_target_is_not_offered():
    s = pos(side(hand=["Fork", STOP]), side())
    play(s, "Fork")  # only "heal" is usable: taken by itself
    assert s.pending is None and s.hp[0] == 12


def test_selection_a_predator_play_offers_eating_nothing_and_every_set_up_to_three():
    s = pos(side(hand=["Wolf", STOP], field=["Prey", "Fat Prey"]), side())
    play(s, "Wolf")
    p, f = fid(s, "Prey", 0), fid(s, "Fat Prey", 0)
    assert set(s.pending.options) == {Eat(()), Eat((p,)), Eat((f,)), Eat(tuple(sorted((p, f))))}
    assert s.pending.player == 0 and s.pending.source == uid(s, "Wolf", 0)
