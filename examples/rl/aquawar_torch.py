"""Train a policy on Aquawar through sparring's Gymnasium environment, with PyTorch.

The same learner as ``aquawar_numpy.py`` (seat 0 against ``builtin:random``, REINFORCE
on discounted, normalised returns to go, the HP balance as potential-based shaping), with
a small multi-layer perceptron instead of a linear policy, its gradients from autograd.
For users who have PyTorch (``pip install torch``); CI runs the numpy version only.

    python examples/rl/aquawar_torch.py --episodes 3000
"""

from __future__ import annotations

import argparse
import sys

import gymnasium
import numpy as np
import torch
from aquawar_numpy import hp_balance  # the HP-balance shaping, shared with the numpy version
from torch import nn

from sparring import rl

DISCOUNT = 0.9


class MaskedPolicy(nn.Module):
    """Features -> hidden -> one logit per action-table entry; closed entries get -inf."""

    def __init__(self, features: int, actions: int, hidden: int = 128) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(features, hidden), nn.ReLU(), nn.Linear(hidden, actions)
        )

    def forward(
        self, features: torch.Tensor, mask: torch.Tensor
    ) -> torch.distributions.Categorical:
        logits = self.body(features).masked_fill(~mask, float("-inf"))
        return torch.distributions.Categorical(logits=logits)


def as_tensors(observation: dict[str, np.ndarray]) -> tuple[torch.Tensor, torch.Tensor]:
    return (
        torch.as_tensor(observation["observation"]),
        torch.as_tensor(observation["action_mask"].astype(bool)),
    )


def play_episode(
    env: gymnasium.Env, policy: MaskedPolicy, seed: int
) -> tuple[float, list[torch.Tensor], list[float]]:
    """One game: its return, each choice's log-probability and each step's shaped reward."""
    observation, _ = env.reset(seed=seed)
    log_probabilities: list[torch.Tensor] = []
    rewards: list[float] = []
    while True:
        distribution = policy(*as_tensors(observation))
        choice = distribution.sample()
        log_probabilities.append(distribution.log_prob(choice))
        before = hp_balance(observation["observation"])
        observation, reward, terminated, truncated, _ = env.step(int(choice))
        rewards.append(reward + hp_balance(observation["observation"]) - before)
        if terminated or truncated:
            return float(reward), log_probabilities, rewards


def returns_to_go(rewards: list[float]) -> torch.Tensor:
    returns, running = [], 0.0
    for reward in reversed(rewards):
        running = reward + DISCOUNT * running
        returns.append(running)
    tensor = torch.tensor(returns[::-1])
    return (tensor - tensor.mean()) / (tensor.std(correction=0) + 1e-8)


def win_rate(policy: MaskedPolicy, games: int, seed: int) -> float:
    env = rl.single_agent_env("aquawar", seat=0, opponents="builtin:random")
    with torch.no_grad():
        wins = sum(play_episode(env, policy, seed + game)[0] > 0 for game in range(games))
    return wins / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    env = rl.single_agent_env("aquawar", seat=0, opponents="builtin:random")
    policy = MaskedPolicy(env.observation_space["observation"].shape[0], int(env.action_space.n))
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.learning_rate)
    evaluation_seed = 10**6 + args.seed
    before = win_rate(policy, args.eval_games, evaluation_seed)
    for episode in range(args.episodes):
        _, log_probabilities, rewards = play_episode(env, policy, args.seed + episode)
        loss = -(torch.stack(log_probabilities) * returns_to_go(rewards)).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    after = win_rate(policy, args.eval_games, evaluation_seed)
    print(f"win rate against random: untrained {before:.2f}, trained {after:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
