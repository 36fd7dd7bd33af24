"""One or more named tests per companion ruling 1-15 (numbered as in
``foodchain-companion.md``).

Seat 0 is "me" and acts unless a test says otherwise; card names are the test cards of
`helpers.TEST_POOL` unless a shipped card is needed (deck rules, whole games).
"""

from __future__ import annotations

import pytest

from sparring.core.errors import BadInput, IllegalAction
from sparring.core.game import EndReason, Outcome
from sparring.games.foodchain.actions import END_PHASE, RIVAL, Attack, Play, Target
from sparring.games.foodchain.cards import load_pool
from sparring.games.foodchain.decks import check_deck, prebuilt_decks
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.resolution import deaths
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
    kinds,
    on,
    on_field,
    play,
    pos,
    side,
    target,
    uid,
)

# ====================================================================== 1. decks


def _legal_deck(kingdom: str = "Fish") -> list[str]:
    cards = load_pool().kingdoms[kingdom]
    prey = [c.name for c in cards if c.category == "prey"][:11]
    predators = [c.name for c in cards if c.category == "predator"][:5]
    spells = [c.name for c in cards if c.category not in ("prey", "predator")][:4]
    return prey + predators + spells


def test_deck_rule_a_legal_deck_passes_and_every_prebuilt_deck_is_legal():
    assert [c.name for c in check_deck(_legal_deck(), "test")] == _legal_deck()
    assert len(prebuilt_decks()) == 10
    for name, deck in prebuilt_decks().items():
        assert len(check_deck(list(deck), name)) == 20


def test_deck_rule_exactly_twenty_cards():
    with pytest.raises(BadInput, match="deck size: a deck has exactly 20 cards, this one has 19"):
        check_deck(_legal_deck()[:19], "test")
    extra = next(c.name for c in load_pool().kingdoms["Fish"] if c.name not in _legal_deck())
    with pytest.raises(BadInput, match="this one has 21"):
        check_deck([*_legal_deck(), extra], "test")


def test_deck_rule_singleton():
    deck = _legal_deck()
    deck[1] = deck[0]
    with pytest.raises(BadInput, match=f"singleton: each card at most once; repeated: {deck[0]}"):
        check_deck(deck, "test")


def test_deck_rule_no_tokens():
    deck = _legal_deck()
    deck[0] = "Tadpole"
    with pytest.raises(BadInput, match="no tokens: tokens are never deck cards: Tadpole"):
        check_deck(deck, "test")


def test_deck_rule_one_kingdom():
    deck = _legal_deck()
    deck[0] = _legal_deck("Birds")[0]
    with pytest.raises(BadInput, match="one kingdom: cards come from Birds, Fish"):
        check_deck(deck, "test")


def test_deck_rule_strictly_more_prey_than_predators():
    cards = load_pool().kingdoms["Fish"]
    prey = [c.name for c in cards if c.category == "prey"][:9]
    predators = [c.name for c in cards if c.category == "predator"][:9]
    spells = [c.name for c in cards if c.category not in ("prey", "predator")][:2]
    with pytest.raises(BadInput, match="9 prey and 9 predators"):
        check_deck(prey + predators + spells, "test")


def test_deck_rule_a_broken_deck_is_refused_by_the_game_options():
    with pytest.raises(BadInput, match="not a legal deck"):
        FoodChainOptions.from_json({"deck0": _legal_deck()[:19]})


# ====================================================================== 2. setup


def test_setup_five_cards_each_and_the_first_player_skips_the_turn_one_draw():
    s = FoodChainState(3)
    assert s.turn == 1 and s.active == s.first
    assert s.pending is None or s.pending.player == s.first
    first, second = s.first, 1 - s.first
    assert len(s.hands[first]) + len(s.decks[first]) == 20
    assert (len(s.hands[first]), len(s.decks[first])) == (5, 15)
    assert (len(s.hands[second]), len(s.decks[second])) == (5, 15)
    draws = [e["seat"] for e in events(s, "draws")]
    assert draws.count(first) == 5 and draws.count(second) == 5


def test_setup_the_second_player_draws_on_turn_two():
    s = FoodChainState(3)
    second = 1 - s.first
    while s.turn == 1:
        s.apply(END_PHASE)
    assert s.turn == 2 and s.active == second
    assert len(s.hands[second]) == 6
    assert len(s.decks[second]) == 14


