"""Food Chain against the generic conformance kit, driven by hypothesis.

Each property walks games whose moves are chosen by hypothesis-drawn indices into the legal
action lists, under randomly drawn options (turn cap, HP cap, first player, decks). The
Food Chain hooks add the game's own invariants (zones, field limit, HP, marks), known-bad
actions for every decision kind, and a precise summary of what each seat cannot see. The
last tests sabotage the engine on purpose and check that the kit notices, so a green run
means something.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Hashable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparring.core import conformance as kit
from sparring.core.errors import IllegalAction
from sparring.core.rng import Rng
from sparring.games.foodchain.actions import (
    END_PHASE,
    Activate,
    Attack,
    Choose,
    Eat,
    Order,
    Play,
    Target,
)
from sparring.games.foodchain.cards import load_pool
from sparring.games.foodchain.decks import prebuilt_decks
from sparring.games.foodchain.events import ENTER, KEYWORD, MOVE
from sparring.games.foodchain.keywords import (
    ACUITY,
    FREE_PLAY,
    HASTE,
    HIDDEN,
    INVISIBLE,
    LURE,
    MULTI_STRIKE,
)
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.position import OnField, Side, build, uid_of
from sparring.games.foodchain.spec import SPEC
from sparring.games.foodchain.state import FoodChainState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CHOICES = st.lists(st.integers(min_value=0, max_value=2**16 - 1), max_size=60)
DECK_NAMES = sorted(prebuilt_decks())
DECKS = st.one_of(
    st.none(),
    st.sampled_from(DECK_NAMES),
    st.sampled_from(DECK_NAMES).map(lambda name: prebuilt_decks()[name]),
)
OPTIONS = st.builds(
    FoodChainOptions,
    deck0=DECKS,
    deck1=DECKS,
    turn_cap=st.sampled_from([1, 3, 8, 60]),
    hp_cap=st.booleans(),
    first_player=st.sampled_from([None, 0, 1]),
)
PHASES = ("start", "main1", "combat", "main2", "end", "over")
#: The largest Multi-Strike count in the pool: no creature attacks more often per turn.
MAX_STRIKES = max(
    [c.strikes for c in load_pool().cards.values()]
    + [op.strikes for c in load_pool().cards.values() for ops in c.abilities.values() for op in ops]
)
#: Below this many equally likely arrangements of the hidden cards, eight random scrambles
#: could all reproduce the original by chance (probability up to 1/24**8 is accepted).
MIN_ARRANGEMENTS = 24


def quick(examples: int) -> settings:
    """Few examples, no per-example deadline: each example is a whole game."""
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


# --------------------------------------------------------------------- Food Chain hooks


def _idle(state: FoodChainState) -> bool:
    """Nothing is being resolved: no decision parked and no step waiting."""
    return state.pending is None and not state.stack


def _zones(state: FoodChainState) -> list[tuple[str, int]]:
    """``(zone, uid)`` for every card in a zone: hands, decks, piles, fields, field spells."""
    found = []
    for seat in (0, 1):
        found += [(f"hand{seat}", u) for u in state.hands[seat]]
        found += [(f"deck{seat}", u) for u in state.decks[seat]]
        found += [(f"carrion{seat}", u) for u in state.carrion[seat]]
        found += [(f"exile{seat}", u) for u in state.exile[seat]]
        found += [(f"field{seat}", c.uid) for c in state.fields[seat]]
        if state.field_spell[seat] is not None:
            found.append((f"field_spell{seat}", state.field_spell[seat]))
    return found


def _gone(state: FoodChainState) -> set[int]:
    """Cards that left the game as tokens (a "move ... to gone" event)."""
    return {e[2] for e in state.events if e[0] == MOVE and e[6] == "gone"}


#: Where each event kind that moves a card names it.
_CARD_AT = {"play": 3, "trap": 3, "move": 2, "enter": 3, "negated": 3, "dies": 2}


def _in_flight(state: FoodChainState, uid: int) -> bool:
    """Whether the last event to move `uid` announced it being played or sprung."""
    for event in reversed(state.events):
        at = _CARD_AT.get(event[0])
        if at is not None and event[at] == uid:
            return event[0] in ("play", "trap")
    return False


def _check_zones(state: FoodChainState) -> None:
    """No card in two places; when idle every card is somewhere, except tokens that left
    the game; a pile, hand or deck of a seat only holds that seat's cards."""
    zones = _zones(state)
    where: dict[int, list[str]] = {}
    for zone, uid in zones:
        where.setdefault(uid, []).append(zone)
    twice = {u: z for u, z in where.items() if len(z) > 1}
    assert not twice, f"cards in two places at once: {twice}"
    for zone, uid in zones:
        if zone[:-1] != "field":  # a stolen creature sits on the other field
            assert state.owner[uid] == int(zone[-1]), (
                f"card {uid} of seat {state.owner[uid]} in {zone}"
            )
    gone = _gone(state)
    assert not gone & set(where), f"removed tokens back in play: {sorted(gone & set(where))}"
    dealt = len(state.decklists[0]) + len(state.decklists[1])
    assert len(state.defs) == len(state.owner) >= dealt
    assert all(u >= dealt for u in gone), f"a dealt card left the game: {sorted(gone)}"
    missing = set(range(len(state.defs))) - set(where) - gone
    if _idle(state) and state.phase != "over":
        assert not missing, f"cards in no zone while nothing resolves: {sorted(missing)}"
    # Otherwise a card may be in flight: played or sprung, and not yet anywhere. (A game a
    # trap ends in the middle of a play currently leaves the played card nowhere.)
    lost = [u for u in missing if not _in_flight(state, u)]
    assert not lost, f"cards in no zone, and not being played: {sorted(lost)}"


