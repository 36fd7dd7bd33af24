"""Determinization (`games/tactics/determinize.py`): a state sampled from a seat's view
shows that seat exactly that view and the same legal actions, at every kind of decision
(the draft, an activation, the second action of SPEED, a death choice, one at the round
end, the end); the rival's hidden draft takes every value it may have and no other; a
sample plays on to the end; it depends on the agent's seed alone, never on the true
hidden state."""

from __future__ import annotations

from collections import Counter

import pytest

from sparring.core.conformance import assert_same, dumps, legal_digest, rng_probe
from sparring.core.errors import BadInput
from sparring.core.rng import Rng
from sparring.games.tactics.actions import BUFF_TILE, Attack, Draft, EndTurn, Move
from sparring.games.tactics.data import DATA
from sparring.games.tactics.determinize import determinize
from sparring.games.tactics.hidden import scramble_hidden
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.spec import SPEC
from sparring.games.tactics.state import TacticsState
from sparring.games.tactics.views import view

from .helpers import OFF, arrange, battle, give, unit

PICK = Draft("ROGUE", "rogue_death_mark", ("ARCHER", "TANK"))


def assert_shows_the_same(state: TacticsState, seat: int, seed: int = 3) -> TacticsState:
    """A sample of `seat`'s view shows it the same view and legal actions; returned."""
    seen = view(state, seat)
    sample = determinize(seen, Rng(seed))
    assert_same(
        dumps({"view": seen, "legal": legal_digest(state.legal_actions(seat))}),
        dumps({"view": view(sample, seat), "legal": legal_digest(sample.legal_actions(seat))}),
        f"seat {seat}",
    )
    return sample


def fingerprint(state: TacticsState) -> str:
    """Everything a state holds, hidden parts included, for comparing two samples."""
    return dumps(
        {
            "views": [view(state, s) for s in (0, 1)],
            "drafts": state.drafts,
            "events": state.events,
            "rng": rng_probe(state),
        }
    )


def play_to_the_end(state: TacticsState, seed: int) -> None:
    pick = Rng(seed)
    for _ in range(SPEC.decision_bound(state.options)):
        if state.is_terminal():
            return
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[pick.below(len(legal), "test")], seat)
    raise AssertionError("a sample did not end within the game's bound")


# ------------------------------------------------------------------ the same view


def test_the_draft_before_anyone_picks_and_after_each_pick() -> None:
    state = TacticsState(5)
    for seat in (0, 1):
        assert_shows_the_same(state, seat)
    state.apply(PICK, 1)
    sample = assert_shows_the_same(state, 0)
    assert sample.drafts[1] is not None and sample.drafts[0] is None
    own = assert_shows_the_same(state, 1)
    assert own.drafts[1] == PICK


def test_the_rivals_hidden_pick_sits_right_after_its_drafted_event() -> None:
    state = TacticsState(5)
    state.apply(PICK, 1)
    sample = determinize(view(state, 0), Rng(1))
    assert [e[:3] for e in sample.events] == [("drafted", -1, 1), ("draft_pick", 1, 1)]
    assert sample.events[1][3:] == (
        sample.drafts[1].hero,
        sample.drafts[1].skill,
        list(sample.drafts[1].minions),
    )


def test_an_activation_the_second_action_of_speed_and_a_later_round() -> None:
    state = battle()
    assert_shows_the_same(state, 0)
    give(state, "p1_hero", "SPEED")
    state.apply(Move("p1_hero", 2, 1), 0)
    assert state.current == "p1_hero"
    sample = assert_shows_the_same(state, 0)
    assert sample.current == "p1_hero"
    state.apply(Move("p1_hero", 2, 2), 0)
    for _ in range(5):
        seat = state.to_move()[0]
        uid = next(u.id for u in state.units if u.seat == seat and state.can_act(u))
        state.apply(EndTurn(uid), seat)
        assert_shows_the_same(state, state.to_move()[0])


def test_a_death_choice_mid_turn() -> None:
    state = battle()
    arrange(state, p2_minion_1=(0, 1))
    unit(state, "p2_minion_1").hp = 1
    state.apply(Attack("p1_minion_1", 0, 1), 0)
    assert state.deaths and state.to_move() == (1,)
    sample = assert_shows_the_same(state, 1)
    assert sample.deaths == state.deaths and sample.after == state.after


