"""The 5×5 Tactics engine state: the hidden draft, activations, the damage pipeline, deaths
and the round end, in the order docs/games/tactics.md gives.

Seats 0 and 1 are the original project's P1 and P2. A round gives every living unit one
activation (two back to back with SPEED); the seats alternate single-unit activations with
a free choice of unit, and a seat with units left plays on alone when the other has none
(the exhaustion rule). A minion death pauses the game for its owner's death choice.

`apply` is `core.engine.Engine`'s: the game is not over, the seat is one to decide, the
action is offered (in the cached menu if there is one, else among its unit's own actions)
or else `legal.why_illegal` gives the reason it is refused; then the handler for the
action's type runs (`HANDLERS`: the draft, an activation, a death choice).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

from sparring.core.engine import Engine
from sparring.core.events import PUBLIC
from sparring.core.game import EndReason, Outcome, TwoSeatOutcome
from sparring.core.rng import Rng
from sparring.core.sharedlog import EventLog, fork

from . import events as ev
from .actions import (
    BUFF_TILE,
    OBSTACLE,
    Action,
    Attack,
    BattleAction,
    DeathChoice,
    Draft,
    EndTurn,
    Move,
    MoveAttack,
    MoveSkill,
    Skill,
)
from .board import inside
from .data import DATA
from .options import TacticsOptions
from .units import CLONE, HERO, MINION, Unit

#: The phases of a game: both drafts, the battle, the end.
Phase = Literal["draft", "battle", "over"]
DRAFT: Final = "draft"
BATTLE: Final = "battle"
OVER: Final = "over"

POWER, LIFE, SPEED, WEAKNESS, BLEED, SLOW = "POWER", "LIFE", "SPEED", "WEAKNESS", "BLEED", "SLOW"
TILE_BUFFS = tuple(DATA.buffs)  # POWER, LIFE, SPEED, WEAKNESS, BLEED, SLOW: the tile draw's order
BLIND, DEATH_MARK, FEINT, CHALLENGE = "BLIND", "DEATH_MARK", "FEINT", "CHALLENGE"
INVULNERABLE, POWER_OF_MANY = "INVULNERABLE", "POWER_OF_MANY"
# The rule numbers the pipeline uses, from data.toml.
ATK_MODS = DATA.atk_mods
SPEED_ACTIONS = DATA.buffs[SPEED]["actions"]
COUNTER_DAMAGE = DATA.counter_damage
MARK_BONUS = DATA.statuses[DEATH_MARK]["damage_bonus"]
MARK_PAYOFF = DATA.statuses[DEATH_MARK]["payoff_hp"]
NATURE_BONUS = DATA.skills["huntress_natures_power"]["bonus"]


class TacticsState(Engine, TwoSeatOutcome):
    """A whole game: the draft, then rounds until a hero falls."""

    num_players = 2

    def __init__(self, seed: int, options: TacticsOptions | None = None) -> None:
        self.options = options or TacticsOptions()
        self.rng = Rng(seed)
        self.events: EventLog = []
        self.phase: Phase = DRAFT
        self.drafts: list[Draft | None] = [None, None]
        self.units: list[Unit] = []
        self.obstacles: dict[tuple[int, int], int] = {}
        self.tiles: dict[tuple[int, int], list[Any]] = {}
        self.round = 0
        self.seat = 0
        self.current: str | None = None
        self.last_actor = 1
        self.opened = [False, False]
        self.deaths: list[tuple[str, int, int, int]] = []
        self.after: tuple[int, str] | None = None
        self.round_end_next: str | None = None
        self.winner: int | None = None
        self.end_reason = ""
        self.ended_by = EndReason.RULES
        self.clones = 0
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ contract

    def clone(self) -> TacticsState:
        twin = TacticsState.__new__(TacticsState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone(keep_log=False)  # only the live game's draws are recorded
        twin.events = fork(self.events)  # shared up to now: a clone's cost is the same late
        twin.drafts = list(self.drafts)
        twin.units = [u.copy() for u in self.units]
        twin.obstacles = dict(self.obstacles)
        twin.tiles = {k: list(v) for k, v in self.tiles.items()}
        twin.opened = list(self.opened)
        twin.deaths = list(self.deaths)
        twin._legal = None
        return twin

    def to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == DRAFT:
            return tuple(s for s in (0, 1) if self.drafts[s] is None)
        if self.deaths:
            return (self.deaths[0][3],)
        return (self.seat,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it goes on); `end_reason` says it in words."""
        if self.phase != OVER:
            return None
        return Outcome(self.winner, self.returns(), self.ended_by, self.end_reason)

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.phase == OVER:
            return ()
        movers = self.to_move()
        seat = movers[0] if player is None and movers else player
        if seat not in movers:
            return ()
        if self.phase == DRAFT:
            return DATA.draft_options(self.options.distinct_minions)
        if self.deaths:
            return (OBSTACLE, BUFF_TILE)
        if self._legal is None:
            from .legal import battle_actions

            self._legal = battle_actions(self)
        return self._legal

    def not_to_move(self, seat: int, movers: tuple[int, ...]) -> str:
        if self.phase == DRAFT and seat in (0, 1):
            return f"seat {seat} has already drafted"
        return f"seat {seat} cannot act now: seat {movers[0]} is to decide"

    def offers(self, action: Any, seat: int) -> bool:
        """The cheap test: membership in the cached menu when there is one, else in the
        draft's or the death choice's fixed menu, else among the named unit's own actions,
        so that no whole menu is built just to play one action (the greedy agent plays each
        candidate on a fresh copy)."""
        menu = self._legal
        if menu is not None:
            return action in menu
        if self.phase == DRAFT:
            return action in DATA.draft_options(self.options.distinct_minions)
        if self.deaths:
            return action in (OBSTACLE, BUFF_TILE)
        from .legal import offered

        return offered(self, action)

    def refusal(self, action: Any, seat: int) -> str:
        from .legal import why_illegal

        return why_illegal(self, seat, action)

    def changing(self) -> None:
        self._legal = None

    def forfeit(self, seat: int, reason: str) -> None:
        if self.phase == OVER:
            return
        self.events.append((ev.FORFEIT, PUBLIC, seat, reason))
        self._end(1 - seat, f"seat {seat} forfeited: {reason}", EndReason.FORFEIT)

    # ------------------------------------------------------------------ lookups

    def unit(self, uid: str) -> Unit | None:
        for u in self.units:
            if u.id == uid:
                return u
        return None

    def living(self, seat: int | None = None) -> list[Unit]:
        return [u for u in self.units if u.hp > 0 and (seat is None or u.seat == seat)]

    def unit_at(self, x: int, y: int) -> Unit | None:
        for u in self.units:
            if u.hp > 0 and u.x == x and u.y == y:
                return u
        return None

    def free(self, x: int, y: int) -> bool:
        """On the board, with no living unit and no obstacle (buff tiles do not block)."""
        return inside(x, y) and (x, y) not in self.obstacles and self.unit_at(x, y) is None

    def hero(self, seat: int) -> Unit:
        return next(u for u in self.units if u.seat == seat and u.category == HERO)

    def max_actions(self, unit: Unit) -> int:
        speed = SPEED in unit.buffs
        if speed and SLOW in unit.buffs and self.options.speed_slow_cancel:
            return 1
        return SPEED_ACTIONS if speed else 1

    def is_slow(self, unit: Unit) -> bool:
        if SLOW not in unit.buffs:
            return False
        return not (SPEED in unit.buffs and self.options.speed_slow_cancel)

    def effective_atk(self, unit: Unit) -> int:
        return max(0, unit.atk + sum(ATK_MODS.get(b, 0) for b in unit.buffs))

    def can_act(self, unit: Unit) -> bool:
        return unit.hp > 0 and unit.acted < self.max_actions(unit)

    # ------------------------------------------------------------------ draft

    def _draft(self, pick: Draft, seat: int) -> None:
        self.drafts[seat] = pick
        self.events.append((ev.DRAFTED, PUBLIC, seat))
        self.events.append((ev.DRAFT_PICK, seat, seat, pick.hero, pick.skill, list(pick.minions)))
        if self.drafts[0] is not None and self.drafts[1] is not None:
            self._deploy()

    def _deploy(self) -> None:
        for seat in (0, 1):
            pick = self.drafts[seat]
            assert pick is not None
            row = DATA.start_row[seat]
            prefix = f"p{seat + 1}"
            hero = Unit(f"{prefix}_hero", seat, HERO, pick.hero, DATA.hero_stats, DATA.hero_x, row)
            hero.skill = pick.skill
            self.units.append(hero)
            for slot, kind in enumerate(pick.minions):
                x = DATA.minion_x[slot]
                self.units.append(
                    Unit(
                        f"{prefix}_minion_{slot + 1}",
                        seat,
                        MINION,
                        kind,
                        DATA.minions[kind],
                        x,
                        row,
                    )
                )
            self.events.append(
                (ev.DRAFT_REVEAL, PUBLIC, seat, pick.hero, pick.skill, list(pick.minions))
            )
        self.units.sort(key=lambda u: u.id)
        self.phase = BATTLE
        self._begin_round(1, 0)

    # ------------------------------------------------------------------ rounds and turns

    def _begin_round(self, number: int, opener: int) -> None:
        self.round = number
        self.opened = [False, False]
        for unit in self.units:
            unit.acted = 0
        self.events.append((ev.ROUND, PUBLIC, number, opener))
        self._give_turn(opener)

    def _give_turn(self, seat: int) -> None:
        """`seat` is to act; on its first activation of a round, its units' prepared (SLOW)
        actions resolve first, for free (ruling A13)."""
        self.seat = seat
        if not self.opened[seat]:
            self.opened[seat] = True
            if self.options.slow_resolution == "next_round":
                self._resolve_prepared(seat)

    def _resolve_prepared(self, seat: int) -> None:
        """`seat`'s prepared actions, until one leaves death choices: those are answered
        before the next prepared action resolves (it could move onto the dead minion's
        tile), and the rest resolve after them."""
        from .slow import resolve_prepared

        resolve_prepared(self, seat)
        if self.phase == OVER or self.deaths:
            self.after = (seat, "")
            return
        if not self._has_unacted(seat):
            self._pass_turn(seat)

    def _has_unacted(self, seat: int) -> bool:
        return any(self.can_act(u) for u in self.units if u.seat == seat)

    def _pass_turn(self, seat: int) -> None:
        """After an activation of `seat`: the rival if it has units left to act, else the
        same seat again (the exhaustion rule), else the round ends."""
        self.current = None
        self.last_actor = seat
        if self._has_unacted(1 - seat):
            self._give_turn(1 - seat)
        elif self._has_unacted(seat):
            self._give_turn(seat)
        else:
            self._end_round()

    def _end_round(self) -> None:
        from .roundend import end_round

        end_round(self)

    def next_opener(self) -> int:
        if self.options.round_opener == "alternate":
            return self.round % 2  # round N+1 is odd (seat 0 opens) when N is even
        return 1 - self.last_actor

    # ------------------------------------------------------------------ activations

    def _activate(self, action: BattleAction, seat: int) -> None:
        unit = self.unit(action.unit)
        assert unit is not None
        self.events.append((ev.ACT, PUBLIC, seat, unit.id, action.to_json()))
        unit.acted += 1
        if isinstance(action, EndTurn):
            unit.acted = self.max_actions(unit)
        elif self.is_slow(unit):
            unit.prepared.append(action)
            if isinstance(action, Skill | MoveSkill) and unit.skill is not None:
                unit.cooldown = DATA.skills[unit.skill]["cooldown"]
            self.events.append((ev.PREPARED, PUBLIC, unit.id, action.to_json()))
        else:
            self.perform(unit, action)
        self._finish(seat, unit)

    def perform(self, unit: Unit, action: Action) -> None:
        """Carry out one action of `unit` (declared now, or prepared last round)."""
        if isinstance(action, Move):
            self.move_unit(unit, action.x, action.y, landing=True)
        elif isinstance(action, Attack):
            self.attack_tile(unit, action.x, action.y)
        elif isinstance(action, MoveAttack):
            self.move_unit(unit, action.x, action.y, landing=True)
            if unit.hp > 0:
                target = self.unit_at(action.tx, action.ty)
                if target is not None and target.seat != unit.seat:
                    self.attack_unit(unit, target)
        elif isinstance(action, Skill):
            from .skills import use_skill

            use_skill(self, unit, action)
        elif isinstance(action, MoveSkill):
            from .skills import use_skill

            self.move_unit(unit, action.x, action.y, landing=True)
            if unit.hp > 0:
                use_skill(self, unit, Skill(unit.id, action.sx, action.sy, action.choice))

    def _finish(self, seat: int, unit: Unit) -> None:
        """After an action: deaths and victory, then the death choices, then who acts."""
        self.collect_deaths(active=seat)
        self.check_victory(active=seat)
        if self.phase == OVER:
            return
        if self.deaths:
            self.after = (seat, unit.id)
            return
        self._continue(seat, unit.id)

    def _continue(self, seat: int, unit_id: str) -> None:
        unit = self.unit(unit_id) if unit_id else None
        if unit is not None and unit.hp > 0 and unit.acted < self.max_actions(unit):
            self.current = unit.id  # SPEED: the second action, back to back
            self.seat = seat
            return
        self._pass_turn(seat)

    # ------------------------------------------------------------------ movement

    def move_unit(self, unit: Unit, x: int, y: int, landing: bool) -> None:
        unit.x, unit.y = x, y
        self.events.append((ev.MOVED, PUBLIC, unit.id, x, y))
        tile = self.tiles.get((x, y))
        if landing and tile is not None:
            del self.tiles[(x, y)]
            self.events.append((ev.TILE, PUBLIC, x, y, tile[0], 0))
            self.gain_buff(unit, tile[0])

    # ------------------------------------------------------------------ buffs

    def gain_buff(self, unit: Unit, buff: str) -> None:
        """A tile buff (or a skill's debuff): same type resets its duration; the instant HP
        change (POWER +1, LIFE +3, WEAKNESS -1) applies on every gain and is permanent."""
        entry = DATA.buffs[buff]
        unit.buffs[buff] = entry["rounds"]
        self.events.append((ev.BUFF, PUBLIC, unit.id, buff, entry["rounds"]))
        if entry["instant_hp"] > 0:
            self.change_hp(unit, entry["instant_hp"], buff.lower())
        elif entry["instant_hp"] < 0:
            self.lose_hp(unit, -entry["instant_hp"], buff.lower())

    def change_hp(self, unit: Unit, amount: int, cause: str) -> None:
        """Healing and HP gains: uncapped (ruling A16); doubled on an Invulnerable unit;
        none for a shadow clone."""
        if unit.hp <= 0 or amount <= 0 or unit.category == CLONE:
            return
        if INVULNERABLE in unit.buffs:
            amount *= 2
        unit.hp += amount
        self.events.append((ev.HEALED, PUBLIC, unit.id, amount, unit.hp, cause))

    def lose_hp(self, unit: Unit, amount: int, cause: str) -> None:
        """HP loss that nothing intercepts or absorbs (decay, pressure, bleed, weakness,
        the time-out penalty)."""
        if unit.hp <= 0 or amount <= 0:
            return
        unit.hp -= amount
        self.events.append((ev.HURT, PUBLIC, unit.id, amount, unit.hp, cause))

    # ------------------------------------------------------------------ damage

    def guardian_for(self, target: Unit) -> Unit | None:
        """The TANK that takes damage aimed at `target`: alive, friendly, orthogonally
        adjacent, not the target itself; the lowest id when several qualify."""
        for unit in self.units:  # sorted by id
            if (
                unit.kind == "TANK"
                and unit.category == MINION
                and unit.hp > 0
                and unit.seat == target.seat
                and unit is not target
                and abs(unit.x - target.x) + abs(unit.y - target.y) == 1
            ):
                return unit
        return None

    def deal(self, receiver: Unit, amount: int, cause: str) -> None:
        """Damage to a unit: its shield absorbs first, the rest comes off its HP."""
        if amount <= 0:
            self.events.append((ev.HURT, PUBLIC, receiver.id, 0, receiver.hp, cause))
            return
        if receiver.shield:
            absorbed = min(receiver.shield, amount)
            receiver.shield -= absorbed
            amount -= absorbed
            self.events.append((ev.SHIELDED, PUBLIC, receiver.id, absorbed, receiver.shield))
        if amount:
            receiver.hp -= amount
            self.events.append((ev.HURT, PUBLIC, receiver.id, amount, receiver.hp, cause))

    def strike(
        self, source: Unit | None, target: Unit, amount: int, cause: str, marked_bonus: bool = True
    ) -> Unit | None:
        """An attack-type hit on `target` (attack damage already computed, or a skill's
        fixed damage, or a counter): Guardian, Invulnerable, Death Mark (+2, the mark stays
        the original target's), shield, and the mark's payoff. Returns the receiver, or
        None when `target` already died earlier in the action (an area skill's later hit on
        a TANK that fell guarding a neighbour): the dead take no more of it."""
        if target.hp <= 0:
            return None
        receiver = self.guardian_for(target) or target
        if receiver is not target:
            self.events.append((ev.GUARDED, PUBLIC, target.id, receiver.id))
        if INVULNERABLE in receiver.buffs:
            self.events.append((ev.MISSED, PUBLIC, receiver.id, "invulnerable"))
            return receiver
        marked = DEATH_MARK in target.buffs
        if marked and marked_bonus:
            amount += MARK_BONUS
        self.deal(receiver, max(0, amount), cause)
        if marked and target.hp <= 0 and target.marker is not None:
            rogue = self.unit(target.marker)
            if rogue is not None and rogue.hp > 0:
                self.change_hp(rogue, MARK_PAYOFF, "death mark")
        return receiver

    def attack_unit(self, attacker: Unit, target: Unit) -> None:
        """The attack damage pipeline (companion §7): Feint, Guardian, Invulnerable, ATK
        with buffs and Nature's Power and Death Mark (floored at 0), Challenge, shield."""
        attacker.invisible = False
        if FEINT in target.buffs:
            del target.buffs[FEINT]
            self.events.append((ev.MISSED, PUBLIC, target.id, "feint"))
            self.events.append((ev.BUFF_END, PUBLIC, target.id, FEINT))
            self.strike(target, attacker, COUNTER_DAMAGE, "counter")
            return
        amount = self.effective_atk(attacker)
        receiver = self.guardian_for(target) or target
        if attacker.charges > 0 and INVULNERABLE not in receiver.buffs:
            attacker.charges -= 1
            amount += NATURE_BONUS
        challenger = attacker.challenger if CHALLENGE in attacker.buffs else None
        if challenger is not None and receiver.id != challenger:
            amount = (amount + (MARK_BONUS if DEATH_MARK in target.buffs else 0)) // 2
            self.strike(attacker, target, amount, "attack", marked_bonus=False)
            return
        self.strike(attacker, target, amount, "attack")
        if challenger is not None and receiver.id == challenger:
            # Companion §7 step 5: the Duelist counters, even when the hit killed it (the
            # option challenge_counter = "survivor" asks that it survived).
            duelist = self.unit(challenger)
            survivor_only = self.options.challenge_counter == "survivor"
            if duelist is not None and (duelist.hp > 0 or not survivor_only):
                self.strike(duelist, attacker, COUNTER_DAMAGE, "counter")

    def obstacle_damage(self, attacker: Unit) -> int:
        """What an attack takes off an obstacle: the attacker's raw `attack` (rules §8,
        ``obstacle.hp -= attacker.attack``), or with the option ``obstacle_damage =
        "effective_atk"`` its ATK with buff modifiers (floored at 0). Nature's Power
        charges and Challenge's halving never apply to obstacles."""
        if self.options.obstacle_damage == "attack":
            return attacker.atk
        return self.effective_atk(attacker)

    def attack_tile(self, attacker: Unit, x: int, y: int) -> None:
        if (x, y) in self.obstacles:
            attacker.invisible = False
            hp = (
                0
                if POWER in attacker.buffs
                else self.obstacles[(x, y)] - self.obstacle_damage(attacker)
            )
            if hp <= 0:
                del self.obstacles[(x, y)]
                hp = 0
            else:
                self.obstacles[(x, y)] = hp
            self.events.append((ev.OBSTACLE, PUBLIC, x, y, hp))
            return
        target = self.unit_at(x, y)
        assert target is not None
        self.attack_unit(attacker, target)

    # ------------------------------------------------------------------ deaths

    def collect_deaths(self, active: int | None) -> None:
        """Units at 0 HP leave the board. A dead minion's owner (or, with the option
        ``death_chooser = "killer"``, the `active` player) chooses what it leaves (rules
        §4.1), one at a time in unit-id order (A20). At the round end (`active` None) the
        owner chooses, or with ``system_death_spawn = "parity"`` no one: the round's
        parity decides at once. Clones and heroes leave nothing; a dead Mage's warp beacon
        goes with it."""
        for unit in self.units:
            if unit.hp <= 0 and unit.x >= 0:
                x, y = unit.x, unit.y
                unit.x = unit.y = -1
                unit.beacon = None
                self.events.append((ev.DIED, PUBLIC, unit.id))
                if unit.category != MINION:
                    continue
                if active is None and self.options.system_death_spawn == "parity":
                    from .roundend import parity_spawn

                    self.spawn(x, y, parity_spawn(self.round))
                    continue
                chooser = unit.seat
                if active is not None and self.options.death_chooser == "killer":
                    chooser = active
                self.deaths.append((unit.id, x, y, chooser))

    def _death_choice(self, choice: DeathChoice, seat: int) -> None:
        uid, x, y, chooser = self.deaths.pop(0)
        self.events.append((ev.CHOSE, PUBLIC, chooser, uid, choice.spawn))
        self.spawn(x, y, choice.spawn)
        if not self.deaths and self.round_end_next is not None:
            from .roundend import resume_round_end

            resume_round_end(self)
        elif not self.deaths and self.after is not None:
            seat, unit_id = self.after
            self.after = None
            if unit_id:
                self._continue(seat, unit_id)
            else:
                self.seat = seat
                self._resolve_prepared(seat)

    def spawn(self, x: int, y: int, kind: str) -> None:
        """An obstacle (3 HP) or a buff tile whose buff is drawn now and shown to both
        (ruling A6); a new map object replaces one already on that tile."""
        self.obstacles.pop((x, y), None)
        self.tiles.pop((x, y), None)
        if kind == "obstacle":
            self.obstacles[(x, y)] = DATA.obstacle_hp
            self.events.append((ev.OBSTACLE, PUBLIC, x, y, DATA.obstacle_hp))
        else:
            buff = TILE_BUFFS[self.rng.below(len(TILE_BUFFS), "tile_buff")]
            self.tiles[(x, y)] = [buff, DATA.tile_rounds]
            self.events.append((ev.TILE, PUBLIC, x, y, buff, DATA.tile_rounds))

    # ------------------------------------------------------------------ the end

    def check_victory(self, active: int | None) -> None:
        """A dead hero loses; both at once: the active player wins (rules §5.1)."""
        if self.phase != BATTLE:
            return
        dead = [u.seat for u in self.units if u.category == HERO and u.hp <= 0]
        if len(dead) == 2:
            winner = active if active is not None else self.last_actor
            self._end(winner, "both heroes fell: the active player wins")
        elif dead:
            self._end(1 - dead[0], f"seat {dead[0]}'s hero fell")

    def _end(self, winner: int | None, reason: str, ended_by: EndReason = EndReason.RULES) -> None:
        self.phase = OVER
        self.winner = winner
        self.end_reason = reason
        self.ended_by = ended_by
        self.deaths.clear()
        self.events.append((ev.GAME_END, PUBLIC, winner, reason))

    def timeout(self, seat: int) -> None:
        """The referee's time-out (companion A7): the hero loses 1 HP (nothing absorbs it;
        it can die), and one activation is skipped — the unit partway through SPEED, else
        the seat's unacted unit with the lowest id. A pending death choice becomes an
        obstacle instead, without a penalty; a draft not made in time is drawn at random
        (companion §4: hero, skill and minions from the seeded source, label "draft_fill")."""
        if self.phase == OVER:
            return
        if self.phase == DRAFT:
            if self.drafts[seat] is None:
                options = DATA.draft_options(self.options.distinct_minions)
                self.events.append((ev.TIMEOUT, PUBLIC, seat))
                self._draft(options[self.rng.below(len(options), "draft_fill")], seat)
            return
        self._legal = None
        if self.deaths:
            self._death_choice(OBSTACLE, seat)
            return
        self.events.append((ev.TIMEOUT, PUBLIC, seat))
        self.lose_hp(self.hero(seat), 1, "timeout")
        self.check_victory(active=seat)
        if self.phase == OVER:
            return
        unit = self.unit(self.current) if self.current else None
        if unit is None:
            unit = next(u for u in self.units if u.seat == seat and self.can_act(u))
        unit.acted = self.max_actions(unit)
        self._pass_turn(seat)


TacticsState.HANDLERS = {
    Draft: TacticsState._draft,
    Move: TacticsState._activate,
    Attack: TacticsState._activate,
    MoveAttack: TacticsState._activate,
    Skill: TacticsState._activate,
    MoveSkill: TacticsState._activate,
    EndTurn: TacticsState._activate,
    DeathChoice: TacticsState._death_choice,
}
