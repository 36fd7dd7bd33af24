"""Operations, targeting, triggers, traps and deaths: everything an effect can do.

An effect is a tuple of `Op`s resolved in order by `run_ops_step`; after each op the one
death clean-up (`deaths`) runs, so a creature at 0 HP leaves the field and its on-slain
fires exactly one way whatever killed it. Chosen targets park a decision; traps and
triggers push their own steps so they resolve before the rest of what caused them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from sparring.core.events import PUBLIC

from .actions import Choose, Order, Target
from .cards import CardDef, Op, load_pool
from .cardtext import TARGET_WORDS
from .creature import Creature
from .events import (
    ABILITY,
    ABSORBED,
    DAMAGE,
    DIES,
    EAT,
    ENTER,
    HEAL,
    HIDDEN_MOVE,
    KEYWORD,
    MOVE,
    NEGATED,
    REVEAL,
    STATS,
    STATUS,
    TARGET,
    TRANSFORM,
    TRAP,
)
from .keywords import (
    ACUITY,
    BARRIER,
    IMMUNE,
    INVISIBLE,
    LURE,
    MULTI_STRIKE,
    REGEN,
    keyword_names,
)
from .vocabulary import (
    CARRION_CHOSEN,
    CHOSEN,
    FIELD_SPELL,
    FREE_SPELL,
    PREDATOR,
    PREY,
    SPELL,
)
from .vocabulary import (
    TRAP as TRAP_CARD,
)

if TYPE_CHECKING:
    from .state import FoodChainState

CARRION = "carrion"
HAND = "hand"
EXILE = "exile"
GONE = "gone"
START_HP = 10
# The Regen keyword as an end-of-turn effect: the creature returns to its max HP.
REGEN_SELF = Op("regen", "self")


class Ctx(NamedTuple):
    """Who an effect belongs to and what it refers to: the controller, the source card, what
    kind of source (creature, spell, trap, field), the trigger it fired on, and the
    creatures and the action (``serial``) it happened in."""

    controller: int
    source: int
    kind: str
    when: str
    attacker: int | None = None
    defender: int | None = None
    trigger: int | None = None
    serial: int = 0


def player_ref(seat: int) -> int:
    """Players as targets: -1 for seat 0, -2 for seat 1 (cards are ids >= 0)."""
    return -1 - seat


def passes(card: CardDef, filter_: str) -> bool:
    """Whether `card` passes a tutor/play filter."""
    if filter_ == "any":
        return True
    if filter_ == "prey":
        return card.category == PREY
    if filter_ == "predator":
        return card.category == PREDATOR
    if filter_ == "creature":
        return card.is_creature
    return card.category in (SPELL, FREE_SPELL, TRAP_CARD, FIELD_SPELL)


# ---------------------------------------------------------------------- steps


def run_ops_step(state: FoodChainState, ops: tuple[Op, ...], index: int, ctx: Ctx) -> None:
    if index + 1 < len(ops):
        state.push(run_ops_step, ops, index + 1, ctx)
    state.push(deaths_step)
    state.start_op(ops[index], ctx)


def deaths_step(state: FoodChainState) -> None:
    state.deaths()


def apply_step(state: FoodChainState, op: Op, ctx: Ctx, refs: tuple[int, ...]) -> None:
    state.apply_op(op, ctx, refs)


def trigger_step(
    state: FoodChainState,
    uid: int,
    when: str,
    attacker: Any = None,
    defender: Any = None,
    serial: int = 0,
) -> None:
    """Fire `uid`'s `when` ability if it is (still) on the field and still has one."""
    creature = state.on_field.get(uid)
    if creature is not None:
        ops = creature.abilities.get(when)
        seat, name, kind = creature.seat, creature.card.name, "creature"
    elif uid in state.field_spell:
        ops = state.defs[uid].abilities.get(when)
        seat, name, kind = state.field_spell.index(uid), state.defs[uid].name, "field"
    else:
        return
    if ops:
        state.events.append((ABILITY, PUBLIC, seat, uid, name, when))
        state.push(
            run_ops_step, ops, 0, Ctx(seat, uid, kind, when, attacker, defender, None, serial)
        )


