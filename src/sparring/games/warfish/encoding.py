"""Warfish for reinforcement learning: a seat's view as a vector, and the action table
(docs/rl.md, "Warfish"). Sizes follow the map (T territories) and the player count (P).

Seats are counted from the observer (0: itself, 1: the next, ...). The observation:

- the phase one-hot (7); the round over the round cap; whether it is the observer's turn
  and whose turn it is, one-hot (P); the deck size over T + 2; trades made over 10; the
  next trade's value over 60 (2 + P + 4);
- per seat (P × 5): alive, cards over 10, territories over T, units over 200, and whether
  its totals are shown (fog hides them);
- the turn's details where shown: units to place over 50, attacks left over 10 (1 when
  unlimited), transfers left over 10, a capture made, setup placements left over T; a
  pending move-in's source and target one-hot (T each) and its least and most over 50;
- the observer's hand, a multi-hot of card ids (T + 2);
- per territory (T × (P + 3)): its owner one-hot by relative seat (P), neutral, unseen
  (fog), its units over 50.

The action table: a token per territory (T) and per card (T + 2), the verbs ``place``,
``trade``, ``stop trading``, ``attack``, ``blitz``, ``stop attacking``, ``move in``,
``transfer``, ``end turn``, the dice ``1 die``..``3 dice`` and five amounts. An action is
its verb, then its territories (source, target), then its dice or amount: ``place T
amount``, ``attack S T dice``, ``blitz S T``, ``transfer S T amount``, ``move in amount``,
``trade C C C`` (ascending card ids). An amount names a point of the allowed range
[least, most]: least, a quarter, half, three quarters of the way, most (rounded half
up); other counts cannot be chosen (what is lost: placing 1-12 units offers 1, 4, 7, 9, 12),
and a range too small for five points offers each count once. Attacks carry no standing
move-in order (the move-in is asked when a capture happens).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sparring.rl.encoding import CONTINUE, Menu, Vector, menu_from_paths, one_hot, scaled

from .actions import Attack, Blitz, MoveIn, Place, StopTrading, Trade, Transfer
from .cards import WILDS
from .legal import ATTACK, MOVE_IN, OVER, PLACE, SETUP, TRADE, TRANSFER
from .maps import load_map
from .menus import AttackMenu, MoveInMenu, PlaceMenu, TransferMenu
from .options import WarfishOptions
from .views import View

PHASES = (SETUP, TRADE, PLACE, ATTACK, MOVE_IN, TRANSFER, OVER)
VERBS = (
    "place",
    "trade",
    "stop trading",
    "attack",
    "blitz",
    "stop attacking",
    "move in",
    "transfer",
    "end turn",
)
DICE = 3
#: The points of an allowed range an amount names, as fractions of the way from least
#: to most.
AMOUNTS = (0.0, 0.25, 0.5, 0.75, 1.0)
AMOUNT_NAMES = ("least", "a quarter", "half", "three quarters", "most")
#: Scales of the numbers (each clipped to [-1, 1] after scaling).
TERRITORY_UNITS_SCALE = 50
TOTAL_UNITS_SCALE = 200
COUNT_SCALE = 10
TRADE_VALUE_SCALE = 60


def amount_points(least: int, most: int) -> list[tuple[int, int]]:
    """The amounts of [least, most] as ``(amount token, count)``, each count once (the
    first token naming it)."""
    points: dict[int, int] = {}
    for token, fraction in enumerate(AMOUNTS):
        points.setdefault(least + int(fraction * (most - least) + 0.5), token)
    return [(token, count) for count, token in points.items()]


class WarfishEncoding:
    """The encoding of one map and player count."""

    depth = 4
    reads_log = False

    def __init__(self, options: WarfishOptions) -> None:
        names = load_map(options.map).names
        self.territories = territories = len(names)
        self.players = players = options.players
        self.card_base = territories
        self.verb_base = self.card_base + territories + WILDS
        self.dice_base = self.verb_base + len(VERBS)
        self.amount_base = self.dice_base + DICE
        self.action_names = [
            *(f"territory {name}" for name in names),
            *(f"card {name}" for name in names),
            *(f"card wild {wild + 1}" for wild in range(WILDS)),
            *VERBS,
            *(f"{dice} {'die' if dice == 1 else 'dice'}" for dice in range(1, DICE + 1)),
            *(f"amount {name}" for name in AMOUNT_NAMES),
        ]
        self.header_size = len(PHASES) + 2 + players + 3
        self.seat_size = 5
        self.turn_size = 5 + 2 * territories + 2
        self.hand_size = territories + WILDS
        self.territory_size = players + 3
        self._rows = np.arange(territories)
        self.feature_size = (
            self.header_size
            + players * self.seat_size
            + self.turn_size
            + self.hand_size
            + territories * self.territory_size
        )

    def _verb(self, name: str) -> int:
        return self.verb_base + VERBS.index(name)

    def _amounts(self, least: int, most: int, make: Any) -> Menu:
        return {
            self.amount_base + token: make(count) for token, count in amount_points(least, most)
        }

    def _pairs(self, pairs: Sequence[tuple[int, ...]], path: tuple[int, ...], last: Any) -> Menu:
        """The menu of a (source, target) decision after its verb: sources, then targets,
        then ``last(source, target)`` (the dice or amounts)."""
        if len(path) == 1:
            return dict.fromkeys((source for source, _ in pairs), CONTINUE)
        if len(path) == 2:
            return {target: CONTINUE for source, target in pairs if source == path[1]}
        result: Menu = last(path[1], path[2])
        return result

    def _place(self, legal: PlaceMenu, path: tuple[int, ...]) -> Menu:
        if not path:
            return {self._verb("place"): CONTINUE}
        if len(path) == 1:
            return dict.fromkeys(legal.territories, CONTINUE)
        territory = path[1]
        return self._amounts(1, legal.cap(territory), lambda count: Place(territory, count))

    def _transfer(self, legal: TransferMenu, path: tuple[int, ...]) -> Menu:
        if not path:
            menu: dict[int, Any] = {self._verb("transfer"): CONTINUE} if legal.pairs else {}
            menu.update({self._verb("end turn"): action for action in legal.tail})
            return menu
        return self._pairs(
            legal.pairs,
            path,
            lambda s, t: self._amounts(1, legal.cap(s, t), lambda count: Transfer(s, t, count)),
        )

    def _attack(self, legal: AttackMenu, path: tuple[int, ...]) -> Menu:
        if not path:
            menu: dict[int, Any] = {}
            if legal.pairs:
                menu = {self._verb("attack"): CONTINUE, self._verb("blitz"): CONTINUE}
            menu.update({self._verb("stop attacking"): action for action in legal.tail})
            return menu
        if path[0] == self._verb("blitz"):
            return self._pairs(legal.pairs, path, lambda s, t: {t: Blitz(s, t)})
        return self._pairs(
            legal.pairs,
            path,
            lambda s, t: {
                self.dice_base + dice - 1: Attack(s, t, dice)
                for dice in range(1, legal.max_dice(s, t) + 1)
            },
        )

    def path(self, action: Any) -> tuple[int, ...]:
        """The path of an action of a trading menu (listed one by one)."""
        if isinstance(action, Trade):
            return (self._verb("trade"), *(self.card_base + card for card in action.cards))
        assert isinstance(action, StopTrading), action
        return (self._verb("stop trading"),)

    def menu(self, view: View, legal: Sequence[Any], path: tuple[int, ...]) -> Menu:
        """The open entries, worked out from the menus' compact form (a lazy menu may
        hold thousands of actions: none is built beyond the entries shown)."""
        if isinstance(legal, PlaceMenu):
            return self._place(legal, path)
        if isinstance(legal, TransferMenu):
            return self._transfer(legal, path)
        if isinstance(legal, AttackMenu):
            return self._attack(legal, path)
        if isinstance(legal, MoveInMenu):
            if not path:
                return {self._verb("move in"): CONTINUE}
            return self._amounts(legal.low, legal.high, MoveIn)
        return menu_from_paths(legal, self.path, path)

    def features(self, view: View, seat: int, out: Vector) -> None:
        players, territories = self.players, self.territories
        one_hot(out, 0, PHASES.index(view.phase))
        at = len(PHASES)
        out[at] = scaled(view.round, view.options.round_cap)
        if view.turn is not None:
            out[at + 1] = float(view.turn == seat)
            one_hot(out, at + 2, (view.turn - seat) % players)
        at += 2 + players
        out[at] = scaled(view.deck_size, territories + WILDS)
        out[at + 1] = scaled(view.trades, COUNT_SCALE)
        out[at + 2] = scaled(view.next_trade_value, TRADE_VALUE_SCALE)
        at += 3
        for player in view.players:
            base = at + (player.seat - seat) % players * self.seat_size
            out[base] = float(player.alive)
            out[base + 1] = scaled(player.cards, COUNT_SCALE)
            if isinstance(player.territories, int) and isinstance(player.units, int):
                out[base + 2] = scaled(player.territories, territories)
                out[base + 3] = scaled(player.units, TOTAL_UNITS_SCALE)
                out[base + 4] = 1.0
        at += players * self.seat_size
        self._turn(view, out, at)
        at += self.turn_size
        for card in view.hand or ():
            out[at + card] = 1.0
        at += self.hand_size
        self._territories(view, seat, out[at : at + territories * self.territory_size])

    def _territories(self, view: View, seat: int, out: Vector) -> None:
        """The per-territory block, written a column at a time (a classic map has 42
        territories: one numpy write per territory would be most of the features' cost)."""
        players = self.players
        columns = [
            players + 1 if owner is None else players if owner < 0 else (owner - seat) % players
            for owner in view.owner
        ]
        units = [
            0.0 if owner is None else min(1.0, (count or 0) / TERRITORY_UNITS_SCALE)
            for owner, count in zip(view.owner, view.units, strict=True)
        ]
        block = out.reshape(self.territories, self.territory_size)
        block[self._rows, columns] = 1.0
        block[:, players + 2] = units

    def _turn(self, view: View, out: Vector, at: int) -> None:
        if isinstance(view.to_place, int):
            out[at] = scaled(view.to_place, TERRITORY_UNITS_SCALE)
        if view.attacks_left is None:
            out[at + 1] = 1.0
        elif isinstance(view.attacks_left, int):
            out[at + 1] = scaled(view.attacks_left, COUNT_SCALE)
        if isinstance(view.transfers_left, int):
            out[at + 2] = scaled(view.transfers_left, COUNT_SCALE)
        out[at + 3] = float(view.captured is True)
        setup = view.setup_left
        if not isinstance(setup, list):
            setup = []
        out[at + 4] = scaled(sum(left or 0 for left in setup), self.territories)
        pending = view.move_in
        base = at + 5
        if pending:
            one_hot(out, base, pending.source)
            one_hot(out, base + self.territories, pending.target)
            out[base + 2 * self.territories] = scaled(pending.low, TERRITORY_UNITS_SCALE)
            out[base + 2 * self.territories + 1] = scaled(pending.high, TERRITORY_UNITS_SCALE)


def encoding(options: WarfishOptions) -> WarfishEncoding:
    """The game's `Extensions.rl_encoding`."""
    return WarfishEncoding(options)
