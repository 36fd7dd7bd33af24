"""Aquawar active skills and the damage pipeline.

One damage instance on one fish resolves in the order the rules text fixes (rulings 4-9):

1. before damage: a Sea Turtle shield, else a 30 % dodge (one seeded draw per instance);
   a blocked instance deals nothing and skips steps 2-4;
2. when taking damage, for a direct enemy attack only: passive sharing (Eel / Sunfish),
   then the reduction buff (70 % off), then the Clownfish sharing buff; shares go to the
   teammates first, in position order, as non-direct damage;
3. HP loss (and the Eel / Sunfish ATK gain per 200 damage taken);
4. after damage, if still above 0 HP: the delayed heal (direct attacks only), then the
   passive heal;
5. after being directly attacked (even if blocked): the fish's own low-HP counter or the
   Hammerhead explosion, then teammates' counters.

Anything triggered mid-way resolves at once (recursively) before the next target. Every
multiplication truncates to an integer exactly as the official engine does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC

from .actions import Skill
from .events import ACTION, HIT, PASSIVE
from .fish import Fish
from .roster import MAX_HP

if TYPE_CHECKING:
    from .state import AquawarState

LOW_HP = 120
COUNTER_DAMAGE = 30
EXPLOSION_DAMAGE = 40
HEAL = 20
INFIGHT_DAMAGE = 50
INFIGHT_ATK_GAIN = 70
BUFF_ATK_GAIN = 20
FIXED_CRIT = 120
BONUS_USES = 3
WOUND_STEP = 200
WOUND_ATK_GAIN = 20
DODGE_PERCENT = 30
WEAK_TARGET_HP = 160


def normal_attack_damage(power: int) -> int:
    """A normal attack deals half the ATK, rounded down."""
    return power // 2


def aoe_damage(power: int) -> int:
    """An AoE (Archerfish, Electric Eel, Clownfish bonus) deals 35 % of ATK, truncated."""
    return int(power * 0.35)


def kept_share(amount: int) -> int:
    """What a sharing fish keeps of a direct hit: 70 %, truncated."""
    return int(amount * 0.7)


def shark_crit_damage(power: int, target_hp: int) -> int:
    """A shark crit deals 120 % of ATK, or 140 % on a target below 160 HP, truncated."""
    return int(power * 1.4) if target_hp < WEAK_TARGET_HP else int(power * 1.2)


# --------------------------------------------------------------------- targets


def _teammates(mine: list[Fish], actor: int) -> list[int]:
    return [p for p, f in enumerate(mine) if f.alive and p != actor]


def _living(team: list[Fish]) -> list[int]:
    return [p for p, f in enumerate(team) if f.alive]


def _weakest(team: list[Fish]) -> list[int]:
    living = _living(team)
    low = min(team[p].hp for p in living)
    return [p for p in living if team[p].hp == low]


def skill_targets(
    mine: list[Fish], theirs: list[Fish], actor: int
) -> list[tuple[int | None, int | None]]:
    """Every legal (ally, enemy) target pair for `actor`'s active skill; empty if unusable."""
    fish = mine[actor]
    active = fish.active
    if active == "aoe":
        return [(None, None)]
    if active == "infight" or active == "share_buff_aoe":
        return [(t, None) for t in _teammates(mine, actor)]
    if active == "fixed_crit":
        return [(None, e) for e in _living(theirs)]
    if active == "reduce_buff":
        return [(t, None) for t in _living(mine)]
    if active == "shark_crit":
        return [(None, e) for e in _weakest(theirs)]
    # heal_buff_crit: a teammate, plus an enemy for the crit while uses 1-3 last.
    mates = _teammates(mine, actor)
    if fish.uses < BONUS_USES:
        return [(t, e) for t in mates for e in _living(theirs)]
    return [(t, None) for t in mates]


