"""The rules text's §12 verification checklist, item by item (combat, eating, timing, state),
then the rows of the §5.1 attack-eligibility table and of the §13 damage/death-source table.

Seat 0 is "me" and acts unless a test says otherwise. Test cards come from
`helpers.TEST_POOL` (Prey 1/1 nutrition 1, Martyr 1/1 "on slain: 1 damage to the rival",
Wolf 2/2 predator "on play: 1 damage to the rival", and so on); holding `STOP` (a free
spell) keeps Main 2 from passing by itself so a test can look at the state after combat.
"""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.games.foodchain.actions import END_PHASE, Attack, Eat, Order, Play, Target
from sparring.games.foodchain.keywords import BARRIER

from .helpers import (
    STOP,
    attack,
    cr,
    eat,
    end_phase,
    events,
    fingerprint,
    on,
    on_field,
    play,
    pos,
    side,
    uid,
)


def combat(mine: list, theirs: list, **kw):
    """Seat 0 in its combat phase with `mine` against `theirs` (STOP in hand)."""
    return pos(side(hand=[STOP], field=mine), side(field=theirs, **kw), phase="combat")


# ====================================================================== combat edge cases


def test_ambush_attacker_takes_no_counter_damage_even_if_defender_survives():
    s = combat([on("Prey", atk=2, hp=2, keywords=["Ambush"])], [on("Fat Prey", atk=3, hp=5)])
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    assert cr(s, "Fat Prey", 1).hp == 3  # 5 - 2
    assert cr(s, "Prey", 0).hp == 2  # no counter-damage: 3 ATK never lands


def test_ambush_attacker_takes_no_counter_damage_when_defender_dies():
    s = combat([on("Prey", atk=2, hp=2, keywords=["Ambush"])], [on("Fat Prey", atk=3, hp=1)])
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    assert not on_field(s, "Fat Prey", 1)
    assert cr(s, "Prey", 0).hp == 2


def test_ambush_does_not_apply_when_defending():
    s = combat([on("Prey", atk=1, hp=3)], [on("Fat Prey", atk=2, hp=3, keywords=["Ambush"])])
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).hp == 1  # 3 - 2: the defender's Ambush does nothing
    assert cr(s, "Fat Prey", 1).hp == 2


def test_lure_overrides_hidden_must_target_the_lure_creature():
    s = combat([on("Prey", atk=1, hp=3)], [on("Fat Prey", keywords=["Hidden", "Lure"]), "Martyr"])
    a = uid(s, "Prey", 0)
    attacks = [x for x in s.legal_actions() if isinstance(x, Attack)]
    assert attacks == [Attack(a, uid(s, "Fat Prey", 1))]


def test_lure_overrides_invisible_must_target_the_lure_creature():
    s = combat(
        [on("Prey", atk=1, hp=3)], [on("Fat Prey", keywords=["Invisible", "Lure"]), "Martyr"]
    )
    a = uid(s, "Prey", 0)
    attacks = [x for x in s.legal_actions() if isinstance(x, Attack)]
    assert attacks == [Attack(a, uid(s, "Fat Prey", 1))]


def test_lure_applies_to_abilities_a_targeted_spell_must_target_the_lure_creature():
    s = pos(
        side(hand=["Zap", STOP]),
        side(field=[on("Fat Prey", hp=3, keywords=["Lure"]), on("Martyr", hp=3)]),
    )
    play(s, "Zap")  # the one legal target is chosen by itself
    assert s.pending is None
    assert cr(s, "Fat Prey", 1).hp == 1  # 3 - 2
    assert cr(s, "Martyr", 1).hp == 3


def test_multiple_lure_attacker_chooses_which_lure_to_attack():
    s = combat(
        [on("Prey", atk=1, hp=3)],
        [on("Fat Prey", keywords=["Lure"]), on("Martyr", keywords=["Lure"]), "Empty Prey"],
    )
    a = uid(s, "Prey", 0)
    attacks = [x for x in s.legal_actions() if isinstance(x, Attack)]
    assert attacks == [Attack(a, uid(s, "Fat Prey", 1)), Attack(a, uid(s, "Martyr", 1))]


