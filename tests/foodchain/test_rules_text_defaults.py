"""Where the original engine ruled otherwise, the default follows the rules text; the old
ruling stays as a named option. Each ruling is tested both ways.

- Rules §9: a sacrifice (activated or by an effect) is a death, so on-slain fires
  (option ``sacrifice_not_slain``: it does not).
- Rules §2: the end phase runs end-of-turn effects (Regen among them, companion ruling 7),
  then Frozen thaws, then Paralysis deaths (option ``paralysis_before_thaw``: effects,
  Regen, Paralysis deaths, thaws).
- Rules §5.3 step 7: Neurotoxic applies Paralysis after deaths and on-slain (option
  ``neurotoxic_before_deaths``: with the strikes).

Seat 0 is "me" and acts. Test cards come from `helpers.TEST_POOL`: Altar ("sacrifice: 2
damage to the rival; on slain: heal 3"), Martyr ("on slain: 1 damage to the rival"),
Offering (free spell: sacrifice a friendly creature), Frost Martyr ("on slain: freeze your
creatures"), Dusk Quake ("end of turn: 1 damage to every creature"), Hexer (0/1
Neurotoxic, "on slain: transform the enemy creatures into Spring Peeper").
"""

from __future__ import annotations

from sparring.games.foodchain.actions import Activate, Order
from sparring.games.foodchain.options import FoodChainOptions

from .helpers import STOP, attack, cr, end_phase, events, fid, on, on_field, play, pos, side, uid

SACRIFICE_NOT_SLAIN = FoodChainOptions(sacrifice_not_slain=True)
PARALYSIS_BEFORE_THAW = FoodChainOptions(paralysis_before_thaw=True)
NEUROTOXIC_BEFORE_DEATHS = FoodChainOptions(neurotoxic_before_deaths=True)


def _sequence(state, since: int = 0) -> list[str]:
    """The events since `since` that show an order: abilities, damage, heals, deaths,
    statuses and transformations, each as one short word."""
    out = []
    for e in events(state, since=since):
        if e["kind"] == "ability":
            out.append(e["trigger"])
        elif e["kind"] == "status":
            out.append(f"{e['status']} {'on' if e['on'] else 'off'}")
        elif e["kind"] in ("damage", "heal", "dies", "transform"):
            out.append(e["kind"])
    return out


# ====================================================================== §9 sacrifice


def _altar(options: FoodChainOptions | None = None):
    return pos(side(hand=[STOP], field=["Altar"]), side(), options=options)


def test_rules_9_activated_sacrifice_is_a_death_so_on_slain_fires():
    s = _altar()
    altar = fid(s, "Altar", 0)
    mark = len(s.events)
    s.apply(Activate(altar))
    assert s.carrion[0] == [altar]
    assert s.hp == [10 + 3, 10 - 2]  # on-slain heal 3, and the sacrifice ability's 2 damage
    assert events(s, "dies", since=mark) == [
        {"kind": "dies", "card": altar, "name": "Altar", "slain": True}
    ]
    # The sacrifice is the cost: the death and its on-slain come before the ability.
    assert _sequence(s, mark) == ["dies", "on_slain", "heal", "damage"]


def test_option_sacrifice_not_slain_activated_sacrifice_skips_on_slain():
    s = _altar(SACRIFICE_NOT_SLAIN)
    altar = fid(s, "Altar", 0)
    mark = len(s.events)
    s.apply(Activate(altar))
    assert s.carrion[0] == [altar]
    assert s.hp == [10, 10 - 2]
    assert _sequence(s, mark) == ["dies", "damage"]
    assert events(s, "dies", since=mark)[0]["slain"] is False


def test_rules_9_effect_sacrifice_is_a_death_so_on_slain_fires():
    s = pos(side(hand=["Offering", STOP], field=["Martyr"]), side())
    martyr = fid(s, "Martyr", 0)
    play(s, "Offering")
    assert s.carrion[0] == [martyr]
    assert s.hp == [10, 9]  # Martyr's on-slain: 1 damage to the rival
    assert events(s, "dies")[-1]["slain"] is True


def test_option_sacrifice_not_slain_effect_sacrifice_skips_on_slain():
    s = pos(side(hand=["Offering", STOP], field=["Martyr"]), side(), options=SACRIFICE_NOT_SLAIN)
    martyr = fid(s, "Martyr", 0)
    play(s, "Offering")
    assert s.carrion[0] == [martyr]
    assert s.hp == [10, 10]
    assert events(s, "dies")[-1]["slain"] is False


# ====================================================================== §2 end phase


def _frozen_and_paralyzed(options: FoodChainOptions | None = None):
    return pos(
        side(hand=[STOP], field=[on("Prey", frozen=True, paralyzed=True)]),
        side(hand=[STOP]),
        phase="main2",
        options=options,
    )


def test_rules_2_end_phase_thaws_before_paralysis_deaths():
    s = _frozen_and_paralyzed()
    prey = fid(s, "Prey", 0)
    mark = len(s.events)
    end_phase(s)
    assert _sequence(s, mark) == ["frozen off", "dies"]
    assert s.carrion[0] == [prey]
    assert s.active == 1


