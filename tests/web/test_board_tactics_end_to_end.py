"""The 5×5 Tactics board end to end: a real `sparring serve` process, a real table page in
headless chromium, a person who sees only the page and clicks, against the built-in greedy
agent, on the live clock of the rules text (10 s a decision, 5 s a death choice, 60 s the
draft).

The person drafts, moves, uses the hero's skill and makes a death choice through the
board, and once lets the decision clock run out: ruling A7 (the rules text §2.3: a
time-out costs the hero 1 HP) must take exactly 1 HP off the hero in the very next frame
and in the stored match, and the game must go on to its end. Every frame the page
received is kept (Playwright's websocket events), so the test can also show that the
rival's draft never reached the page before the reveal.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import httpx
import pytest

pytest.importorskip("sparring.web.app", reason="the web server is not installed")

from sparring.arena.store import Store
from sparring.core.replay import OK, Decision, parse_written_replay, verify_replay
from sparring.core.verdicts import TLE
from sparring.games.tactics.data import DATA
from tests.web.boards_harness.harness import LAPTOP

DEADLINE = 200  # seconds for the whole game through the browser on a loaded machine
HERO = "p1_hero"  # seat 0's hero
TIMEOUT = {"kind": "timeout", "seat": 0}


def create_table(base: str) -> dict[str, Any]:
    seats = [
        {"kind": "person", "name": "Ada", "clock": "live"},
        {"kind": "builtin", "agent": "greedy"},
    ]
    response = httpx.post(f"{base}/api/tables", json={"game": "tactics", "seats": seats, "seed": 4})
    assert response.status_code == 200, response.text
    return dict(response.json())


class Person:
    """Chooses among what the board offers, seeded: a draft row by row; a unit, a kind of
    action (a skill or a move first, until each was made once), a highlighted tile, a
    target; a death choice. Records what it did."""

    def __init__(self, page: Any, seed: int) -> None:
        self.page, self.rng = page, random.Random(seed)
        self.done: list[str] = []

    def ready(self) -> bool:
        page = self.page
        return bool(
            page.locator(".tactics-board .decision button:enabled").count()
            and page.get_by_role("alert").count() == 0
        )

    def pick(self, locator: Any) -> str:
        items = locator.all()
        assert items, "the board offered nothing to choose"
        item = self.rng.choice(items)
        text = str(item.inner_text())
        item.click()
        return text

    def decide(self) -> None:
        page = self.page
        if page.get_by_role("region", name="Your draft choices").count():
            for row in ("Hero class", "Skill", "Minion 1 (left)", "Minion 2 (right)"):
                self.pick(page.get_by_role("group", name=row).get_by_role("button"))
            page.get_by_role("button", name="Confirm draft").click()
            self.done.append("draft")
            return
        death = page.get_by_role("region", name="Death choice")
        if death.count():
            self.done.append(self.pick(death.get_by_role("button")))
            return
        units = page.get_by_role("group", name="Units that may act")
        if units.count():
            self.pick(units.locator("button:enabled"))
        kinds = page.get_by_role("group", name="Kind of action")
        offered = [k.inner_text() for k in kinds.get_by_role("button").all()]
        skilled = {"Skill", "Move and skill"} & set(self.done)
        wanted = [k for k in ("Skill", "Move and skill") if k in offered and not skilled]
        if not wanted and "Move" in offered and "Move" not in self.done:
            wanted = ["Move"]
        kind = wanted[0] if wanted else self.rng.choice(offered)
        kinds.get_by_role("button", name=kind, exact=True).click()
        self.done.append(kind)
        steps = page.get_by_role("group", name=re.compile("^(Tiles|Targets)$"))
        tiles = page.locator(".tactics-board .tile.choosable:enabled")
        while steps.count() and tiles.count():
            self.pick(tiles)
        choices = page.locator('.tactics-board [aria-label="Skill choice"] button:enabled')
        if choices.count():
            self.pick(choices)


def let_the_clock_run_out(page: Any, frames: list[dict[str, Any]]) -> None:
    """Click nothing until a frame tells of seat 0's time-out (the live clock is 10 s)."""
    left = float(page.get_by_role("timer", name="Decision clock (you)").inner_text().split()[-2])
    assert 0 <= left <= DATA.decision_seconds
    until = time.monotonic() + 3 * DATA.decision_seconds
    while not any(TIMEOUT in f.get("view", {}).get("log", []) for f in frames):
        assert time.monotonic() < until, "the live clock did not run out"
        page.wait_for_timeout(200)


