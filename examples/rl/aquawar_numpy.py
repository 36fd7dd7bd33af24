"""Train a policy on Aquawar through sparring's Gymnasium environment, with numpy alone.

The learner holds seat 0 against the built-in random agent (``builtin:random``). Its
policy is linear: one logit per entry of Aquawar's action table, a weighted sum of the
observation's features, softmax over the entries the mask leaves open. It learns by
REINFORCE with the gradient written out by hand — no deep-learning library, so it runs
anywhere numpy does, CI included. Each chosen entry's log-probability is pushed by its
discounted return to go, normalised over the game. Besides the game's return at the end,
every step earns the change in the HP balance (own fish's HP less the enemy's, read from
the observation): potential-based shaping, which leaves the best policy unchanged but
tells a wrong assertion's cost at once instead of a game later.

Run it::

    python examples/rl/aquawar_numpy.py            # the full run (a few minutes)
    python examples/rl/aquawar_numpy.py --quick    # CI's form: well under a minute

It prints the win rate against random of the untrained policy (uniform over the open
entries) and of the trained one, on the same evaluation seeds, and with ``--check`` exits
non-zero unless the trained policy beats random (wins more than half) and training raised
its win rate by at least ``--margin``. What it usually learns
first: a random assertion is mostly wrong and costs the asserter's team HP, so passing
beats guessing — the random opponent keeps paying for its guesses.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

import gymnasium
import numpy as np

from sparring import rl
from sparring.games.aquawar.encoding import (
    ENEMY_FISH_SIZE,
    FISH,
    OWN_FISH_SIZE,
    PHASES,
    TEAM_SIZE,
)

#: Where the observation holds each fish's HP over 400 (docs/rl.md, "Aquawar").
_TEAMS = len(PHASES) + 5 + 2 * FISH
OWN_HP = [_TEAMS + pos * OWN_FISH_SIZE + 2 * FISH for pos in range(TEAM_SIZE)]
ENEMY_HP = [
    _TEAMS + TEAM_SIZE * OWN_FISH_SIZE + pos * ENEMY_FISH_SIZE + FISH for pos in range(TEAM_SIZE)
]
DISCOUNT = 0.9


@dataclass
class LinearPolicy:
    """Masked softmax over ``weights @ features + bias``."""

    weights: np.ndarray
    bias: np.ndarray

    @classmethod
    def untrained(cls, features: int, actions: int) -> LinearPolicy:
        return cls(np.zeros((actions, features)), np.zeros(actions))

    def probabilities(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        logits = self.weights @ observation["observation"] + self.bias
        open_entries = observation["action_mask"].astype(bool)
        logits = np.where(open_entries, logits, -np.inf)
        logits -= logits[open_entries].max()
        exp = np.exp(logits)
        return exp / exp.sum()


def hp_balance(features: np.ndarray) -> float:
    """Own fish's HP less the enemy's, over a team's full HP."""
    return float(features[OWN_HP].sum() - features[ENEMY_HP].sum()) / TEAM_SIZE


Step = tuple[np.ndarray, np.ndarray, int, float]


def play_episode(
    env: gymnasium.Env, policy: LinearPolicy, seed: int, rng: np.random.Generator
) -> tuple[float, list[Step]]:
    """One game: its return, and each decision's features, probabilities, choice and
    shaped reward."""
    observation, _ = env.reset(seed=seed)
    steps: list[Step] = []
    while True:
        probabilities = policy.probabilities(observation)
        choice = int(rng.choice(len(probabilities), p=probabilities))
        features = observation["observation"]
        observation, reward, terminated, truncated, _ = env.step(choice)
        shaped = reward + hp_balance(observation["observation"]) - hp_balance(features)
        steps.append((features, probabilities, choice, shaped))
        if terminated or truncated:
            return float(reward), steps


def returns_to_go(steps: list[Step]) -> np.ndarray:
    """Each step's discounted return to go, normalised over the game."""
    returns = np.zeros(len(steps))
    running = 0.0
    for index in range(len(steps) - 1, -1, -1):
        running = steps[index][3] + DISCOUNT * running
        returns[index] = running
    return (returns - returns.mean()) / (returns.std() + 1e-8)


def reinforce(policy: LinearPolicy, steps: list[Step], learning_rate: float) -> None:
    """One REINFORCE update: d log p(choice) / d logits = one_hot(choice) - p."""
    for (features, probabilities, choice, _), advantage in zip(
        steps, returns_to_go(steps), strict=True
    ):
        gradient = -probabilities
        gradient[choice] += 1.0
        step = learning_rate * advantage * gradient
        policy.weights += np.outer(step, features)
        policy.bias += step


def win_rate(policy: LinearPolicy, games: int, seed: int) -> float:
    """The share of `games` won against random, on seeds `seed`, `seed + 1`, ..."""
    env = rl.single_agent_env("aquawar", seat=0, opponents="builtin:random")
    rng = np.random.default_rng(seed)
    wins = sum(play_episode(env, policy, seed + game, rng)[0] > 0 for game in range(games))
    return wins / games


def train(episodes: int, seed: int, learning_rate: float) -> LinearPolicy:
    env = rl.single_agent_env("aquawar", seat=0, opponents="builtin:random")
    size = env.observation_space["observation"].shape[0]
    policy = LinearPolicy.untrained(size, int(env.action_space.n))
    rng = np.random.default_rng(seed)
    for episode in range(episodes):
        _, steps = play_episode(env, policy, seed + episode, rng)
        reinforce(policy, steps, learning_rate)
    return policy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=1500, help="training games")
    parser.add_argument("--eval-games", type=int, default=300, help="evaluation games")
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="CI's short form")
    parser.add_argument("--check", action="store_true", help="fail unless it learned")
    parser.add_argument("--margin", type=float, default=0.15, help="win-rate gain to --check")
    args = parser.parse_args(argv)
    if args.quick:
        args.episodes, args.eval_games = 150, 60
    evaluation_seed = 10**6 + args.seed
    env = rl.single_agent_env("aquawar")
    untrained = LinearPolicy.untrained(
        env.observation_space["observation"].shape[0], int(env.action_space.n)
    )
    before = win_rate(untrained, args.eval_games, evaluation_seed)
    trained = train(args.episodes, args.seed, args.learning_rate)
    after = win_rate(trained, args.eval_games, evaluation_seed)
    print(f"win rate against random: untrained {before:.2f}, trained {after:.2f}")
    if args.check and (after <= 0.5 or after < before + args.margin):
        print(f"no learning: not above 0.5, or a gain below {args.margin}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
