"""The Food Chain board end to end: a real `sparring serve` process, a real table page in
headless chromium, a person who sees only the page and clicks, against the built-in
random agent.

The person plays a whole game and, on the way, every selection of rules §14 at least once:
a predator eating from its field, a Scavenge predator eating from the carrion pile, a
spell's target, a "choose one" modal, a play cancelled before it was confirmed — a prey's
play, a predator on its eat panel and a spell on its target panel (the server stored no
decision for any of them: our ruling on §14, docs/games/foodchain.md, "Cancelling a
selection") — and an attack (attacker, then target). Their deck (a legal Reptiles deck
with two Scavenge predators, the modal Sunbathing and targeted spells) and the seeds make
each of them come up; the test asserts each did. Afterwards the stored match is replayed
as the rival's seat: at every moment the page was read, no card of the rival's hand that
the person was not shown was in the page.
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

from sparring.games.foodchain.web.catalog import POOL_JSON
from tests.web.boards_harness.harness import LAPTOP

DEADLINE = 220  # seconds for one whole game through the browser on a loaded machine
#: The person's deck: 11 prey, 5 predators (Komodo Dragon and Nile Monitor scavenge), the
#: modal Sunbathing, and Quicksand, Shed Skin and Sun-warmed Revival, which ask targets.
DECK = [
    "Green Anole",
    "Leopard Gecko",
    "Thorny Devil",
    "Gila Monster",
    "Eastern Box Turtle",
    "Slow Worm",
    "Marine Iguana",
    "Common Basilisk",
    "Blue-tongued Skink",
    "Common Garter Snake",
    "Frilled Lizard",
    "Komodo Dragon",
    "Nile Monitor",
    "Saltwater Crocodile",
    "Green Anaconda",
    "King Cobra",
    "Sunbathing",
    "Quicksand",
    "Shed Skin",
    "Sun-warmed Revival",
]
SELECTIONS = {
    "eat",
    "scavenge",
    "target",
    "modal",
    "cancel",
    "cancel on the eat panel",
    "cancel on the target panel",
    "attack",
}
#: The panels of a play not yet sent, by the selection cancelled on them.
PANELS = {
    "cancel on the eat panel": "Choose what to eat",
    "cancel on the target panel": "Choose a target",
}


class FoodChainPerson:
    """Chooses among what the Food Chain board offers, reading nothing but the page: in a
    modal, one option; eating, every card it may (carrion first) — or nothing, now and then;
    a target and its confirmation; an attacker and one of its targets; a card to play
    (Scavenge predators and "choose one" cards first); the first time each, a play, a meal
    and a spell's target is chosen and then cancelled before confirming (the server must
    have stored nothing); else the end of the phase. It notes each kind of selection it
    made, and the page as it was at each decision."""

    def __init__(self, page: Any, seed: int, base: str = "", table: str = "") -> None:
        self.page, self.rng = page, random.Random(seed)
        self.base, self.table = base, table
        self.made: set[str] = set()
        self.seen: list[tuple[int, str, str]] = []

    def stored(self) -> int:
        """The decisions the server has stored for the table."""
        return int(httpx.get(f"{self.base}/api/tables/{self.table}").json()["decisions"])

    def cancel_first(self, panel: Any, kind: str) -> bool:
        """The first time a `kind` panel of a play not yet sent comes up, choose something
        on it and cancel: the server stores nothing and the card is back in hand."""
        cancel = panel.get_by_role("button", name="Cancel", exact=True)
        if kind in self.made or not cancel.count():
            return False
        before = self.stored()
        cards = len(self.page.get_by_label("Your hand").locator("article").all())
        panel.locator(".choices button:enabled").first.click()
        cancel.click()
        assert self.page.get_by_role("region", name=PANELS[kind]).count() == 0
        assert self.stored() == before
        assert len(self.page.get_by_label("Your hand").locator("article").all()) == cards
        self.made.add(kind)
        return True

    def ready(self) -> bool:
        page = self.page
        return bool(
            page.locator(".decision button:enabled, .modal button:enabled").count()
            and page.get_by_role("alert").count() == 0
        )

    def decide(self) -> None:
        page, rng = self.page, self.rng
        board = page.locator(".foodchain-board")
        self.seen.append(
            (int(board.get_attribute("data-seq") or -1), board.inner_html(), board.inner_text())
        )
        modal = page.get_by_role("dialog", name="Choose one")
        if modal.count():
            rng.choice(modal.get_by_role("button").all()).click()
            self.made.add("modal")
            return
        eat = page.get_by_role("region", name="Choose what to eat")
        if eat.count():
            if not self.cancel_first(eat, "cancel on the eat panel"):
                self.eat(eat)
            return
        target = page.get_by_role("region", name="Choose a target")
        if target.count():
            if self.cancel_first(target, "cancel on the target panel"):
                return
            rng.choice(
                target.get_by_role("group", name="Targets").get_by_role("button").all()
            ).click()
            target.get_by_role("button", name="Confirm target").click()
            self.made.add("target")
            return
        order = page.get_by_role("region", name="Choose what resolves first")
        if order.count():
            rng.choice(order.get_by_role("button").all()).click()
            return
        self.free_choice()

    def eat(self, panel: Any) -> None:
        if self.rng.random() < 0.15:
            panel.get_by_role("button", name="Confirm: eat nothing (dry drop)").click()
            return
        eaten = 0
        for group, kind in (
            ("Carrion cards to eat", "scavenge"),
            ("Creatures on your field to eat", "eat"),
        ):
            while eaten < 3:
                offered = panel.get_by_role("group", name=group).locator(
                    "button:enabled[aria-pressed=false]"
                )
                if not offered.count():
                    break
                offered.first.click()
                eaten += 1
                self.made.add(kind)
        panel.get_by_role("button", name=re.compile("^Confirm")).click()

    def preferred_play(self) -> Any:
        """A play button by what the page shows: a predator when the field has something
        to eat (a Scavenge one when the carrion pile has cards), a spell, else a prey — the
        spells after the prey until one has opened its target panel."""
        page = self.page
        mine = page.get_by_label("Your side")
        food = mine.locator("article.creature").count()
        carrion = int(mine.locator(".pile summary").first.inner_text().split(":")[1])
        ranked: list[tuple[int, Any]] = []
        for card in page.get_by_label("Your hand").locator("article").all():
            play = card.get_by_role("button", name=re.compile("^Play "))
            if not play.count():
                continue
            text = card.inner_text()
            if "Choose one" in text:
                rank = -1
            elif "predator" in (card.get_attribute("class") or ""):
                rank = 0 if "Scavenge" in text and carrion else 1 if food else 9
            elif "spell" in (card.get_attribute("class") or ""):
                # Kept until one opens its target panel (two targets or more), cancelled there.
                rank = 0 if "cancel on the target panel" in self.made else 4
            else:
                rank = 3
            ranked.append((rank, play))
        ranked.sort(key=lambda pair: pair[0])
        return ranked[0][1] if ranked and ranked[0][0] < 9 else None

    def spell_with_targets(self) -> bool:
        """Whether a spell in hand opens its target panel when clicked (left open if so);
        each one that does not is cancelled on its plain confirmation panel (nothing sent)."""
        page = self.page
        for card in (
            page.get_by_label("Your hand").locator("article.spell, article.free_spell").all()
        ):
            play = card.get_by_role("button", name=re.compile("^Play "))
            if not play.count():
                continue
            play.click()
            if page.get_by_role("region", name="Choose a target").count():
                return True
            page.get_by_role("button", name="Cancel", exact=True).click()
        return False

    def free_choice(self) -> None:
        page, rng = self.page, self.rng
        attackers = page.get_by_role("button", name=re.compile("^Attack with "))
        if attackers.count() and ("attack" not in self.made or rng.random() < 0.5):
            rng.choice(attackers.all()).click()
            direct = page.get_by_role("button", name="Attack the rival directly")
            targets = page.get_by_role("button", name=re.compile("^Attack (?!with)"))
            rng.choice((direct if direct.count() and rng.random() < 0.3 else targets).all()).click()
            self.made.add("attack")
            return
        if "cancel on the target panel" not in self.made and self.spell_with_targets():
            return  # its target panel is open: cancelled there next
        plays = page.get_by_role("button", name=re.compile("^Play "))
        if plays.count():
            chosen = self.preferred_play() or rng.choice(plays.all())
            chosen.click()
            confirm = page.get_by_role("button", name="Confirm play")
            if not confirm.count():
                return  # its meal or target is chosen first, on the panel now open
            if "cancel" not in self.made:
                before = self.stored()
                page.get_by_role("button", name="Cancel", exact=True).click()
                assert confirm.count() == 0 and self.stored() == before
                self.made.add("cancel")
                chosen.click()
            confirm.click()
            return
        page.get_by_role("button", name=re.compile("^End ")).click()


def play_to_the_end(base: str, table: str, person: FoodChainPerson) -> dict[str, Any]:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        if person.ready():
            person.decide()
            continue
        state = httpx.get(f"{base}/api/tables/{table}").json()
        if state["finished"]:
            return dict(state)
        person.page.wait_for_timeout(50)
    raise AssertionError("the game did not finish in time")


def hidden_cards(base: str, match: int) -> dict[int, set[int]]:
    """By frame number: the cards in the rival's hand the person's view did not show."""
    mine = httpx.get(f"{base}/api/replays/{match}", params={"seat": 0}).json()["frames"]
    theirs = httpx.get(f"{base}/api/replays/{match}", params={"seat": 1}).json()["frames"]
    hidden: dict[int, set[int]] = {}
    for own, rival in zip(mine, theirs, strict=True):
        assert own["seq"] == rival["seq"]
        known = {c["card"] for c in own["view"].get("rival_known_hand", [])}
        hidden[own["seq"]] = {c["card"] for c in rival["view"]["hand"]} - known
    return hidden


@pytest.mark.slow
@pytest.mark.timeout(DEADLINE + 60)
def test_a_person_plays_food_chain_against_a_built_in_agent_using_every_selection(
    live_server: str, browser: Any
) -> None:
    response = httpx.post(
        f"{live_server}/api/tables",
        json={
            "game": "foodchain",
            "seed": 1,
            "options": {"deck0": DECK, "deck1": "mammals-herd", "first_player": 0},
            "seats": [
                {"kind": "person", "name": "Ada", "clock": "correspondence", "days": 1},
                {"kind": "builtin", "agent": "random"},
            ],
        },
    )
    assert response.status_code == 200, response.text
    table = response.json()
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.goto(live_server + table["seats"][0]["invitation"])
    person = FoodChainPerson(page, 5, live_server, table["table"])
    final = play_to_the_end(live_server, table["table"], person)
    assert final["finished"]
    status = page.locator(".foodchain-board .winner")
    status.wait_for()
    assert re.match(r"(You win|The rival wins|Draw): ", status.inner_text())
    assert person.made == SELECTIONS, SELECTIONS - person.made
    (match,) = httpx.get(f"{live_server}/api/matches", params={"game": "foodchain"}).json()
    hidden = hidden_cards(live_server, match["match"])
    assert person.seen
    for seq, html, text in person.seen:
        for card in hidden[seq]:
            assert f'data-card="{card}"' not in html
            assert not re.search(rf"#{card}\b", text), (seq, card)
    context.close()


def test_the_server_checks_options_as_creating_a_table_would(live_server: str) -> None:
    """`POST /api/games/<game>/options`: the engine's own deck rules, through the server."""
    url = f"{live_server}/api/games/foodchain/options"
    legal = httpx.post(url, json={"deck0": DECK})
    assert legal.status_code == 200
    assert legal.json()["options"]["deck0"] == DECK
    broken = httpx.post(url, json={"deck0": DECK[:19]})
    assert broken.status_code == 400
    assert "deck size: a deck has exactly 20 cards, this one has 19" in broken.json()["error"]
    games = {g["name"]: g for g in httpx.get(f"{live_server}/api/games").json()}
    assert games["foodchain"]["page"] == "/boards/foodchain/page.html"
    assert games["aquawar"]["page"] is None


