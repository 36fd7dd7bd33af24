"""What the player to move may do: the legal menu of each phase, and for any other action
the specific reason it is refused.

`menu` builds the legal sequence (lazily, see menus.py); `refusal` checks one action
directly in O(1)-ish time without building the menu, which is what `apply` uses — so a
bot's action is validated as cheaply as it is played. The conformance kit pins the two
together (every listed action is accepted, every unlisted one refused).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

from . import cards
from .actions import (
    STOP_TRADING,
    Attack,
    Blitz,
    EndTurn,
    MoveIn,
    Place,
    StopAttacking,
    StopTrading,
    Trade,
    Transfer,
)
from .dice import MAX_ATTACK_DICE
from .maps import Pair
from .menus import AttackMenu, MoveInMenu, PlaceMenu, TransferMenu, valid_move_in_order

if TYPE_CHECKING:
    from .state import WarfishState

#: The phases of a game, as states, views and scenarios name them.
Phase = Literal["setup", "trade", "place", "attack", "move_in", "transfer", "over"]
SETUP: Final = "setup"
TRADE: Final = "trade"
PLACE: Final = "place"
ATTACK: Final = "attack"
MOVE_IN: Final = "move_in"
TRANSFER: Final = "transfer"
OVER: Final = "over"
NEUTRAL: Final = -1
FORCED_TRADE_HAND: Final = 5
UNLIMITED: Final = 1 << 30


def pending_move_in(state: WarfishState) -> tuple[int, int, int, int]:
    """The capture whose move-in is to decide, ``(source, target, low, high)``: the move-in
    phase always has one."""
    pending = state.pending
    if pending is None:
        raise RuntimeError(f"no move-in is pending in phase {state.phase}")
    return pending


def room(state: WarfishState, territory: int) -> int:
    """How many more units `territory` may hold (the max_units option; 0 there = no cap)."""
    cap = state.max_units
    return cap - state.units[territory] if cap else UNLIMITED


# --------------------------------------------------------------------- menus


def menu(state: WarfishState) -> Sequence[Any]:
    """The legal actions of the player to move, for the current phase."""
    phase = state.phase
    if phase == ATTACK:
        pairs, dice = attack_choices(state)
        return AttackMenu(pairs, dice)
    if phase in (PLACE, SETUP):
        seat, owner = state.seat, state.owner
        most = 1 if phase == SETUP else state.to_place
        limit = state.max_units
        if not limit:
            if phase == SETUP:  # nobody's territories change during the setup
                kept = state.setup_menus.get(seat)
                if kept is None:
                    kept = state.setup_menus[seat] = _place_menu(state, 1)
                return kept
            return _place_menu(state, most)
        units = state.units
        spots = [(t, min(most, limit - units[t])) for t, o in enumerate(owner) if o == seat]
        spots = [(t, cap) for t, cap in spots if cap > 0]
        return PlaceMenu(tuple(t for t, _ in spots), tuple(cap for _, cap in spots))
    if phase == TRADE:
        trades: list[Any] = [Trade(s) for s in cards.sets_in(state.map, state.hands[state.seat])]
        if may_stop_trading(state):
            trades.append(STOP_TRADING)
        return trades
    if phase == MOVE_IN:
        _, _, low, high = pending_move_in(state)
        return MoveInMenu(low, high)
    if phase == TRANSFER:
        pairs, caps = transfer_choices(state)
        return TransferMenu(pairs, caps)
    return ()


def _place_menu(state: WarfishState, most: int) -> PlaceMenu:
    """Up to `most` units on any territory of the seat to move (no max_units)."""
    territories = tuple(state.holdings.of[state.seat])
    return PlaceMenu(territories, (most,) * len(territories))


def attack_choices(state: WarfishState) -> tuple[tuple[Pair, ...], tuple[int, ...]]:
    """Every (source, target) the player to move may attack, with the most dice for each:
    sources in territory order (read off the kept `holdings`, not a scan of the map),
    each one's targets in border order; the pairs are the map's own (`attack_pairs`)."""
    if not attacks_left(state):
        return (), ()
    seat, owner, units, rows = state.seat, state.owner, state.units, state.attack_pairs
    pairs: list[Pair] = []
    dice: list[int] = []
    for source in state.holdings.of[seat]:  # plain loops: this runs at every attack
        most = units[source] - 1
        if most > 0:
            if most > MAX_ATTACK_DICE:
                most = MAX_ATTACK_DICE
            for pair in rows[source]:
                if owner[pair[1]] != seat:
                    pairs.append(pair)
                    dice.append(most)
    return tuple(pairs), tuple(dice)


def can_attack(state: WarfishState) -> bool:
    """Whether any attack is possible (cheaper than building the menu)."""
    if not attacks_left(state):
        return False
    seat, owner, units, adj = state.seat, state.owner, state.units, state.adj
    for source in state.holdings.of[seat]:
        if units[source] >= 2:
            for target in adj[source]:
                if owner[target] != seat:
                    return True
    return False


def attacks_left(state: WarfishState) -> int:
    limit = state.attack_limit
    return limit - state.attacks if limit else UNLIMITED


def reachable(state: WarfishState, source: int) -> list[int]:
    """Own territories reachable from `source` along borders through own territories only
    (the "connected" transfer rule), excluding `source` itself, in index order."""
    seat, owner, adj = state.seat, state.owner, state.adj
    seen = {source}
    frontier = [source]
    while frontier:
        here = frontier.pop()
        for there in adj[here]:
            if there not in seen and owner[there] == seat:
                seen.add(there)
                frontier.append(there)
    seen.discard(source)
    return sorted(seen)


def transfer_choices(
    state: WarfishState, first_only: bool = False
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Every (source, target) transfer of the player to move, with the most units for each
    (with `first_only`, stop at the first: enough to know whether any exists)."""
    seat, owner, units, adj = state.seat, state.owner, state.units, state.adj
    connected = state.options.transfer_rule == "connected"
    limit = state.max_units
    pairs: list[tuple[int, int]] = []
    caps: list[int] = []
    for source in state.holdings.of[seat]:
        if units[source] < 2:
            continue
        targets = reachable(state, source) if connected else adj[source]
        for target in targets:
            if owner[target] == seat:
                most = units[source] - 1
                if limit and limit - units[target] < most:
                    most = limit - units[target]
                if most > 0:
                    pairs.append((source, target))
                    caps.append(most)
                    if first_only:
                        return tuple(pairs), tuple(caps)
    return tuple(pairs), tuple(caps)


