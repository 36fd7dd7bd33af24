"""The operations an effect can perform (docs/games/foodchain-cards.md lists them), one
function each, and the table `OPERATIONS` by the name the card data uses.

Every operation gets the effect's context and what it acts on: creature ids (>= 0) and
player references (< 0, see `targets.player_ref`). A creature that has left the field in
the meantime is skipped. An operation that needs a choice of its own (tutor, play, choose)
parks a decision; deaths it causes are cleaned up by the step that follows every op.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC

from .actions import Choose, Target, card_of
from .cards import Op, load_pool
from .creature import Creature
from .damage import damage_player, heal_creature, heal_player, hurt
from .events import DIES, EAT, HIDDEN_MOVE, KEYWORD, MOVE, REVEAL, STATS, STATUS, TRANSFORM
from .keywords import MULTI_STRIKE, keyword_names
from .limits import FIELD_LIMIT
from .plays import declare_play
from .resolution import draw_cards, run_ops_step, trigger_step
from .targets import Ctx, castable, passes, seat_of
from .zones import CARRION, EXILE, HAND, leave_field, new_card, place_creature

if TYPE_CHECKING:
    from .state import FoodChainState

# What an operation acts on: creature ids and player references.
Refs = Sequence[int]
OpHandler = Callable[["FoodChainState", Op, Ctx, Refs], None]


def _resume_choose(state: FoodChainState, action: Choose, op: Op, ctx: Ctx) -> None:
    state.stack.append((run_ops_step, (op.options[action.option][1], 0, ctx)))


def _resume_tutor(state: FoodChainState, action: Target, seat: int) -> None:
    uid = card_of(action)
    state.decks[seat].remove(uid)
    state.hands[seat].append(uid)
    state.events.append((MOVE, seat, uid, state.defs[uid].name, seat, "deck", HAND))
    state.events.append((HIDDEN_MOVE, PUBLIC, seat, "deck", HAND))


def _resume_play(state: FoodChainState, action: Target, seat: int, zone: str) -> None:
    declare_play(state, seat, card_of(action), zone, "effect")


def _creatures(state: FoodChainState, refs: Refs) -> list[Creature]:
    on_field = state.on_field
    return [c for r in refs if r >= 0 and (c := on_field.get(r)) is not None]


def _op_damage(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for ref in refs:
        if ref < 0:
            damage_player(state, seat_of(ref), op.amount, combat=False)
        elif (creature := state.on_field.get(ref)) is not None:
            hurt(state, creature, op.amount)


def _op_heal(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for ref in refs:
        if ref < 0:
            heal_player(state, seat_of(ref), op.amount)
        elif (creature := state.on_field.get(ref)) is not None:
            heal_creature(state, creature, op.amount)


def _op_kill(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for creature in _creatures(state, refs):
        creature.hp = min(creature.hp, 0)


def _op_destroy(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    """Destroy: to carrion without being slain (rules §9 exempts "destroy")."""
    for creature in _creatures(state, refs):
        state.events.append((DIES, PUBLIC, creature.uid, creature.card.name, False))
        leave_field(state, creature, CARRION)


def _op_sacrifice(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    """A sacrificed creature dies like a killed one: the death clean-up that follows every
    op slays it and its on-slain fires (rules §9 exempts only being eaten and "destroy").
    The option ``sacrifice_not_slain`` brings back the original engine's destroy-like
    sacrifice."""
    if state.options.sacrifice_not_slain:
        _op_destroy(state, op, ctx, refs)
    else:
        _op_kill(state, op, ctx, refs)


def _op_return(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for ref in refs:
        creature = state.on_field.get(ref)
        if creature is not None:
            leave_field(state, creature, HAND)
            continue
        owner = state.owner[ref] if 0 <= ref < len(state.owner) else None
        if owner is not None and ref in state.carrion[owner]:
            state.carrion[owner].remove(ref)
            state.hands[owner].append(ref)
            state.revealed[owner].add(ref)
            state.events.append((MOVE, PUBLIC, ref, state.defs[ref].name, owner, CARRION, HAND))


def _op_steal(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    me = ctx.controller
    for creature in _creatures(state, refs):
        if creature.seat == me or state.field_count(me) >= FIELD_LIMIT:
            continue
        state.fields[creature.seat].remove(creature)
        creature.seat = me
        creature.exhausted = True
        creature.attacks = 0
        state.fields[me].append(creature)
        state.events.append((MOVE, PUBLIC, creature.uid, creature.card.name, me, "field", "field"))


def _op_draw(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for ref in refs:
        draw_cards(state, seat_of(ref), op.amount)


def _op_discard(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    """Random cards of the player's hand go to exile, face up."""
    for ref in refs:
        seat = seat_of(ref)
        hand = state.hands[seat]
        for _ in range(op.amount):
            if not hand:
                break
            uid = hand.pop(state.rng.below(len(hand), "discard"))
            state.revealed[seat].discard(uid)
            state.exile[seat].append(uid)
            state.events.append((MOVE, PUBLIC, uid, state.defs[uid].name, seat, HAND, EXILE))