def skill_problem(mine: list[Fish], theirs: list[Fish], action: Skill) -> str | None:
    """Why `action` is not a legal use of its actor's skill, or None when it is."""
    if (action.ally, action.enemy) in skill_targets(mine, theirs, action.actor):
        return None
    fish = mine[action.actor]
    active = fish.active
    needs = {
        "aoe": "takes no targets",
        "infight": "needs one living teammate (not itself) as ally and no enemy",
        "share_buff_aoe": "needs one living teammate (not itself) as ally and no enemy",
        "fixed_crit": "needs one living enemy and no ally",
        "reduce_buff": "needs one living own fish (itself allowed) as ally and no enemy",
        "shark_crit": "needs the living enemy with the lowest HP (any of them if tied)",
        "heal_buff_crit": (
            "needs one living teammate (not itself) as ally and one living enemy"
            if fish.uses < BONUS_USES
            else "needs one living teammate (not itself) as ally and, after its third use, no enemy"
        ),
    }[active]
    if not skill_targets(mine, theirs, action.actor):
        return f"fish {action.actor}'s skill has no legal target now (it {needs})"
    return f"fish {action.actor}'s skill {needs}"


# --------------------------------------------------------------------- skills


def _given(pos: int | None) -> int:
    """A target the skill needs; `skill_problem` has already refused a use without it."""
    assert pos is not None, "a skill was resolved without a target it needs"
    return pos


def use_skill(state: AquawarState, seat: int, action: Skill) -> None:
    """Resolve a legal active skill, announcing it as the rules let the opponent see it."""
    mine = state.teams[seat]
    enemy_seat = 1 - seat
    theirs = state.teams[enemy_seat]
    actor = action.actor
    fish = mine[actor]
    power = fish.attack_power()
    active = fish.active
    events = state.events
    if active == "aoe" or (active == "share_buff_aoe" and fish.uses < BONUS_USES):
        if active == "share_buff_aoe":
            fish.uses += 1
            mine[_given(action.ally)].share_buff = True
        value = aoe_damage(power)
        targets = _living(theirs)
        events.append(
            (ACTION, PUBLIC, seat, actor, "aoe", [[enemy_seat, t, value] for t in targets])
        )
        for t in targets:
            damage(state, enemy_seat, t, value, seat, actor)
    elif active == "infight":
        mate = _given(action.ally)
        events.append((ACTION, PUBLIC, seat, actor, "infight", [[seat, mate, INFIGHT_DAMAGE]]))
        damage(state, seat, mate, INFIGHT_DAMAGE)
        fish.atk += INFIGHT_ATK_GAIN
    elif active == "fixed_crit" or (active == "heal_buff_crit" and fish.uses < BONUS_USES):
        if active == "heal_buff_crit":
            fish.uses += 1
            mine[_given(action.ally)].heal_buff = True
        target = _given(action.enemy)
        events.append((ACTION, PUBLIC, seat, actor, "crit", [[enemy_seat, target, FIXED_CRIT]]))
        damage(state, enemy_seat, target, FIXED_CRIT, seat, actor)
    elif active == "shark_crit":
        target = _given(action.enemy)
        value = shark_crit_damage(power, theirs[target].hp)
        events.append((ACTION, PUBLIC, seat, actor, "crit", [[enemy_seat, target, value]]))
        damage(state, enemy_seat, target, value, seat, actor)
    else:
        # Subtle skills: a reduction buff (+20 ATK), or a heal / share buff after 3 uses.
        events.append((ACTION, PUBLIC, seat, actor, "subtle", []))
        buffed = mine[_given(action.ally)]
        if active == "reduce_buff":
            buffed.reduce_buff = True
            fish.atk += BUFF_ATK_GAIN
        elif active == "heal_buff_crit":
            fish.uses += 1
            buffed.heal_buff = True
        else:
            fish.uses += 1
            buffed.share_buff = True


# --------------------------------------------------------------------- damage