def _last_enter(state: FoodChainState, uid: int) -> int:
    for index in range(len(state.events) - 1, -1, -1):
        event = state.events[index]
        if event[0] == ENTER and event[3] == uid:
            return index
    return -1


def _check_field(state: FoodChainState) -> None:
    """Field limit, on_field index, creature numbers and marks."""
    assert state.on_field == {c.uid: c for f in state.fields for c in f}, "on_field is stale"
    for seat in (0, 1):
        count = len(state.fields[seat]) + (state.field_spell[seat] is not None)
        assert count == state.field_count(seat) <= 3, f"seat {seat} has {count} field cards"
        spell = state.field_spell[seat]
        if spell is not None:
            assert state.defs[spell].category == "field_spell", f"field spell {spell} isn't one"
        for c in state.fields[seat]:
            where = f"{c.card.name} #{c.uid} of seat {seat}"
            assert c.seat == seat and c.owner == state.owner[c.uid], f"{where}: seat/owner mixed"
            assert c.card.is_creature, f"{where} is not a creature card"
            assert c.atk >= 0 and c.max_hp >= 1, f"{where}: {c.atk}/{c.hp} (max {c.max_hp})"
            assert c.hp <= c.max_hp, f"{where}: HP {c.hp} above max {c.max_hp}"
            if _idle(state):
                assert c.hp >= 1, f"{where}: HP {c.hp} on the field with nothing resolving"
            assert (c.strikes > 1) == bool(c.kw & MULTI_STRIKE), f"{where}: strikes {c.strikes}"
            assert 0 <= c.attacks <= MAX_STRIKES, f"{where}: {c.attacks} attacks"
            if c.kw & MULTI_STRIKE:
                assert c.attacks <= c.strikes, f"{where}: {c.attacks} of {c.strikes} attacks"
            if c.dry and (c.kw or c.abilities):
                # A dry drop loses everything (ruling 10); only a later effect gives some back.
                entered = _last_enter(state, c.uid)
                regained = any(
                    e[0] == KEYWORD and e[2] == c.uid and e[4] for e in state.events[entered + 1 :]
                )
                assert regained, f"{where}: dry but has keywords {c.kw} or abilities"
            if c.paralyzed:
                assert set(c.abilities) <= {"on_slain"} or any(
                    e[0] == KEYWORD and e[2] == c.uid and e[4] for e in state.events
                ), f"{where}: paralyzed yet keeps abilities {sorted(c.abilities)}"


