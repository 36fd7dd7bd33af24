"""The Aquawar browser board (src/sparring/games/aquawar/web/board.js) in headless chromium.

Frames come from a real engine: a match is played with seat 0 in the browser (a seeded
"person" clicking through the board) against the built-in greedy agent, and every reply
the board sends is read as the referee reads a bot's and applied to the engine, which
refuses anything illegal. Along the way the page must show what the view holds (HP, ATK
of own fish only, hidden identities as hidden, the score) and offer exactly the legal
choices: every one of them, nothing else.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from sparring.agents.catalog import make_agent
from sparring.core.registry import get_game
from sparring.games.aquawar.roster import FISH, MAX_HP, MIMIC
from sparring.games.aquawar.skilltext import skill_summary
from tests.web.boards_harness.harness import (
    LAPTOP,
    PHONE,
    BoardPage,
    board_folder,
)

SPEC = get_game("aquawar")
BOARD_JS = board_folder("aquawar") / "board.js"


def fish_name(fish_id: int) -> str:
    return FISH[fish_id].en


# --------------------------------------------------------------------- the module itself


def test_the_boards_fish_table_is_the_roster() -> None:
    """The board names fish for display only; its table must say what fish.json says."""
    source = BOARD_JS.read_text(encoding="utf-8")
    rows = re.findall(r'^\s+(\d+): \["([^"]+)", "([^"]+)", "([^"]+)"\],$', source, re.M)
    table = {int(i): (en, zh, skills) for i, en, zh, skills in rows}
    assert table == {f.id: (f.en, f.zh, skill_summary(f.id)) for f in FISH.values()}
    assert f"const FULL_HP = {MAX_HP};" in source


def test_the_board_holds_no_rules() -> None:
    """What may be chosen comes from LEGAL: the board never names a fish by id to decide
    anything, except the Mimic, whose copy the pick's LEGAL asks for (mimic_targets)."""
    source = BOARD_JS.read_text(encoding="utf-8")
    code = source.split("export function mount", 1)[1]
    assert re.findall(r"\b(?:fish|id|guess|actor)\s*===?\s*\d", code) == []
    assert "includes(12)" in code  # the Mimic's copy is asked for only when it is picked


# --------------------------------------------------------------------- in the browser


def new_match(seed: int) -> Any:
    return SPEC.new_game(seed, SPEC.options_from_json(None))


def labels(page: Any, selector: str) -> list[str]:
    return page.eval_on_selector_all(
        selector, "nodes => nodes.map(n => n.getAttribute('aria-label'))"
    )


def group_buttons(page: Any, group: str) -> list[str]:
    return [
        b.inner_text() for b in page.get_by_role("group", name=group).get_by_role("button").all()
    ]


def check_shown(page: Any, view: dict[str, Any], state: Any, seat: int) -> None:
    """The fish cards say what the view says: own fish with name, HP and ATK; enemy fish
    with HP, and a name only where the view names it (never the hidden truth)."""
    own = labels(page, ".team.own .fish")
    assert own == [
        f"Your fish {f['pos']}: {fish_name(f['fish'])}, HP {f['hp']} of 400, ATK {f['atk']}"
        + ("" if f["alive"] else ", out")
        for f in view["my_team"]
    ]
    enemy = page.locator(".team.other .fish").all()
    assert len(enemy) == len(view["enemy_team"])
    for card, fish in zip(enemy, view["enemy_team"], strict=True):
        name = "hidden" if fish["fish"] is None else fish_name(fish["fish"])
        label = f"Enemy fish {fish['pos']}: {name}, HP {fish['hp']} of 400"
        assert card.get_attribute("aria-label") == label + ("" if fish["alive"] else ", out")
        text = card.inner_text()
        assert "ATK ?" in text
        if fish["fish"] is None:
            truth = state.teams[1 - seat][fish["pos"]].kind
            assert fish_name(truth) not in text and "Hidden" in text
    score = page.get_by_label("Match score").inner_text()
    assert score == f"You {view['wins'][seat]} – {view['wins'][1 - seat]} Enemy"


