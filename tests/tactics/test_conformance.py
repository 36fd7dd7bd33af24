"""5×5 Tactics's own conformance facts: the kit runs the game's hooks
(`sparring.games.tactics.conformance`) over random games in tests/test_every_game.py; here,
the hidden draft shown to stay hidden until both seats have picked."""

from __future__ import annotations

from sparring.games.tactics.spec import SPEC
from sparring.games.tactics.state import TacticsState


def test_the_rival_draft_stays_hidden_until_both_have_picked() -> None:
    state = TacticsState(5)
    pick = state.legal_actions(1)[7]
    state.apply(pick, 1)
    seen_by_0 = SPEC.view(state, 0)
    assert seen_by_0.drafted == [False, True]
    assert "my_draft" not in seen_by_0.to_json() and pick.hero not in str(seen_by_0.log)
    assert SPEC.view(state, 1).my_draft == pick
    state.apply(state.legal_actions(0)[0], 0)
    assert any(e["kind"] == "draft_reveal" and e["seat"] == 1 for e in SPEC.view(state, 0).log)