def damage(
    state: AquawarState,
    seat: int,
    pos: int,
    amount: int,
    src_seat: int = -1,
    src_pos: int = -1,
) -> None:
    """One damage instance of `amount` on fish (`seat`, `pos`). A source (`src_seat`,
    `src_pos`) marks a direct attack by that enemy fish; without one the damage is
    indirect (a share, counter, explosion or infight)."""
    team = state.teams[seat]
    fish = team[pos]
    events = state.events
    direct = src_seat >= 0
    if fish.shields:
        fish.shields -= 1
        blocked = True
    else:
        blocked = fish.dodges and state.rng.chance(DODGE_PERCENT, "dodge")
    if blocked:
        events.append((PASSIVE, PUBLIC, "reduce", seat, pos, 0))
        events.append((HIT, PUBLIC, seat, pos, 0, direct))
    else:
        if direct:
            if fish.shares:
                amount = _share(state, seat, pos, amount)
            if fish.reduce_buff:
                fish.reduce_buff = False
                amount = int(amount * 0.3)
                events.append((PASSIVE, PUBLIC, "reduce", seat, pos, 0.3))
            if fish.share_buff:
                fish.share_buff = False
                amount = _share(state, seat, pos, amount)
        hp = fish.hp - amount
        if hp > 0:
            fish.hp = hp
        else:
            fish.hp = 0
            state.casualties = True
        events.append((HIT, PUBLIC, seat, pos, amount, direct))
        if fish.shares:
            wound = fish.wound + amount
            if wound >= WOUND_STEP:
                fish.atk += WOUND_ATK_GAIN * (wound // WOUND_STEP)
                wound %= WOUND_STEP
            fish.wound = wound
        if direct and fish.heal_buff:
            fish.heal_buff = False
            if hp > 0:
                _heal(state, seat, pos, fish)
        if fish.heals and hp > 0:
            _heal(state, seat, pos, fish)
    if direct:
        _after_direct_attack(state, seat, pos, fish, src_seat, src_pos)


def _heal(state: AquawarState, seat: int, pos: int, fish: Fish) -> None:
    before = fish.hp
    fish.hp = min(MAX_HP, before + HEAL)
    state.events.append((PASSIVE, PUBLIC, "heal", seat, pos, fish.hp - before))


def _share(state: AquawarState, seat: int, pos: int, amount: int) -> int:
    """Pass 30 % of a direct hit to the teammates alive at the start of the action (split
    evenly, remainder lost), teammates first; return the 70 % the fish keeps."""
    team = state.teams[seat]
    receivers = [p for p, f in enumerate(team) if p != pos and f.alive]
    if not receivers:
        return amount
    state.events.append((PASSIVE, PUBLIC, "deflect", seat, pos, amount))
    each = int(amount * 0.3) // len(receivers)
    for p in receivers:
        damage(state, seat, p, each)
    return kept_share(amount)


def _after_direct_attack(
    state: AquawarState, seat: int, pos: int, fish: Fish, src_seat: int, src_pos: int
) -> None:
    """Retaliation after a direct attack, dodged or not: the fish's own counter or
    explosion first, then every teammate counter-fish if the fish is left below 120 HP."""
    events = state.events
    if fish.self_counter and fish.hp < LOW_HP:
        events.append((PASSIVE, PUBLIC, "counter", seat, pos, COUNTER_DAMAGE))
        damage(state, src_seat, src_pos, COUNTER_DAMAGE)
    elif fish.explodes and fish.hp <= 0:
        events.append((PASSIVE, PUBLIC, "explode", seat, pos, EXPLOSION_DAMAGE))
        damage(state, src_seat, src_pos, EXPLOSION_DAMAGE)
    if fish.hp < LOW_HP:
        for p, mate in enumerate(state.teams[seat]):
            if p != pos and mate.alive and mate.team_counter:
                events.append((PASSIVE, PUBLIC, "counter", seat, pos, COUNTER_DAMAGE))
                damage(state, src_seat, src_pos, COUNTER_DAMAGE)