def test_setup_first_player_comes_from_the_seeded_random_source():
    seen = set()
    for seed in range(12):
        s = FoodChainState(seed)
        logged = [v for label, v in s.rng.log if label == "first_player"]
        assert logged == [s.first]
        seen.add(s.first)
        assert FoodChainState(seed).first == s.first  # same seed, same first player
    assert seen == {0, 1}


def test_setup_first_player_option_fixes_it():
    for first in (0, 1):
        s = FoodChainState(5, FoodChainOptions(first_player=first))
        assert s.first == first and s.active == first and s.turn == 1


def test_setup_shuffle_uses_the_seeded_source():
    a, b = FoodChainState(8), FoodChainState(8)
    assert a.hands == b.hands and a.decks == b.decks
    names = {tuple(a.defs[u].name for u in FoodChainState(seed).hands[0]) for seed in range(6)}
    assert len(names) > 1


def test_setup_draws_take_the_top_card():
    s = pos(side(hand=["Brainstorm", STOP], deck=["Fat Prey", "Martyr"]), side())
    play(s, "Brainstorm")
    assert s.hands[0][-1] == uid(s, "Fat Prey", 0)
    assert s.decks[0] == [uid(s, "Martyr", 0)]


# ====================================================================== 3. winning


def test_winning_a_player_at_zero_loses():
    s = pos(side(hand=["Fireball", STOP]), side(hp=3))
    play(s, "Fireball")
    assert s.hp[1] == 0
    assert (s.winner, s.is_terminal(), s.to_move()) == (0, True, ())
    assert s.outcome() == Outcome(0, (1.0, -1.0), EndReason.RULES, "seat 1 reached 0 HP")
    assert s.legal_actions() == ()
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(END_PHASE)


def test_winning_direct_attack_to_zero_loses():
    s = pos(side(hand=[STOP], field=[on("Prey", atk=4)]), side(hp=4), phase="combat")
    attack(s, uid(s, "Prey", 0), None)
    assert s.winner == 0
    assert events(s, "game_end")[-1] == {
        "kind": "game_end",
        "winner": 0,
        "reason": "seat 1 reached 0 HP",
    }


def test_winning_turn_cap_higher_hp_wins():
    s = pos(
        side(hp=7, hand=[STOP]),
        side(hp=6),
        active=0,
        phase="main2",
        turn=2,
        options=FoodChainOptions(turn_cap=1),
    )
    end_phase(s)
    assert s.is_terminal()
    assert s.winner == 0
    assert s.end_reason == "turn cap reached: HP 7-6"
    assert s.outcome() == Outcome(0, (1.0, -1.0), EndReason.LIMIT, "turn cap reached: HP 7-6")


def test_winning_turn_cap_equal_hp_draws():
    s = FoodChainState(2, FoodChainOptions(turn_cap=2))
    while not s.is_terminal():
        s.apply(END_PHASE)
    assert s.turn == 4
    assert s.winner is None
    assert s.end_reason == "turn cap reached with equal HP (10)"
    outcome = s.outcome()
    assert outcome is not None and outcome.reason is EndReason.LIMIT
    assert (outcome.winner, outcome.returns) == (None, (0.0, 0.0))


def test_winning_a_forfeit_ends_the_game_against_that_seat():
    s = pos(side(hand=[STOP]), side())
    assert s.outcome() is None  # still playing
    s.forfeit(0, "TLE: no answer in time")
    assert s.outcome() == Outcome(
        1, (-1.0, 1.0), EndReason.FORFEIT, "seat 0 forfeited: TLE: no answer in time"
    )
    assert events(s, "forfeit") == [
        {"kind": "forfeit", "seat": 0, "reason": "TLE: no answer in time"}
    ]


def test_winning_turn_cap_default_is_sixty_turns_each():
    assert FoodChainOptions().turn_cap == 60
    s = pos(side(hand=[STOP]), side(hand=[STOP]), phase="main2", turn=119)
    end_phase(s)
    assert s.turn == 120 and not s.is_terminal()
    end_phase(s, 2)  # seat 1's turn 120 ends (its combat passes by itself): 60 turns each
    assert s.is_terminal()
    assert s.end_reason == "turn cap reached with equal HP (10)"


# ====================================================================== 4. HP caps


