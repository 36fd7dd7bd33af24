"""The `greedy` 5×5 Tactics agent: one ply over the seat's own legal actions, judged on a
state rebuilt from its view (`fromview`: after the draft the board is public).

Each legal action is applied to a clone of the rebuilt state and the result is scored:

- **the end** first: a won game beats everything, a lost one is worst;
- **material**: hero HP (and shield) counts five times a minion's HP, a living minion is
  worth a bonus, buffs and statuses add or subtract by their use;
- **safety**: the most damage the enemy could deal to our hero with one action from where
  its units stand (attacks, move-and-attacks, skills; nothing through an adjacent TANK,
  an Invulnerable hero or a Feint), plus part of the rest of its units' damage; when that
  reaches our hero's HP, the enemy's replies are simulated, and a position where one of
  them kills our hero is worth nearly as little as a loss;
- **pressure**: the same measure aimed at the enemy hero, a little, and the distance from
  our units to the enemy hero, so that the units close in when nothing else is to gain;
- **obstacles** are attacked only when that helps: a hit on an obstacle costs a little
  unless it opens a line (which shows in the pressure term).

The draft is a fixed team the scoring plays well (a Mage with Elemental Blast, a TANK to
guard the hero and an ARCHER). A death choice leaves an obstacle when one on that tile
lowers the threat to our hero, or when the enemy is closer to the tile than we are;
otherwise a buff tile.

Equal scores go to a seeded choice, so the agent is deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Sequence

from sparring.core.errors import IllegalAction
from sparring.core.rng import Rng

from .actions import BUFF_TILE, OBSTACLE, Action, Attack, DeathChoice, Draft
from .board import DIRECTIONS, distance
from .data import DATA
from .fromview import state_from_view
from .legal import attack_targets, move_attack_options, move_targets
from .skills import targets as skill_targets
from .state import (
    BLEED,
    BLIND,
    CHALLENGE,
    DEATH_MARK,
    FEINT,
    INVULNERABLE,
    MARK_BONUS,
    NATURE_BONUS,
    OVER,
    POWER,
    TacticsState,
)
from .units import HERO, Unit
from .viewtypes import TacticsView

DRAFT = Draft("CLERIC", "cleric_trinity", ("TANK", "ARCHER"))

WIN = 1_000_000.0
LETHAL = 500_000.0  # a position where the enemy's next action kills our hero
HERO_HP = 10.0
SAFE_HP = 8  # our hero's HP beyond which more counts only `SURPLUS_HP` a point
SURPLUS_HP = 0.5
CAP_ROUNDS = 3  # the last rounds before the round cap, when HP decides
MINION_HP = 2.0
MINION_ALIVE = 3.0
THREAT = 4.0  # per point of damage the enemy can deal our hero next
OTHER_THREATS = 0.4  # the part of the other enemy units' damage that counts
PRESSURE = 1.0  # per point of damage we can deal the enemy hero next
APPROACH = 0.3  # per tile between our units and the enemy hero
LATE_ROUND = 6  # from here the round-8 pressure looms: the hero closes in too
LATE_PRESSURE = 3.0
LATE_APPROACH = 1.5
OBSTACLE_HIT = 0.2  # the cost of a hit on an obstacle that changes nothing else
EPSILON = 1e-9
BUFF_WORTH = {
    "POWER": 2.0,
    "SPEED": 1.5,
    "WEAKNESS": -1.5,
    "SLOW": -2.0,
    "BLIND": -0.5,
    "DEATH_MARK": -1.5,
    "FEINT": 1.5,
    "CHALLENGE": -1.0,
    "INVULNERABLE": 1.0,
    "POWER_OF_MANY": 0.5,
}
SINGLE_TARGET_DAMAGE = ("mage_elemental_blast", "huntress_spirit_hawk", "duelist_elemental_strike")


class GreedyAgent:
    """One ply on the rebuilt state, scored for material, safety and pressure."""

    needs_view = True

    def __init__(self, seat: int, seed: int, draft: Draft = DRAFT) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        self.draft = draft

    def act(self, view: TacticsView | None, legal: Sequence[Action]) -> Action:
        if view is None:
            raise ValueError("the greedy agent needs its view")
        first = legal[0]
        if isinstance(first, Draft):
            return self.draft if self.draft in legal else first
        state = state_from_view(view, self.rng.below(1 << 62, "greedy"))
        if isinstance(first, DeathChoice):
            return death_choice(state, self.seat)
        if len(legal) == 1:
            return first
        scores = [self._score(state, action) for action in legal]
        best = max(scores)
        ties = [i for i, s in enumerate(scores) if s >= best - EPSILON]
        return legal[ties[self.rng.below(len(ties), "greedy")]]

    def _score(self, state: TacticsState, action: Action) -> float:
        return score_action(state, self.seat, action)


def score_action(state: TacticsState, seat: int, action: Action) -> float:
    """What `action` of `seat` is worth: the position after it on a clone, scored."""
    twin = state.clone()
    try:
        twin.apply(action, seat)
    except IllegalAction:  # the rebuild disagrees with the referee: never choose it
        return -2 * WIN
    score = evaluate(twin, seat)
    if isinstance(action, Attack) and (action.x, action.y) in state.obstacles:
        score -= OBSTACLE_HIT
    return score


# ---------------------------------------------------------------------- scoring


def evaluate(state: TacticsState, seat: int) -> float:
    """How good `state` is for `seat`."""
    if state.phase == OVER:
        if state.winner is None:
            return 0.0
        return WIN if state.winner == seat else -WIN
    mine, theirs = state.hero(seat), state.hero(1 - seat)
    total = 0.0
    # Near the round cap the hero with more HP wins: every point of ours counts in full.
    capped = state.round < state.options.round_cap - CAP_ROUNDS
    for unit in state.units:
        if unit.hp > 0:
            total += unit_worth(unit, capped) if unit.seat == seat else -unit_worth(unit, False)
    danger = threat(state, 1 - seat, mine)
    total -= THREAT * danger
    late = state.round >= LATE_ROUND
    total += (LATE_PRESSURE if late else PRESSURE) * threat(state, seat, theirs)
    for unit in state.living(seat):
        approach = LATE_APPROACH if late and unit is mine else APPROACH
        total -= approach * distance(unit.pos, theirs.pos)
    if danger >= mine.hp + mine.shield and enemy_can_kill(state, seat):
        total -= LETHAL
    return total


def unit_worth(unit: Unit, capped: bool) -> float:
    """HP and shield (less what BLEED will take), the minion bonus, buffs and charges. With
    `capped` (our own hero, far from the round cap) HP above `SAFE_HP` counts little: past
    it, hurting the enemy is worth more than healing."""
    hp = unit.hp + unit.shield - unit.buffs.get(BLEED, 0)
    worth = sum(BUFF_WORTH.get(buff, 0.0) for buff in unit.buffs) + unit.charges
    if unit.category == HERO:
        if capped and hp > SAFE_HP:
            return worth + HERO_HP * SAFE_HP + SURPLUS_HP * (hp - SAFE_HP)
        return worth + HERO_HP * hp
    return worth + MINION_ALIVE + MINION_HP * hp


def threat(state: TacticsState, seat: int, target: Unit) -> float:
    """The damage `seat`'s units could deal `target` in one action each from where they
    stand: the largest in full, the others' in part."""
    hits = sorted((damage_to(state, u, target) for u in state.living(seat)), reverse=True)
    if not hits:
        return 0.0
    return hits[0] + OTHER_THREATS * sum(hits[1:])


