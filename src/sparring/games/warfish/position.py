"""Building any Warfish position from plain data (a dict, as TOML or JSON gives it), for
scenarios and tests.

A position names the owner and units of every territory (by name; ``rest`` covers the
territories not listed), the cards (hands, deck, discard pile: card ids, territory names
or ``"wild"``), the phase, the seat whose turn it is and the turn's progress (units left to
place, a capture made, sets traded, attack rolls and transfers used, a pending move-in).
The state is a real `WarfishState` made by the engine and then written over, so everything
after it runs the engine's own code. The position has no history: its events and draws
are cleared.

``phase = "start"`` (the default) starts the seat's turn through the engine itself
(`begin_turn`): the income is computed and the turn goes to trading (with a set) or to
placement. Any other phase is taken as given, and must hold a real decision, as the engine
never stops where nothing is to decide (a trade phase needs a set, an attack phase an
attack, a move-in two possible counts).

Positions no game can reach are refused with a one-line `BadInput` naming the place
(``position.territories.Icelnd: unknown territory 'Icelnd' on map 'classic'; did you mean
'Iceland'?``): a territory listed twice, an owner that is no seat, fewer than 1 unit, more
than ``max_units``, a card in two places, an eliminated seat holding territories, a seat to
act that is out of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from difflib import get_close_matches
from typing import Any

from sparring.core.errors import BadInput
from sparring.core.scenario import Node, check_range, list_of, show

from . import cards
from .legal import (
    ATTACK,
    FORCED_TRADE_HAND,
    MOVE_IN,
    NEUTRAL,
    OVER,
    PLACE,
    SETUP,
    TRADE,
    TRANSFER,
    attacks_left,
    can_attack,
    room,
    transfer_choices,
)
from .maps import WarfishMap
from .options import WarfishOptions
from .state import WarfishState

START = "start"
PHASES = (START, SETUP, TRADE, PLACE, ATTACK, MOVE_IN, TRANSFER, OVER)
NEUTRAL_NAME = "neutral"
WILD_NAME = "wild"
DRAW = "draw"
KEYS = (
    "phase",
    "seat",
    "round",
    "territories",
    "rest",
    "hands",
    "deck",
    "discard",
    "trades",
    "eliminated",
    "to_place",
    "captured",
    "attacks",
    "transfers",
    "card_bonus_used",
    "forced_trade",
    "move_in",
    "setup_left",
    "winner",
    "end_reason",
)
# Turn fields and the phases that may give them (the others start each turn at zero).
_TURN_FIELDS: dict[str, tuple[str, ...]] = {
    "to_place": (TRADE, PLACE, MOVE_IN),
    "captured": (TRADE, PLACE, ATTACK, MOVE_IN, TRANSFER),
    "attacks": (TRADE, PLACE, ATTACK, MOVE_IN, TRANSFER),
    "transfers": (TRANSFER,),
    "card_bonus_used": (TRADE, PLACE, ATTACK, MOVE_IN, TRANSFER),
    "forced_trade": (TRADE,),
    "move_in": (MOVE_IN,),
    "setup_left": (SETUP,),
    "winner": (OVER,),
    "end_reason": (OVER,),
}


# --------------------------------------------------------------------- names


def territory_id(board: WarfishMap, where: str, value: Any) -> int:
    """A territory by name (any case) or index, with the nearest name suggested."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise BadInput(f"{where}: expected a territory name, got {show(value)}")
    if isinstance(value, int):
        check_range(where, value, 0, board.size - 1)
        return value
    try:
        return board.territory(value)
    except BadInput:
        near = get_close_matches(value, board.names, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise BadInput(f"{where}: unknown territory {value!r} on map {board.key!r}{hint}") from None


def card_label(board: WarfishMap, card: int) -> str:
    """A card as scenarios write it: its territory's name, or ``"wild"``."""
    return WILD_NAME if card >= board.size else board.names[card]


def card_labels(board: WarfishMap, ids: list[int]) -> list[str]:
    """Cards as sorted labels, so hands compare as multisets (the two wilds alike)."""
    return sorted(card_label(board, c) for c in ids)


class CardReader:
    """Reads cards of one position: ``"wild"`` takes the next wild not yet given (card
    ids T, then T+1), so the two wilds may be written alike."""

    def __init__(self, board: WarfishMap) -> None:
        self.board = board
        self.wilds_left = [board.size, board.size + 1]

    def card(self, where: str, value: Any) -> int:
        board = self.board
        if isinstance(value, str) and value.strip().lower() == WILD_NAME:
            if not self.wilds_left:
                raise BadInput(f"{where}: there are only two wilds")
            return self.wilds_left.pop(0)
        if isinstance(value, int) and not isinstance(value, bool):
            check_range(where, value, 0, cards.deck_size(board) - 1)
            if value in self.wilds_left:
                self.wilds_left.remove(value)
            return value
        return territory_id(board, where, value)


# --------------------------------------------------------------------- reading


def owner_id(where: str, value: Any, players: int) -> int:
    """A seat, or "neutral" (`NEUTRAL`)."""
    if isinstance(value, str) and value.lower() == NEUTRAL_NAME:
        return NEUTRAL
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(
            f"{where}: expected a seat (0-{players - 1}) or 'neutral', got {show(value)}"
        )
    check_range(where, value, 0, players - 1)
    return value


def owner_units(where: str, value: Any, players: int) -> tuple[int, int]:
    """``[owner, units]`` or ``{ owner = ..., units = ... }``; owner a seat or "neutral"."""
    if isinstance(value, list):
        if len(value) != 2:
            raise BadInput(f"{where}: expected [owner, units], got {show(value)}")
        owner, units = value
        if isinstance(units, bool) or not isinstance(units, int):
            raise BadInput(f"{where}[1]: expected the units, an integer, got {show(units)}")
        return owner_id(f"{where}[0]", owner, players), units
    if isinstance(value, dict):
        node = Node(value, where)
        owner = owner_id(node.path("owner"), node.get("owner", (int, str)), players)
        units = node.get("units", int)
        node.finish()
        return owner, units
    raise BadInput(f"{where}: expected [owner, units] or {{ owner, units }}, got {show(value)}")


def _board(node: Node, board: WarfishMap, players: int) -> tuple[list[int], list[int]]:
    """Owner and units per territory: the listed ones, then `rest` for the others."""
    owner: list[int | None] = [None] * board.size
    units = [0] * board.size
    listed = node.table("territories")
    if listed is not None:
        for key in listed.present():
            where = listed.path(key)
            t = territory_id(board, where, key)
            if owner[t] is not None:
                raise BadInput(f"{where}: {board.names[t]} is listed twice")
            owner[t], units[t] = owner_units(where, listed.get(key, (list, dict)), players)
        listed.finish()
    if node.has("rest"):
        rest = owner_units(node.path("rest"), node.get("rest", (list, dict)), players)
        for t in range(board.size):
            if owner[t] is None:
                owner[t], units[t] = rest
    missing = [board.names[t] for t in range(board.size) if owner[t] is None]
    if missing:
        raise BadInput(
            f"{node.path('territories')}: {missing[0]!r} is not given "
            f"({len(missing)} missing): list it, or give `rest` for every territory not listed"
        )
    return [o for o in owner if o is not None], units


def _cards(node: Node, board: WarfishMap, options: WarfishOptions) -> dict[str, Any]:
    """Hands, deck and discard pile; every card in at most one place. A deck or discard
    pile left out gets the cards no other place holds (the deck first)."""
    reader = CardReader(board)
    seen: dict[int, str] = {}

    def take(where: str, values: Any) -> list[int]:
        items = list_of(where, values, (int, str), None)
        out = []
        for index, item in enumerate(items):
            place = f"{where}[{index}]"
            card = reader.card(place, item)
            if card in seen:
                raise BadInput(f"{place}: card {card_label(board, card)} is also in {seen[card]}")
            seen[card] = where
            out.append(card)
        return out

    players = options.players
    hands: list[list[int]] = [[] for _ in range(players)]
    table = node.table("hands")
    if table is not None:
        seats = {f"seat{s}": s for s in range(players)}
        table.allow(*seats)
        table.finish()
        for key in table.present():
            hands[seats[key]] = take(table.path(key), table.get(key, list))
    deck = take(node.path("deck"), node.get("deck", list)) if node.has("deck") else None
    discard = take(node.path("discard"), node.get("discard", list)) if node.has("discard") else None
    if not options.cards:
        if seen:
            raise BadInput(f"{next(iter(seen.values()))}: cards are off (option cards = false)")
        return {"hands": hands, "deck": [], "discard": []}
    rest = [c for c in range(cards.deck_size(board)) if c not in seen]
    if deck is None:
        deck, rest = rest, []
    elif discard is None:
        discard, rest = rest, []
    if rest:
        raise BadInput(
            f"{node.path('discard')}: card {card_label(board, rest[0])} is in no hand, "
            f"the deck or the discard pile ({len(rest)} such cards)"
        )
    return {"hands": hands, "deck": sorted(deck), "discard": discard or []}


def _no_stray_fields(node: Node, phase: str) -> None:
    for key, phases in _TURN_FIELDS.items():
        if node.has(key) and phase not in phases:
            allowed = ", ".join(phases)
            raise BadInput(f"{node.path(key)}: given in phase {phase!r}; only in {allowed}")


# --------------------------------------------------------------------- building


def build(
    data: dict[str, Any],
    options: WarfishOptions | None = None,
    seed: int = 0,
    where: str = "position",
) -> WarfishState:
    """The `WarfishState` of the position `data` (see the module docstring) on `options`."""
    options = options or WarfishOptions()
    board = options.board
    players = options.players
    node = Node(data, where)
    node.allow(*KEYS)
    node.finish()
    phase = node.get("phase", str, START)
    if phase not in PHASES:
        raise BadInput(f"{node.path('phase')}: expected one of {', '.join(PHASES)}, got {phase!r}")
    _no_stray_fields(node, phase)
    seat = node.integer("seat", 0, 0, players - 1)
    low_round = 0 if phase == SETUP else 1
    high_round = 0 if phase == SETUP else options.round_cap
    rnd = node.integer("round", low_round, low_round, high_round)
    owner, units = _board(node, board, players)
    zones = _cards(node, board, options)
    trades = node.integer("trades", 0, 0)
    state = WarfishState(seed, options)
    state.events = []
    state.rng.log.clear()
    state.owner[:] = owner
    state.units[:] = units
    state.hands = zones["hands"]
    state.deck = zones["deck"]
    state.discard = zones["discard"]
    state.trades = trades
    state.recount()
    state.setup_left = [0] * players
    state.round = rnd
    state.pending = None
    state.winner = None
    state.end_reason = ""
    _check_board(node, state)
    _check_seats(node, state, phase, seat)
    if phase == START:
        state.begin_turn(seat)
        if state.seat != seat or state.phase == OVER:
            raise BadInput(
                f"{node.path('phase')}: seat {seat} has nothing to decide in its turn, so the "
                "engine passed it by itself; start from a position with a decision"
            )
    else:
        state.seat = seat
        state.phase = phase
        _TURN[phase](node, state)
    state.recount()
    return state


def _check_board(node: Node, state: WarfishState) -> None:
    """Units on every territory: at least 1 (a move-in target is written with 0), at most
    max_units."""
    board, limit = state.map, state.options.max_units
    target = _move_in_target(node, board)
    for t, count in enumerate(state.units):
        where = node.path("territories") + "." + board.names[t]
        low = 0 if t == target else 1
        if count < low or (t == target and count != 0):
            wanted = (
                "0 (the move-in target is empty until the move-in)"
                if t == target
                else ("at least 1 unit")
            )
            raise BadInput(f"{where}: expected {wanted}, got {count}")
        if limit and count > limit:
            raise BadInput(f"{where}: {count} units, but max_units is {limit}")


def _move_in_target(node: Node, board: WarfishMap) -> int | None:
    if not node.has("move_in"):
        return None
    table = node.get("move_in", dict)
    return territory_id(board, node.path("move_in") + ".target", table.get("target"))


def _check_seats(node: Node, state: WarfishState, phase: str, seat: int) -> None:
    """Eliminated seats own nothing and hold no cards; the game goes on with two or more
    players (unless over) and the seat to act is one of them."""
    players = state.num_players
    out = [s for s in range(players) if not state.alive[s]]
    if node.has("eliminated"):
        where = node.path("eliminated")
        given = list_of(where, node.get("eliminated", list), int, None)
        for index, s in enumerate(given):
            check_range(f"{where}[{index}]", s, 0, players - 1)
        for s in sorted(set(given) ^ set(out)):
            if s in given:
                count = state.territory_count[s]
                raise BadInput(f"{where}: seat {s} is listed but holds {count} territories")
            raise BadInput(f"{where}: seat {s} holds no territory, so it is eliminated: list it")
    for s in out:
        if state.hands[s]:
            raise BadInput(f"{node.path('hands')}.seat{s}: seat {s} is eliminated and holds cards")
    living = players - len(out)
    if phase != OVER and living < 2:
        raise BadInput(
            f"{node.path('territories')}: only {living} player(s) hold territories; the game "
            "would be over (give phase = 'over')"
        )
    if phase != OVER and not state.alive[seat]:
        raise BadInput(f"{node.path('seat')}: seat {seat} holds no territory, so cannot act")


# --------------------------------------------------------------------- the phases


def _turn(node: Node, state: WarfishState, to_place: int) -> None:
    """The turn's progress shared by the phases after setup."""
    state.to_place = node.integer("to_place", to_place, 0)
    state.captured = node.get("captured", bool, False)
    state.attacks = node.integer("attacks", 0, 0)
    state.transfers = node.integer("transfers", 0, 0)
    state.bonus_used = node.get("card_bonus_used", bool, False)
    state.forced_only = node.get("forced_trade", bool, False)
    limit = state.options.attacks_per_turn
    if limit and state.attacks > limit:
        raise BadInput(f"{node.path('attacks')}: at most attacks_per_turn ({limit})")


def _refuse(node: Node, key: str, why: str) -> None:
    raise BadInput(f"{node.path(key)}: {why}")


def _income(state: WarfishState) -> int:
    base, bonus = state.income(state.seat)
    return base + bonus


def _setup(node: Node, state: WarfishState) -> None:
    players, start = state.num_players, state.options.start_units()
    default = [max(0, start - state.unit_count[s]) if state.alive[s] else 0 for s in range(players)]
    if node.has("setup_left"):
        where = node.path("setup_left")
        given = list_of(where, node.get("setup_left", list), int, players)
        for index, count in enumerate(given):
            check_range(f"{where}[{index}]", count, 0, None)
        default = list(given)
    state.setup_left = default
    seat = state.seat
    if not default[seat] or not any(
        o == seat and room(state, t) > 0 for t, o in enumerate(state.owner)
    ):
        _refuse(node, "seat", f"seat {seat} has no setup unit to place (or no room)")


def _trade(node: Node, state: WarfishState) -> None:
    _turn(node, state, 0 if node.get("forced_trade", bool, False) else _income(state))
    hand = state.hands[state.seat]
    if not state.options.cards:
        _refuse(node, "phase", "cards are off (option cards = false)")
    if state.forced_only and len(hand) < FORCED_TRADE_HAND:
        _refuse(node, "forced_trade", f"a forced trade needs {FORCED_TRADE_HAND}+ cards in hand")
    if not cards.has_set(state.map, hand):
        _refuse(node, "phase", f"seat {state.seat}'s hand holds no set, so nothing to trade")


def _place(node: Node, state: WarfishState) -> None:
    _turn(node, state, _income(state))
    if state.to_place < 1:
        _refuse(node, "to_place", "the place phase needs at least 1 unit to place")
    seat = state.seat
    if not any(o == seat and room(state, t) > 0 for t, o in enumerate(state.owner)):
        _refuse(node, "phase", f"seat {seat} has no territory with room (max_units)")


def _attack(node: Node, state: WarfishState) -> None:
    _turn(node, state, 0)
    if not attacks_left(state):
        _refuse(node, "attacks", "no attack rolls left this turn")
    if not can_attack(state):
        _refuse(node, "phase", f"seat {state.seat} has no attack to make")


def _move_in(node: Node, state: WarfishState) -> None:
    _turn(node, state, 0)
    board, seat = state.map, state.seat
    if not node.has("captured"):
        state.captured = True
    if not state.captured:
        _refuse(node, "captured", "a move-in follows a capture")
    table = Node(node.get("move_in", dict), node.path("move_in"))
    source = territory_id(board, table.path("source"), table.get("source", (int, str)))
    target = territory_id(board, table.path("target"), table.get("target", (int, str)))
    dice = table.integer("dice", None, 1, 3)
    table.finish()
    for role, t in (("source", source), ("target", target)):
        if state.owner[t] != seat:
            _refuse(node, f"move_in.{role}", f"{board.names[t]} must be seat {seat}'s")
    if target not in board.adj_sets[source]:
        _refuse(node, "move_in.target", f"no border from {board.names[source]}")
    if dice > state.units[source] - 1:
        _refuse(node, "move_in.dice", f"{board.names[source]} could not have rolled {dice} dice")
    cap = room(state, target)
    low, high = min(dice, cap), min(state.units[source] - 1, cap)
    if low >= high:
        _refuse(node, "move_in", "only one count is possible: the engine moves it by itself")
    state.pending = (source, target, low, high)


def _transfer(node: Node, state: WarfishState) -> None:
    _turn(node, state, 0)
    limit = state.options.transfers_per_turn
    if state.transfers >= limit:
        _refuse(node, "transfers", f"no transfer left this turn (transfers_per_turn {limit})")
    if not transfer_choices(state, first_only=True)[0]:
        _refuse(node, "phase", f"seat {state.seat} has no transfer to make")


def _over(node: Node, state: WarfishState) -> None:
    value = node.get("winner", (int, str), DRAW)
    where = node.path("winner")
    if value == DRAW:
        winner = None
    elif isinstance(value, int):
        check_range(where, value, 0, state.num_players - 1)
        if not state.alive[value]:
            _refuse(node, "winner", f"seat {value} holds no territory")
        winner = value
    else:
        raise BadInput(f"{where}: expected a seat or 'draw', got {show(value)}")
    state.winner = winner
    state.end_reason = node.get("end_reason", str, "position")


_TURN: dict[str, Callable[[Node, WarfishState], None]] = {
    SETUP: _setup,
    TRADE: _trade,
    PLACE: _place,
    ATTACK: _attack,
    MOVE_IN: _move_in,
    TRANSFER: _transfer,
    OVER: _over,
}