def _check_flow(state: FoodChainState) -> None:
    """Phases, turns, HP, the outcome, hands and what a seat has seen of the rival's hand."""
    cap = state.options.turn_cap
    assert state.phase in PHASES, f"unknown phase {state.phase!r}"
    assert 0 <= state.turn <= 2 * cap, f"turn {state.turn} past the cap of {cap} each"
    assert state.active in (0, 1) and state.first in (0, 1)
    assert state.turn == 0 or state.active == (state.first + state.turn - 1) % 2
    for seat in (0, 1):
        hp = state.hp[seat]
        assert isinstance(hp, int) and not isinstance(hp, bool), f"HP {hp!r} is not an int"
        if state.options.hp_cap:
            assert hp <= 10, f"seat {seat} healed to {hp} above the cap"
        assert state.revealed[seat] <= set(state.hands[seat]), f"seat {seat} reveals non-hand"
    if state.phase == "over":
        assert state.end_reason, "a finished game says why"
        assert state.pending is None and not state.stack
        if state.winner is None:
            assert state.returns() == (0.0, 0.0)
        else:
            assert state.returns()[state.winner] == 1.0
            assert state.hp[state.winner] > 0 or "forfeited" in state.end_reason
    else:
        assert state.winner is None and state.returns() == (0.0, 0.0)
        if _idle(state):
            assert min(state.hp) > 0, f"the game goes on with HP {state.hp}"
            assert state.phase in ("main1", "combat", "main2"), f"idle in {state.phase}"
    pending = state.pending
    if pending is not None:
        assert pending.player in (0, 1) and pending.prompt
        assert len(pending.options) >= 2, f"a decision with options {pending.options}"
        assert len(set(pending.options)) == len(pending.options), "an option listed twice"


def _since_turn_began(state: FoodChainState, uid: int, *matches: tuple[Any, ...]) -> bool:
    """Whether an event of this turn concerns `uid` and starts with one of `matches`
    (the event's kind and fields after the audience, up to the card)."""
    for event in state.events[state.turn_event :]:
        for match in matches:
            if (
                event[0] == match[0]
                and uid in event[2:]
                and event[2 : 2 + len(match) - 1] == match[1:]
            ):
                return True
    return False


def _check_marks(state: FoodChainState) -> None:
    """Statuses and exhaustion last as long as the rules say (rules §4, §7): the rival's
    creatures are Frozen or Paralyzed only if it happened this turn (their own end phase
    thawed or killed them), and the active player's creatures are exhausted only if they
    entered its field this turn."""
    if state.phase == "over" or state.turn == 0:
        return
    active = state.active
    for c in state.fields[1 - active]:
        where = f"{c.card.name} #{c.uid} of the waiting seat {c.seat}"
        if c.frozen:
            assert _since_turn_began(state, c.uid, ("status", c.uid, "frozen", True)), (
                f"{where} is still Frozen from an earlier turn"
            )
        if c.paralyzed and _idle(state):
            assert _since_turn_began(state, c.uid, ("status", c.uid, "paralysis", True)), (
                f"{where} survived its own end phase Paralyzed"
            )
    if state.phase in ("main1", "combat", "main2"):
        for c in state.fields[active]:
            if c.exhausted:
                assert _since_turn_began(state, c.uid, ("enter", active, c.uid), ("move", c.uid)), (
                    f"{c.card.name} #{c.uid} of the active seat is exhausted from an earlier turn"
                )