def test_hp_creature_heal_is_capped_at_max_hp():
    s = pos(side(hand=["Mend", STOP], field=[on("Fat Prey", hp=1)]), side())
    play(s, "Mend")  # heal 5 on a 1/3 creature
    f = cr(s, "Fat Prey", 0)
    assert (f.hp, f.max_hp) == (3, 3)
    assert [e["amount"] for e in events(s, "heal")] == [2]


def test_hp_creature_max_hp_includes_eating_gains():
    s = pos(side(hand=["Wolf", "Mend", STOP], field=["Fat Prey"]), side())
    play(s, "Wolf")
    eat(s, uid(s, "Fat Prey", 0))
    w = cr(s, "Wolf", 0)
    w.hp = 1
    play(s, "Mend")
    assert (w.hp, w.max_hp) == (4, 4)


def test_hp_player_heal_is_uncapped_by_default():
    s = pos(side(hand=["Salve", STOP]), side())
    play(s, "Salve")
    assert s.hp[0] == 15


def test_hp_player_heal_is_capped_at_ten_with_the_hp_cap_option():
    s = pos(
        side(hp=7, hand=["Salve", "Salve", STOP]), side(), options=FoodChainOptions(hp_cap=True)
    )
    play(s, "Salve")
    assert s.hp[0] == 10
    play(s, "Salve")
    assert s.hp[0] == 10
    assert [e["amount"] for e in events(s, "heal")] == [3]


# ====================================================================== 5. card play order


def test_play_order_declare_traps_eating_placement_on_play_on_consume():
    # Pitfall (rival plays a predator): 1 damage to my creatures; Fat Prey survives it.
    s = pos(side(hand=["Glutton", STOP], field=["Fat Prey"]), side(hand=["Pitfall"]))
    mark = len(s.events)
    play(s, "Glutton")
    eat(s, uid(s, "Fat Prey", 0))
    seq = []
    for e in events(s, since=mark):
        if e["kind"] == "ability":
            seq.append(e["trigger"])
        elif e["kind"] in ("play", "trap", "eat", "enter"):
            seq.append(e["kind"])
    assert seq == ["play", "trap", "eat", "enter", "on_play", "on_consume"]
    g = cr(s, "Glutton", 0)
    assert (g.atk, g.hp, g.exhausted) == (3, 3, True)
    assert (s.hp[0], s.hp[1]) == (11, 9)


def test_play_order_a_negated_play_returns_the_card_to_hand_and_keeps_the_limit():
    s = pos(side(hand=["Wolf", "Prey", STOP], field=["Fat Prey"]), side(hand=["Veto"]))
    w = uid(s, "Wolf", 0)
    play(s, "Wolf")
    assert w in s.hands[0] and not s.played
    assert on_field(s, "Fat Prey", 0)  # nothing was eaten
    assert [e["what"] for e in events(s, "negated")] == ["play"]
    # the card came back face up: the rival knows it
    assert [c.card for c in view(s, 1).rival_known_hand or []] == [w]
    assert Play(uid(s, "Prey", 0)) in s.legal_actions()
    play(s, "Prey")
    assert s.played


def test_play_order_a_prey_trap_fires_before_on_play():
    s = pos(side(hp=10, hand=["Herald", STOP]), side(hand=["Tripwire"]))
    mark = len(s.events)
    play(s, "Herald")
    seq = [e["kind"] for e in events(s, since=mark) if e["kind"] in ("trap", "enter", "ability")]
    assert seq == ["trap", "enter", "ability"]
    assert (s.hp[0], s.hp[1]) == (9, 9)


def test_play_order_creature_enters_with_summoning_exhaustion():
    s = pos(side(hand=["Prey", STOP]), side())
    play(s, "Prey")
    assert cr(s, "Prey", 0).exhausted


# ====================================================================== 6. attack order


