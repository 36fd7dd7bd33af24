"""Every chance in Food Chain, measured: the real, unscripted generator over many fixed
seeds, each measured frequency checked against the rule's probability within 5 binomial
standard errors (fixed seeds keep the tests deterministic).

The chances, by their random-source labels: ``deck0``/``deck1`` (a prebuilt deck for a seat
without a deck option: each of the 10 alike), ``card_ids`` (the instance ids, a uniform
permutation), ``shuffle`` (each deck, a uniform permutation), ``first_player`` (each seat
1/2; companion ruling 2), ``discard`` (each card of the hand alike) and ``scramble`` (the
no-leak hook deals the unseen cards again uniformly). A uniform permutation is checked
cell by cell: every card lands in every position with probability 1/n.

Each check also has a *power* test: the same measurement with one chance deliberately
biased (40% instead of 50%, a shuffle that never leaves a card in place, one option twice
as likely) must fail it, so a broken rule cannot pass unseen.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from sparring.core.compiled import is_compiled
from sparring.core.rng import Rng
from sparring.games.foodchain.decks import prebuilt_decks
from sparring.games.foodchain.events import DREW
from sparring.games.foodchain.hidden import scramble_hidden
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.state import FoodChainState

from .helpers import STOP, play, pos, side

#: The power tests bias `Rng.below` by monkeypatching the class, which a compiled `Rng`
#: (an extension type) does not allow; they check the statistics, not the engine, and run
#: in the pure build.
patches_rng = pytest.mark.skipif(
    is_compiled(), reason="a compiled Rng cannot be monkeypatched; the pure run checks this"
)

SEEDS = range(4000)
SIGMAS = 5
DECK = 20
HAND = ["Prey", "Fat Prey", "Martyr", "Herald", "Eel"]

Cells = dict[tuple[object, object], int]


def outliers(cells: Cells, trials: int, p: float) -> list[str]:
    """The cells whose count is more than 5 binomial standard errors from trials * p (cells
    never hit count as 0, so a missing outcome is caught too)."""
    sd = math.sqrt(trials * p * (1 - p))
    return [
        f"{key}: {count} of {trials}, expected {trials * p:.0f} ± {SIGMAS * sd:.0f}"
        for key, count in cells.items()
        if abs(count - trials * p) > SIGMAS * sd
    ]


def grid(counts: Counter, rows: range | list, columns: range | list) -> Cells:
    """Every (row, column) cell of `counts`, zero where never hit."""
    return {(r, c): counts[(r, c)] for r in rows for c in columns}


# ---------------------------------------------------------------------- a biased generator


def biased(label: str, bend: Callable[[Callable[[int], int], int], int]) -> Callable:
    """`Rng.below` with draws of `label` bent: ``bend(fair, n)`` gets a fair draw function
    (``fair(m)`` is uniform in 0..m-1) and the asked range."""
    fair_below = Rng.below

    def below(self: Rng, n: int, asked: str) -> int:
        if asked != label:
            return fair_below(self, n, asked)
        return bend(lambda m: fair_below(self, m, asked), n)

    return below


def forty_percent_seat_zero(fair: Callable[[int], int], n: int) -> int:
    return 0 if fair(10) < 4 else 1


def never_in_place(fair: Callable[[int], int], n: int) -> int:
    """Sattolo's slip (j < i instead of j <= i): a card never stays where it is."""
    return fair(n - 1)


def last_twice_as_likely(fair: Callable[[int], int], n: int) -> int:
    return min(fair(n + 1), n - 1)


# ---------------------------------------------------------------------- setup: measurements


def new_games() -> Iterator[FoodChainState]:
    """Fresh games with the default options: every setup chance is the generator's."""
    for seed in SEEDS:
        yield FoodChainState(seed)


def first_player_cells() -> Cells:
    firsts = Counter(state.first for state in new_games())
    return {("first", seat): firsts[seat] for seat in (0, 1)}


def deck_pick_cells() -> Cells:
    names = {deck: name for name, deck in prebuilt_decks().items()}
    picks = Counter(
        (seat, names[state.decklists[seat]]) for state in new_games() for seat in (0, 1)
    )
    return grid(picks, [0, 1], sorted(names.values()))


def card_id_cells() -> Cells:
    """(decklist position over both seats, instance id): ids are a uniform permutation."""
    hits: Counter = Counter()
    for state in new_games():
        for uid in range(2 * DECK):
            seat = state.owner[uid]
            slot = seat * DECK + state.decklists[seat].index(state.defs[uid].name)
            hits[(slot, uid)] += 1
    return grid(hits, range(2 * DECK), range(2 * DECK))


def shuffle_cells() -> Cells:
    """(seat, decklist position, depth from the top): each deck a uniform permutation. The
    order is read back from the draws made so far (top first) and the rest of the deck."""
    hits: Counter = Counter()
    for state in new_games():
        for seat in (0, 1):
            drawn = [e[3] for e in state.events if e[0] == DREW and e[2] == seat]
            order = drawn + state.decks[seat][::-1]
            for depth, uid in enumerate(order):
                hits[(seat, state.decklists[seat].index(state.defs[uid].name), depth)] += 1
    return {
        (seat, slot, depth): hits[(seat, slot, depth)]
        for seat in (0, 1)
        for slot in range(DECK)
        for depth in range(DECK)
    }


