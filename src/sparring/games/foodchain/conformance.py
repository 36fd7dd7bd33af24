"""Food Chain's hooks for the conformance kit (`sparring.core.conformance`): the game's own
invariants (zones, field limit, HP, marks, the turn's menu), known-bad actions for every
decision kind, a precise summary of what each seat cannot see, and the rule options the
kit's walks are drawn under (turn cap, HP cap, first player, decks). `tests/test_every_game.py`
runs the kit with them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterator
from typing import Any

from sparring.core.conformance import Draw, Hooks

from .actions import END_PHASE, RIVAL, Activate, Attack, Choose, Eat, Order, Play, Target
from .cards import load_pool
from .decks import prebuilt_decks
from .events import ENTER, KEYWORD, MOVE
from .keywords import ACUITY, FREE_PLAY, HASTE, HIDDEN, INVISIBLE, LURE, MULTI_STRIKE
from .options import FoodChainOptions
from .state import FoodChainState

PHASES = ("start", "main1", "combat", "main2", "end", "over")
#: The largest Multi-Strike count in the pool: no creature attacks more often per turn.
MAX_STRIKES = max(
    [c.strikes for c in load_pool().cards.values()]
    + [op.strikes for c in load_pool().cards.values() for ops in c.abilities.values() for op in ops]
)
#: Below this many equally likely arrangements of the hidden cards, eight random scrambles
#: could all reproduce the original by chance (probability up to 1/24**8 is accepted).
MIN_ARRANGEMENTS = 24


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
        spell = state.field_spell[seat]
        if spell is not None:
            found.append((f"field_spell{seat}", spell))
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
            if action.defender is None:
                assert not lure, f"{action}: a Lure creature must be attacked"
                assert not attacker.exhausted or attacker.kw & HASTE, f"{action}: exhausted"
            else:
                target = state.on_field[action.defender]
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
        yield Attack(enemy.uid, RIVAL)
        yield Activate(enemy.uid)
        for mine in state.fields[seat][:1]:
            yield Attack(enemy.uid, mine.uid)
    for mine in state.fields[seat]:
        yield Attack(mine.uid, mine.uid)
        yield Attack(mine.uid, nowhere)
    yield Play(nowhere)
    yield Play(-1)
    yield Activate(nowhere)
    yield Attack(nowhere, RIVAL)
    ids = [c.uid for f in state.fields for c in f] + list(state.hands[seat])
    yield Eat(tuple(sorted(ids[:4])) if len(ids) >= 4 else (0, 1, 2, 3))
    yield Eat((nowhere,))
    yield Eat((3, 1))
    yield Target(card=nowhere)
    yield Target(card=-1)
    yield Target(player=5)
    yield Target(player=-1)
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


def _deck(draw: Draw) -> str | tuple[str, ...] | None:
    """A seat's deck: the default, a prebuilt deck by name, or its cards listed out."""
    names = sorted(prebuilt_decks())
    kind = draw.choice(["default", "name", "list"])
    if kind == "default":
        return None
    name = draw.choice(names)
    return name if kind == "name" else tuple(prebuilt_decks()[name])


def random_options(draw: Draw) -> FoodChainOptions:
    """Short and full turn caps, the HP cap on or off, either first player, any decks,
    and the original rulings' options on or off."""
    return FoodChainOptions(
        deck0=_deck(draw),
        deck1=_deck(draw),
        turn_cap=draw.choice([1, 3, 8, 60]),
        hp_cap=draw.boolean(),
        first_player=draw.choice([None, 0, 1]),
        sacrifice_not_slain=draw.boolean(),
        paralysis_before_thaw=draw.boolean(),
        neurotoxic_before_deaths=draw.boolean(),
    )


HOOKS = Hooks(
    random_options=random_options,
    invariants=invariants,
    bad_actions=bad_actions,
    hidden_fingerprint=hidden_of,
)