def test_a_death_choice_at_the_round_end() -> None:
    state = battle(seed=4)
    state.round = 8
    arrange(state, p2_minion_1=OFF)
    unit(state, "p1_minion_2").hp = 1
    give(state, "p1_minion_2", "BLEED", 1)
    for u in state.units:
        u.acted = 0 if u.id == "p1_minion_2" else 1
    state.apply(EndTurn("p1_minion_2"), 0)
    assert state.round_end_next is not None and state.deaths
    sample = assert_shows_the_same(state, 0)
    assert sample.round_end_next == state.round_end_next
    sample.apply(BUFF_TILE, 0)
    state.rng.script("tile_buff", [sample.rng.log[-1][1]])
    state.apply(BUFF_TILE, 0)
    assert view(sample, 0) == view(state, 0)  # the round end goes on alike


def test_a_finished_game_and_a_forfeit() -> None:
    state = battle()
    state.forfeit(0, "gone")
    sample = assert_shows_the_same(state, 1)
    assert sample.outcome() == state.outcome()


def test_a_spectators_view_is_refused() -> None:
    with pytest.raises(BadInput, match="spectator"):
        determinize(view(battle(), None), Rng(1))


# ------------------------------------------------------------------ what is sampled


@pytest.mark.parametrize("distinct", [True, False])
def test_every_draft_the_rival_may_have_made_is_sampled_and_no_other(distinct: bool) -> None:
    """The rival's pick is hidden and nothing a seat sees narrows it: every one of the
    draft's options comes up, about equally often (within 5 binomial standard errors of
    uniform), and never anything else; the seat's own pick is kept."""
    state = TacticsState(9, TacticsOptions(distinct_minions=distinct))
    state.apply(PICK, 0)
    rival = TacticsState(9, TacticsOptions(distinct_minions=distinct))
    rival.apply(PICK, 1)
    seen = view(rival, 0)
    options = DATA.draft_options(distinct)
    samples = 40 * len(options)
    rng = Rng(2024)
    counts = Counter(determinize(seen, rng).drafts[1] for _ in range(samples))
    assert set(counts) == set(options)
    p = 1 / len(options)
    sigma = (p * (1 - p) / samples) ** 0.5
    assert all(abs(n / samples - p) <= 5 * sigma for n in counts.values())
    mine = view(state, 0)
    assert {determinize(mine, rng).drafts[0] for _ in range(50)} == {PICK}


def test_after_the_reveal_nothing_is_drawn_but_the_future() -> None:
    """From the reveal on the board is public: every sample is the same position, with a
    fresh random source each."""
    state = battle()
    seen = view(state, 1)
    rng = Rng(8)
    first, second = determinize(seen, rng), determinize(seen, rng)
    assert view(first, 0) == view(second, 0) == view(state, 0)
    assert rng_probe(first) != rng_probe(second)


# ------------------------------------------------------------------ seeds and honesty


def test_the_same_seed_gives_the_same_sample() -> None:
    state = TacticsState(5)
    state.apply(PICK, 1)
    seen = view(state, 0)
    assert fingerprint(determinize(seen, Rng(77))) == fingerprint(determinize(seen, Rng(77)))
    assert fingerprint(determinize(seen, Rng(77))) != fingerprint(determinize(seen, Rng(78)))


@pytest.mark.parametrize("seed", range(6))
def test_a_sample_never_depends_on_the_true_hidden_state(seed: int) -> None:
    """Two states that differ only in what seat 0 cannot see (the kit's scrambler: the
    rival's pick and the random source) give seat 0 the very same samples."""
    state = TacticsState(seed)
    state.apply(state.legal_actions(1)[seed * 17], 1)
    twin = scramble_hidden(state, 0, Rng(seed + 100))
    assert twin.drafts[1] != state.drafts[1] or rng_probe(twin) != rng_probe(state)
    one, other = determinize(view(state, 0), Rng(seed)), determinize(view(twin, 0), Rng(seed))
    assert fingerprint(one) == fingerprint(other)


@pytest.mark.parametrize("seed", range(8))
def test_samples_play_on_to_the_end(seed: int) -> None:
    """Samples taken in the draft and in the battle play random legal moves to the end."""
    state = TacticsState(seed)
    state.apply(state.legal_actions(1)[seed], 1)
    play_to_the_end(determinize(view(state, 0), Rng(seed)), seed)
    state.apply(state.legal_actions(0)[seed * 3], 0)
    pick = Rng(seed)
    for _ in range(seed * 4):
        if state.is_terminal():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[pick.below(len(legal), "test")], seat)
    if not state.is_terminal():
        play_to_the_end(determinize(view(state, state.to_move()[0]), Rng(seed)), seed)