def test_option_paralysis_before_thaw_a_paralyzed_creature_dies_before_thawing():
    s = _frozen_and_paralyzed(PARALYSIS_BEFORE_THAW)
    prey = fid(s, "Prey", 0)
    mark = len(s.events)
    end_phase(s)
    assert _sequence(s, mark) == ["dies"]  # it died frozen: no thaw
    assert s.carrion[0] == [prey]


def _frost_martyr(options: FoodChainOptions | None = None):
    return pos(
        side(hand=[STOP], field=[on("Frost Martyr", paralyzed=True), "Prey"]),
        side(hand=[STOP]),
        phase="main2",
        options=options,
    )


def test_rules_2_a_freeze_from_a_paralysis_death_is_not_thawed_the_same_end_phase():
    s = _frost_martyr()
    end_phase(s)
    assert not on_field(s, "Frost Martyr", 0)
    assert s.active == 1
    assert cr(s, "Prey", 0).frozen  # the thaw came first; it lasts to my next end phase


def test_option_paralysis_before_thaw_thaws_a_freeze_from_a_paralysis_death():
    s = _frost_martyr(PARALYSIS_BEFORE_THAW)
    end_phase(s)
    assert not on_field(s, "Frost Martyr", 0)
    assert s.active == 1
    assert not cr(s, "Prey", 0).frozen


def _quake_and_regen(options: FoodChainOptions | None = None):
    return pos(
        side(hand=[STOP], field=["Dusk Quake", on("Fat Prey", hp=2, keywords=["Regen"])]),
        side(hand=[STOP]),
        phase="main2",
        options=options,
    )


def test_rules_2_regen_is_an_end_of_turn_effect_in_the_controllers_order():
    s = _quake_and_regen()
    quake, fat = fid(s, "Dusk Quake", 0), fid(s, "Fat Prey", 0)
    end_phase(s)
    assert s.pending is not None and s.pending.kind == "order"
    assert set(s.pending.options) == {Order(quake), Order(fat)}
    regen_first = s.clone()
    regen_first.apply(Order(fat))
    assert cr(regen_first, "Fat Prey", 0).hp == 3 - 1  # restored to 3, then the quake
    quake_first = s.clone()
    quake_first.apply(Order(quake))
    assert cr(quake_first, "Fat Prey", 0).hp == 3  # the quake (2 -> 1), then restored


def test_option_paralysis_before_thaw_regen_comes_after_every_end_of_turn_effect():
    s = _quake_and_regen(PARALYSIS_BEFORE_THAW)
    end_phase(s)
    assert s.pending is None and s.active == 1
    assert cr(s, "Fat Prey", 0).hp == 3


# ====================================================================== §5.3 step 7 Neurotoxic


def _hexer(options: FoodChainOptions | None = None):
    return pos(
        side(hand=[STOP], field=[on("Prey", atk=1, hp=3)]),
        side(field=["Hexer"]),
        phase="combat",
        options=options,
    )


def test_rules_5_3_neurotoxic_paralysis_comes_after_deaths_and_on_slain():
    s = _hexer()
    mark = len(s.events)
    attack(s, fid(s, "Prey", 0), fid(s, "Hexer", 1))
    assert not on_field(s, "Hexer", 1)
    assert _sequence(s, mark) == ["damage", "dies", "on_slain", "transform", "paralysis on"]
    # Hexer's on-slain turned my attacker into a Spring Peeper first; the venom then landed.
    assert cr(s, "Spring Peeper", 0).paralyzed


def test_option_neurotoxic_before_deaths_paralysis_lands_with_the_strikes():
    s = _hexer(NEUROTOXIC_BEFORE_DEATHS)
    mark = len(s.events)
    attack(s, fid(s, "Prey", 0), fid(s, "Hexer", 1))
    assert _sequence(s, mark) == ["damage", "paralysis on", "dies", "on_slain", "transform"]
    assert not cr(s, "Spring Peeper", 0).paralyzed  # the transformation cleared it


def _trade(options: FoodChainOptions | None = None):
    return pos(
        side(hand=[STOP], field=[on("Prey", atk=1, hp=1)]),
        side(field=[on("Fat Prey", atk=1, hp=1, keywords=["Neurotoxic"])]),
        phase="combat",
        options=options,
    )


def test_rules_5_3_neurotoxic_does_not_paralyze_a_creature_that_died_in_the_fight():
    s = _trade()
    mark = len(s.events)
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert uid(s, "Prey", 0) in s.carrion[0] and uid(s, "Fat Prey", 1) in s.carrion[1]
    assert _sequence(s, mark) == ["damage", "damage", "dies", "dies"]


def test_option_neurotoxic_before_deaths_paralyzes_a_creature_that_then_dies():
    s = _trade(NEUROTOXIC_BEFORE_DEATHS)
    mark = len(s.events)
    attack(s, fid(s, "Prey", 0), fid(s, "Fat Prey", 1))
    assert _sequence(s, mark) == ["damage", "damage", "paralysis on", "dies", "dies"]