def test_attack_order_traps_then_before_combat_then_on_defend_then_damage():
    # Parry: 2 to the attacker; Eel before combat: 2 to the defender; Urchin on defend:
    # 2 to the attacker. Eel 1/6 ends at 2 HP; Urchin 0/3 takes 2 + 1 and dies.
    s = pos(
        side(hand=[STOP], field=[on("Eel", atk=1, hp=6)]),
        side(hand=["Parry"], field=[on("Urchin", atk=0, hp=3)]),
        phase="combat",
    )
    mark = len(s.events)
    attack(s, uid(s, "Eel", 0), uid(s, "Urchin", 1))
    seq = []
    for e in events(s, since=mark):
        if e["kind"] == "ability":
            seq.append(e["trigger"])
        elif e["kind"] == "damage" and e["combat"]:
            seq.append("combat damage")
        elif e["kind"] in ("attack", "trap", "dies"):
            seq.append(e["kind"])
    assert seq == ["attack", "trap", "before_combat", "on_defend", "combat damage", "dies"]
    assert cr(s, "Eel", 0).hp == 2
    assert not on_field(s, "Urchin", 1)


def test_attack_order_a_before_combat_kill_stops_the_attack():
    s = pos(
        side(hand=[STOP], field=[on("Eel", atk=1, hp=3)]),
        side(field=[on("Martyr", atk=5, hp=2)]),
        phase="combat",
    )
    attack(s, uid(s, "Eel", 0), uid(s, "Martyr", 1))
    assert cr(s, "Eel", 0).hp == 3
    assert [e["what"] for e in events(s, "negated")] == ["attack"]


def test_attack_order_an_on_defend_kill_of_the_attacker_stops_the_attack():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=3, hp=2)]),
        side(field=[on("Urchin", atk=0, hp=3)]),
        phase="combat",
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Urchin", 1))
    assert not on_field(s, "Prey", 0)
    assert cr(s, "Urchin", 1).hp == 3


def test_attack_order_an_on_defend_negate_cancels_the_attack():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=3, hp=2)]),
        side(field=[on("Turtle", atk=1, hp=3)]),
        phase="combat",
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Turtle", 1))
    assert cr(s, "Turtle", 1).hp == 3
    assert cr(s, "Prey", 0).hp == 2


def test_attack_order_multi_strike_repeats_the_whole_instance():
    s = pos(
        side(hand=[STOP], field=[on("Eel", atk=1, hp=9, keywords=["Multi-Strike 2"])]),
        side(field=[on("Fat Prey", atk=1, hp=9)]),
        phase="combat",
    )
    e, f = uid(s, "Eel", 0), uid(s, "Fat Prey", 1)
    attack(s, e, f)
    attack(s, e, f)
    before = [x for x in events(s, "ability") if x["trigger"] == "before_combat"]
    assert len(before) == 2
    assert cr(s, "Fat Prey", 1).hp == 3  # 9 - 2 x (2 + 1)
    assert cr(s, "Eel", 0).hp == 7
    assert s.phase == "main2"  # no attack left: combat passed by itself
    with pytest.raises(IllegalAction):
        s.apply(Attack(e, f))


def test_attack_order_a_creature_attacks_once_per_combat_phase():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=1, hp=5), on("Fat Prey", atk=1, hp=5)]),
        side(field=[on("Martyr", atk=0, hp=9)]),
        phase="combat",
    )
    p = uid(s, "Prey", 0)
    attack(s, p, uid(s, "Martyr", 1))
    assert s.phase == "combat"
    assert not [a for a in s.legal_actions() if isinstance(a, Attack) and a.attacker == p]
    with pytest.raises(IllegalAction, match="no attacks left"):
        s.apply(Attack(p, RIVAL))


def test_attack_order_after_combat_abilities_fire_for_survivors_only():
    s = pos(
        side(hand=[STOP], field=[on("Survivor", atk=1, hp=5)]),
        side(field=[on("Survivor", atk=1, hp=1)]),
        phase="combat",
    )
    attack(s, uid(s, "Survivor", 0), uid(s, "Survivor", 1))
    assert s.hp == [11, 10]


# ====================================================================== 7. end of turn order


def test_end_of_turn_order_effects_with_regen_then_thaw_then_paralysis_deaths():
    s = pos(
        side(
            hand=[STOP],
            field=[
                on("Dusk Wound", hp=4, keywords=["Regen"]),
                on("Prey", paralyzed=True),
                on("Fat Prey", frozen=True),
            ],
        ),
        side(hand=[STOP]),
        phase="main2",
    )
    mark = len(s.events)
    end_phase(s)
    seq = []
    for e in events(s, since=mark):
        if e["kind"] == "ability":
            seq.append(e["trigger"])
        elif e["kind"] in ("damage", "heal", "dies", "turn_begin"):
            seq.append(e["kind"])
        elif e["kind"] == "status":
            seq.append(f"{e['status']} {e['on']}")
    assert seq[:6] == ["end_of_turn", "damage", "heal", "frozen False", "dies", "turn_begin"]
    # One source's end-of-turn ability and its Regen resolve together, ability first.
    assert cr(s, "Dusk Wound", 0).hp == 4


