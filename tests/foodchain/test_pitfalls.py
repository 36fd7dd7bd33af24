"""One test (or a few) per pitfall listed at the end of the companion file: the mistakes other
implementations made, each pinned down so this engine cannot make it.

Seat 0 is "me" and acts unless a test says otherwise; card names are the test cards of
`helpers.TEST_POOL` unless the shipped pool is named.
"""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.core.rng import Rng
from sparring.games.foodchain.actions import RIVAL, Attack, Eat, Play
from sparring.games.foodchain.agents import AGENTS
from sparring.games.foodchain.hidden import scramble_hidden
from sparring.games.foodchain.keywords import BARRIER, HIDDEN, LURE
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.views import view
from sparring.games.foodchain.vocabulary import TRAP_TRIGGERS

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
    target,
    uid,
)

# ---------------------------------------------------------------------- Neurotoxic vs Barrier


def test_neurotoxic_attacker_does_not_paralyze_through_a_barrier():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=2, hp=3, keywords=["Neurotoxic"])]),
        side(field=[on("Fat Prey", atk=0, hp=3, keywords=["Barrier"])]),
        phase="combat",
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    d = cr(s, "Fat Prey", 1)
    assert (d.paralyzed, d.hp, bool(d.kw & BARRIER)) == (False, 3, False)


def test_neurotoxic_defender_does_not_paralyze_an_attacker_through_its_barrier():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=1, hp=3, keywords=["Barrier"])]),
        side(field=[on("Fat Prey", atk=1, hp=3, keywords=["Neurotoxic"])]),
        phase="combat",
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    a = cr(s, "Prey", 0)
    assert (a.paralyzed, a.hp) == (False, 3)


def test_neurotoxic_paralyzes_once_the_barrier_is_gone_second_strike():
    s = pos(
        side(
            hand=[STOP], field=[on("Prey", atk=1, hp=5, keywords=["Neurotoxic", "Multi-Strike 2"])]
        ),
        side(field=[on("Fat Prey", atk=0, hp=3, keywords=["Barrier"])]),
        phase="combat",
    )
    a, d = uid(s, "Prey", 0), uid(s, "Fat Prey", 1)
    attack(s, a, d)
    assert not s.on_field[d].paralyzed
    attack(s, a, d)
    assert s.on_field[d].paralyzed
    assert s.on_field[d].hp == 2


# ---------------------------------------------------------------------- one death clean-up path


def _combat_kill():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=3, hp=5)]),
        side(hand=["Vengeance"], field=["Martyr"]),
        phase="combat",
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Martyr", 1))
    return s


def _spell_kill():
    s = pos(side(hand=["Zap", STOP]), side(hand=["Vengeance"], field=["Martyr"]))
    play(s, "Zap")
    return s


def _toxic_kill():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=1, hp=5, keywords=["Toxic"])]),
        side(hand=["Vengeance"], field=[on("Martyr", atk=0, hp=4)]),
        phase="combat",
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Martyr", 1))
    return s


def _kill_effect():
    s = pos(side(hand=["Slay", STOP]), side(hand=["Vengeance"], field=["Martyr"]))
    play(s, "Slay")
    return s


@pytest.mark.parametrize("kill", [_combat_kill, _spell_kill, _toxic_kill, _kill_effect])
def test_one_death_clean_up_path_on_the_rivals_turn(kill):
    s = kill()
    m = uid(s, "Martyr", 1)
    assert s.carrion[1] == [m]
    assert [(e["card"], e["slain"]) for e in events(s, "dies")] == [(m, True)]
    fired = [e["card"] for e in events(s, "ability") if e["trigger"] == "on_slain"]
    assert fired == [m]
    assert [e["name"] for e in events(s, "trap")] == ["Vengeance"]
    assert s.hp[0] == 7  # 10 - 1 (Martyr's on-slain) - 2 (Vengeance)


def test_one_death_clean_up_path_paralysis_death_at_end_of_turn():
    s = pos(
        side(hand=[STOP], field=[on("Martyr", paralyzed=True)]), side(hand=[STOP]), phase="main2"
    )
    m = uid(s, "Martyr", 0)
    end_phase(s)
    assert s.carrion[0] == [m]
    assert [(e["card"], e["slain"]) for e in events(s, "dies")] == [(m, True)]
    fired = [e["card"] for e in events(s, "ability") if e["trigger"] == "on_slain"]
    assert fired == [m]
    assert s.hp[1] == 9


# ---------------------------------------------------------------------- both at 0


