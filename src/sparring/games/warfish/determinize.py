"""Determinization: a full Warfish state consistent with what one seat's view shows.

Search agents hold only such samples, never the true state. A sample keeps everything the
view shows — the map and options, round, phase, whose turn, the board in sight, the
players' alive flags and card counts, the discard pile and trade count, the seat's own
hand, the turn's details and the log — and draws what the seat cannot see with the
agent's own `Rng`:

1. **The cards** no one has shown: every card but the seat's hand and the discard pile,
   shuffled and dealt to the other players, as many as the view says each holds; the rest
   is the deck (kept sorted: a draw picks a random card of it, so its order is the future
   of the random source). Cards traded are in the discard pile, so a trade in the log has
   already taken them out of the unseen ones; a player who is trading on its turn (seen
   without fog) holds a set, so such hands are dealt again until it does.
2. **With fog, the territories out of sight** (`unseen.py`): during the setup an
   arrangement of exactly what the rules say is missing; after it, each from its last
   sight in the log or a prior around the rival territories in sight.
3. **The turn's bookkeeping the view leaves implicit**: attacks and transfers made (from
   those left), a mid-turn forced trade (a trade phase after a capture), whether the
   card territory bonus was used this turn (from the log, if it reaches back to the turn's
   start; if not, unused), and during a fogged setup how many units the others have left
   to place (the placements go one unit a seat in seat order, `unseen.setup_progress`).
4. **The random source**, reseeded from the agent's, so dice and card draws are fresh.

The log is written back as the state's events, with the audience each kind has (a drawn or
captured card is the seat's own; with fog, board and income events are the seat's copy),
so the seat's view of the sample is the view it came from.

Under fog another seat's turn details (units to place, a pending move-in...) are hidden
from the seat; a view of another seat's turn then cannot be completed with a state that
plays on, and is refused (`BadInput`). A search determinizes at its own decisions.
"""

from __future__ import annotations

from typing import Any

from msgspec import UNSET

from sparring.core.errors import BadInput
from sparring.core.events import PUBLIC, Event, event_fields
from sparring.core.game import EndReason
from sparring.core.rng import Rng

from . import cards
from . import events as ev
from .dice import roller
from .legal import MOVE_IN, OVER, SETUP, TRADE
from .state import WarfishState
from .unseen import sample_unseen, setup_progress
from .views import View

LABEL = "determinize"
#: Deals tried before giving up on a trading player holding a set (one in three deals of
#: three cards holds one, so the limit is never reached by a view that allows it).
_DEALS = 200
#: Event kinds every seat sees; `_OWN` are always the holder's alone; the rest are public
#: without fog and the seat's own copy with it.
_PUBLIC = frozenset(
    {ev.SETUP_DONE, ev.TURN, ev.TRADED, ev.CARD_AWARDED, ev.ELIMINATED, ev.GAME_END, ev.FORFEIT}
)
_OWN = frozenset({ev.CARD_DRAWN, ev.CARDS_TAKEN})


def determinize(view: View, rng: Rng) -> WarfishState:
    """A state that `view`'s seat cannot tell from the real one, drawn with `rng`."""
    seat = view.seat
    if seat is None:
        raise BadInput("determinize needs a seat's view, not a spectator's")
    options = view.options
    mover = view.turn
    if options.fog and mover is not None and mover != seat:
        raise BadInput(
            f"under fog seat {seat} cannot see seat {mover}'s turn: determinize at a decision "
            "of the seat whose view it is"
        )
    state = WarfishState(0, options, deal=False)
    state.options = options
    state.map = options.board
    state.num_players = options.players
    state.fog = options.fog
    state.rng = Rng(rng.below(1 << 62, LABEL))
    state._roll_dice = roller(options.attack_dice_sides, options.defend_dice_sides)
    state._passing = state._turn_over = False
    state._legal = None
    state.setup_menus = {}
    _turn(state, view)
    state.owner, state.units = sample_unseen(view, seat, rng)
    _cards(state, view, seat, rng)
    state.recount()
    state.events = _events(view.log, seat, options.fog)
    return state


