"""The Warfish engine state: setup, turns (trade → place → attack → transfer → card),
combat, captures, eliminations and the end of the game, per docs/games/warfish.md.

Seats 0..players−1 play in seat order; seat 0 moves first. Territories are integer
indices into the map, with ``owner[t]`` (a seat, or `NEUTRAL`) and ``units[t]``. Every
decision belongs to the seat whose turn it is (``state.seat``); a phase with nothing to do
is skipped and a move-in with one possible count is made by itself (a forced trade or a
placement is still asked when it has one option, so the seat sees it).

Chance draws, all from ``self.rng`` with these labels: ``"deal"`` (the setup shuffle),
``"setup_place"`` (random setup placement), ``"attack_die"`` / ``"defend_die"`` (each
die: face − 1) and ``"card_draw"`` (an index into the deck, kept sorted by card id).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.engine import Engine
from sparring.core.events import PUBLIC
from sparring.core.game import EndReason, Outcome
from sparring.core.rng import Rng
from sparring.core.sharedlog import EventLog, fork

from . import cards
from . import events as ev
from .actions import (
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
from .dice import MAX_ATTACK_DICE, MAX_DEFEND_DICE, roller
from .events import ATTACKED
from .fog import audience, visible
from .front import Holdings
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
    Phase,
    attack_choices,
    menu,
    pending_move_in,
    refusal,
    room,
    transfer_choices,
)
from .menus import AttackMenu, PlaceMenu, TransferMenu
from .options import WarfishOptions

__all__ = ["ATTACK", "MOVE_IN", "NEUTRAL", "OVER", "PLACE", "SETUP", "TRADE", "TRANSFER"]


class WarfishState(Engine):
    """A whole game. Public fields (read them; write them only to set up a position in
    tests or scenarios, then call `recount` and `begin_turn`):

    ``options``, ``map`` (the `WarfishMap`), ``num_players``, ``owner``, ``units``,
    ``hands`` (card ids per seat), ``deck`` (sorted card ids), ``discard``, ``trades``
    (sets traded so far by anyone: the position on the scale), ``alive``,
    ``territory_count`` and ``unit_count`` (per seat), ``phase``, ``seat`` (whose turn),
    ``round`` (1-based; 0 during setup), ``to_place``, ``setup_left`` (per seat),
    ``captured`` (this turn), ``attacks`` (rolls) and ``transfers`` made this turn,
    ``pending`` (``(source, target, low, high)`` while a move-in is to decide),
    ``forced_only`` (a mid-turn forced trade), ``bonus_used`` (the card territory bonus,
    once per turn), ``winner``, ``end_reason``, ``events``, ``setup_menus`` (each seat's
    setup menu, the same all through the setup), ``holdings`` (each seat's territories,
    `Holdings`: kept by the engine as territories change hands, rebuilt by `recount`);
    and, read only, copies of what the engine asks of the options and the map at every
    step: ``adj`` (the map's borders), ``attack_pairs`` (the same as pairs), ``max_units``,
    ``attack_limit`` (`attacks_per_turn`), ``transfer_limit`` (`transfers_per_turn`),
    ``with_cards``.
    """

    _trades: int  # behind the `trades` property, with the next set's value
    _next_trade_value: int

    def __init__(
        self, seed: int, options: WarfishOptions | None = None, *, deal: bool = True
    ) -> None:
        """A new game dealt from `seed`. With `deal` False only the options and what
        follows from them are set, and `clone` and `determinize` write every other field:
        the compiled build's state is a native class, which is made only through
        `__init__` (never ``__new__`` alone) and has no ``__dict__`` to copy."""
        options = options or WarfishOptions()
        self.options = options
        self.map = options.board
        self.num_players = options.players
        self.fog = options.fog
        # Option values read at nearly every step, kept as the state's own fields: compiled,
        # a native field is read directly, a field of the options struct or the map looked
        # up by name (a tenth of a roll's cost, counted over a blitz).
        self.adj = self.map.adj
        self.attack_pairs = self.map.attack_pairs
        self.max_units = options.max_units
        self.attack_limit = options.attacks_per_turn
        self.transfer_limit = options.transfers_per_turn
        self.with_cards = options.cards
        self._roll_dice = roller(options.attack_dice_sides, options.defend_dice_sides)
        self._legal: Sequence[Any] | None = None
        self.setup_menus: dict[int, PlaceMenu] = {}
        self._passing = self._turn_over = False
        if not deal:
            return
        self.rng = Rng(seed)
        self.events: EventLog = []
        size, players = self.map.size, options.players
        self.owner = [NEUTRAL] * size
        self.units = [0] * size
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.deck = list(range(cards.deck_size(self.map))) if options.cards else []
        self.discard: list[int] = []
        self.trades = 0
        self.alive = [True] * players
        self.territory_count = [0] * players
        self.unit_count = [0] * players
        self.phase: Phase = SETUP
        self.seat = 0
        self.round = 0
        self.to_place = 0
        self.setup_left = [0] * players
        self.captured = False
        self.attacks = 0
        self.transfers = 0
        self.bonus_used = False
        self.forced_only = False
        self.pending: tuple[int, int, int, int] | None = None
        self.winner: int | None = None
        self.end_reason = ""
        self.ended_by = EndReason.RULES
        self._deal()

    # ------------------------------------------------------------------ contract

    def clone(self) -> WarfishState:
        twin = WarfishState(0, self.options, deal=False)
        twin.rng = self.rng.clone(keep_log=False)  # only the live game's draws are recorded
        twin.events = fork(self.events)  # shared up to now: a clone's cost is the same late
        twin.owner = list(self.owner)
        twin.units = list(self.units)
        twin.hands = [list(h) for h in self.hands]
        twin.deck = list(self.deck)
        twin.discard = list(self.discard)
        twin.trades = self.trades
        twin.alive = list(self.alive)
        twin.territory_count = list(self.territory_count)
        twin.unit_count = list(self.unit_count)
        twin.phase = self.phase
        twin.seat = self.seat
        twin.round = self.round
        twin.to_place = self.to_place
        twin.setup_left = list(self.setup_left)
        twin.captured = self.captured
        twin.attacks = self.attacks
        twin.transfers = self.transfers
        twin.bonus_used = self.bonus_used
        twin.forced_only = self.forced_only
        twin.pending = self.pending
        twin.winner = self.winner
        twin.end_reason = self.end_reason
        twin.ended_by = self.ended_by
        twin.holdings = self.holdings.copy()
        return twin

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.seat,)

    @property
    def current_player(self) -> int:
        return -1 if self.phase == OVER else self.seat

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it goes on); `end_reason` says it in words."""
        if self.phase != OVER:
            return None
        return Outcome(self.winner, self.returns(), self.ended_by, self.end_reason)

    def returns(self) -> tuple[float, ...]:
        """The winner +1.0 and everyone else −1.0; a draw (or an unfinished game) all 0.0."""
        if self.winner is None:
            return (0.0,) * self.num_players
        return tuple(1.0 if s == self.winner else -1.0 for s in range(self.num_players))

    def legal_actions(self, player: int | None = None) -> Sequence[Any]:
        """The legal actions of `player` (default: the seat to move), a lazy sequence valid
        until the next `apply`; empty for a seat not to move."""
        if self.phase == OVER or (player is not None and player != self.seat):
            return ()
        if self._legal is None:
            self._legal = menu(self)
        return self._legal

    # `apply` is `Engine`'s: game over, whose turn, `offers`, `refusal`, then `HANDLERS`.

    def play(self, action: Any, seat: int) -> None:
        """`Engine.play`, with a short way for an action of the kept menu (what the match
        loop plays): it is offered, so the menu is dropped and its handler runs, as
        `Engine.play` would do, without the interpreted base's calls at every decision
        (the compiled build compiles this state, not `core.engine`); anything else takes
        `Engine.play`'s way."""
        legal = self._legal
        if legal is not None and action in legal:
            handler = WarfishState.HANDLERS.get(type(action))
            if handler is not None:
                self._legal = None
                handler(self, action, seat)
                return
        super().play(action, seat)

    def offers(self, action: Any, seat: int) -> bool:
        """Whether the kept menu lists `action`: menus answer `in` by index, cheaply. With
        no menu kept (nobody asked for the legal actions) `refusal` judges the action."""
        legal = self._legal
        return legal is not None and action in legal

    def refusal(self, action: Any, seat: int) -> str | None:
        """The rules' reason to refuse `action` (`legal.refusal`), or None when they accept
        it: an action that came before anyone asked for the menu is judged here."""
        return refusal(self, action)

    def changing(self) -> None:
        self._legal = None

    def forfeit(self, seat: int, reason: str) -> None:
        """`seat` leaves the game (a referee verdict): its territories turn neutral with
        their units, its cards go to the discard pile; if one player is left, they win."""
        if self.phase == OVER or not self.alive[seat]:
            return
        self._legal = None
        self.setup_menus.clear()
        self.events.append((ev.FORFEIT, PUBLIC, seat, reason))
        if seat == self.seat:
            self._settle_move_in()
        for t, holder in enumerate(self.owner):
            if holder == seat:
                self.owner[t] = NEUTRAL
        self.holdings = Holdings(self.owner, self.num_players)
        self.territory_count[seat] = 0
        self.unit_count[seat] = 0
        self.alive[seat] = False
        self.discard.extend(self.hands[seat])
        self.hands[seat] = []
        self.setup_left[seat] = 0
        if self._check_last_player(f"seat {seat} forfeited: {reason}", EndReason.FORFEIT):
            return
        if self.seat != seat:
            return
        if self.phase == SETUP:
            self._next_setup_seat()
        else:
            self.captured = False
            self._end_turn()

    # ------------------------------------------------------------------ queries

    def recount(self) -> None:
        """Rebuild the per-seat territory and unit counts and who is alive from ``owner``
        and ``units`` — for code that sets up a position by writing them directly (tests,
        scenarios)."""
        counts = [0] * self.num_players
        totals = [0] * self.num_players
        for holder, units in zip(self.owner, self.units, strict=True):
            if holder >= 0:
                counts[holder] += 1
                totals[holder] += units
        self.territory_count = counts
        self.unit_count = totals
        self.alive = [n > 0 for n in counts]
        self.holdings = Holdings(self.owner, self.num_players)
        self._legal = None
        self.setup_menus.clear()

    def income(self, seat: int) -> tuple[int, int]:
        """``(territory income, continent bonuses)`` for `seat` now: max(territories // 3,
        3) and the bonus of every continent it owns whole."""
        owner = self.owner
        bonus = 0
        for continent, holders in zip(self.map.continents, self.map.holders, strict=True):
            held = holders(owner)
            if held.count(seat) == len(held):
                bonus += continent.bonus
        return max(self.territory_count[seat] // 3, 3), bonus

    @property
    def trades(self) -> int:
        """Sets traded so far by anyone: the position on the trade scale."""
        return self._trades

    @trades.setter
    def trades(self, count: int) -> None:
        """Every write (a trade, a clone, a position written directly) values the next set
        once, here: every view shows that value, and views outnumber trades a hundredfold."""
        self._trades = count
        self._next_trade_value = self.options.trade_value(count)

    def next_trade_value(self) -> int:
        """Units the next set traded is worth (`WarfishOptions.trade_value`)."""
        return self._next_trade_value

    # ------------------------------------------------------------------ events

    def _board_event(self, territories: tuple[int, ...], event: tuple[Any, ...]) -> None:
        """`event` (made public) is about `territories`: as it is without fog; with fog,
        one copy for each seat that sees all of them."""
        if self.fog:
            kind, values = event[0], event[2:]
            for seat in audience(self, territories):
                self.events.append((kind, seat, *values))
        else:
            self.events.append(event)

    def _seat_event(self, seat: int, kind: str, *values: Any) -> None:
        """An event about one seat's own turn: public without fog, that seat's alone with
        fog (it reveals what the seat holds)."""
        self.events.append((kind, seat if self.fog else PUBLIC, *values))

    # ------------------------------------------------------------------ setup

    def _deal(self) -> None:
        """Shuffle the territories (seeded), make the first `neutral_territories` neutral,
        deal the rest round-robin from seat 0 with one unit each, then start placement."""
        options, rng = self.options, self.rng
        order = list(range(self.map.size))
        for i in range(len(order) - 1, 0, -1):
            j = rng.below(i + 1, "deal")
            order[i], order[j] = order[j], order[i]
        neutrals = options.neutral_territories
        for t in order[:neutrals]:
            self.units[t] = options.neutral_units
        for position, t in enumerate(order[neutrals:]):
            seat = position % self.num_players
            self.owner[t] = seat
            self.units[t] = 1
            self.territory_count[seat] += 1
            self.unit_count[seat] += 1
        self.holdings = Holdings(self.owner, self.num_players)
        start = options.start_units()
        self.setup_left = [max(0, start - n) for n in self.territory_count]
        if self.fog:
            for seat in range(self.num_players):
                seen = visible(self, seat)
                shown = [t for t in range(self.map.size) if seen[t]]
                self.events.append(
                    (
                        ev.DEALT,
                        seat,
                        shown,
                        [self.owner[t] for t in shown],
                        [self.units[t] for t in shown],
                    )
                )
        else:
            self.events.append(
                (ev.DEALT, PUBLIC, list(range(self.map.size)), list(self.owner), list(self.units))
            )
        if options.setup_placement == "random":
            self._random_setup()
        else:
            self.seat = self.num_players - 1
            self._next_setup_seat()

    def _random_setup(self) -> None:
        """Each player's units placed one at a time in turns, each on a random own territory
        with room (draw ``"setup_place"``)."""
        while any(self.setup_left):
            for seat in range(self.num_players):
                if not self.setup_left[seat]:
                    continue
                spots = [
                    t for t in range(self.map.size) if self.owner[t] == seat and room(self, t) > 0
                ]
                if not spots:
                    self._waste(seat, self.setup_left[seat], "every territory is full")
                    self.setup_left[seat] = 0
                    continue
                t = spots[self.rng.below(len(spots), "setup_place")]
                self.units[t] += 1
                self.unit_count[seat] += 1
                self.setup_left[seat] -= 1
                self._board_event((t,), (ev.PLACED, PUBLIC, seat, t, 1, self.units[t]))
        self._start_game("random")

    def _next_setup_seat(self) -> None:
        """Pass setup placement to the next seat (in seat order) with units left and room."""
        players = self.num_players
        for step in range(1, players + 1):
            seat = (self.seat + step) % players
            if not self.setup_left[seat]:
                continue
            if self._has_room(seat):
                self.seat = seat
                self.phase = SETUP
                return
            self._waste(seat, self.setup_left[seat], "every territory is full")
            self.setup_left[seat] = 0
        self._start_game("turns")

    def _has_room(self, seat: int) -> bool:
        """Whether some territory of `seat` may take another unit (without max_units, any
        territory it holds: a plain scan, as this runs at every placement)."""
        if not self.max_units:
            return seat in self.owner
        return any(o == seat and room(self, t) > 0 for t, o in enumerate(self.owner))

    def _place_setup(self, action: Place) -> None:
        seat, t = self.seat, action.territory
        self.units[t] += 1
        self.unit_count[seat] += 1
        self.setup_left[seat] -= 1
        self._board_event((t,), (ev.PLACED, PUBLIC, seat, t, 1, self.units[t]))
        self._next_setup_seat()

    def _start_game(self, placement: str) -> None:
        self.events.append((ev.SETUP_DONE, PUBLIC, placement))
        self.round = 1
        self.begin_turn(0)

    # ------------------------------------------------------------------ turn flow

    def begin_turn(self, seat: int) -> None:
        """Start `seat`'s turn: income, then trading (if it holds a set) or placement. The
        engine calls it; position builders may too, after writing the board."""
        self._legal = None
        self.seat = seat
        self.captured = False
        self.attacks = self.transfers = 0
        self.bonus_used = self.forced_only = False
        self.events.append((ev.TURN, PUBLIC, self.round, seat))
        base, bonus = self.income(seat)
        self.to_place = base + bonus
        self._seat_event(
            seat, ev.INCOME, seat, self.territory_count[seat], base, bonus, self.to_place
        )
        if self.with_cards and cards.has_set(self.map, self.hands[seat]):
            self.phase = TRADE
        else:
            self._enter_place()

    def _enter_place(self) -> None:
        if self.to_place and not self._has_room(self.seat):
            self._waste(self.seat, self.to_place, "every territory is full")
            self.to_place = 0
        if self.to_place:
            self.phase = PLACE
        else:
            self._enter_attack()

    def _enter_attack(self) -> None:
        """The attack phase, if any attack is possible. Finding out lists them all, so the
        list is kept as the menu: entering a phase is the last step of an `apply`, and the
        next `legal_actions` would list the same attacks again."""
        self.phase = ATTACK
        pairs, dice = attack_choices(self)
        if pairs:
            self._legal = AttackMenu(pairs, dice)
        else:
            self._enter_transfer()

    def _enter_transfer(self) -> None:
        """The transfer phase, if a transfer is allowed and possible (its menu kept, as for
        attacks); otherwise the turn ends."""
        if self.transfers < self.transfer_limit:
            pairs, caps = transfer_choices(self)
            if pairs:
                self.phase = TRANSFER
                self._legal = TransferMenu(pairs, caps)
                return
        self._end_turn()

    def _end_turn(self) -> None:
        """End the turn and start the next. A turn with nothing to decide (every territory
        full under max_units, nothing to attack or transfer) ends inside `begin_turn`;
        such turns are passed in this loop, not by recursion, however many there are."""
        if self._passing:
            self._turn_over = True
            return
        self._passing = True
        try:
            self._turn_over = True
            while self._turn_over and self.phase != OVER:
                self._turn_over = False
                self._pass_turn()
        finally:
            self._passing = False

    def _pass_turn(self) -> None:
        """A card for a capture this turn, then the next living seat's turn (a new round
        after the last seat; the round cap ends the game)."""
        seat = self.seat
        if self.captured and self.with_cards:
            self._draw_card(seat)
        players = self.num_players
        following = next(
            (seat + step) % players
            for step in range(1, players + 1)
            if self.alive[(seat + step) % players]
        )
        if following <= seat:
            self.round += 1
            if self.round > self.options.round_cap:
                self._finish_at_cap()
                return
        self.begin_turn(following)

    # ------------------------------------------------------------------ cards

    def _trade(self, action: Trade, seat: int) -> None:
        trio = action.cards
        hand = self.hands[seat]
        for card in trio:
            hand.remove(card)
        self.discard.extend(trio)
        value = self._next_trade_value
        self.trades += 1
        self.to_place += value
        self.events.append((ev.TRADED, PUBLIC, seat, list(trio), value))
        self._card_bonus(trio)
        if self.forced_only:
            if len(hand) < FORCED_TRADE_HAND:
                self._enter_place()
        elif not cards.has_set(self.map, hand):
            self._enter_place()

    def _card_bonus(self, trio: tuple[int, ...]) -> None:
        """The classic extra: a traded card naming a territory you own puts
        `card_territory_bonus` units there — the first such card (in card order) whose
        territory has room under `max_units`, once per turn."""
        bonus = self.options.card_territory_bonus
        if not bonus or self.bonus_used:
            return
        for card in trio:
            if card < self.map.size and self.owner[card] == self.seat and room(self, card) > 0:
                self.bonus_used = True
                count = min(bonus, room(self, card))
                self.units[card] += count
                self.unit_count[self.seat] += count
                self._board_event(
                    (card,), (ev.CARD_BONUS, PUBLIC, self.seat, card, count, self.units[card])
                )
                return

    def _stop_trading(self, action: StopTrading, seat: int) -> None:
        self._enter_place()

    def _draw_card(self, seat: int) -> None:
        if not self.deck and self.discard:
            self.deck = sorted(self.discard)
            self.discard = []
        if not self.deck:
            return
        card = self.deck.pop(self.rng.below(len(self.deck), "card_draw"))
        self.hands[seat].append(card)
        self.events.append((ev.CARD_DRAWN, seat, seat, card))
        self.events.append((ev.CARD_AWARDED, PUBLIC, seat, len(self.hands[seat])))

    # ------------------------------------------------------------------ placement

    def _place(self, action: Place, seat: int) -> None:
        if self.phase == SETUP:
            self._place_setup(action)
            return
        t, count = action.territory, action.count
        self.units[t] += count
        self.unit_count[seat] += count
        self.to_place -= count
        self._board_event((t,), (ev.PLACED, PUBLIC, seat, t, count, self.units[t]))
        self._enter_place()

    def _waste(self, seat: int, count: int, why: str) -> None:
        self._seat_event(seat, ev.WASTED, seat, count, why)

    # ------------------------------------------------------------------ combat

    def _roll(self, source: int, target: int, dice: int) -> None:
        """One attack roll from `source` into `target` with `dice` dice."""
        units, seat = self.units, self.seat
        attack_faces, defend_faces, lost_a, lost_d = self._roll_dice.roll(
            self.rng, dice, MAX_DEFEND_DICE if units[target] >= MAX_DEFEND_DICE else units[target]
        )
        left_a = units[source] = units[source] - lost_a
        left_d = units[target] = units[target] - lost_d
        self.unit_count[seat] -= lost_a
        defender = self.owner[target]
        if defender >= 0:
            self.unit_count[defender] -= lost_d
        self.attacks += 1
        self._board_event(
            (source, target),
            (
                ATTACKED,
                PUBLIC,
                seat,
                source,
                target,
                attack_faces,
                defend_faces,
                lost_a,
                lost_d,
                left_a,
                left_d,
            ),
        )

    def _attack(self, action: Attack, seat: int) -> None:
        source, target = action.source, action.target
        self._roll(source, target, action.dice)
        self._after_roll(source, target, action.dice, action.move_in)

    def _blitz(self, action: Blitz, seat: int) -> None:
        source, target, units = action.source, action.target, self.units
        limit = self.attack_limit  # 0: no limit (`attacks_left`, inlined)
        while True:
            dice = units[source] - 1
            if dice > MAX_ATTACK_DICE:
                dice = MAX_ATTACK_DICE
            self._roll(source, target, dice)
            if units[target] == 0 or units[source] < 2 or (limit and self.attacks >= limit):
                break
        self._after_roll(source, target, dice, action.move_in)

    def _after_roll(self, source: int, target: int, dice: int, move_in: int | None) -> None:
        if self.units[target] == 0:
            self._capture(source, target, dice, move_in)
        else:  # attacks go on (the menu kept), or the phase moves on
            self._enter_attack()

    def _capture(self, source: int, target: int, dice: int, move_in: int | None) -> None:
        """`target` falls: it changes hands, its owner may be eliminated (and the game won);
        then the attacker moves in at least the last roll's dice, at most all but 1 — the
        attack's standing `move_in` order clamped into that range, if it gave one, else
        the player is asked (when there is a choice)."""
        seat = self.seat
        previous = self.owner[target]
        self._board_event(
            (source, target),
            (ev.CAPTURED, PUBLIC, seat, source, target, None if previous < 0 else previous),
        )
        self.owner[target] = seat
        self.holdings.moved(target, previous, seat)
        self.territory_count[seat] += 1
        self.captured = True
        if previous != NEUTRAL:
            self.territory_count[previous] -= 1
            if not self.territory_count[previous]:
                self._eliminate(previous)
        cap = room(self, target)
        low = min(dice, cap)
        high = min(self.units[source] - 1, cap)
        if self.alive.count(True) == 1:  # the game is won: the minimum moves in
            self.units[source] -= low
            self.units[target] += low
            self._board_event((source, target), (ev.MOVED_IN, PUBLIC, seat, source, target, low))
            self._finish(seat, f"seat {seat} eliminated every other player")
        elif low == high:
            self._move_in(source, target, low)
        elif move_in is not None:
            self._move_in(source, target, min(max(move_in, low), high))
        else:
            self.pending = (source, target, low, high)
            self.phase = MOVE_IN

    def _eliminate(self, loser: int) -> None:
        seat = self.seat
        self.alive[loser] = False
        taken = self.hands[loser]
        self.hands[loser] = []
        self.events.append((ev.ELIMINATED, PUBLIC, loser, seat, len(taken)))
        if self.options.card_capture:
            self.hands[seat].extend(taken)
            if taken:
                self.events.append((ev.CARDS_TAKEN, seat, seat, list(taken)))
        else:
            self.discard.extend(taken)
        self.to_place += self.options.elimination_bonus

    def _move_in_action(self, action: MoveIn, seat: int) -> None:
        source, target, _, _ = pending_move_in(self)
        self.pending = None
        self._move_in(source, target, action.count)

    def _move_in(self, source: int, target: int, count: int) -> None:
        self.units[source] -= count
        self.units[target] += count
        self._board_event((source, target), (ev.MOVED_IN, PUBLIC, self.seat, source, target, count))
        hand = self.hands[self.seat]
        if self.with_cards and len(hand) >= FORCED_TRADE_HAND:
            self.forced_only = True
            self.phase = TRADE
        else:
            self._enter_place()

    def _stop_attacking(self, action: StopAttacking, seat: int) -> None:
        self._enter_transfer()

    # ------------------------------------------------------------------ transfer

    def _transfer(self, action: Transfer, seat: int) -> None:
        source, target, count = action.source, action.target, action.count
        self.units[source] -= count
        self.units[target] += count
        self.transfers += 1
        self._board_event(
            (source, target), (ev.TRANSFERRED, PUBLIC, self.seat, source, target, count)
        )
        self._enter_transfer()

    def _end_turn_action(self, action: EndTurn, seat: int) -> None:
        self._end_turn()

    # ------------------------------------------------------------------ the end

    def _check_last_player(self, reason: str, ended_by: EndReason) -> bool:
        living = [s for s in range(self.num_players) if self.alive[s]]
        if len(living) == 1:
            self._finish(living[0], reason, ended_by)
            return True
        return False

    def _finish_at_cap(self) -> None:
        """The round cap: most territories wins, then most units; otherwise a draw."""
        self.round = self.options.round_cap
        living = [s for s in range(self.num_players) if self.alive[s]]
        scores = {s: (self.territory_count[s], self.unit_count[s]) for s in living}
        best = max(scores.values())
        leaders = [s for s in living if scores[s] == best]
        cap = self.options.round_cap
        if len(leaders) == 1:
            self._finish(
                leaders[0],
                f"round cap {cap}: most territories ({best[0]}), then most units ({best[1]})",
                EndReason.LIMIT,
            )
        else:
            self._finish(
                None,
                f"round cap {cap}: seats {leaders} tie on territories and units {best}",
                EndReason.LIMIT,
            )

    def _settle_move_in(self) -> None:
        """A move-in left undecided (its player forfeits, or the game ends) moves the
        minimum, so no territory is left empty."""
        if self.pending is not None:
            source, target, low, _ = self.pending
            self.pending = None
            self.units[source] -= low
            self.units[target] += low
            self._board_event(
                (source, target), (ev.MOVED_IN, PUBLIC, self.seat, source, target, low)
            )

    def _finish(
        self, winner: int | None, reason: str, ended_by: EndReason = EndReason.RULES
    ) -> None:
        self._settle_move_in()
        self.phase = OVER
        self.winner = winner
        self.end_reason = reason
        self.ended_by = ended_by
        self.events.append((ev.GAME_END, PUBLIC, winner, reason))


WarfishState.HANDLERS = {
    Place: WarfishState._place,
    Trade: WarfishState._trade,
    StopTrading: WarfishState._stop_trading,
    Attack: WarfishState._attack,
    Blitz: WarfishState._blitz,
    StopAttacking: WarfishState._stop_attacking,
    MoveIn: WarfishState._move_in_action,
    Transfer: WarfishState._transfer,
    EndTurn: WarfishState._end_turn_action,
}
