"""The boards' screenshots in docs/img/, taken in the harness at laptop and phone widths from
positions reached by the built-in agents (deterministic: fixed seeds).

    python -m tests.web.boards_harness.screenshots docs/img
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from sparring.agents.catalog import make_agent
from sparring.core.registry import get_game

from .harness import LAPTOP, PHONE, BoardPage, chromium, static_server


def play(spec: Any, state: Any, until: Any, seed: int) -> None:
    """Play the built-in greedy agents until `until(state)` holds."""
    agents = [make_agent(spec, "greedy", s, seed + s) for s in range(state.num_players)]
    while not until(state):
        seat = state.to_move()[0]
        state.apply(agents[seat].act(spec.view(state, seat), state.legal_actions(seat)), seat)


def aquawar(page: Any, base: str) -> None:
    """Round 2 under way, an assertion made earlier, seat 0 choosing its fish's action."""
    spec = get_game("aquawar")
    state = spec.new_game(5, spec.options_from_json(None))
    play(
        spec,
        state,
        lambda s: s.round == 2 and s.phase == "action" and s.to_move() == (0,) and s.turn >= 6,
        9,
    )
    board = BoardPage(page, base, spec, 0, state)
    board.show(state)
    page.get_by_role("button", name="Act with").first.click()


def warfish(page: Any, base: str) -> None:
    """The classic map, three players, seat 0 attacking, a source chosen."""
    spec = get_game("warfish")
    state = spec.new_game(5, spec.options_from_json({"map": "classic", "players": 3}))
    play(
        spec,
        state,
        lambda s: (
            s.round >= 4
            and s.phase == "attack"
            and s.to_move() == (0,)
            and any(e[0] == "wf_attack" for e in s.events[-20:])
        ),
        9,
    )
    board = BoardPage(page, base, spec, 0, state)
    legal = board.show(state)["legal"]
    source, target, _ = legal["choices"][0]
    page.locator(f'g.territory.choosable[data-t="{source}"]').click()
    page.locator(f'g.territory.choosable[data-t="{target}"]').click()


def tactics(page: Any, base: str) -> None:
    """Round 3 or later, an obstacle or a buff tile on the board, seat 0 choosing where
    its first unit with a move goes (the legal tiles highlighted)."""
    spec = get_game("tactics")
    state = spec.new_game(5, spec.options_from_json(None))
    play(
        spec,
        state,
        lambda s: (
            s.round >= 3
            and s.to_move() == (0,)
            and not s.deaths
            and bool(s.obstacles or s.tiles)
            and any(a.to_json()["type"] == "move" for a in s.legal_actions(0))
        ),
        9,
    )
    board = BoardPage(page, base, spec, 0, state)
    shown = board.show(state)
    shown["clocks"] = [  # as the server sends them: seat 0's 10 s decision clock running
        {"seat": 0, "mode": "live", "remaining": 7.5, "deadline": time.time() + 7.5},
        {"seat": 1, "mode": "bot", "remaining": None, "deadline": None},
    ]
    page.evaluate("f => window.pushFrame(f)", shown)
    mover = next(a["unit"] for a in shown["legal"] if a["type"] == "move")
    page.get_by_role("group", name="Units that may act").get_by_role("button").filter(
        has_text=mover
    ).click()
    page.get_by_role("button", name="Move", exact=True).click()


def foodchain(page: Any, base: str) -> None:
    """Mid-game, a Scavenge predator about to be played choosing what it will eat from its
    field and the carrion pile, two cards chosen: nothing is sent yet (Cancel offered)."""
    from sparring.games.foodchain.previews import previews
    from tests.web.test_board_foodchain import decider, open_board, reach

    def scavenge_preview(s: Any) -> bool:
        if s.pending is not None or s.turn < 6:
            return False
        shown = previews(s, s.active, s.legal_actions()).values()
        carrion = s.carrion[s.active]
        return any(
            p["kind"] == "eat" and any(c in carrion for o in p["options"] for c in o["cards"])
            for p in shown
        )

    state = reach(scavenge_preview)
    open_board(page, base, state, decider(state))
    legal = state.legal_actions()
    for index, shown in previews(state, state.active, legal).items():
        if any(c in state.carrion[state.active] for o in shown["options"] for c in o["cards"]):
            name = state.defs[legal[index].card].name
            page.get_by_role("button", name=f"Play {name}").click()
            break
    for toggle in page.locator(".decision .eat:enabled").all()[:2]:
        toggle.click()


def main(folder: str) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    with static_server() as base, chromium() as browser:
        for game, arrange in (
            ("aquawar", aquawar),
            ("warfish", warfish),
            ("tactics", tactics),
            ("foodchain", foodchain),
        ):
            for width, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
                context = browser.new_context(viewport=viewport)
                page = context.new_page()
                arrange(page, base)
                page.wait_for_timeout(400)
                page.screenshot(path=str(out / f"board-{game}-{width}.png"), full_page=True)
                context.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/img")