# ====================================================================== 8. traps


def test_trap_timing_the_longest_held_matching_trap_fires_one_per_event():
    s = pos(
        side(hand=["Brainstorm", "Brainstorm", STOP], deck=["Prey", "Prey"]),
        side(hand=["Tax", "Tax"]),
    )
    older, newer = uid(s, "Tax", 1, 0), uid(s, "Tax", 1, 1)
    play(s, "Brainstorm")
    assert [e["card"] for e in events(s, "trap")] == [older]
    assert s.hp[0] == 9 and s.hands[1] == [newer]
    play(s, "Brainstorm")
    assert [e["card"] for e in events(s, "trap")] == [older, newer]
    assert s.hp[0] == 8


def test_trap_timing_one_trap_per_event_even_across_matching_windows():
    # Counter (any card) and Veto (a predator) both match a predator play: the older fires.
    s = pos(side(hand=["Wolf", STOP], field=["Prey"]), side(hand=["Veto", "Counter"]))
    play(s, "Wolf")
    assert [e["name"] for e in events(s, "trap")] == ["Veto"]
    assert uid(s, "Counter", 1) in s.hands[1]


def test_trap_timing_traps_fire_only_on_the_rivals_turn():
    # My own Tax does not fire when I draw; my Vengeance does not fire for my own creature
    # dying on my own turn.
    s = pos(
        side(
            hand=["Tax", "Vengeance", "Brainstorm", STOP],
            deck=["Eel"],
            field=[on("Prey", atk=1, hp=1)],
        ),
        side(field=[on("Fat Prey", atk=3, hp=5)]),
    )
    play(s, "Brainstorm")
    end_phase(s)
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    assert not on_field(s, "Prey", 0)
    assert events(s, "trap") == []
    assert s.hp == [10, 10]


def test_traps_cannot_be_played_from_hand():
    s = pos(side(hand=["Tax", STOP]), side())
    t = uid(s, "Tax", 0)
    assert Play(t) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="is a trap"):
        s.apply(Play(t))


def test_a_trap_does_not_count_toward_its_owners_play_limit():
    # Seat 1's Tax fires on my turn; on its own turn seat 1 may still play a card.
    s = pos(side(hand=["Brainstorm", STOP], deck=["Prey"]), side(hand=["Tax", "Prey"]))
    play(s, "Brainstorm")
    end_phase(s, 2)  # to combat (passes by itself), end of Main 2
    assert s.active == 1
    assert Play(uid(s, "Prey", 1)) in s.legal_actions()


# ====================================================================== 9. Lure and targets


def test_lure_restricts_hostile_choices_only_friendly_stay_free():
    s = pos(
        side(hand=["Pump", "Pick Me", STOP], field=["Prey", "Fat Prey"]),
        side(field=[on("Martyr", keywords=["Lure"]), "Empty Prey"]),
    )
    play(s, "Pump")
    assert set(s.pending.options) == {
        Target(card=uid(s, "Prey", 0)),
        Target(card=uid(s, "Fat Prey", 0)),
    }
    target(s, uid(s, "Prey", 0))
    play(s, "Pick Me")  # any creature: my two, and of the rival's only the Lure one
    assert set(s.pending.options) == {
        Target(card=uid(s, "Prey", 0)),
        Target(card=uid(s, "Fat Prey", 0)),
        Target(card=uid(s, "Martyr", 1)),
    }


def test_lure_also_shields_the_rival_player_from_chosen_targets():
    s = pos(side(hand=["Smite", STOP]), side(field=[on("Fat Prey", hp=3, keywords=["Lure"])]))
    play(s, "Smite")  # enemy or rival: only the Lure creature is left, chosen by itself
    assert s.hp[1] == 10
    assert cr(s, "Fat Prey", 1).hp == 1


