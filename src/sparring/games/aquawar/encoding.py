"""Aquawar for reinforcement learning: a seat's view as a vector, and the action table
(docs/rl.md, "Aquawar").

The observation (225 features, each in [0, 1]):

- the phase one-hot (pick, assert, action, over) (4); the round over 3 and the rounds won
  by the seat and by its enemy over 2, clipped (3); the turn over the turn limit (1); whether the
  seat opens this round (1);
- the fish the seat has used in earlier rounds (12) and the enemy fish its assertions
  revealed in earlier rounds (12), as multi-hots by fish id;
- its own fish by position (4 × 34): the fish and what it acts as (one-hot 12 each), HP
  and ATK over 400, alive, revealed, shields over 4, the three buffs, the wound over 400
  and skill uses over 4;
- the enemy's fish by position (4 × 14): the fish one-hot once revealed (12), HP over 400,
  alive.

The action table (177): ``fish 1``..``fish 12`` (0-11), ``pass`` (12), ``assert P G``
(13 + 12 P + G − 1), ``attack A T`` (61 + 4 A + T) and ``skill A ally X enemy E``
(77 + 25 A + 5 X + E, where X and E are 0 for none and 1 + the position otherwise).

A pick (51,480 choices in round 1) is factorised without loss: the fish for positions 0,
1, 2 and 3 one after another (``fish K``), then, when the Mimic is among them, the fish it
copies (``fish K`` again). Every turn action is one index.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.rl.encoding import CONTINUE, Menu, Vector, menu_from_indices, one_hot

from .actions import (
    ASSERTS,
    ATTACKS,
    PASS,
    POSITIONS,
    SKILLS,
    TEAM_SIZE,
    Assert,
    Attack,
    Pass,
    Pick,
    Skill,
)
from .options import AquawarOptions
from .roster import ALL_FISH, MAX_HP, MIMIC
from .state import PICK
from .views import AquawarView

PHASES = ("pick", "assert", "action", "over")
ROUNDS = 3
FISH = len(ALL_FISH)
PASS_INDEX = FISH
ASSERT_BASE = PASS_INDEX + 1
ATTACK_BASE = ASSERT_BASE + TEAM_SIZE * FISH
SKILL_BASE = ATTACK_BASE + TEAM_SIZE * TEAM_SIZE
TARGET_CHOICES = TEAM_SIZE + 1  # none, or a position
ACTION_COUNT = SKILL_BASE + TEAM_SIZE * TARGET_CHOICES * TARGET_CHOICES
OWN_FISH_SIZE = 2 * FISH + 10
ENEMY_FISH_SIZE = FISH + 2
FEATURE_SIZE = len(PHASES) + 3 + 1 + 1 + 2 * FISH + TEAM_SIZE * (OWN_FISH_SIZE + ENEMY_FISH_SIZE)
#: Counts scaled by these (and clipped at 1).
ATK_SCALE = 4 * 100
COUNT_SCALE = 4


def _target(position: int | None) -> int:
    return 0 if position is None else 1 + position


def _action_names() -> list[str]:
    names = [f"fish {fish}" for fish in ALL_FISH]
    names.append("pass")
    names += [f"assert {pos} {guess}" for pos in POSITIONS for guess in ALL_FISH]
    names += [f"attack {actor} {target}" for actor in POSITIONS for target in POSITIONS]
    choices = ("-", *map(str, POSITIONS))
    names += [
        f"skill {actor} ally {ally} enemy {enemy}"
        for actor in POSITIONS
        for ally in choices
        for enemy in choices
    ]
    return names


def turn_index(action: Any) -> int:
    """The one index of a turn action."""
    if isinstance(action, Skill):
        ally, enemy = _target(action.ally), _target(action.enemy)
        return SKILL_BASE + action.actor * TARGET_CHOICES**2 + ally * TARGET_CHOICES + enemy
    if isinstance(action, Attack):
        return ATTACK_BASE + action.actor * TEAM_SIZE + action.target
    if isinstance(action, Assert):
        return ASSERT_BASE + action.pos * FISH + action.guess - 1
    assert isinstance(action, Pass), action
    return PASS_INDEX


#: Every turn action's index (`turn_index`), looked up at every decision: a menu of 49
#: assertions is 49 dictionary reads instead of 49 calls.
TURN_INDEX: dict[Any, int] = {
    action: turn_index(action)
    for action in (PASS, *ASSERTS.values(), *ATTACKS.values(), *SKILLS.values())
}


def pick_menu(legal: Any, path: tuple[int, ...]) -> Menu:
    """The open entries of a pick after `path`, from the pick menu's compact form: the
    next position's fish, or the Mimic's copy once four fish are chosen."""
    compact = legal.to_json()
    chosen = tuple(index + 1 for index in path)
    if len(chosen) == TEAM_SIZE:
        return {target - 1: Pick(chosen, target) for target in compact["mimic_targets"]}
    menu: dict[int, Any] = {}
    for fish in compact["fish"]:
        if fish in chosen:
            continue
        team = (*chosen, fish)
        done = len(team) == TEAM_SIZE and MIMIC not in team
        menu[fish - 1] = Pick(team) if done else CONTINUE
    return menu


class AquawarEncoding:
    """The encoding (the same under every option: sizes never change)."""

    depth = TEAM_SIZE + 1
    reads_log = False
    feature_size = FEATURE_SIZE
    action_names = _action_names()

    def menu(self, view: AquawarView, legal: Sequence[Any], path: tuple[int, ...]) -> Menu:
        if view.phase == PICK:
            return pick_menu(legal, path)
        return menu_from_indices(legal, TURN_INDEX.__getitem__)

    def features(self, view: AquawarView, seat: int, out: Vector) -> None:
        one_hot(out, 0, PHASES.index(view.phase))
        at = len(PHASES)
        out[at] = view.round / ROUNDS
        out[at + 1] = min(1.0, view.wins[seat] / 2)  # 3 with `play_all_rounds`
        out[at + 2] = min(1.0, view.wins[1 - seat] / 2)
        out[at + 3] = min(1.0, view.turn / view.turn_limit)
        out[at + 4] = float(view.first_mover == seat)
        at += 5
        for fish in view.used or ():
            out[at + fish - 1] = 1.0
        at += FISH
        for fish in view.enemy_revealed_before or ():
            out[at + fish - 1] = 1.0
        at += FISH
        for own in view.my_team or ():
            base = at + own.pos * OWN_FISH_SIZE
            one_hot(out, base, own.fish - 1)
            one_hot(out, base + FISH, own.acts_as - 1)
            base += 2 * FISH
            out[base] = own.hp / MAX_HP
            out[base + 1] = min(1.0, own.atk / ATK_SCALE)
            out[base + 2] = float(own.alive)
            out[base + 3] = float(own.revealed)
            out[base + 4] = min(1.0, own.shields / COUNT_SCALE)
            out[base + 5] = float(own.reduce_buff)
            out[base + 6] = float(own.heal_buff)
            out[base + 7] = float(own.share_buff)
            out[base + 8] = min(1.0, own.wound / MAX_HP)
            out[base + 9] = min(1.0, own.skill_uses / COUNT_SCALE)
        at += TEAM_SIZE * OWN_FISH_SIZE
        for enemy in view.enemy_team or ():
            base = at + enemy.pos * ENEMY_FISH_SIZE
            one_hot(out, base, None if enemy.fish is None else enemy.fish - 1)
            out[base + FISH] = enemy.hp / MAX_HP
            out[base + FISH + 1] = float(enemy.alive)


def encoding(options: AquawarOptions) -> AquawarEncoding:
    """The game's `Extensions.rl_encoding`."""
    return AquawarEncoding()