def hero_hp(frame: dict[str, Any]) -> int:
    return next(u["hp"] for u in frame["view"]["units"] if u["id"] == HERO)


@pytest.mark.slow
@pytest.mark.timeout(DEADLINE + 60)
def test_a_person_plays_tactics_against_greedy_and_a_time_out_costs_the_hero_1_hp(
    live_server: str, store_url: str, browser: Any
) -> None:
    table = create_table(live_server)
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    frames: list[dict[str, Any]] = []

    def listen(socket: Any) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", listen)
    page.goto(live_server + table["seats"][0]["invitation"])
    person = Person(page, 5)

    # The draft: the rival (greedy) drafts at once; its pick is not on the page.
    page.locator(".tactics-board .drafted li[data-seat='1']").filter(has_text="drafted").wait_for()
    before_pick = page.content()

    deadline = time.monotonic() + DEADLINE
    timed_out = False
    while time.monotonic() < deadline:
        if person.ready():
            battle = page.get_by_role("region", name="Your move").count() > 0
            if battle and not timed_out and "Move" in person.done:
                let_the_clock_run_out(page, frames)
                timed_out = True
            else:
                person.decide()
            continue
        if httpx.get(f"{live_server}/api/tables/{table['table']}").json()["finished"]:
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the game did not finish in time")

    page.locator(".tactics-board .winner").wait_for()  # the last frame reached the page
    shown = [f for f in frames if f.get("type") == "frame"]
    last = shown[-1]
    assert last["finished"]
    assert page.locator(".tactics-board .winner").inner_text() in (
        "You win",
        "The enemy wins",
        f"Draw: {last['view']['end_reason']}",
    )
    # The person moved, used the skill and made a death choice, all through the board.
    assert "Move" in person.done
    assert "Skill" in person.done or "Move and skill" in person.done
    assert {"Leave an obstacle", "Leave a buff tile"} & set(person.done)

    # The time-out: the frame after it shows the hero 1 HP lower, and the game went on.
    timeout_at = next(i for i, f in enumerate(shown) if TIMEOUT in f["view"]["log"])
    after, waiting = shown[timeout_at], shown[timeout_at - 1]
    assert 0 in waiting["to_move"] and waiting["legal"] is not None
    assert after["seq"] == waiting["seq"] + 1
    assert hero_hp(after) == hero_hp(waiting) - 1
    assert any(f["legal"] is not None for f in shown[timeout_at + 1 :]), "the game went on"

    # The stored match says the same: that decision is seat 0's TLE, and it took 1 HP off
    # the hero when the match is re-simulated from the stored replay.
    with Store(store_url) as store:
        record = store.get(last["result"]["match"])
    number = after["seq"] - 1  # the decision the time-out was (a frame's seq is one more)
    assert {"seat": 0, "verdict": TLE} in [
        {"seat": v["seat"], "verdict": v["verdict"]}
        for v in record.verdicts
        if v["decision"] == number
    ]
    hp_after: list[int] = []  # the hero's HP after each decision (0: fallen)
    made: set[str] = set()  # the kinds of seat 0's accepted actions

    def after_decision(state: Any, decision: Decision) -> None:
        hp_after.append(next((u.hp for u in state.units if u.id == HERO), 0))
        if decision.seat == 0 and decision.verdict == OK and decision.action is not None:
            made.add(decision.action["type"])

    assert record.replay is not None
    assert verify_replay(parse_written_replay(record.replay), after_decision).ok
    assert hp_after[number - 2] - hp_after[number - 1] == 1
    assert {"draft", "move", "death_choice"} <= made and {"skill", "move_skill"} & made

    # Nothing hidden reached the page: the rival's draft, before the reveal.
    revealed_at = next(i for i, f in enumerate(shown) if f["view"]["phase"] != "draft")
    reveal = {
        e["seat"]: e["skill"]
        for e in shown[revealed_at]["view"]["log"]
        if e["kind"] == "draft_reveal"
    }
    assert reveal[0] != reveal[1], "the seeds give two different skills to tell apart"
    for early in shown[:revealed_at]:  # their views and logs (LEGAL lists every draft)
        assert reveal[1] not in json.dumps([early["view"], early["log"]])
    assert DATA.skills[reveal[1]]["name"] not in before_pick
    assert reveal[1] not in before_pick
    context.close()
