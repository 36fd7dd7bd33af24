"""A person at a terminal as a Warfish agent.

Each decision shows the seat's view: the map as a table of territories by continent
(number, name, owner, units, the territories it borders; a fogged one shows ``?``), each
continent's bonus and holder, the players' territories, units and cards, its own cards and
the recent events; then the question of the phase with its choices. Answers:

- **setup**: ``place T`` (or just ``T``) puts one unit on territory T; ``place T N`` (or
  ``T N``, T a name or a number: ``peru 5``, ``12 5``) puts N there: the engine asks for one
  unit per decision, so the agent keeps the rest queued and answers the seat's next setup
  decisions itself, as long as they stay legal (it stops, says why and asks again when one
  would not be);
- **placement**: ``place T [N]`` (or ``T [N]``): N units on T, all that are left if N is
  not given (``all`` works too);
- in both, one answer may place on several territories, each with its count, split by
  ``,``, ``;`` or ``and`` or simply one after the other (``peru 3, brazil 2``,
  ``12 3 14 2``): the first placement is played and the others are queued the same way;
- **cards**: ``trade K`` (K a set's number in the list, or ``K`` alone) or
  ``trade C C C`` (three card ids); ``stop`` keeps the cards (not when forced);
- **attack**: ``attack A B [D]`` (D dice, the most if not given), ``blitz A B``, ``stop``;
  either attack may end in ``then N`` (``then all``, ``then min``) to settle the move-in
  should it capture, instead of being asked;
- **move-in**: ``N``, ``move N``, ``all`` or ``min``;
- **transfer**: ``transfer A B [N]`` (all but one if N is not given) or ``end``.

A territory is its number, its name, a start of its name or of its words (``west eur``),
or its initials (``wus``); two territories in one answer may be split by ``to``, ``>``,
``,`` or nothing at all. ``help`` (or ``?``) explains the phase, ``map`` shows the board
again. Anything else is refused with the reason, and asked again; the agent never plays an
action that is not legal. Input and output are injected, so tests drive it with scripts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from msgspec import UNSET

from sparring.agents.terminal import Parse, TerminalAgent

from .actions import (
    END_TURN,
    STOP_ATTACKING,
    STOP_TRADING,
    Attack,
    Blitz,
    MoveIn,
    Place,
    Trade,
    Transfer,
)
from .legal import SETUP, UNLIMITED
from .maps import ContinentView
from .odds import blitz_table, capture_chance
from .options import WarfishOptions
from .render import describe_event
from .views import View

HELP_WORDS = frozenset({"?", "help", "h"})
MAP_WORDS = frozenset({"map", "board", "show", "view"})
STOP_WORDS = frozenset({"stop", "end", "done", "pass", "skip", "no", "keep", "none"})
SEPARATORS = frozenset({"to", "into", "from", "on", ">", "->", "→", ",", "and", "with"})
GROUP_BREAKS = frozenset({",", ";", "and"})  # between the territories of one placement answer
ALL_WORDS = frozenset({"all", "max", "everything"})
LISTED = 40  # choices listed before "... and N more"
ALL_MOVE_IN = 1 << 30  # what "then all" stands for until the source's units are known
HELP = {
    "setup": "Setup: units are placed one at a time, in turns. 'place T' (or just 'T') puts "
    "one on territory T (a number, a name, the start of a name, or initials like 'wus'); "
    "'place T N' (or 'T N') puts N there, one at each of your turns, without asking again; "
    "'place T N, U M' splits them over several territories. Queued units stop, with the "
    "reason, if one would not be legal.",
    "place": "Placement: 'place T N' puts N units on territory T; 'place T' (or just 'T') "
    "puts all you have left there; 'place T N, U M' (or 'T N U M') places on several "
    "territories in one answer.",
    "trade": "Cards: 'trade K' trades the set numbered K in the list (or just 'K'); "
    "'trade C C C' names three card ids; 'stop' keeps your cards (not with 5 or more).",
    "attack": "Attack: 'attack A B D' rolls D dice from A against B (the most dice if D "
    "is left out); 'blitz A B' rolls until B falls or A is down to 1; 'stop' ends attacks. "
    "Add 'then all', 'then min' or 'then N' to either to settle the move-in of a capture "
    "in advance.",
    "move_in": "Move-in: how many units move into the captured territory — a number, "
    "'all' or 'min'.",
    "transfer": "Transfer: 'transfer A B N' moves N units from A to B ('transfer A B' "
    "moves all but one); 'end' ends your turn.",
}


class HumanAgent(TerminalAgent):
    """Prompts a person for each decision of one seat. `queued` holds the placements of an
    answer still to play (each one decision's answer), for the phase `queued_phase`."""

    refusal_prefix = ""  # `parse_answer` words its own refusals, and help is no refusal

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        ask: Callable[[str], str] = input,
        say: Callable[[str], None] = print,
    ) -> None:
        super().__init__(seat, seed, ask, say)
        self.queued: list[Place] = []
        self.queued_phase = ""

    def act(self, view: View, legal: Sequence[Any]) -> Any:
        """The next queued placement while it is legal; else ask the person."""
        if self.queued:
            action = self._from_queue(Board(view), legal)
            if action is not None:
                return action
        return super().act(view, legal)

    def prompt(self, view: View, legal: Sequence[Any]) -> tuple[list[str], Parse]:
        """The board and the menu for this decision."""
        board = Board(view)

        def parse(text: str) -> tuple[Any | None, str]:
            actions, message = read_answer(text, board, legal)
            if not actions:
                return None, message
            self.queued, self.queued_phase = list(actions[1:]), board.phase
            return actions[0], ""

        return [screen(board), question(board, legal)], parse

    def _from_queue(self, board: Board, legal: Sequence[Any]) -> Place | None:
        """Play the first queued placement if it is legal now; else say why the queue
        stops, drop it, and return None."""
        queued = self.queued
        units = sum(p.count for p in queued)
        if board.phase != self.queued_phase:
            self.queued = []
            self.say(f"{_units(units)} queued but not placed: the {self.queued_phase} is over")
            return None
        action = queued[0]
        if action not in legal:
            self.queued = []
            reason = _place_refusal(board, action.territory)
            self.say(f"stopped placing the queued units ({_units(units)} not placed): {reason}")
            return None
        self.queued = queued[1:]
        more = sum(p.count for p in self.queued)
        after = f"{_units(more)} more queued" if more else "the last queued"
        self.say(
            f"placing {_units(action.count)} on {board.names[action.territory]} "
            f"#{action.territory} ({after})"
        )
        return action


