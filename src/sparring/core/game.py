"""The contract every game meets, and the description a game registers.

A game is a `GameSpec`: a small required core — its declared `GameFacts`, how to start a
state, read options and actions from JSON, project a state onto one seat's view, and say
how the game ended (`Outcome`) — plus optional capability groups that generic code asks
for by name: `Display` (text rendering and the live display's hints), `RefereePolicy`
(clocks and the price of a verdict), `Search` (determinization, a lean view), `Secrecy`
(the no-leak kit's hooks), `Messages` (typed actions, options and views, with their JSON
Schemas) and `Extensions` (what a game adds to the platform: seat kinds,
decks, its scenario plug-in, its conformance hooks, default benchmark agents).

States follow `GameState`; in-process players follow `Agent`. Nothing here knows a
particular game: games register themselves (see `registry`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .events import Event
from .rng import Rng

if TYPE_CHECKING:
    from .conformance import Hooks
    from .scenario import ScenarioGame

#: What one seat (or a spectator, ``None``) is shown of a state: an instance of the game's
#: own view struct (`Messages.view`), or plain JSON data for a game without one. Generic
#: code never looks inside a view, so it is typed loosely here; each game types its own.
View = Any


@runtime_checkable
class Action(Protocol):
    """An immutable, hashable action value with a stable JSON form."""

    def to_json(self) -> dict[str, Any]: ...


class EndReason(enum.StrEnum):
    """Why a game ended, in the few kinds generic code must tell apart."""

    #: The rules' own end: a player won (or all lost at once) by the game's win condition.
    RULES = "rules"
    #: A length limit (turns, rounds) ran out and the game's tie-break decided it.
    LIMIT = "limit"
    #: A seat forfeited: a referee verdict, or an illegal move by an in-process agent.
    FORFEIT = "forfeit"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winner (None: a draw, or no single winner), one
    return per seat, the kind of end, and the game's own words for it."""

    winner: int | None
    returns: tuple[float, ...]
    reason: EndReason
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "returns": list(self.returns),
            "reason": self.reason.value,
            "detail": self.detail,
        }


def winner_of(state: GameState) -> int | None:
    """The winner of a finished game (None: a draw, no single winner, or not over yet)."""
    outcome = state.outcome()
    return None if outcome is None else outcome.winner


def end_reason_of(state: GameState) -> str:
    """Why a finished game ended, as its `EndReason` value ("" while it goes on)."""
    outcome = state.outcome()
    return "" if outcome is None else outcome.reason.value


def two_seat_returns(winner: int | None) -> tuple[float, float]:
    """Zero-sum returns of a two-seat game: +1 / -1, or 0 each for a draw."""
    if winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


class GameState(Protocol):
    """What every engine state offers (see DESIGN.md, "Engine contract")."""

    num_players: int
    options: Any
    rng: Rng
    events: list[Event]

    def to_move(self) -> tuple[int, ...]: ...

    @property
    def current_player(self) -> int: ...

    def legal_actions(self, player: int | None = None) -> Sequence[Any]: ...

    def apply(self, action: Any, player: int | None = None) -> None: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]: ...

    def outcome(self) -> Outcome | None: ...

    def clone(self) -> Any: ...

    def forfeit(self, seat: int, reason: str) -> None: ...


class TwoSeatOutcome:
    """`current_player` and `returns` for two-seat games whose state keeps `winner` (None:
    a draw, or not over yet) and defines `to_move()`."""

    winner: int | None

    @property
    def current_player(self) -> int:
        """The one seat to move (the lowest when several decide at once); -1 when over."""
        movers: tuple[int, ...] = self.to_move()  # type: ignore[attr-defined]
        return movers[0] if movers else -1

    def returns(self) -> tuple[float, float]:
        return two_seat_returns(self.winner)