@pytest.mark.parametrize("hps", [(3, 3), (1, 3), (3, 1)])
def test_both_players_at_zero_or_below_at_once_is_a_draw(hps):
    s = pos(side(hp=hps[0], hand=["Backfire", STOP]), side(hp=hps[1]))
    play(s, "Backfire")
    assert s.is_terminal()
    assert s.winner is None
    assert s.returns() == (0.0, 0.0)


# ---------------------------------------------------------------------- Lure vs Hidden, any order


def _lure_hidden_position():
    return pos(
        side(hand=["Luring", "Hiding", "Zap", STOP], field=[on("Prey", atk=1, hp=3)]),
        side(field=[on("Fat Prey", hp=3), on("Martyr", hp=3)]),
    )


@pytest.mark.parametrize("first", ["Luring", "Hiding"])
def test_lure_overrides_hidden_whatever_order_the_keywords_were_gained_in(first):
    s = _lure_hidden_position()
    fat = uid(s, "Fat Prey", 1)
    for spell in (first, "Hiding" if first == "Luring" else "Luring"):
        play(s, spell)
        target(s, fat)
    f = s.on_field[fat]
    assert f.kw & LURE and f.kw & HIDDEN
    # Abilities: the one hostile choice is the Lure creature.
    play(s, "Zap")
    assert s.pending is None
    assert f.hp == 1
    end_phase(s)
    attacks = [a for a in s.legal_actions() if isinstance(a, Attack)]
    assert attacks == [Attack(uid(s, "Prey", 0), fat)]


# ---------------------------------------------------------------------- dry drop is real


def test_dry_dropped_haste_predator_cannot_attack_the_rival():
    s = pos(side(hand=["Hasty Wolf", STOP]), side(field=["Prey"]))
    play(s, "Hasty Wolf")  # nothing to eat: a dry drop
    w = cr(s, "Hasty Wolf", 0)
    assert w.dry and w.kw == 0
    end_phase(s)
    assert s.phase == "combat"
    assert [a.target for a in s.legal_actions() if isinstance(a, Attack)] == [uid(s, "Prey", 1)]
    with pytest.raises(IllegalAction, match="summoning exhaustion"):
        s.apply(Attack(w.uid, RIVAL))


def test_fed_haste_predator_can_attack_the_rival():
    s = pos(side(hand=["Hasty Wolf", STOP], field=["Empty Prey"]), side(field=["Prey"]))
    play(s, "Hasty Wolf")
    eat(s, uid(s, "Empty Prey", 0))
    end_phase(s)
    w = uid(s, "Hasty Wolf", 0)
    assert Attack(w, RIVAL) in s.legal_actions()


def test_dry_dropped_free_play_predator_uses_the_turns_play():
    s = pos(side(hand=["Free Wolf", "Prey", STOP], field=["Empty Prey"]), side())
    play(s, "Free Wolf")
    eat(s)  # eats nothing
    assert cr(s, "Free Wolf", 0).dry
    assert s.played
    assert Play(uid(s, "Prey", 0)) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="already played"):
        s.apply(Play(uid(s, "Prey", 0)))


def test_fed_free_play_predator_does_not_use_the_turns_play():
    s = pos(side(hand=["Free Wolf", "Prey", STOP], field=["Empty Prey"]), side())
    play(s, "Free Wolf")
    eat(s, uid(s, "Empty Prey", 0))
    assert not s.played
    assert Play(uid(s, "Prey", 0)) in s.legal_actions()


def test_free_play_predator_after_the_play_is_used_must_eat():
    s = pos(side(hand=["Free Wolf", STOP], field=["Empty Prey"]), side(), played=True)
    play(s, "Free Wolf")
    # its only option eats Empty Prey (eating nothing would need the used play): chosen alone
    w = cr(s, "Free Wolf", 0)
    assert not w.dry
    assert uid(s, "Empty Prey", 0) in s.carrion[0]


def test_free_play_predator_with_nothing_to_eat_after_the_play_is_refused():
    s = pos(side(hand=["Free Wolf", STOP]), side(), played=True)
    w = uid(s, "Free Wolf", 0)
    assert Play(w) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="nothing to eat"):
        s.apply(Play(w))


# ---------------------------------------------------------------------- play from carrion eats


def test_play_from_carrion_eats_triggers_on_play_and_gives_exhaustion():
    s = pos(side(hand=["Raiser", STOP], field=["Prey"], carrion=["Wolf"]), side())
    play(s, "Raiser")
    assert s.pending.kind == "eat"
    eat(s, uid(s, "Prey", 0), uid(s, "Raiser", 0))
    w = cr(s, "Wolf", 0)
    assert (w.atk, w.hp, w.exhausted, w.dry) == (4, 4, True, False)
    assert s.hp[1] == 9  # Wolf's on-play
    assert [e["source"] for e in events(s, "play")] == ["hand", "carrion"]


