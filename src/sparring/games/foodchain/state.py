"""The Food Chain engine state: setup, the turn's phases, decisions, and the step machine
that resolves everything in between.

Resolution is a stack of small steps (plain pairs: a function and the tuple of its
arguments, called as they are, with no slicing per step). A play,
an attack or a trigger pushes the steps it consists of; traps and deaths push theirs on
top, so they resolve *before* the action that caused them continues (rules §8). When a step
needs a player's decision (what to eat, a target, a mode, an order) it parks a `Decision`
and the machine stops; the decision's options are the legal actions, and applying one
resumes where it stopped. A step whose last act would be to push another calls it instead:
it would be the next to run anyway, and no decision can come in between, so the stack at
every decision is the same. Because steps are immutable tuples and every mutable object is
copied by hand, `clone` is cheap and a search can branch anywhere, even mid-resolution.

`apply` is the platform's one shape (`sparring.core.engine.Engine`): the game is not over,
the seat decides now, the action is offered (a pending decision's options, or the turn's
cached menu) or refused with the rules' reason; then its handler (`HANDLERS`) plays it and
the machine runs on to the next decision.

The rules live in plain modules of functions taking the state: the turn in `turn`, card
plays in `plays`, attacks in `combat`, effect resolution (triggers, traps, deaths) in
`resolution`, the operations in `operations`, targeting in `targets`, damage and healing in
`damage`, zone moves in `zones`, legal actions and refusals in `legality`. This module holds
the state itself: setup, the platform's contract, the step machine, and the outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from sparring.core.engine import Engine, Handler
from sparring.core.events import PUBLIC
from sparring.core.game import EndReason, Outcome, TwoSeatOutcome
from sparring.core.rng import Rng
from sparring.core.sharedlog import EventLog, fork

from .actions import Action, Activate, Attack, Choose, Eat, EndPhase, Order, Play, Target
from .cards import CardDef
from .combat import act_attack
from .creature import Creature
from .decks import deck_cards, prebuilt_decks, resolve_deck
from .events import FORFEIT, GAME_END
from .legality import free_actions, why_not_free, why_not_option
from .limits import HAND_SIZE, START_HP
from .operations import OPERATIONS, OpHandler
from .options import FoodChainOptions
from .phases import OVER, START
from .plays import UNFINISHED_PLAYS, act_activate, act_play
from .turn import begin_turn, end_phase, end_turn
from .zones import draw_card, to_exile_step


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the engine is waiting for: who decides, what kind of choice, the options
    (the legal actions), how to resume, and a sentence for people."""

    player: int
    kind: str
    options: tuple[Action, ...]
    resume: tuple[Any, ...]
    prompt: str
    source: int | None = None


Step = tuple[Callable[..., None], tuple[Any, ...]]


def _play(state: FoodChainState, action: Play, seat: int) -> None:
    act_play(state, action.card)
    state.run()


def _activate(state: FoodChainState, action: Activate, seat: int) -> None:
    act_activate(state, action.card)
    state.run()


def _attack(state: FoodChainState, action: Attack, seat: int) -> None:
    act_attack(state, action.attacker, action.defender)
    state.run()


def _end_phase(state: FoodChainState, action: EndPhase, seat: int) -> None:
    end_phase(state)
    state.run()


def _answer(state: FoodChainState, action: Action, seat: int) -> None:
    """An answer to the pending decision (it was among its options): resume the step that
    asked, where it stopped."""
    pending = state.pending
    assert pending is not None, "only a pending decision's options are answers"
    state.pending = None
    pending.resume[0](state, action, *pending.resume[1:])
    state.run()