def _units(count: int) -> str:
    return f"{count} unit" if count == 1 else f"{count} units"


# ---------------------------------------------------------------- what the view shows


class Board:
    """The view's map with what a person needs to read it: names, continents, owners."""

    def __init__(self, view: View) -> None:
        if view.seat is None:
            raise ValueError("a person plays a seat: the spectator's view has no seat")
        self.view = view
        self.seat: int = view.seat
        static = view.map
        self.names: Sequence[str] = static.territories
        self.borders: Sequence[Sequence[int]] = static.borders
        self.continents: Sequence[ContinentView] = static.continents
        self.continent_of = {t: c.name for c in self.continents for t in c.territories}
        self.owner: list[int | None] = view.owner
        self.units: list[int | None] = view.units
        self.phase: str = view.phase
        self.options: WarfishOptions = view.options
        self.hand: list[int] = [] if view.hand is UNSET else view.hand

    def who(self, t: int) -> str:
        holder = self.owner[t]
        if holder is None:
            return "?"
        if holder < 0:
            return "neutral"
        return "you" if holder == self.seat else f"seat {holder}"

    def label(self, t: int) -> str:
        units = self.units[t]
        return f"{self.names[t]} #{t} ({self.who(t)}, {'?' if units is None else units})"

    def mine(self, t: int) -> bool:
        return self.owner[t] == self.seat

    def card(self, card: int) -> str:
        if card >= len(self.names):
            return f"[{card}] wild"
        return f"[{card}] {self.names[card]} ({self.view.map.suits[card]})"


