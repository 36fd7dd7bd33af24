"""The Liar's Dice browser board (src/sparring/games/liarsdice/web/board.js) in headless
chromium.

Frames come from a real engine (`boards_harness`): a seeded person plays a whole game as
seat 0 through the board against two built-in greedy agents, and each reply the board
sends is read as the referee reads a bot's and applied to the engine, which refuses
anything illegal. At every decision the quantities offered are exactly those some listed
bid names, the faces offered for a quantity exactly those listed with it, and the calls
exactly the listed ones. Positions with hands of their own (`LiarsDiceState.at_table`)
show the rest: the rivals' dice kept off the page until a call reveals them, the spectator,
a refusal, the screen widths.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from sparring.agents.catalog import make_agent
from sparring.core.registry import get_game
from sparring.games.liarsdice.actions import Bid, Challenge, say_bid
from sparring.games.liarsdice.options import LiarsDiceOptions
from sparring.games.liarsdice.state import LiarsDiceState
from tests.web.boards_harness.harness import (
    LAPTOP,
    PHONE,
    BoardPage,
    board_folder,
    frame,
    hello,
    static_server,
)

SPEC = get_game("liarsdice")
BOARD_JS = board_folder("liarsdice") / "board.js"
#: The page's HTML but the decision panel, whose bid buttons draw every face they offer.
WITHOUT_THE_BID_BUTTONS = """() => {
  const copy = document.documentElement.cloneNode(true);
  copy.querySelectorAll(".decision").forEach((n) => n.remove());
  return copy.outerHTML;
}"""
CALL_BUTTONS = {"challenge": "Challenge (liar!)", "spot_on": "Spot on"}


# --------------------------------------------------------------------- the module itself


def test_the_board_holds_no_rules() -> None:
    """Which bids may be made comes from LEGAL: the board never compares a quantity or a
    face to decide anything, and knows nothing of wild ones (it only filters and sorts)."""
    code = BOARD_JS.read_text(encoding="utf-8").split("export function mount", 1)[1]
    assert re.findall(r"\.(?:quantity|face)\s*(?:[<>]|[+*/]|-\s*\d)", code) == []
    assert "wild" not in code.lower()


# --------------------------------------------------------------------- in the browser


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with static_server() as url:
        yield url


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=LAPTOP)
    yield context.new_page()
    context.close()


def position(hands: list[list[int]], opener: int = 0, **options: Any) -> LiarsDiceState:
    """A game whose first round is dealt `hands` (one per seat) and opened by `opener`."""
    rules = LiarsDiceOptions(players=len(hands), dice=max(map(len, hands)), **options)
    state = LiarsDiceState.at_table(7, rules)
    state.start_round(opener, hands)
    return state


def shown_faces(page: Any, where: str) -> list[int]:
    """The die faces drawn inside `where` (a CSS selector), in page order."""
    found = page.eval_on_selector_all(
        f"{where} .die[data-face]", "ns => ns.map(n => n.dataset.face)"
    )
    return [int(face) for face in found]


def offered(page: Any, group: str) -> list[str]:
    region = page.get_by_role("region", name="Your move")
    return [
        b.get_attribute("aria-label") or b.inner_text()
        for b in region.get_by_role("group", name=group).get_by_role("button").all()
    ]


def quantities(page: Any) -> list[int]:
    options = page.get_by_label("Quantity").locator("option").all()
    return [int(option.get_attribute("value")) for option in options]


def check_shown(page: Any, view: dict[str, Any], seat: int) -> None:
    """The seats show what the view holds: every seat's dice count, the seat's own faces,
    no other seat's faces; the current bid and its bidder."""
    for other, count in enumerate(view["dice"]):
        label = page.locator(f".seats li[data-seat='{other}']").get_attribute("aria-label")
        counted = "out" if count == 0 else f"{count} {'die' if count == 1 else 'dice'}"
        assert counted in label
    assert shown_faces(page, ".seats") == view["my_dice"]
    assert shown_faces(page, f".seats li[data-seat='{seat}']") == view["my_dice"]
    current = page.get_by_role("status", name="Current bid").inner_text()
    if view["bids"]:
        last = view["bids"][-1]
        who = f"Seat {last['seat']}" + (" (you)" if last["seat"] == seat else "")
        assert current == f"Current bid: {say_bid(last['quantity'], last['face'])}, by {who}"
    else:
        assert current == "No bid yet this round"