class FoodChainState(Engine, TwoSeatOutcome):
    """A whole Food Chain game. Seats are 0 and 1; cards are instance ids (``uid``)."""

    num_players = 2
    HANDLERS: ClassVar[Mapping[type, Handler]] = {
        Play: _play,
        Activate: _activate,
        Attack: _attack,
        EndPhase: _end_phase,
        Eat: _answer,
        Target: _answer,
        Choose: _answer,
        Order: _answer,
    }
    # The operations effects can perform, by name. Effect resolution reaches them through
    # the state because the operations themselves resolve effects (see `resolution`).
    operations: ClassVar[dict[str, OpHandler]] = OPERATIONS

    def __init__(
        self, seed: int, options: FoodChainOptions | None = None, *, blank: bool = False
    ) -> None:
        """A new game, dealt from `seed`. With `blank`, an object with nothing set at all,
        which `clone`, `position.build` and determinization fill in themselves (the compiled
        build's state can only be made through its constructor)."""
        if blank:
            return
        self.options = options = options or FoodChainOptions()
        self.rng = rng = Rng(seed)
        self.events: EventLog = []
        decks = [self._deck(options.deck0, 0), self._deck(options.deck1, 1)]
        self.decklists: tuple[tuple[str, ...], tuple[str, ...]] = (decks[0], decks[1])
        dealt = deck_cards(decks[0]) + deck_cards(decks[1])  # seat 0's cards, then seat 1's
        first_of_seat1 = len(decks[0])
        # Instance ids are a seeded permutation, unrelated to deck order or list position,
        # so seeing a card's id says nothing about where it was: the card dealt n-th gets
        # ids[n].
        ids = list(range(len(dealt)))
        shuffle(ids, rng, "card_ids")
        self.decks: list[list[int]] = [ids[:first_of_seat1], ids[first_of_seat1:]]
        for seat in (0, 1):
            shuffle(self.decks[seat], rng, "shuffle")
        dealt_as = sorted(range(len(ids)), key=ids.__getitem__)  # by id: its place in the deal
        self.defs: list[CardDef] = [dealt[n] for n in dealt_as]
        self.owner: list[int] = [0 if n < first_of_seat1 else 1 for n in dealt_as]
        self._empty_table()
        for seat in (0, 1):
            for _ in range(HAND_SIZE):
                draw_card(self, seat)
        first = options.first_player
        self.first = first if first is not None else rng.below(2, "first_player")
        self.active = 1 - self.first
        begin_turn(self)
        self.run()

    # ------------------------------------------------------------------ setup

    def _empty_table(self) -> None:
        """Everything but the decks, as at the start of a game (also used by `position`)."""
        self.hands: list[list[int]] = [[], []]
        self.carrion: list[list[int]] = [[], []]
        self.exile: list[list[int]] = [[], []]
        self.fields: list[list[Creature]] = [[], []]
        self.on_field: dict[int, Creature] = {}
        self.field_spell: list[int | None] = [None, None]
        self.revealed: list[set[int]] = [set(), set()]
        self.hp = [START_HP, START_HP]
        self.stack: list[Step] = []
        self.pending: Decision | None = None
        self.cancelled: set[int] = set()
        self.no_damage: set[int] = set()
        self.serial = 0
        self.turn = 0
        self.turn_event = 0
        self.previous_turn_event = 0
        self.phase = START
        self.played = False
        self.combat_closed = False
        self.end_requested = False
        self.winner: int | None = None
        self.end_reason = ""
        self.ended_by = EndReason.RULES
        self._legal: list[Action] | None = None

    def _deck(self, spec: Any, seat: int) -> tuple[str, ...]:
        if spec is None:
            names = sorted(prebuilt_decks())
            spec = names[self.rng.below(len(names), f"deck{seat}")]
        return resolve_deck(spec if isinstance(spec, str) else list(spec), f"deck{seat}")

    # ------------------------------------------------------------------ contract

    def clone(self) -> FoodChainState:
        twin = FoodChainState(0, blank=True)
        twin.options = self.options
        twin.rng = self.rng.clone(keep_log=False)  # only the live game's draws are recorded
        twin.events = fork(self.events)  # shared up to now: a clone's cost is the same late
        twin.decklists = self.decklists
        twin.defs = list(self.defs)
        twin.owner = list(self.owner)
        twin.decks = [list(self.decks[0]), list(self.decks[1])]
        twin.hands = [list(self.hands[0]), list(self.hands[1])]
        twin.carrion = [list(self.carrion[0]), list(self.carrion[1])]
        twin.exile = [list(self.exile[0]), list(self.exile[1])]
        twin.fields = [[c.copy() for c in self.fields[0]], [c.copy() for c in self.fields[1]]]
        twin.on_field = {c.uid: c for field in twin.fields for c in field}
        twin.field_spell = list(self.field_spell)
        twin.revealed = [set(self.revealed[0]), set(self.revealed[1])]
        twin.hp = list(self.hp)
        twin.stack = list(self.stack)
        twin.pending = self.pending
        twin.cancelled = set(self.cancelled)
        twin.no_damage = set(self.no_damage)
        twin.serial = self.serial
        twin.turn = self.turn
        twin.turn_event = self.turn_event
        twin.previous_turn_event = self.previous_turn_event
        twin.phase = self.phase
        twin.played = self.played
        twin.combat_closed = self.combat_closed
        twin.end_requested = self.end_requested
        twin.winner = self.winner
        twin.end_reason = self.end_reason
        twin.ended_by = self.ended_by
        twin.first = self.first
        twin.active = self.active
        twin._legal = None
        return twin

    def to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.pending is not None:
            return (self.pending.player,)
        return (self.active,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it goes on); `end_reason` says it in words."""
        if self.phase != OVER:
            return None
        return Outcome(self.winner, self.returns(), self.ended_by, self.end_reason)

    @property
    def current_player(self) -> int:
        """The seat to decide now; -1 once the game is over."""
        if self.phase == OVER:
            return -1
        pending = self.pending
        return self.active if pending is None else pending.player

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """The legal actions of `player` (default: whoever must decide), in a stable order:
        a pending decision's options, or the turn's free choices."""
        if self.phase == OVER:
            return ()
        pending = self.pending
        if pending is not None:
            return pending.options if player is None or player == pending.player else ()
        if player is not None and player != self.active:
            return ()
        return self._menu()

    def _menu(self) -> list[Action]:
        """The turn's free choices, listed once per decision point (the machine lists them
        to see whether there is a choice at all)."""
        if self._legal is None:
            self._legal = free_actions(self)
        return self._legal

    # The steps of `Engine.apply`: who may act, what is offered, why the rest is refused.

    def not_to_move(self, seat: int, movers: tuple[int, ...]) -> str:
        return f"seat {seat} cannot act now: seat {movers[0]} is to decide"

    def offers(self, action: Any, seat: int) -> bool:
        pending = self.pending
        if pending is not None:
            return action in pending.options
        return action in self._menu()

    def refusal(self, action: Any, seat: int) -> str:
        pending = self.pending
        if pending is not None:
            return why_not_option(pending, action)
        return why_not_free(self, action)

    def changing(self) -> None:
        self._legal = None

    def forfeit(self, seat: int, reason: str) -> None:
        """End the game against `seat` (a referee verdict)."""
        if self.phase == OVER:
            return
        self.events.append((FORFEIT, PUBLIC, seat, reason))
        self._end_game(1 - seat, f"seat {seat} forfeited: {reason}", EndReason.FORFEIT)

    # ------------------------------------------------------------------ the machine

    def wait(
        self,
        player: int,
        kind: str,
        options: tuple[Action, ...],
        resume: tuple[Any, ...],
        prompt: str,
        source: int | None = None,
    ) -> None:
        """Stop and ask `player` to choose among `options`."""
        self.pending = Decision(player, kind, options, resume, prompt, source)

    def run(self) -> None:
        """Resolve steps until a decision is needed or the game is over; at the turn's free
        decision points, skip those where ending the phase is the only choice."""
        stack = self.stack
        pop = stack.pop
        self._legal = None
        while self.pending is None and self.phase != OVER:
            if stack:
                function, args = pop()
                function(self, *args)
            elif self.end_requested:
                self.end_requested = False
                end_turn(self)
            else:
                legal = free_actions(self)
                if len(legal) > 1:
                    self._legal = legal
                    return
                end_phase(self)

    def new_serial(self) -> int:
        self.serial += 1
        return self.serial

    # ------------------------------------------------------------------ the outcome

    def decide_by_hp(self) -> None:
        """The turn cap (companion ruling 3): higher HP wins, equal HP draws."""
        if self.hp[0] == self.hp[1]:
            self._end_game(None, f"turn cap reached with equal HP ({self.hp[0]})", EndReason.LIMIT)
        else:
            winner = 0 if self.hp[0] > self.hp[1] else 1
            self._end_game(
                winner, f"turn cap reached: HP {self.hp[0]}-{self.hp[1]}", EndReason.LIMIT
            )

    def check_victory(self) -> None:
        """A player at 0 HP or below loses; both at once is a draw (rules §12)."""
        low0, low1 = self.hp[0] <= 0, self.hp[1] <= 0
        if low0 and low1:
            self._end_game(None, "both players reached 0 HP")
        elif low0 or low1:
            loser = 0 if low0 else 1
            self._end_game(1 - loser, f"seat {loser} reached 0 HP")

    def _end_game(
        self, winner: int | None, reason: str, ended_by: EndReason = EndReason.RULES
    ) -> None:
        # No card may vanish because the game ended mid-resolution. Spells and traps that
        # were resolving were used: they go to exile all the same (rules §11). A play
        # still waiting on its traps or its meal never happened: the card goes back to hand.
        for function, args in self.stack:
            if function is to_exile_step:
                to_exile_step(self, *args)
            elif function in UNFINISHED_PLAYS:
                self.hands[self.owner[args[1]]].append(args[1])
        if self.pending is not None and self.pending.resume[0] in UNFINISHED_PLAYS:
            uid = self.pending.resume[2]
            self.hands[self.owner[uid]].append(uid)
        self.phase = OVER
        self.winner = winner
        self.end_reason = reason
        self.ended_by = ended_by
        self.pending = None
        self.stack.clear()
        self.events.append((GAME_END, PUBLIC, winner, reason))

    # ------------------------------------------------------------------ cards and zones

    def field_count(self, seat: int) -> int:
        """Cards on `seat`'s field toward `FIELD_LIMIT`: creatures plus a field spell."""
        return len(self.fields[seat]) + (self.field_spell[seat] is not None)


def shuffle(items: list[int], rng: Rng, label: str) -> None:
    """Fisher-Yates: every order equally likely, one labelled draw per position."""
    below = rng.below
    for i in range(len(items) - 1, 0, -1):
        j = below(i + 1, label)
        items[i], items[j] = items[j], items[i]


def summarize(state: FoodChainState) -> dict[str, Any]:
    """The game in brief, for results, replays and stores."""
    return {
        "winner": state.winner,
        "hp": list(state.hp),
        "turns": state.turn,
        "reason": state.end_reason,
        "decks": [list(d) for d in state.decklists],
    }