def screen(board: Board) -> str:
    """The board, the players, the hand and the recent events."""
    view, names = board.view, board.names
    turn = view.turn
    lines = [
        f"Warfish · {view.map.name} · round {view.round} · you are seat {board.seat}"
        + ("" if turn is None else f" · seat {turn} to move")
    ]
    width = max(len(n) for n in names)
    for continent in board.continents:
        members = continent.territories
        holders = {board.owner[t] for t in members}
        only = next(iter(holders)) if len(holders) == 1 else None
        held = "nobody"
        if holders == {None}:
            held = "unknown"
        elif only is not None and only >= 0:
            held = board.who(members[0])
        lines.append(f"{continent.name} (bonus {continent.bonus}, held by {held})")
        for t in members:
            units = board.units[t]
            marker = "*" if board.mine(t) else " "
            lines.append(
                f" {marker}{t:>3}  {names[t]:<{width}}  {board.who(t):<7} "
                f"{'?' if units is None else units:>4}  → {', '.join(map(str, board.borders[t]))}"
            )
    for player in view.players:
        you = " (you)" if player.seat == board.seat else ""
        extra = ""
        if player.territories is not UNSET:
            extra = f", {player.territories} territories, {player.units} units"
        out = "" if player.alive else " (out)"
        lines.append(f"seat {player.seat}{you}{out}: {player.cards} cards{extra}")
    lines.append("Your cards: " + (", ".join(board.card(c) for c in board.hand) or "none"))
    lines.append(f"Next set is worth {view.next_trade_value} units.")
    log = view.log[-8:]
    if log:
        lines.append("Recent:")
        lines.extend("  " + describe_event(e, board.seat, names) for e in log)
    return "\n".join(lines)


def question(board: Board, legal: Sequence[Any]) -> str:
    """The decision at hand, with its choices."""
    view, phase = board.view, board.phase
    if phase == "setup":
        left = None if view.setup_left is UNSET else view.setup_left[board.seat]
        spots = ", ".join(board.label(action.territory) for action in legal)
        return (
            f"Setup: place your units one at a time ({left} left to place) on: {spots}\n"
            "'place T' for one; 'place T N' puts N there at your next turns; "
            f"'{_example(board)}' splits them.\n" + _hint()
        )
    if phase == "place":
        return (
            f"Place your units: {view.to_place} left. 'place T N', or 'place T' for all; "
            f"'{_example(board)}' for several.\n" + _hint()
        )
    if phase == "trade":
        sets = _sets(legal)
        lines = [f"Trade cards for {view.next_trade_value} units?"]
        lines.extend(
            f"  {i}: " + " + ".join(board.card(c) for c in trade.cards)
            for i, trade in enumerate(sets, 1)
        )
        lines.append(
            "'trade K' (or K), or 'stop' to keep them"
            if STOP_TRADING in legal
            else "You hold 5 or more cards: you must trade ('trade K' or K)"
        )
        return "\n".join(lines) + "\n" + _hint()
    if phase == "attack":
        return _attack_question(board, legal) + "\n" + _hint()
    if phase == "move_in":
        move = view.move_in
        assert move is not UNSET, "the mover's view has its pending move-in"
        return (
            f"You took {board.names[move.target]}: move in {move.low}-{move.high} "
            f"units from {board.names[move.source]} (a number, 'all' or 'min').\n" + _hint()
        )
    if phase == "transfer":
        return _transfer_question(board, legal) + "\n" + _hint()
    return _hint()


def _example(board: Board) -> str:
    """A placement on several territories, written with the seat's own."""
    mine = [t for t in range(len(board.names)) if board.mine(t)][:2]
    return ", ".join(f"{board.names[t].lower()} {n}" for t, n in zip(mine, (3, 2), strict=False))


def _hint() -> str:
    return "('help' explains, 'map' shows the board again)"


def _sets(legal: Sequence[Any]) -> list[Trade]:
    return [a for a in legal if type(a) is Trade]