def _check_menu(state: FoodChainState) -> None:
    """The turn's free choices obey the play and attack rules (rules §2, §5)."""
    if state.phase == "over" or state.pending is not None:
        return
    active, rival = state.active, 1 - state.active
    legal = list(state.legal_actions())
    assert legal[-1] == END_PHASE and legal.count(END_PHASE) == 1, f"menu {legal}"
    lure = [c.uid for c in state.fields[rival] if c.kw & LURE]
    for action in legal[:-1]:
        if isinstance(action, Play | Activate):
            assert state.phase in ("main1", "main2"), f"{action} offered in {state.phase}"
        if isinstance(action, Play):
            card = state.defs[action.card]
            assert action.card in state.hands[active] and card.category != "trap", action
            if card.is_creature:
                assert state.field_count(active) < 3, f"{action}: the field is full"
            if card.category != "free_spell" and not card.keywords & FREE_PLAY:
                assert not state.played, f"{action}: the turn's play is used"
        elif isinstance(action, Attack):
            assert state.phase == "combat", f"{action} offered in {state.phase}"
            attacker = state.on_field[action.attacker]
            assert attacker.seat == active and not attacker.passive(), action
            assert attacker.attacks < attacker.strikes, f"{action}: no attacks left"
            if action.target is None:
                assert not lure, f"{action}: a Lure creature must be attacked"
                assert not attacker.exhausted or attacker.kw & HASTE, f"{action}: exhausted"
            else:
                target = state.on_field[action.target]
                assert target.seat == rival, f"{action}: not an enemy"
                if lure:
                    assert target.uid in lure, f"{action}: a Lure creature must be attacked"
                elif target.kw & (HIDDEN | INVISIBLE):
                    assert attacker.kw & ACUITY, f"{action}: Hidden/Invisible without Acuity"
        else:
            assert isinstance(action, Activate), f"{action} in the turn's free choices"


def invariants(state: FoodChainState) -> None:
    _check_zones(state)
    _check_field(state)
    _check_flow(state)
    _check_marks(state)
    _check_menu(state)


def bad_actions(state: FoodChainState, seat: int) -> Iterator[Any]:
    """Actions a seat may never take here; the kit drops any that happen to be legal."""
    rival = 1 - seat
    nowhere = len(state.defs) + 1000
    yield from (Play(u) for u in state.hands[rival][:3])
    yield from (Activate(u) for u in state.hands[rival][:2])
    yield from (Play(u) for u in state.decks[seat][-2:])
    yield from (Play(u) for u in state.carrion[seat][:2])
    yield from (Play(u) for u in state.exile[seat][:2])
    yield from (Play(c.uid) for c in state.fields[seat][:1])
    yield from (Play(u) for u in state.hands[seat] if state.defs[u].category == "trap")
    for enemy in state.fields[rival]:
        yield Attack(enemy.uid, None)
        yield Activate(enemy.uid)
        for mine in state.fields[seat][:1]:
            yield Attack(enemy.uid, mine.uid)
    for mine in state.fields[seat]:
        yield Attack(mine.uid, mine.uid)
        yield Attack(mine.uid, nowhere)
    yield Play(nowhere)
    yield Play(-1)
    yield Activate(nowhere)
    yield Attack(nowhere, None)
    ids = [c.uid for f in state.fields for c in f] + list(state.hands[seat])
    yield Eat(tuple(sorted(ids[:4])) if len(ids) >= 4 else (0, 1, 2, 3))
    yield Eat((nowhere,))
    yield Eat((3, 1))
    yield Target(card=nowhere)
    yield Target(card=-1)
    yield Target(player=5)
    yield Target(player=-1)
    yield Target()
    yield Choose(99)
    yield Choose(-1)
    yield None
    yield "end_phase"
    yield 42
    yield Order(-5)
    yield Order(nowhere)
    yield END_PHASE
    pending = state.pending
    if pending is not None:
        offered = set(pending.options)
        for candidate in (*(Target(card=u) for u in range(len(state.defs))), Target(player=0)):
            if candidate not in offered:
                yield candidate
                break