def order_step(state: FoodChainState, seat: int, items: tuple[Any, ...]) -> None:
    """Several simultaneous effects of one player: the player picks which goes next."""
    if len(items) == 1:
        _fire_item(state, items[0])
        return
    options = tuple(Order(item[0]) for item in items)
    names = ", ".join(f"{item[1]} ({item[2]})" for item in items)
    state.wait(
        seat,
        "order",
        options,
        (_resume_order, seat, items),
        f"Choose which effect resolves next: {names}",
    )


def _resume_order(state: FoodChainState, action: Order, seat: int, items: tuple[Any, ...]) -> None:
    chosen = next(item for item in items if item[0] == action.card)
    rest = tuple(item for item in items if item is not chosen)
    if rest:
        state.push(order_step, seat, rest)
    _fire_item(state, chosen)


def _fire_item(state: FoodChainState, item: tuple[Any, ...]) -> None:
    uid, name, when, ops, ctx = item
    state.events.append((ABILITY, PUBLIC, ctx.controller, uid, name, when))
    state.push(run_ops_step, ops, 0, ctx)


def _resume_target(state: FoodChainState, action: Target, op: Op, ctx: Ctx) -> None:
    state.chosen(action, op, ctx)


def _resume_choose(state: FoodChainState, action: Choose, op: Op, ctx: Ctx) -> None:
    state.push(run_ops_step, op.options[action.option][1], 0, ctx)


def _resume_tutor(state: FoodChainState, action: Target, seat: int) -> None:
    state.decks[seat].remove(action.card)
    state.hands[seat].append(action.card)
    state.events.append((MOVE, seat, action.card, state.defs[action.card].name, seat, "deck", HAND))
    state.events.append((HIDDEN_MOVE, PUBLIC, seat, "deck", HAND))


def _resume_play(state: FoodChainState, action: Target, seat: int, zone: str) -> None:
    state.declare_play(seat, action.card, zone, "effect")


def hit_player_step(
    state: FoodChainState, seat: int, amount: int, serial: int, combat: bool
) -> None:
    if serial in state.no_damage:
        state.events.append((NEGATED, PUBLIC, "damage", None))
        return
    state.hp[seat] -= amount
    state.events.append((DAMAGE, PUBLIC, None, seat, amount, combat))


def zero_window_step(state: FoodChainState, seat: int, amount: int, serial: int) -> None:
    if serial not in state.no_damage and state.hp[seat] - amount <= 0:
        state.fire_trap(seat, ("hp_would_reach_zero",), serial=serial)


def to_pile_step(state: FoodChainState, seat: int, uid: int, pile: str) -> None:
    """A spell or trap that has resolved goes to its owner's exile pile (rules §11)."""
    getattr(state, pile)[state.owner[uid]].append(uid)
    state.events.append((MOVE, PUBLIC, uid, state.defs[uid].name, seat, "resolving", pile))


# ---------------------------------------------------------------------- the mixin