def _attack_question(board: Board, legal: Any) -> str:
    options = board.options
    table = blitz_table(options.attack_dice_sides, options.defend_dice_sides)
    lines = [
        "Attack: 'attack A B [dice]', 'blitz A B' (either may end 'then all|min|N'), "
        "or 'stop'. Possible attacks:"
    ]
    for (source, target), dice in list(zip(legal.pairs, legal.dice, strict=True))[:LISTED]:
        chance = capture_chance(table, board.units[source] or 1, board.units[target] or 1)
        lines.append(
            f"  {board.label(source)} → {board.label(target)}: dice 1-{dice}, "
            f"a blitz takes it {chance:.0%}"
        )
    if len(legal.pairs) > LISTED:
        lines.append(f"  ... and {len(legal.pairs) - LISTED} more")
    left = board.view.attacks_left
    if left is not None and left is not UNSET:
        lines.append(f"Attack rolls left this turn: {left}")
    return "\n".join(lines)


def _transfer_question(board: Board, legal: Any) -> str:
    lines = ["Transfer: 'transfer A B [N]' (all but one by default), or 'end'. Possible:"]
    for (source, target), cap in list(zip(legal.pairs, legal.caps, strict=True))[:LISTED]:
        lines.append(f"  {board.label(source)} → {board.label(target)}: 1-{cap}")
    if len(legal.pairs) > LISTED:
        lines.append(f"  ... and {len(legal.pairs) - LISTED} more")
    return "\n".join(lines)


# ---------------------------------------------------------------- reading answers


def _tokens(text: str) -> list[str]:
    return re.findall(r"->|→|[>,;]|[^\s>,;→]+", text.lower())


