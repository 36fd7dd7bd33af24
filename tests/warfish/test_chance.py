"""Every chance in Warfish, measured: the real, unscripted generator played over many fixed
seeds, each measured rate checked against the rule's probability within five binomial
standard errors (`helpers.assert_rate`). Fixed seeds keep the tests deterministic; the exact
tests (every possible roll scripted) are in test_dice.py.

The chances, by their draw labels (docs/games/warfish.md, "Random draws"):

- ``roll`` — one attack roll, one draw read from the outcome table of its dice shape: every
  die of either side shows each face with probability 1/sides, and each shape's outcomes
  match the companion's table (six-sided dice) or `odds.roll_outcomes` (any sides);
- ``attack_die`` / ``defend_die`` — die by die, for shapes too large for a table;
- a blitz's chance to capture, against the exact odds in `odds.py`;
- ``card_draw`` — the card earned for a capture: uniform over the deck, and over the
  discard pile once it is made the deck;
- ``deal`` — the setup shuffle: each territory equally likely at each place of the deal;
- ``setup_place`` — random setup placement: uniform over the seat's territories with room.

Not chance, and checked as such: the turn order (seat 0 always moves first, ruling 7) and
fog of war, which only hides — the same actions draw the same numbers with and without it.
The greedy agent's tie-breaking jitter and `hidden.py`'s scrambling draw from their own
generators, not the game's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from sparring.core.rng import Rng
from sparring.games.warfish.actions import END_TURN, Attack, Blitz
from sparring.games.warfish.odds import blitz_table, capture_chance, roll_outcomes
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.position import build
from sparring.games.warfish.state import WarfishState

from .helpers import COMPANION_TABLE as TABLE
from .helpers import assert_rate

ROLL_SEEDS = 12_000


def triad(**options: Any) -> WarfishOptions:
    return WarfishOptions(map="triad", **options)


Roll = tuple[list[int], list[int], int, int]


def attack_rolls(
    attack_dice: int, defenders: int, seeds: int, **options: Any
) -> tuple[list[Roll], set[tuple[str, ...]]]:
    """One unscripted attack roll per seed through the engine — Crag (4 units) attacks
    Summit (`defenders` units) with `attack_dice` dice — as ``(attacker faces, defender
    faces, attacker losses, defender losses)`` read from its ``wf_attack`` event; with the
    labels the rolls drew, as each roll's sequence."""
    data = {
        "phase": "attack",
        "rest": [1, 1],
        "territories": {"Crag": [0, 4], "Summit": [1, defenders]},
    }
    base = build(data, triad(**options))
    crag, summit = base.map.territory("Crag"), base.map.territory("Summit")
    start = len(base.events)
    rolls = []
    draws: set[tuple[str, ...]] = set()
    for seed in range(seeds):
        state = base.clone()
        state.rng.reseed(seed)
        state.apply(Attack(crag, summit, attack_dice))
        event = state.events[start]
        assert event[0] == "wf_attack"
        rolls.append(event[5:9])
        draws.add(tuple(label for label, _ in state.rng.log))
    return rolls, draws


def faces_seen(rolls: list[Roll], side: int, sides: int) -> tuple[Counter[int], int]:
    """How often each face showed on one side's dice (0: attacker, 1: defender), and the
    number of dice rolled."""
    tally: Counter[int] = Counter()
    dice = 0
    for roll in rolls:
        tally.update(roll[side])
        dice += len(roll[side])
    assert set(tally) <= set(range(1, sides + 1))
    return tally, dice


def outcome_rates(rolls: list[Roll], compared: int) -> Counter[tuple[int, int]]:
    """How often each (attacker losses, defender losses) outcome came up."""
    tally: Counter[tuple[int, int]] = Counter()
    for _, _, lost_a, lost_d in rolls:
        assert lost_a + lost_d == compared
        tally[(lost_a, lost_d)] += 1
    return tally


# --------------------------------------------------------------------- one roll


