"""Warfish's hooks for the conformance kit (`sparring.core.conformance`): board, card and
turn bookkeeping invariants, actions known to be illegal, and the options the kit's walks
are drawn under: 2–8 players on the three maps, fog on and off, cards on and off, both
transfer rules, limits on attacks, transfers and units, neutrals, random setup, short round
caps, plus hand-picked profiles so every run covers the big maps and long games too.
`tests/test_every_game.py` runs the kit with them.
"""

from __future__ import annotations

import msgspec

from sparring.core.conformance import Draw, Hooks

from .actions import (
    END_TURN,
    STOP_ATTACKING,
    STOP_TRADING,
    Attack,
    Blitz,
    MoveIn,
    Place,
    Trade,
    Transfer,
)
from .maps import load_map
from .options import WarfishOptions
from .state import NEUTRAL, OVER, WarfishState


def drawn_options(draw: Draw) -> WarfishOptions:
    """Random options, mostly on the small maps so a whole game stays quick."""
    name = draw.choice(["triad", "triad", "cascade", "classic"])
    board = load_map(name)
    players = draw.integer(2, board.max_players)
    neutrals = draw.choice([0, 0, min(2, board.size - players)])
    return WarfishOptions(
        map=name,
        players=players,
        attacks_per_turn=draw.choice([0, 0, 1, 4]),
        transfers_per_turn=draw.choice([0, 1, 1, 3]),
        transfer_rule=draw.choice(["adjacent", "connected"]),
        attack_dice_sides=draw.choice([6, 6, 8]),
        defend_dice_sides=draw.choice([6, 6, 4]),
        cards=draw.boolean(),
        card_scale=draw.choice([(4, 6, 8, 10, 12, 15), (5,), (2, 3)]),
        card_scale_continue=draw.choice([5, 0, 1]),
        card_territory_bonus=draw.choice([2, 0]),
        card_capture=draw.boolean(),
        elimination_bonus=draw.choice([0, 3]),
        max_units=draw.choice([0, 0, 4, 12]),
        fog=draw.boolean(),
        starting_units=draw.choice([0, 0, 12]),
        setup_placement=draw.choice(["turns", "random"]),
        neutral_territories=neutrals,
        neutral_units=draw.choice([1, 3]),
        round_cap=draw.choice([2, 6, 20]),
    )


#: Hand-picked mixes, so every run covers the big maps, many players and long games too.
PROFILES = [
    WarfishOptions(round_cap=6),
    WarfishOptions(players=8, fog=True, round_cap=3),
    WarfishOptions(
        map="cascade",
        players=6,
        transfer_rule="connected",
        fog=True,
        elimination_bonus=3,
        round_cap=8,
    ),
    WarfishOptions(
        map="triad",
        players=4,
        max_units=4,
        neutral_territories=2,
        setup_placement="random",
        attacks_per_turn=2,
        transfers_per_turn=3,
        round_cap=20,
    ),
    WarfishOptions(map="triad", card_scale=(2, 3), card_scale_continue=1, fog=True, round_cap=40),
    WarfishOptions(
        map="cascade",
        players=3,
        attack_dice_sides=8,
        defend_dice_sides=4,
        cards=False,
        round_cap=15,
    ),
]
#: For the no-leak check: fog with several players on both big maps, and smaller games.
LEAK_PROFILES = [
    WarfishOptions(players=5, fog=True, round_cap=1, setup_placement="random"),
    WarfishOptions(
        map="cascade",
        players=4,
        fog=True,
        transfer_rule="connected",
        round_cap=3,
        setup_placement="random",
    ),
    *PROFILES[3:],
]


def invariants(state: WarfishState) -> None:
    """Board, card and turn bookkeeping that hold after every action."""
    players = state.num_players
    counts = [0] * players
    totals = [0] * players
    for t, (holder, units) in enumerate(zip(state.owner, state.units, strict=True)):
        assert holder == NEUTRAL or 0 <= holder < players, f"territory {t} owner {holder}"
        moving_in = state.phase == "move_in" and state.pending is not None and state.pending[1] == t
        assert units >= 1 or (moving_in and units == 0), f"territory {t} has {units} units"
        if state.options.max_units:
            assert units <= state.options.max_units, f"territory {t} over max_units"
        if holder >= 0:
            counts[holder] += 1
            totals[holder] += units
    assert counts == state.territory_count, "territory counts out of step"
    assert totals == state.unit_count, "unit counts out of step"
    for seat in range(players):
        assert state.alive[seat] == (counts[seat] > 0), f"seat {seat} alive/territories differ"
    if state.options.cards:
        every = sorted(state.deck + state.discard + [c for h in state.hands for c in h])
        assert every == list(range(state.map.size + 2)), "a card was lost or duplicated"
        assert state.deck == sorted(state.deck), "the deck is kept sorted"
    else:
        assert not state.deck and not any(state.hands)
    assert state.round <= state.options.round_cap
    if state.phase == OVER:
        assert state.pending is None
        if state.winner is not None:
            assert state.alive[state.winner]
    else:
        assert state.alive[state.seat], "a dead seat is to move"
        assert len(state.legal_actions()) > 0


def bad_actions(state: WarfishState, seat: int) -> list[object]:
    size = state.map.size
    return [
        Place(size, 1),
        Place(0, 0),
        Place(0, -3),
        Trade((0, 1, 2)),
        Trade((size, size + 1, 0)),
        Attack(0, 0, 1),
        Attack(0, 1, 4),
        Blitz(size - 1, size),
        MoveIn(0),
        MoveIn(10_000),
        Transfer(0, 0, 1),
        Transfer(0, 1, 10_000),
        STOP_TRADING,
        STOP_ATTACKING,
        END_TURN,
    ]


def random_options(draw: Draw) -> WarfishOptions:
    """A hand-picked profile or drawn options, half and half."""
    return draw.choice(PROFILES) if draw.boolean() else drawn_options(draw)


def _small(opts: WarfishOptions) -> WarfishOptions:
    """At most 4 players and 6 rounds: the no-leak check scrambles every seat's hidden data
    at every state, which grows with players x events."""
    return msgspec.structs.replace(
        opts, players=min(opts.players, 4), round_cap=min(opts.round_cap, 6)
    )


def leak_options(draw: Draw) -> WarfishOptions:
    """A no-leak profile or smaller drawn options, half and half."""
    return draw.choice(LEAK_PROFILES) if draw.boolean() else _small(drawn_options(draw))


HOOKS = Hooks(
    random_options=random_options,
    leak_options=leak_options,
    invariants=invariants,
    bad_actions=bad_actions,
    illegal_per_state=12,
    legal_per_state=24,
    scramble_attempts=2,
)