def may_stop_trading(state: WarfishState) -> bool:
    """Trading is optional below five cards at the start of a turn; after a card capture
    mid-turn only the forced trades happen, so the phase ends by itself."""
    return not state.forced_only and len(state.hands[state.seat]) < FORCED_TRADE_HAND


# --------------------------------------------------------------------- refusals
#
# Each check takes the action as `Any`: its fields are read as sent (a bot's reply or a
# test may put any value there), so a compiled build (mypyc converts a typed field to its
# annotated type as it reads it, turning ``True`` into 1) refuses them as pure Python does.


def refusal(state: WarfishState, action: Any) -> str | None:
    """Why the player to move may not play `action` now, or None when it is legal."""
    check = _CHECKS.get(type(action))
    if check is None:
        return f"{action!r} is not a warfish action"
    return check(state, action)


def _phase(state: WarfishState, wanted: tuple[str, ...], what: str) -> str | None:
    if state.phase in wanted:
        return None
    return f"cannot {what} now: the phase is {state.phase}"


def _territory(state: WarfishState, t: Any, role: str) -> str | None:
    if type(t) is not int or not 0 <= t < state.map.size:
        return f"{role} {t!r} is not a territory of map {state.map.key!r} (0-{state.map.size - 1})"
    return None


def _name(state: WarfishState, t: int) -> str:
    return state.map.names[t]


def _owned(state: WarfishState, t: int, role: str) -> str | None:
    if state.owner[t] != state.seat:
        return f"{role} {_name(state, t)} is not yours"
    return None


def _check_place(state: WarfishState, action: Any) -> str | None:
    reason = _phase(state, (SETUP, PLACE), "place units") or _territory(
        state, action.territory, "territory"
    )
    if reason:
        return reason
    t, count = action.territory, action.count
    reason = _owned(state, t, "territory")
    if reason:
        return reason
    if type(count) is not int or count < 1:
        return f"place at least 1 unit, not {count!r}"
    if state.phase == SETUP and count != 1:
        return "during setup units are placed one at a time (count 1)"
    if state.phase == PLACE and count > state.to_place:
        return f"only {state.to_place} unit(s) left to place, not {count}"
    if count > room(state, t):
        return (
            f"{_name(state, t)} holds {state.units[t]} and may hold at most "
            f"{state.options.max_units} (max_units)"
        )
    return None


def _check_trade(state: WarfishState, action: Any) -> str | None:
    reason = _phase(state, (TRADE,), "trade cards")
    if reason:
        return reason
    trio = action.cards
    if len(trio) != 3 or len(set(trio)) != 3:
        return f"a trade is three different cards, not {list(trio)}"
    hand = state.hands[state.seat]
    missing = [c for c in trio if c not in hand]
    if missing:
        return f"card(s) {missing} are not in your hand"
    if not cards.is_set(state.map, trio):
        return "not a set: trade three of a suit, one of each suit, or any two with a wild"
    return None


