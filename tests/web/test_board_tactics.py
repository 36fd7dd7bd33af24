"""The 5×5 Tactics browser board (src/sparring/games/tactics/web/board.js) in headless chromium.

Frames come from a real engine (`boards_harness`): a seeded person drafts and plays a whole
game as seat 0 through the board against the built-in greedy agent, and each reply the
board sends is read as the referee reads a bot's and applied to the engine, which refuses
anything illegal. At every step of a selection (unit, kind of action, tile, target, a
skill's choice) the tiles the board highlights must be exactly those some legal action
still allows. Positions built with `position.build` show the rest: the rival's draft kept
off the page, invisibility, SLOW actions prepared, the death choice and its clock.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from sparring.agents.catalog import make_agent
from sparring.core.registry import get_game
from sparring.games.tactics.actions import Attack, Draft
from sparring.games.tactics.data import DATA
from sparring.games.tactics.position import PendingDeath, Position, Team, UnitSetup, build
from tests.web.boards_harness.harness import (
    LAPTOP,
    PHONE,
    BoardPage,
    board_folder,
    frame,
)

SPEC = get_game("tactics")
BOARD_JS = board_folder("tactics") / "board.js"
KIND_BUTTONS = {
    "move": "Move",
    "attack": "Attack",
    "move_attack": "Move and attack",
    "skill": "Skill",
    "move_skill": "Move and skill",
}
SECOND = {"move_attack": ("tx", "ty"), "move_skill": ("sx", "sy")}


# --------------------------------------------------------------------- the module itself


def test_the_boards_skill_names_are_the_games_data() -> None:
    """The board names skills for display only; its table must say what data.toml says."""
    source = BOARD_JS.read_text(encoding="utf-8")
    table = dict(re.findall(r'^  (\w+): "([^"]+)",$', source, re.M))
    assert table == {skill: entry["name"] for skill, entry in DATA.skills.items()}


def test_the_board_holds_no_rules() -> None:
    """Where a unit may go or hit comes from LEGAL: the board measures no distance and
    reads no unit's move, range or ATK to decide anything (it only prints them)."""
    code = BOARD_JS.read_text(encoding="utf-8").split("export function mount", 1)[1]
    assert "Math.abs" not in code
    assert re.findall(r"\.(?:move|range|atk|effective_atk)\s*[<>=+-]", code) == []


# --------------------------------------------------------------------- in the browser


def tile(page: Any, x: int, y: int) -> Any:
    return page.locator(f'.tactics-board .tile[data-x="{x}"][data-y="{y}"]')


def highlighted(page: Any) -> set[tuple[int, int]]:
    """The tiles the board offers to click now."""
    found = page.eval_on_selector_all(
        ".tactics-board .tile.choosable:enabled", "ns => ns.map(n => [n.dataset.x, n.dataset.y])"
    )
    return {(int(x), int(y)) for x, y in found}


def buttons(page: Any, group: str) -> list[str]:
    return [
        b.inner_text() for b in page.get_by_role("group", name=group).get_by_role("button").all()
    ]


def unit_tile(view: dict[str, Any], uid: str) -> tuple[int, int]:
    unit = next(u for u in view["units"] if u["id"] == uid)
    return unit["x"], unit["y"]


def first_tile(action: dict[str, Any]) -> tuple[int, int]:
    return action["x"], action["y"]


def second_tile(action: dict[str, Any]) -> tuple[int, int]:
    fx, fy = SECOND[action["type"]]
    return action[fx], action[fy]


def select(page: Any, sent: dict[str, Any], chosen: dict[str, Any]) -> None:
    """Make the board send `chosen` (one of the frame's legal actions) by clicking, as a
    person does; at each step the highlighted tiles (or the offered kinds) must be exactly
    those the legal actions left allow."""
    legal, view = sent["legal"], sent["view"]
    units = {a["unit"] for a in legal}
    if len(units) > 1:
        assert highlighted(page) == {unit_tile(view, uid) for uid in units}
        tile(page, *unit_tile(view, chosen["unit"])).click()
    left = [a for a in legal if a["unit"] == chosen["unit"]]
    kinds = [k for k in KIND_BUTTONS if any(a["type"] == k for a in left)]
    passes = any(a["type"] == "end_turn" for a in left)
    assert (
        buttons(page, "Kind of action") == [KIND_BUTTONS[k] for k in kinds] + ["End turn"] * passes
    )
    if chosen["type"] == "end_turn":
        page.get_by_role("button", name="End turn", exact=True).click()
        return
    page.get_by_role("group", name="Kind of action").get_by_role(
        "button", name=KIND_BUTTONS[chosen["type"]], exact=True
    ).click()
    left = [a for a in left if a["type"] == chosen["type"]]
    assert highlighted(page) == {first_tile(a) for a in left}
    tile(page, *first_tile(chosen)).click()
    left = [a for a in left if first_tile(a) == first_tile(chosen)]
    if chosen["type"] in SECOND:
        assert highlighted(page) == {second_tile(a) for a in left}
        tile(page, *second_tile(chosen)).click()
        left = [a for a in left if second_tile(a) == second_tile(chosen)]
    if len(left) > 1:
        assert buttons(page, "Skill choice") == [f"Choose {a['choice']}" for a in left]
        page.get_by_role("button", name=f"Choose {chosen['choice']}").click()