def choose(page: Any, legal: list[dict[str, Any]], chosen: dict[str, Any]) -> None:
    """Make the board send `chosen` (one of `legal`) by clicking, as a person does; the
    quantities, the faces and the calls offered must be exactly what LEGAL lists."""
    bids = [a for a in legal if a["type"] == "bid"]
    calls = [CALL_BUTTONS[a["type"]] for a in legal if a["type"] != "bid"]
    region = page.get_by_role("region", name="Your move")
    assert (offered(page, "Call") if calls else []) == calls
    assert quantities(page) == sorted({b["quantity"] for b in bids})
    if chosen["type"] != "bid":
        region.get_by_role("button", name=CALL_BUTTONS[chosen["type"]], exact=True).click()
        return
    page.get_by_label("Quantity").select_option(str(chosen["quantity"]))
    listed = sorted(b["face"] for b in bids if b["quantity"] == chosen["quantity"])
    assert offered(page, "Bid") == [f"Bid {say_bid(chosen['quantity'], f)}" for f in listed]
    words = f"Bid {say_bid(chosen['quantity'], chosen['face'])}"
    region.get_by_role("button", name=words, exact=True).click()


def pick(rng: random.Random, legal: list[dict[str, Any]], used: set[str]) -> dict[str, Any]:
    """A seeded person: a call now and then (each kind once early), else one of the four
    lowest bids."""
    calls = [a for a in legal if a["type"] != "bid"]
    fresh = [a for a in calls if a["type"] not in used]
    if fresh and rng.random() < 0.6:
        return rng.choice(fresh)
    if calls and rng.random() < 0.3:
        return rng.choice(calls)
    bids = [a for a in legal if a["type"] == "bid"]
    return rng.choice(bids[:4])


def test_a_person_plays_a_whole_game_through_the_board(base: str, page: Any) -> None:
    """Seat 0 plays a whole three-player game (spot on played, ones bid converted) against
    two greedy agents by clicking: bids, challenges and spot-on calls, each the intended
    action and each taken by the engine; the seats, the current bid and the calls match the
    view and LEGAL at every decision; the end names the winner."""
    options = SPEC.options_from_json(
        {"players": 3, "dice": 3, "spot_on": True, "ones_bids": "converted"}
    )
    state = SPEC.new_game(4, options)
    agents = {seat: make_agent(SPEC, "greedy", seat, seat) for seat in (1, 2)}
    board = BoardPage(page, base, SPEC, 0, state)
    rng = random.Random(3)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    used: set[str] = set()
    offered_ones = False
    while not state.is_terminal():
        mover = state.to_move()[0]
        if mover != 0:
            state.apply(
                agents[mover].act(SPEC.view(state, mover), state.legal_actions(mover)), mover
            )
            continue
        sent = board.show(state)
        check_shown(page, sent["view"], 0)
        offered_ones |= any(a["type"] == "bid" and a["face"] == 1 for a in sent["legal"])
        chosen = pick(rng, sent["legal"], used)
        before = len(board.replies())
        choose(page, sent["legal"], chosen)
        assert len(board.replies()) == before + 1, "one reply per decision"
        action = board.last_action(state)
        assert action.to_json() == chosen
        used.add(chosen["type"])
        state.apply(action, 0)
    assert used == {"bid", "challenge", "spot_on"}
    assert offered_ones
    last = board.show(state)
    assert errors == []
    winner = last["view"]["winner"]
    expected = "You win" if winner == 0 else f"Seat {winner} wins"
    assert page.locator(".liarsdice-board .winner").inner_text() == expected
    assert page.get_by_role("region", name="Your move").count() == 0


