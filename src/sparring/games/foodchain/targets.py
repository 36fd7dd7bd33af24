"""What an effect refers to: its context (`Ctx`), the legal choices for a chosen target, the
creatures and players a fixed or mass target names, and whether an effect can be used at
all (a targeted one needs a legal choice: ruling 9).

Chosen targets respect Hidden (ability-targetable), Invisible (only a source with Acuity
may choose it) and Lure (while the rival has a Lure creature, it is the only *hostile*
choice, whatever order the keywords were gained in). Mass targets are not targeting and
reach every creature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .actions import Target
from .cards import CardDef, Op
from .keywords import ACUITY, INVISIBLE, LURE
from .vocabulary import CARRION_CHOSEN, CHOSEN, FIELD_SPELL, FREE_SPELL, PREDATOR, PREY, SPELL
from .vocabulary import TRAP as TRAP_CARD

if TYPE_CHECKING:
    from .state import FoodChainState


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


def seat_of(ref: int) -> int:
    """The seat a player reference (see `player_ref`) names."""
    return -1 - ref


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


def choices(
    state: FoodChainState, target: str, ctx: Ctx, op: Op | None = None
) -> tuple[Target, ...]:
    """The legal choices for a chosen target, in a stable order (module doc)."""
    me, foe = ctx.controller, 1 - ctx.controller
    if target in CARRION_CHOSEN:
        seats = (me,) if target == "carrion_creature" else (me, foe)
        return tuple(
            Target(card=u) for s in seats for u in state.carrion[s] if state.defs[u].is_creature
        )
    source = state.on_field.get(ctx.source) if ctx.kind == "creature" else None
    acuity = source is not None and bool(source.kw & ACUITY)
    enemies = state.fields[foe]
    lure = [c for c in enemies if c.kw & LURE]
    hostile = lure or [c for c in enemies if acuity or not c.kw & INVISIBLE]
    friendly = [c for c in state.fields[me] if acuity or not c.kw & INVISIBLE]
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


def fixed_refs(state: FoodChainState, target: str, ctx: Ctx) -> list[int]:
    """The players (see `player_ref`) and creatures a fixed or mass target names."""
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
        ref: int | None = getattr(ctx, target)
        return [] if ref is None else [ref]
    mine = [c.uid for c in state.fields[me]]
    theirs = [c.uid for c in state.fields[foe]]
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
        return [c.uid for c in state.fields[foe] if c.is_prey]
    raise AssertionError(f"unhandled target {target}")


def castable(state: FoodChainState, ops: tuple[Op, ...], ctx: Ctx) -> bool:
    """Whether every chosen target of `ops` has a legal choice now (ruling 9: a targeted
    spell or ability with none cannot be used); a modal op needs one usable option."""
    for op in ops:
        if op.target in CHOSEN and not choices(state, op.target, ctx, op):
            return False
        if op.options and not any(castable(state, o, ctx) for _, o in op.options):
            return False
    return True