@pytest.mark.parametrize(("attack", "defend"), sorted(TABLE))
def test_every_die_of_a_roll_shows_each_face_one_time_in_six(attack, defend) -> None:
    rolls, draws = attack_rolls(attack, defend, ROLL_SEEDS // 2)
    assert draws == {("roll",)}  # one draw a roll
    for side, name in ((0, "attacker"), (1, "defender")):
        tally, dice = faces_seen(rolls, side, 6)
        assert dice == len(rolls) * (attack, defend)[side]
        for face in range(1, 7):
            assert_rate(tally[face], dice, 1 / 6, f"{attack} v {defend}: {name} face {face}")


@pytest.mark.parametrize(("attack", "defend"), sorted(TABLE))
def test_each_dice_shape_rolls_the_companions_odds(attack, defend) -> None:
    """Measured over seeds through the engine, each shape's outcomes (ties to the defender)
    match the companion's table."""
    compared = min(attack, defend)
    tally = outcome_rates(attack_rolls(attack, defend, ROLL_SEEDS)[0], compared)
    defender_all, each_one, attacker_all = TABLE[(attack, defend)]
    expected = {(0, compared): defender_all, (compared, 0): attacker_all}
    if compared == 2:
        expected[(1, 1)] = each_one
    assert set(tally) <= set(expected)
    for (lost_a, lost_d), p in expected.items():
        what = f"{attack} v {defend}: attacker loses {lost_a}, defender loses {lost_d}"
        assert_rate(tally[(lost_a, lost_d)], ROLL_SEEDS, float(p), what)


@pytest.mark.parametrize(
    ("attack_sides", "defend_sides", "draws"),
    [
        (8, 4, ("roll",)),  # 8**3 * 4**2 = 8,192 combinations: one draw from the table
        (20, 12, ("attack_die",) * 3 + ("defend_die",) * 2),  # too many: die by die
    ],
)
def test_dice_of_any_sides_are_fair_and_roll_the_odds_of_odds_py(
    attack_sides, defend_sides, draws
) -> None:
    options = {"attack_dice_sides": attack_sides, "defend_dice_sides": defend_sides}
    rolls, seen = attack_rolls(3, 2, ROLL_SEEDS, **options)
    assert seen == {draws}
    for side, sides in ((0, attack_sides), (1, defend_sides)):
        tally, dice = faces_seen(rolls, side, sides)
        for face in range(1, sides + 1):
            assert_rate(tally[face], dice, 1 / sides, f"side {side}, d{sides} face {face}")
    tally = outcome_rates(rolls, 2)
    for lost_a, lost_d, p in roll_outcomes(3, 2, attack_sides, defend_sides):
        what = f"d{attack_sides} v d{defend_sides}: losses {lost_a}/{lost_d}"
        assert_rate(tally[(lost_a, lost_d)], ROLL_SEEDS, p, what)


# --------------------------------------------------------------------- blitz odds


@pytest.mark.parametrize(
    ("attackers", "defenders", "sides", "seeds"),
    [
        (2, 1, (6, 6), 6_000),
        (3, 2, (6, 6), 6_000),
        (4, 1, (6, 6), 20_000),
        (5, 3, (6, 6), 6_000),
        (8, 5, (6, 6), 4_000),
        (12, 10, (6, 6), 3_000),
        (6, 4, (8, 6), 4_000),
    ],
)
def test_a_blitz_captures_with_the_exact_chance_odds_py_gives(
    attackers, defenders, sides, seeds
) -> None:
    """Crag (`attackers` units) blitzes Summit (`defenders`): the measured capture rate
    matches `capture_chance` (4 against 1: 0.9164, the companion's figure)."""
    attack_sides, defend_sides = sides
    options = triad(attack_dice_sides=attack_sides, defend_dice_sides=defend_sides)
    data = {
        "phase": "attack",
        "rest": [1, 1],
        "territories": {"Crag": [0, attackers], "Summit": [1, defenders]},
    }
    base = build(data, options)
    crag, summit = base.map.territory("Crag"), base.map.territory("Summit")
    captures = 0
    for seed in range(seeds):
        state = base.clone()
        state.rng.reseed(seed)
        state.apply(Blitz(crag, summit))
        captures += state.owner[summit] == 0
        assert state.owner[summit] == 0 or state.units[crag] == 1
    exact = capture_chance(blitz_table(attack_sides, defend_sides), attackers, defenders)
    if (attackers, defenders, sides) == (4, 1, (6, 6)):
        assert round(exact, 4) == 0.9164
    assert_rate(captures, seeds, exact, f"blitz {attackers} v {defenders}, d{sides}")


# --------------------------------------------------------------------- cards


def drawn_cards(data: dict[str, Any], seeds: int) -> Counter[int]:
    """The card seat 0 earns at the end of a turn with a capture, once per seed."""
    base = build(data, triad())
    tally: Counter[int] = Counter()
    for seed in range(seeds):
        state = base.clone()
        state.rng.reseed(seed)
        state.apply(END_TURN)
        assert [label for label, _ in state.rng.log] == ["card_draw"]
        (card,) = state.hands[0]
        tally[card] += 1
    return tally


TURN_WITH_A_CAPTURE = {
    "phase": "transfer",
    "captured": True,
    "rest": [1, 1],
    "territories": {"Crag": [0, 3], "Summit": [0, 1]},
}


def test_the_card_earned_is_drawn_uniformly_from_the_deck() -> None:
    seeds = 6_000
    tally = drawn_cards(TURN_WITH_A_CAPTURE, seeds)
    deck = range(12)  # triad: 10 territory cards and 2 wilds
    assert set(tally) <= set(deck)
    for card in deck:
        assert_rate(tally[card], seeds, 1 / 12, f"card {card}")


def test_a_deck_made_from_the_discard_pile_is_drawn_uniformly() -> None:
    seeds = 5_000
    pile = [1, 4, 7, 9, 11]
    data = dict(TURN_WITH_A_CAPTURE, deck=[], discard=pile)
    data["hands"] = {"seat1": [0, 2, 3, 5, 6, 8, 10]}
    tally = drawn_cards(data, seeds)
    assert set(tally) <= set(pile)
    for card in pile:
        assert_rate(tally[card], seeds, 1 / len(pile), f"card {card} from the discard pile")


# --------------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("options", "seeds", "shares"),
    [
        # triad, 3 players and 3 neutral territories: places 0-2 of the deal are neutral,
        # then seats 0, 1, 2 round-robin: 3, 2 and 2 places of 10.
        (triad(players=3, neutral_territories=3), 4_000, {-1: 0.3, 0: 0.3, 1: 0.2, 2: 0.2}),
        (WarfishOptions(), 2_000, {0: 0.5, 1: 0.5}),  # classic, 2 players: 21 each
    ],
)
def test_the_deal_gives_each_territory_to_each_holder_by_its_share_of_places(
    options, seeds, shares
) -> None:
    size = options.board.size
    held: list[Counter[int]] = [Counter() for _ in range(size)]
    for seed in range(seeds):
        state = WarfishState(seed, options)
        assert {label for label, _ in state.rng.log} == {"deal"}
        for t, holder in enumerate(state.owner):
            held[t][holder] += 1
    for t in range(size):
        assert set(held[t]) <= set(shares)
        for holder, share in shares.items():
            assert_rate(held[t][holder], seeds, share, f"territory {t} dealt to {holder}")


