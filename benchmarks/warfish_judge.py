"""Fit Warfish's judge (`games/warfish/judge.py`) again: the logistic model of the mover's
chance to win from the start of its turn, on greedy self-play.

Run: ``python benchmarks/warfish_judge.py [--games 3000] [--test-games 500]`` (a few
minutes on a quiet machine). Plays greedy against greedy from seeds 100000 on (the test
games from 900000 on), takes every turn's start from round 1 on, labelled with whether its
mover went on to win, fits the weights by Newton's method (with a touch of ridge, so a
feature that never varies cannot break the solve) and prints them with the log loss and
the share of winners named, on the fitting games and on the test games.
"""

from __future__ import annotations

import argparse
import math

from sparring.core.registry import get_game
from sparring.games.warfish.greedy import GreedyAgent
from sparring.games.warfish.judge import features
from sparring.games.warfish.legal import PLACE, TRADE
from sparring.games.warfish.views import lean_view

Rows = tuple[list[tuple[float, ...]], list[float]]
RIDGE = 1e-3
NEWTON_STEPS = 12


def turn_starts(games: int, first_seed: int) -> Rows:
    """Every turn's start (features for its mover) in `games` greedy self-play games, and
    1.0 where the mover won."""
    spec = get_game("warfish")
    inputs: list[tuple[float, ...]] = []
    labels: list[float] = []
    for game in range(games):
        state = spec.new_game(first_seed + game, None)
        agents = [GreedyAgent(0, 2 * game + 1), GreedyAgent(1, 2 * game + 2)]
        starts: list[tuple[tuple[float, ...], int]] = []
        last = None
        while not state.is_terminal():
            seat = state.seat
            if state.phase in (PLACE, TRADE) and state.round >= 1 and (state.round, seat) != last:
                last = (state.round, seat)
                starts.append((features(state, seat), seat))
            legal = state.legal_actions(seat)
            state.apply(agents[seat].act(lean_view(state, seat), legal), seat)
        for row, mover in starts:
            inputs.append(row)
            labels.append(1.0 if state.winner == mover else 0.0)
    return inputs, labels


def chance(weights: list[float], row: tuple[float, ...]) -> float:
    score = sum(w * x for w, x in zip(weights, row, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """`matrix` x = `vector` by Gauss-Jordan elimination with partial pivoting."""
    size = len(vector)
    rows = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def fit(inputs: list[tuple[float, ...]], labels: list[float]) -> list[float]:
    """Logistic regression by Newton's method."""
    size, count = len(inputs[0]), len(inputs)
    weights = [0.0] * size
    for _ in range(NEWTON_STEPS):
        gradient = [-RIDGE * count * w for w in weights]
        hessian = [[RIDGE * count * (i == j) for j in range(size)] for i in range(size)]
        for row, label in zip(inputs, labels, strict=True):
            p = chance(weights, row)
            curvature = p * (1.0 - p)
            for i in range(size):
                gradient[i] += (label - p) * row[i]
                for j in range(size):
                    hessian[i][j] += curvature * row[i] * row[j]
        step = solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
    return weights


def quality(weights: list[float], rows: Rows) -> tuple[float, float]:
    """The mean log loss and the share of rows whose winner the model names."""
    loss = named = 0.0
    for row, label in zip(*rows, strict=True):
        p = min(max(chance(weights, row), 1e-12), 1.0 - 1e-12)
        loss -= label * math.log(p) + (1.0 - label) * math.log(1.0 - p)
        named += (p > 0.5) == (label > 0.5)
    return loss / len(rows[0]), named / len(rows[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--test-games", type=int, default=500)
    arguments = parser.parse_args()
    fitting = turn_starts(arguments.games, 100_000)
    testing = turn_starts(arguments.test_games, 900_000)
    weights = fit(*fitting)
    print("positions", len(fitting[0]), "weights", tuple(round(w, 3) for w in weights))
    for name, rows in (("fitting games", fitting), ("test games", testing)):
        loss, named = quality(weights, rows)
        print(f"{name}: log loss {loss:.4f}, winner named {named:.4f}")


if __name__ == "__main__":
    main()
