"""Determinization (`games/warfish/determinize.py`, `unseen.py`): a state sampled from a
seat's view shows that seat exactly that view and the same legal actions at every step of
a turn (setup, trade, forced trade, placement, attack, move-in, transfer), fog on and off;
the unseen cards and fogged territories take every value the view allows and no other,
the fogged setup's counts are the rules' own, a territory's last sight in the log is kept
three times in four; a sample plays on to the end, depends on the agent's seed alone and
never on the true hidden state."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from sparring.core.conformance import assert_same, dumps, legal_digest, rng_probe
from sparring.core.errors import BadInput
from sparring.core.rng import Rng
from sparring.games.warfish import cards
from sparring.games.warfish.actions import (
    END_TURN,
    STOP_ATTACKING,
    STOP_TRADING,
    Attack,
    MoveIn,
    Trade,
)
from sparring.games.warfish.determinize import determinize
from sparring.games.warfish.hidden import scramble_hidden
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.spec import SPEC
from sparring.games.warfish.state import (
    ATTACK,
    MOVE_IN,
    NEUTRAL,
    SETUP,
    TRADE,
    TRANSFER,
    WarfishState,
)
from sparring.games.warfish.unseen import LAST_SIGHT_KEPT, last_sights
from sparring.games.warfish.views import view

from .helpers import assert_rate, place_all, position, script_roll, t


def assert_shows_the_same(state: WarfishState, seat: int | None = None) -> WarfishState:
    """A sample of `seat`'s view (default: the mover's) shows it the same view and legal
    actions; returned."""
    seat = state.seat if seat is None else seat
    seen = view(state, seat)
    sample = determinize(seen, Rng(3))
    assert_same(
        dumps({"view": seen, "legal": legal_digest(state.legal_actions(seat))}),
        dumps({"view": view(sample, seat), "legal": legal_digest(sample.legal_actions(seat))}),
        f"seat {seat}",
    )
    return sample


def fingerprint(state: WarfishState) -> str:
    """Everything a state holds, hidden parts included, for comparing two samples."""
    return dumps(
        {
            "owner": state.owner,
            "units": state.units,
            "hands": state.hands,
            "deck": state.deck,
            "turn": [state.phase, state.seat, state.to_place, state.pending, state.setup_left],
            "events": state.events,
            "rng": rng_probe(state),
        }
    )


def play(state: WarfishState, seed: int, decisions: int | None = None) -> None:
    """Random legal play: `decisions` of them, or to the end (which must come in bound)."""
    pick = Rng(seed)
    bound = SPEC.decision_bound(state.options)
    for _ in range(bound if decisions is None else decisions):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply(legal[pick.below(len(legal), "test")])
    assert decisions is not None, "a sample did not end within the game's bound"


def fogged_game(seed: int = 4) -> WarfishState:
    """Round 1 on the classic map, three players and two neutrals, fog on, seat 0 to move."""
    options = WarfishOptions(
        players=3, fog=True, setup_placement="random", neutral_territories=2, round_cap=10
    )
    return WarfishState(seed, options)


# ------------------------------------------------------------------ the same view


@pytest.mark.parametrize("fog", [False, True])
@pytest.mark.parametrize(("players", "max_units"), [(4, 0), (3, 0), (4, 4)])
def test_the_setup_and_with_fog_the_counts_the_rules_give(
    fog: bool, players: int, max_units: int
) -> None:
    """Setup placements in turns: the view is kept, and under fog the others' territory
    and unit totals and units left to place are the true ones (the deal is round-robin and
    the placements go one unit a seat in seat order; a full seat loses the rest)."""
    options = WarfishOptions(
        map="cascade", players=players, fog=fog, max_units=max_units, setup_placement="turns"
    )
    state = WarfishState(11, options)
    pick = Rng(5)
    while state.phase == SETUP:
        sample = assert_shows_the_same(state)
        assert sample.territory_count == state.territory_count
        assert sample.unit_count == state.unit_count
        assert sample.setup_left == state.setup_left
        legal = state.legal_actions()
        state.apply(legal[pick.below(len(legal), "test")])


def test_a_trade_at_the_start_of_the_turn_may_stop() -> None:
    state = position({}, hands=[[0, 1, 2], [3]], cards=True)
    assert state.phase == TRADE
    sample = assert_shows_the_same(state)
    assert not sample.forced_only and STOP_TRADING in sample.legal_actions()


def test_a_capture_move_in_and_the_forced_trade_after_an_elimination() -> None:
    """Seat 0 takes seat 2's last territory and its three cards: the move-in, then the
    forced trade (no stopping: a trade phase after a capture is the forced one), which the
    sample plays on exactly as the true state does."""
    layout = {"Alaska": (0, 9), "Kamchatka": (2, 1)}
    state = position(layout, rest=(1, 1), players=3, hands=[[0, 1], [], [3, 4, 5]])
    place_all(state, "Alaska")
    assert_shows_the_same(state)
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))
    assert state.phase == MOVE_IN
    sample = assert_shows_the_same(state)
    assert sample.pending == state.pending
    state.apply(MoveIn(3))
    assert state.phase == TRADE
    sample = assert_shows_the_same(state)
    assert sample.forced_only and STOP_TRADING not in sample.legal_actions()
    for twin in (state, sample):
        twin.apply(Trade((0, 1, 5)))
    assert view(sample, 0) == view(state, 0)


@pytest.mark.parametrize("fog", [False, True])
def test_attack_move_in_and_transfer(fog: bool) -> None:
    layout = {"Crag": (0, 8), "Pinewood": (0, 3), "Summit": (1, 1)}
    state = position(layout, rest=(1, 2), map="triad", fog=fog, attacks_per_turn=3)
    place_all(state, "Crag")
    assert state.phase == ATTACK
    assert_shows_the_same(state)
    script_roll(state, (6, 5, 4), (1,))
    state.apply(Attack(t(state, "Crag"), t(state, "Summit"), 3))
    assert state.phase == MOVE_IN
    assert assert_shows_the_same(state).pending == state.pending
    state.apply(MoveIn(4))
    state.apply(STOP_ATTACKING)
    assert state.phase == TRANSFER
    sample = assert_shows_the_same(state)
    assert (sample.attacks, sample.transfers) == (state.attacks, state.transfers)


def test_another_seats_trading_turn_is_sampled_with_a_set_in_its_hand() -> None:
    """Without fog a seat sees the rival trading: the rival holds a set in every sample.
    Under fog another seat's turn is not the seat's to complete."""
    state = position({}, seat=1, hands=[[9], [0, 1, 2]], cards=True)
    assert state.phase == TRADE and state.seat == 1
    seen = view(state, 0)
    rng = Rng(6)
    for _ in range(200):
        sample = determinize(seen, rng)
        assert cards.has_set(sample.map, sample.hands[1])
    assert_shows_the_same(state, seat=0)
    fogged = position({}, seat=1, hands=[[9], [0, 1, 2]], cards=True, fog=True)
    with pytest.raises(BadInput, match="under fog"):
        determinize(view(fogged, 0), rng)
    with pytest.raises(BadInput, match="spectator"):
        determinize(view(state, None), rng)


# ------------------------------------------------------------------ what is sampled


def test_every_unseen_card_turns_up_in_every_place_it_may_be_and_no_other() -> None:
    """The cards the seat has not seen (not its hand, not the discard pile) are dealt to
    the other hands, as many as each holds, and the deck: each such card comes up in each
    of those places, at its share (within 5 binomial standard errors), and a card the
    seat holds or saw discarded never does."""
    state = position({}, players=3, hands=[[0, 1], [5, 6, 7], [8]])
    state.discard = [2, 3, 4]
    state.deck = [c for c in state.deck if c not in state.discard]
    seen = view(state, 0)
    unseen = [c for c in range(cards.deck_size(state.map)) if c not in (0, 1, 2, 3, 4)]
    rng = Rng(12)
    samples = 3000
    places: dict[str, Counter[int]] = {"seat 1": Counter(), "seat 2": Counter(), "deck": Counter()}
    for _ in range(samples):
        sample = determinize(seen, rng)
        assert sample.hands[0] == [0, 1] and sample.discard == [2, 3, 4]
        assert (len(sample.hands[1]), len(sample.hands[2])) == (3, 1)
        assert sorted(sample.hands[1] + sample.hands[2] + sample.deck) == unseen
        places["seat 1"].update(sample.hands[1])
        places["seat 2"].update(sample.hands[2])
        places["deck"].update(sample.deck)
    for where, share in (("seat 1", 3), ("seat 2", 1), ("deck", len(unseen) - 4)):
        assert set(places[where]) == set(unseen), where
        assert_rate(places[where][unseen[0]], samples, share / len(unseen), where)


def test_fogged_territories_take_every_owner_the_view_allows_and_no_other() -> None:
    """Out of sight a territory may be any living rival's or neutral: each comes up for
    every unseen territory, never the seat itself; every living rival holds a territory in
    every sample, and units are at least 1."""
    state = fogged_game()
    seen = view(state, 0)
    unseen = [i for i, o in enumerate(seen.owner) if o is None]
    assert unseen
    rng = Rng(21)
    owners: dict[int, set[int]] = {i: set() for i in unseen}
    for _ in range(400):
        sample = determinize(seen, rng)
        for i in unseen:
            owners[i].add(sample.owner[i])
            assert sample.units[i] >= 1
        assert all(sample.territory_count[s] > 0 for s in (1, 2))
    assert all(found == {1, 2, NEUTRAL} for found in owners.values())


def test_max_units_caps_every_sampled_territory() -> None:
    options = WarfishOptions(players=3, fog=True, setup_placement="random", max_units=4)
    state = WarfishState(8, options)
    seen = view(state, 0)
    rng = Rng(2)
    for _ in range(100):
        assert max(determinize(seen, rng).units) <= 4


def test_a_territory_lost_from_sight_keeps_its_last_sight_three_times_in_four() -> None:
    """Seat 0 loses Summit to seat 1's attack from Cliffs, which it then no longer sees (nor
    the move-in out of it): its log's last sight of Cliffs, seat 1's with the units left
    after the roll, is kept in 75 % of samples; otherwise Cliffs is drawn like any unseen
    territory (seat 1's, the only rival, with 1..2m-1 units around the mean m of seat 1's
    territories in sight)."""
    layout = {"Crag": (0, 2), "Summit": (0, 1), "Cliffs": (1, 6)}
    state = position(layout, rest=(1, 2), map="triad", fog=True, seat=1, cards=False)
    place_all(state, "Cliffs")
    cliffs = t(state, "Cliffs")
    after_roll = state.units[cliffs]
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(cliffs, t(state, "Summit"), 3))
    state.apply(MoveIn(3))
    state.apply(STOP_ATTACKING)
    if state.phase == TRANSFER:
        state.apply(END_TURN)
    assert state.seat == 0
    seen = view(state, 0)
    assert seen.owner[cliffs] is None
    sight = (1, after_roll)
    assert last_sights(seen.log, 0)[cliffs] == sight != (1, state.units[cliffs])
    rival = [u for o, u in zip(seen.owner, seen.units, strict=True) if o == 1 and u]
    mean = -(-sum(rival) // len(rival))
    drawn = 1 / (2 * mean - 1) if after_roll <= 2 * mean - 1 else 0.0
    kept = LAST_SIGHT_KEPT / 100
    rng = Rng(31)
    samples = 2000
    hits = 0
    for _ in range(samples):
        sample = determinize(seen, rng)
        hits += (sample.owner[cliffs], sample.units[cliffs]) == sight
    assert_rate(hits, samples, kept + (1 - kept) * drawn, "the last sight kept")


# ------------------------------------------------------------------ seeds and honesty


def test_the_same_seed_gives_the_same_sample() -> None:
    seen = view(fogged_game(), 0)
    assert fingerprint(determinize(seen, Rng(5))) == fingerprint(determinize(seen, Rng(5)))
    assert fingerprint(determinize(seen, Rng(5))) != fingerprint(determinize(seen, Rng(6)))


@pytest.mark.parametrize("fog", [False, True])
@pytest.mark.parametrize("seed", range(5))
def test_a_sample_never_depends_on_the_true_hidden_state(fog: bool, seed: int) -> None:
    """Two states that differ only in what the mover cannot see (the kit's scrambler:
    other hands, the deck, fogged territories, the random source) give it the very same
    samples, at several points of a game."""
    options = WarfishOptions(map="cascade", players=3, fog=fog, round_cap=8)
    state = WarfishState(seed, options)
    for _ in range(4):
        play(state, seed, 25)
        if state.is_terminal():
            break
        twin = scramble_hidden(state, state.seat, Rng(seed))
        assert fingerprint(twin) != fingerprint(state)
        one = determinize(view(state, state.seat), Rng(seed))
        other = determinize(view(twin, state.seat), Rng(seed))
        assert fingerprint(one) == fingerprint(other)


@pytest.mark.parametrize("fog", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_samples_play_on_to_the_end(fog: bool, seed: int) -> None:
    options = WarfishOptions(map="triad", players=3, fog=fog, round_cap=12, card_capture=True)
    state = WarfishState(seed, options)
    for _ in range(3):
        play(state, seed, 30)
        if state.is_terminal():
            break
        sample = determinize(view(state, state.seat), Rng(seed))
        play(sample, seed)
        assert sample.is_terminal()


def test_a_view_received_as_json_determinizes_alike() -> None:
    """A bot's view (JSON, read back as a `View`) gives the same sample as the struct."""
    state = fogged_game()
    seen = view(state, 0)
    received = msgspec.json.decode(msgspec.json.encode(seen), type=type(seen))
    assert fingerprint(determinize(received, Rng(4))) == fingerprint(determinize(seen, Rng(4)))