def _op_reveal(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    foe = 1 - ctx.controller
    hand = state.hands[foe]
    state.revealed[foe].update(hand)
    cards = [[uid, state.defs[uid].name] for uid in hand]
    state.events.append((REVEAL, ctx.controller, foe, cards))


def _op_tutor(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
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


def _op_add_to_hand(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    me = ctx.controller
    card = load_pool().card(op.card or "")
    for _ in range(op.amount):
        uid = new_card(state, card, me)
        state.hands[me].append(uid)
        state.revealed[me].add(uid)
        state.events.append((MOVE, PUBLIC, uid, card.name, me, "created", HAND))


def _op_summon(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    me = ctx.controller
    card = load_pool().card(op.card or "")
    placed = []
    for _ in range(op.amount):
        if state.field_count(me) >= FIELD_LIMIT:
            break
        placed.append(place_creature(state, me, new_card(state, card, me), token=True).uid)
    for uid in reversed(placed):
        state.stack.append((trigger_step, (uid, "on_play")))


def _op_play(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    me = ctx.controller
    if state.field_count(me) >= FIELD_LIMIT:
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


def _op_transform(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
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


def _op_buff(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for creature in _creatures(state, refs):
        creature.atk = max(0, creature.atk + op.atk)
        creature.hp += op.hp
        creature.max_hp += op.hp
        state.events.append(
            (STATS, PUBLIC, creature.uid, creature.atk, creature.hp, creature.max_hp)
        )


def _op_grant(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for creature in _creatures(state, refs):
        creature.kw |= op.keyword
        if op.keyword == MULTI_STRIKE:
            creature.strikes = max(creature.strikes, op.strikes)
        state.events.append(
            (KEYWORD, PUBLIC, creature.uid, keyword_names(op.keyword, op.strikes)[0], True)
        )


def _op_remove_keyword(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for creature in _creatures(state, refs):
        if creature.kw & op.keyword:
            creature.kw &= ~op.keyword
            if op.keyword == MULTI_STRIKE:
                creature.strikes = 1
            name = "Multi-Strike" if op.keyword == MULTI_STRIKE else keyword_names(op.keyword)[0]
            state.events.append((KEYWORD, PUBLIC, creature.uid, name, False))


def _op_remove_abilities(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for creature in _creatures(state, refs):
        creature.lose_everything()
        state.events.append((KEYWORD, PUBLIC, creature.uid, "all", False))


def _op_status(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for creature in _creatures(state, refs):
        if op.status == "frozen":
            creature.frozen = True
        else:
            creature.paralyze()
        state.events.append((STATUS, PUBLIC, creature.uid, op.status, True))


def _op_regen(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    for creature in _creatures(state, refs):
        heal_creature(state, creature, creature.max_hp - creature.hp)


def _op_copy_stats(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
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


def _op_copy_abilities(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
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


def _op_eat_enemy_prey(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    me = state.on_field.get(ctx.source)
    if me is None:
        return
    for prey in _creatures(state, refs):
        if prey.seat == me.seat or not prey.is_prey or prey.inedible():
            continue
        gain = prey.card.nutrition
        leave_field(state, prey, CARRION)
        me.atk += gain
        me.hp += gain
        me.max_hp += gain
        state.events.append((EAT, PUBLIC, me.seat, me.uid, [prey.uid], gain))


def _op_choose(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    usable = tuple(Choose(i) for i, (_, ops) in enumerate(op.options) if castable(state, ops, ctx))
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


def _op_end_turn(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    state.end_requested = True


def _op_negate(state: FoodChainState, op: Op, ctx: Ctx, refs: Refs) -> None:
    if op.what == "damage":
        state.no_damage.add(ctx.serial)
    else:
        state.cancelled.add(ctx.serial)
        if op.what == "combat":
            state.combat_closed = True


OPERATIONS: dict[str, OpHandler] = {
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
IMPLEMENTED_OPS = frozenset(OPERATIONS)