def test_the_rivals_dice_stay_off_the_page_until_the_reveal(base: str, browser: Any) -> None:
    """Seat 0 holds 2 2 3, the rivals 6 6 6 and 5 5 5: before the call neither seat 0's page
    nor a spectator's holds a five or a six (the views have none); seat 0 bids 2 twos by
    clicking, seat 1 challenges, and then the reveal shows every hand, the count (2: ones
    are wild and nobody rolled one) and the challenger's lost die (marked "−1" once, on the
    frame that brings it), while the new round's rival dice stay hidden again."""
    state = position([[2, 2, 3], [6, 6, 6], [5, 5, 5]])
    pages: dict[int | None, Any] = {}
    boards: dict[int | None, BoardPage] = {}
    for seat in (0, None):
        pages[seat] = browser.new_context(viewport=LAPTOP).new_page()
        boards[seat] = BoardPage(pages[seat], base, SPEC, seat, state)
        boards[seat].show(state)
    for each in pages.values():
        html = each.evaluate(WITHOUT_THE_BID_BUTTONS)
        assert "⚅" not in html and "⚄" not in html
        assert 'data-face="6"' not in html and 'data-face="5"' not in html
        assert each.get_by_role("region", name=re.compile("revealed")).count() == 0
    assert shown_faces(pages[0], ".seats") == [2, 2, 3]
    assert shown_faces(pages[None], ".liarsdice-board") == []
    ours = pages[0].locator(".seats li[data-seat='0']").get_attribute("aria-label")
    assert ours == "Seat 0 (you): 3 dice: 2 2 3, to move, opened the round"
    assert pages[0].locator(".seats li[data-seat='1']").get_attribute("aria-label") == (
        "Seat 1: 3 dice"
    )

    pages[0].get_by_label("Quantity").select_option("2")
    pages[0].get_by_role("button", name="Bid 2 twos", exact=True).click()
    assert boards[0].last_action(state) == Bid(2, 2)
    state.apply(Bid(2, 2), 0)
    state.apply(Challenge(), 1)
    for seat, each in pages.items():
        boards[seat].show(state)
        reveal = each.get_by_role("region", name="Round 1 revealed")
        assert "Seat 1 challenged Seat 0" in reveal.inner_text()
        assert "there were 2. A die lost by Seat 1." in reveal.inner_text()
        assert shown_faces(each, ".reveal") == [2, 2, 3, 6, 6, 6, 5, 5, 5]
        assert shown_faces(each, ".seats") == (state.hands[0] if seat == 0 else [])
        events = each.get_by_role("list", name="Recent events").inner_text()
        assert "2 dice count as twos" in events
    loser = pages[0].locator(".seats li[data-seat='1']")
    assert loser.get_attribute("aria-label").startswith("Seat 1: 2 dice")
    assert [d.inner_text() for d in pages[0].locator(".seats .delta").all()] == ["−1"]
    assert loser.locator(".delta").count() == 1
    assert pages[0].locator(".reveal.fresh").count() == 1
    boards[0].show(state)  # the same position again: nothing new to mark
    assert pages[0].locator(".delta, .reveal.fresh").count() == 0
    for each in pages.values():
        each.context.close()


def test_a_spectator_sees_the_table_and_no_choices(base: str, page: Any) -> None:
    state = position([[2, 4], [3, 5], [1, 6]])
    state.apply(Bid(2, 4), 0)
    BoardPage(page, base, SPEC, None, state).show(state)
    assert page.get_by_role("region", name="Your move").count() == 0
    assert page.locator(".liarsdice-board button").count() == 0
    assert shown_faces(page, ".liarsdice-board") == []
    assert page.get_by_role("status", name="Current bid").inner_text() == (
        "Current bid: 2 fours, by Seat 0"
    )
    assert page.locator(".turn").inner_text() == "Seat 1 to move"


