"""Check Food Chain's evaluation (`games/foodchain/search.py`, `advantage`) against results:
does it rank positions the way greedy self-play games end?

Run: ``python benchmarks/foodchain_judge.py [--games 2000] [--test-games 500]`` (a minute
or so on a quiet machine). Plays greedy against greedy from seeds 100000 on (the test
games from 900000 on), takes every turn's start (the first decision of the seat whose
turn it is), labelled with whether that seat went on to win, and fits two logistic models
of that chance by Newton's method (`warfish_judge.fit`): one on the shipped `advantage`
alone (scaled as `evaluate` scales it) and the bias, one on a richer set of board facts
(`features`). It prints both models' weights, log loss and share of winners named, on
the fitting games and on the test games. If the richer model does no better on the test
games, the evaluation's weighting is not what holds the search back.
"""

from __future__ import annotations

import argparse

from sparring.core.registry import get_game
from sparring.games.foodchain.creature import Creature
from sparring.games.foodchain.greedy import GreedyAgent
from sparring.games.foodchain.keywords import BARRIER, HARMLESS, PASSIVE, POISONOUS, TOXIC
from sparring.games.foodchain.search import SCALE, advantage
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.views import view
from warfish_judge import Rows, fit, quality

FIGHTERS = (TOXIC, POISONOUS, BARRIER)


def _threat(creature: Creature) -> int:
    if creature.paralyzed or creature.hp <= 0 or creature.kw & (HARMLESS | PASSIVE):
        return 0
    return creature.atk * creature.strikes


def _side(state: FoodChainState, seat: int) -> tuple[int, int, int, int]:
    """A field's attack that can be dealt, health, creatures and fight-winning keywords."""
    field = [c for c in state.fields[seat] if not c.paralyzed and c.hp > 0]
    fighters = sum(1 for c in field for keyword in FIGHTERS if c.kw & keyword)
    return sum(map(_threat, field)), sum(c.hp for c in field), len(field), fighters


def features(state: FoodChainState, mover: int) -> tuple[float, ...]:
    """The richer model's inputs, from the side of `mover` (whose turn starts)."""
    rival = 1 - mover
    threat, health, count, fighters = _side(state, mover)
    rival_threat, rival_health, rival_count, rival_fighters = _side(state, rival)
    return (
        1.0,
        (state.hp[mover] - state.hp[rival]) / 10,
        (threat - rival_threat) / 10,
        (health - rival_health) / 10,
        (count - rival_count) / 3,
        (fighters - rival_fighters) / 3,
        (len(state.hands[mover]) - len(state.hands[rival])) / 5,
        1.0 if threat >= state.hp[rival] else 0.0,  # lethal on board this turn
        1.0 if rival_threat >= state.hp[mover] else 0.0,  # lethal on board next turn
        (len(state.decks[mover]) - len(state.decks[rival])) / 10,
    )


def shipped(state: FoodChainState, mover: int) -> tuple[float, ...]:
    """The shipped evaluation's input (before its tanh) and a bias."""
    return (1.0, advantage(state, mover) / SCALE)


def turn_starts(games: int, first_seed: int) -> tuple[Rows, Rows]:
    """Every turn's start in `games` greedy self-play games, as the shipped model's rows and
    the richer model's, each labelled 1.0 where the mover won (0.5 for a draw)."""
    spec = get_game("foodchain")
    plain: list[tuple[float, ...]] = []
    rich: list[tuple[float, ...]] = []
    labels: list[float] = []
    for game in range(games):
        state = spec.new_game(first_seed + game, None)
        agents = [GreedyAgent(0), GreedyAgent(1)]
        starts: list[tuple[tuple[float, ...], tuple[float, ...], int]] = []
        last = None
        while not state.is_terminal():
            seat = state.to_move()[0]
            if seat == state.active and (state.turn, seat) != last:
                last = (state.turn, seat)
                starts.append((shipped(state, seat), features(state, seat), seat))
            legal = state.legal_actions(seat)
            state.apply(agents[seat].act(view(state, seat), legal), seat)
        for plain_row, rich_row, mover in starts:
            plain.append(plain_row)
            rich.append(rich_row)
            labels.append(0.5 if state.winner is None else float(state.winner == mover))
    return (plain, labels), (rich, labels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--test-games", type=int, default=500)
    arguments = parser.parse_args()
    fitting = turn_starts(arguments.games, 100_000)
    testing = turn_starts(arguments.test_games, 900_000)
    for name, index in (("shipped advantage", 0), ("richer features", 1)):
        weights = fit(*fitting[index])
        print(
            f"{name}: {len(fitting[index][0])} positions, weights", [round(w, 3) for w in weights]
        )
        for games, rows in (("fitting games", fitting[index]), ("test games", testing[index])):
            loss, named = quality(weights, rows)
            print(f"  {games}: log loss {loss:.4f}, winner named {named:.4f}")


if __name__ == "__main__":
    main()