def check_shown(page: Any, view: dict[str, Any]) -> None:
    """The grid shows what the view holds: every living unit on its tile with its HP,
    every obstacle with its HP, every buff tile with its buff and rounds."""
    assert page.locator(".tactics-board .grid .unit").count() == len(view["units"])
    for unit in view["units"]:
        label = tile(page, unit["x"], unit["y"]).get_attribute("aria-label")
        assert f"({unit['id']}), HP {unit['hp']} of {unit['max_hp']}" in label
        assert ("invisible" in label) == unit["invisible"]
    for ob in view["obstacles"]:
        assert f"obstacle, {ob['hp']} HP" in tile(page, ob["x"], ob["y"]).get_attribute(
            "aria-label"
        )
    for bt in view["tiles"]:
        label = tile(page, bt["x"], bt["y"]).get_attribute("aria-label")
        assert f"{bt['buff']} buff tile, {bt['rounds']} round" in label


def draft_through_the_board(page: Any, sent: dict[str, Any], rng: random.Random) -> None:
    """Pick a hero, a skill and two minions by clicking; each row offers exactly what the
    legal drafts allow after the picks before it."""
    legal = sent["legal"]
    steps = [
        ("Hero class", lambda a: a["hero"]),
        ("Skill", lambda a: DATA.skills[a["skill"]]["name"]),
        ("Minion 1 (left)", lambda a: a["minions"][0]),
        ("Minion 2 (right)", lambda a: a["minions"][1]),
    ]
    for label, part in steps:
        offered = buttons(page, label)
        assert offered == list(dict.fromkeys(part(a) for a in legal))
        choice = rng.choice(offered)
        page.get_by_role("group", name=label).get_by_role("button", name=choice, exact=True).click()
        legal = [a for a in legal if part(a) == choice]
    assert len(legal) == 1
    page.get_by_role("button", name="Confirm draft").click()


def test_a_person_plays_a_whole_game_through_the_board(base: str, page: Any) -> None:
    """Seat 0 drafts and plays a whole game by clicking: every kind of action (move,
    attack, move and attack, skill, move and skill, end turn) and the death choice, each
    reply accepted by the engine, with the legal tiles highlighted at every step."""
    state = SPEC.new_game(1, SPEC.options_from_json(None))
    greedy = make_agent(SPEC, "greedy", 1, 5)
    board = BoardPage(page, base, SPEC, 0, state)
    rng = random.Random(1)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    used: set[str] = set()
    while not state.is_terminal():
        if 0 not in state.to_move():
            state.apply(greedy.act(SPEC.view(state, 1), state.legal_actions(1)), 1)
            continue
        sent = board.show(state)
        before = len(board.replies())
        if state.phase == "draft":
            draft_through_the_board(page, sent, rng)
        elif sent["legal"][0]["type"] == "death_choice":
            check_shown(page, sent["view"])
            spawn = rng.choice(["obstacle", "buff_tile"])
            words = {"obstacle": "Leave an obstacle", "buff_tile": "Leave a buff tile"}[spawn]
            page.get_by_role("region", name="Death choice").get_by_role(
                "button", name=words
            ).click()
            used.add("death_choice")
        else:
            check_shown(page, sent["view"])
            fresh = [a for a in sent["legal"] if a["type"] not in used]
            chosen = rng.choice(fresh or sent["legal"])
            select(page, sent, chosen)
            assert board.last_action(state).to_json() == chosen
            used.add(chosen["type"])
        assert len(board.replies()) == before + 1, "one reply per decision"
        state.apply(board.last_action(state), 0)
    assert used >= {"move", "attack", "move_attack", "skill", "move_skill", "end_turn"}
    assert "death_choice" in used
    assert errors == []
    last = board.show(state)
    assert page.locator(".tactics-board .winner").inner_text() in (
        "You win",
        "The enemy wins",
        f"Draw: {last['view']['end_reason']}",
    )


