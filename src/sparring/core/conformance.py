"""The conformance kit: generic checks that every game's engine meets the engine contract.

Any game plugs in through its `GameSpec` (plus the `Hooks` its spec's
`Extensions.conformance` loads), and `tests/test_every_game.py` drives the checks for every
registered game with a seed and a stream of integers drawn by hypothesis that choose, at
each decision, which of the seats to move goes first and which of its legal actions it
plays. When the stream runs out, play continues from a generator seeded by the seed, so
every walk can reach the end of a game and stays reproducible from ``(seed, choices)``
alone. A game must end within its declared bound (`GameSpec.decision_bound`).

The checks (DESIGN.md, "Engine contract" and "No leaks, provably"):

- `check_determinism`: same seed and same actions give identical events, views, legal
  actions and returns at every step.
- `check_clone_independence`: playing on a clone never changes the original (nor the
  original a clone), and a clone continues exactly as the original would.
- `check_illegal_actions_refused`: actions legal elsewhere (other states, phases, seats)
  or supplied by the game as known-bad are refused with `IllegalAction` and a reason,
  leaving the state exactly as it was; `check_legal_actions_accepted`: every offered
  action is accepted.
- `check_random_playout`: random legal play ends without error; the generic contract
  and the game's own invariants hold after every step, every view renders, and a game's
  lean view is its view without the log (`check_lean_view`).
- `check_no_leaks`: scrambling what a seat cannot see leaves its view and legal actions
  unchanged while really changing hidden data, and sentinels planted in hidden fields never
  reach the seat's view, legal actions or rendered text.
- `check_determinization`: a full state sampled from a seat's view shows that seat the same
  view and legal actions, and plays on to the end.
- The game's declared facts hold at every step (`check_contract`): the player count, no
  simultaneous movers unless declared, no chance drawn unless declared; a finished game
  has an `Outcome` that agrees with its returns, an unfinished one none.
- `check_forfeits`: seats forfeiting in turn end the game as a forfeit, won by a seat that
  did not forfeit.

Every check raises `AssertionError` with the step and the reason when the engine fails.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import msgspec

from .errors import IllegalAction
from .events import NOBODY, PUBLIC, event_json
from .game import EndReason, GameSpec, GameState
from .rng import Rng

#: A legal-action list longer than this is compared by length and an even sample, so a lazy
#: sequence of tens of thousands of picks is never materialised just to be compared.
FULL_LEGAL_LIMIT = 512
LEGAL_SAMPLE = 64
#: How many previously seen actions are kept as candidate illegal actions.
POOL_LIMIT = 400
_FALLBACK_SALT = 0x5EED_C0FF_EE00_0001
_PROBE_LABEL = "conformance-probe"


T = TypeVar("T")


class Draw:
    """Random choices of option values from a seed, for a game's `Hooks.random_options`:
    the kit's walks then cover the game's variants, reproducibly."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed ^ 0x0F7_1045)

    def choice(self, values: Sequence[T]) -> T:
        """One of `values`, uniformly (repeat a value to weight it)."""
        return values[self._rng.below(len(values), "option")]

    def integer(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``."""
        return low + self._rng.below(high - low + 1, "option")

    def boolean(self) -> bool:
        return self._rng.below(2, "option") == 1


@dataclass(frozen=True)
class Hooks:
    """What a game adds to the generic checks (its spec's `Extensions.conformance`).

    ``options`` is the rule options a walk plays under (None: the defaults);
    ``random_options(draw)`` draws options covering the game's variants, and
    ``leak_options(draw)`` those for the slower no-leak walks (default: the same).
    ``invariants(state)`` raises `AssertionError` when the state breaks a rule of the game;
    it runs after every step of `check_random_playout`. ``bad_actions(state, seat)`` lists
    actions the game knows to be illegal for `seat` there, tried on top of the generic ones.
    ``hidden_fingerprint(state, seat)`` returns a comparable summary of what `seat` cannot
    see, or None when nothing game-specific is hidden from it; without it the kit compares
    the other seats' views and the random source's future draws. The rest tune how much
    each check tries per state, for games whose menus or views are costly.
    """

    options: Any = None
    random_options: Callable[[Draw], Any] | None = None
    leak_options: Callable[[Draw], Any] | None = None
    invariants: Callable[[Any], None] | None = None
    bad_actions: Callable[[Any, int], Iterable[Any]] | None = None
    hidden_fingerprint: Callable[[Any, int], Hashable | None] | None = None
    illegal_per_state: int = 48
    legal_per_state: int = 128
    scramble_attempts: int = 8

    def with_options(self, seed: int, for_leaks: bool = False) -> Hooks:
        """These hooks with options drawn from `seed` (unchanged without a drawer)."""
        drawer = (self.leak_options or self.random_options) if for_leaks else self.random_options
        if drawer is None:
            return self
        return replace(self, options=drawer(Draw(seed)))


DEFAULT_HOOKS = Hooks()


# --------------------------------------------------------------------- choosing moves


class Chooser:
    """Turns a finite stream of integers into choices, then continues from a seeded source.

    The stream comes first (hypothesis shrinks it); after it, choices come from an `Rng`
    seeded by `seed`, so a walk is a pure function of ``(seed, choices)`` and can always be
    replayed exactly.
    """

    __slots__ = ("_choices", "_fallback", "_index")

    def __init__(self, choices: Sequence[int], seed: int) -> None:
        self._choices = choices
        self._index = 0
        self._fallback = Rng(seed ^ _FALLBACK_SALT)

    def pick(self, n: int) -> int:
        """An index in ``[0, n)``."""
        if n <= 0:
            raise ValueError("nothing to choose from")
        if self._index < len(self._choices):
            value = self._choices[self._index] % n
            self._index += 1
            return value
        return self._fallback.below(n, "choice")


def step(state: GameState, chooser: Chooser) -> tuple[int, Any]:
    """Play one legal decision chosen by `chooser`; return ``(seat, action)``.

    With several seats to move (simultaneous choices), the chooser also decides which of
    them acts first, so every order gets exercised.
    """
    movers = state.to_move()
    assert movers, "step() called on a state where nobody is to move"
    seat = movers[chooser.pick(len(movers))]
    legal = state.legal_actions(seat)
    assert len(legal) > 0, f"seat {seat} is to move but has no legal action"
    action = legal[chooser.pick(len(legal))]
    state.apply(action, seat)
    return seat, action


def walk(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> Iterator[GameState]:
    """Yield the state before each decision, then the final state, playing as chosen.

    The caller may inspect (but must not mutate) each yielded state; the next decision is
    made when the caller asks for the next one. A walk that does not end within the game's
    declared bound fails, since a game must end.
    """
    state = spec.new_game(seed, hooks.options)
    chooser = Chooser(choices, seed)
    bound = spec.decision_bound(state.options)
    for _ in range(bound + 1):
        yield state
        if state.is_terminal():
            return
        step(state, chooser)
    raise AssertionError(f"game with seed {seed} did not end within its bound of {bound}")


def play_out(state: GameState, chooser: Chooser, limit: int) -> int:
    """Play `state` forward with `chooser` until it ends or `limit` decisions; return how
    many decisions were made."""
    made = 0
    while made < limit and not state.is_terminal():
        step(state, chooser)
        made += 1
    return made


# --------------------------------------------------------------------- fingerprints


def _json_default(value: Any) -> Any:
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    if isinstance(value, frozenset | set):
        return sorted(value, key=repr)
    return repr(value)


def plain(view: Any) -> dict[str, Any]:
    """A view as plain JSON data, whether the game builds it as a dict or a struct."""
    return view if isinstance(view, dict) else _json_default(view)


def dumps(value: Any) -> str:
    """Canonical JSON text of `value` (actions by their JSON form), for exact comparison."""
    return json.dumps(value, sort_keys=True, default=_json_default, ensure_ascii=False)


def legal_digest(legal: Sequence[Any]) -> Any:
    """A comparable summary of a legal-action sequence: all of it when short, otherwise its
    length and an evenly spread sample (lazy sequences are never fully materialised)."""
    size = len(legal)
    if size <= FULL_LEGAL_LIMIT:
        return [_json_default(a) for a in legal]
    stride = max(1, size // LEGAL_SAMPLE)
    sample = [_json_default(legal[i]) for i in range(0, size, stride)]
    return {"len": size, "sample": sample, "last": _json_default(legal[size - 1])}


def rng_probe(state: GameState, draws: int = 4) -> list[int]:
    """The next few values the state's random source would produce, read from a clone of
    it, so the original's future is untouched."""
    twin = state.rng.clone()
    return [twin.below(1 << 30, _PROBE_LABEL) for _ in range(draws)]


def seats(state: GameState) -> range:
    return range(state.num_players)


def fingerprint(spec: GameSpec, state: GameState) -> str:
    """Everything observable about `state`: all events (with audiences), every seat's and
    the spectator's view, who is to move, each seat's legal actions, the outcome, and the
    random source's next draws. Two states with equal fingerprints play on identically."""
    data = {
        "events": [list(e) for e in state.events],
        "views": [spec.view(state, s) for s in seats(state)] + [spec.view(state, None)],
        "to_move": list(state.to_move()),
        "legal": [legal_digest(state.legal_actions(s)) for s in seats(state)],
        "terminal": state.is_terminal(),
        "returns": list(state.returns()),
        "rng": rng_probe(state),
    }
    return dumps(data)


def _first_difference(a: str, b: str) -> str:
    pairs = enumerate(zip(a, b, strict=False))
    at = next((i for i, (x, y) in pairs if x != y), min(len(a), len(b)))
    lo = max(0, at - 80)
    return f"...{a[lo : at + 80]}...\n   vs\n...{b[lo : at + 80]}..."


def assert_same(a: str, b: str, what: str) -> None:
    """Fail with the first differing excerpt of two fingerprints."""
    if a != b:
        raise AssertionError(f"{what}:\n{_first_difference(a, b)}")


# --------------------------------------------------------------------- (a) determinism


def check_determinism(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> int:
    """Two games from the same seed, played with the same actions, must match at every
    step. Returns the number of decisions compared."""
    first = walk(spec, seed, choices, hooks)
    second = walk(spec, seed, choices, hooks)
    steps = 0
    for index, (a, b) in enumerate(zip(first, second, strict=True)):
        assert_same(fingerprint(spec, a), fingerprint(spec, b), f"seed {seed}: step {index}")
        steps = index
    return steps


def game_digest(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> str:
    """One hash of a whole walk's fingerprints, to compare runs across processes (e.g.
    different hash seeds), where "bit for bit on any machine" is really tested."""
    digest = hashlib.sha256()
    for state in walk(spec, seed, choices, hooks):
        digest.update(fingerprint(spec, state).encode())
    return digest.hexdigest()


# --------------------------------------------------------------------- (b) clones


def check_clone_independence(
    spec: GameSpec,
    seed: int,
    choices: Sequence[int],
    split: int,
    continuation: Sequence[int],
    hooks: Hooks = DEFAULT_HOOKS,
) -> None:
    """Clone after `split` decisions and check, both ways, that clones and original never
    affect each other and continue identically.

    Two clones are taken. The first is played to the end with `continuation`: the
    original and the second clone must not change. Then the original plays the same
    continuation: the second clone must not change, and the original must end exactly
    like the first clone. Finally the second clone plays it too and must end the same.
    """
    state = spec.new_game(seed, hooks.options)
    play_out(state, Chooser(choices, seed), split)
    before = fingerprint(spec, state)
    ahead, spare = state.clone(), state.clone()
    assert_same(before, fingerprint(spec, ahead), "a fresh clone differs from its original")
    budget = spec.decision_bound(state.options)

    play_out(ahead, Chooser(continuation, seed + 1), budget)
    assert_same(before, fingerprint(spec, state), "playing a clone changed the original")
    assert_same(before, fingerprint(spec, spare), "playing a clone changed a sibling clone")

    play_out(state, Chooser(continuation, seed + 1), budget)
    assert_same(before, fingerprint(spec, spare), "playing the original changed a clone")
    ended = fingerprint(spec, state)
    assert_same(ended, fingerprint(spec, ahead), "a clone continued differently")

    play_out(spare, Chooser(continuation, seed + 1), budget)
    assert_same(ended, fingerprint(spec, spare), "a late clone continued differently")


# --------------------------------------------------------------------- (c) illegal actions


def _key(action: Any) -> str:
    return dumps(action)


def _collect(pool: dict[str, Any], legal: Sequence[Any], rng: Rng, take: int) -> None:
    """Add up to `take` actions from `legal` (sampled) to the pool, which stays bounded."""
    size = len(legal)
    if not size:
        return
    for _ in range(min(take, size)):
        action = legal[rng.below(size, "pool")]
        if len(pool) >= POOL_LIMIT:
            pool.pop(next(iter(pool)))
        pool[_key(action)] = action


def scout_actions(spec: GameSpec, seed: int, hooks: Hooks = DEFAULT_HOOKS) -> dict[str, Any]:
    """Actions legal somewhere in a whole random game (every phase, every seat), keyed by
    their JSON text: candidates that are illegal in most other states."""
    pool: dict[str, Any] = {}
    rng = Rng(seed ^ 0xA5A5)
    for state in walk(spec, seed ^ 0x5A5A, (), hooks):
        for seat in state.to_move():
            _collect(pool, state.legal_actions(seat), rng, 4)
    return pool


def _membership(legal: Sequence[Any]) -> Callable[[Any], bool]:
    """A fast `in` test for a legal-action sequence (a set when it is small enough)."""
    if len(legal) <= 4 * FULL_LEGAL_LIMIT:
        try:
            as_set = set(legal)
        except TypeError:
            return legal.__contains__
        return as_set.__contains__
    return legal.__contains__


def illegal_candidates(
    state: GameState, seat: int, pool: dict[str, Any], hooks: Hooks
) -> list[Any]:
    """Actions `seat` may not play in `state`: pooled ones not legal for it here (all of
    them when it is not to move, including the movers' legal actions), plus the game's."""
    candidates = list(pool.values())
    if hooks.bad_actions is not None:
        candidates.extend(hooks.bad_actions(state, seat))
    if seat not in state.to_move():
        for mover in state.to_move():
            legal = state.legal_actions(mover)
            candidates.extend(legal[i] for i in range(min(len(legal), FULL_LEGAL_LIMIT)))
        return candidates
    is_legal = _membership(state.legal_actions(seat))
    return [a for a in candidates if not is_legal(a)]


def _refuse(state: GameState, action: Any, seat: int, where: str) -> None:
    try:
        state.apply(action, seat)
    except IllegalAction as error:
        if not str(error).strip():
            raise AssertionError(f"{where}: {action!r} refused without a reason") from error
        return
    except Exception as error:
        raise AssertionError(
            f"{where}: {action!r} raised {type(error).__name__}: {error} instead of IllegalAction"
        ) from error
    raise AssertionError(f"{where}: illegal {action!r} for seat {seat} was accepted")


def check_illegal_at(
    spec: GameSpec, state: GameState, pool: dict[str, Any], rng: Rng, hooks: Hooks, where: str
) -> int:
    """Try a sample of illegal actions for every seat on `state` itself; each must raise
    `IllegalAction` with a reason and the state's fingerprint must not move. Returns how
    many were tried."""
    pristine = state.clone()
    before = fingerprint(spec, state)
    tried: list[tuple[int, Any]] = []
    for seat in seats(state):
        candidates = illegal_candidates(state, seat, pool, hooks)
        for _ in range(min(hooks.illegal_per_state, len(candidates))):
            action = candidates[rng.below(len(candidates), "illegal")]
            _refuse(state, action, seat, where)
            tried.append((seat, action))
    after = fingerprint(spec, state)
    if after != before:
        culprit = _find_mutator(spec, pristine, before, tried)
        assert_same(before, after, f"{where}: refusing {culprit} changed the state")
    return len(tried)


def _find_mutator(
    spec: GameSpec, pristine: GameState, before: str, tried: list[tuple[int, Any]]
) -> str:
    """Name the refused action that changed the state, by replaying each on a fresh clone
    of the state as it was before the batch."""
    for seat, action in tried:
        twin = pristine.clone()
        with contextlib.suppress(IllegalAction):
            twin.apply(action, seat)
        if fingerprint(spec, twin) != before:
            return f"{action!r} for seat {seat}"
    return f"the sequence of {len(tried)} refused actions"


def check_illegal_actions_refused(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> int:
    """Along a walk (and at its end), illegal actions for every seat are refused cleanly.
    The candidates come from a scouting game (actions legal in other states, phases and
    for other seats), from earlier in this walk, and from ``hooks.bad_actions``. Returns
    the number of refused actions."""
    pool = scout_actions(spec, seed, hooks)
    rng = Rng(seed ^ 0x1111)
    refused = 0
    for index, state in enumerate(walk(spec, seed, choices, hooks)):
        refused += check_illegal_at(spec, state, pool, rng, hooks, f"seed {seed}, step {index}")
        for seat in state.to_move():
            _collect(pool, state.legal_actions(seat), rng, 2)
    return refused


def check_legal_at(state: GameState, rng: Rng, hooks: Hooks, where: str) -> int:
    """Every listed legal action (a sample of up to ``hooks.legal_per_state`` per seat when
    there are more) is accepted when played on a clone: the menu and the validation agree.
    Returns how many were played."""
    played = 0
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        size = len(legal)
        if size <= hooks.legal_per_state:
            indices: Iterable[int] = range(size)
        else:
            indices = (rng.below(size, "legal") for _ in range(hooks.legal_per_state))
        for index in indices:
            action = legal[index]
            twin = state.clone()
            try:
                twin.apply(action, seat)
            except IllegalAction as error:
                raise AssertionError(
                    f"{where}: {action!r} is listed as legal for seat {seat} but refused: {error}"
                ) from error
            played += 1
    return played


def check_legal_actions_accepted(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> int:
    """Along a walk, each seat to move can play every action it is offered. With
    `check_illegal_actions_refused` this pins the offered set to exactly what `apply`
    accepts. Returns the number of actions played on clones."""
    rng = Rng(seed ^ 0x3333)
    played = 0
    for index, state in enumerate(walk(spec, seed, choices, hooks)):
        played += check_legal_at(state, rng, hooks, f"seed {seed}, step {index}")
    return played


# --------------------------------------------------------------------- (d) random play


def check_contract(spec: GameSpec, state: GameState) -> None:
    """The generic engine contract on one state: who moves, legal actions, outcome and
    events are coherent."""
    movers = state.to_move()
    outcome = state.outcome()
    if state.is_terminal():
        assert movers == (), f"terminal state still has seats to move: {movers}"
        for seat in seats(state):
            assert len(state.legal_actions(seat)) == 0, f"terminal: seat {seat} has actions"
        assert outcome is not None, "a finished game has no outcome"
        assert outcome.returns == tuple(state.returns()), "outcome and returns() disagree"
        assert outcome.winner is None or outcome.returns[outcome.winner] == max(outcome.returns), (
            f"the winner {outcome.winner} does not have the best return {outcome.returns}"
        )
    else:
        assert outcome is None, f"a game still going has an outcome: {outcome}"
        assert movers, "a non-terminal state has nobody to move"
        assert len(set(movers)) == len(movers), f"a seat is listed twice in {movers}"
        for seat in movers:
            assert 0 <= seat < state.num_players, f"mover {seat} is not a seat"
            assert len(state.legal_actions(seat)) > 0, f"seat {seat} must move but cannot"
        if state.current_player not in movers:
            raise AssertionError(f"current_player {state.current_player} not in {movers}")
    assert len(state.returns()) == state.num_players, "returns() must have one per seat"
    facts = spec.facts
    assert facts.min_players <= state.num_players <= facts.max_players, (
        f"{state.num_players} players, but {spec.name} declares "
        f"{facts.min_players}-{facts.max_players}"
    )
    if not facts.simultaneous_moves:
        assert len(movers) <= 1, f"seats {movers} move at once, but no simultaneous moves declared"
    if not facts.chance:
        assert not state.rng.log, f"chance drawn ({state.rng.log[0]}) but no chance declared"
    audiences = {PUBLIC, NOBODY, *seats(state)}
    for event in state.events:
        assert event[1] in audiences, f"event {event!r} has an unknown audience"


def _check_step(spec: GameSpec, state: GameState, seat: int, action: Any, log: list[Any]) -> None:
    """After one decision: the action round-trips through JSON, the log only grew, and
    every new event has a JSON form."""
    to_json = getattr(action, "to_json", None)
    if callable(to_json):
        text = json.loads(json.dumps(to_json()))
        assert spec.action_from_json(text) == action, f"{action!r} does not round-trip"
    assert state.events[: len(log)] == log, f"seat {seat} playing {action!r} rewrote old events"
    for event in state.events[len(log) :]:
        json.dumps(event_json(event), default=_json_default)


def check_random_playout(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> GameState:
    """Play to the end with random legal moves; check the contract and the game's
    invariants after every step. Returns the final state for further checks."""
    state = spec.new_game(seed, hooks.options)
    chooser = Chooser(choices, seed)
    check_contract(spec, state)
    if hooks.invariants is not None:
        hooks.invariants(state)
    bound = spec.decision_bound(state.options)
    for _ in range(bound + 1):
        if state.is_terminal():
            return state
        log = list(state.events)
        seat, action = step(state, chooser)
        _check_step(spec, state, seat, action, log)
        check_contract(spec, state)
        for viewer in (*seats(state), None):
            view = spec.view(state, viewer)
            check_view_type(spec, view, viewer)
            spec.render_view(view)  # every view renders, at every step
            if spec.search.lean_view is not None:
                check_lean_view(spec, state, viewer, view)
        if hooks.invariants is not None:
            hooks.invariants(state)
    raise AssertionError(f"game with seed {seed} did not end within its bound of {bound}")


def check_view_type(spec: GameSpec, view: Any, viewer: int | None) -> dict[str, Any]:
    """A game with typed messages builds every view as its declared view type, and the
    view's JSON form reads back as that type (so its JSON Schema tells the truth).
    Returns the view as it is sent: plain JSON data."""
    data: dict[str, Any] = json.loads(json.dumps(plain(view)))
    if spec.messages is None:
        return data
    kind = spec.messages.view
    assert isinstance(view, kind), f"the view of {viewer} is a {type(view).__name__}, not {kind}"
    assert msgspec.convert(data, kind) == view, f"the view of {viewer} does not round-trip"
    return data


def check_lean_view(spec: GameSpec, state: GameState, viewer: int | None, view: Any) -> None:
    """The lean view is the view without its log (the ``log`` entry absent, or empty for a
    view type that always has one): nothing more, nothing else."""
    assert spec.search.lean_view is not None
    lean = dict(plain(spec.search.lean_view(state, viewer)))
    assert not lean.pop("log", None), f"the lean view of {viewer} carries a log"
    full = {key: value for key, value in plain(view).items() if key != "log"}
    assert lean == full, f"the lean view of {viewer} is not its view without the log"


# --------------------------------------------------------------------- (e) no leaks


@dataclass
class LeakReport:
    """What a no-leak walk covered, so a test can insist that it proved something."""

    states: int = 0
    scrambles: int = 0
    hidden_changed: int = 0
    hidden_checked: int = 0
    sentinels: int = 0
    per_state: list[bool] = field(default_factory=list)


def _seat_payload(spec: GameSpec, state: GameState, seat: int | None) -> tuple[str, str]:
    """What `seat` is sent about `state` — its view and legal actions — and its rendering."""
    view = spec.view(state, seat)
    legal = legal_digest(state.legal_actions(seat)) if seat is not None else []
    return dumps({"view": view, "legal": legal}), spec.render_view(view)


def _default_hidden(spec: GameSpec, state: GameState, seat: int) -> Hashable:
    """Without a game hook: the other seats' views and the random source's future."""
    others = [spec.view(state, s) for s in seats(state) if s != seat]
    return dumps({"others": others, "rng": rng_probe(state)})


def _hidden(spec: GameSpec, state: GameState, seat: int, hooks: Hooks) -> Hashable | None:
    if hooks.hidden_fingerprint is not None:
        return hooks.hidden_fingerprint(state, seat)
    return _default_hidden(spec, state, seat)


def check_no_leak_at(
    spec: GameSpec, state: GameState, rng: Rng, hooks: Hooks, report: LeakReport, where: str
) -> None:
    """The three no-leak properties for every seat of one state.

    The scrambled and planted copies are all made before anything is asked of the
    original, so no cache a state keeps (such as its legal actions) can be carried into
    a copy and mask a difference.
    """
    assert spec.secrecy is not None, f"{spec.name} has no no-leak hooks"
    scramble, plant = spec.secrecy.scramble_hidden, spec.secrecy.plant_sentinels
    scrambled = {
        s: [scramble(state, s, rng) for _ in range(hooks.scramble_attempts)] for s in seats(state)
    }
    planted = {s: plant(state, s) for s in seats(state)}
    report.states += 1
    spectator = _seat_payload(spec, state, None)
    for seat in seats(state):
        own = _seat_payload(spec, state, seat)
        hidden = _hidden(spec, state, seat, hooks)
        changed = False
        for twin in scrambled[seat]:
            report.scrambles += 1
            assert_same(
                own[0],
                _seat_payload(spec, twin, seat)[0],
                f"{where}: seat {seat}'s view or legal actions read hidden data",
            )
            assert_same(
                spectator[0],
                _seat_payload(spec, twin, None)[0],
                f"{where}: the spectator view read data hidden from seat {seat}",
            )
            changed = changed or _hidden(spec, twin, seat, hooks) != hidden
        if hidden is not None:
            report.hidden_checked += 1
            report.hidden_changed += changed
            assert changed, f"{where}: scramble_hidden changed nothing hidden from seat {seat}"
        report.per_state.append(changed)
        twin, sentinels = planted[seat]
        assert sentinels, f"{where}: plant_sentinels planted nothing for seat {seat}"
        report.sentinels += len(sentinels)
        texts = (*_seat_payload(spec, twin, seat), *_seat_payload(spec, twin, None))
        for sentinel in sentinels:
            mark = str(sentinel)
            for text in texts:
                if mark in text:
                    raise AssertionError(
                        f"{where}: sentinel {mark} planted in data hidden from seat {seat} "
                        f"reached what seat {seat} or a spectator is sent"
                    )


def check_no_leaks(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> LeakReport:
    """The no-leak properties at every state of a walk, for every seat and the spectator."""
    rng = Rng(seed ^ 0x2222)
    report = LeakReport()
    for index, state in enumerate(walk(spec, seed, choices, hooks)):
        check_no_leak_at(spec, state, rng, hooks, report, f"seed {seed}, step {index}")
    return report


def check_forfeits(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> None:
    """Part way through a game (after the chooser's first pick of decisions), the seats
    but one forfeit, in turn, until the game is over: it must be over (at the latest when
    only that seat has not forfeited), as a forfeit, won by a seat that did not forfeit."""
    state = spec.new_game(seed, hooks.options)
    chooser = Chooser(choices, seed)
    play_out(state, chooser, chooser.pick(64))
    if state.is_terminal():
        return
    keeper = chooser.pick(state.num_players)
    forfeited: set[int] = set()
    for seat in seats(state):
        if seat != keeper and not state.is_terminal():
            state.forfeit(seat, "conformance check")
            forfeited.add(seat)
    outcome = state.outcome()
    assert state.is_terminal() and outcome is not None, "every rival forfeited, yet it goes on"
    assert outcome.reason is EndReason.FORFEIT, f"ended by {outcome.reason}, not a forfeit"
    assert outcome.winner is not None and outcome.winner not in forfeited, (
        f"seat {outcome.winner} won though it forfeited (seats {sorted(forfeited)} did)"
    )


# --------------------------------------------------------------------- (f) determinization


def check_determinization(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> int:
    """Along a walk, a state sampled from each mover's view shows that seat exactly the
    same view and legal actions, and a sample of the last one plays on to the end. Returns
    how many samples were compared."""
    determinize = spec.search.determinize
    assert determinize is not None, f"{spec.name} offers no determinization"
    rng = Rng(seed ^ 0x4444)
    compared = 0
    sample: Any = None
    for index, state in enumerate(walk(spec, seed, choices, hooks)):
        for seat in state.to_move():
            seen = spec.view(state, seat)
            sample = determinize(seen, rng)
            where = f"seed {seed}, step {index}, seat {seat}"
            assert_same(
                _seat_payload(spec, state, seat)[0],
                _seat_payload(spec, sample, seat)[0],
                f"{where}: a determinized state shows its seat something else",
            )
            compared += 1
    if sample is not None:
        play_out(sample, Chooser((), seed), spec.decision_bound(sample.options))
        assert sample.is_terminal(), f"seed {seed}: a determinized state did not play out"
    return compared


def check_all(
    spec: GameSpec, seed: int, choices: Sequence[int], hooks: Hooks = DEFAULT_HOOKS
) -> None:
    """Every check once, for a quick smoke test of a new game."""
    check_random_playout(spec, seed, choices, hooks)
    check_determinism(spec, seed, choices, hooks)
    split = Chooser(choices, seed).pick(64)
    check_clone_independence(spec, seed, choices, split, choices[::-1], hooks)
    check_illegal_actions_refused(spec, seed, choices, hooks)
    check_legal_actions_accepted(spec, seed, choices, hooks)
    check_forfeits(spec, seed, choices, hooks)
    if spec.secrecy is not None:
        check_no_leaks(spec, seed, choices, hooks)
    if spec.search.determinize is not None:
        check_determinization(spec, seed, choices, hooks)