def test_without_lure_the_rival_player_is_a_choice():
    s = pos(side(hand=["Smite", STOP]), side(field=["Fat Prey"]))
    play(s, "Smite")
    assert Target(player=1) in s.pending.options
    target(s, player=1)
    assert s.hp[1] == 8


def test_a_triggered_ability_with_no_legal_target_just_does_nothing():
    # Seer (Acuity): after combat, 1 damage to an enemy creature. Its only enemy died.
    s = pos(
        side(hand=[STOP], field=[on("Seer", atk=3, hp=5)]),
        side(field=[on("Prey", atk=1, hp=1)]),
        phase="combat",
    )
    attack(s, uid(s, "Seer", 0), uid(s, "Prey", 1))
    assert s.pending is None and s.phase == "main2"
    assert cr(s, "Seer", 0).hp == 4


def test_acuity_source_may_target_an_invisible_creature():
    s = pos(
        side(hand=[STOP], field=[on("Seer", atk=1, hp=5)]),
        side(field=[on("Fat Prey", atk=0, hp=5, keywords=["Invisible"])]),
        phase="combat",
    )
    f = uid(s, "Fat Prey", 1)
    attack(s, uid(s, "Seer", 0), f)  # Acuity: attack it, then ping it after combat
    assert s.on_field[f].hp == 3


# ====================================================================== 10. dry drop


def test_dry_drop_enters_with_base_stats_no_keywords_and_no_abilities():
    s = pos(side(hand=["Kitted Wolf", STOP]), side())
    play(s, "Kitted Wolf")
    w = cr(s, "Kitted Wolf", 0)
    assert (w.atk, w.hp, w.kw, w.dry) == (2, 2, 0, True)
    entered = events(s, "enter")[-1]
    assert entered["dry"] is True
    shown = view(s, 1).players[0].field[0]
    assert shown.keywords == [] and shown.dry is True


def test_dry_drop_suppresses_on_play():
    s = pos(side(hand=["Wolf", STOP]), side())
    play(s, "Wolf")
    assert cr(s, "Wolf", 0).dry
    assert s.hp[1] == 10


def test_dry_drop_suppresses_end_of_turn_even_with_many_keywords():
    s = pos(side(hand=["Kitted Wolf", STOP]), side(hand=[STOP]))
    play(s, "Kitted Wolf")
    end_phase(s, 2)
    assert s.active == 1 and s.hp[1] == 10


# ====================================================================== 11. copy stats


def test_copy_stats_from_carrion_uses_base_stats_and_sets_max_hp():
    s = pos(side(hand=["Copycat", "Mend", STOP], carrion=["Fat Prey", "Prey"]), side())
    play(s, "Copycat")
    assert s.pending.kind == "target"
    target(s, uid(s, "Fat Prey", 0))
    c = cr(s, "Copycat", 0)
    assert (c.atk, c.hp, c.max_hp) == (1, 3, 3)


# ====================================================================== 12. steal and tokens


def test_a_stolen_creature_has_summoning_exhaustion():
    s = pos(
        side(hand=["Snatch", STOP]),
        side(field=[on("Fat Prey", atk=2, exhausted=False)]),
    )
    play(s, "Snatch")
    f = s.on_field[uid(s, "Fat Prey", 1)]  # owned by seat 1, on my field
    assert f.seat == 0 and f.owner == 1
    assert f.exhausted
    assert s.fields[0] == [f] and s.fields[1] == []


def test_a_stolen_creature_cannot_attack_the_rival_the_turn_it_is_stolen():
    s = pos(side(hand=["Snatch", STOP]), side(field=[on("Fat Prey", atk=2), "Prey"]))
    play(s, "Snatch")
    target(s, uid(s, "Fat Prey", 1))
    end_phase(s)
    f = uid(s, "Fat Prey", 1)
    assert [a.target for a in s.legal_actions() if isinstance(a, Attack)] == [uid(s, "Prey", 1)]
    with pytest.raises(IllegalAction, match="summoning exhaustion"):
        s.apply(Attack(f, RIVAL))


def test_a_stolen_creature_goes_to_its_owners_carrion():
    s = pos(side(hand=["Snatch", STOP]), side(hand=[STOP], field=["Fat Prey"]))
    play(s, "Snatch")
    f = s.on_field[uid(s, "Fat Prey", 1)]
    f.hp = 0
    deaths(s)
    assert s.carrion == [[], [f.uid]]