# ---------------------------------------------------------------------- 3-eat limit


def test_the_engine_refuses_eating_four():
    s = pos(
        side(hand=["Scavenger"], field=["Prey", "Fat Prey"], carrion=["Martyr", "Empty Prey"]),
        side(),
    )
    play(s, "Scavenger")
    four = tuple(sorted(uid(s, n, 0) for n in ("Prey", "Fat Prey", "Martyr", "Empty Prey")))
    assert max(len(o.cards) for o in s.pending.options) == 3
    before = fingerprint(s)
    with pytest.raises(IllegalAction, match="not one of the options"):
        s.apply(Eat(four))
    assert fingerprint(s) == before


# ---------------------------------------------------------------------- Regen to max HP


def test_regen_keyword_restores_max_hp_not_base():
    # Prey is printed 1/1; this one has max HP 5 (buffs) and 2 left.
    s = pos(
        side(hand=[STOP], field=[on("Prey", hp=2, max_hp=5, keywords=["Regen"])]),
        side(hand=[STOP]),
        phase="main2",
    )
    end_phase(s)
    assert cr(s, "Prey", 0).hp == 5


def test_regen_effect_after_eating_restores_the_eaten_gains():
    s = pos(side(hand=["Wolf", "Zap", "Renew", STOP], field=["Fat Prey"]), side())
    play(s, "Wolf")
    eat(s, uid(s, "Fat Prey", 0))  # Wolf 2/2 + 2 = 4/4
    w = cr(s, "Wolf", 0)
    w.hp = 1  # wounded (as by an earlier fight)
    play(s, "Renew")
    assert (w.hp, w.max_hp) == (4, 4)


def test_regen_after_a_buff_restores_the_buffed_max():
    s = pos(side(hand=["Pump", "Renew", STOP], field=[on("Fat Prey", hp=1)]), side())
    play(s, "Pump")  # +2/+2: 3/3 max, 3 HP now (1 + 2)
    f = cr(s, "Fat Prey", 0)
    assert (f.atk, f.hp, f.max_hp) == (3, 3, 5)
    play(s, "Renew")
    assert f.hp == 5


# ---------------------------------------------------------------------- copying carrion stats


def test_copy_stats_from_a_carrion_card_uses_its_base_stats():
    s = pos(side(hand=["Copycat", STOP], carrion=["Fat Prey"]), side())
    play(s, "Copycat")  # on play: copy the stats of a creature in my carrion (one: chosen)
    c = cr(s, "Copycat", 0)
    assert (c.atk, c.hp, c.max_hp) == (1, 3, 3)


def test_copy_stats_of_a_creature_killed_in_combat_is_its_printed_not_zero():
    # Fat Prey dies in combat (0 HP); its carrion card still copies as 1/3.
    s = pos(
        side(hand=["Copycat", STOP], field=[on("Fat Prey", atk=1, hp=1)]),
        side(field=[on("Prey", atk=4, hp=5)]),
        phase="combat",
    )
    attack(s, uid(s, "Fat Prey", 0), uid(s, "Prey", 1))
    assert uid(s, "Fat Prey", 0) in s.carrion[0]
    assert s.phase == "main2"
    play(s, "Copycat")
    c = cr(s, "Copycat", 0)
    assert (c.atk, c.hp) == (1, 3)


# ---------------------------------------------------------------------- dry drop and end of turn


def test_dry_dropped_predator_does_not_fire_its_end_of_turn_effect():
    s = pos(side(hand=["Dusk Wolf", STOP]), side(hand=[STOP]))
    play(s, "Dusk Wolf")  # dry drop
    end_phase(s, 3)  # combat, Main 2, end of turn
    assert s.active == 1
    assert s.hp[1] == 10
    assert not [e for e in events(s, "ability") if e["trigger"] == "end_of_turn"]


def test_fed_predator_fires_its_end_of_turn_effect():
    s = pos(side(hand=["Dusk Wolf", STOP], field=["Prey"]), side(hand=[STOP]))
    play(s, "Dusk Wolf")
    eat(s, uid(s, "Prey", 0))
    end_phase(s, 2)  # to combat (nothing can attack: it passes by itself to Main 2), then end
    assert s.active == 1
    assert s.hp[1] == 9


# ---------------------------------------------------------------------- targeted spells: a target


def test_targeted_spell_with_no_target_is_not_legal_and_is_refused():
    s = pos(side(hand=["Zap", STOP]), side())
    z = uid(s, "Zap", 0)
    assert Play(z) not in s.legal_actions()
    before = fingerprint(s)
    with pytest.raises(IllegalAction, match="no legal target"):
        s.apply(Play(z))
    assert fingerprint(s) == before
    assert z in s.hands[0] and not s.played