def test_the_rivals_draft_stays_off_the_page(base: str, browser: Any) -> None:
    """Seat 0 drafts first: seat 1 and a spectator see only that it has drafted; seat 0
    sees its own pick. Nothing of the pick reaches the others' pages until the reveal."""
    state = SPEC.new_game(2, SPEC.options_from_json(None))
    state.apply(Draft("MAGE", "mage_wild_magic", ("ASSASSIN", "TANK")), 0)
    pages = {}
    for seat in (0, 1, None):
        context = browser.new_context(viewport=LAPTOP)
        pages[seat] = context.new_page()
        BoardPage(pages[seat], base, SPEC, seat, state).show(state)
    assert "Your draft: MAGE hero with Wild Magic, ASSASSIN then TANK" in pages[0].content()
    for seat in (1, None):
        html = pages[seat].content()
        assert "Wild Magic" not in html and "mage_wild_magic" not in html
        assert "MAGE hero" not in html
        assert pages[seat].locator(".drafted li[data-seat='0']").inner_text().endswith("drafted")
    assert pages[1].locator(".drafted li[data-seat='1']").inner_text() == "You: choosing…"
    assert pages[None].get_by_role("region", name="Your draft choices").count() == 0
    for each in pages.values():
        each.context.close()


def test_an_invisible_enemy_is_shown_as_the_view_has_it_and_is_never_a_target(
    base: str, page: Any
) -> None:
    """The view keeps an invisible unit's tile public (ruling in docs/games/tactics.md,
    'Invisibility'): the board marks it invisible and never highlights it as a target,
    while a visible enemy on the same line is one."""
    state = build(
        Position(
            teams=(
                Team("huntress_spirit_hawk", ("TANK", "ARCHER")),
                Team("rogue_smoke_bomb", ("ASSASSIN", "ARCHER")),
            ),
            units={
                "p2_hero": UnitSetup(x=4, y=2, invisible=True),
                "p2_minion_2": UnitSetup(x=4, y=3),
            },
        )
    )
    board = BoardPage(page, base, SPEC, 0, state)
    sent = board.show(state)
    label = tile(page, 4, 2).get_attribute("aria-label")
    assert "enemy ROGUE hero (p2_hero)" in label and "invisible" in label
    assert page.locator(".tactics-board .unit.invisible").count() == 1
    tile(page, 4, 0).click()
    page.get_by_role("button", name="Attack", exact=True).click()
    assert highlighted(page) == {(4, 3)}
    tile(page, 4, 3).click()
    assert board.last_action(state) == Attack("p1_minion_2", 4, 3)
    assert all((a.get("x"), a.get("y")) != (4, 2) for a in sent["legal"] if a["type"] == "attack")


def test_prepared_slow_actions_are_shown_with_their_tile(base: str, page: Any) -> None:
    """A SLOW unit's prepared action is on its card and marks the tile it is aimed at."""
    state = build(
        Position(
            teams=(
                Team("warrior_endure", ("TANK", "ARCHER")),
                Team("mage_wild_magic", ("TANK", "ARCHER")),
            ),
            units={
                "p1_minion_2": UnitSetup(
                    buffs={"SLOW": 1}, prepared=[Attack("p1_minion_2", 4, 3)], acted=1
                )
            },
            seat=1,
        )
    )
    BoardPage(page, base, SPEC, 1, state).show(state)
    card = page.locator('.tactics-board .units li[data-unit="p1_minion_2"]').inner_text()
    assert "SLOW 1 round" in card and "prepared: attack 4,3" in card
    aimed = tile(page, 4, 3)
    assert "aimed at by enemy ARCHER (p1_minion_2)'s prepared action" in aimed.get_attribute(
        "aria-label"
    )
    assert "aimed" in aimed.get_attribute("class")