def _turn(state: WarfishState, view: View) -> None:
    """Phase, turn, round and the turn's bookkeeping, from the view (module doc, 3)."""
    options = view.options
    phase = view.phase
    state.phase = phase
    state.round = view.round
    state.seat = 0 if view.turn is None else view.turn
    state.to_place = _given(view.to_place, 0)
    limit, left = options.attacks_per_turn, view.attacks_left
    state.attacks = limit - left if limit and isinstance(left, int) else 0
    transfers_left = view.transfers_left
    state.transfers = (
        options.transfers_per_turn - transfers_left if isinstance(transfers_left, int) else 0
    )
    state.captured = _given(view.captured, False)
    move_in = view.move_in
    state.pending = (
        None
        if phase != MOVE_IN or move_in is UNSET
        else (move_in.source, move_in.target, move_in.low, move_in.high)
    )
    state.forced_only = phase == TRADE and state.captured
    state.bonus_used = _bonus_used(view)
    state.setup_left = _setup_left(view)
    state.trades = view.trades
    state.winner = view.winner
    state.end_reason = view.end_reason
    state.ended_by = _ended_by(view)


def _given(value: Any, default: Any) -> Any:
    """A view field the seat may not be shown, or `default` where it is not."""
    return default if value is UNSET else value


def _bonus_used(view: View) -> bool:
    """Whether the log shows the mover's card territory bonus since its turn began (a log
    that does not reach back to the turn's start shows none)."""
    for entry in reversed(view.log):
        kind = entry["kind"]
        if kind == ev.TURN:
            return False
        if kind == ev.CARD_BONUS and entry["seat"] == view.turn:
            return True
    return False


def _setup_left(view: View) -> list[int]:
    """Units each seat has still to place in the setup: shown without fog; with fog the
    seat's own is shown and the others' follow from the rules (`unseen.setup_progress`)."""
    shown = view.setup_left
    if view.phase != SETUP or shown is UNSET:
        return [0] * view.options.players
    if None not in shown:
        return [0 if n is None else n for n in shown]
    return setup_progress(view)[1]


def _ended_by(view: View) -> EndReason:
    """How a finished game ended, read from the reason the view gives."""
    if view.phase != OVER:
        return EndReason.RULES
    if view.end_reason.startswith("round cap"):
        return EndReason.LIMIT
    if "forfeited" in view.end_reason:
        return EndReason.FORFEIT
    return EndReason.RULES


def _cards(state: WarfishState, view: View, seat: int, rng: Rng) -> None:
    """The seat's hand and the discard as shown; the unseen cards dealt (module doc, 1)."""
    players = view.options.players
    hands: list[list[int]] = [[] for _ in range(players)]
    own = list(_given(view.hand, []))
    hands[seat] = own
    state.discard = list(view.discard)
    state.hands = hands
    if not view.options.cards:
        state.deck = []
        return
    known = set(own) | set(view.discard)
    unseen = [c for c in range(cards.deck_size(state.map)) if c not in known]
    sizes = [0 if s == seat else view.players[s].cards for s in range(players)]
    if sum(sizes) > len(unseen) or len(unseen) - sum(sizes) != view.deck_size:
        raise BadInput(
            f"the view's card counts ({sizes}, deck {view.deck_size}) do not fit the "
            f"{len(unseen)} cards it does not show"
        )
    trader = view.turn if view.phase == TRADE and view.turn != seat else None
    for _ in range(_DEALS):
        _draw_to_front(unseen, sum(sizes), rng)
        dealt = 0
        for s, size in enumerate(sizes):
            if s != seat:
                hands[s] = unseen[dealt : dealt + size]
                dealt += size
        if trader is None or cards.has_set(state.map, hands[trader]):
            state.deck = sorted(unseen[dealt:])
            return
    raise BadInput(f"seat {trader} is trading, yet no hand of the unseen cards holds a set")


def _events(log: list[dict[str, Any]], seat: int, fog: bool) -> list[Event]:
    """The log as engine events, each with the audience its kind has (module doc)."""
    board = seat if fog else PUBLIC
    out: list[Event] = []
    for entry in log:
        kind = entry["kind"]
        audience = PUBLIC if kind in _PUBLIC else seat if kind in _OWN else board
        out.append((kind, audience, *(entry[name] for name in event_fields(kind))))
    return out


def _draw_to_front(items: list[int], count: int, rng: Rng) -> None:
    """Draw `count` of `items` at random, in random order, into its first places (the
    first steps of a Fisher-Yates shuffle): the hands are dealt from there, and the rest,
    the deck, is sorted anyway, so shuffling it would only spend draws (a search
    determinizes hundreds of times a decision)."""
    for i in range(count):
        j = i + rng.below(len(items) - i, LABEL)
        items[i], items[j] = items[j], items[i]