def test_multiple_lure_caster_chooses_which_lure_to_target():
    s = pos(
        side(hand=["Zap", STOP]),
        side(field=[on("Fat Prey", keywords=["Lure"]), on("Martyr", keywords=["Lure"]), "Prey"]),
    )
    play(s, "Zap")
    assert s.pending is not None and s.pending.kind == "target"
    assert set(s.pending.options) == {
        Target(card=uid(s, "Fat Prey", 1)),
        Target(card=uid(s, "Martyr", 1)),
    }
    s.apply(Target(card=uid(s, "Martyr", 1)))
    assert not on_field(s, "Martyr", 1)


def test_toxic_vs_barrier_barrier_absorbs_and_the_creature_survives():
    s = combat(
        [on("Prey", atk=1, hp=3, keywords=["Toxic"])],
        [on("Fat Prey", atk=0, hp=3, keywords=["Barrier"])],
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    d = cr(s, "Fat Prey", 1)
    assert d.hp == 3
    assert not d.kw & BARRIER  # used up


def test_toxic_vs_immune_immune_takes_combat_damage_and_toxic_kills():
    s = combat(
        [on("Prey", atk=1, hp=3, keywords=["Toxic"])],
        [on("Fat Prey", atk=0, hp=5, keywords=["Immune"])],
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    assert not on_field(s, "Fat Prey", 1)
    assert uid(s, "Fat Prey", 1) in s.carrion[1]


def test_neurotoxic_vs_barrier_no_paralysis_when_the_barrier_absorbs():
    s = combat(
        [on("Prey", atk=1, hp=3, keywords=["Neurotoxic"])],
        [on("Fat Prey", atk=0, hp=3, keywords=["Barrier"])],
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    d = cr(s, "Fat Prey", 1)
    assert not d.paralyzed
    assert d.hp == 3


def test_neurotoxic_vs_immune_immune_takes_damage_and_is_paralyzed():
    s = combat(
        [on("Prey", atk=1, hp=3, keywords=["Neurotoxic"])],
        [on("Fat Prey", atk=0, hp=5, keywords=["Immune"])],
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    d = cr(s, "Fat Prey", 1)
    assert d.hp == 4
    assert d.paralyzed


def test_neurotoxic_creature_that_dies_still_paralyzes_the_enemy():
    s = combat([on("Prey", atk=3, hp=3)], [on("Fat Prey", atk=1, hp=1, keywords=["Neurotoxic"])])
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    assert not on_field(s, "Fat Prey", 1)
    a = cr(s, "Prey", 0)
    assert a.paralyzed
    assert a.hp == 2


def test_harmless_defender_deals_zero_damage_to_the_attacker():
    s = combat([on("Prey", atk=1, hp=3)], [on("Fat Prey", atk=4, hp=3, keywords=["Harmless"])])
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).hp == 3
    assert cr(s, "Fat Prey", 1).hp == 2


# ====================================================================== eating edge cases


def test_eating_an_edible_predator_gives_its_current_atk_not_its_base():
    # Edible Wolf is printed 3/3; buffed to ATK 5 it is worth 5 nutrition.
    s = pos(side(hand=["Wolf"], field=[on("Edible Wolf", atk=5)]), side())
    play(s, "Wolf")
    eat(s, uid(s, "Edible Wolf", 0))
    w = cr(s, "Wolf", 0)
    assert (w.atk, w.hp, w.max_hp) == (7, 7, 7)  # 2/2 + 5


def test_scavenge_mixes_field_and_carrion_one_plus_two():
    s = pos(side(hand=["Scavenger"], field=["Prey"], carrion=["Fat Prey", "Martyr"]), side())
    play(s, "Scavenger")
    eaten = (uid(s, "Prey", 0), uid(s, "Fat Prey", 0), uid(s, "Martyr", 0))
    assert Eat(tuple(sorted(eaten))) in s.pending.options
    eat(s, *eaten)
    sc = cr(s, "Scavenger", 0)
    assert (sc.atk, sc.hp) == (5, 5)  # 1/1 + (1 + 2 + 1)
    assert s.carrion[0] == [uid(s, "Prey", 0)]  # the field prey; carrion cards are exiled
    assert sorted(s.exile[0]) == sorted([uid(s, "Fat Prey", 0), uid(s, "Martyr", 0)])


def test_eating_a_frozen_creature_is_not_allowed():
    s = pos(side(hand=["Wolf"], field=[on("Prey", frozen=True), "Fat Prey"]), side())
    play(s, "Wolf")
    frozen = uid(s, "Prey", 0)
    assert s.pending.kind == "eat"
    assert all(frozen not in option.cards for option in s.pending.options)
    with pytest.raises(IllegalAction):
        s.apply(Eat((frozen,)))


def test_dry_drop_loses_all_keywords_not_just_some():
    s = pos(side(hand=["Kitted Wolf", STOP], field=["Prey"]), side())
    play(s, "Kitted Wolf")
    eat(s)
    w = cr(s, "Kitted Wolf", 0)
    assert w.kw == 0
    assert w.strikes == 1
    assert w.abilities == {}
    assert w.dry


def test_eating_a_zero_nutrition_prey_still_counts_as_eaten_for_the_ability():
    s = pos(side(hand=["Wolf", STOP], field=["Empty Prey"]), side())
    play(s, "Wolf")
    eat(s, uid(s, "Empty Prey", 0))
    w = cr(s, "Wolf", 0)
    assert (w.atk, w.hp, w.dry) == (2, 2, False)
    assert s.hp[1] == 9  # Wolf's on-play fired


def test_predator_played_from_carrion_can_still_eat():
    s = pos(side(hand=["Raiser", STOP], field=["Fat Prey"], carrion=["Wolf"]), side())
    play(s, "Raiser")  # on play: play a predator from your carrion
    assert s.pending.kind == "eat"
    eat(s, uid(s, "Fat Prey", 0))
    w = cr(s, "Wolf", 0)
    assert (w.atk, w.hp) == (4, 4)  # 2/2 + 2
    assert s.hp[1] == 9


def test_predator_played_from_deck_can_still_eat():
    s = pos(side(hand=["Digger", STOP], field=["Fat Prey"], deck=["Wolf"]), side())
    play(s, "Digger")
    assert s.pending.kind == "eat"
    eat(s, uid(s, "Fat Prey", 0), uid(s, "Digger", 0))
    w = cr(s, "Wolf", 0)
    assert (w.atk, w.hp) == (5, 5)  # 2/2 + 2 + 1


# ====================================================================== timing edge cases


def test_trap_against_a_predator_play_resolves_before_eating():
    # Pitfall (rival plays a predator): 1 damage to each of the player's creatures. It kills
    # the only prey before eating, so Wolf has nothing left to eat: a dry drop.
    s = pos(side(hand=["Wolf", STOP], field=["Prey"]), side(hand=["Pitfall"]))
    mark = len(s.events)
    play(s, "Wolf")
    assert uid(s, "Prey", 0) in s.carrion[0]
    w = cr(s, "Wolf", 0)
    assert w.dry
    kinds = [e["kind"] for e in events(s, since=mark)]
    assert kinds.index("trap") < kinds.index("eat")


def _start_of_my_turn(field: list):
    """Seat 1 ends its turn at once; seat 0's turn 4 begins with `field`."""
    return pos(side(hand=[STOP], field=field), side(), active=1, phase="main2")


def test_multiple_start_of_turn_effects_the_controller_chooses_the_order():
    s = _start_of_my_turn(["Dawn A", "Dawn B"])
    a, b = uid(s, "Dawn A", 0), uid(s, "Dawn B", 0)
    assert s.pending.kind == "order" and s.pending.player == 0
    assert set(s.pending.options) == {Order(a), Order(b)}
    s.apply(Order(b))
    fired = [e["card"] for e in events(s, "ability") if e["trigger"] == "start_of_turn"]
    assert fired == [b, a]
    assert (s.hp[0], s.hp[1]) == (12, 9)


def test_multiple_start_of_turn_effects_other_order():
    s = _start_of_my_turn(["Dawn A", "Dawn B"])
    a, b = uid(s, "Dawn A", 0), uid(s, "Dawn B", 0)
    s.apply(Order(a))
    fired = [e["card"] for e in events(s, "ability") if e["trigger"] == "start_of_turn"]
    assert fired == [a, b]


def test_multiple_end_of_turn_effects_the_controller_chooses_the_order():
    s = pos(side(hand=[STOP], field=["Dusk A", "Dusk B"]), side(hand=[STOP]), phase="main2")
    a, b = uid(s, "Dusk A", 0), uid(s, "Dusk B", 0)
    end_phase(s)
    assert s.pending.kind == "order" and s.pending.player == 0
    assert set(s.pending.options) == {Order(a), Order(b)}
    s.apply(Order(a))
    fired = [e["card"] for e in events(s, "ability") if e["trigger"] == "end_of_turn"]
    assert fired == [a, b]
    assert (s.hp[0], s.hp[1]) == (12, 9)


def test_before_combat_ability_that_kills_the_target_stops_the_attack():
    # Eel: before combat, 2 damage to the defender. The 3-ATK defender dies before striking.
    s = combat([on("Eel", atk=1, hp=3)], [on("Fat Prey", atk=3, hp=2)])
    mark = len(s.events)
    attack(s, uid(s, "Eel", 0), uid(s, "Fat Prey", 1))
    assert not on_field(s, "Fat Prey", 1)
    assert cr(s, "Eel", 0).hp == 3
    assert not [e for e in events(s, "damage", since=mark) if e["combat"]]


def test_before_combat_ability_that_kills_the_attacker_stops_the_attack():
    # Sparker: before combat, 5 damage to itself.
    s = combat([on("Sparker", atk=2, hp=3)], [on("Fat Prey", atk=1, hp=3)])
    mark = len(s.events)
    attack(s, uid(s, "Sparker", 0), uid(s, "Fat Prey", 1))
    assert not on_field(s, "Sparker", 0)
    assert cr(s, "Fat Prey", 1).hp == 3
    assert not [e for e in events(s, "damage", since=mark) if e["combat"]]


def test_death_from_a_before_combat_ability_triggers_on_slain():
    s = combat([on("Eel", atk=1, hp=3)], [on("Martyr", atk=1, hp=2)])
    attack(s, uid(s, "Eel", 0), uid(s, "Martyr", 1))
    assert not on_field(s, "Martyr", 1)
    assert s.hp[0] == 9  # Martyr's on-slain: 1 damage to its rival (me)


def test_frozen_creature_at_end_of_turn_loses_frozen_and_survives():
    s = pos(side(hand=[STOP], field=[on("Prey", frozen=True)]), side(hand=[STOP]), phase="main2")
    end_phase(s)
    assert on_field(s, "Prey", 0)
    assert not cr(s, "Prey", 0).frozen
    thawed = [e for e in events(s, "status") if e["status"] == "frozen" and not e["on"]]
    assert [e["card"] for e in thawed] == [uid(s, "Prey", 0)]


def test_paralyzed_creature_at_end_of_turn_dies():
    s = pos(side(hand=[STOP], field=[on("Prey", paralyzed=True)]), side(hand=[STOP]), phase="main2")
    end_phase(s)
    assert not on_field(s, "Prey", 0)
    assert uid(s, "Prey", 0) in s.carrion[0]


# ====================================================================== state edge cases


def test_field_at_three_cannot_play_a_creature():
    s = pos(side(hand=["Prey", STOP], field=["Martyr", "Fat Prey", "Empty Prey"]), side())
    card = uid(s, "Prey", 0)
    assert Play(card) not in s.legal_actions()
    before = fingerprint(s)
    with pytest.raises(IllegalAction, match="field is full"):
        s.apply(Play(card))
    assert fingerprint(s) == before


def test_field_at_three_counts_a_field_spell():
    s = pos(side(hand=["Prey", STOP], field=["Martyr", "Fat Prey"], field_spell="Pond"), side())
    assert Play(uid(s, "Prey", 0)) not in s.legal_actions()


def test_empty_deck_draw_does_nothing_and_the_game_continues():
    s = pos(side(hand=[STOP]), side(), active=1, phase="main2")
    assert s.active == 0 and s.turn == 4
    assert len(s.hands[0]) == 1
    assert not s.is_terminal()
    assert [e for e in events(s, "draws")] == []


def test_both_players_at_zero_simultaneously_is_a_draw():
    s = pos(side(hp=3, hand=["Backfire", STOP]), side(hp=3))
    play(s, "Backfire")  # 3 damage to both players
    assert s.is_terminal()
    assert s.winner is None
    assert s.returns() == (0.0, 0.0)


def test_hp_below_zero_is_treated_as_zero_both_below_zero_is_still_a_draw():
    # -2 and -1: not "the higher HP wins" — both are at 0 for the victory check.
    s = pos(side(hp=1, hand=["Backfire", STOP]), side(hp=2))
    play(s, "Backfire")
    assert s.hp == [-2, -1]
    assert s.is_terminal() and s.winner is None


def test_hp_below_zero_loses():
    s = pos(side(hand=["Fireball", STOP]), side(hp=1))
    play(s, "Fireball")
    assert s.hp[1] == -2
    assert s.winner == 0
    assert s.returns() == (1.0, -1.0)


def test_creature_at_zero_hp_dies_immediately_and_goes_to_carrion():
    s = pos(side(hand=["Zap", STOP]), side(field=[on("Fat Prey", hp=2)]))
    play(s, "Zap")
    dead = uid(s, "Fat Prey", 1)
    assert dead not in s.on_field
    assert s.carrion[1] == [dead]
    assert [(e["card"], e["slain"]) for e in events(s, "dies")] == [(dead, True)]


# ====================================================================== §5.1 eligibility table


def _targets(s, name):
    a = uid(s, name, 0)
    return [x.defender for x in s.legal_actions() if isinstance(x, Attack) and x.attacker == a]


def test_eligibility_just_played_without_haste_attacks_creatures_not_the_rival():
    s = pos(side(hand=["Prey", STOP]), side(field=["Fat Prey"]))
    play(s, "Prey")
    end_phase(s)  # to combat
    assert s.phase == "combat"
    assert _targets(s, "Prey") == [uid(s, "Fat Prey", 1)]


def test_eligibility_just_played_with_haste_attacks_creatures_and_the_rival():
    s = pos(side(hand=["Hasty Wolf", STOP], field=["Prey"]), side(field=["Fat Prey"]))
    play(s, "Hasty Wolf")
    eat(s, uid(s, "Prey", 0))
    end_phase(s)
    assert _targets(s, "Hasty Wolf") == [None, uid(s, "Fat Prey", 1)]


def test_eligibility_survived_a_turn_attacks_creatures_and_the_rival():
    s = combat([on("Prey", exhausted=False)], ["Fat Prey"])
    assert _targets(s, "Prey") == [None, uid(s, "Fat Prey", 1)]


@pytest.mark.parametrize(
    "mark",
    [
        {"keywords": ["Passive"]},
        {"keywords": ["Harmless"]},
        {"frozen": True},
        {"paralyzed": True},
    ],
    ids=["passive", "harmless", "frozen", "paralyzed"],
)
def test_eligibility_passive_harmless_frozen_paralyzed_cannot_attack_at_all(mark):
    s = combat([on("Fat Prey", atk=2, **mark), on("Prey")], ["Martyr"])
    assert _targets(s, "Fat Prey") == []
    assert _targets(s, "Prey") == [None, uid(s, "Martyr", 1)]
    with pytest.raises(IllegalAction, match="cannot attack"):
        s.apply(Attack(uid(s, "Fat Prey", 0), None))


# ====================================================================== §13 damage/death sources


def test_source_combat_damage_is_not_blocked_by_immune_and_triggers_on_slain():
    s = combat([on("Prey", atk=2, hp=3)], [on("Martyr", atk=0, hp=2, keywords=["Immune"])])
    attack(s, uid(s, "Prey", 0), uid(s, "Martyr", 1))
    assert not on_field(s, "Martyr", 1)
    assert s.hp[0] == 9


def test_source_spell_damage_is_blocked_by_immune():
    s = pos(side(hand=["Zap", STOP]), side(field=[on("Martyr", hp=2, keywords=["Immune"])]))
    play(s, "Zap")
    assert cr(s, "Martyr", 1).hp == 2
    assert [e["why"] for e in events(s, "absorbed")] == ["immune"]


def test_source_spell_damage_triggers_on_slain():
    s = pos(side(hand=["Zap", STOP]), side(field=["Martyr"]))
    play(s, "Zap")
    assert not on_field(s, "Martyr", 1)
    assert s.hp[0] == 9


def test_source_ability_damage_is_blocked_by_immune():
    # Eel's before-combat 2 damage is ignored; the attack then goes on normally.
    s = combat([on("Eel", atk=1, hp=3)], [on("Fat Prey", atk=0, hp=3, keywords=["Immune"])])
    attack(s, uid(s, "Eel", 0), uid(s, "Fat Prey", 1))
    assert cr(s, "Fat Prey", 1).hp == 2  # only Eel's 1 combat damage


def test_source_ability_damage_triggers_on_slain():
    s = combat([on("Eel", atk=0, hp=3)], [on("Martyr", atk=0, hp=2)])
    attack(s, uid(s, "Eel", 0), uid(s, "Martyr", 1))
    assert not on_field(s, "Martyr", 1)
    assert s.hp[0] == 9


def test_source_trap_damage_is_blocked_by_immune():
    # Parry (my creature is attacked): 2 damage to the attacker. Seat 1 attacks on its turn.
    s = pos(
        side(hand=["Parry"], field=[on("Fat Prey", atk=0, hp=5)]),
        side(hand=[STOP], field=[on("Prey", atk=1, hp=2, keywords=["Immune"])]),
        active=1,
        phase="combat",
    )
    attack(s, uid(s, "Prey", 1), uid(s, "Fat Prey", 0))
    assert [e["name"] for e in events(s, "trap")] == ["Parry"]
    assert cr(s, "Prey", 1).hp == 2
    assert cr(s, "Fat Prey", 0).hp == 4


def test_source_trap_damage_triggers_on_slain():
    s = pos(
        side(hand=["Parry"], field=[on("Fat Prey", atk=0, hp=5)]),
        side(hand=[STOP], field=[on("Martyr", atk=1, hp=2)]),
        active=1,
        phase="combat",
    )
    attack(s, uid(s, "Martyr", 1), uid(s, "Fat Prey", 0))
    assert not on_field(s, "Martyr", 1)
    assert cr(s, "Fat Prey", 0).hp == 5  # the attack stopped: its attacker died first
    assert s.hp[0] == 9  # Martyr's on-slain hits its rival, seat 0


def test_source_toxic_kill_triggers_on_slain():
    s = combat([on("Prey", atk=1, hp=3, keywords=["Toxic"])], [on("Martyr", atk=0, hp=5)])
    attack(s, uid(s, "Prey", 0), uid(s, "Martyr", 1))
    assert not on_field(s, "Martyr", 1)
    assert s.hp[0] == 9


def test_source_poisonous_kill_triggers_on_slain():
    s = combat([on("Martyr", atk=1, hp=5)], [on("Fat Prey", atk=0, hp=5, keywords=["Poisonous"])])
    attack(s, uid(s, "Martyr", 0), uid(s, "Fat Prey", 1))
    assert not on_field(s, "Martyr", 0)
    assert s.hp[1] == 9  # my Martyr's on-slain hits seat 1


def test_source_paralysis_death_triggers_on_slain():
    s = pos(
        side(hand=[STOP], field=[on("Martyr", paralyzed=True)]), side(hand=[STOP]), phase="main2"
    )
    end_phase(s)
    assert not on_field(s, "Martyr", 0)
    assert s.hp[1] == 9


def test_source_eaten_by_a_predator_does_not_trigger_on_slain():
    s = pos(side(hand=["Edible Wolf", STOP], field=["Martyr"]), side())
    play(s, "Edible Wolf")
    eat(s, uid(s, "Martyr", 0))
    assert uid(s, "Martyr", 0) in s.carrion[0]
    assert s.hp == [10, 10]
    assert events(s, "dies") == []


def test_source_destroy_does_not_trigger_on_slain():
    s = pos(side(hand=["Banish", STOP]), side(field=["Martyr"]))
    play(s, "Banish")
    assert uid(s, "Martyr", 1) in s.carrion[1]
    assert s.hp == [10, 10]
    assert [e["slain"] for e in events(s, "dies")] == [False]


def test_source_kill_effect_triggers_on_slain():
    s = pos(side(hand=["Slay", STOP]), side(field=[on("Martyr", hp=1, keywords=["Immune"])]))
    play(s, "Slay")
    assert uid(s, "Martyr", 1) in s.carrion[1]
    assert s.hp[0] == 9


def test_end_phase_is_refused_while_a_decision_is_pending():
    s = pos(side(hand=["Wolf"], field=["Prey"]), side())
    play(s, "Wolf")
    with pytest.raises(IllegalAction, match="eat decision is pending"):
        s.apply(END_PHASE)
