"""Games where a time-out is not fatal (5×5 Tactics, ruling A7): the referee charges the
game's price, keeps the bot process running, and never takes its late reply for the answer
to a later decision — whether or not the bot names the decision it answers. A late thought
finishes on the next decision's clock (the bot is frozen in between, as always)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sparring.core.events import event_json
from sparring.core.registry import get_game
from sparring.core.replay import read_replay, verify_replay
from sparring.games.tactics.spec import decision_clock
from sparring.games.tactics.state import TacticsState

from .test_referee import FirstLegal, play, survivors

TACTICS = get_game("tactics")
SECONDS = 1.0
# Over the deadline by less than a whole clock: the bot is frozen at the deadline and
# finishes its late thought on the next decision's clock, which must still suffice.
LATE = SECONDS + 0.3


@pytest.mark.parametrize(("seat", "echo"), [(0, True), (1, False)])
def test_a_tactics_time_out_costs_one_hero_hp_and_the_bot_plays_on(
    tmp_path: Path, seat: int, echo: bool
) -> None:
    # Decision 1 is the draft; decision 2 is the bot's first activation, answered late.
    args = ["2", str(LATE)] + (["echo"] if echo else [])
    played = play(
        tmp_path, "late.py", *args, seat=seat, spec=TACTICS, seconds=SECONDS, opponent=FirstLegal()
    )
    outcome = played.outcome
    assert [(v.seat, v.verdict, v.decision) for v in outcome.verdicts] == [(seat, "TLE", 3 + seat)]
    state = outcome.state
    assert state.is_terminal()
    events = [event_json(e) for e in state.events]
    hero = f"p{seat + 1}_hero"
    penalties = [e for e in events if e["kind"] == "hurt" and e["cause"] == "timeout"]
    assert penalties == [{"kind": "hurt", "unit": hero, "amount": 1, "hp": 4, "cause": "timeout"}]
    # The bot kept deciding after its time-out, each reply taken for the decision it was
    # asked (the late one was discarded, or the next answers would be one behind and illegal).
    assert outcome.decisions[seat] > 4
    assert not any(e["kind"] == "forfeit" for e in events)
    report = verify_replay(read_replay(played.replay))
    assert report.ok, report.problems
    assert report.state.winner == state.winner
    assert not survivors(played.tag)


def test_a_tactics_death_choice_gets_half_the_clock_and_the_draft_six_times() -> None:
    state = TacticsState(3)
    assert decision_clock(state, 0, 10.0) == 60.0
    from sparring.games.tactics.actions import Draft

    state.apply(Draft("WARRIOR", "warrior_endure", ("TANK", "ARCHER")), 0)
    state.apply(Draft("MAGE", "mage_wild_magic", ("ASSASSIN", "TANK")), 1)
    assert decision_clock(state, 0, 10.0) == 10.0
    state.deaths.append(("p2_minion_1", 0, 4, 1))
    assert decision_clock(state, 1, 10.0) == 5.0
    assert TACTICS.clock(state, 1, 2.0) == 1.0


def test_a_draft_time_out_draws_the_draft_at_random_and_keeps_it_hidden() -> None:
    state = TacticsState(5)
    state.timeout(0)
    assert state.drafts[0] is not None and state.drafts[1] is None
    assert state.phase == "draft"
    kinds = [event_json(e)["kind"] for e in state.events]
    assert kinds == ["timeout", "drafted", "draft_pick"]
    assert "my_draft" not in TACTICS.view(state, 1).to_json()
