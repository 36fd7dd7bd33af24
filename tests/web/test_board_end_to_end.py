"""The Aquawar and Warfish boards end to end: a real `sparring serve` process, real table
pages in headless chromium, people who see only the page and click.

- Two browser contexts, one per seat, play a whole Aquawar match against each other.
- A person plays Warfish against a built-in agent to the end.

The people here read nothing but the page: they choose among the controls the board
offers (seeded, so each run is the same game), which is the proof that the board's
offers are enough to play a whole game and that every reply it builds is accepted.
Fixtures `live_server` and `browser` come from tests/web/conftest.py.
"""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest

pytest.importorskip("sparring.web.app", reason="the web server is not installed")

from tests.web.boards_harness.harness import LAPTOP, PHONE

DEADLINE = 240  # seconds for one whole game through the browser on a loaded machine


def create_table(base: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict:
    response = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 200, response.text
    return dict(response.json())


def person(name: str) -> dict[str, Any]:
    return {"kind": "person", "name": name, "clock": "correspondence", "days": 1}


def open_seat(browser: Any, base: str, invitation: str, viewport: dict[str, int]) -> Any:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(base + invitation)
    return page


def ready(page: Any) -> bool:
    """Whether the page's board is waiting for this seat's choice."""
    return bool(
        page.locator(".decision button:enabled, .decision select:enabled").count()
        and page.get_by_role("alert").count() == 0
    )


def pick_one(rng: random.Random, locator: Any) -> Any:
    items = locator.all()
    assert items, "the board offered nothing to choose"
    return rng.choice(items)


class AquawarPerson:
    """Chooses among what the Aquawar board offers: four fish (and the Mimic's copy when
    asked), sometimes an assertion with a guess, else a pass; a fish and one of its
    attacks or skills."""

    def __init__(self, page: Any, seed: int) -> None:
        self.page, self.rng = page, random.Random(seed)

    def decide(self) -> None:
        page, rng = self.page, self.rng
        pick = page.get_by_role("region", name="Pick your team")
        if pick.count():
            for _ in range(4):
                pick_one(rng, pick.locator(".fish-choice:enabled[aria-pressed=false]")).click()
            copies = page.get_by_label("Fish the Mimic copies")
            if copies.count():
                values = [
                    v
                    for v in copies.locator("option").evaluate_all(
                        "nodes => nodes.map(n => n.value)"
                    )
                    if v
                ]
                copies.select_option(rng.choice(values))
            page.get_by_role("button", name="Confirm pick").click()
            return
        if page.get_by_role("region", name="Assertion").count():
            asserts = page.get_by_role("button", name="Assert enemy fish")
            if asserts.count() and rng.random() < 0.2:
                pick_one(rng, asserts).click()
                pick_one(rng, page.locator(".guesses button")).click()
            else:
                page.get_by_role("button", name="Pass", exact=True).click()
            return
        pick_one(rng, page.get_by_role("button", name="Act with")).click()
        pick_one(rng, page.locator(".decision .options button")).click()


class WarfishPerson:
    """Chooses among what the Warfish board offers, on the map and in its lists."""

    def __init__(self, page: Any, seed: int) -> None:
        self.page, self.rng = page, random.Random(seed)

    def choose(self, label: str) -> None:
        field = self.page.get_by_label(label, exact=True)
        values = [
            v for v in field.locator("option").evaluate_all("ns => ns.map(n => n.value)") if v
        ]
        field.select_option(self.rng.choice(values))

    def count(self, label: str) -> None:
        field = self.page.get_by_label(label, exact=True)
        low, high = int(field.get_attribute("min")), int(field.get_attribute("max"))
        field.fill(str(self.rng.randint(low, high)))

    def decide(self) -> None:
        page, rng = self.page, self.rng
        region = lambda name: page.get_by_role("region", name=name).count() > 0  # noqa: E731
        if region("Trade cards"):
            pick_one(rng, page.get_by_role("region", name="Trade cards").locator("button")).click()
        elif region("Place units"):
            pick_one(rng, page.locator("g.territory.choosable")).click()  # on the map
            self.count("Units to place")
            page.get_by_role("button", name="Place", exact=True).click()
        elif region("Attack"):
            if page.get_by_label("Attack from", exact=True).count() == 0 or rng.random() < 0.15:
                page.get_by_role("button", name="Stop attacking").click()
                return
            self.choose("Attack from")
            self.choose("Attack target")
            pick_one(
                rng, page.locator(".decision button.primary, .decision button:text('Blitz')")
            ).click()
        elif region("Move in"):
            self.count("Units to move in")
            page.get_by_role("button", name="Move in", exact=True).click()
        elif region("Transfer"):
            if page.get_by_label("Transfer from", exact=True).count() and rng.random() < 0.5:
                self.choose("Transfer from")
                self.choose("Transfer to")
                self.count("Units to transfer")
                page.get_by_role("button", name="Transfer", exact=True).click()
            else:
                page.get_by_role("button", name="End turn").click()
        else:
            raise AssertionError(f"no decision panel: {page.locator('.decision').inner_text()}")


def play_to_the_end(base: str, table: str, people: list[Any]) -> dict[str, Any]:
    """Let the people decide whenever their board asks, until the table is finished."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        moved = False
        for somebody in people:
            if ready(somebody.page):
                somebody.decide()
                moved = True
        if not moved:
            state = httpx.get(f"{base}/api/tables/{table}").json()
            if state["finished"]:
                return dict(state)
            people[0].page.wait_for_timeout(50)
    raise AssertionError("the game did not finish in time")


@pytest.mark.slow
@pytest.mark.timeout(DEADLINE + 60)
def test_two_people_play_a_whole_aquawar_match_in_two_browsers(
    live_server: str, browser: Any
) -> None:
    table = create_table(
        live_server,
        "aquawar",
        [person("Ada"), person("Bo")],
        seed=7,
        options={"turn_limit": 16},
    )
    pages = [
        open_seat(browser, live_server, table["seats"][0]["invitation"], LAPTOP),
        open_seat(browser, live_server, table["seats"][1]["invitation"], PHONE),
    ]
    people = [AquawarPerson(pages[0], 1), AquawarPerson(pages[1], 2)]
    final = play_to_the_end(live_server, table["table"], people)
    words = []
    for page in pages:
        status = page.locator(".aquawar-board .winner")
        status.wait_for()
        words.append(status.inner_text())
    assert sorted(words) == ["The enemy wins the match", "You win the match"]
    assert final["finished"]
    for page in pages:
        page.context.close()


@pytest.mark.slow
@pytest.mark.timeout(DEADLINE + 60)
def test_a_person_plays_warfish_against_a_built_in_agent_to_the_end(
    live_server: str, browser: Any
) -> None:
    table = create_table(
        live_server,
        "warfish",
        [person("Ada"), {"kind": "builtin", "agent": "greedy"}],
        seed=17,
        options={"map": "triad", "players": 2, "setup_placement": "turns"},
    )
    page = open_seat(browser, live_server, table["seats"][0]["invitation"], LAPTOP)
    final = play_to_the_end(live_server, table["table"], [WarfishPerson(page, 0)])
    status = page.locator(".warfish-board .winner")
    status.wait_for()
    assert status.inner_text() in ("You win", "greedy (built-in) wins")
    assert final["finished"]
    page.context.close()