def check_offers(page: Any, legal: Any, view: dict[str, Any]) -> None:
    """The decision panel offers every legal choice and nothing else."""
    if isinstance(legal, dict):  # the pick's compact form
        offered = page.locator(".fish-choice strong").all_inner_texts()
        assert offered == [fish_name(f) for f in legal["fish"]]
        return
    if view["phase"] == "assert":
        passes = [a for a in legal if a["type"] == "pass"]
        assert page.get_by_role("button", name="Pass", exact=True).count() == len(passes)
        wanted = Counter(a["pos"] for a in legal if a["type"] == "assert")
        for pos, count in wanted.items():
            page.get_by_role("button", name=f"Assert enemy fish {pos}").click()
            guesses = group_buttons(page, f"Guesses for enemy fish {pos}")
            assert guesses == [
                f"Guess {fish_name(a['guess'])}" for a in legal if a.get("pos") == pos
            ]
            assert len(guesses) == count
        assert page.get_by_role("button", name=re.compile("^Assert enemy fish")).count() == len(
            wanted
        )
        return
    by_actor = Counter(a["actor"] for a in legal)
    actors = page.get_by_role("button", name=re.compile(r"^Act with")).all_inner_texts()
    assert [int(re.search(r"#(\d)\)", t).group(1)) for t in actors] == list(by_actor)
    for actor, count in by_actor.items():
        page.get_by_role("button", name=re.compile(rf"^Act with .*\(#{actor}\)")).click()
        options = group_buttons(page, f"Choices of fish {actor}")
        assert len(options) == count
        attacks = [
            f"Attack enemy fish {a['target']}"
            for a in legal
            if a["actor"] == actor and a["type"] == "attack"
        ]
        assert [o for o in options if o.startswith("Attack")] == attacks


class Person:
    """Seat 0 clicking through the board, choosing at random among what it is offered;
    it picks the Mimic in round 1 and asserts now and then, so every kind of decision
    (pick, Mimic copy, pass, assertion, attack, skill) is made through the page."""

    def __init__(self, page: Any, seed: int) -> None:
        self.page = page
        self.rng = random.Random(seed)
        self.made: Counter[str] = Counter()

    def decide(self, legal: Any, view: dict[str, Any]) -> None:
        page = self.page
        if isinstance(legal, dict):
            choices = list(legal["fish"])
            team = self.rng.sample([f for f in choices if f != MIMIC], 3)
            if MIMIC in choices:
                team.insert(self.rng.randrange(4), MIMIC)
            else:
                team.append(self.rng.choice([f for f in choices if f not in team]))
            for fish in team:
                page.get_by_role("button", name=fish_name(fish), exact=True).click()
            if MIMIC in team:
                copy = self.rng.choice(legal["mimic_targets"])
                page.get_by_label("Fish the Mimic copies").select_option(str(copy))
                self.made["mimic"] += 1
            page.get_by_role("button", name="Confirm pick").click()
            self.made["pick"] += 1
        elif view["phase"] == "assert":
            targets = sorted({a["pos"] for a in legal if a["type"] == "assert"})
            if targets and self.rng.random() < 0.3:
                pos = self.rng.choice(targets)
                page.get_by_role("button", name=f"Assert enemy fish {pos}").click()
                guesses = page.get_by_role("group", name=f"Guesses for enemy fish {pos}")
                buttons = guesses.get_by_role("button").all()
                self.rng.choice(buttons).click()
                self.made["assert"] += 1
            else:
                page.get_by_role("button", name="Pass", exact=True).click()
                self.made["pass"] += 1
        else:
            actors = page.get_by_role("button", name=re.compile(r"^Act with")).all()
            self.rng.choice(actors).click()
            options = page.locator(".decision .options button").all()
            skills = [o for o in options if o.inner_text().startswith("Skill")]
            chosen = self.rng.choice(skills if skills and self.rng.random() < 0.5 else options)
            self.made["skill" if chosen.inner_text().startswith("Skill") else "attack"] += 1
            chosen.click()


def test_a_person_plays_a_whole_match_through_the_board(page: Any, base: str) -> None:
    """Every reply the board sends is one the engine accepts, at every kind of decision,
    until the match ends; the page shows the view at each (checked in full for the first
    decisions of each phase, as the menus are the largest there)."""
    state = new_match(11)
    board = BoardPage(page, base, SPEC, 0, state)
    enemy = make_agent(SPEC, "greedy", 1, 5)
    person = Person(page, 3)
    checked: Counter[str] = Counter()
    decisions = 0
    while not state.is_terminal():
        movers = state.to_move()
        if 0 in movers:
            sent = board.show(state)
            view, legal = sent["view"], sent["legal"]
            kind = "pick" if isinstance(legal, dict) else view["phase"]
            if kind != "pick":
                check_shown(page, view, state, 0)
            if checked[kind] < 3:
                check_offers(page, legal, view)
                checked[kind] += 1
            before = len(board.replies())
            person.decide(legal, view)
            assert len(board.replies()) == before + 1
            state.apply(board.last_action(state), 0)
            decisions += 1
        else:
            legal = state.legal_actions(1)
            state.apply(enemy.act(SPEC.view(state, 1), legal), 1)
    assert state.is_terminal() and state.outcome().reason.value == "rules"
    assert {"pick", "mimic", "pass", "assert", "attack", "skill"} <= set(person.made)
    final = board.show(state)
    winner = final["view"]["winner"]
    expected = "You win the match" if winner == 0 else "The enemy wins the match"
    assert page.get_by_role("status").inner_text() == expected
    assert len(page.locator(".rounds li").all()) == len(final["view"]["rounds"])
    assert page.locator(".decision").count() == 0  # nothing to choose once it is over


