"""The Liar's Dice engine: one state class, `apply` in the platform's one shape
(`sparring.core.engine.Engine`), everything that happens recorded as an event.

A round, in the order the rules play it:

1. every player still in rolls their dice in secret (one labelled draw ``die`` per die,
   seat by seat from seat 0; the first round's opener is the draw ``opener``);
2. from the opener, clockwise (rising seat numbers, skipping players who are out), each
   player bids higher than the previous bid (`bidding`), or, once there is a bid,
   challenges it or (option ``spot_on``) calls it spot on;
3. a call reveals every hand and counts the dice for the bid's face: a challenged bid
   that is met costs the challenger a die, one that is short costs the bidder a die; a
   spot-on call that is exactly right costs every other player a die, a wrong one costs
   the caller a die;
4. a player without dice is out; the last player with dice wins. Otherwise the next round
   is opened by the player who lost the die (after a spot-on call, by the caller), or, if
   that player is out, by the next player still in, clockwise.

A forfeit puts that seat out at once (its dice leave the table unrevealed); the round in
progress is void and a new one is rolled, opened by the player who was to move (or the
next one still in, if that was the forfeiting seat), unless only one player is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.engine import Engine
from sparring.core.events import PUBLIC
from sparring.core.game import EndReason, Outcome
from sparring.core.rng import Rng
from sparring.core.sharedlog import EventLog, fork

from .actions import CHALLENGE, SPOT_ON, Bid, Challenge, SpotOn
from .bidding import count, raises, why_not_action
from .events import BID, CALL, FORFEIT, GAME_END, LOSE, OUT, REVEAL, ROLL, ROUND, VOID
from .options import LiarsDiceOptions
from .records import CHALLENGE_CALL, SPOT_ON_CALL, BidRecord, Call, RoundResult

#: The labels of the game's random draws (scenarios and tests script them by these).
OPENER_DRAW = "opener"
DIE_DRAW = "die"
SIDES = 6


class LiarsDiceState(Engine):
    """A game of Liar's Dice. `hands[s]` is seat s's dice this round, ascending (empty
    once out, and for everyone once the game is over); `dice[s]` its dice count; `bids`
    this round's bids in order and `current` the bid standing; `results` every round
    ended by a call; `turn` the seat to move (-1 at the end)."""

    __slots__ = (
        "bids",
        "current",
        "detail",
        "dice",
        "events",
        "hands",
        "num_players",
        "opener",
        "options",
        "reason",
        "results",
        "rng",
        "round",
        "turn",
        "winner",
    )

    def __init__(self, seed: int, options: LiarsDiceOptions | None = None) -> None:
        self._setup(seed, options or LiarsDiceOptions())
        self.start_round(self.rng.below(self.num_players, OPENER_DRAW))

    @classmethod
    def at_table(cls, seed: int, options: LiarsDiceOptions) -> LiarsDiceState:
        """A game before its first roll, for a position (a scenario, a test, a
        determinized sample) to start a round with hands of its own."""
        state = cls.__new__(cls)
        state._setup(seed, options)
        return state

    def _setup(self, seed: int, options: LiarsDiceOptions) -> None:
        self.options = options
        self.num_players = options.players
        self.rng = Rng(seed)
        self.events: EventLog = []
        self.round = 0
        self.opener = 0
        self.turn = -1
        self.dice = [options.dice] * options.players
        self.hands: list[list[int]] = [[] for _ in range(options.players)]
        self.bids: list[BidRecord] = []
        self.current: Bid | None = None
        self.results: list[RoundResult] = []
        self.winner: int | None = None
        self.reason = EndReason.RULES
        self.detail = ""

    def clone(self) -> LiarsDiceState:
        twin = LiarsDiceState.__new__(LiarsDiceState)
        twin.options = self.options
        twin.num_players = self.num_players
        twin.rng = self.rng.clone(keep_log=False)  # only the live game's draws are recorded
        twin.events = fork(self.events)  # shared up to now: a clone's cost is the same late
        twin.round = self.round
        twin.opener = self.opener
        twin.turn = self.turn
        twin.dice = list(self.dice)
        twin.hands = [list(hand) for hand in self.hands]
        twin.bids = list(self.bids)
        twin.current = self.current
        twin.results = list(self.results)
        twin.winner = self.winner
        twin.reason = self.reason
        twin.detail = self.detail
        return twin

    # ------------------------------------------------------------------ the table

    def in_play(self) -> int:
        """The dice on the table this round."""
        return sum(self.dice)

    def live(self) -> list[int]:
        """The seats still in the game (with dice), in seat order."""
        return [seat for seat, count in enumerate(self.dice) if count]

    def next_live(self, seat: int) -> int:
        """The next seat clockwise after `seat` that is still in."""
        for step in range(1, self.num_players + 1):
            other = (seat + step) % self.num_players
            if self.dice[other]:
                return other
        raise ValueError("nobody is left at the table")

    def start_round(self, opener: int, hands: Sequence[Sequence[int]] | None = None) -> None:
        """Begin the next round, opened by `opener`: everyone still in rolls (or, for a
        position, is given `hands`, one per seat, ascending)."""
        self.round += 1
        self.opener = self.turn = opener
        self.bids = []
        self.current = None
        self.events.append((ROUND, PUBLIC, self.round, opener, list(self.dice)))
        for seat in range(self.num_players):
            if hands is not None:
                hand = list(hands[seat])
            else:
                hand = sorted(1 + self.rng.below(SIDES, DIE_DRAW) for _ in range(self.dice[seat]))
            self.hands[seat] = hand
            if hand:
                self.events.append((ROLL, seat, self.round, seat, list(hand)))

    # ------------------------------------------------------------------ the contract

    def to_move(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    @property
    def current_player(self) -> int:
        return self.turn

    def is_terminal(self) -> bool:
        return self.winner is not None

    def legal_actions(self, player: int | None = None) -> Sequence[Any]:
        """The calls (once there is a bid), then every legal bid, lowest first."""
        if self.winner is not None or (player is not None and player != self.turn):
            return ()
        bids = raises(self.current, self.in_play(), self.options)
        if self.current is None:
            return bids
        calls = (CHALLENGE, SPOT_ON) if self.options.spot_on else (CHALLENGE,)
        return calls + bids

    def why_not(self, action: Any) -> str | None:
        """Why the rules refuse `action` from the player to move, or None if they allow it."""
        return why_not_action(action, self.current, self.in_play(), self.options)

    def offers(self, action: Any, seat: int) -> bool:
        return self.why_not(action) is None

    def refusal(self, action: Any, seat: int) -> str | None:
        return self.why_not(action)

    def returns(self) -> tuple[float, ...]:
        """The winner +1, every other seat -1/(players - 1); 0 each while the game goes on."""
        if self.winner is None:
            return (0.0,) * self.num_players
        loss = -1.0 / (self.num_players - 1)
        return tuple(1.0 if seat == self.winner else loss for seat in range(self.num_players))

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome(self.winner, self.returns(), self.reason, self.detail)

    # ------------------------------------------------------------------ the actions

    def _bid(self, action: Bid, seat: int) -> None:
        self.current = action
        self.bids.append(BidRecord(seat, action.quantity, action.face))
        self.events.append((BID, PUBLIC, seat, action.quantity, action.face))
        self.turn = self.next_live(seat)

    def _challenge(self, action: Challenge, seat: int) -> None:
        self._call(seat, CHALLENGE_CALL)

    def _spot_on(self, action: SpotOn, seat: int) -> None:
        self._call(seat, SPOT_ON_CALL)

    def _call(self, caller: int, call: Call) -> None:
        """Reveal the hands, count, charge the dice, then the next round or the end."""
        bid = self.current
        assert bid is not None, "a call needs a bid (checked by why_not)"
        bidder = self.bids[-1].seat
        self.events.append((CALL, PUBLIC, caller, call, bidder, bid.quantity, bid.face))
        counted = count(bid.face, self.hands, self.options)
        hands = [list(hand) for hand in self.hands]
        self.events.append((REVEAL, PUBLIC, self.round, hands, bid.face, counted))
        if call == CHALLENGE_CALL:
            losers = [caller] if counted >= bid.quantity else [bidder]
            opens = losers[0]
        else:
            right = counted == bid.quantity
            losers = [s for s in self.live() if s != caller] if right else [caller]
            opens = caller
        self.results.append(
            RoundResult(
                self.round, call, caller, bidder, bid.quantity, bid.face, hands, counted, losers
            )
        )
        for seat in losers:
            self.dice[seat] -= 1
            self.events.append((LOSE, PUBLIC, seat, self.dice[seat]))
            if not self.dice[seat]:
                self.events.append((OUT, PUBLIC, seat))
        self._next_round_or_end(opens, EndReason.RULES)

    def _next_round_or_end(self, opens: int, reason: EndReason) -> None:
        """The last player in wins; otherwise `opens` opens the next round (or, if out,
        the next player still in after it)."""
        live = self.live()
        if len(live) == 1:
            self._end(live[0], reason)
            return
        self.start_round(opens if self.dice[opens] else self.next_live(opens))

    def _end(self, winner: int, reason: EndReason) -> None:
        self.winner = winner
        self.reason = reason
        self.detail = (
            f"seat {winner} is the last player with dice"
            if reason is EndReason.RULES
            else f"seat {winner} is the last player left after a forfeit"
        )
        self.turn = -1
        self.bids = []
        self.current = None
        self.hands = [[] for _ in range(self.num_players)]
        self.events.append((GAME_END, PUBLIC, winner, self.detail))

    def forfeit(self, seat: int, reason: str) -> None:
        """`seat` is out at once; the round in progress is void (see the module docstring).
        A seat already out, or a game already over, is left as it is."""
        if self.winner is not None or not self.dice[seat]:
            return
        self.events.append((FORFEIT, PUBLIC, seat, reason))
        self.dice[seat] = 0
        self.hands[seat] = []
        self.events.append((OUT, PUBLIC, seat))
        if len(self.live()) > 1:
            self.events.append((VOID, PUBLIC, self.round, seat))
        self._next_round_or_end(self.turn, EndReason.FORFEIT)


LiarsDiceState.HANDLERS = {
    Bid: LiarsDiceState._bid,
    Challenge: LiarsDiceState._challenge,
    SpotOn: LiarsDiceState._spot_on,
}


def summarize(state: LiarsDiceState) -> dict[str, Any]:
    """The result for the store: public facts only (every counted hand was revealed)."""
    return {
        "winner": state.winner,
        "end": state.reason.value if state.winner is not None else None,
        "detail": state.detail,
        "dice": list(state.dice),
        "rounds_played": state.round,
        "calls": [result.call for result in state.results],
    }
