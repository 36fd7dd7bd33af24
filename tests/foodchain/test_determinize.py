"""Food Chain determinization (`games/foodchain/determinize.py`): a full state sampled from
a seat's view shows that seat the same view and legal actions, at free decision points and
at every kind of decision in the middle of a resolution; the hidden cards are dealt from the
open decklists minus every card the view shows, every consistent deal can appear and no
inconsistent one ever does; the sample plays on, is reproducible from the agent's seed and
never depends on the true hidden state.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from sparring.core import conformance as kit
from sparring.core.errors import BadInput
from sparring.core.events import PUBLIC
from sparring.core.rng import Rng
from sparring.games.foodchain.actions import Play, Target
from sparring.games.foodchain.cards import load_pool
from sparring.games.foodchain.conformance import HOOKS, invariants
from sparring.games.foodchain.determinize import Sampler, determinize
from sparring.games.foodchain.events import MOVE
from sparring.games.foodchain.hidden import scramble_hidden
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.position import OnField, Side, build, creature, uid_of
from sparring.games.foodchain.spec import SPEC
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.views import view

DECKS = FoodChainOptions(deck0="fish-deep", deck1="birds-raptors", first_player=0)


def _payload(state: FoodChainState, seat: int) -> str:
    return kit.dumps({"view": view(state, seat), "legal": list(state.legal_actions(seat))})


def _same_for_seat(state: FoodChainState, sample: FoodChainState, seat: int) -> None:
    assert _payload(sample, seat) == _payload(state, seat)


def _plays_to_the_end(sample: FoodChainState, seed: int) -> None:
    kit.play_out(sample, kit.Chooser((), seed), SPEC.decision_bound(sample.options))
    assert sample.is_terminal()


def _deal(sample: FoodChainState) -> tuple[Any, ...]:
    """Everything a sample draws: hands, decks and which card each id is."""
    return (
        [list(h) for h in sample.hands],
        [list(d) for d in sample.decks],
        [card.name for card in sample.defs],
    )


def test_the_kit_check_holds_over_many_random_games() -> None:
    """The conformance kit's check (view and legal actions equal, the last sample plays to
    the end) over 40 random games of random decks; they reach every kind of decision."""
    compared = sum(kit.check_determinization(SPEC, seed, (), HOOKS) for seed in range(40))
    assert compared > 2000


def test_every_kind_of_decision_is_determinized_exactly() -> None:
    """At each kind of decision met in random play — free, eat, target, order, choose,
    tutor, play from a pile — the sample shows the decider the same view and legal actions,
    keeps the game's invariants, and plays on to the end."""
    met: Counter[str] = Counter()
    rng = Rng(77)
    for seed in range(60):
        for state in kit.walk(SPEC, seed, (), HOOKS):
            if state.is_terminal():
                break
            kind = state.pending.kind if state.pending is not None else "free"
            if met[kind] >= 6:
                continue
            met[kind] += 1
            seat = state.to_move()[0]
            sampler = Sampler(view(state, seat))
            sample = sampler.sample(rng)
            _same_for_seat(state, sample, seat)
            _invariants(sample, sampler)
            _plays_to_the_end(sample, seed)
    assert set(met) == {"free", "eat", "target", "order", "choose", "tutor", "play"}