def _arrangements(state: FoodChainState, seat: int) -> int:
    """How many equally likely deals of the cards hidden from `seat` there are: which of
    the rival's unseen cards sit in its hand, the rival's deck order, the own deck order."""
    rival = 1 - seat
    in_hand = sum(1 for u in state.hands[rival] if u not in state.revealed[rival])
    in_deck = len(state.decks[rival])
    return (
        math.comb(in_hand + in_deck, in_hand)
        * math.factorial(in_deck)
        * math.factorial(len(state.decks[seat]))
    )


def hidden_of(state: FoodChainState, seat: int) -> Hashable | None:
    """What `seat` cannot see: the rival's unrevealed hand (a multiset of names), the
    rival's deck order and its own deck order. None when so little is hidden that a few
    random scrambles could all deal it out the same way."""
    if _arrangements(state, seat) < MIN_ARRANGEMENTS:
        return None
    rival = 1 - seat
    names = state.defs
    hand = Counter(names[u].name for u in state.hands[rival] if u not in state.revealed[rival])
    return (
        tuple(sorted(hand.items())),
        tuple(names[u].name for u in state.decks[rival]),
        tuple(names[u].name for u in state.decks[seat]),
    )


def hooks(options: FoodChainOptions) -> kit.Hooks:
    return kit.Hooks(
        options=options,
        invariants=invariants,
        bad_actions=bad_actions,
        hidden_fingerprint=hidden_of,
        max_steps=3_000,
    )


# --------------------------------------------------------------------- the properties


@quick(250)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_random_play_to_the_end_keeps_every_invariant(
    seed: int, choices: list[int], options: FoodChainOptions
) -> None:
    final = kit.check_random_playout(SPEC, seed, choices, hooks(options))
    assert final.is_terminal()
    assert final.turn <= 2 * options.turn_cap


@quick(40)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_same_seed_and_actions_give_the_same_game(
    seed: int, choices: list[int], options: FoodChainOptions
) -> None:
    assert kit.check_determinism(SPEC, seed, choices, hooks(options)) > 0


@quick(80)
@given(
    seed=SEEDS,
    choices=CHOICES,
    split=st.integers(min_value=0, max_value=150),
    continuation=CHOICES,
    options=OPTIONS,
)
def test_clones_are_independent_and_continue_identically(
    seed: int, choices: list[int], split: int, continuation: list[int], options: FoodChainOptions
) -> None:
    kit.check_clone_independence(SPEC, seed, choices, split, continuation, hooks(options))


@quick(30)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(
    seed: int, choices: list[int], options: FoodChainOptions
) -> None:
    assert kit.check_illegal_actions_refused(SPEC, seed, choices, hooks(options)) > 0


@quick(60)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_every_offered_action_is_accepted(
    seed: int, choices: list[int], options: FoodChainOptions
) -> None:
    assert kit.check_legal_actions_accepted(SPEC, seed, choices, hooks(options)) > 0


@quick(20)
@given(seed=SEEDS, choices=CHOICES, options=OPTIONS)
def test_views_leak_nothing_hidden(
    seed: int, choices: list[int], options: FoodChainOptions
) -> None:
    report = kit.check_no_leaks(SPEC, seed, choices, hooks(options))
    assert report.hidden_checked > 0 and report.hidden_changed == report.hidden_checked
    assert report.sentinels > 0


@quick(6)
@given(seed=SEEDS, choices=CHOICES)
def test_views_leak_nothing_hidden_with_the_generic_fingerprint(
    seed: int, choices: list[int]
) -> None:
    """Without the Food Chain hook the kit compares the other seat's view and the random
    source's future; the properties must hold that way too."""
    options = FoodChainOptions(turn_cap=8)
    report = kit.check_no_leaks(
        SPEC, seed, choices, kit.Hooks(options=options, scramble_attempts=2)
    )
    assert report.hidden_changed == report.hidden_checked == 2 * report.states