class Agent(Protocol):
    """A player that lives in this process and sees only views and legal actions.

    An agent that never reads views sets ``needs_view = False`` and is handed ``None``;
    one that reads the board but never the view's event ``log`` may also set
    ``needs_log = False`` (absent means True) and, where the game has one, is handed its
    lean view: the same view without the log, which is most of a view's cost.
    """

    needs_view: bool

    def act(self, view: View, legal: Sequence[Any]) -> Any: ...


class ClockedAgent(Agent, Protocol):
    """An agent that uses the time it is given (a search): besides `act` it offers
    ``act_within(view, legal, seconds)``, where `seconds` is the clock of this decision.
    Whoever runs an in-process agent (`arena.seats.BuiltinSeat`, `playout.play_match`)
    calls `act_within` when the agent has it (see `decide`), so such an agent can spend
    its clock, less a margin of its own, without ever being told about referees."""

    def act_within(self, view: View, legal: Sequence[Any], seconds: float) -> Any: ...


def decide(agent: Agent, view: View, legal: Sequence[Any], seconds: float) -> Any:
    """`agent`'s choice with `seconds` on the clock: `act_within` for an agent that uses
    its clock (`ClockedAgent`), else plain `act`."""
    act_within = getattr(agent, "act_within", None)
    if act_within is None:
        return agent.act(view, legal)
    return act_within(view, legal, seconds)


AgentFactory = Callable[[int, int], Agent]
ViewFunction = Callable[[Any, int | None], View]


@dataclass(frozen=True)
class GameFacts:
    """What a game declares about itself up front (after OpenSpiel's ``GameType``), so
    generic code and the conformance kit know what to expect without playing.

    ``max_decisions`` bounds the decisions of one game under the default options; a game
    whose options stretch it gives `Extensions.decision_bound` too.
    """

    min_players: int
    max_players: int
    chance: bool
    hidden_information: bool
    simultaneous_moves: bool
    max_decisions: int

    def to_json(self) -> dict[str, Any]:
        return {
            "min_players": self.min_players,
            "max_players": self.max_players,
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "simultaneous_moves": self.simultaneous_moves,
            "max_decisions": self.max_decisions,
        }