def test_targeted_spell_whose_only_enemy_is_invisible_cannot_be_cast():
    s = pos(side(hand=["Zap", STOP]), side(field=[on("Prey", keywords=["Invisible"])]))
    assert Play(uid(s, "Zap", 0)) not in s.legal_actions()


def test_mass_spell_is_castable_with_no_creature_at_all():
    s = pos(side(hand=["Storm", STOP]), side())
    assert Play(uid(s, "Storm", 0)) in s.legal_actions()
    play(s, "Storm")
    assert uid(s, "Storm", 0) in s.exile[0]
    assert s.played


# ---------------------------------------------------------------------- every trap window raised


def _fire_rival_attacks_directly():
    s = pos(side(hand=[STOP], field=["Prey"]), side(hand=["Snare"]), phase="combat")
    attack(s, uid(s, "Prey", 0), None)
    assert s.hp[1] == 10  # the attack was negated
    return s, "Snare"


def _fire_creature_attacked():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=1, hp=3)]),
        side(hand=["Parry"], field=[on("Fat Prey", atk=0)]),
        phase="combat",
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    assert cr(s, "Prey", 0).hp == 1  # Parry: 2 damage to the attacker
    return s, "Parry"


def _fire_rival_plays_card():
    s = pos(side(hand=["Zap", STOP]), side(hand=["Counter"], field=["Prey"]))
    play(s, "Zap")
    assert uid(s, "Zap", 0) in s.hands[0] and not s.played
    assert on_field(s, "Prey", 1)
    return s, "Counter"


def _fire_rival_plays_predator():
    s = pos(side(hand=["Wolf", STOP], field=["Prey"]), side(hand=["Veto"]))
    play(s, "Wolf")
    assert uid(s, "Wolf", 0) in s.hands[0] and not s.played
    assert on_field(s, "Prey", 0)
    return s, "Veto"


def _fire_rival_plays_prey():
    s = pos(side(hand=["Prey", STOP]), side(hand=["Tripwire"]))
    play(s, "Prey")
    assert s.hp[0] == 9
    return s, "Tripwire"


def _fire_noncombat_damage():
    s = pos(side(hand=["Fireball", STOP]), side(hand=["Shield"]))
    play(s, "Fireball")
    assert s.hp[1] == 10
    return s, "Shield"


def _fire_creature_targeted():
    s = pos(side(hand=["Zap", STOP]), side(hand=["Reflex"], field=[on("Fat Prey", hp=3)]))
    play(s, "Zap")
    assert cr(s, "Fat Prey", 1).hp == 3  # Reflex gave it a Barrier before the damage
    return s, "Reflex"


def _fire_creature_slain():
    s = pos(side(hand=["Zap", STOP]), side(hand=["Vengeance"], field=["Prey"]))
    play(s, "Zap")
    assert s.hp[0] == 8
    return s, "Vengeance"


def _fire_rival_draws():
    s = pos(side(hand=[STOP, "Brainstorm"], deck=["Prey"]), side(hand=["Tax"]))
    play(s, "Brainstorm")
    assert s.hp[0] == 9
    return s, "Tax"


def _fire_hp_would_reach_zero():
    s = pos(side(hand=["Fireball", STOP]), side(hp=3, hand=["Stand Fast"]))
    play(s, "Fireball")
    assert s.hp[1] == 3 and not s.is_terminal()
    return s, "Stand Fast"


WINDOWS = {
    "rival_attacks_directly": _fire_rival_attacks_directly,
    "creature_attacked": _fire_creature_attacked,
    "rival_plays_card": _fire_rival_plays_card,
    "rival_plays_predator": _fire_rival_plays_predator,
    "rival_plays_prey": _fire_rival_plays_prey,
    "noncombat_damage": _fire_noncombat_damage,
    "creature_targeted": _fire_creature_targeted,
    "creature_slain": _fire_creature_slain,
    "rival_draws": _fire_rival_draws,
    "hp_would_reach_zero": _fire_hp_would_reach_zero,
}


def test_every_trap_trigger_of_the_vocabulary_has_a_firing_test():
    assert set(WINDOWS) == set(TRAP_TRIGGERS)


@pytest.mark.parametrize("window", sorted(TRAP_TRIGGERS))
def test_every_trap_window_is_raised(window):
    s, trap = WINDOWS[window]()
    fired = events(s, "trap")
    assert [(e["seat"], e["name"], e["trigger"]) for e in fired] == [(1, trap, window)]
    trap_uid = uid(s, trap, 1)
    assert trap_uid in s.exile[1]
    assert trap_uid not in s.hands[1]