class EffectsMixin:
    """Effect resolution for `FoodChainState` (mixed in; uses its fields)."""

    # -------------------------------------------------------------- ops

    def start_op(self: FoodChainState, op: Op, ctx: Ctx) -> None:
        target = op.target
        if target is None:
            self.apply_op(op, ctx, ())
        elif target in CHOSEN:
            options = self.choices(target, ctx, op)
            if not options:
                return
            if len(options) == 1:
                self.chosen(options[0], op, ctx)
                return
            self.wait(
                ctx.controller,
                "target",
                options,
                (_resume_target, op, ctx),
                f"{self.defs[ctx.source].name}: choose {TARGET_WORDS[target]} "
                f"({op.op.replace('_', ' ')})",
                ctx.source,
            )
        else:
            self.apply_op(op, ctx, self.fixed_refs(target, ctx))

    def chosen(self: FoodChainState, action: Target, op: Op, ctx: Ctx) -> None:
        """A target was chosen: announce it; if it is the rival's creature (on the
        controller's own turn), the rival's "creature targeted" trap resolves first."""
        ref = player_ref(action.player) if action.player is not None else action.card
        self.events.append((TARGET, PUBLIC, ctx.controller, ctx.source, action.card, action.player))
        creature = self.on_field.get(ref) if ref >= 0 else None
        if (
            creature is not None
            and creature.seat != ctx.controller
            and ctx.controller == self.active
        ):
            self.push(apply_step, op, ctx, (ref,))
            self.fire_trap(creature.seat, ("creature_targeted",), trigger=ref, serial=ctx.serial)
        else:
            self.apply_op(op, ctx, (ref,))

    def apply_op(self: FoodChainState, op: Op, ctx: Ctx, refs: tuple[int, ...] | list[int]) -> None:
        _OPS[op.op](self, op, ctx, refs)

    def choices(
        self: FoodChainState, target: str, ctx: Ctx, op: Op | None = None
    ) -> tuple[Target, ...]:
        """The legal choices for a chosen target, in a stable order. Hidden creatures can be
        chosen, Invisible ones only by a source with Acuity; while the rival has a Lure
        creature, it is the only hostile choice (ruling 9: whatever the keyword order)."""
        me, foe = ctx.controller, 1 - ctx.controller
        if target in CARRION_CHOSEN:
            seats = (me,) if target == "carrion_creature" else (me, foe)
            return tuple(
                Target(card=u) for s in seats for u in self.carrion[s] if self.defs[u].is_creature
            )
        source = self.on_field.get(ctx.source) if ctx.kind == "creature" else None
        acuity = source is not None and bool(source.kw & ACUITY)
        enemies = self.fields[foe]
        lure = [c for c in enemies if c.kw & LURE]
        hostile = lure or [c for c in enemies if acuity or not c.kw & INVISIBLE]
        friendly = [c for c in self.fields[me] if acuity or not c.kw & INVISIBLE]
        if target == "enemy_creature":
            pool = hostile
        elif target == "enemy_prey":
            pool = [c for c in hostile if c.is_prey]
            if op is not None and op.op == "eat_enemy_prey":
                pool = [c for c in pool if not c.inedible()]
        elif target == "friendly_creature":
            pool = friendly
        elif target == "other_friendly_creature":
            pool = [c for c in friendly if c.uid != ctx.source]
        elif target == "any_creature":
            pool = friendly + hostile
        else:
            players = []
            if target == "any_player_or_creature":
                players.append(Target(player=me))
            if not lure:
                players.append(Target(player=foe))
            pool = (friendly if target == "any_player_or_creature" else []) + hostile
            return tuple(players) + tuple(Target(card=c.uid) for c in pool)
        return tuple(Target(card=c.uid) for c in pool)

    def fixed_refs(self: FoodChainState, target: str, ctx: Ctx) -> list[int]:
        me, foe = ctx.controller, 1 - ctx.controller
        if target == "you":
            return [player_ref(me)]
        if target == "rival":
            return [player_ref(foe)]
        if target == "both_players":
            return [player_ref(me), player_ref(foe)]
        if target == "self":
            return [ctx.source]
        if target in ("attacker", "defender", "trigger"):
            ref = getattr(ctx, target)
            return [] if ref is None else [ref]
        mine = [c.uid for c in self.fields[me]]
        theirs = [c.uid for c in self.fields[foe]]
        if target == "all_creatures":
            return mine + theirs
        if target == "enemy_creatures":
            return theirs
        if target == "friendly_creatures":
            return mine
        if target == "other_creatures":
            return [u for u in mine + theirs if u != ctx.source]
        if target == "other_friendly_creatures":
            return [u for u in mine if u != ctx.source]
        if target == "enemy_prey_all":
            return [c.uid for c in self.fields[foe] if c.is_prey]
        raise AssertionError(f"unhandled target {target}")

    def castable(self: FoodChainState, ops: tuple[Op, ...], ctx: Ctx) -> bool:
        """Whether every chosen target of `ops` has a legal choice now (ruling 9: a targeted
        spell or ability with none cannot be used); a modal op needs one usable option."""
        for op in ops:
            if op.target in CHOSEN and not self.choices(op.target, ctx, op):
                return False
            if op.options and not any(self.castable(o, ctx) for _, o in op.options):
                return False
        return True

    # -------------------------------------------------------------- damage and healing

    def hurt(self: FoodChainState, creature: Creature, amount: int) -> None:
        """Non-combat damage to a creature: Immune ignores it, a Barrier absorbs it."""
        if amount <= 0:
            return
        if creature.kw & IMMUNE:
            self.events.append((ABSORBED, PUBLIC, creature.uid, "immune"))
            return
        if creature.kw & BARRIER:
            creature.kw &= ~BARRIER
            self.events.append((ABSORBED, PUBLIC, creature.uid, "barrier"))
            return
        creature.hp -= amount
        self.events.append((DAMAGE, PUBLIC, creature.uid, None, amount, False))

    def damage_player(
        self: FoodChainState, seat: int, amount: int, combat: bool, serial: int | None = None
    ) -> None:
        """Damage to a player, with the traps it opens when it is the rival's: "non-combat
        damage" (not for attacks), then "HP would reach 0", then the damage unless negated."""
        serial = self.new_serial() if serial is None else serial
        self.push(hit_player_step, seat, amount, serial, combat)
        if seat != self.active:
            self.push(zero_window_step, seat, amount, serial)
            if not combat:
                self.fire_trap(seat, ("noncombat_damage",), serial=serial)

    def heal_creature(self: FoodChainState, creature: Creature, amount: int) -> None:
        gained = min(amount, creature.max_hp - creature.hp)
        if gained > 0:
            creature.hp += gained
            self.events.append((HEAL, PUBLIC, creature.uid, None, gained))

    def heal_player(self: FoodChainState, seat: int, amount: int) -> None:
        new = self.hp[seat] + amount
        if self.options.hp_cap:
            new = min(new, max(START_HP, self.hp[seat]))
        if new > self.hp[seat]:
            self.events.append((HEAL, PUBLIC, None, seat, new - self.hp[seat]))
            self.hp[seat] = new

    # -------------------------------------------------------------- leaving the field

    def leave_field(self: FoodChainState, creature: Creature, to: str) -> None:
        """The one way off the field. Tokens are removed from the game wherever they would
        go (rules §10); a card goes to its owner's pile or hand."""
        self.fields[creature.seat].remove(creature)
        del self.on_field[creature.uid]
        uid = creature.uid
        where = GONE if creature.token else to
        if where == CARRION:
            self.carrion[creature.owner].append(uid)
        elif where == HAND:
            self.hands[creature.owner].append(uid)
            self.revealed[creature.owner].add(uid)
        elif where == EXILE:
            self.exile[creature.owner].append(uid)
        self.events.append((MOVE, PUBLIC, uid, creature.card.name, creature.seat, "field", where))

    def deaths(self: FoodChainState) -> None:
        """Death clean-up, the only one: creatures at 0 HP or below go to carrion (slain),
        then the victory check, then on-slain abilities (each player ordering their own,
        the active player's first) and the rival's "creature slain" traps."""
        active = self.active
        fields = self.fields
        if any(c.hp <= 0 for c in fields[0]) or any(c.hp <= 0 for c in fields[1]):
            triggers: dict[int, list[Any]] = {0: [], 1: []}
            slain_traps = []
            for seat in (active, 1 - active):
                for creature in [c for c in fields[seat] if c.hp <= 0]:
                    self.events.append((DIES, PUBLIC, creature.uid, creature.card.name, True))
                    self.leave_field(creature, CARRION)
                    ops = creature.abilities.get("on_slain")
                    if ops:
                        ctx = Ctx(seat, creature.uid, "creature", "on_slain")
                        triggers[seat].append(
                            (creature.uid, creature.card.name, "on_slain", ops, ctx)
                        )
                    if seat != active:
                        slain_traps.append((seat, creature.uid))
            self.check_victory()
            if self.phase == "over":
                return
            for seat, uid in slain_traps:
                self.fire_trap(seat, ("creature_slain",), trigger=uid)
            self.queue_triggers(triggers)
        else:
            self.check_victory()

    # -------------------------------------------------------------- triggers and traps

    def queue_triggers(self: FoodChainState, by_seat: dict[int, list[Any]]) -> None:
        """Schedule simultaneous triggered effects: the active player's resolve first, each
        player choosing the order of their own when they have several (rules §12)."""
        for seat in (1 - self.active, self.active):
            items = by_seat.get(seat)
            if items:
                self.push(order_step, seat, tuple(items))

    def queue_turn_effects(self: FoodChainState, when: str) -> None:
        """The active player's start- or end-of-turn effects, one per source, in the order
        they choose. Regen is one of the end-of-turn effects (companion ruling 7): a
        creature's end-of-turn ability and its Regen resolve together, ability first
        **(ours)**, since an order decision names a source card."""
        seat = self.active
        regen = when == "end_of_turn" and not self.options.paralysis_before_thaw
        items = []
        for creature in self.fields[seat]:
            ops = creature.abilities.get(when)
            trigger = when
            if regen and creature.kw & REGEN:
                ops = (*ops, REGEN_SELF) if ops else (REGEN_SELF,)
                trigger = when if creature.abilities.get(when) else "regen"
            if ops:
                items.append(
                    (
                        creature.uid,
                        creature.card.name,
                        trigger,
                        ops,
                        Ctx(seat, creature.uid, "creature", when),
                    )
                )
        spell = self.field_spell[seat]
        if spell is not None:
            ops = self.defs[spell].abilities.get(when)
            if ops:
                items.append(
                    (spell, self.defs[spell].name, when, ops, Ctx(seat, spell, "field", when))
                )
        if items:
            self.queue_triggers({seat: items})

    def fire_trap(
        self: FoodChainState,
        owner: int,
        windows: tuple[str, ...],
        attacker: int | None = None,
        defender: int | None = None,
        trigger: int | None = None,
        serial: int = 0,
    ) -> bool:
        """Fire `owner`'s trap for this event, if any: only on the rival's turn, the matching
        trap that has been in hand longest, one per event (companion ruling 8). It leaves
        the hand now and goes to exile once resolved."""
        if owner == self.active or self.phase == "over":
            return False
        hand = self.hands[owner]
        defs = self.defs
        for uid in hand:
            card = defs[uid]
            if card.trigger is not None and card.trigger in windows:
                hand.remove(uid)
                self.revealed[owner].discard(uid)
                self.events.append((TRAP, PUBLIC, owner, uid, card.name, card.trigger))
                self.push(to_pile_step, owner, uid, EXILE)
                ctx = Ctx(owner, uid, "trap", card.trigger, attacker, defender, trigger, serial)
                self.push(run_ops_step, card.effect, 0, ctx)
                return True
        return False

    def place_creature(
        self: FoodChainState, seat: int, uid: int, token: bool, bonus: int = 0, dry: bool = False
    ) -> Creature:
        """Put a creature onto `seat`'s field with summoning exhaustion (rules §4)."""
        creature = Creature(uid, self.defs[uid], self.owner[uid], seat, token)
        if bonus:
            creature.atk += bonus
            creature.hp += bonus
            creature.max_hp += bonus
        if dry:
            creature.dry = True
            creature.lose_everything()
        self.fields[seat].append(creature)
        self.on_field[uid] = creature
        self.events.append(
            (ENTER, PUBLIC, seat, uid, creature.card.name, creature.atk, creature.hp, dry)
        )
        return creature