@dataclass(frozen=True)
class Messages:
    """The game's message types (see `core.messages`): ``actions``, the union of its
    action structs; ``options``, its options struct; ``view``, its view struct. From them
    come the decoders and the JSON Schemas bot authors generate types from."""

    actions: Any
    options: Any
    view: Any

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of every message: actions, options and the view."""
        from .messages import schema  # msgspec's schema builder, only when asked for

        return {
            "actions": schema(self.actions),
            "options": schema(self.options),
            "view": schema(self.view),
        }


#: Reading a game's events in order (made by `GameSpec.narration`): called with each event
#: its reader may know, in the event's JSON form, and the state it happened in, it returns
#: the event's line. It may remember what earlier events taught its reader (which fish
#: stands where, a card's name), so later lines can name things.
Narration = Callable[[dict[str, Any], Any], str]

#: A game's live board (see `Display.board`): ``board(spectator view, seat views)`` returns
#: a rich renderable or text (ANSI colours allowed). The seat views (every seat's own view,
#: in seat order) are given only when no person is playing; otherwise the board shows what
#: a spectator may see, so it can tell a person at the terminal nothing hidden.
BoardFunction = Callable[[View, Sequence[View] | None], Any]


@dataclass(frozen=True)
class Display:
    """How a game is shown to people: every view as text, every event as a line, a live
    board, and the hints a live display needs.

    ``describe_event(event, viewer, state)`` gets the event's JSON form, who is reading
    (``None``: a spectator) and the state it happened in (for names such as a map's).
    ``narrator(viewer)``, where given, starts a `Narration` for that reader: events in
    order, each line naming what the events so far have shown it (a hidden piece by name
    once it is revealed). ``board()`` loads the game's `BoardFunction` (kept out of the
    spec's imports with `imported_later`, so the terminal UI loads only when a board is
    drawn).
    ``status_line(spectator view)`` is printed before each event of kind ``turn_event``
    (a new turn) after the first; ``headline_events`` are printed bold, ``quiet_events``
    are too routine to print live. With ``reveal_live`` a live display with no person
    playing also shows each seat's private events (once each), e.g. a fogged board;
    ``revealed_events`` are hidden from every seat (audience nobody) but worth showing
    onlookers when no person plays, e.g. the teams of a round just ended.

    ``previews(state, seat, legal)`` is for front ends where a person may cancel a
    selection until it is confirmed, though the engine asks for it only after the action
    that opens it (something hidden may come between): for `seat`, to move with the free
    choices `legal`, it maps the index of some of them to the decision the engine would ask
    of `seat` right after that action if nothing hidden intervened — ``kind``, ``prompt``,
    ``source`` and ``options`` (actions in JSON) — read only from what the seat's view
    shows, so a page can gather the choice first and send nothing on a cancel. It never
    changes the state; bots are never sent it.
    """

    render_view: Callable[[View], str]
    describe_event: Callable[[dict[str, Any], int | None, Any], str]
    narrator: Callable[[int | None], Narration] | None = None
    board: Callable[[], BoardFunction] | None = None
    status_line: Callable[[View], str | None] | None = None
    turn_event: str = "turn"
    headline_events: frozenset[str] = frozenset()
    quiet_events: frozenset[str] = frozenset()
    revealed_events: frozenset[str] = frozenset()
    reveal_live: bool = False
    previews: Callable[[Any, int, Sequence[Any]], Mapping[int, dict[str, Any]]] | None = None


def stateless(
    describe: Callable[[dict[str, Any], int | None], str],
) -> Callable[[dict[str, Any], int | None, Any], str]:
    """`Display.describe_event` for a game whose events read the same in any state."""

    def describe_event(event: dict[str, Any], viewer: int | None, state: Any) -> str:
        return describe(event, viewer)

    return describe_event


def forfeit_game(state: Any, seat: int, verdict: str, detail: str) -> None:
    """The default price of a referee verdict: the seat loses the whole game."""
    state.forfeit(seat, f"{verdict}: {detail}")


@dataclass(frozen=True)
class RefereePolicy:
    """How the referee treats this game's seats.

    ``decision_seconds`` is the default clock per decision; ``decision_clock(state, seat,
    seconds)`` may give one decision another clock (a share of the match's per-decision
    `seconds`, so a faster match scales it too). ``on_verdict(state, seat, verdict,
    detail)`` is the game's price for a verdict (default: the game is lost); with
    ``survives_timeout`` a time-out costs only that price and the bot process plays on.
    ``illegal_action_hint`` is added to `bot check`'s advice when a bot's action is refused.
    """

    decision_seconds: float = 3.0
    decision_clock: Callable[[Any, int, float], float] | None = None
    on_verdict: Callable[[Any, int, str, str], None] = forfeit_game
    survives_timeout: bool = False
    illegal_action_hint: str = ""

    @property
    def verdict_loses_game(self) -> bool:
        """Whether every verdict costs the whole game (the default price)."""
        return self.on_verdict is forfeit_game


#: Menus longer than this are widened progressively by a tree search (see `Search`).
WIDE_MENU = 24


class ViewSampler(Protocol):
    """Draws determinized states of one view (`Search.sampler`), with what the view fixes
    worked out once."""

    def sample(self, rng: Rng) -> Any: ...


@dataclass(frozen=True)
class Search:
    """What search agents and fast in-process play may use.

    ``determinize(view, rng)`` samples a full state consistent with a seat's view, with the
    agent's own random source. ``lean_view(state, seat)`` is the view without its
    ``"log"`` entry, or with an empty one for a view type that always has it (the
    conformance kit checks exactly that), served to in-process agents with ``needs_log =
    False``.

    The rest tunes the generic information-set search (`sparring.agents.ismcts`) and is
    all optional. ``sampler(view)`` returns a `ViewSampler` whose ``sample(rng)`` draws
    as `determinize` does, for a game whose samples share work worth doing once per
    decision (an inference from the log). ``rollout`` names the game's own agent that plays
    the search's rollouts (default: uniformly random legal actions); a rollout stops after
    ``rollout_steps`` decisions (default: at the end of the game) and the state is scored
    by ``evaluate(state) -> one return per seat`` (default: `returns()`, which most games
    give as 0 each while the game goes on). Menus longer than ``wide_menu`` are widened
    progressively: a node tries a new action only as its visits grow. With
    ``model_opponents`` (and a ``rollout`` agent) the other seats play that agent in the
    search's tree too, on their own views of each sample, instead of the tree's pooled
    statistics (which cannot use their private information). ``candidates(view, legal,
    rng)`` narrows the searching seat's own menu at the root, from its view alone (and the
    agent's own random source), to the actions worth searching (a belief's likely
    assertions, a few sensible choices out of a huge menu); the decision is one of them,
    and a single candidate is played at once. ``exploration`` is the game's own
    exploration constant for the upper confidence bound (default: the search's), for
    returns whose differences between good and bad moves are far smaller than their range.
    ``tree_depth`` bounds the steps of the search's tree (default: none); below it the
    rollout plays on: with 1 the search weighs only the root's choices, each followed by
    the rollout policy, where the tree's exploration of later choices would only blur them.
    ``root_costs(view, menu, rng)`` prices the searching seat's own root choices for what
    the tree cannot see (what an action gives away to rivals who infer from it: a
    single-observer tree holds the seat's own secrets fixed in every sample, so hiding them
    is worth nothing there): a cost, in the returns' units, per action of the root's menu
    (absent: none), taken off every return that action backs up at the root.
    ``tree_menu(state, seat, legal)`` narrows a seat's menu in the tree, at every choice
    but the searching seat's at the root (that is `candidates`' business) and a modelled
    opponent's (its agent chooses), to the choices
    the tree's statistics can judge. They cannot judge a guess at a hidden value: a menu
    of many guesses whose returns differ by less than the exploration term is tried near
    uniformly, so the tree's players guess at random; and an opponent's guesses at the
    searching seat's own secrets, the same in every sample, would be learned right in
    the end, as if it could see them.

    ``recall(memory, view) -> (memory, view)`` is the game's memory of a match, for a view
    that drops what the seat saw earlier (an ended round's log): the search folds every view
    it is shown into what it remembers (``None`` at first; the game starts afresh when the
    view shows a new match) and reads the view ``recall`` returns — the same view with what
    the memory proves put back — in place of the one it was shown. Only the seat's own
    views go in, so the search stays honest.

    With ``common_samples`` (for a flat search) every sample is played once by each of the
    root's choices, on its own copy, so they are compared on the same hidden values and the
    same dice; the decision is the choice with the best mean over those whole rounds.
    """

    determinize: Callable[[View, Rng], Any] | None = None
    lean_view: ViewFunction | None = None
    sampler: Callable[[View], ViewSampler] | None = None
    rollout: str | None = None
    rollout_steps: int | None = None
    evaluate: Callable[[Any], Sequence[float]] | None = None
    wide_menu: int = WIDE_MENU
    model_opponents: bool = False
    candidates: Callable[[View, Sequence[Any], Rng], Sequence[Any]] | None = None
    exploration: float | None = None
    tree_depth: int | None = None
    root_costs: Callable[[View, Sequence[Any], Rng], Mapping[Any, float]] | None = None
    tree_menu: Callable[[Any, int, Sequence[Any]], Sequence[Any]] | None = None
    common_samples: bool = False
    recall: Callable[[Any, View], tuple[Any, View]] | None = None


@dataclass(frozen=True)
class Secrecy:
    """The no-leak kit's hooks. ``scramble_hidden(state, seat, rng)`` returns a copy of
    `state` in which everything `seat` cannot see has been replaced by other values
    consistent with its view; ``plant_sentinels(state, seat)`` returns a copy whose hidden
    numbers are replaced by unique sentinel integers, with the list of sentinels."""

    scramble_hidden: Callable[[Any, int, Rng], Any]
    plant_sentinels: Callable[[Any, int], tuple[Any, list[int]]]


@dataclass(frozen=True)
class DeckSupport:
    """For games whose seats bring decks: ``read_file(path)`` reads a deck file into the
    option value a seat's deck takes, ``prebuilt()`` names the decks that ship with the
    game, and ``option(seat)`` is the option key a seat's deck goes under."""

    read_file: Callable[[Any], Any]
    prebuilt: Callable[[], list[str]]
    option: Callable[[int], str]


#: A seat kind a game offers the referee: ``factory(argument, limits)`` builds the seat
#: for ``--seat KIND:ARGUMENT`` (the limits are the referee's process limits).
SeatFactory = Callable[[str, Any], Any]


@dataclass(frozen=True)
class Extensions:
    """What a game adds to the platform beyond the contract, each loaded only when used.

    ``seat_kinds`` maps a ``--seat KIND:...`` prefix to a seat factory (e.g. a contest's own
    wire protocol). ``decks`` is set by games played with decks. ``scenario()`` loads the
    game's scenario plug-in; ``conformance()`` its conformance-kit hooks (invariants,
    known-bad actions, what each seat cannot see, options to draw). ``bench_agents`` is the
    pair `sparring bench` plays by default. ``decision_bound(options)`` bounds the
    decisions of one game under those options, where they can stretch a game beyond
    `GameFacts.max_decisions`.

    ``seat_rules`` maps a seat kind to the rule options (JSON entries) a match adopts when
    it seats one: a contest's bots are played under that contest engine's rules, unless
    the match's options say otherwise.

    For `sparring bot run` (a built-in agent as a stand-alone bot process):
    ``legal_from_json(data)`` reads the ``legal`` field of an ``act`` message back into
    exactly what the engine's ``legal_actions`` gives an in-process agent (a compact form
    as the game's own lazy sequence, actions the engine shares as single objects as those
    objects); without it ``legal`` is a list read with `GameSpec.action_from_json`.
    ``bot_protocols`` maps the name of another wire protocol a built-in agent can speak
    (e.g. a contest's own) to the loader of its bot side, a `BotProtocol`.

    ``rl_encoding()`` loads the game's reinforcement-learning encoding: a function from
    the game's options to an `sparring.rl.encoding.Encoding` (observation layout and
    action table, docs/rl.md).
    """

    seat_kinds: Mapping[str, SeatFactory] = field(default_factory=dict)
    seat_rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    decks: DeckSupport | None = None
    scenario: Callable[[], ScenarioGame] | None = None
    conformance: Callable[[], Hooks] | None = None
    bench_agents: tuple[str, ...] = ("random", "random")
    decision_bound: Callable[[Any], int] | None = None
    legal_from_json: Callable[[Any], Sequence[Any]] | None = None
    bot_protocols: Mapping[str, Callable[[], BotProtocol]] = field(default_factory=dict)
    rl_encoding: Callable[[], Callable[[Any], Any]] | None = None


#: The bot side of a wire protocol (`Extensions.bot_protocols`): ``serve(spec, make_seat,
#: seat, source, sink)`` plays one match, reading the protocol's messages from the binary
#: stream `source` and writing its replies to `sink`, deciding through the in-process seat
#: ``make_seat(seat_number)`` builds (a built-in agent's, see `arena.seats.make_seat`).
#: `seat` is the seat number given on the command line (None: not given), for protocols
#: that never say it. Malformed input raises `BadInput`, with the reason.
BotProtocol = Callable[[Any, Callable[[int], Any], int | None, Any, Any], None]


@dataclass(frozen=True)
class GameSpec:
    """Everything generic code needs to host one game: the required core, then the
    capability groups (see the module docstring)."""

    name: str
    title: str
    rules_version: str
    facts: GameFacts
    new_game: Callable[[int, Any], Any]
    options_from_json: Callable[[dict[str, Any] | None], Any]
    action_from_json: Callable[[Any], Any]
    view: ViewFunction
    summarize: Callable[[Any], dict[str, Any]]
    display: Display
    agents: Mapping[str, AgentFactory] = field(default_factory=dict)
    referee: RefereePolicy = field(default_factory=RefereePolicy)
    search: Search = field(default_factory=Search)
    secrecy: Secrecy | None = None
    extensions: Extensions = field(default_factory=Extensions)
    messages: Messages | None = None

    def describe(self, event: dict[str, Any], viewer: int | None, state: Any) -> str:
        """One event in words, as `viewer` (``None``: a spectator) may read it."""
        return self.display.describe_event(event, viewer, state)

    def narration(self, viewer: int | None) -> Narration:
        """A reading of events in order for `viewer` (``None``: a spectator): the game's
        narrator, or each event described on its own for a game without one."""
        narrator = self.display.narrator
        if narrator is not None:
            return narrator(viewer)
        describe_event = self.display.describe_event
        return lambda event, state: describe_event(event, viewer, state)

    def render_view(self, view: View) -> str:
        return self.display.render_view(view)

    def previews_json(self, state: Any, seat: int, legal: Sequence[Any]) -> dict[str, Any] | None:
        """`Display.previews` for `seat` and its `legal` actions, keyed by the index as a
        JSON object's key (a string); None for a game without them."""
        previews = self.display.previews
        if previews is None:
            return None
        return {str(index): shown for index, shown in previews(state, seat, legal).items()}

    def view_for(self, agent: Agent) -> ViewFunction | None:
        """The view function an in-process `agent` is served by: none for an agent that
        reads no views, the lean view for one that reads no log (if the game has one),
        else the full view."""
        if not agent.needs_view:
            return None
        lean = self.search.lean_view
        if lean is not None and not getattr(agent, "needs_log", True):
            return lean
        return self.view

    def clock(self, state: Any, seat: int, seconds: float) -> float:
        """The clock for `seat`'s decision now, given the match's per-decision `seconds`."""
        decision_clock = self.referee.decision_clock
        if decision_clock is None:
            return seconds
        return decision_clock(state, seat, seconds)

    def apply_verdict(self, state: Any, seat: int, verdict: str, detail: str) -> None:
        """What a referee verdict (TLE, RE, IA, BAD, OLE, MLE) costs: the game's rule, by
        default the whole game."""
        self.referee.on_verdict(state, seat, verdict, detail)

    def default_options(self) -> Any:
        """The rules text's options: what a game is played with when none are given."""
        return self.options_from_json(None)

    def decision_bound(self, options: Any) -> int:
        """A bound on the decisions of one game under `options`."""
        bound = self.extensions.decision_bound
        return self.facts.max_decisions if bound is None else bound(options)


def imported_later(module: str, attribute: str) -> Callable[[], Any]:
    """A loader for `Extensions`: imports `module` and returns its `attribute` only when
    called, so a game's heavier parts (its scenario plug-in, its conformance hooks) cost
    nothing until something uses them."""

    def load() -> Any:
        return getattr(import_module(module), attribute)

    return load


def new_game_with(state_type: Callable[[int, Any], Any], options_type: Any) -> Callable[..., Any]:
    """A spec's `new_game`: options may come as the game's options object, as JSON, or
    not at all (the defaults)."""

    def new_game(seed: int, options: Any = None) -> Any:
        if options is not None and not isinstance(options, options_type):
            options = options_type.from_json(options)
        return state_type(seed, options)

    return new_game