def test_tokens_trigger_on_play():
    # Spawner summons a Spring Peeper token, whose on-play draws a card.
    s = pos(side(hand=["Spawner", STOP], deck=["Martyr"]), side())
    play(s, "Spawner")
    token = next(c for c in s.fields[0] if c.card.name == "Spring Peeper")
    assert token.token and token.exhausted
    assert s.hands[0][-1] == uid(s, "Martyr", 0)


def test_tokens_never_go_to_carrion_when_slain():
    s = pos(side(hand=["Zap", STOP]), side(field=[on("Tadpole", token=True)]))
    t = uid(s, "Tadpole", 1)
    play(s, "Zap")
    assert t not in s.on_field
    assert s.carrion == [[], []] and s.exile[1] == [] and t not in s.hands[1]
    assert events(s, "move")[0]["to"] == "gone"


def test_tokens_never_go_to_carrion_when_eaten():
    s = pos(side(hand=["Hatchery", "Free Wolf", STOP]), side())
    play(s, "Hatchery")  # a Tadpole token; the turn's play is used
    play(s, "Free Wolf")  # Free Play: it must eat
    tad = fid(s, "Tadpole", 0)
    eat(s, tad)
    assert s.carrion[0] == []
    assert tad not in s.on_field
    assert cr(s, "Free Wolf", 0).atk == 3


def test_a_token_returned_to_hand_is_removed():
    from sparring.games.foodchain.cards import Op
    from sparring.games.foodchain.resolution import apply_op
    from sparring.games.foodchain.targets import Ctx

    s = pos(side(hand=[STOP], field=[on("Tadpole", token=True)]), side())
    t = uid(s, "Tadpole", 0)
    apply_op(s, Op("return_to_hand", "self"), Ctx(0, t, "creature", "on_play"), [t])
    assert t not in s.on_field and t not in s.hands[0]


# ====================================================================== 13. field spells


def test_field_spell_replaces_the_old_one_which_goes_to_carrion():
    s = pos(side(hand=["Marsh", STOP], field=["Prey", "Fat Prey"], field_spell="Pond"), side())
    pond, marsh = uid(s, "Pond", 0), uid(s, "Marsh", 0)
    assert Play(marsh) in s.legal_actions()  # the field is full, but Marsh replaces Pond
    play(s, "Marsh")
    assert s.field_spell[0] == marsh
    assert s.carrion[0] == [pond]
    assert s.played


def test_field_spell_counts_toward_the_play_limit_and_stays_on_the_field():
    s = pos(side(hand=["Marsh", "Prey", STOP]), side(hand=[STOP]))
    play(s, "Marsh")
    assert s.played and Play(uid(s, "Prey", 0)) not in s.legal_actions()
    end_phase(s, 2)  # combat passes by itself; end of Main 2: Marsh hits the rival
    assert s.hp[1] == 9
    assert s.field_spell[0] == uid(s, "Marsh", 0)


def test_field_spell_needs_room_when_there_is_none_to_replace():
    s = pos(side(hand=["Marsh", STOP], field=["Prey", "Fat Prey", "Martyr"]), side())
    assert Play(uid(s, "Marsh", 0)) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="field is full"):
        play(s, "Marsh")


# ====================================================================== 14. hidden information


def test_hidden_information_a_seat_sees_its_hand_not_the_rivals():
    s = pos(
        side(hand=["Zap", STOP], deck=["Prey"], carrion=["Martyr"], exile=["Fireball"]),
        side(hand=["Tax", "Wolf"], deck=["Fat Prey", "Eel"], carrion=["Herald"]),
    )
    mine = view(s, 0)
    assert [c.name for c in mine.hand or []] == ["Zap", STOP]
    assert mine.rival_known_hand == []
    rival = mine.players[1]
    assert (rival.hand_count, rival.deck_count) == (2, 2)
    assert [c.name for c in rival.carrion] == ["Herald"]
    assert [c.name for c in mine.players[0].exile] == ["Fireball"]
    assert "hand" not in view(s, None).to_json()
    theirs = view(s, 1)
    assert [c.name for c in theirs.hand or []] == ["Tax", "Wolf"]