def damage_to(state: TacticsState, unit: Unit, target: Unit) -> float:
    """The most damage `unit` could deal `target` with one action now (a SLOW unit's
    counts half: it lands a round late, on the tile)."""
    if INVULNERABLE in target.buffs or state.guardian_for(target) is not None:
        return 0.0
    mark = MARK_BONUS if DEATH_MARK in target.buffs else 0
    best = 0
    attacks = not (unit.buffs.keys() & {BLIND, INVULNERABLE})
    if attacks and FEINT not in target.buffs and not target.invisible:
        hit = state.effective_atk(unit) + (NATURE_BONUS if unit.charges else 0) + mark
        if CHALLENGE in unit.buffs and unit.challenger != target.id:
            hit //= 2
        in_line = target.pos in attack_targets(state, unit)
        if in_line or (POWER not in unit.buffs and _can_reach(state, unit, target)):
            best = hit
    if unit.skill is not None and unit.cooldown == 0:
        best = max(best, _skill_damage(state, unit, target, mark))
    return best / 2 if state.is_slow(unit) else float(best)


def _can_reach(state: TacticsState, unit: Unit, target: Unit) -> bool:
    """Whether a move-and-attack of `unit` can hit `target`."""
    if state.options.move_attack_reach == "adjacent":
        return any(distance(tile, target.pos) == 1 for tile in move_targets(state, unit))
    return any(
        (a.tx, a.ty) == target.pos for a in move_attack_options(state, unit) if a.unit == unit.id
    )


def _skill_damage(state: TacticsState, hero: Unit, target: Unit, mark: int) -> int:
    skill = hero.skill
    tiles = skill_targets(state, hero)
    if skill is None or not tiles:
        return 0
    hit: int = DATA.skills[skill]["damage"] + mark
    if skill in SINGLE_TARGET_DAMAGE:
        return hit if target.pos in tiles else 0
    if skill == "warrior_heroic_leap":
        return hit if any(distance(t, target.pos) == 1 for t in tiles) else 0
    if skill == "warrior_shockwave":
        return hit if distance(hero.pos, target.pos) == 1 else 0
    if skill == "mage_wild_magic":
        return hit
    if skill == "huntress_spectral_blades":
        for dx, dy in DIRECTIONS:
            for step in range(1, DATA.skills[skill]["range"] + 1):
                if (hero.x + dx * step, hero.y + dy * step) == target.pos:
                    return hit
    return 0


def enemy_can_kill(state: TacticsState, seat: int) -> bool:
    """Whether the enemy, if it is to act next, has an action that kills `seat`'s hero."""
    rival = 1 - seat
    if state.to_move() != (rival,) or state.deaths:
        return False
    for action in state.legal_actions(rival):
        twin = state.clone()
        twin.apply(action, rival)
        if twin.phase == OVER and twin.winner == rival:
            return True
    return False


# ---------------------------------------------------------------------- death choices


def death_choice(state: TacticsState, seat: int) -> DeathChoice:
    """An obstacle when it shields our hero or the enemy would reach a buff tile there
    first; otherwise a buff tile."""
    _, x, y, _ = state.deaths[0]
    mine = state.hero(seat)
    shielded = state.clone()
    shielded.obstacles[(x, y)] = DATA.obstacle_hp
    if threat(shielded, 1 - seat, shielded.hero(seat)) < threat(state, 1 - seat, mine):
        return OBSTACLE
    ours = min((distance(u.pos, (x, y)) for u in state.living(seat)), default=99)
    rival = min((distance(u.pos, (x, y)) for u in state.living(1 - seat)), default=99)
    return BUFF_TILE if ours <= rival else OBSTACLE