def show_with_clock(board: BoardPage, state: Any, seconds: float) -> dict[str, Any]:
    """Push `state`'s frame with the clock the server would send: the seat to move due in
    `seconds`."""
    board.seq += 1
    sent = frame(SPEC, state, board.seat, board.seq)
    now = time.time()
    sent["clocks"] = [
        {
            "seat": seat,
            "mode": "live",
            "remaining": seconds if seat in sent["to_move"] else None,
            "deadline": now + seconds if seat in sent["to_move"] else None,
        }
        for seat in (0, 1)
    ]
    board.page.evaluate("f => window.pushFrame(f)", sent)
    return sent


def clock_seconds(page: Any, name: str) -> float:
    text = page.get_by_role("timer", name=name).inner_text()
    return float(re.search(r"([\d.]+) s$", text).group(1))


def test_the_death_choice_shows_its_5_second_clock_and_sends_the_spawn(
    base: str, page: Any
) -> None:
    state = build(
        Position(
            teams=(
                Team("warrior_endure", ("TANK", "ARCHER")),
                Team("mage_wild_magic", ("TANK", "ARCHER")),
            ),
            units={"p1_minion_1": UnitSetup(dead=True), "p2_hero": UnitSetup(acted=1)},
            deaths=[PendingDeath("p1_minion_1", 0, 0)],
            seat=1,
            actor="p2_hero",
        )
    )
    assert state.to_move() == (0,)
    board = BoardPage(page, base, SPEC, 0, state)
    seconds = SPEC.clock(state, 0, SPEC.referee.decision_seconds)
    assert seconds == 5
    show_with_clock(board, state, seconds)
    first = clock_seconds(page, "Death choice clock (you)")
    assert 0 < first <= 5
    page.wait_for_timeout(700)
    assert clock_seconds(page, "Death choice clock (you)") < first
    region = page.get_by_role("region", name="Death choice")
    assert "fell at 0,0" in region.inner_text()
    assert "p1_minion_1 fell here: a death choice for you" in tile(page, 0, 0).get_attribute(
        "aria-label"
    )
    assert [b.inner_text() for b in region.get_by_role("button").all()] == [
        "Leave an obstacle",
        "Leave a buff tile",
    ]
    region.get_by_role("button", name="Leave a buff tile").click()
    state.apply(board.last_action(state), 0)
    assert list(state.tiles) == [(0, 0)]


def test_the_decision_clock_is_shown_and_runs(base: str, page: Any) -> None:
    state = build(
        Position(
            teams=(
                Team("warrior_endure", ("TANK", "ARCHER")),
                Team("mage_wild_magic", ("TANK", "ARCHER")),
            )
        )
    )
    board = BoardPage(page, base, SPEC, 0, state)
    show_with_clock(board, state, SPEC.referee.decision_seconds)
    first = clock_seconds(page, "Decision clock (you)")
    assert 9 < first <= 10
    page.wait_for_timeout(700)
    assert clock_seconds(page, "Decision clock (you)") < first


def test_a_spectator_sees_the_board_and_no_choices(base: str, page: Any) -> None:
    state = build(
        Position(
            teams=(
                Team("warrior_endure", ("TANK", "ARCHER")),
                Team("mage_wild_magic", ("TANK", "ARCHER")),
            )
        )
    )
    sent = BoardPage(page, base, SPEC, None, state).show(state)
    check_shown(page, sent["view"])
    assert highlighted(page) == set()
    assert page.get_by_role("region", name="Your move").count() == 0


def test_a_refused_reply_is_shown_and_the_choice_offered_again(base: str, page: Any) -> None:
    state = build(
        Position(
            teams=(
                Team("warrior_endure", ("TANK", "ARCHER")),
                Team("mage_wild_magic", ("TANK", "ARCHER")),
            )
        )
    )
    board = BoardPage(page, base, SPEC, 0, state)
    board.show(state)
    page.evaluate("window.nextAnswer = {ok: false, message: 'refused for the test'}")
    tile(page, 2, 0).click()
    page.get_by_role("button", name="End turn", exact=True).click()
    assert page.get_by_role("alert").inner_text() == "refused for the test"
    assert page.get_by_role("button", name="Back").is_enabled()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_board_fits_the_screen(base: str, browser: Any, viewport: dict[str, int]) -> None:
    state = build(
        Position(
            teams=(
                Team("warrior_endure", ("TANK", "ARCHER")),
                Team("mage_wild_magic", ("TANK", "ARCHER")),
            )
        )
    )
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    BoardPage(page, base, SPEC, 0, state).show(state)
    tile(page, 2, 0).click()
    page.get_by_role("button", name="Move", exact=True).click()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    for control in page.locator(".tactics-board button:enabled").all():
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    context.close()