def test_hidden_fingerprint_sees_a_swap_of_rival_hand_and_deck() -> None:
    """The hook must notice the one thing a scramble can change early in a game: which of
    the rival's cards are in hand and which in the deck (so it cannot be vacuous)."""
    state = SPEC.new_game(11, FoodChainOptions(deck0="fish-deep", deck1="birds-raptors"))
    twin = state.clone()
    hand, deck = twin.hands[1], twin.decks[1]
    hand[0], deck[0] = deck[0], hand[0]
    assert hidden_of(twin, 0) != hidden_of(state, 0)
    assert SPEC.view(twin, 0) == SPEC.view(state, 0)
    assert SPEC.view(twin, 1)["hand"] != SPEC.view(state, 1)["hand"]


def test_hidden_fingerprint_is_none_when_nothing_can_be_dealt_differently() -> None:
    """Empty decks and one unseen rival card: the rival's hand is known by elimination
    (decklists are open), so there is nothing for a scramble to change."""
    state = build((Side(hand=["Axolotl", "Olm"]), Side(hand=["Cane Toad"])), active=0)
    assert state.phase == "main1"
    assert _arrangements(state, 0) == 1 and hidden_of(state, 0) is None
    state = build((Side(hand=["Axolotl", "Olm"], deck=["Hellbender"]), WAITING), active=0)
    assert _arrangements(state, 1) == 3  # any of the three may be the one in the deck
    assert hidden_of(state, 1) is None


def test_games_are_identical_across_processes_and_hash_seeds() -> None:
    """Bit for bit on any machine: two interpreters with different hash seeds must play
    the same walks to the same fingerprints."""
    script = (
        "from sparring.core.conformance import game_digest\n"
        "from sparring.games.foodchain.spec import SPEC\n"
        "print(' '.join(game_digest(SPEC, s, [s % 7, 3, 1]) for s in range(3)))\n"
    )
    digests = set()
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        digests.add(out.stdout.strip())
    local = " ".join(kit.game_digest(SPEC, s, [s % 7, 3, 1]) for s in range(3))
    assert digests == {local}


# --------------------------------------------------------------------- the kit bites


def _spec_with_state(cls: type[FoodChainState]) -> Any:
    return dataclasses.replace(SPEC, new_game=lambda seed, options: cls(seed, options))


class _SharedHands(FoodChainState):
    """A clone that shares its hands with the original: the bug clone checks exist for."""

    def clone(self) -> FoodChainState:
        twin = super().clone()
        twin.hands = self.hands
        return twin


class _SharedCreatures(FoodChainState):
    """A clone whose creatures are the original's objects (a shallow copy of the fields)."""

    def clone(self) -> FoodChainState:
        twin = super().clone()
        twin.fields = [list(self.fields[0]), list(self.fields[1])]
        twin.on_field = dict(self.on_field)
        return twin


class _DirtyRefusal(FoodChainState):
    """Refuses illegal actions, but only after scribbling on the log."""

    def apply(self, action: Any, player: int | None = None) -> None:
        mark = len(self.events)
        try:
            super().apply(action, player)
        except IllegalAction:
            if len(self.events) == mark:
                self.events.append(("draws", -1, 0))
            raise


class _SilentRefusal(FoodChainState):
    """Refuses illegal actions without saying why."""

    def apply(self, action: Any, player: int | None = None) -> None:
        try:
            super().apply(action, player)
        except IllegalAction as error:
            raise IllegalAction("") from error


class _CrashingRefusal(FoodChainState):
    """Refuses a play of a card it does not know with a KeyError instead of IllegalAction."""

    def apply(self, action: Any, player: int | None = None) -> None:
        if isinstance(action, Play) and not 0 <= action.card < len(self.defs):
            raise KeyError(action.card)
        super().apply(action, player)


class _PrivateRandom(FoodChainState):
    """Shuffles with a generator nobody seeded: not reproducible."""

    def __init__(self, seed: int, options: FoodChainOptions | None = None) -> None:
        super().__init__(int.from_bytes(os.urandom(8), "little"), options)


class _StaleMenu(FoodChainState):
    """Offers attacks with the rival's creatures: actions the rules then refuse."""

    def legal_actions(self, player: int | None = None) -> Any:
        legal = super().legal_actions(player)
        if self.phase == "combat" and self.pending is None and legal:
            extra = [Attack(c.uid, None) for c in self.fields[1 - self.active]]
            return (*legal, *extra)
        return legal