def test_the_shipped_pool_has_a_trap_for_every_window():
    from sparring.games.foodchain.cards import load_pool

    triggers = {c.trigger for c in load_pool().cards.values() if c.category == "trap" and c.trigger}
    assert triggers == set(TRAP_TRIGGERS)


# ---------------------------------------------------------------------- agents read views only


def _decision_points(seed: int, steps: int):
    """States along a random game, each at a decision point with a live rival hand."""
    s = FoodChainState(seed)
    rng = Rng(seed)
    out = []
    for step in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        if step % 5 == 0 and s.hands[1 - s.current_player]:
            out.append(s.clone())
        s.apply(legal[rng.below(len(legal), "walk")])
    return out


def test_views_are_unchanged_when_the_rivals_hidden_cards_are_dealt_again():
    checked = 0
    for seed in (1, 2, 3):
        for s in _decision_points(seed, 150):
            seat = s.current_player
            twin = scramble_hidden(s, seat, Rng(seed + 99))
            if twin.hands[1 - seat] == s.hands[1 - seat]:
                continue
            assert view(twin, seat) == view(s, seat)
            assert view(s, seat).hand
            checked += 1
    assert checked >= 10


# Every program agent (a person at the terminal, "human", reads the same view by design).
@pytest.mark.parametrize("name", sorted(n for n in AGENTS if n != "human"))
def test_agents_choose_the_same_whatever_the_rivals_hidden_hand(name):
    checked = 0
    for seed in (4, 5):
        for s in _decision_points(seed, 150):
            seat = s.current_player
            twin = scramble_hidden(s, seat, Rng(seed + 7))
            if twin.hands[1 - seat] == s.hands[1 - seat]:
                continue
            assert list(twin.legal_actions()) == list(s.legal_actions())
            first = AGENTS[name](seat, 11)
            second = AGENTS[name](seat, 11)
            pick = first.act(view(s, seat), s.legal_actions())
            again = second.act(view(twin, seat), twin.legal_actions())
            assert pick == again
            checked += 1
    assert checked >= 5


def _card_ids(node, found):
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("card", "source", "attacker", "target", "predator") and isinstance(
                value, int
            ):
                found.add(value)
            _card_ids(value, found)
    elif isinstance(node, list):
        for value in node:
            _card_ids(value, found)
    return found


def test_a_view_names_no_card_of_the_rivals_unrevealed_hand():
    for seed in (6, 7):
        for s in _decision_points(seed, 120):
            for seat in (0, 1):
                hidden = set(s.hands[1 - seat]) - s.revealed[1 - seat]
                v = view(s, seat)
                assert not hidden & _card_ids(v.to_json(), set())
                assert v.players[1 - seat].hand_count == len(s.hands[1 - seat])


def test_a_reveal_shows_the_rivals_hand_to_that_player_only():
    s = pos(side(hand=["Peek", STOP]), side(hand=["Zap", "Prey"]))
    assert view(s, 0).rival_known_hand == []
    play(s, "Peek")
    known = sorted(c.name for c in view(s, 0).rival_known_hand or [])
    assert known == ["Prey", "Zap"]
    assert "rival_known_hand" not in view(s, None).to_json()
    assert view(s, 1).rival_known_hand == []


def test_zero_atk_neurotoxic_attacker_does_not_paralyze_through_a_barrier():
    # Ruling 6: Neurotoxic works "even at 0 ATK, not through a Barrier". A 0-ATK strike
    # deals no damage, so the Barrier stays, and it still stops the venom.
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=0, hp=3, keywords=["Neurotoxic"])]),
        side(field=[on("Fat Prey", atk=0, hp=3, keywords=["Barrier"])]),
        phase="combat",
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    d = cr(s, "Fat Prey", 1)
    assert not d.paralyzed
    assert d.kw & BARRIER  # nothing to absorb: still there
    assert events(s, "absorbed") == []


def test_harmless_neurotoxic_defender_does_not_paralyze_through_the_attackers_barrier():
    s = pos(
        side(hand=[STOP], field=[on("Prey", atk=1, hp=3, keywords=["Barrier"])]),
        side(field=[on("Fat Prey", atk=3, hp=3, keywords=["Neurotoxic", "Harmless"])]),
        phase="combat",
    )
    attack(s, uid(s, "Prey", 0), uid(s, "Fat Prey", 1))
    a = cr(s, "Prey", 0)
    assert not a.paralyzed and a.hp == 3 and a.kw & BARRIER