def _check_stop_trading(state: WarfishState, action: Any) -> str | None:
    reason = _phase(state, (TRADE,), "stop trading")
    if reason:
        return reason
    if not may_stop_trading(state):
        held = len(state.hands[state.seat])
        return f"with {held} cards you must trade a set (forced at {FORCED_TRADE_HAND})"
    return None


def _check_target(state: WarfishState, source: Any, target: Any) -> str | None:
    reason = _territory(state, source, "source") or _territory(state, target, "target")
    if reason:
        return reason
    reason = _owned(state, source, "source")
    if reason:
        return reason
    if state.owner[target] == state.seat:
        return f"target {_name(state, target)} is yours"
    if target not in state.map.adj_sets[source]:
        one_way = source in state.map.adj_sets[target]
        return f"no border from {_name(state, source)} to {_name(state, target)}" + (
            " (that border is one-way, the other direction)" if one_way else ""
        )
    if state.units[source] < 2:
        return f"{_name(state, source)} needs at least 2 units to attack"
    if not attacks_left(state):
        return f"no attacks left this turn (attacks_per_turn {state.options.attacks_per_turn})"
    return None


def _check_move_in_order(action: Any) -> str | None:
    if valid_move_in_order(action.move_in):
        return None
    return f"move_in, if given, is a whole number of at least 0, not {action.move_in!r}"


def _check_attack(state: WarfishState, action: Any) -> str | None:
    reason = (
        _phase(state, (ATTACK,), "attack")
        or _check_target(state, action.source, action.target)
        or _check_move_in_order(action)
    )
    if reason:
        return reason
    most = min(MAX_ATTACK_DICE, state.units[action.source] - 1)
    if type(action.dice) is not int or not 1 <= action.dice <= most:
        source = _name(state, action.source)
        return f"attack with 1 to {most} dice from {source}, not {action.dice!r}"
    return None


def _check_blitz(state: WarfishState, action: Any) -> str | None:
    return (
        _phase(state, (ATTACK,), "blitz")
        or _check_target(state, action.source, action.target)
        or _check_move_in_order(action)
    )


def _check_stop_attacking(state: WarfishState, action: Any) -> str | None:
    return _phase(state, (ATTACK,), "stop attacking")


def _check_move_in(state: WarfishState, action: Any) -> str | None:
    reason = _phase(state, (MOVE_IN,), "move in")
    if reason:
        return reason
    _, _, low, high = pending_move_in(state)
    if type(action.count) is not int or not low <= action.count <= high:
        return f"move in {low} to {high} units, not {action.count!r}"
    return None


def _check_transfer(state: WarfishState, action: Any) -> str | None:
    reason = (
        _phase(state, (TRANSFER,), "transfer")
        or _territory(state, action.source, "source")
        or _territory(state, action.target, "target")
    )
    if reason:
        return reason
    source, target, count = action.source, action.target, action.count
    reason = _owned(state, source, "source") or _owned(state, target, "target")
    if reason:
        return reason
    if source == target:
        return "a transfer moves units between two different territories"
    if state.options.transfer_rule == "connected":
        if target not in reachable(state, source):
            return (
                f"no path of your territories from {_name(state, source)} to {_name(state, target)}"
            )
    elif target not in state.map.adj_sets[source]:
        return f"no border from {_name(state, source)} to {_name(state, target)}"
    most = min(state.units[source] - 1, room(state, target))
    if most < 1:
        why = "must keep 1 unit" if state.units[source] < 2 else "is full (max_units)"
        where = _name(state, source) if state.units[source] < 2 else _name(state, target)
        return f"nothing can be transferred from {_name(state, source)}: {where} {why}"
    if type(count) is not int or not 1 <= count <= most:
        return (
            f"transfer 1 to {most} units from {_name(state, source)} to "
            f"{_name(state, target)}, not {count!r} (leave at least 1"
            + (", max_units caps the target)" if state.options.max_units else ")")
        )
    return None


def _check_end_turn(state: WarfishState, action: Any) -> str | None:
    return _phase(state, (TRANSFER,), "end the turn (stop attacking first)")


_CHECKS: Final[dict[type, Callable[[Any, Any], str | None]]] = {
    Place: _check_place,
    Trade: _check_trade,
    StopTrading: _check_stop_trading,
    Attack: _check_attack,
    Blitz: _check_blitz,
    StopAttacking: _check_stop_attacking,
    MoveIn: _check_move_in,
    Transfer: _check_transfer,
    EndTurn: _check_end_turn,
}