def _leaky_view(state: FoodChainState, seat: int | None) -> dict[str, Any]:
    """A view that shows the rival's hand (as a debugging aid might)."""
    out = SPEC.view(state, seat)
    if seat is not None:
        out["rival_hand"] = [state.defs[u].name for u in state.hands[1 - seat]]
    return out


def _deck_top_view(state: FoodChainState, seat: int | None) -> dict[str, Any]:
    """A view that tells a seat its next draw."""
    out = SPEC.view(state, seat)
    if seat is not None and state.decks[seat]:
        out["next_draw"] = state.decks[seat][-1]
    return out


def _json_leaky_view(state: FoodChainState, seat: int | None) -> dict[str, Any]:
    out = SPEC.view(state, seat)
    if seat is not None:
        out["debug"] = json.dumps([state.defs[u].name for u in state.decks[1 - seat]])
    return out


def _rng_only_scramble(state: FoodChainState, seat: int, rng: Rng) -> FoodChainState:
    """A scramble that only replaces the random source's future (keeps hands and decks)."""
    twin = state.clone()
    twin.rng.reseed(rng.below(1 << 62, "scramble"))
    return twin


OPEN = FoodChainOptions(deck0="mammals-pack", deck1="reptiles-shell", turn_cap=8)


def test_kit_catches_a_view_showing_the_rival_hand() -> None:
    spec = dataclasses.replace(SPEC, view=_leaky_view)
    with pytest.raises(AssertionError, match="read hidden data"):
        kit.check_no_leaks(spec, 1, [], hooks(OPEN))


def test_kit_catches_a_view_showing_the_next_draw() -> None:
    spec = dataclasses.replace(SPEC, view=_deck_top_view)
    with pytest.raises(AssertionError, match="read hidden data"):
        kit.check_no_leaks(spec, 1, [], hooks(OPEN))


def test_kit_catches_a_sentinel_reaching_the_view() -> None:
    spec = dataclasses.replace(SPEC, view=_json_leaky_view, scramble_hidden=_rng_only_scramble)
    with pytest.raises(AssertionError, match="sentinel"):
        kit.check_no_leaks(spec, 1, [], kit.Hooks(options=OPEN, scramble_attempts=1))


def test_kit_catches_a_scramble_that_changes_nothing() -> None:
    spec = dataclasses.replace(SPEC, scramble_hidden=lambda s, seat, rng: s.clone())
    with pytest.raises(AssertionError, match="changed nothing hidden"):
        kit.check_no_leaks(spec, 1, [], hooks(OPEN))


def test_kit_catches_a_scramble_that_only_reseeds() -> None:
    """With the Food Chain hook, a new random future is not enough: hands and decks must
    really be dealt out again."""
    spec = dataclasses.replace(SPEC, scramble_hidden=_rng_only_scramble)
    with pytest.raises(AssertionError, match="changed nothing hidden"):
        kit.check_no_leaks(spec, 1, [], hooks(OPEN))


def test_kit_catches_a_clone_sharing_hands() -> None:
    with pytest.raises(AssertionError, match=r"changed the original|changed a sibling"):
        kit.check_clone_independence(_spec_with_state(_SharedHands), 3, [], 4, [], hooks(OPEN))


def test_kit_catches_a_clone_sharing_creatures() -> None:
    with pytest.raises(AssertionError, match=r"changed the original|changed a sibling"):
        for seed in range(6):
            kit.check_clone_independence(
                _spec_with_state(_SharedCreatures), seed, [], 8, [], hooks(OPEN)
            )


def test_kit_catches_a_refusal_that_changes_the_state() -> None:
    with pytest.raises(AssertionError, match="changed the state"):
        kit.check_illegal_actions_refused(_spec_with_state(_DirtyRefusal), 3, [], hooks(OPEN))