@pytest.mark.parametrize(
    ("options", "seeds", "units_each", "trials_per_seed", "share"),
    [
        # classic, 2 players: 21 territories and 19 units each, each unit on any of the 21
        (WarfishOptions(setup_placement="random"), 600, 19, 19, 1 / 21),
        # triad, 2 players, max_units 2: 5 territories and 2 units each; a unit goes only
        # where there is room, so each territory gets one (of the 2) with probability 2/5
        (triad(setup_placement="random", starting_units=7, max_units=2), 4_000, 2, 1, 2 / 5),
    ],
)
def test_random_setup_puts_each_unit_on_a_uniform_own_territory_with_room(
    options, seeds, units_each, trials_per_seed, share
) -> None:
    """Counted by each territory's rank among its holder's (by index), pooled over seeds."""
    players = options.players
    territories = options.board.size // players
    placed = [[0] * territories for _ in range(players)]
    for seed in range(seeds):
        state = WarfishState(seed, options)
        for seat in range(players):
            own = [t for t in range(state.map.size) if state.owner[t] == seat]
            assert len(own) == territories
            for rank, t in enumerate(own):
                placed[seat][rank] += state.units[t] - 1
                assert not options.max_units or state.units[t] <= options.max_units
        assert sum(state.units) == players * (territories + units_each)
    trials = seeds * trials_per_seed
    for seat in range(players):
        for rank in range(territories):
            what = f"seat {seat}'s territory of rank {rank}"
            assert_rate(placed[seat][rank], trials, share, what)


def test_the_turn_order_is_not_chance_seat_0_moves_first_in_every_seed() -> None:
    seeds = 300
    first: Counter[int] = Counter()
    for seed in range(seeds):
        state = WarfishState(seed, WarfishOptions(setup_placement="random"))
        first[next(e[3] for e in state.events if e[0] == "wf_turn")] += 1
    assert_rate(first[0], seeds, 1.0, "seat 0 moves first")


# --------------------------------------------------------------------- fog


@pytest.mark.parametrize("seed", range(20))
def test_fog_adds_no_chance_the_same_actions_draw_the_same_numbers(seed) -> None:
    """A game with fog and one without, same seed, same actions (picked at random from the
    menu): the same draws, the same board — fog only hides."""
    plain = WarfishState(seed, triad(players=3))
    fogged = WarfishState(seed, triad(players=3, fog=True))
    chooser = Rng(1_000 + seed)
    for _ in range(400):
        if plain.is_terminal():
            break
        legal = plain.legal_actions()
        action = legal[chooser.below(len(legal), "choice")]
        plain.apply(action)
        fogged.apply(action)
    assert fogged.rng.log == plain.rng.log
    assert (fogged.owner, fogged.units, fogged.hands) == (plain.owner, plain.units, plain.hands)