def play_until(state: Any, done: Any, seed: int = 1) -> None:
    agents = [make_agent(SPEC, "greedy", s, seed + s) for s in (0, 1)]
    while not done(state):
        seat = state.to_move()[0]
        state.apply(agents[seat].act(SPEC.view(state, seat), state.legal_actions(seat)), seat)


def test_a_spectator_sees_both_teams_hidden_and_no_choices(page: Any, base: str) -> None:
    state = new_match(4)
    play_until(state, lambda s: s.phase == "assert" and s.turn >= 4)
    board = BoardPage(page, base, SPEC, None, state)
    view = board.show(state)["view"]
    cards = labels(page, ".team .fish")
    expected = [
        f"Seat {seat} fish {f['pos']}: "
        f"{'hidden' if f['fish'] is None else fish_name(f['fish'])}, HP {f['hp']} of 400"
        + ("" if f["alive"] else ", out")
        for seat in (0, 1)
        for f in view["teams"][seat]
    ]
    assert cards == expected
    assert "hidden" in " ".join(cards)
    assert page.locator(".decision").count() == 0
    assert "ATK 1" not in page.inner_text("main")  # no fish's ATK reaches a spectator


def test_hp_changes_float_up_and_a_revealed_fish_flashes(page: Any, base: str) -> None:
    """The round's events animated: between two frames, a fish that lost HP shows the
    loss and a fish an assertion named is marked as newly revealed."""
    state = new_match(2)
    play_until(state, lambda s: s.phase == "assert" and s.to_move() == (0,))
    board = BoardPage(page, base, SPEC, 0, state)
    board.show(state)
    target = next(f for f in state.teams[1] if f.alive)
    pos = state.teams[1].index(target)
    before = [f.hp for f in state.teams[1]]
    from sparring.games.aquawar.actions import Assert

    state.apply(Assert(pos, target.kind), 0)  # a right guess: every living enemy loses 50
    board.show(state)
    card = page.locator(f'.team.other .fish[data-pos="{pos}"]')
    assert "revealed-now" in card.get_attribute("class")
    assert fish_name(target.kind) in card.inner_text()
    deltas = page.locator(".team.other .delta").all_inner_texts()
    assert deltas == [
        str(f.hp - hp) for f, hp in zip(state.teams[1], before, strict=True) if f.hp != hp
    ]
    assert deltas and all(d == "-50" for d in deltas)


def test_a_refused_reply_is_shown_and_the_choice_offered_again(page: Any, base: str) -> None:
    state = new_match(6)
    board = BoardPage(page, base, SPEC, 0, state)
    board.show(state)
    page.evaluate("window.nextAnswer = {ok: false, message: 'not your turn'}")
    for fish in (1, 2, 3, 4):
        page.get_by_role("button", name=fish_name(fish), exact=True).click()
    confirm = page.get_by_role("button", name="Confirm pick")
    confirm.click()
    assert page.get_by_role("alert").inner_text() == "not your turn"
    assert confirm.is_enabled()
    assert board.replies() == [{"action": {"type": "pick", "fish": [1, 2, 3, 4], "mimic": None}}]


def test_the_mimic_must_be_given_its_copy_before_the_pick_is_sent(page: Any, base: str) -> None:
    state = new_match(6)
    board = BoardPage(page, base, SPEC, 0, state)
    board.show(state)
    for fish in (MIMIC, 5, 7, 9):
        page.get_by_role("button", name=fish_name(fish), exact=True).click()
    confirm = page.get_by_role("button", name="Confirm pick")
    assert confirm.is_disabled()
    copies = page.get_by_label("Fish the Mimic copies").locator("option").all_inner_texts()
    assert copies[1:] == [fish_name(f) for f in FISH if f != MIMIC]
    page.get_by_label("Fish the Mimic copies").select_option(str(9))
    confirm.click()
    assert board.replies()[-1] == {"action": {"type": "pick", "fish": [12, 5, 7, 9], "mimic": 9}}
    state.apply(board.last_action(state), 0)
    assert state.picks[0].mimic == 9


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_board_fits_the_screen(browser: Any, base: str, viewport: dict[str, int]) -> None:
    """Laptop and phone widths: nothing wider than the screen, every control reachable."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    state = new_match(8)
    play_until(state, lambda s: s.phase == "action" and s.to_move() == (0,))
    board = BoardPage(page, base, SPEC, 0, state)
    board.show(state)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    for button in page.get_by_role("button").all():
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    context.close()


def test_frames_are_plain_json() -> None:
    """What the harness pushes is what the server sends: JSON text round-trips it."""
    from tests.web.boards_harness.harness import frame

    state = new_match(1)
    sent = frame(SPEC, state, 0, 1)
    assert json.loads(json.dumps(sent)) == sent
    assert sent["legal"]["type"] == "pick" and sent["legal_count"] == len(state.legal_actions(0))