def test_kit_catches_a_refusal_without_a_reason() -> None:
    with pytest.raises(AssertionError, match="without a reason"):
        kit.check_illegal_actions_refused(_spec_with_state(_SilentRefusal), 3, [], hooks(OPEN))


def test_kit_catches_a_refusal_that_crashes() -> None:
    """Only the hook's known-bad actions name cards that do not exist: they find this."""
    with pytest.raises(AssertionError, match="instead of IllegalAction"):
        kit.check_illegal_actions_refused(_spec_with_state(_CrashingRefusal), 3, [], hooks(OPEN))


def test_kit_catches_an_unseeded_game() -> None:
    with pytest.raises(AssertionError):
        for seed in range(4):
            kit.check_determinism(_spec_with_state(_PrivateRandom), seed, [], hooks(OPEN))


def test_kit_catches_an_offered_action_that_is_refused() -> None:
    with pytest.raises(AssertionError, match="listed as legal"):
        for seed in range(6):
            kit.check_legal_actions_accepted(_spec_with_state(_StaleMenu), seed, [], hooks(OPEN))


def test_invariants_catch_a_card_in_two_zones() -> None:
    state = SPEC.new_game(2, OPEN)
    state.decks[0].append(state.hands[0][0])
    with pytest.raises(AssertionError, match="two places"):
        invariants(state)


def test_invariants_catch_a_lost_card() -> None:
    state = SPEC.new_game(2, OPEN)
    state.hands[1].pop()
    with pytest.raises(AssertionError, match="in no zone"):
        invariants(state)


def test_invariants_catch_a_revealed_card_not_in_hand() -> None:
    state = SPEC.new_game(2, OPEN)
    state.revealed[0].add(state.decks[0][0])
    with pytest.raises(AssertionError, match="reveals non-hand"):
        invariants(state)


def test_invariants_catch_a_dead_creature_left_on_the_field() -> None:
    def kill_first(state: FoodChainState) -> None:
        invariants(state)
        for field in state.fields:
            for creature in field:
                creature.hp = 0
        invariants(state)

    with pytest.raises(AssertionError, match="HP 0 on the field"):
        for seed in range(10):
            kit.check_random_playout(SPEC, seed, [], kit.Hooks(options=OPEN, invariants=kill_first))


#: Seat 0 has a card to play, so a built position waits for it instead of passing the turn.
WAITING = Side(hand=["Axolotl"])


def test_invariants_catch_a_frozen_creature_that_never_thawed() -> None:
    state = build((WAITING, Side(field=[OnField("Cane Toad", frozen=True)])), active=0)
    assert state.phase == "main1" and state.turn == 3
    with pytest.raises(AssertionError, match="still Frozen"):
        invariants(state)


def test_invariants_catch_a_paralyzed_creature_that_survived_its_end_phase() -> None:
    state = build((WAITING, Side(field=[OnField("Cane Toad", paralyzed=True)])), active=0)
    assert state.phase == "main1" and state.turn == 3
    with pytest.raises(AssertionError, match="survived its own end phase"):
        invariants(state)


def test_invariants_catch_exhaustion_from_an_earlier_turn() -> None:
    state = build(
        (Side(hand=["Axolotl"], field=[OnField("Cane Toad", exhausted=True)]), Side()), active=0
    )
    assert state.phase == "main1" and state.turn == 3
    with pytest.raises(AssertionError, match="exhausted from an earlier turn"):
        invariants(state)


def test_invariants_catch_a_direct_attack_by_an_exhausted_creature() -> None:
    state = build(
        (Side(field=[OnField("Cane Toad", exhausted=True)]), Side(field=["Axolotl"])),
        active=0,
        phase="combat",
    )
    assert state.phase == "combat"
    state.events.append(("enter", -1, 0, uid_of(state, "Cane Toad"), "Cane Toad", 1, 3, False))
    invariants(state)  # the menu offers no direct attack: the toad is exhausted
    state._legal = [Attack(uid_of(state, "Cane Toad"), None), END_PHASE]
    with pytest.raises(AssertionError, match="exhausted"):
        invariants(state)