# ---------------------------------------------------------------------- operations


def _creatures(state: FoodChainState, refs: Any) -> list[Creature]:
    on_field = state.on_field
    return [c for r in refs if r >= 0 and (c := on_field.get(r)) is not None]


def _op_damage(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for ref in refs:
        if ref < 0:
            state.damage_player(-1 - ref, op.amount, combat=False)
        elif (creature := state.on_field.get(ref)) is not None:
            state.hurt(creature, op.amount)


def _op_heal(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for ref in refs:
        if ref < 0:
            state.heal_player(-1 - ref, op.amount)
        elif (creature := state.on_field.get(ref)) is not None:
            state.heal_creature(creature, op.amount)


def _op_kill(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for creature in _creatures(state, refs):
        creature.hp = min(creature.hp, 0)


def _op_destroy(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    """Destroy: to carrion without being slain (rules §9 exempts "destroy")."""
    for creature in _creatures(state, refs):
        state.events.append((DIES, PUBLIC, creature.uid, creature.card.name, False))
        state.leave_field(creature, CARRION)


def _op_sacrifice(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    """A sacrificed creature dies like a killed one: the death clean-up that follows every
    op slays it and its on-slain fires (rules §9 exempts only being eaten and "destroy").
    The option ``sacrifice_not_slain`` brings back the original engine's destroy-like
    sacrifice."""
    if state.options.sacrifice_not_slain:
        _op_destroy(state, op, ctx, refs)
    else:
        _op_kill(state, op, ctx, refs)


def _op_return(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for ref in refs:
        creature = state.on_field.get(ref)
        if creature is not None:
            state.leave_field(creature, HAND)
            continue
        owner = state.owner[ref] if 0 <= ref < len(state.owner) else None
        if owner is not None and ref in state.carrion[owner]:
            state.carrion[owner].remove(ref)
            state.hands[owner].append(ref)
            state.revealed[owner].add(ref)
            state.events.append((MOVE, PUBLIC, ref, state.defs[ref].name, owner, CARRION, HAND))


def _op_steal(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    me = ctx.controller
    for creature in _creatures(state, refs):
        if creature.seat == me or state.field_count(me) >= 3:
            continue
        state.fields[creature.seat].remove(creature)
        creature.seat = me
        creature.exhausted = True
        creature.attacks = 0
        state.fields[me].append(creature)
        state.events.append((MOVE, PUBLIC, creature.uid, creature.card.name, me, "field", "field"))


def _op_draw(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for ref in refs:
        state.draw_cards(-1 - ref, op.amount)


def _op_discard(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    """Random cards of the player's hand go to exile, face up."""
    for ref in refs:
        seat = -1 - ref
        hand = state.hands[seat]
        for _ in range(op.amount):
            if not hand:
                break
            uid = hand.pop(state.rng.below(len(hand), "discard"))
            state.revealed[seat].discard(uid)
            state.exile[seat].append(uid)
            state.events.append((MOVE, PUBLIC, uid, state.defs[uid].name, seat, HAND, EXILE))


def _op_reveal(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    foe = 1 - ctx.controller
    hand = state.hands[foe]
    state.revealed[foe].update(hand)
    cards = [[uid, state.defs[uid].name] for uid in hand]
    state.events.append((REVEAL, ctx.controller, foe, cards))


def _op_tutor(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    """Choose a card of your deck; the options are listed by id, which says nothing about
    the deck's order."""
    me = ctx.controller
    options = tuple(
        Target(card=u) for u in sorted(state.decks[me]) if passes(state.defs[u], op.filter or "any")
    )
    if not options:
        return
    if len(options) == 1:
        _resume_tutor(state, options[0], me)
        return
    state.wait(
        me,
        "tutor",
        options,
        (_resume_tutor, me),
        f"{state.defs[ctx.source].name}: choose a card of your deck to take",
        ctx.source,
    )


def _op_add_to_hand(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    me = ctx.controller
    card = load_pool().card(op.card or "")
    for _ in range(op.amount):
        uid = state.new_card(card, me)
        state.hands[me].append(uid)
        state.revealed[me].add(uid)
        state.events.append((MOVE, PUBLIC, uid, card.name, me, "created", HAND))


def _op_summon(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    me = ctx.controller
    card = load_pool().card(op.card or "")
    placed = []
    for _ in range(op.amount):
        if state.field_count(me) >= 3:
            break
        placed.append(state.place_creature(me, state.new_card(card, me), token=True).uid)
    for uid in reversed(placed):
        state.push(trigger_step, uid, "on_play")


def _op_play(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    me = ctx.controller
    if state.field_count(me) >= 3:
        return
    zone = {"hand": state.hands, "deck": state.decks, "carrion": state.carrion}[
        op.source or "hand"
    ][me]
    options = tuple(
        Target(card=u) for u in sorted(zone) if passes(state.defs[u], op.filter or "creature")
    )
    if not options:
        return
    if len(options) == 1:
        _resume_play(state, options[0], me, op.source or "hand")
        return
    state.wait(
        me,
        "play",
        options,
        (_resume_play, me, op.source or "hand"),
        f"{state.defs[ctx.source].name}: choose a card to play from your {op.source}",
        ctx.source,
    )


def _op_transform(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    card = load_pool().card(op.card or "")
    for creature in _creatures(state, refs):
        creature.card = card
        creature.atk, creature.hp, creature.max_hp = card.atk, card.hp, card.hp
        creature.kw, creature.strikes, creature.abilities = (
            card.keywords,
            card.strikes,
            card.abilities,
        )
        creature.frozen = creature.paralyzed = creature.dry = False
        state.events.append((TRANSFORM, PUBLIC, creature.uid, card.name))


def _op_buff(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for creature in _creatures(state, refs):
        creature.atk = max(0, creature.atk + op.atk)
        creature.hp += op.hp
        creature.max_hp += op.hp
        state.events.append(
            (STATS, PUBLIC, creature.uid, creature.atk, creature.hp, creature.max_hp)
        )


def _op_grant(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for creature in _creatures(state, refs):
        creature.kw |= op.keyword
        if op.keyword == MULTI_STRIKE:
            creature.strikes = max(creature.strikes, op.strikes)
        state.events.append(
            (KEYWORD, PUBLIC, creature.uid, keyword_names(op.keyword, op.strikes)[0], True)
        )


def _op_remove_keyword(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for creature in _creatures(state, refs):
        if creature.kw & op.keyword:
            creature.kw &= ~op.keyword
            if op.keyword == MULTI_STRIKE:
                creature.strikes = 1
            name = "Multi-Strike" if op.keyword == MULTI_STRIKE else keyword_names(op.keyword)[0]
            state.events.append((KEYWORD, PUBLIC, creature.uid, name, False))


def _op_remove_abilities(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for creature in _creatures(state, refs):
        creature.lose_everything()
        state.events.append((KEYWORD, PUBLIC, creature.uid, "all", False))


def _op_status(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for creature in _creatures(state, refs):
        if op.status == "frozen":
            creature.frozen = True
        else:
            creature.paralyze()
        state.events.append((STATUS, PUBLIC, creature.uid, op.status, True))


def _op_regen(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    for creature in _creatures(state, refs):
        state.heal_creature(creature, creature.max_hp - creature.hp)


def _op_copy_stats(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    """Take the target's ATK and HP: a creature's current numbers, a carrion card's base
    stats (ruling 11)."""
    me = state.on_field.get(ctx.source)
    if me is None or not refs:
        return
    other = state.on_field.get(refs[0])
    if other is not None:
        atk, hp = other.atk, other.hp
    else:
        card = state.defs[refs[0]]
        atk, hp = card.atk, card.hp
    if hp <= 0:
        return
    me.atk, me.hp, me.max_hp = atk, hp, hp
    state.events.append((STATS, PUBLIC, me.uid, me.atk, me.hp, me.max_hp))


def _op_copy_abilities(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    """Gain the target's printed keywords and abilities (added to this creature's own)."""
    me = state.on_field.get(ctx.source)
    if me is None or not refs:
        return
    card = state.defs[refs[0]]
    me.kw |= card.keywords
    me.strikes = max(me.strikes, card.strikes)
    merged = dict(me.abilities)
    for when, ops in card.abilities.items():
        merged[when] = merged.get(when, ()) + ops
    me.abilities = merged
    state.events.append((KEYWORD, PUBLIC, me.uid, f"copied {card.name}", True))


def _op_eat_enemy_prey(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    me = state.on_field.get(ctx.source)
    if me is None:
        return
    for prey in _creatures(state, refs):
        if prey.seat == me.seat or not prey.is_prey or prey.inedible():
            continue
        gain = prey.card.nutrition
        state.leave_field(prey, CARRION)
        me.atk += gain
        me.hp += gain
        me.max_hp += gain
        state.events.append((EAT, PUBLIC, me.seat, me.uid, [prey.uid], gain))


def _op_choose(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    usable = tuple(Choose(i) for i, (_, ops) in enumerate(op.options) if state.castable(ops, ctx))
    if not usable:
        return
    if len(usable) == 1:
        _resume_choose(state, usable[0], op, ctx)
        return
    labels = "; ".join(f"{c.option}: {op.options[c.option][0]}" for c in usable)
    state.wait(
        ctx.controller,
        "choose",
        usable,
        (_resume_choose, op, ctx),
        f"{state.defs[ctx.source].name}: choose one — {labels}",
        ctx.source,
    )


def _op_end_turn(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    state.end_requested = True


def _op_negate(state: FoodChainState, op: Op, ctx: Ctx, refs: Any) -> None:
    if op.what == "damage":
        state.no_damage.add(ctx.serial)
    else:
        state.cancelled.add(ctx.serial)
        if op.what == "combat":
            state.combat_closed = True


_OPS: dict[str, Any] = {
    "damage": _op_damage,
    "kill": _op_kill,
    "destroy": _op_destroy,
    "sacrifice": _op_sacrifice,
    "return_to_hand": _op_return,
    "steal": _op_steal,
    "draw": _op_draw,
    "heal": _op_heal,
    "discard": _op_discard,
    "reveal_hand": _op_reveal,
    "tutor": _op_tutor,
    "add_to_hand": _op_add_to_hand,
    "summon": _op_summon,
    "play": _op_play,
    "transform": _op_transform,
    "buff": _op_buff,
    "grant_keyword": _op_grant,
    "remove_keyword": _op_remove_keyword,
    "remove_abilities": _op_remove_abilities,
    "apply_status": _op_status,
    "regen": _op_regen,
    "copy_stats": _op_copy_stats,
    "copy_abilities": _op_copy_abilities,
    "eat_enemy_prey": _op_eat_enemy_prey,
    "choose": _op_choose,
    "end_turn": _op_end_turn,
    "negate": _op_negate,
}
IMPLEMENTED_OPS = frozenset(_OPS)
