"""How effects resolve: running an effect's operations, triggered abilities and their
order, traps, the one death clean-up, and draws (which open a trap window).

An effect is a tuple of `Op`s resolved in order by `run_ops_step`; after each op the one
death clean-up (`deaths`) runs, so a creature at 0 HP leaves the field and its on-slain
fires exactly one way whatever killed it. A chosen target parks a decision; traps and
triggers push their own steps, so they resolve before the rest of what caused them.

The operations themselves are in `operations`; this module reaches them through the
state's ``operations`` table, because operations resolve effects in turn (a summoned token's
on-play, a played card's traps) and so import this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC

from .actions import Order, Target
from .cards import Op
from .cardtext import TARGET_WORDS
from .events import ABILITY, DIES, TARGET, TRAP
from .keywords import REGEN
from .phases import OVER
from .targets import Ctx, choices, fixed_refs, player_ref
from .vocabulary import CHOSEN
from .zones import CARRION, draw_card, leave_field, to_exile_step

if TYPE_CHECKING:
    from .creature import Creature
    from .state import FoodChainState

# The Regen keyword as an end-of-turn effect: the creature returns to its max HP.
REGEN_SELF = Op("regen", "self")

# A simultaneous effect waiting for its controller's order: the source card, its name, the
# trigger, the operations and their context.
Pending = tuple[int, str, str, tuple[Op, ...], Ctx]


# ---------------------------------------------------------------------- running operations


def run_ops_step(state: FoodChainState, ops: tuple[Op, ...], index: int, ctx: Ctx) -> None:
    """Op `index` of an effect, then the death clean-up, then the next op."""
    if index + 1 < len(ops):
        state.stack.append((run_ops_step, (ops, index + 1, ctx)))
    state.stack.append((deaths_step, ()))
    start_op(state, ops[index], ctx)


def start_op(state: FoodChainState, op: Op, ctx: Ctx) -> None:
    """Find what `op` acts on: nothing, a fixed or mass target, or a chosen one (a decision
    when there are several choices; nothing happens when there is none)."""
    target = op.target
    if target is None:
        apply_op(state, op, ctx, ())
    elif target in CHOSEN:
        options = choices(state, target, ctx, op)
        if not options:
            return
        if len(options) == 1:
            chosen(state, options[0], op, ctx)
            return
        state.wait(
            ctx.controller,
            "target",
            options,
            (_resume_target, op, ctx),
            target_prompt(state, op, ctx),
            ctx.source,
        )
    else:
        apply_op(state, op, ctx, fixed_refs(state, target, ctx))


def target_prompt(state: FoodChainState, op: Op, ctx: Ctx) -> str:
    """What the target decision of `op` asks, in words (the step that asks it and the
    board's preview of it, `previews`, both read it here)."""
    assert op.target is not None, "a target decision is for an op with a chosen target"
    return (
        f"{state.defs[ctx.source].name}: choose {TARGET_WORDS[op.target]} "
        f"({op.op.replace('_', ' ')})"
    )


def _resume_target(state: FoodChainState, action: Target, op: Op, ctx: Ctx) -> None:
    chosen(state, action, op, ctx)


def chosen(state: FoodChainState, action: Target, op: Op, ctx: Ctx) -> None:
    """A target was chosen: announce it; if it is the rival's creature (on the controller's
    own turn), the rival's "creature targeted" trap resolves first."""
    if action.player is not None:
        ref = player_ref(action.player)
    else:
        assert action.card is not None, "a target names a card or a player"
        ref = action.card
    state.events.append((TARGET, PUBLIC, ctx.controller, ctx.source, action.card, action.player))
    creature = state.on_field.get(ref) if ref >= 0 else None
    if creature is not None and creature.seat != ctx.controller and ctx.controller == state.active:
        state.stack.append((apply_step, (op, ctx, (ref,))))
        fire_trap(state, creature.seat, ("creature_targeted",), trigger=ref, serial=ctx.serial)
    else:
        apply_op(state, op, ctx, (ref,))


def apply_step(state: FoodChainState, op: Op, ctx: Ctx, refs: tuple[int, ...]) -> None:
    apply_op(state, op, ctx, refs)


def apply_op(state: FoodChainState, op: Op, ctx: Ctx, refs: tuple[int, ...] | list[int]) -> None:
    """Carry out `op` on `refs` (creature ids and player references)."""
    state.operations[op.op](state, op, ctx, refs)


# ---------------------------------------------------------------------- triggered abilities


def trigger_step(
    state: FoodChainState,
    uid: int,
    when: str,
    attacker: int | None = None,
    defender: int | None = None,
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
        run_ops_step(state, ops, 0, Ctx(seat, uid, kind, when, attacker, defender, None, serial))


def order_step(state: FoodChainState, seat: int, items: tuple[Pending, ...]) -> None:
    """Several simultaneous effects of one player: the player picks which goes next."""
    if len(items) == 1:
        _fire(state, items[0])
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


def _resume_order(
    state: FoodChainState, action: Order, seat: int, items: tuple[Pending, ...]
) -> None:
    # By position, not identity: compiled code may rebuild the tuples it passes around.
    at = next(index for index, item in enumerate(items) if item[0] == action.card)
    picked = items[at]
    rest = items[:at] + items[at + 1 :]
    if rest:
        state.stack.append((order_step, (seat, rest)))
    _fire(state, picked)


def _fire(state: FoodChainState, item: Pending) -> None:
    uid, name, when, ops, ctx = item
    state.events.append((ABILITY, PUBLIC, ctx.controller, uid, name, when))
    run_ops_step(state, ops, 0, ctx)


def queue_triggers(state: FoodChainState, by_seat: dict[int, list[Pending]]) -> None:
    """Schedule simultaneous triggered effects: the active player's resolve first, each
    player choosing the order of their own when they have several (rules §12)."""
    for seat in (1 - state.active, state.active):
        items = by_seat.get(seat)
        if items:
            state.stack.append((order_step, (seat, tuple(items))))


def queue_turn_effects(state: FoodChainState, when: str) -> None:
    """The active player's start- or end-of-turn effects, one per source, in the order they
    choose. Regen is one of the end-of-turn effects (companion ruling 7): a creature's
    end-of-turn ability and its Regen resolve together, ability first **(ours)**, since an
    order decision names a source card."""
    seat = state.active
    regen = when == "end_of_turn" and not state.options.paralysis_before_thaw
    items: list[Pending] = []
    for creature in state.fields[seat]:
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
    spell = state.field_spell[seat]
    if spell is not None:
        ops = state.defs[spell].abilities.get(when)
        if ops:
            items.append(
                (spell, state.defs[spell].name, when, ops, Ctx(seat, spell, "field", when))
            )
    if items:
        queue_triggers(state, {seat: items})


# ---------------------------------------------------------------------- traps


def fire_trap(
    state: FoodChainState,
    owner: int,
    windows: tuple[str, ...],
    attacker: int | None = None,
    defender: int | None = None,
    trigger: int | None = None,
    serial: int = 0,
) -> bool:
    """Fire `owner`'s trap for this event, if any: only on the rival's turn, the matching
    trap that has been in hand longest, one per event (companion ruling 8). It leaves the
    hand now and goes to exile once resolved."""
    if owner == state.active or state.phase == OVER:
        return False
    hand = state.hands[owner]
    defs = state.defs
    for uid in hand:
        card = defs[uid]
        if card.trigger is not None and card.trigger in windows:
            hand.remove(uid)
            state.revealed[owner].discard(uid)
            state.events.append((TRAP, PUBLIC, owner, uid, card.name, card.trigger))
            state.stack.append((to_exile_step, (owner, uid)))
            ctx = Ctx(owner, uid, "trap", card.trigger, attacker, defender, trigger, serial)
            state.stack.append((run_ops_step, (card.effect, 0, ctx)))
            return True
    return False


def draw_cards(state: FoodChainState, seat: int, count: int) -> None:
    """`seat` draws up to `count` cards (an empty deck just stops drawing); a draw on a
    seat's own turn opens the rival's "rival draws" trap window."""
    drew = 0
    for _ in range(count):
        if not state.decks[seat]:
            break
        draw_card(state, seat)
        drew += 1
    if drew and seat == state.active and state.phase != OVER:
        fire_trap(state, 1 - seat, ("rival_draws",), serial=state.new_serial())


# ---------------------------------------------------------------------- deaths


def deaths_step(state: FoodChainState) -> None:
    deaths(state)


def deaths(state: FoodChainState) -> None:
    """Death clean-up, the only one: creatures at 0 HP or below go to carrion (slain), then
    the victory check, then on-slain abilities (each player ordering their own, the active
    player's first) and the rival's "creature slain" traps."""
    active = state.active
    fields = state.fields
    if _anyone_dying(fields[0]) or _anyone_dying(fields[1]):
        triggers: dict[int, list[Pending]] = {0: [], 1: []}
        slain_traps = []
        for seat in (active, 1 - active):
            for creature in [c for c in fields[seat] if c.hp <= 0]:
                state.events.append((DIES, PUBLIC, creature.uid, creature.card.name, True))
                leave_field(state, creature, CARRION)
                ops = creature.abilities.get("on_slain")
                if ops:
                    ctx = Ctx(seat, creature.uid, "creature", "on_slain")
                    triggers[seat].append((creature.uid, creature.card.name, "on_slain", ops, ctx))
                if seat != active:
                    slain_traps.append((seat, creature.uid))
        state.check_victory()
        if state.phase == OVER:
            return
        for seat, uid in slain_traps:
            fire_trap(state, seat, ("creature_slain",), trigger=uid)
        queue_triggers(state, triggers)
    else:
        state.check_victory()


def _anyone_dying(field: list[Creature]) -> bool:
    """Whether a creature of `field` is at 0 HP or below (asked after every operation; a
    loop, which on fields of three costs less than `any` over a generator)."""
    for creature in field:  # noqa: SIM110 (see the docstring)
        if creature.hp <= 0:
            return True
    return False
