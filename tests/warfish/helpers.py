"""Building Warfish positions for tests: a board written by territory name, then a turn
started for a seat, with dice and card draws scripted through the state's `Rng`."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from sparring.games.warfish.actions import Place
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.state import PLACE, WarfishState


def position(
    layout: dict[str, tuple[int, int]],
    *,
    rest: tuple[int, int] = (1, 1),
    seat: int = 0,
    hands: list[list[int]] | None = None,
    seed: int = 7,
    **options: Any,
) -> WarfishState:
    """A game on `options` (random setup, so no setup decisions) whose board is `layout`
    (territory name → (owner, units); the others get `rest`), with `hands` dealt from the
    deck, at the start of `seat`'s turn in round 1."""
    options.setdefault("setup_placement", "random")
    state = WarfishState(seed, WarfishOptions.from_json(options))
    board = state.map
    for t in range(board.size):
        state.owner[t], state.units[t] = rest
    for name, (holder, units) in layout.items():
        t = board.territory(name)
        state.owner[t], state.units[t] = holder, units
    if hands is not None:
        every = [c for hand in state.hands for c in hand] + state.deck
        state.hands = [list(h) for h in hands]
        state.hands += [[] for _ in range(state.num_players - len(hands))]
        dealt = {c for h in state.hands for c in h}
        state.deck = sorted(c for c in every if c not in dealt)
    state.recount()
    state.round = 1
    state.begin_turn(seat)
    return state


def t(state: WarfishState, name: str) -> int:
    """The index of territory `name` on the state's map."""
    return state.map.territory(name)


def place_all(state: WarfishState, name: str) -> None:
    """Place the whole income on `name` (ending the placement phase)."""
    assert state.phase == PLACE, state.phase
    state.apply(Place(t(state, name), state.to_place))


def faces(*values: int) -> list[int]:
    """Scripted die draws for the given faces (a draw is the face minus one)."""
    return [v - 1 for v in values]


def script_roll(state: WarfishState, attack: tuple[int, ...], defend: tuple[int, ...]) -> None:
    state.rng.script("attack_die", faces(*attack))
    state.rng.script("defend_die", faces(*defend))


def kinds(state: WarfishState, since: int = 0) -> list[str]:
    return [e[0] for e in state.events[since:]]


#: Frequency tests accept a measured rate within this many binomial standard errors of the
#: rule's probability: fixed seeds keep them deterministic, the margin keeps them honest.
SIGMAS = 5


def assert_rate(hits: int, trials: int, p: float, what: str) -> None:
    """`hits` in `trials` is within `SIGMAS` standard errors of probability `p` (exactly `p`
    when `p` is 0 or 1)."""
    margin = SIGMAS * math.sqrt(p * (1 - p) / trials)
    rate = hits / trials
    assert abs(rate - p) <= margin + 1e-12, (
        f"{what}: measured {hits}/{trials} = {rate:.4f}, the rule says {p:.4f} ± {margin:.4f}"
    )


#: The companion's exact odds of one roll of six-sided dice: (attack dice, defend dice) →
#: P(defender loses all compared dice, each loses 1, attacker loses all).
COMPANION_TABLE = {
    (3, 2): (Fraction(2890, 7776), Fraction(2611, 7776), Fraction(2275, 7776)),
    (3, 1): (Fraction(855, 1296), Fraction(0), Fraction(441, 1296)),
    (2, 2): (Fraction(295, 1296), Fraction(420, 1296), Fraction(581, 1296)),
    (2, 1): (Fraction(125, 216), Fraction(0), Fraction(91, 216)),
    (1, 2): (Fraction(55, 216), Fraction(0), Fraction(161, 216)),
    (1, 1): (Fraction(15, 36), Fraction(0), Fraction(21, 36)),
}