# ---------------------------------------------------------------------- setup: tests


def test_chance_first_player_is_each_seat_half_the_time():
    cells = first_player_cells()
    assert sum(cells.values()) == len(SEEDS)
    assert outliers(cells, len(SEEDS), 1 / 2) == []


@patches_rng
def test_chance_power_first_player_at_forty_percent_is_caught(monkeypatch):
    monkeypatch.setattr(Rng, "below", biased("first_player", forty_percent_seat_zero))
    assert outliers(first_player_cells(), len(SEEDS), 1 / 2)


def test_chance_each_prebuilt_deck_is_picked_one_time_in_ten():
    decks = len(prebuilt_decks())
    assert decks == 10
    assert outliers(deck_pick_cells(), len(SEEDS), 1 / decks) == []


@patches_rng
def test_chance_power_a_favoured_prebuilt_deck_is_caught(monkeypatch):
    monkeypatch.setattr(Rng, "below", biased("deck0", last_twice_as_likely))
    assert outliers(deck_pick_cells(), len(SEEDS), 1 / 10)


def test_chance_card_ids_are_a_uniform_permutation():
    assert outliers(card_id_cells(), len(SEEDS), 1 / (2 * DECK)) == []


@patches_rng
def test_chance_power_a_biased_card_id_permutation_is_caught(monkeypatch):
    monkeypatch.setattr(Rng, "below", biased("card_ids", never_in_place))
    assert outliers(card_id_cells(), len(SEEDS), 1 / (2 * DECK))


def test_chance_each_deck_shuffle_is_a_uniform_permutation():
    assert outliers(shuffle_cells(), len(SEEDS), 1 / DECK) == []


@patches_rng
def test_chance_power_a_biased_shuffle_is_caught(monkeypatch):
    monkeypatch.setattr(Rng, "below", biased("shuffle", never_in_place))
    assert outliers(shuffle_cells(), len(SEEDS), 1 / DECK)


# ---------------------------------------------------------------------- discard


def discard_cells() -> Cells:
    """(hand position of the discarded card): a random discard takes each card alike."""
    hits: Counter = Counter()
    for seed in SEEDS:
        state = pos(side(hand=["Pilfer", STOP]), side(hand=HAND), seed=seed)
        hand = list(state.hands[1])
        play(state, "Pilfer")
        (gone,) = set(hand) - set(state.hands[1])
        hits[("discarded", hand.index(gone))] += 1
    return {("discarded", i): hits[("discarded", i)] for i in range(len(HAND))}


def test_chance_a_random_discard_takes_each_card_of_the_hand_alike():
    assert outliers(discard_cells(), len(SEEDS), 1 / len(HAND)) == []


@patches_rng
def test_chance_power_a_biased_discard_is_caught(monkeypatch):
    monkeypatch.setattr(Rng, "below", biased("discard", last_twice_as_likely))
    assert outliers(discard_cells(), len(SEEDS), 1 / len(HAND))


# ---------------------------------------------------------------------- scramble (no-leak hook)


def scramble_cells() -> Cells:
    """(unseen card, place): the rival's unseen cards (3 in hand, 4 in the deck) dealt again,
    each card equally likely in each of the 7 places."""
    state = pos(
        side(hand=[STOP]),
        side(hand=HAND[:3], deck=["Dawn A", "Dawn B", "Dusk A", "Dusk B"]),
    )
    unseen = state.hands[1] + state.decks[1]
    hits: Counter = Counter()
    for seed in SEEDS:
        twin = scramble_hidden(state, 0, Rng(seed))
        for place, uid in enumerate(twin.hands[1] + twin.decks[1]):
            hits[(uid, place)] += 1
    return grid(hits, unseen, range(len(unseen)))


def test_chance_scramble_deals_the_unseen_cards_uniformly():
    assert outliers(scramble_cells(), len(SEEDS), 1 / 7) == []


@patches_rng
def test_chance_power_a_biased_scramble_is_caught(monkeypatch):
    monkeypatch.setattr(Rng, "below", biased("scramble", never_in_place))
    assert outliers(scramble_cells(), len(SEEDS), 1 / 7)


@pytest.mark.parametrize("label", ["deck0", "deck1", "card_ids", "shuffle", "first_player"])
def test_chance_every_setup_label_is_drawn_by_a_new_game(label):
    """The labels measured above are the ones a game's setup really draws."""
    assert label in {drawn for drawn, _ in FoodChainState(0).rng.log}


def test_chance_a_fixed_setup_draws_only_ids_and_shuffles():
    options = FoodChainOptions(deck0="fish-deep", deck1="birds-aerial", first_player=1)
    assert {drawn for drawn, _ in FoodChainState(0, options).rng.log} == {"card_ids", "shuffle"}