def _midgame(seed: int, part: int) -> FoodChainState:
    """A random game's state `1/part` of the way through, at a decision."""
    states = [state.clone() for state in kit.walk(SPEC, seed, (), HOOKS)]
    return states[len(states) // part]


def _invariants(sample: FoodChainState, sampler: Sampler) -> None:
    """The game's invariants, on a copy told which created ids the sample only holds as
    placeholders (tokens that left the game before the view's log begins)."""
    twin = sample.clone()
    for uid in sampler.gone:
        twin.events.append((MOVE, PUBLIC, uid, "", 0, "field", "gone"))
    invariants(twin)


def _riptide_target() -> FoodChainState:
    """Seat 0 casts Riptide and must choose which enemy creature returns to hand."""
    state = build(
        (
            Side(hand=["Riptide", "Hellbender"], deck=["Olm", "Axolotl"]),
            Side(hand=["Olm", "Cane Toad"], deck=["Hellbender"], field=["Cane Toad", "Axolotl"]),
        ),
        active=0,
    )
    state.apply(Play(uid_of(state, "Riptide")))
    assert state.pending is not None and state.pending.kind == "target"
    return state


def test_a_spell_waiting_for_its_target_resolves_the_same_in_the_sample() -> None:
    """The spell in flight, the steps after the target (deaths, then the spell to exile) and
    the choice itself are rebuilt exactly: answering the same target gives the same table."""
    state = _riptide_target()
    sample = determinize(view(state, 0), Rng(3))
    _same_for_seat(state, sample, 0)
    riptide = uid_of(state, "Riptide")
    assert riptide not in sample.hands[0] and sample.defs[riptide].name == "Riptide"
    toad = uid_of(state, "Cane Toad", seat=1, nth=1)
    assert toad in state.on_field
    for game in (state, sample):
        game.apply(Target(card=toad))
    assert sample.exile[0] == state.exile[0] == [riptide]
    assert toad in sample.hands[1] and toad in sample.revealed[1]
    view_now = view(state, 0)
    assert view(sample, 0).players == view_now.players and view(sample, 0).hand == view_now.hand


def test_a_tutor_keeps_the_offered_cards_in_the_deck_with_their_ids() -> None:
    """The tutor shows the decider some of its deck by id: every sample keeps exactly those
    ids and cards in the deck, the rest of the deck dealt from the decklist."""
    state = build(
        (
            Side(
                hand=["Common Midwife Toad", "Olm"],
                deck=["Marsh Miasma", "Axolotl", "Nerve Bloom"],
            ),
            Side(hand=["Olm"]),
        ),
        active=0,
    )
    state.apply(Play(uid_of(state, "Common Midwife Toad")))
    assert state.pending is not None and state.pending.kind == "tutor"
    miasma, bloom = uid_of(state, "Marsh Miasma"), uid_of(state, "Nerve Bloom")
    sampler = Sampler(view(state, 0))
    rng = Rng(8)
    for _ in range(20):
        sample = sampler.sample(rng)
        _same_for_seat(state, sample, 0)
        assert {miasma, bloom} <= set(sample.decks[0])
        assert sorted(sample.defs[u].name for u in sample.decks[0]) == sorted(
            ["Marsh Miasma", "Axolotl", "Nerve Bloom"]
        )
        assert sample.defs[miasma].name == "Marsh Miasma"


def test_the_rivals_hand_is_drawn_from_its_decklist_minus_what_is_seen() -> None:
    """At the first decision, seat 0 has seen none of seat 1's twenty cards: each of them is
    in the sampled hand of five with probability 5/20 (within 5 sigma over 400 samples), every
    name of the decklist appears there, and seat 0's own hand never moves."""
    state = SPEC.new_game(5, DECKS)
    seen = view(state, 0)
    sampler = Sampler(seen)
    rng = Rng(21)
    trials = 400
    in_name: Counter[str] = Counter()
    tops: set[int] = set()
    for _ in range(trials):
        sample = sampler.sample(rng)
        assert sample.hands[0] == state.hands[0]
        in_name.update(sample.defs[u].name for u in sample.hands[1])
        tops.add(sample.decks[0][-1])
    p = 5 / 20
    sigma = math.sqrt(trials * p * (1 - p))
    copies = Counter(state.decklists[1])
    assert set(in_name) == set(copies), "some rival card never sampled into its hand"
    singles = [name for name, count in copies.items() if count == 1]
    assert singles
    for name in singles:
        assert abs(in_name[name] - trials * p) <= 5 * sigma, name
    assert len(tops) > 5, "the own deck's order never varies"


def test_nothing_inconsistent_is_ever_dealt() -> None:
    """Mid-game, over many samples: every card the view shows stays where it is shown, no
    shown card is in a hidden zone, the counts are the view's, and each seat's cards are its
    decklist exactly (the cards in flight included)."""
    rng = Rng(4)
    for seed in range(6):
        state = _midgame(seed, 2)
        seat = state.to_move()[0]
        seen = view(state, seat)
        shown = _shown_ids(seen)
        sampler = Sampler(seen)
        for _ in range(30):
            sample = sampler.sample(rng)
            hidden = set(sample.decks[0]) | set(sample.decks[1])
            hidden |= set(sample.hands[1 - seat]) - sample.revealed[1 - seat]
            assert not hidden & shown
            for s in (0, 1):
                assert len(sample.hands[s]) == len(state.hands[s])
                assert len(sample.decks[s]) == len(state.decks[s])
                assert _cards_of(sample, s) == _cards_of(state, s)
            _invariants(sample, sampler)


def _shown_ids(seen: Any) -> set[int]:
    ids = {c.card for c in seen.hand} | {c.card for c in seen.rival_known_hand}
    for side in seen.players:
        ids |= {c.card for c in (*side.field, *side.carrion, *side.exile)}
        if side.field_spell is not None:
            ids.add(side.field_spell.card)
    return ids


def _cards_of(state: FoodChainState, seat: int) -> Counter[str]:
    """The printed names of `seat`'s deck cards wherever they are (not created cards)."""
    dealt = len(state.decklists[0]) + len(state.decklists[1])
    return Counter(state.defs[u].name for u in range(dealt) if state.owner[u] == seat)


def test_the_same_seed_gives_the_same_sample() -> None:
    state = _riptide_target()
    seen = view(state, 0)
    assert _deal(determinize(seen, Rng(9))) == _deal(determinize(seen, Rng(9)))
    assert _deal(determinize(seen, Rng(9))) != _deal(determinize(seen, Rng(10)))


def test_the_sample_never_depends_on_the_true_hidden_cards() -> None:
    """Two states that differ only in what seat 0 cannot see (the rival's unseen hand and
    deck dealt again, both decks reshuffled) give the same view and so the same samples."""
    for seed in range(5):
        state = _midgame(seed, 3)
        seat = state.to_move()[0]
        twin = scramble_hidden(state, seat, Rng(seed))
        assert (twin.hands, twin.decks) != (state.hands, state.decks)
        one = determinize(view(state, seat), Rng(seed + 100))
        other = determinize(view(twin, seat), Rng(seed + 100))
        assert _deal(one) == _deal(other)


def test_the_sample_draws_fresh_chance() -> None:
    """The sample's random source is reseeded from the agent's: its future is not the true
    game's."""
    state = SPEC.new_game(3, DECKS)
    sample = determinize(view(state, 0), Rng(1))
    assert [sample.rng.below(1 << 30, "x") for _ in range(4)] != [
        state.rng.below(1 << 30, "x") for _ in range(4)
    ]


def test_a_spectators_view_is_refused() -> None:
    with pytest.raises(BadInput, match="spectator"):
        determinize(view(SPEC.new_game(1, DECKS), None), Rng(0))


def test_the_waiting_seats_view_of_the_rivals_decision_is_refused() -> None:
    """Seat 1 is not shown seat 0's options: a search samples only at its own decisions."""
    state = _riptide_target()
    with pytest.raises(BadInput, match="deciding seat"):
        determinize(view(state, 1), Rng(0))


def test_what_creatures_can_still_do_is_rebuilt_from_their_text() -> None:
    """A dry drop (nothing), a paralyzed creature (its on-slain only), a creature that
    copied another's abilities (both), each rebuilt exactly."""
    pool = load_pool()
    state = build(
        (
            Side(
                hand=["Olm"],
                field=[OnField("Superb Lyrebird"), OnField("Cane Toad", paralyzed=True)],
            ),
            Side(hand=["Olm"], field=[OnField("Barn Owl", dry=True)]),
        ),
        active=0,
    )
    bird = creature(state, "Superb Lyrebird")
    merged = dict(bird.abilities)
    for when, ops in pool.card("Common Midwife Toad").abilities.items():
        merged[when] = merged.get(when, ()) + ops
    bird.abilities = merged
    sample = determinize(view(state, 0), Rng(2))
    _same_for_seat(state, sample, 0)
    for original in (c for field in state.fields for c in field):
        assert sample.on_field[original.uid].abilities == original.abilities


def test_a_transformed_creature_s_printed_card_is_dealt_from_the_unseen() -> None:
    """A rival creature turned into a Tadpole (a token, in no decklist) was one of the
    rival's unseen cards: samples deal it from them, and the view stays the same."""
    state = build(
        (
            Side(hand=["Olm"]),
            Side(hand=["Olm", "Axolotl"], deck=["Hellbender"], field=["Cane Toad"]),
        ),
        active=0,
    )
    toad = creature(state, "Cane Toad")
    tadpole = load_pool().card("Tadpole")
    toad.card = tadpole
    toad.atk, toad.hp, toad.max_hp = tadpole.atk, tadpole.hp, tadpole.hp
    toad.kw, toad.strikes, toad.abilities = tadpole.keywords, tadpole.strikes, tadpole.abilities
    sampler = Sampler(view(state, 0))
    rng = Rng(6)
    printed = set()
    for _ in range(40):
        sample = sampler.sample(rng)
        _same_for_seat(state, sample, 0)
        printed.add(sample.defs[toad.uid].name)
    assert printed == {"Olm", "Axolotl", "Hellbender", "Cane Toad"}