def test_the_tables_names_are_on_the_cards_and_sentences_keep_seat_numbers(
    base: str, page: Any
) -> None:
    """Three seats of one built-in agent share a name: each card shows it under its seat
    number, and the bids and events say "Seat 2", never the shared name alone."""
    state = position([[2, 4], [3, 5], [1, 6]])
    state.apply(Bid(1, 4), 0)
    state.apply(Bid(2, 4), 1)
    greeting = hello(SPEC, 2, 3, state.options)
    greeting["seat_names"] = ["ada", "greedy (built-in)", "greedy (built-in)"]
    page.goto(f"{base}/harness/index.html")
    page.wait_for_function("typeof window.startBoard === 'function'")
    page.evaluate("h => window.startBoard(h)", greeting)
    page.evaluate("f => window.pushFrame(f)", frame(SPEC, state, 2, 1))
    cards = [c.inner_text().split("\n")[:2] for c in page.locator(".seats li").all()]
    assert cards == [
        ["Seat 0", "ada"],
        ["Seat 1", "greedy (built-in)"],
        ["Seat 2 (you)", "greedy (built-in)"],
    ]
    assert page.get_by_role("status", name="Current bid").inner_text() == (
        "Current bid: 2 fours, by Seat 1"
    )
    assert "Seat 1 bids 2 fours" in page.get_by_role("list", name="Recent events").inner_text()


def test_only_the_listed_calls_are_offered(base: str, page: Any) -> None:
    """The round's opening bid offers no call; after a bid, Challenge, and Spot on only
    when the option is played."""
    for spot_on, calls in (
        (False, ["Challenge (liar!)"]),
        (True, ["Challenge (liar!)", "Spot on"]),
    ):
        state = position([[2, 4], [3, 5]], spot_on=spot_on)
        opening = BoardPage(page, base, SPEC, 0, state)
        opening.show(state)
        assert page.get_by_role("group", name="Call").count() == 0
        state.apply(Bid(1, 3), 0)
        BoardPage(page, base, SPEC, 1, state).show(state)
        assert offered(page, "Call") == calls


def test_a_refused_reply_is_shown_and_the_choice_offered_again(base: str, page: Any) -> None:
    state = position([[2, 4], [3, 5]])
    board = BoardPage(page, base, SPEC, 0, state)
    board.show(state)
    page.evaluate("window.nextAnswer = {ok: false, message: 'refused for the test'}")
    page.get_by_role("button", name="Bid 1 three", exact=True).click()
    assert page.get_by_role("alert").inner_text() == "refused for the test"
    assert page.get_by_role("button", name="Bid 1 three", exact=True).is_enabled()


def test_the_decision_clock_is_shown_and_runs(base: str, page: Any) -> None:
    """The frame's clock of the seat to move counts down, named for whose it is."""
    state = position([[2, 4], [3, 5]])
    board = BoardPage(page, base, SPEC, 1, state)
    sent = frame(SPEC, state, 1, 1)
    seconds = SPEC.referee.decision_seconds
    sent["clocks"] = [
        {"seat": 0, "mode": "live", "remaining": seconds, "deadline": time.time() + seconds},
        {"seat": 1, "mode": "live", "remaining": None, "deadline": None},
    ]
    board.page.evaluate("f => window.pushFrame(f)", sent)
    clock = page.get_by_role("timer", name="Decision clock (Seat 0)")
    first = float(re.search(r"([\d.]+) s$", clock.inner_text()).group(1))
    assert seconds - 1 < first <= seconds
    page.wait_for_timeout(700)
    assert float(re.search(r"([\d.]+) s$", clock.inner_text()).group(1)) < first


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_board_fits_the_screen(base: str, browser: Any, viewport: dict[str, int]) -> None:
    """The largest table (six players of ten dice) with a long bidding history."""
    hands = [sorted((seat + i) % 6 + 1 for i in range(10)) for seat in range(6)]
    state = position(hands)
    for turn in range(12):
        state.apply(state.legal_actions(turn % 6)[1], turn % 6)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    BoardPage(page, base, SPEC, 0, state).show(state)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    for control in page.locator(".liarsdice-board button:enabled, select").all():
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    context.close()