def _words(name: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", name.lower())


def _names(tokens: list[str], name: str) -> bool:
    """Whether `tokens` name a territory called `name`: each token the start of one of its
    words in order, the whole name, or its initials."""
    words = _words(name)
    if not tokens:
        return False
    joined = "".join(tokens)
    if len(tokens) == 1 and len(words) > 1 and joined == "".join(w[0] for w in words):
        return True
    position = 0
    for token in tokens:
        bare = re.sub(r"[^a-z0-9]", "", token)
        if not bare:
            return False
        while position < len(words) and not words[position].startswith(bare):
            position += 1
        if position == len(words):
            return False
        position += 1
    return True


def territory(tokens: list[str], board: Board) -> tuple[int | None, str]:
    """The territory `tokens` name, or None and why not."""
    said = " ".join(tokens)
    if not tokens:
        return None, "name a territory"
    if len(tokens) == 1 and tokens[0].lstrip("#").isdigit():
        number = int(tokens[0].lstrip("#"))
        if number < len(board.names):
            return number, ""
        return None, f"there is no territory #{number} (0-{len(board.names) - 1})"
    exact = [t for t, n in enumerate(board.names) if n.lower() == said]
    if exact:
        return exact[0], ""
    found = [t for t, n in enumerate(board.names) if _names(tokens, n)]
    if len(found) == 1:
        return found[0], ""
    if not found:
        return None, f"no territory is called {said!r}"
    shown = ", ".join(f"{board.names[t]} #{t}" for t in found[:6])
    return None, f"{said!r} could be {shown}: say more, or use the number"


def two_territories(tokens: list[str], board: Board) -> tuple[tuple[int, int] | None, str]:
    """Two territories named one after the other (optionally split by a separator)."""
    for cut, token in enumerate(tokens):
        if token in SEPARATORS:
            first, _ = territory(tokens[:cut], board)
            second, _ = territory([t for t in tokens[cut + 1 :] if t not in SEPARATORS], board)
            if first is not None and second is not None:
                return (first, second), ""
    tokens = [t for t in tokens if t not in SEPARATORS]
    fits = []
    for cut in range(1, len(tokens)):
        first, _ = territory(tokens[:cut], board)
        second, _ = territory(tokens[cut:], board)
        if first is not None and second is not None and first != second:
            fits.append((first, second))
    if len(set(fits)) == 1:
        return fits[0], ""
    if fits:
        return None, "that names territories more than one way: use their numbers"
    if len(tokens) < 2:
        return None, "name two territories: the first, then the second"
    reason = territory(tokens[:1], board)[1] or territory(tokens[1:], board)[1]
    return None, reason or "name two territories: the first, then the second"


def _count(token: str, low: int, high: int, what: str) -> tuple[int | None, str]:
    if token in ALL_WORDS:
        return high, ""
    if token == "min":
        return low, ""
    if not token.isdigit():
        return None, f"{what} must be a whole number, not {token!r}"
    value = int(token)
    if not low <= value <= high:
        return None, f"{what} must be {low}-{high}, not {value}"
    return value, ""


def parse_answer(text: str, board: Board, legal: Sequence[Any]) -> tuple[Any | None, str]:
    """A legal action from `text` (the first of the placements an answer queues), or None
    with what to tell the person (the reason it was refused, or the help or map they asked
    for)."""
    actions, message = read_answer(text, board, legal)
    return (actions[0], "") if actions else (None, message)


def read_answer(text: str, board: Board, legal: Sequence[Any]) -> tuple[list[Any], str]:
    """The actions `text` answers — one, or for a placement answer on several territories
    (or several setup units) one per decision, in order, the first legal now — or none,
    with what to tell the person."""
    tokens = _tokens(text)
    if not tokens:
        return [], "not accepted: type an answer, or 'help'"
    if len(tokens) == 1 and tokens[0] in HELP_WORDS:
        return [], HELP.get(board.phase, "Nothing to decide now.")
    if len(tokens) == 1 and tokens[0] in MAP_WORDS:
        return [], screen(board) + "\n" + question(board, legal)
    if board.phase in ("setup", "place"):
        placements, reason = _read_placements(tokens, board)
        if placements is None:
            return [], f"not accepted: {reason}"
        actions: list[Any] = placements
    else:
        reader = _READERS.get(board.phase)
        if reader is None:
            return [], "not accepted: there is nothing to decide now"
        action, reason = reader(tokens, board, legal)
        if action is None:
            return [], f"not accepted: {reason}"
        actions = [action]
    if actions[0] not in legal:  # the readers check everything; this is the last guard
        return [], f"not accepted: {actions[0].to_json()} is not a legal action now"
    return actions, ""


def _verb(tokens: list[str], *verbs: str) -> list[str]:
    return tokens[1:] if tokens and tokens[0] in verbs else tokens


def _is_count(token: str) -> bool:
    return token.isdigit() or token in ALL_WORDS


def _placement_groups(tokens: list[str], board: Board) -> list[list[str]]:
    """A placement answer cut into one group per territory: at ``,``, ``;`` and ``and``,
    and after a count that follows a territory's name or number (``peru 3 brazil 2``,
    ``12 3 14 2``)."""
    groups: list[list[str]] = []
    current: list[str] = []
    for token in tokens:
        if token in GROUP_BREAKS:
            if current:
                groups.append(current)
            current = []
            continue
        current.append(token)
        named = [t for t in current[:-1] if t not in SEPARATORS]
        if _is_count(token) and named and territory(named, board)[0] is not None:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def _group(tokens: list[str], board: Board) -> tuple[int | None, str | None, str]:
    """One group's territory and count word (None: not given), or None and why not.
    The count goes last (``peru 3``) or first before a separator (``3 on peru``)."""
    count_token = None
    if len(tokens) > 2 and tokens[0].isdigit() and tokens[1] in SEPARATORS:
        count_token, tokens = tokens[0], tokens[2:]
    elif len(tokens) > 1 and _is_count(tokens[-1]):
        count_token, tokens = tokens[-1], tokens[:-1]
    spot, reason = territory([t for t in tokens if t not in SEPARATORS], board)
    if spot is None and count_token is not None and count_token.isdigit():
        whole, _ = territory([*tokens, count_token], board)
        if whole is not None:
            spot, count_token = whole, None
    return spot, count_token, reason


def _room(board: Board, spot: int) -> int:
    """How many more units `spot` may hold (the max_units option; 0 there = no cap)."""
    cap = board.options.max_units
    return cap - (board.units[spot] or 0) if cap else UNLIMITED


def _place_refusal(board: Board, spot: int) -> str:
    """Why no unit may go on `spot` now."""
    if not board.mine(spot):
        return f"{board.label(spot)} is not yours"
    if _room(board, spot) <= 0:
        return f"{board.names[spot]} is full (max_units {board.options.max_units})"
    return f"no unit may be placed on {board.names[spot]} now"


def _read_placements(tokens: list[str], board: Board) -> tuple[list[Place] | None, str]:
    """Every placement of a setup or placement answer, in order: in the setup one
    `Place(T, 1)` per unit (a territory without a count takes one), in a turn's
    placement one `Place(T, N)` per territory (without a count: all that are left)."""
    tokens = _verb(tokens, "place", "p", "put")
    setup = board.phase == SETUP
    view = board.view
    if setup:
        assert view.setup_left is not UNSET, "the setup view has the units left to place"
        left = view.setup_left[board.seat] or 0
    else:
        assert view.to_place is not UNSET, "the mover's view has its turn details"
        left = view.to_place
    remaining = left
    taken: dict[int, int] = {}
    placements: list[Place] = []
    for group in _placement_groups(tokens, board):
        spot, count_token, reason = _group(group, board)
        if spot is None:
            return None, reason
        space = _room(board, spot) - taken.get(spot, 0)
        if not board.mine(spot) or space <= 0:
            return None, _place_refusal(board, spot)
        if remaining == 0:
            return None, f"no units are left for {board.names[spot]}: you have {left} to place"
        most = min(remaining, space)
        if count_token is None:
            count: int | None = 1 if setup else most
        else:
            count, reason = _count(count_token, 1, most, "the count")
        if count is None:
            assert count_token is not None
            asked = int(count_token) if count_token.isdigit() else 0
            if asked > remaining:
                return None, (
                    f"you have only {left} unit(s) left to place"
                    if remaining == left
                    else f"only {remaining} of your {left} unit(s) are left for "
                    f"{board.names[spot]} after the ones before it"
                )
            if asked > space:
                return None, (
                    f"{board.names[spot]} has room for {space} more unit(s) "
                    f"(max_units {board.options.max_units})"
                )
            return None, reason
        remaining -= count
        taken[spot] = taken.get(spot, 0) + count
        placements.extend([Place(spot, 1)] * count if setup else [Place(spot, count)])
    if not placements:
        return None, "name a territory"
    return placements, ""


def _read_trade(tokens: list[str], board: Board, legal: Sequence[Any]) -> tuple[Any, str]:
    sets = _sets(legal)
    if tokens[0] in STOP_WORDS:
        if STOP_TRADING in legal:
            return STOP_TRADING, ""
        return None, "with 5 or more cards you must trade a set"
    tokens = _verb(tokens, "trade", "t")
    if len(tokens) == 1 and tokens[0].isdigit():
        number = int(tokens[0])
        if 1 <= number <= len(sets):
            return sets[number - 1], ""
        return None, f"choose a set from 1 to {len(sets)}"
    if len(tokens) == 3 and all(t.isdigit() for t in tokens):
        cards = tuple(int(t) for t in tokens)
        missing = [c for c in cards if c not in board.hand]
        if missing:
            return None, f"card(s) {missing} are not in your hand"
        trade = Trade(cards)
        if trade not in legal:
            return None, "those three cards are not a set"
        return trade, ""
    return None, "say 'trade K' for a set in the list, 'trade C C C' for card ids, or 'stop'"


def _attack_reason(board: Board, legal: Any, source: int, target: int) -> str:
    if not board.mine(source):
        return f"{board.label(source)} is not yours"
    if board.mine(target):
        return f"{board.label(target)} is yours"
    if target not in board.borders[source]:
        back = source in board.borders[target]
        return f"no border from {board.names[source]} to {board.names[target]}" + (
            " (that border is one-way, the other direction)" if back else ""
        )
    if (board.units[source] or 0) < 2:
        return f"{board.names[source]} needs at least 2 units to attack"
    return "no attacks left this turn"


def _read_attack(tokens: list[str], board: Board, legal: Any) -> tuple[Any, str]:
    if tokens[0] in STOP_WORDS:
        return STOP_ATTACKING, ""
    verb = tokens[0]
    if verb not in ("attack", "a", "blitz", "b"):
        return None, "say 'attack A B [dice]', 'blitz A B' or 'stop'"
    rest = tokens[1:]
    move_in = None
    if "then" in rest:
        at = rest.index("then")
        move_in, reason = _move_in_order(rest[at + 1 :])
        if move_in is None:
            return None, reason
        rest = rest[:at]
    dice_token = None
    if verb in ("attack", "a") and len(rest) > 2 and rest[-1].isdigit():
        dice_token, rest = rest[-1], rest[:-1]
    pair, reason = two_territories(rest, board)
    if pair is None and dice_token is not None:  # "attack 3 16": no dice, two numbers
        pair, _ = two_territories([*rest, dice_token], board)
        dice_token = None if pair is not None else dice_token
    if pair is None:
        return None, reason
    source, target = pair
    most = legal.max_dice(source, target)
    if not most:
        return None, _attack_reason(board, legal, source, target)
    if move_in is not None and move_in >= ALL_MOVE_IN:
        move_in = board.units[source] or 0  # all: clamped by the engine to all it may
    if verb in ("blitz", "b"):
        return Blitz(source, target, move_in), ""
    if dice_token is None:
        return Attack(source, target, most, move_in), ""
    dice, reason = _count(dice_token, 1, most, f"dice from {board.names[source]}")
    return (None, reason) if dice is None else (Attack(source, target, dice, move_in), "")


def _move_in_order(tokens: list[str]) -> tuple[int | None, str]:
    """The standing move-in order after ``then``: all, min (0) or a number of units."""
    if len(tokens) != 1:
        return None, "after 'then' say how many move in should it capture: all, min or N"
    token = tokens[0]
    if token in ALL_WORDS:
        return ALL_MOVE_IN, ""
    if token == "min":
        return 0, ""
    if not token.isdigit():
        return None, f"the move-in after 'then' is all, min or a whole number, not {token!r}"
    return int(token), ""


def _read_move_in(tokens: list[str], board: Board, legal: Any) -> tuple[Any, str]:
    tokens = _verb(tokens, "move", "m", "move_in")
    if len(tokens) != 1:
        return None, f"say how many units move in: {legal.low}-{legal.high}, 'all' or 'min'"
    count, reason = _count(tokens[0], legal.low, legal.high, "the count")
    return (None, reason) if count is None else (MoveIn(count), "")


def _transfer_reason(board: Board, source: int, target: int) -> str:
    if not board.mine(source):
        return f"{board.label(source)} is not yours"
    if not board.mine(target):
        return f"{board.label(target)} is not yours"
    if source == target:
        return "a transfer moves units between two different territories"
    if (board.units[source] or 0) < 2:
        return f"{board.names[source]} has no unit to spare (one stays)"
    if board.options.transfer_rule == "connected":
        return f"no path of your territories from {board.names[source]} to {board.names[target]}"
    if target not in board.borders[source]:
        return f"no border from {board.names[source]} to {board.names[target]}"
    return f"{board.names[target]} is full (max_units {board.options.max_units})"


def _read_transfer(tokens: list[str], board: Board, legal: Any) -> tuple[Any, str]:
    if tokens[0] in STOP_WORDS:
        return END_TURN, ""
    if tokens[0] not in ("transfer", "t", "move", "fortify"):
        return None, "say 'transfer A B [N]' or 'end'"
    rest = tokens[1:]
    count_token = None
    if len(rest) > 2 and (rest[-1].isdigit() or rest[-1] in ALL_WORDS):
        count_token, rest = rest[-1], rest[:-1]
    pair, reason = two_territories(rest, board)
    if pair is None and count_token is not None and count_token.isdigit():
        pair, _ = two_territories([*rest, count_token], board)
        count_token = None if pair is not None else count_token
    if pair is None:
        return None, reason
    source, target = pair
    cap = legal.cap(source, target)
    if not cap:
        return None, _transfer_reason(board, source, target)
    if count_token is None:
        return Transfer(source, target, cap), ""
    count, reason = _count(count_token, 1, cap, "the count")
    return (None, reason) if count is None else (Transfer(source, target, count), "")


_READERS: dict[str, Any] = {
    "trade": _read_trade,
    "attack": _read_attack,
    "move_in": _read_move_in,
    "transfer": _read_transfer,
}
