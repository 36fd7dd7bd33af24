"""The Warfish browser board (src/sparring/games/warfish/web/board.js) in headless chromium.

Frames come from the real engine. A person (seat 0, seeded random clicks) plays a whole
game on the small map against the built-in greedy agent through the board, making every
kind of decision the legal lists hold (setup, placement, trade, attack with each number of
dice, blitz, move-in, transfer, end of phase); every reply is read
as the referee reads a bot's and applied to the engine, which refuses anything illegal.
The page must draw the map from its coordinates (one-way borders as arrows), show owners,
units and fog as the view gives them, and offer exactly the legal choices.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from sparring.agents.catalog import make_agent
from sparring.core.registry import get_game
from sparring.games.warfish.actions import Attack
from sparring.games.warfish.maps import load_map
from tests.warfish.helpers import position, script_roll
from tests.web.boards_harness.harness import (
    LAPTOP,
    PHONE,
    BoardPage,
)

SPEC = get_game("warfish")


def new_game(seed: int, **options: Any) -> Any:
    return SPEC.new_game(seed, SPEC.options_from_json(options))


def options_of(page: Any, label: str) -> list[str]:
    """The values a select offers, the empty prompt left out."""
    values = (
        page.get_by_label(label, exact=True)
        .locator("option")
        .evaluate_all("nodes => nodes.map(n => n.value)")
    )
    return [v for v in values if v]


def territory_labels(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        "g.territory", "nodes => nodes.map(n => n.getAttribute('aria-label'))"
    )


def expected_label(view: dict[str, Any], t: int, seat: int | None) -> str:
    name, owner, units = view["map"]["territories"][t], view["owner"][t], view["units"][t]
    if owner is None:
        return f"{name}: fogged"
    who = "neutral" if owner < 0 else "yours" if owner == seat else f"Seat {owner}"
    return f"{name}: {who}, {units} unit{'' if units == 1 else 's'}"


# --------------------------------------------------------------------- the map


def test_the_map_is_drawn_from_its_coordinates_with_one_way_borders_as_arrows(
    page: Any, base: str
) -> None:
    state = new_game(3, map="cascade", players=3)
    board = BoardPage(page, base, SPEC, 0, state)
    view = board.show(state)["view"]
    drawn = load_map("cascade")
    places = page.eval_on_selector_all(
        "g.territory", "nodes => nodes.map(n => n.getAttribute('transform'))"
    )
    assert places == [f"translate({x},{y})" for x, y in drawn.static.coordinates]
    assert territory_labels(page) == [expected_label(view, t, 0) for t in range(drawn.size)]
    one_way = page.eval_on_selector_all(
        "line.one-way", "nodes => nodes.map(n => [+n.dataset.from, +n.dataset.to])"
    )
    expected = sorted(
        [a, b] for a in range(drawn.size) for b in drawn.adj[a] if a not in drawn.adj[b]
    )
    assert sorted(one_way) == expected and len(expected) == 5
    two_way = sum(1 for a in range(drawn.size) for b in drawn.adj[a] if a in drawn.adj[b]) // 2
    assert page.locator("line.border:not(.one-way)").count() == two_way
    assert page.locator("polygon.continent").count() == len(drawn.continents)


def test_the_classic_map_wraps_alaska_to_kamchatka_round_the_world(page: Any, base: str) -> None:
    state = new_game(3, map="classic", players=2)
    BoardPage(page, base, SPEC, 0, state).show(state)
    assert page.locator("line.wrap").count() == 2  # out of one side, in at the other
    assert page.locator("g.territory").count() == 42


def test_fog_is_shown_as_fog_and_nothing_behind_it(page: Any, base: str) -> None:
    state = new_game(5, map="classic", players=3, fog=True)
    agents = [make_agent(SPEC, "greedy", s, 5 + s) for s in range(3)]
    while state.phase == "setup" or state.to_move() != (0,):
        seat = state.to_move()[0]
        state.apply(agents[seat].act(SPEC.view(state, seat), state.legal_actions(seat)), seat)
    board = BoardPage(page, base, SPEC, 0, state)
    view = board.show(state)["view"]
    fogged = [t for t, owner in enumerate(view["owner"]) if owner is None]
    assert fogged  # the classic map with three players always hides some of it
    assert territory_labels(page) == [expected_label(view, t, 0) for t in range(42)]
    for t in fogged:
        node = page.locator(f'g.territory[data-t="{t}"]')
        assert "fog" in node.get_attribute("class")
        assert node.locator("text.units").text_content() == "?"
        # the true owner's colour is not painted under the fog
        assert node.locator("circle").get_attribute("fill") == "url(#wf-fog)"
    players = page.get_by_label("Players").locator("li").all_inner_texts()
    assert all("territor" not in p and "unit" not in p for p in players)  # totals hidden


# --------------------------------------------------------------------- the decisions


def check_offers(page: Any, legal: Any, view: dict[str, Any]) -> None:
    """Every legal choice is offered and nothing else."""
    if isinstance(legal, list):
        buttons = page.get_by_role("region", name="Trade cards").get_by_role("button")
        assert buttons.count() == len(legal)
        return
    kind = legal["type"]
    if kind == "place_menu":
        assert options_of(page, "Place on") == [str(t) for t, _ in legal["choices"]]
        for t, cap in legal["choices"][:3]:
            page.get_by_label("Place on", exact=True).select_option(str(t))
            units = page.get_by_label("Units to place", exact=True)
            assert (units.get_attribute("min"), units.get_attribute("max")) == ("1", str(cap))
    elif kind in ("attack_menu", "transfer_menu"):
        source, target = (
            ("Attack from", "Attack target")
            if kind == "attack_menu"
            else ("Transfer from", "Transfer to")
        )
        pairs: dict[int, list[int]] = {}
        for s, t, _ in legal["choices"]:
            pairs.setdefault(s, []).append(t)
        assert options_of(page, source) == [str(s) for s in pairs]
        for s, targets in list(pairs.items())[:3]:
            page.get_by_label(source, exact=True).select_option(str(s))
            assert options_of(page, target) == [str(t) for t in targets]
        s, t, most = legal["choices"][0]
        page.get_by_label(source, exact=True).select_option(str(s))
        page.get_by_label(target, exact=True).select_option(str(t))
        if kind == "attack_menu":
            rolls = page.get_by_role("button", name=re.compile(r"^Roll \d")).all_inner_texts()
            assert rolls == [f"Roll {d} {'die' if d == 1 else 'dice'}" for d in range(1, most + 1)]
            assert page.get_by_role("button", name="Blitz").count() == 1
        else:
            units = page.get_by_label("Units to transfer", exact=True)
            assert units.get_attribute("max") == str(most)
        stops = {"stop_attacking": "Stop attacking", "end_turn": "End turn"}
        for action in legal["also"]:
            assert page.get_by_role("button", name=stops[action["type"]]).count() == 1
    elif kind == "move_in_menu":
        units = page.get_by_label("Units to move in", exact=True)
        assert (units.get_attribute("min"), units.get_attribute("max")) == (
            str(legal["low"]),
            str(legal["high"]),
        )


class Person:
    """Seat 0 at the board: clicks the map to choose territories (falling back on the
    selects), types counts, and chooses at random among what is offered."""

    def __init__(self, page: Any, seed: int) -> None:
        self.page = page
        self.rng = random.Random(seed)
        self.made: Counter[str] = Counter()

    def click_territory(self, t: int) -> None:
        self.page.locator(f'g.territory.choosable[data-t="{t}"]').click()

    def decide(self, legal: Any) -> None:
        page, rng = self.page, self.rng
        if isinstance(legal, list):
            buttons = page.get_by_role("region", name="Trade cards").get_by_role("button").all()
            chosen = rng.choice(buttons)
            self.made["stop_trading" if chosen.inner_text() == "Stop trading" else "trade"] += 1
            chosen.click()
            return
        kind = legal["type"]
        if kind == "place_menu":
            t, cap = rng.choice(legal["choices"])
            self.click_territory(t)
            page.get_by_label("Units to place", exact=True).fill(str(rng.randint(1, cap)))
            page.get_by_role("button", name="Place", exact=True).click()
            self.made["place"] += 1
        elif kind == "attack_menu":
            if not legal["choices"] or rng.random() < 0.15:
                page.get_by_role("button", name="Stop attacking").click()
                self.made["stop_attacking"] += 1
                return
            s, t, most = rng.choice(legal["choices"])
            self.click_territory(s)
            self.click_territory(t)
            if rng.random() < 0.25:
                page.get_by_role("button", name="Blitz").click()
                self.made["blitz"] += 1
            else:
                dice = most if rng.random() < 0.5 else rng.randint(1, most)
                page.get_by_role(
                    "button", name=f"Roll {dice} {'die' if dice == 1 else 'dice'}"
                ).click()
                self.made[f"attack {dice}"] += 1
        elif kind == "move_in_menu":
            count = rng.randint(legal["low"], legal["high"])
            page.get_by_label("Units to move in", exact=True).fill(str(count))
            page.get_by_role("button", name="Move in", exact=True).click()
            self.made["move_in"] += 1
        elif kind == "transfer_menu":
            if legal["choices"] and rng.random() < 0.8:
                s, t, cap = rng.choice(legal["choices"])
                page.get_by_label("Transfer from", exact=True).select_option(str(s))
                page.get_by_label("Transfer to", exact=True).select_option(str(t))
                page.get_by_label("Units to transfer", exact=True).fill(str(rng.randint(1, cap)))
                page.get_by_role("button", name="Transfer", exact=True).click()
                self.made["transfer"] += 1
            else:
                page.get_by_role("button", name="End turn").click()
                self.made["end_turn"] += 1


def test_a_person_plays_a_whole_game_through_the_board(page: Any, base: str) -> None:
    """Every reply the board sends is one the engine accepts, at every kind of decision,
    until the game ends; the map shows the view at each decision."""
    state = new_game(17, map="triad", players=2, setup_placement="turns")
    board = BoardPage(page, base, SPEC, 0, state)
    enemy = make_agent(SPEC, "greedy", 1, 4)
    person = Person(page, 0)
    checked: Counter[str] = Counter()
    while not state.is_terminal():
        seat = state.to_move()[0]
        if seat == 1:
            state.apply(enemy.act(SPEC.view(state, 1), state.legal_actions(1)), 1)
            continue
        sent = board.show(state)
        view, legal = sent["view"], sent["legal"]
        assert territory_labels(page) == [expected_label(view, t, 0) for t in range(10)]
        kind = "list" if isinstance(legal, list) else legal["type"]
        if checked[kind] < 2:
            check_offers(page, legal, view)
            checked[kind] += 1
            board.show(state.clone())  # a fresh frame: the choice starts over
        before = len(board.replies())
        person.decide(legal)
        assert len(board.replies()) == before + 1, person.made
        state.apply(board.last_action(state), 0)
    made = set(person.made)
    every = {"place", "blitz", "move_in", "transfer", "end_turn", "stop_attacking", "trade"}
    assert every | {"stop_trading"} <= made, made
    assert {"attack 1", "attack 2", "attack 3"} <= made
    final = board.show(state)["view"]
    expected = "You win" if final["winner"] == 0 else "Seat 1 wins"
    assert page.get_by_role("status").inner_text() == expected
    assert page.locator(".decision").count() == 0


def test_trading_offers_each_set_in_hand_and_the_stop(page: Any, base: str) -> None:
    # cards 0, 1, 2 are the territory cards of one suit each: a set; 3 makes two sets
    state = position({}, map="triad", hands=[[0, 1, 2, 3]])
    assert state.phase == "trade"
    board = BoardPage(page, base, SPEC, 0, state)
    sent = board.show(state)
    legal = sent["legal"]
    names = state.map.names
    cards = page.get_by_label("Your cards").locator("li").all_inner_texts()
    assert cards == [f"{names[c]} ({state.map.static.suits[c]})" for c in (0, 1, 2, 3)]
    buttons = page.get_by_role("region", name="Trade cards").get_by_role("button")
    expected = [
        f"Trade {', '.join(f'{names[c]} ({state.map.static.suits[c]})' for c in a['cards'])}"
        if a["type"] == "trade"
        else "Stop trading"
        for a in legal
    ]
    assert buttons.all_inner_texts() == expected
    buttons.first.click()
    state.apply(board.last_action(state), 0)
    assert state.trades == 1 and len(state.hands[0]) == 1


def test_the_last_roll_shows_both_sides_dice(page: Any, base: str) -> None:
    state = position({"Crag": (0, 6), "Summit": (1, 3)}, map="triad")
    while state.phase == "place":
        state.apply(state.legal_actions(0)[-1], 0)
    script_roll(state, (6, 3, 2), (5, 4))
    state.apply(Attack(state.map.territory("Crag"), state.map.territory("Summit"), 3), 0)
    board = BoardPage(page, base, SPEC, 0, state)
    board.show(state)
    roll = page.get_by_role("region", name="Last roll")
    assert roll.get_by_label("Attacker rolled 6, 3, 2").count() == 1
    assert roll.get_by_label("Defender rolled 5, 4").count() == 1
    assert "attacker loses 1, defender loses 1" in roll.inner_text()


def test_a_spectator_sees_the_board_and_no_hand_or_choices(page: Any, base: str) -> None:
    state = new_game(9, map="triad", players=3)
    board = BoardPage(page, base, SPEC, None, state)
    view = board.show(state)["view"]
    assert territory_labels(page) == [expected_label(view, t, None) for t in range(10)]
    assert page.get_by_label("Your cards").count() == 0
    assert page.locator(".decision").count() == 0


def test_a_refused_reply_is_shown_and_the_choice_offered_again(page: Any, base: str) -> None:
    state = new_game(2, map="triad", players=2, setup_placement="turns")
    while 0 not in state.to_move():
        state.apply(state.legal_actions(1)[0], 1)
    board = BoardPage(page, base, SPEC, 0, state)
    board.show(state)
    page.evaluate("window.nextAnswer = {ok: false, message: 'the game is over'}")
    t = state.legal_actions(0)[0].territory
    page.get_by_label("Place on", exact=True).select_option(str(t))
    page.get_by_role("button", name="Place", exact=True).click()
    assert page.get_by_role("alert").inner_text() == "the game is over"
    assert page.get_by_role("button", name="Place", exact=True).is_enabled()
    assert board.replies() == [{"action": {"type": "place", "territory": t, "count": 1}}]


def test_a_count_out_of_range_is_not_sent(page: Any, base: str) -> None:
    state = position({"Crag": (0, 3), "Summit": (0, 2)}, map="triad")
    assert state.phase == "place"
    board = BoardPage(page, base, SPEC, 0, state)
    legal = board.show(state)["legal"]
    t, cap = legal["choices"][0]
    page.get_by_label("Place on", exact=True).select_option(str(t))
    page.get_by_label("Units to place", exact=True).fill(str(cap + 1))
    page.get_by_role("button", name="Place", exact=True).click()
    assert board.replies() == []
    assert (
        page.get_by_role("alert").inner_text() == f"Units to place: a whole number from 1 to {cap}"
    )


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_board_fits_the_screen(browser: Any, base: str, viewport: dict[str, int]) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    state = position(
        {"Alaska": (0, 5), "Alberta": (0, 4), "Ontario": (0, 3)}, map="classic", players=3
    )
    while state.phase != "attack":
        state.apply(state.legal_actions(0)[-1], 0)
    board = BoardPage(page, base, SPEC, 0, state)
    board.show(state)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    box = page.locator("svg.map").bounding_box()
    assert box is not None and box["width"] <= viewport["width"]
    for control in page.locator(".decision button, .decision select").all():
        b = control.bounding_box()
        assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= viewport["width"]
    context.close()