def test_hidden_information_a_draw_is_shown_to_the_drawer_only():
    s = pos(side(hand=["Brainstorm", STOP], deck=["Eel"]), side())
    play(s, "Brainstorm")
    drew = [e for e in view(s, 0).log if e["kind"] == "drew"]
    assert [e["name"] for e in drew] == ["Eel"]
    assert not [e for e in view(s, 1).log if e["kind"] == "drew"]
    assert [e["kind"] for e in view(s, 1).log].count("draws") == 1


# ====================================================================== 15. sync points


def test_sync_points_every_moment_has_an_event():
    s = pos(
        side(hand=["Zap", STOP], field=[on("Prey", atk=1, hp=3)]),
        side(field=[on("Martyr", hp=2), on("Fat Prey", hp=3)]),
    )
    mark = len(s.events)
    play(s, "Zap")  # card played; a selection (two targets)
    target(s, uid(s, "Martyr", 1))  # selection confirmed; effect; creature death; HP change
    end_phase(s)  # phase change
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))  # combat resolved
    seen = set(kinds(s, mark))
    for kind in ("play", "target", "damage", "dies", "phase", "attack", "ability"):
        assert kind in seen, kind
    hp_change = [e for e in events(s, "damage", mark) if e["player"] is not None]
    assert hp_change and hp_change[0]["player"] == 0  # Martyr's on-slain hit me


# ====================================================================== more on 5, 8 and 10


def test_play_order_a_negated_free_play_prey_goes_back_and_the_play_stays_free():
    s = pos(side(hand=["Spring Peeper", "Prey", STOP]), side(hand=["Counter"]))
    play(s, "Spring Peeper")
    assert uid(s, "Spring Peeper", 0) in s.hands[0]
    assert not s.played and s.fields[0] == []
    play(s, "Prey")
    assert s.played


def test_play_order_a_negated_field_spell_goes_back_and_the_play_is_unused():
    s = pos(side(hand=["Pond", "Prey", STOP]), side(hand=["Counter"]))
    play(s, "Pond")
    assert s.field_spell[0] is None and uid(s, "Pond", 0) in s.hands[0]
    assert not s.played


def test_trap_window_draw_phase_draw_opens_rival_draws():
    s = pos(side(hand=[STOP], deck=["Prey"]), side(hand=["Tax"]), active=1, phase="main2")
    assert s.active == 0 and s.turn == 4
    assert [e["name"] for e in events(s, "trap")] == ["Tax"]
    assert s.hp[0] == 9


def test_trap_window_mass_effects_are_not_targeting():
    s = pos(side(hand=["Storm", STOP]), side(hand=["Reflex"], field=[on("Fat Prey", hp=3)]))
    play(s, "Storm")
    assert events(s, "trap") == []
    assert cr(s, "Fat Prey", 1).hp == 2


def test_trap_window_creature_attacked_is_not_a_direct_attack_and_back():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=1, hp=5, keywords=["Multi-Strike 2"])]),
        side(hand=["Snare", "Parry"], field=[on("Fat Prey", atk=0, hp=5)]),
        phase="combat",
    )
    p = fid(s, "Prey", 0)
    attack(s, p, fid(s, "Fat Prey", 1))
    assert [e["name"] for e in events(s, "trap")] == ["Parry"]  # Snare is older but waits
    attack(s, p, None)
    assert [e["name"] for e in events(s, "trap")] == ["Parry", "Snare"]
    assert s.hp[1] == 10


def test_dry_dropped_edible_predator_is_no_longer_edible():
    s = pos(side(hand=["Edible Wolf", "Free Wolf", STOP], field=["Prey"]), side())
    play(s, "Edible Wolf")
    eat(s)  # dry: loses Edible
    play(s, "Free Wolf")  # must eat (the play is used): Prey is the only food
    assert cr(s, "Free Wolf", 0).atk == 3
    assert on_field(s, "Edible Wolf", 0)


def test_play_order_a_negated_play_from_carrion_returns_the_card_to_hand():
    # Ruling 5 as the engine reads it: "returns the card to hand", whatever zone it came from.
    s = pos(side(hand=["Raiser", STOP], field=["Prey"], carrion=["Wolf"]), side(hand=["Veto"]))
    w = uid(s, "Wolf", 0)
    play(s, "Raiser")
    assert [e["name"] for e in events(s, "trap")] == ["Veto"]
    assert w in s.hands[0] and w not in s.carrion[0] and w not in s.on_field
    assert s.played  # Raiser's own play stands
