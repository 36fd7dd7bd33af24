"""Reinforcement-learning front ends for every registered game (docs/rl.md): a PettingZoo
AEC environment (`env`), a parallel one for games with simultaneous moves
(`parallel_env`), and a Gymnasium environment for one seat against built-in agents or
bots (`single_agent_env`). Each game supplies its encoding (`encoding.Encoding`); nothing
here names a game. Needs the ``rl`` extra: ``pip install 'sparring[rl]'``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .aec import SparringEnv
    from .parallel import SparringParallelEnv
    from .single import SingleAgentEnv


def env(game: str, render_mode: str | None = None, **options: Any) -> SparringEnv:
    """A PettingZoo AEC environment for `game` under rule `options` (JSON entries)."""
    from .aec import SparringEnv

    return SparringEnv(game, render_mode, **options)


def parallel_env(game: str, render_mode: str | None = None, **options: Any) -> SparringParallelEnv:
    """A PettingZoo parallel environment for `game` (made for simultaneous moves)."""
    from .parallel import SparringParallelEnv

    return SparringParallelEnv(game, render_mode, **options)


def single_agent_env(
    game: str,
    seat: int = 0,
    opponents: str | list[str] = "builtin:random",
    render_mode: str | None = None,
    opponent_seconds: float | None = None,
    **options: Any,
) -> SingleAgentEnv:
    """A Gymnasium environment: `seat` of `game` against `opponents` (seat strings), each
    opponent decision on a clock of `opponent_seconds` (default: the game's)."""
    from .single import SingleAgentEnv

    return SingleAgentEnv(game, seat, opponents, render_mode, opponent_seconds, **options)