@pytest.mark.slow
@pytest.mark.timeout(DEADLINE)
def test_a_deck_built_in_the_browser_is_checked_saved_and_played(
    live_server: str, browser: Any
) -> None:
    pool = json.loads(POOL_JSON.read_text(encoding="utf-8"))
    reptiles = next(k for k in pool["kingdoms"] if k["name"] == "Reptiles")["cards"]
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.goto(live_server + "/")
    page.get_by_label("Game").select_option("foodchain")
    page.get_by_role("link", name="Food Chain: the game's own page").click()
    page.wait_for_selector("body[data-ready=true]")
    # The card browser: a kingdom's every card, with the engine's text.
    page.get_by_label("Kingdom").select_option("Reptiles")
    cards = page.get_by_role("list", name="Cards").get_by_role("listitem")
    assert cards.count() == len(reptiles)
    for card in reptiles[:5]:
        assert card["text"] in cards.filter(has_text=card["name"]).first.inner_text()
    # The deck builder: the engine's verdict on 19 cards, on 20, on a second kingdom.
    for name in DECK[:19]:
        page.get_by_role("button", name=f"Add {name} to the deck").click()
    page.get_by_role("button", name="Check deck").click()
    assert "this one has 19" in page.get_by_role("alert").inner_text()
    page.get_by_role("button", name=f"Add {DECK[19]} to the deck").click()
    page.get_by_role("button", name="Check deck").click()
    assert page.get_by_role("status").inner_text() == "A legal deck."
    page.get_by_label("Kingdom").select_option("Mammals")
    page.get_by_role("button", name="Add Honey Badger to the deck").click()
    page.get_by_role("button", name="Save deck").click()
    assert "one kingdom" in page.get_by_role("alert").inner_text()
    assert page.get_by_role("button", name="Play with Scales").count() == 0
    page.get_by_role("button", name="Take Honey Badger out").click()
    page.get_by_label("Deck name").fill("Scales")
    page.get_by_role("button", name="Save deck").click()
    # Saved (once the engine said yes) in this browser: still there after a reload, and
    # offered for a new table.
    page.get_by_role("button", name="Play with Scales").wait_for()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    page.get_by_label("Opponent").select_option("random")
    page.get_by_role("button", name="Play with Scales").click()
    page.wait_for_url("**/table/**")
    hand = page.get_by_label("Your hand").locator("article")
    hand.first.wait_for()
    names = [n.split(" #")[0] for n in hand.locator("strong.name").all_inner_texts()]
    assert names and set(names) <= set(DECK)
    context.close()
